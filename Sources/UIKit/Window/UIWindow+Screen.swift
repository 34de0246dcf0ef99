import Foundation
import LaminaWindow
import QuartzCore

/// A window's presence on a display: the native window and the host that shows its layer tree.
final class ScreenPresence {
    let native: NativeWindow
    let host: LayerWindowHost

    init(native: NativeWindow, host: LayerWindowHost) {
        self.native = native
        self.host = host
    }
}

extension UIWindow {
    /// Whether the window is shown in a window on a display (Lamina API).
    public var isOnScreen: Bool { presence?.native.isOpen ?? false }

    /// The frame pacing of the window on screen, nil when it is not on screen (Lamina API).
    public var framePacing: FramePacing? { presence?.host.pacing }

    /// The host showing the window on the display, nil when it is not on one (Lamina API: its
    /// speed, pause and statistics).
    public var screenHost: LayerWindowHost? { presence?.host }

    /// Opens the window on the display when the main loop runs and a display is present.
    func openOnScreenIfPossible() {
        guard presence == nil, UIApplication.isRunningMainLoop, SDLVideo.isAvailable else { return }
        do {
            try showOnScreen()
        } catch {
            LaminaDiagnostics.report("UIWindow.makeKeyAndVisible(): \(error); the window stays offscreen")
        }
    }

    /// Opens the window on the display, sized to its bounds at the display's scale (Lamina API;
    /// `makeKeyAndVisible()` does this by itself inside the main loop). Input on it becomes
    /// touches and scrolling; ``runOnScreen(until:)`` runs its loop. Throws
    /// `WindowError.noDisplay` without a display.
    @discardableResult
    public func showOnScreen(title: String? = nil) throws(WindowError) -> LayerWindowHost {
        if let p = presence { return p.host }
        let native = try NativeWindow(title: title ?? ProcessInfo.processInfo.processName, size: bounds.size)
        // The views draw at the display's scale. In an application (the main loop runs) the
        // display is also the main screen; a window shown from other code (a test, a tool)
        // leaves the process's main screen alone.
        let screen = UIScreen(size: native.size, scale: native.scale, safeAreaInsets: .zero)
        if UIApplication.isRunningMainLoop { UIScreen.main = screen }
        self.screen = screen
        frame = CGRect(origin: .zero, size: native.size)
        let host = LayerWindowHost(driver: driver, window: native)
        host.showsStatistics = ProcessInfo.processInfo.environment["LAMINA_STATS"].map { !$0.isEmpty && $0 != "0" } ?? false
        presence = ScreenPresence(native: native, host: host)
        host.onEvent = { [unowned self] e in self.handle(e) }
        host.beforeFrame = { [unowned self] t in self.fireGestureDeadlines(at: t) }
        clock.run { CATransaction.flush() }
        return host
    }

    /// Runs the window's loop on the display until it is closed or `done` returns true, then
    /// closes it (Lamina API). Foundation timers and blocks on the main queue run between
    /// refreshes.
    public func runOnScreen(until done: @escaping () -> Bool = { false }) {
        guard let p = presence else { return }
        p.host.run {
            _ = RunLoop.current.run(mode: .default, before: Date())
            return done()
        }
        closeOnScreen()
    }

    /// Closes the window on the display (the frame in flight finishes first); it stays usable
    /// headless.
    func closeOnScreen() {
        guard let p = presence else { return }
        p.host.finish()
        if p.host.showsStatistics {
            FileHandle.standardError.write(Data("lamina: \(p.host.pacing)\n".utf8))
        }
        p.native.close()
        presence = nil
    }

