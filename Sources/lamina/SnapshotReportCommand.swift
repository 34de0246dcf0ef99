import ArgumentParser
import Foundation
import LaminaSnapshotReport

/// `lamina snapshot-report`: the HTML report of a snapshot run, from its artifacts folder.
struct SnapshotReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot-report",
        abstract: "Write the HTML report of a snapshot test run from its artifacts folder.",
        discussion: """
            DIR is the folder a run's SNAPSHOT_ARTIFACTS named (or its LaminaSnapshotTesting \
            folder). The report lists every failed snapshot grouped by test, with the reference, the \
            new image and their difference side by side, a slider and a blink view, and the \
            references recorded in the run apart. It is one self-contained HTML file, written to \
            DIR/LaminaSnapshotTesting/report.html unless -o says otherwise. Test processes write \
            it themselves when they exit; this command writes it again, for instance after the \
            artifacts of several machines were copied into one folder.

            Exit status: 0 when no snapshot failed, 1 when some did, 66 when DIR is not a folder \
            of artifacts, 73 when the report cannot be written.
            """)

    @Argument(help: "The artifacts folder (SNAPSHOT_ARTIFACTS).")
    var directory: String

    @Option(name: [.short, .customLong("output")], help: "Where to write the report.")
    var output: String?

    @Option(help: "The page's title.")
    var title: String = "Snapshot report"

    func run() throws {
        let summary: SnapshotReport.Summary
        do {
            summary = try SnapshotReport.write(from: URL(fileURLWithPath: directory, isDirectory: true),
                                               to: output.map { URL(fileURLWithPath: $0) }, title: title)
        } catch let error as SnapshotReportError {
            LaminaCLI.report("error", "\(error)")
            if case .cannotWrite = error { throw Exit.cannotCreate }
            throw Exit.noInput
        }
        for problem in summary.problems { LaminaCLI.report("warning", problem) }
        print("\(summary.output.path): \(summary.failures) failed snapshot\(summary.failures == 1 ? "" : "s") in \(summary.failedTests) test\(summary.failedTests == 1 ? "" : "s"), \(summary.recorded) recorded")
        if summary.failures > 0 { throw ExitCode(1) }
    }
}
