import Foundation
import Testing
import SnapshotTesting
@testable import LaminaSnapshotTesting
import LaminaSnapshotReport
import UIKit

/// The artifacts a failed or recorded snapshot leaves, and the HTML report made from them.
@MainActor
@Suite struct SnapshotReportTests {
    /// The folder a failure message names.
    static func folder(in message: String) throws -> URL {
        let marker = "Reference, failure and difference images: "
        let line = try #require(message.split(separator: "\n").first { $0.hasPrefix(marker) })
        return URL(fileURLWithPath: String(line.dropFirst(marker.count)), isDirectory: true)
    }

    @Test func aFailureRecordsItsTestAndFigures() throws {
        let dir = try LaminaSnapshotTests.scratch("report-failure")
        _ = verifySnapshot(of: LaminaSnapshotTests.card(), as: .image, named: "card", record: .all, snapshotDirectory: dir)
        let changed = LaminaSnapshotTests.card()
        changed.subviews[1].backgroundColor = .red
        let message = try #require(verifySnapshot(of: changed, as: .image, named: "card", record: .never, snapshotDirectory: dir))
        let record = try SnapshotArtifact.read(from: Self.folder(in: message))
        #expect(record.kind == .failure)
        #expect(record.test?.contains("SnapshotReportTests") == true)
        #expect(record.test?.contains("aFailureRecordsItsTestAndFigures") == true)
        #expect(record.file?.hasSuffix("SnapshotReportTests.swift") == true)
        #expect((record.line ?? 0) > 0)
        // The yellow square (24 x 24 points at 3x) turned red: 72 x 72 pixels, green 255 -> 0.
        #expect(record.differingPixels == 72 * 72)
        #expect(record.pixelCount == 360 * 180)
        #expect(record.maximumComponentDifference == 255)
        #expect((record.maximumDeltaE ?? 0) > 50)
        #expect(record.message.contains("pixels differ"))
    }

