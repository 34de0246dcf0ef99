import ArgumentParser
import Foundation
import LaminaTools
import QuartzCore

/// The `lamina` command line: the gallery, and Core Animation archives rendered to PNG, APNG
/// and GIF.
@main
struct Lamina: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lamina",
        abstract: "Core Animation on Linux: render the gallery and Core Animation archives, report snapshot runs.",
        discussion: """
            Examples:
              lamina gallery --out gallery
              lamina render Examples/archives/toggle.ca --state On -o on.png
              lamina render Examples/archives/toggle.ca --from base --state On -o flip.png
              lamina render Examples/archives/toggle.ca --duration 2 --fps 25 -o spin.gif
              lamina preview Examples/archives/toggle.ca
              lamina snapshot-report "$SNAPSHOT_ARTIFACTS"
            """,
        version: "lamina 0.8.0",
        subcommands: [GalleryCommand.self, RenderCommand.self, PreviewCommand.self, SoakCommand.self, SnapshotReportCommand.self])
}

/// Exit statuses from sysexits(3), as command-line tools use them.
enum Exit {
    /// The command was used wrongly (a frame range beyond the animation).
    static let usage = ExitCode(64)
    /// The input data was wrong (a malformed archive, an unknown state).
    static let dataError = ExitCode(65)
    /// An input file does not exist or cannot be read.
    static let noInput = ExitCode(66)
    /// An output file cannot be created.
    static let cannotCreate = ExitCode(73)
    /// A service is unavailable (no display to open a window on).
    static let unavailable = ExitCode(69)
    /// Something failed inside Lamina.
    static let software = ExitCode(70)
}

/// Messages and files of the command line.
enum LaminaCLI {
    /// Writes `message` to standard error as `lamina: <kind>: <message>`.
    static func report(_ kind: String, _ message: String) {
        FileHandle.standardError.write(Data("lamina: \(kind): \(message)\n".utf8))
    }

    /// Writes `data` to `path`, creating its folder, or exits with EX_CANTCREAT.
    static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        } catch {
            report("error", "cannot write \(path): \(error.localizedDescription)")
            throw Exit.cannotCreate
        }
    }
}
