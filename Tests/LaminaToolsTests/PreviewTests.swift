import Foundation
@testable import LaminaTools
import LaminaTestSupport
import LaminaWindow
import QuartzCore
import Testing

/// `lamina preview`: without a display it says so; with one (the test command runs under
/// `xvfb-run`) archives play, switch states, report the layer under the pointer, and reload.
/// Each test holds the shared display (``SharedDisplay``), which the on-screen tests type into.
@Suite("lamina preview", .serialized) final class PreviewTests {
    init() { SharedDisplay.acquire() }
    deinit { SharedDisplay.release() }

    let toggle = GalleryAssets.examples.appendingPathComponent("archives/toggle.ca")

    @Test func withoutADisplayItSaysSoAndExits69() throws {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        env["SDL_VIDEODRIVER"] = nil
        let r = try LaminaProcess.run(["preview", toggle.path], timeout: 60, environment: env)
        #expect(r.status == 69)
        #expect(r.stderr.contains("no display") && r.stderr.contains("lamina render"), "\(r.stderr)")
        let bad = try LaminaProcess.run(["preview"], timeout: 60, environment: env)
        #expect(bad.status == 64 && bad.stderr.contains("--gallery"))
    }

    @Test func archivesPlaySwitchStatesAndReload() throws {
        guard SDLVideo.isAvailable else {
            if ProcessInfo.processInfo.environment["LAMINA_REQUIRE_DISPLAY"] == "1" { Issue.record("no display under LAMINA_REQUIRE_DISPLAY=1") }
            return
        }
        // A copy to edit.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("toggle.caml")
        let original = try Data(contentsOf: toggle.appendingPathComponent("main.caml"))
        try original.write(to: file)
        var log: [String] = []
        let preview = try ArchivePreview(url: file, scale: 1, log: { log.append($0) })
        preview.run(seconds: 0.3)
        #expect(preview.host.pacing.frames >= 1)
        let states = preview.document.stateNames
        try #require(!states.isEmpty)
        preview.handleKey("1")
        #expect(preview.document.currentState == states[0])
        preview.handleKey("Space")
        #expect(preview.host.isPaused)
        preview.handleKey("Space")
        // The pointer over the root's centre finds a layer.
        let b = preview.document.rootLayer.bounds
        preview.hover(at: CGPoint(x: b.midX, y: b.midY))
        #expect(preview.hovered != nil)
        #expect(preview.host.window.title.contains("state: \(states[0])"))
        // A broken file on disk: the old tree stays, the error is shown.
        let before = preview.document
        try Data("<caml><CALayer".utf8).write(to: file)
        preview.reload()
        #expect(preview.reloadError != nil && preview.document === before)
        #expect(preview.host.window.title.contains("reload failed"))
        // A good file again, noticed by the running window: reloaded in the same state.
        Thread.sleep(forTimeInterval: 1.1)                   // a new modification time
        try original.write(to: file)
        preview.run(seconds: 0.6)
        #expect(preview.reloads == 1 && preview.reloadError == nil)
        #expect(preview.document !== before && preview.document.currentState == states[0])
        #expect(log.contains { $0.contains("did not reload") } && log.contains { $0.contains("reloaded") })
    }

    /// The example application (Examples/UIKitApp) launches, shows its window, runs its timer
    /// and quits by itself; without a display it says why and exits 1.
    @Test func theExampleAppRunsAndQuits() throws {
        let exe = try LaminaProcess.executable().deletingLastPathComponent().appendingPathComponent("lamina-example")
        func run(_ env: [String: String], _ extra: [String] = []) throws -> (Int32, String, String) {
            let p = Process()
            p.executableURL = exe
            p.arguments = ["--seconds", "1"] + extra
            p.environment = env
            let err = Pipe(), out = Pipe()
            p.standardError = err
            p.standardOutput = out
            try p.run()
            nonisolated(unsafe) var errData = Data()
            let group = DispatchGroup()
            group.enter()
            DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
            let outData = out.fileHandleForReading.readDataToEndOfFile()
            group.wait()
            p.waitUntilExit()
            return (p.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
        }
        var env = ProcessInfo.processInfo.environment
        env["LAMINA_STATS"] = "1"
        if SDLVideo.isAvailable {
            let (status, out, err) = try run(env)
            #expect(status == 0, "\(err)")
            #expect(err.contains("frames") && err.contains("p99"), "\(err)")
            // The display link added at launch ran on the window's frames (about 60 a second).
            let ticks = out.split(separator: "\n").last.flatMap { $0.split(separator: " ").dropFirst(2).first }.flatMap { Int($0) } ?? 0
            #expect(ticks >= 30, "\(out)")
            // Two windows at once, each on the desktop, run by the one main loop.
            let (status2, out2, err2) = try run(env, ["--second-window"])
            #expect(status2 == 0 && out2.contains("windows on screen: 2"), "\(out2) \(err2)")
            let ticks2 = out2.split(separator: "\n").last.flatMap { $0.split(separator: " ").dropFirst(2).first }.flatMap { Int($0) } ?? 0
            #expect(ticks2 >= 30, "\(out2)")
        }
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        env["SDL_VIDEODRIVER"] = nil
        let (status, _, err) = try run(env)
        #expect(status == 1 && err.contains("no display"), "\(err)")
    }
}
