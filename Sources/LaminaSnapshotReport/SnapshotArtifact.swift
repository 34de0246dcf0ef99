import Foundation

/// One snapshot written to an artifacts folder: a failed comparison (a reference, the new image
/// and their difference) or a newly recorded reference, with the test it came from.
///
/// Each lives in a folder of its own under `<SNAPSHOT_ARTIFACTS>/LaminaSnapshotTesting/`, named
/// `<process id>-<n>` (failures) or `recorded-<process id>-<n>`, so processes running tests in
/// parallel never write the same folder. The folder holds `snapshot.json` (this record) and the
/// PNG files it names.
public struct SnapshotArtifact: Codable, Sendable, Equatable {
    /// What happened to the snapshot.
    public enum Kind: String, Codable, Sendable {
        /// The new image does not match the reference.
        case failure
        /// There was no reference, and the new image was written as one.
        case recorded
        /// There was no reference, and recording was off.
        case missing
    }

    public var kind: Kind
    /// The test's name (`Suite/test()` for Swift Testing, `Suite.test` for XCTest), when known.
    public var test: String?
    /// The file of the test or of the failing assertion, when known.
    public var file: String?
    /// Its line.
    public var line: Int?
    /// The failure message.
    public var message: String
    /// Pixels that differ, of `pixelCount` (nil when the sizes differ).
    public var differingPixels: Int?
    public var pixelCount: Int?
    /// The largest difference in one colour component, 0...255.
    public var maximumComponentDifference: Int?
    /// The largest ΔE*94 (CIE 1994, in Lab) between a reference pixel and the new one.
    public var maximumDeltaE: Double?
    /// Where the reference lives, when known (a recorded snapshot's path).
    public var referencePath: String?
    /// When it was written, in seconds since 1970.
    public var time: Double

    public init(kind: Kind, test: String? = nil, file: String? = nil, line: Int? = nil, message: String,
                differingPixels: Int? = nil, pixelCount: Int? = nil, maximumComponentDifference: Int? = nil,
                maximumDeltaE: Double? = nil, referencePath: String? = nil,
                time: Double = Date().timeIntervalSince1970) {
        self.kind = kind
        self.test = test
        self.file = file
        self.line = line
        self.message = message
        self.differingPixels = differingPixels
        self.pixelCount = pixelCount
        self.maximumComponentDifference = maximumComponentDifference
        self.maximumDeltaE = maximumDeltaE
        self.referencePath = referencePath
        self.time = time
    }

    /// The record's file name inside its folder.
    public static let fileName = "snapshot.json"
    /// The folder, under the artifacts root, that Lamina's snapshot folders go in.
    public static let folderName = "LaminaSnapshotTesting"
    /// The report's file name, in that folder.
    public static let reportName = "report.html"

    /// The PNG files a folder of this kind holds, in the order they are shown.
    public var imageNames: [String] {
        switch kind {
        case .failure: return ["reference.png", "failure.png", "difference.png"]
        case .recorded, .missing: return ["recorded.png"]
        }
    }

    /// Writes the record into `folder`.
    public func write(to folder: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: folder.appendingPathComponent(Self.fileName), options: .atomic)
    }

    /// The record in `folder`.
    public static func read(from folder: URL) throws -> SnapshotArtifact {
        let url = folder.appendingPathComponent(fileName)
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= SnapshotReport.maximumRecordBytes else {
            throw SnapshotReportError.recordTooLarge(path: url.path, bytes: size)
        }
        return try JSONDecoder().decode(SnapshotArtifact.self, from: Data(contentsOf: url))
    }
}
