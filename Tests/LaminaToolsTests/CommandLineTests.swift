import Testing
import Foundation
@testable import LaminaTools
import CoreGraphics
import LaminaTestSupport

/// The `lamina` executable, run as a user runs it.
struct LaminaProcess {
    struct NotBuilt: Error, CustomStringConvertible {
        let candidates: [String]
        var description: String { "lamina is not built; looked at \(candidates.joined(separator: ", "))" }
    }
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The built `lamina` next to the test bundle (the test target depends on it).
    static func executable() throws -> URL {
        var candidates: [URL] = []
        if let me = Bundle.main.executableURL { candidates.append(me.deletingLastPathComponent().appendingPathComponent("lamina")) }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("lamina"))
        let build = GalleryAssets.examples.deletingLastPathComponent().appendingPathComponent(".build")
        candidates.append(build.appendingPathComponent("debug/lamina"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw NotBuilt(candidates: candidates.map(\.path))
        }
        return found
    }

    /// Runs `lamina arguments…`, killing it after `timeout` seconds.
    static func run(_ arguments: [String], timeout: TimeInterval = 120, environment: [String: String]? = nil) throws -> Result {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes while it runs so a full pipe cannot stall it.
        nonisolated(unsafe) var outData = Data(), errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        group.wait()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}

@Suite("lamina command line")
struct CommandLineTests {
    let toggle = GalleryAssets.examples.appendingPathComponent("archives/toggle.ca").path
    let showcase = GalleryAssets.examples.appendingPathComponent("archives/showcase.caml").path

    func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("lamina-cli-\(UUID().uuidString)-\(name)").path
    }

