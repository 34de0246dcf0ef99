import Foundation

/// The HTML page that reviews a run's snapshots: every failed snapshot grouped by test (the
/// reference, the new image and their difference side by side, a slider and a blink view, the
/// figures, the test's file and line) and, apart, the references recorded in the run.
///
/// The page is one self-contained file (images embedded, no script or style fetched), written
/// as `report.html` beside the snapshot folders. `LaminaSnapshotTesting` writes it when a test
/// process that wrote artifacts exits; `lamina snapshot-report DIR` writes it from the folders
/// at any time, for instance after test processes on several machines were gathered in one
/// place. Opened as `report.html#slider` or `report.html#blink`, every snapshot starts in that
/// view.
///
/// Limits: a `snapshot.json` of more than ``maximumRecordBytes`` is reported as a problem, an
/// image of more than ``maximumImageBytes`` is named rather than embedded, and once
/// ``maximumEmbeddedBytes`` of images are embedded the rest are named. Folders that cannot be
/// read are listed as problems on the page; they never stop the report.
public enum SnapshotReport {
    /// The largest `snapshot.json` read (1 MiB).
    public static let maximumRecordBytes = 1 << 20
    /// The largest image embedded in the page (64 MiB).
    public static let maximumImageBytes = 64 << 20
    /// The most image bytes embedded in one page (512 MiB).
    public static let maximumEmbeddedBytes = 512 << 20

    /// One snapshot folder, read.
    public struct Entry: Sendable {
        public var folder: URL
        public var artifact: SnapshotArtifact
    }

    /// What a report holds.
    public struct Summary: Sendable {
        /// The page written.
        public var output: URL
        /// Failed snapshots, and the tests they are in.
        public var failures: Int
        public var failedTests: Int
        /// Recorded (or missing) references.
        public var recorded: Int
        /// Folders that could not be read, with why.
        public var problems: [String]
    }

    /// The folder that holds the snapshot folders: `directory` itself when it has any, else its
    /// `LaminaSnapshotTesting` folder.
    public static func snapshotsFolder(in directory: URL) throws -> URL {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SnapshotReportError.notADirectory(path: directory.path)
        }
        let nested = directory.appendingPathComponent(SnapshotArtifact.folderName, isDirectory: true)
        if FileManager.default.fileExists(atPath: nested.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return nested
        }
        return directory
    }

    /// Every snapshot folder in `directory` (see ``snapshotsFolder(in:)``), oldest first, and the
    /// folders that could not be read.
    public static func entries(in directory: URL) throws -> (entries: [Entry], problems: [String]) {
        let folder = try snapshotsFolder(in: directory)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw SnapshotReportError.unreadable(path: folder.path, reason: error.localizedDescription)
        }
        var entries: [Entry] = []
        var problems: [String] = []
        for name in names.sorted() {
            let sub = folder.appendingPathComponent(name, isDirectory: true)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: sub.path, isDirectory: &isDirectory), isDirectory.boolValue,
                  FileManager.default.fileExists(atPath: sub.appendingPathComponent(SnapshotArtifact.fileName).path)
            else { continue }
            do {
                entries.append(Entry(folder: sub, artifact: try SnapshotArtifact.read(from: sub)))
            } catch let error as SnapshotReportError {
                problems.append("\(name): \(error)")
            } catch {
                problems.append("\(name): \(SnapshotArtifact.fileName) is not a snapshot record (\(error))")
            }
        }
        entries.sort { ($0.artifact.time, $0.folder.lastPathComponent) < ($1.artifact.time, $1.folder.lastPathComponent) }
        return (entries, problems)
    }

    /// Writes the report for the snapshot folders in `directory` to `output` (default:
    /// `report.html` in the snapshots folder), replacing the file in one step so that processes
    /// writing it at once leave a whole page.
    @discardableResult
    public static func write(from directory: URL, to output: URL? = nil, title: String = "Snapshot report") throws -> Summary {
        let (entries, problems) = try entries(in: directory)
        let target = try output ?? snapshotsFolder(in: directory).appendingPathComponent(SnapshotArtifact.reportName)
        let page = SnapshotReportPage(entries: entries, problems: problems, title: title)
        let html = page.render()
        do {
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(html.utf8).write(to: target, options: .atomic)
        } catch {
            throw SnapshotReportError.cannotWrite(path: target.path, reason: error.localizedDescription)
        }
        return Summary(output: target, failures: page.failures.count, failedTests: page.failedTests,
                       recorded: page.recorded.count, problems: problems)
    }
}

/// Why a report could not be made.
public enum SnapshotReportError: Error, CustomStringConvertible, Sendable {
    case notADirectory(path: String)
    case unreadable(path: String, reason: String)
    case recordTooLarge(path: String, bytes: Int)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .notADirectory(let path): return "\(path) is not a folder of snapshot artifacts"
        case .unreadable(let path, let reason): return "\(path) cannot be read: \(reason)"
        case .recordTooLarge(let path, let bytes):
            return "\(path) is \(bytes) bytes, more than a snapshot record's limit of \(SnapshotReport.maximumRecordBytes)"
        case .cannotWrite(let path, let reason): return "the report cannot be written to \(path): \(reason)"
        }
    }
}