    @Test func aRecordedReferenceIsKeptForTheReport() throws {
        let dir = try LaminaSnapshotTests.scratch("report-recorded")
        let message = try #require(verifySnapshot(of: LaminaSnapshotTests.card(), as: .image, named: "fresh",
                                                  record: .missing, snapshotDirectory: dir))
        #expect(message.contains("Automatically recorded"))
        // The newest recorded folder of this test names it and holds the image.
        let entries = try SnapshotReport.entries(in: artifactsFolder()).entries
        let mine = try #require(entries.last { $0.artifact.kind == .recorded && $0.artifact.test?.contains("aRecordedReferenceIsKeptForTheReport") == true })
        let png = try #require(UIImage(contentsOfFile: mine.folder.appendingPathComponent("recorded.png").path)?.cgImage)
        #expect(png.width == 360 && png.height == 180)
        // A comparison that passes leaves nothing.
        let folder = try artifactsFolder()
        func mineCount() throws -> Int {
            try SnapshotReport.entries(in: folder).entries.filter { $0.artifact.test?.contains("aRecordedReferenceIsKeptForTheReport") == true }.count
        }
        let before = try mineCount()
        #expect(verifySnapshot(of: LaminaSnapshotTests.card(), as: .image, named: "fresh", record: .missing, snapshotDirectory: dir) == nil)
        #expect(try mineCount() == before)
    }

    /// This process's artifacts folder, found through a failure's message.
    func artifactsFolder() throws -> URL {
        let dir = try LaminaSnapshotTests.scratch("report-locate")
        _ = verifySnapshot(of: LaminaSnapshotTests.card(), as: .image, named: "a", record: .all, snapshotDirectory: dir, testName: "locate")
        let other = LaminaSnapshotTests.card()
        other.backgroundColor = .black
        let message = try #require(verifySnapshot(of: other, as: .image, named: "a", record: .never, snapshotDirectory: dir, testName: "locate"))
        return try Self.folder(in: message).deletingLastPathComponent()
    }

    @Test func theReportListsFailuresByTestAndRecordingsApart() throws {
        // Two failures of one test, one of another, a recording, and two broken folders, in a
        // folder of the test's own.
        let dir = URL(fileURLWithPath: try LaminaSnapshotTests.scratch("report-page"), isDirectory: true)
        let artifacts = dir.appendingPathComponent("LaminaSnapshotTesting", isDirectory: true)
        let red = try #require(Self.png(.red)), blue = try #require(Self.png(.blue))
        func folder(_ name: String, _ record: SnapshotArtifact, _ files: [String: Data]) throws {
            let url = artifacts.appendingPathComponent(name, isDirectory: true)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for (file, data) in files { try data.write(to: url.appendingPathComponent(file)) }
            try record.write(to: url)
        }
        let three = ["reference.png": red, "failure.png": blue, "difference.png": red]
        try folder("1-1", SnapshotArtifact(kind: .failure, test: "Cards/title()", file: "App/Cards.swift", line: 12,
                                           message: "Newly-taken snapshot does not match <reference>.", differingPixels: 400,
                                           pixelCount: 400, maximumComponentDifference: 255, maximumDeltaE: 70.5, time: 1), three)
        try folder("1-2", SnapshotArtifact(kind: .failure, test: "Cards/title()", message: "second", time: 2), three)
        try folder("2-1", SnapshotArtifact(kind: .failure, test: "Settings/list()", message: "sizes", time: 3),
                   ["reference.png": red, "failure.png": try #require(Self.png(.blue, side: 30)), "difference.png": red])
        try folder("recorded-1-3", SnapshotArtifact(kind: .recorded, test: "Feed/empty()", message: "Recorded", time: 4),
                   ["recorded.png": blue])
        try folder("2-2", SnapshotArtifact(kind: .failure, test: "Broken/images()", message: "m", time: 5),
                   ["reference.png": Data("not a png".utf8)])
        let bad = artifacts.appendingPathComponent("3-1", isDirectory: true)
        try FileManager.default.createDirectory(at: bad, withIntermediateDirectories: true)
        try Data("{ nope".utf8).write(to: bad.appendingPathComponent("snapshot.json"))

        let summary = try SnapshotReport.write(from: dir)
        #expect(summary.output.path == artifacts.appendingPathComponent("report.html").path)
        #expect(summary.failures == 4)
        #expect(summary.failedTests == 3)
        #expect(summary.recorded == 1)
        #expect(summary.problems.count == 1 && summary.problems[0].hasPrefix("3-1"))
        let html = try String(contentsOf: summary.output, encoding: .utf8)
        #expect(html.contains("4 failed snapshots in 3 tests · 1 recorded"))
        // Grouped by test, in name order, with the file and line and the figures.
        let broken = try #require(html.range(of: "<h3>Broken/images()</h3>"))
        let cards = try #require(html.range(of: "<h3>Cards/title()</h3>"))
        let settings = try #require(html.range(of: "<h3>Settings/list()</h3>"))
        #expect(broken.lowerBound < cards.lowerBound && cards.lowerBound < settings.lowerBound)
        #expect(html.contains("App/Cards.swift:12"))
        #expect(html.contains("400 of 400 (100.0 %)"))
        #expect(html.contains("<td>70.50</td>"))
        // Messages are escaped; images are embedded; one failure of one size has a slider and a blink view.
        #expect(html.contains("does not match &lt;reference&gt;."))
        #expect(html.contains("data:image/png;base64,"))
        #expect(html.components(separatedBy: "data-mode=\"slider\"").count - 1 == 2)
        #expect(html.contains("Slider and blink need two images of one size."))
        #expect(html.contains("reference.png is not a PNG file.") || html.contains("/reference.png is not a PNG file."))
        #expect(html.contains("failure.png is missing."))
        // Recorded references apart.
        let recorded = try #require(html.range(of: "<h2>Recorded references</h2>"))
        #expect(try #require(html.range(of: "Feed/empty()")).lowerBound > recorded.lowerBound)
        #expect(html.contains("<script>") && !html.contains("src=\"http"))
    }

    @Test func aFolderThatIsNotThereIsATypedError() throws {
        let missing = URL(fileURLWithPath: NSTemporaryDirectory() + "lamina-no-such-\(UUID().uuidString)")
        #expect(throws: SnapshotReportError.self) { try SnapshotReport.write(from: missing) }
        // An empty folder gives a report that says nothing failed.
        let empty = URL(fileURLWithPath: try LaminaSnapshotTests.scratch("report-empty"), isDirectory: true)
        let summary = try SnapshotReport.write(from: empty)
        #expect(summary.failures == 0)
        #expect(try String(contentsOf: summary.output, encoding: .utf8).contains("No snapshot failed."))
    }

    static func png(_ color: UIColor, side: CGFloat = 20) -> Data? {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format).image { ctx in
            color.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: side, height: side))
        }.pngData()
    }
}

/// XCTest's side: what an XCTest observer hears of a failure names the folder's test.
@MainActor
@Suite struct SnapshotReportXCTestTests {
    @Test func anXCTestFailureNamesTheTestOfItsFolder() throws {
        let dir = try LaminaSnapshotTests.scratch("report-xctest")
        _ = verifySnapshot(of: LaminaSnapshotTests.card(), as: .image, named: "x", record: .all, snapshotDirectory: dir, testName: "x")
        let other = LaminaSnapshotTests.card()
        other.backgroundColor = .green
        let message = try #require(verifySnapshot(of: other, as: .image, named: "x", record: .never, snapshotDirectory: dir, testName: "x"))
        let folder = try SnapshotReportTests.folder(in: message)
        // What XCTest passes its observers: the library's whole message, the test and the assertion's place.
        SnapshotArtifacts.noteXCTestFailure("Snapshot \"x\" does not match reference.\n\n" + message,
                                            test: "CardTests.testTitle", file: "/src/CardTests.swift", line: 42)
        let record = try SnapshotArtifact.read(from: folder)
        #expect(record.test == "CardTests.testTitle")
        #expect(record.file == "/src/CardTests.swift" && record.line == 42)
        #expect(record.kind == .failure && record.differingPixels != nil)
        // A message that names no folder changes nothing.
        SnapshotArtifacts.noteXCTestFailure("XCTAssertEqual failed", test: "Other.testOther", file: nil, line: 1)
        #expect(try SnapshotArtifact.read(from: folder).test == "CardTests.testTitle")
    }
}
