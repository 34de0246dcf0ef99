import Foundation
import LaminaTestSupport
import LaminaWindow
import Testing
import UIKit

/// A window on a real X display (the test command runs under `xvfb-run`): what it shows, read
/// back through the X server with `xwd`, is the offscreen render; pointer input injected with
/// `xdotool` reaches controls, gesture recognizers and scroll views.
///
/// Each test holds the shared display (``SharedDisplay``) while it runs: the preview tests open
/// windows and launch an application on the same display, which could take the keyboard focus
/// from a window in the middle of typing into it.
@MainActor
@Suite("On screen", .serialized) final class OnScreenTests {
    init() { SharedDisplay.acquire() }
    deinit { SharedDisplay.release() }

    final class Log { var items: [String] = [] }

    /// Runs `tool` with `arguments` and returns its standard output.
    @discardableResult
    func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [tool] + arguments
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return data
    }

    /// The X window named `title`, moved to `corner` (away from the centre, where windows of
    /// other tests running alongside open) and raised above the others; "" when not found.
    func uncover(_ title: String, at corner: (Int, Int)) -> String {
        let id = String(decoding: (try? run("xdotool", ["search", "--name", title])) ?? Data(), as: UTF8.self)
            .split(separator: "\n").first.map(String.init) ?? ""
        guard !id.isEmpty else { return "" }
        _ = try? run("xdotool", ["windowmove", "--sync", id, String(corner.0), String(corner.1)])
        _ = try? run("xdotool", ["windowraise", id])
        // Keys go to the focused window (other tests open windows alongside).
        _ = try? run("xdotool", ["windowfocus", "--sync", id])
        return id
    }

    /// A window dump (`xwd -id`) as RGB bytes, row by row.
    func pixels(ofXWD d: Data) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let b = [UInt8](d)
        func u32(_ i: Int) -> Int { Int(b[4 * i]) << 24 | Int(b[4 * i + 1]) << 16 | Int(b[4 * i + 2]) << 8 | Int(b[4 * i + 3]) }
        try #require(b.count > 100)
        let headerSize = u32(0), width = u32(4), height = u32(5), byteOrder = u32(7), bytesPerLine = u32(12), colours = u32(19)
        let bpp = bytesPerLine / max(1, width)
        try #require(bpp == 4 && byteOrder == 0, "expected 32-bit LSB-first pixels")
        let start = headerSize + colours * 12
        try #require(b.count >= start + bytesPerLine * height)
        var rgb: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let o = start + y * bytesPerLine + x * 4
                rgb += [b[o + 2], b[o + 1], b[o]]
            }
        }
        return (width, height, rgb)
    }

    @Test func aWindowShowsTheRenderAndTakesPointerInput() throws {
        guard case .success = SDLVideo.availability else {
            // No display: windows are refused with a typed error and UIKit stays headless.
            #expect(throws: WindowError.self) { try NativeWindow(title: "x", size: CGSize(width: 10, height: 10)) }
            let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            w.makeKeyAndVisible()
            #expect(!w.isOnScreen)
            // The test command runs under xvfb-run and asks for the display branch.
            if ProcessInfo.processInfo.environment["LAMINA_REQUIRE_DISPLAY"] == "1" {
                Issue.record("no display, but LAMINA_REQUIRE_DISPLAY=1: run the suite under xvfb-run (scripts/test.sh does)")
            }
            return
        }
        // Odd sizes are typed errors, not windows.
        for size in [CGSize(width: CGFloat.nan, height: 10), CGSize(width: -5, height: 10), CGSize(width: 1e30, height: 10), .zero] {
            #expect(throws: WindowError.self) { try NativeWindow(title: "odd", size: size, scale: 1) }
        }
        #expect(throws: WindowError.self) { try NativeWindow(title: "odd", size: CGSize(width: 10, height: 10), scale: .infinity) }
        let title = "lamina-test-\(UUID().uuidString.prefix(8))"
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 160, height: 120))
        w.backgroundColor = .white
        let log = Log()
        let red = UIView(frame: CGRect(x: 0, y: 0, width: 80, height: 60))
        red.backgroundColor = UIColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
        let pan = UIPanGestureRecognizer(target: log, action: { l, g in
            if g.state == .began || g.state == .ended { l.items.append("pan \(g.state)") }
        })
        red.addGestureRecognizer(pan)
        w.addSubview(red)
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 90, y: 10, width: 60, height: 40)
        button.backgroundColor = UIColor(red: 0.1, green: 0.4, blue: 0.9, alpha: 1)
        button.addAction(UIAction { _ in log.items.append("button") }, for: .touchUpInside)
        w.addSubview(button)
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 70, width: 160, height: 50))
        scroll.contentSize = CGSize(width: 160, height: 400)
        scroll.backgroundColor = UIColor(white: 0.8, alpha: 1)
        w.addSubview(scroll)
        w.makeKeyAndVisible()
        let host = try w.showOnScreen(title: title)
        #expect(w.isOnScreen)
        let scale = host.window.scale
        var events: [WindowEvent] = []
        let handler = host.onEvent
        host.onEvent = { e in events.append(e); handler?(e) }

        var step = 0
        var screenshot: Data?
        var windowID = ""
        var framesWhenUncovered = 0
        let start = MediaClock.system.now
        w.runOnScreen {
            let t = MediaClock.system.now - start
            switch step {
            case 0 where t > 0.3 && host.pacing.frames >= 1:
                windowID = self.uncover(title, at: (20, 20))
                framesWhenUncovered = host.pacing.frames
                host.setNeedsPresent()
                step = 1
            case 1 where host.pacing.frames > framesWhenUncovered || t > 10:
                screenshot = try? self.run("xwd", ["-id", windowID, "-silent"])
                // A click on the button, a drag on the red view, a wheel turn over the scroll view.
                let s = { (v: CGFloat) in String(Int(v * scale)) }
                let script = ["mousemove", "--window", windowID, s(120), s(30), "click", "1",
                              "mousemove", "--window", windowID, s(20), s(20), "mousedown", "1",
                              "mousemove", "--window", windowID, s(40), s(25),
                              "mousemove", "--window", windowID, s(60), s(30), "mouseup", "1",
                              "mousemove", "--window", windowID, s(80), s(95), "click", "5"]
                let p = Process()
                p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                p.arguments = ["xdotool"] + script
                try? p.run()
                step = 2
            case 2 where (log.items.count >= 3 && scroll.contentOffset.y > 0) || t > 10:
                return true
            default: break
            }
            return false
        }
        #expect(!w.isOnScreen)
        try #require(!windowID.isEmpty, "xdotool found no window named \(title)")
        let shot = try pixels(ofXWD: try #require(screenshot))
        #expect(shot.width == Int(160 * scale) && shot.height == Int(120 * scale))
        // The same picture as the offscreen render (opaque, so premultiplied equals straight).
        let offscreen = try #require(w.render()).straightRGBA8()
        var differing = 0
        for i in 0..<(shot.width * shot.height) {
            for c in 0..<3 where abs(Int(shot.rgb[i * 3 + c]) - Int(offscreen[i * 4 + c])) > 1 { differing += 1 }
        }
        #expect(differing == 0, "\(differing) channels differ between the window and the offscreen render")
        #expect(log.items == ["button", "pan began", "pan ended"], "events: \(events.filter { if case .pointerMoved = $0 { return false }; return true })")
        #expect(scroll.contentOffset.y == 40)                  // one wheel notch
        #expect(host.pacing.frames >= 1)
    }

    final class KeyView: UIView {
        var keys: [String] = []
        var layouts = 0
        override var canBecomeFirstResponder: Bool { true }
        override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
            keys += presses.compactMap { $0.key?.characters }
        }
        override func layoutSubviews() { layouts += 1 }
    }

    @Test func keysResizeAndClosingMidAnimation() throws {
        guard SDLVideo.isAvailable else { return }     // the first test reports a missing display
        let title = "lamina-test-\(UUID().uuidString.prefix(8))"
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 120, height: 90))
        let v = KeyView(frame: w.bounds)
        v.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        v.backgroundColor = .systemTeal
        w.addSubview(v)
        let spinner = CALayer()
        spinner.frame = CGRect(x: 10, y: 10, width: 30, height: 30)
        spinner.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        v.layer.addSublayer(spinner)
        w.makeKeyAndVisible()
        let host = try w.showOnScreen(title: title)
        let scale = host.window.scale
        w.run {
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.toValue = Double.pi * 2
            spin.duration = 1
            spin.repeatCount = .infinity
            spinner.add(spin, forKey: "spin")
        }
        #expect(v.becomeFirstResponder())
        var step = 0
        let start = MediaClock.system.now
        w.runOnScreen {
            let t = MediaClock.system.now - start
            switch step {
            case 0 where t > 0.3 && host.pacing.frames >= 1:
                let id = self.uncover(title, at: (20, 700))
                _ = try? self.run("xdotool", ["key", "--window", id, "shift+h", "i"])
                _ = try? self.run("xdotool", ["windowsize", id, String(Int(200 * scale)), String(Int(150 * scale))])
                step = 1
            // Closed once the keys and the resize arrived and the spinner has kept frames
            // coming (under ThreadSanitizer the keys can arrive before the fourth frame).
            case 1 where (v.keys.count >= 3 && w.bounds.width == 200 && host.pacing.frames > 3) || t > 10:
                // Closed while the animation runs and a frame may be in flight.
                host.window.close()
                step = 2
            default: break
            }
            return t > 12
        }
        #expect(!w.isOnScreen && step == 2)
        // Shift is a press of its own (no characters), as on iOS.
        #expect(v.keys == ["", "H", "i"])
        #expect(w.bounds.size == CGSize(width: 200, height: 150))
        #expect(v.bounds.size == CGSize(width: 200, height: 150) && v.layouts >= 1)
        #expect(host.pacing.frames > 3)                        // the spinner kept frames coming
        // The window still renders offscreen afterwards.
        #expect(w.render() != nil)
    }

    /// A click places the caret in a text field and typing edits it; a click in a text view
    /// moves the editing there and Return makes a line. Text arrives as SDL's text events, so
    /// what `xdotool type` sends is what the field holds (xdotool types letters outside the
    /// keymap by remapping a key for an instant, which SDL does not see: those are tested
    /// headless, through the same window events).
    @Test func clicksAndTypingEditTextFieldsAndViews() throws {
        guard SDLVideo.isAvailable else { return }
        let title = "lamina-test-\(UUID().uuidString.prefix(8))"
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 140))
        w.backgroundColor = .systemGroupedBackground
        let field = UITextField(frame: CGRect(x: 10, y: 10, width: 180, height: 34))
        field.borderStyle = .roundedRect
        field.placeholder = "Name"
        field.pasteboard = .withUniqueName()
        w.addSubview(field)
        let view = UITextView(frame: CGRect(x: 10, y: 54, width: 180, height: 76))
        view.font = .systemFont(ofSize: 15)
        w.addSubview(view)
        w.makeKeyAndVisible()
        let host = try w.showOnScreen(title: title)
        let scale = host.window.scale
        func s(_ v: CGFloat) -> String { String(Int(v * scale)) }
        var step = 0
        var blinking = false
        let start = MediaClock.system.now
        w.runOnScreen {
            let t = MediaClock.system.now - start
            switch step {
            case 0 where t > 0.3 && host.pacing.frames >= 1:
                let id = self.uncover(title, at: (20, 380))
                _ = try? self.run("xdotool", ["mousemove", "--window", id, s(100), s(27), "click", "1"])
                _ = try? self.run("xdotool", ["type", "--window", id, "--delay", "20", "Hello, world!"])
                step = 1
            case 1 where field.text == "Hello, world!" || t > 8:
                blinking = field.layer.sublayers?.contains { $0.animation(forKey: "blink") != nil } == true
                let id = self.uncover(title, at: (20, 380))
                _ = try? self.run("xdotool", ["mousemove", "--window", id, s(100), s(90), "click", "1"])
                _ = try? self.run("xdotool", ["type", "--window", id, "--delay", "20", "one"])
                _ = try? self.run("xdotool", ["key", "--window", id, "Return"])
                _ = try? self.run("xdotool", ["type", "--window", id, "--delay", "20", "two"])
                _ = try? self.run("xdotool", ["key", "--window", id, "BackSpace"])
                step = 2
            case 2 where view.text == "one\ntw" || t > 16:
                host.window.close()
                step = 3
            default: break
            }
            return t > 18
        }
        #expect(step == 3)
        #expect(field.text == "Hello, world!" && !field.isEditing, "field: \(field.text.debugDescription)")
        #expect(blinking, "the caret blinks in a window on screen")
        #expect(view.text == "one\ntw" && view.isFirstResponder)
        // Off screen the caret no longer blinks: snapshots are still.
        view.insertText("o")
        #expect(view.layer.sublayers?.contains { $0.animation(forKey: "blink") != nil } == false)
    }

    final class PhotoScreen: UIViewController, UIContextMenuInteractionDelegate {
        var validated = 0
        let photo = UIView(frame: CGRect(x: 60, y: 110, width: 200, height: 120))
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .systemBackground
            photo.backgroundColor = .systemTeal
            photo.addInteraction(UIContextMenuInteraction(delegate: self))
            view.addSubview(photo)
        }
        override var keyCommands: [UIKeyCommand]? {
            [UIKeyCommand(title: "Find", action: "find:", input: "f", modifierFlags: .command)]
        }
        override func validate(_ command: UICommand) { validated += 1 }
        override var canBecomeFirstResponder: Bool { true }
        func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                    configurationForMenuAtLocation location: CGPoint) -> UIContextMenuConfiguration? {
            UIContextMenuConfiguration(previewProvider: nil) { _ in UIMenu(children: [UIAction(title: "Share") { _ in }]) }
        }
    }

    /// Presenting and navigating with the pointer and keys of a real display: a push animates,
    /// a drag from the left edge pops, a sheet dragged down is dismissed, a long press opens a
    /// context menu, and Command-F (the Super key) reaches a responder's key commands.
    @Test func pushesSwipesSheetsMenusAndKeyCommandsOnScreen() throws {
        guard SDLVideo.isAvailable else { return }
        let title = "lamina-test-\(UUID().uuidString.prefix(8))"
        let first = PhotoScreen(), second = UIViewController()
        first.title = "Photos"
        second.title = "Detail"
        second.view.backgroundColor = .systemGroupedBackground
        let nav = UINavigationController(rootViewController: first)
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        w.rootViewController = nav
        w.makeKeyAndVisible()
        let host = try w.showOnScreen(title: title)
        let scale = host.window.scale
        func s(_ v: CGFloat) -> String { String(Int(v * scale)) }
        var step = 0
        var slidMidway = false, menuShown = false
        let start = MediaClock.system.now
        var mark = 0.0
        w.runOnScreen {
            let t = MediaClock.system.now - start
            switch step {
            case 0 where t > 0.3 && host.pacing.frames >= 1:
                _ = self.uncover(title, at: (20, 380))
                nav.pushViewController(second, animated: true)
                step = 1
            case 1:
                if nav.transitionCoordinator != nil, let x = w.run({ second.view.layer.presentation()?.position.x }), x > 161, x < 479 { slidMidway = true }
                if nav.transitionCoordinator == nil || t > 6 {
                    // A drag from the left edge, past half the width.
                    let id = self.uncover(title, at: (20, 380))
                    _ = try? self.run("xdotool", ["mousemove", "--window", id, s(2), s(300), "mousedown", "1",
                                                  "mousemove", "--window", id, s(40), s(300), "sleep", "0.05",
                                                  "mousemove", "--window", id, s(120), s(300), "sleep", "0.05",
                                                  "mousemove", "--window", id, s(200), s(300), "sleep", "0.05",
                                                  "mousemove", "--window", id, s(260), s(300), "mouseup", "1"])
                    step = 2
                }
            case 2 where (nav.viewControllers.count == 1 && nav.transitionCoordinator == nil) || t > 12:
                // A sheet, dragged down.
                let sheet = UIViewController()
                sheet.view.backgroundColor = .systemBackground
                nav.present(sheet, animated: false)
                let id = self.uncover(title, at: (20, 380))
                _ = try? self.run("xdotool", ["mousemove", "--window", id, s(160), s(150), "mousedown", "1",
                                              "mousemove", "--window", id, s(160), s(200), "sleep", "0.05",
                                              "mousemove", "--window", id, s(160), s(300), "sleep", "0.05",
                                              "mousemove", "--window", id, s(160), s(420), "mouseup", "1"])
                step = 3
            case 3 where (nav.presentedViewController == nil && t > 0) || t > 18:
                // A long press on the photo.
                let id = self.uncover(title, at: (20, 380))
                _ = try? self.run("xdotool", ["mousemove", "--window", id, s(160), s(170), "mousedown", "1"])
                mark = t
                step = 4
            case 4 where t > mark + 0.9:
                let id = self.uncover(title, at: (20, 380))
                _ = try? self.run("xdotool", ["mouseup", "--window", id, "1"])
                menuShown = AlertControllerTests.frame(of: "Share", in: w) != nil
                _ = try? self.run("xdotool", ["key", "--window", id, "Escape"])
                // Key commands are looked for from the first responder up.
                first.becomeFirstResponder()
                _ = try? self.run("xdotool", ["key", "--window", id, "super+f"])
                mark = t
                step = 5
            case 5 where first.validated > 0 || t > mark + 4:
                host.window.close()
                step = 6
            default: break
            }
            return t > 30
        }
        #expect(step == 6)
        #expect(slidMidway, "the push slid in")
        #expect(nav.viewControllers == [first], "the edge drag popped")
        #expect(nav.presentedViewController == nil, "the sheet was dragged away")
        #expect(menuShown, "the long press opened the context menu")
        #expect(first.validated == 1, "Command-F reached the key commands")
    }

    /// Both ways of presenting show the offscreen render's pixels: the window system's
    /// framebuffer, and an SDL renderer (vsync asked for; honoured where the driver can).
    @Test(arguments: [NativeWindow.Presentation.surface, .renderer(vsync: true)])
    func presentationsShowTheRender(_ presentation: NativeWindow.Presentation) throws {
        guard SDLVideo.isAvailable else { return }
        let title = "lamina-test-\(UUID().uuidString.prefix(8))"
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 90, height: 60)
        root.backgroundColor = CGColor(red: 0.2, green: 0.6, blue: 0.3, alpha: 1)
        let dot = CALayer()
        dot.frame = CGRect(x: 20, y: 10, width: 30, height: 30)
        dot.cornerRadius = 15
        dot.backgroundColor = CGColor(red: 1, green: 0.9, blue: 0.2, alpha: 1)
        root.addSublayer(dot)
        let window = try NativeWindow(title: title, size: root.bounds.size, scale: 1, presentation: presentation)
        #expect(window.presentation == presentation)
        let driver = FrameDriver(layer: root, scale: 1)
        let host = LayerWindowHost(driver: driver, window: window)
        var shot: Data?
        var id = ""
        var framesWhenUncovered = -1
        let start = MediaClock.system.now
        host.run {
            let t = MediaClock.system.now - start
            // A frame on screen first (the machine may be busy with other tests), then the
            // window uncovered and presented whole again, then the dump.
            if framesWhenUncovered < 0 {
                guard t > 0.3, host.pacing.frames >= 1 else { return t > 10 }
                id = uncover(title, at: presentation == .surface ? (1000, 20) : (1000, 700))
                framesWhenUncovered = host.pacing.frames
                host.setNeedsPresent()
                return false
            }
            guard host.pacing.frames > framesWhenUncovered || t > 10 else { return false }
            shot = try? run("xwd", ["-id", id, "-silent"])
            return true
        }
        window.close()
        let pixels = try self.pixels(ofXWD: try #require(shot))
        let offscreen = try #require(CARenderer(layer: root, scale: 1).image()).straightRGBA8()
        var differing = 0
        for i in 0..<(pixels.width * pixels.height) {
            for c in 0..<3 where abs(Int(pixels.rgb[i * 3 + c]) - Int(offscreen[i * 4 + c])) > 1 { differing += 1 }
        }
        #expect(pixels.width == 90 && differing == 0, "\(differing) channels differ")
    }

    /// Windows on different threads at once (SDL and Xlib must not be entered from two threads:
    /// this crashed Xlib before every SDL call went through one lock), each drawing frames.
    @Test func windowsOnTwoThreadsAtOnce() throws {
        guard SDLVideo.isAvailable else { return }
        final class Result: @unchecked Sendable { var frames: [Int] = [0, 0]; let lock = NSLock() }
        let result = Result()
        let group = DispatchGroup()
        for k in 0..<2 {
            group.enter()
            let t = Thread {
                defer { group.leave() }
                let root = CALayer()
                root.bounds = CGRect(x: 0, y: 0, width: 80, height: 50)
                root.backgroundColor = CGColor(red: CGFloat(k), green: 0.5, blue: 0.5, alpha: 1)
                let spin = CALayer()
                spin.frame = CGRect(x: 20, y: 10, width: 30, height: 30)
                spin.backgroundColor = CGColor(gray: 1, alpha: 1)
                root.addSublayer(spin)
                guard let window = try? NativeWindow(title: "lamina-thread-\(k)", size: root.bounds.size, scale: 1) else { return }
                let driver = FrameDriver(layer: root, scale: 1)
                driver.run {
                    let a = CABasicAnimation(keyPath: "transform.rotation.z")
                    a.toValue = Double.pi * 2
                    a.duration = 0.5
                    a.repeatCount = .infinity
                    spin.add(a, forKey: "spin")
                }
                let host = LayerWindowHost(driver: driver, window: window)
                host.run(forSeconds: 0.8)
                window.close()
                result.lock.withLock { result.frames[k] = host.pacing.frames }
            }
            t.start()
        }
        group.wait()
        #expect(result.frames.allSatisfy { $0 >= 10 }, "\(result.frames)")
    }
}
