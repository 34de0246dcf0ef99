import Foundation
import UIKit
@_spi(Internals) import SnapshotTesting
import LaminaSnapshotReport
import XCTest
#if canImport(Testing)
import Testing
#endif

/// The files a run leaves for review: for each failed snapshot a folder with the reference, the
/// new image, their difference and a `snapshot.json` record (the test, its file and line, the
/// figures); for each reference recorded in the run a folder with the recorded image; and, when
/// the test process exits, `report.html` over all of them (``SnapshotReport``).
///
/// They go in `$SNAPSHOT_ARTIFACTS/LaminaSnapshotTesting/`. Folders are named by process and
/// count, so parallel test processes share it; each process that wrote something rewrites the
/// report from every folder there when it exits (so the folder should start empty for a run,
/// as on a CI machine). Without `SNAPSHOT_ARTIFACTS`, each process writes to a folder of its own
/// in the temporary directory, `LaminaSnapshotTesting/run-<process id>-<start time>/`.
///
/// The test comes from Swift Testing's `Test.current`, or, for XCTest, from an observer of
/// XCTest's failures that fills in the test's name and the assertion's file and line.
enum SnapshotArtifacts {
    /// `<SNAPSHOT_ARTIFACTS or temporary directory>/LaminaSnapshotTesting`.
    static var folder: URL {
        if let root = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"], !root.isEmpty {
            return URL(fileURLWithPath: root, isDirectory: true)
                .appendingPathComponent(SnapshotArtifact.folderName, isDirectory: true)
        }
        return processFolder
    }

    /// This process's folder when `SNAPSHOT_ARTIFACTS` is not set.
    private static let processFolder: URL = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
        .appendingPathComponent(SnapshotArtifact.folderName, isDirectory: true)
        .appendingPathComponent("run-\(ProcessInfo.processInfo.processIdentifier)-\(Int(Date().timeIntervalSince1970))", isDirectory: true)

    /// Writes reference.png, failure.png and difference.png and the record for a mismatch and
    /// returns the message (with a line naming their folder) and the library's attachments;
    /// records them with Swift Testing when a test is running.
    static func writeFailure(reference: UIImage, new: UIImage, message: String) -> (String, [DiffAttachment]) {
        let (differenceImage, figures) = difference(reference, new)
        let files: [(String, Data)] = [
            ("reference.png", pngData(of: reference)),
            ("failure.png", pngData(of: new)),
            ("difference.png", pngData(of: differenceImage)),
        ]
        var record = SnapshotArtifact(kind: .failure, message: message)
        if let figures {
            record.differingPixels = figures.pixels
            record.pixelCount = figures.pixelCount
            record.maximumComponentDifference = figures.maximum
            record.maximumDeltaE = figures.deltaE
        }
        identifyTest(&record)
        let target = folder.appendingPathComponent("\(ProcessInfo.processInfo.processIdentifier)-\(state.next())", isDirectory: true)
        let written = write(files, record, to: target)
        #if canImport(Testing)
        if Test.current != nil {
            for (name, data) in files { Attachment.record([UInt8](data), named: name) }
        }
        #endif
        let attachments = files.map { DiffAttachment.data($0.1, name: $0.0) }
        guard written else { return (message + "\n(The failure images could not be written to \(target.path).)", attachments) }
        return (message + "\n\(marker)\(target.path)", attachments)
    }

    /// The line of a failure message that names the artifacts' folder.
    static let marker = "Reference, failure and difference images: "

    /// Remembers `image` as the one being compared on this thread: the library turns it into
    /// data again to write its own failure copy, which is not a recording.
    static func noteDiffed(_ image: UIImage) {
        Thread.current.threadDictionary[diffedKey] = WeakImage(image)
    }

    /// Called with each image the library turns into PNG data: unless it is the image just
    /// compared, the library is recording a reference (or would, were recording on), and the
    /// image is kept for the report.
    static func noteRecording(_ image: UIImage, png: Data) {
        let dictionary = Thread.current.threadDictionary
        if let diffed = dictionary[diffedKey] as? WeakImage, diffed.image === image {
            dictionary[diffedKey] = nil
            return
        }
        // The record mode as configured (`withSnapshotTesting`, a test trait, the global); a
        // `record:` argument of one assertion is not visible here, so such a snapshot may be
        // listed as recorded when only the library's message says it was not.
        let mode = SnapshotTestingConfiguration.current?.record ?? _record
        var record = SnapshotArtifact(kind: mode == .never ? .missing : .recorded,
                                      message: mode == .never ? "No reference was found on disk; recording is off." : "Recorded as a new reference.")
        identifyTest(&record)
        let target = folder.appendingPathComponent("recorded-\(ProcessInfo.processInfo.processIdentifier)-\(state.next())", isDirectory: true)
        if write([("recorded.png", png)], record, to: target) {
            dictionary[recordedKey] = target.path
        }
    }

    /// Starts watching XCTest's failures (once), to name the test of each folder written while
    /// an XCTest test runs.
    static func watchXCTestFailures() {
        #if canImport(Testing)
        if Test.current != nil { return }
        #endif
        guard Thread.isMainThread, state.startWatching() else { return }
        MainActor.assumeIsolated {
            XCTestObservationCenter.shared.addTestObserver(XCTestFailureObserver())
        }
    }

    /// Fills in the test of the folder an XCTest failure message names.
    static func noteXCTestFailure(_ description: String, test: String, file: String?, line: Int) {
        var path: String?
        if let range = description.range(of: marker) {
            path = String(description[range.upperBound...].prefix { $0 != "\n" })
        } else if description.contains("recorded snapshot") || description.contains("New snapshot was not recorded") {
            path = Thread.current.threadDictionary[recordedKey] as? String
            Thread.current.threadDictionary[recordedKey] = nil
        }
        guard let path else { return }
        let target = URL(fileURLWithPath: path, isDirectory: true)
        guard var record = try? SnapshotArtifact.read(from: target) else { return }
        record.test = test
        record.file = file
        record.line = line
        if let open = description.range(of: "open \""),
           let end = description[open.upperBound...].firstIndex(of: "\""),
           let url = URL(string: String(description[open.upperBound..<end])), url.isFileURL {
            record.referencePath = url.path
        }
        try? record.write(to: target)
    }

    /// The running Swift Testing test's name, file and line.
    private static func identifyTest(_ record: inout SnapshotArtifact) {
        #if canImport(Testing)
        if let test = Test.current {
            let components = test.id.nameComponents
            record.test = components.isEmpty ? test.name : components.joined(separator: "/")
            record.file = test.sourceLocation.fileID
            record.line = test.sourceLocation.line
        }
        #endif
    }

    private static func write(_ files: [(String, Data)], _ record: SnapshotArtifact, to target: URL) -> Bool {
        do {
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            for (name, data) in files { try data.write(to: target.appendingPathComponent(name)) }
            try record.write(to: target)
        } catch {
            return false
        }
        if state.startReporting() { atexit { SnapshotArtifacts.writeReportAtExit() } }
        return true
    }

    /// Rewrites the report over every folder written so far (by any process) and names it on
    /// standard error.
    static func writeReportAtExit() {
        do {
            let summary = try SnapshotReport.write(from: folder)
            FileHandle.standardError.write(Data(
                "Snapshot report (\(summary.failures) failed, \(summary.recorded) recorded): \(summary.output.path)\n".utf8))
        } catch {
            FileHandle.standardError.write(Data("Snapshot report not written: \(error)\n".utf8))
        }
    }

    private static let diffedKey = "LaminaSnapshotTesting.diffed"
    private static let recordedKey = "LaminaSnapshotTesting.recorded"
    private static let state = ArtifactState()
}

private final class WeakImage: NSObject {
    weak var image: UIImage?
    init(_ image: UIImage) { self.image = image }
}

/// The count that names folders, and whether the report and the observer are set up.
private final class ArtifactState: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    private var reporting = false
    private var watching = false
    func next() -> Int { lock.lock(); defer { lock.unlock() }; n += 1; return n }
    /// True the first time only.
    func startReporting() -> Bool { lock.lock(); defer { lock.unlock() }; defer { reporting = true }; return !reporting }
    func startWatching() -> Bool { lock.lock(); defer { lock.unlock() }; defer { watching = true }; return !watching }
}

/// Hears XCTest's failures, to name the test of the snapshot folders their messages name.
private final class XCTestFailureObserver: NSObject, XCTestObservation {
    func testCase(_ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?, atLine lineNumber: Int) {
        SnapshotArtifacts.noteXCTestFailure(description, test: testCase.name, file: filePath, line: lineNumber)
    }
}