    /// Turns one window event into UIKit's: pointer and fingers into touches, the wheel into
    /// scrolling, a resize into layout (Lamina API, also used by tests to inject input).
    public func handle(_ event: WindowEvent) {
        switch event {
        case let .pointerDown(point, button, clicks, _):
            guard button == 1, inputTouches[UIWindow.pointerID] == nil else { return }
            inputTouches[UIWindow.pointerID] = touchDown(at: point, tapCount: max(1, clicks))
        case let .pointerMoved(point, buttons, _):
            guard buttons & 1 != 0, let t = inputTouches[UIWindow.pointerID] else { return }
            touchMove(t, to: point)
        case let .pointerUp(point, button, _):
            guard button == 1, let t = inputTouches.removeValue(forKey: UIWindow.pointerID) else { return }
            touchUp(t, at: point)
        case let .touchDown(id, point, _):
            guard id != UIWindow.pointerID, inputTouches[id] == nil else { return }
            inputTouches[id] = touchDown(at: point)
        case let .touchMoved(id, point, _):
            if let t = inputTouches[id] { touchMove(t, to: point) }
        case let .touchUp(id, point, _):
            if let t = inputTouches.removeValue(forKey: id) { touchUp(t, at: point) }
        case let .scroll(point, delta, _):
            scrollWheel(at: point, by: delta)
        case let .resized(size):
            guard size.width > 0, size.height > 0 else { return }
            let s = UIScreen(size: size, scale: screen.scale, safeAreaInsets: .zero)
            if UIApplication.isRunningMainLoop, UIScreen.main === screen { UIScreen.main = s }
            screen = s
            frame = CGRect(origin: .zero, size: size)
            clock.run {
                layoutIfNeeded()
                CATransaction.flush()
            }
        case .closeRequested:
            for t in inputTouches.values { touchCancel(t) }
            inputTouches = [:]
        case let .keyDown(key, isRepeat, _):
            press(UIKey(key), phase: isRepeat ? .changed : .began)
        case let .keyUp(key, _):
            press(UIKey(key), phase: .ended)
        case let .text(string):
            // Typed text goes to a first responder that takes key input (text fields and views).
            guard let input = firstResponder as? any UIKeyInput else { return }
            clock.run {
                input.insertText(string)
                CATransaction.flush()
            }
        case let .textEditing(string, start, length):
            // An input method's composition: marked text in a first responder that takes it.
            guard let input = firstResponder as? any UITextInput else { return }
            clock.run {
                if string.isEmpty { input.setMarkedText(nil, selectedRange: NSRange(location: 0, length: 0)) }
                else { input.setMarkedText(string, selectedRange: NSRange(location: start, length: length)) }
                CATransaction.flush()
            }
        case .pointerLeft, .exposed:
            break
        }
    }

    /// Scrolls the innermost scroll view under `point` that can move by `delta`, clamped to its
    /// content as a wheel scroll on iOS's pointer is.
    func scrollWheel(at point: CGPoint, by delta: CGVector) {
        var v = hitTest(point, with: nil)
        while let view = v {
            if let s = view as? UIScrollView, s.isScrollEnabled {
                let inset = s.adjustedContentInset
                let maxX = max(-inset.left, s.contentSize.width - s.bounds.width + inset.right)
                let maxY = max(-inset.top, s.contentSize.height - s.bounds.height + inset.bottom)
                let o = s.contentOffset
                let n = CGPoint(x: min(maxX, max(-inset.left, o.x + delta.dx)), y: min(maxY, max(-inset.top, o.y + delta.dy)))
                if n != o {
                    clock.run {
                        s.contentOffset = n
                        CATransaction.flush()
                    }
                    return
                }
            }
            v = view.superview
        }
    }
}

extension UIKey {
    /// UIKit's key for a window's key event.
    convenience init(_ k: Key) {
        self.init()
        keyCode = UIKeyboardHIDUsage(rawValue: k.usage)
        charactersIgnoringModifiers = k.character
        let shifted = k.modifiers.contains(.shift) != k.modifiers.contains(.capsLock)
        characters = shifted ? k.character.uppercased() : k.character
        var f: UIKeyModifierFlags = []
        if k.modifiers.contains(.shift) { f.insert(.shift) }
        if k.modifiers.contains(.control) { f.insert(.control) }
        if k.modifiers.contains(.alternate) { f.insert(.alternate) }
        if k.modifiers.contains(.command) { f.insert(.command) }
        if k.modifiers.contains(.capsLock) { f.insert(.alphaShift) }
        modifierFlags = f
    }
}