    @Test func help() throws {
        let r = try LaminaProcess.run(["--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("gallery") && r.stdout.contains("render") && r.stdout.contains("USAGE"))
        let render = try LaminaProcess.run(["render", "--help"])
        #expect(render.status == 0 && render.stdout.contains("--state") && render.stdout.contains("--duration"))
        let version = try LaminaProcess.run(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("lamina "))
    }

    @Test func usageErrorsExit64() throws {
        let cases: [([String], String)] = [
            (["render"], "Missing expected argument"),
            (["render", toggle], "--output"),
            (["render", toggle, "-o", temporary("x.jpg")], ".jpg"),
            (["render", toggle, "--time", "1", "--duration", "2", "-o", temporary("x.png")], "cannot be used together"),
            (["render", toggle, "--duration", "-3", "-o", temporary("x.png")], "--duration"),
            (["render", toggle, "--fps", "30", "-o", temporary("x.png")], "--fps needs"),
            (["render", toggle, "--scale", "nan", "-o", temporary("x.png")], "--scale"),
            (["frobnicate"], "Unexpected argument"),
        ]
        for (args, message) in cases {
            let r = try LaminaProcess.run(args)
            #expect(r.status == 64, "\(args): \(r.status)")
            #expect(r.stderr.contains(message), "\(args): \(r.stderr)")
        }
    }

    @Test func numberedSequencesAndRangesAreTheFramesOfTheWholeExport() throws {
        let dir = temporary("seq")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The whole animation, one file per frame, drawn one frame at a time.
        let whole = try LaminaProcess.run(["render", showcase, "--duration", "1", "--fps", "10", "--jobs", "1", "-o", dir + "/all-%03d.png"])
        #expect(whole.status == 0, "\(whole.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(names == (0...10).map { String(format: "all-%03d.png", $0) })
        // Frames 4..7 alone, three at a time: the same files, byte for byte.
        let part = try LaminaProcess.run(["render", showcase, "--duration", "1", "--fps", "10", "--frames", "4..7", "--jobs", "3",
                                          "-o", dir + "/part-%d.png"])
        #expect(part.status == 0, "\(part.stderr)")
        for k in 4...7 {
            let a = try Data(contentsOf: URL(fileURLWithPath: dir + String(format: "/all-%03d.png", k)))
            let b = try Data(contentsOf: URL(fileURLWithPath: dir + "/part-\(k).png"))
            #expect(a == b, "frame \(k)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/part-3.png") && !FileManager.default.fileExists(atPath: dir + "/part-8.png"))
        // An animated PNG drawn with 1 and 4 jobs: the same file.
        let one = try LaminaProcess.run(["render", showcase, "--duration", "1", "--fps", "20", "--jobs", "1", "-o", dir + "/one.png"])
        let four = try LaminaProcess.run(["render", showcase, "--duration", "1", "--fps", "20", "--jobs", "4", "-o", dir + "/four.png"])
        #expect(one.status == 0 && four.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/one.png")) == Data(contentsOf: URL(fileURLWithPath: dir + "/four.png")))
        // Misuse: exit 64 with what is wrong.
        let cases: [([String], String)] = [
            (["--duration", "1", "--frames", "5..99", "-o", dir + "/x-%d.png"], "there are"),
            (["--duration", "1", "--frames", "5..4", "-o", dir + "/x-%d.png"], "--frames must be"),
            (["--duration", "1", "--frames", "1..2", "-o", dir + "/x.png"], "numbered pattern"),
            (["--duration", "1", "-o", dir + "/x-%d-%d.png"], "exactly one"),
            (["--duration", "1", "-o", dir + "/x-%d.gif"], ".png"),
            (["--frames", "1..2", "-o", dir + "/x-%d.png"], "--frames needs"),
            (["--duration", "1", "--jobs", "0", "-o", dir + "/x.png"], "--jobs"),
        ]
        for (args, message) in cases {
            let r = try LaminaProcess.run(["render", showcase] + args)
            #expect(r.status == 64, "\(args): \(r.status)")
            #expect(r.stderr.contains(message), "\(args): \(r.stderr)")
        }
    }

    @Test func badInputs() throws {
        // A missing file: EX_NOINPUT, naming it.
        let missing = try LaminaProcess.run(["render", "/nonexistent/thing.ca", "-o", temporary("x.png")])
        #expect(missing.status == 66 && missing.stderr.contains("/nonexistent/thing.ca"))
        // Malformed XML: EX_DATAERR, naming the line.
        let broken = temporary("broken.caml")
        try Data("""
            <caml xmlns="http://www.apple.com/CoreAnimation/1.0">
              <CALayer bounds="0 0 10 10">
                <sublayers>
                  <CALayer bounds="0 0 5 5"
              </CALayer>
            </caml>
            """.utf8).write(to: URL(fileURLWithPath: broken))
        defer { try? FileManager.default.removeItem(atPath: broken) }
        let malformed = try LaminaProcess.run(["render", broken, "-o", temporary("x.png")])
        #expect(malformed.status == 65 && malformed.stderr.contains("line 5"), "\(malformed.stderr)")
        // Unknown state: EX_DATAERR, listing the states.
        let state = try LaminaProcess.run(["render", toggle, "--state", "Of", "-o", temporary("x.png")])
        #expect(state.status == 65 && state.stderr.contains("On, Loud"))
        // An output that cannot be created: EX_CANTCREAT.
        let out = try LaminaProcess.run(["render", toggle, "-o", "/proc/lamina/x.png"])
        #expect(out.status == 73 && out.stderr.contains("cannot write"))
    }

    @Test func warningsGoToStandardErrorAndTheRestRenders() throws {
        let archive = temporary("odd.caml")
        try Data("""
            <caml xmlns="http://www.apple.com/CoreAnimation/1.0">
              <CALayer bounds="0 0 40 30" position="20 15" backgroundColor="1 0 0" wobble="3">
                <sublayers><CAMysteryLayer bounds="0 0 5 5"/><CALayer bounds="0 0 5 5" position="-50 -50" shadowOpacity="1" shadowRadius="1e12"/></sublayers>
              </CALayer>
            </caml>
            """.utf8).write(to: URL(fileURLWithPath: archive))
        defer { try? FileManager.default.removeItem(atPath: archive) }
        let png = temporary("odd.png")
        defer { try? FileManager.default.removeItem(atPath: png) }
        let r = try LaminaProcess.run(["render", archive, "-o", png])
        #expect(r.status == 0)
        #expect(r.stderr.contains("warning") && r.stderr.contains("wobble") && r.stderr.contains("CAMysteryLayer"), "\(r.stderr)")
        #expect(r.stderr.contains("clamped"), "\(r.stderr)")          // a value Lamina clamped while drawing
        let image = try CGImage.decodePNG(Data(contentsOf: URL(fileURLWithPath: png)))
        #expect(image.width == 40 && image.height == 30)
        #expect(try image.straightRGBA8()[0..<4] == [255, 0, 0, 255])
        let quiet = try LaminaProcess.run(["render", archive, "-q", "-o", png])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)
    }

    @Test func rendersStillsAnimationsAndTransitions() throws {
        let dir = temporary("out")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A still at 2×, into a folder that does not exist yet.
        let still = try LaminaProcess.run(["render", toggle, "--state", "On", "--scale", "2", "-o", "\(dir)/on.png"])
        #expect(still.status == 0 && still.stderr.isEmpty, "\(still.stderr)")
        let on = try CGImage.decodePNG(Data(contentsOf: URL(fileURLWithPath: "\(dir)/on.png")))
        #expect(on.width == 400 && on.height == 240)
        // The transition as an APNG: its own length (0.8 s) at 10 fps, looping twice.
        let apng = try LaminaProcess.run(["render", toggle, "--from", "base", "--state", "On", "--fps", "10", "--loop", "2",
                                          "-o", "\(dir)/toggle.png"])
        #expect(apng.status == 0)
        let decoded = try decodeAPNG(Data(contentsOf: URL(fileURLWithPath: "\(dir)/toggle.png")))
        #expect(decoded.frames.count == 9 && decoded.loop == 2)
        #expect(abs(decoded.delays.reduce(0, +) - 0.9) < 0.01)
        // The showcase's own animations as a GIF.
        let gif = try LaminaProcess.run(["render", showcase, "--duration", "0.5", "--fps", "10", "-o", "\(dir)/showcase.gif"])
        #expect(gif.status == 0 && gif.stderr.isEmpty, "\(gif.stderr)")
        let g = decodeGIF([UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(dir)/showcase.gif"))))
        #expect(g.frames.count >= 2 && g.loop == 0)
        // The same archive at the same time renders the same bytes.
        _ = try LaminaProcess.run(["render", toggle, "--state", "On", "--scale", "2", "-o", "\(dir)/again.png"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/again.png")) == Data(contentsOf: URL(fileURLWithPath: "\(dir)/on.png")))
    }

    @Test func progressBarOnlyOnATerminal() throws {
        // util-linux's `script` (part of every Debian system) gives lamina a terminal.
        let script = "/usr/bin/script"
        #expect(FileManager.default.isExecutableFile(atPath: script), "\(script) is missing")
        let out = temporary("bar.png")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let lamina = try LaminaProcess.executable().path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        func quoted(_ p: String) -> String { "'" + p.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        process.arguments = ["-qec", "\(quoted(lamina)) render \(quoted(toggle)) --duration 1 --fps 20 -o \(quoted(out))", "/dev/null"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let shown = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0)
        #expect(shown.contains("█") && shown.contains("/21"), "\(shown.suffix(200))")
        // Without a terminal (the other tests) standard error stays empty.
        let quiet = try LaminaProcess.run(["render", toggle, "--duration", "1", "--fps", "20", "-o", out])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)
    }

    @Test func galleryOptions() throws {
        let list = try LaminaProcess.run(["gallery", "--list"])
        #expect(list.status == 0 && list.stdout.contains("article1-gradient-view") && list.stdout.contains("cube"))
        let dir = temporary("gallery")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let one = try LaminaProcess.run(["gallery", "--out", dir, "--only", "article3-order-anchor-convert", "--scale", "1"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(FileManager.default.fileExists(atPath: "\(dir)/article3-order-anchor-convert.png"))
        #expect(FileManager.default.fileExists(atPath: "\(dir)/index.html"))
        let unknown = try LaminaProcess.run(["gallery", "--out", dir, "--only", "nope"])
        #expect(unknown.status != 0 && unknown.stderr.contains("no gallery entry named nope"))
    }
}

@Suite("lamina snapshot-report")
struct SnapshotReportCommandTests {
    @Test func writesTheReportAndSaysWhetherSnapshotsFailed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("LaminaSnapshotTesting/42-1")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // An empty folder: nothing failed, exit 0.
        let empty = try LaminaProcess.run(["snapshot-report", root.path, "-o", root.appendingPathComponent("empty.html").path])
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout.contains("0 failed snapshots in 0 tests, 0 recorded"))
        // One failure (its images missing): exit 1, and the page names the test.
        try Data(#"{"kind":"failure","test":"Cards/title()","message":"does not match","time":1}"#.utf8)
            .write(to: folder.appendingPathComponent("snapshot.json"))
        let failed = try LaminaProcess.run(["snapshot-report", root.path, "--title", "PR 7"])
        #expect(failed.status == 1, "\(failed.stderr)")
        let page = try String(contentsOfFile: root.appendingPathComponent("LaminaSnapshotTesting/report.html").path, encoding: .utf8)
        #expect(page.contains("<h3>Cards/title()</h3>") && page.contains("<title>PR 7</title>"))
        // Not a folder: exit 66 with the path.
        let missing = try LaminaProcess.run(["snapshot-report", root.appendingPathComponent("nope").path])
        #expect(missing.status == 66 && missing.stderr.contains("nope"), "\(missing.stderr)")
    }
}
