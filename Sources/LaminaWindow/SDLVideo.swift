@_implementationOnly import CSDL2
import Foundation

/// SDL's video and event subsystems, started once per process on first use.
///
/// SDL is only asked when the environment names a display (`DISPLAY`, `WAYLAND_DISPLAY`, or an
/// explicit `SDL_VIDEODRIVER`): on a server without one, nothing is loaded or probed and
/// ``availability`` says why. `LAMINA_HEADLESS=1` forces headless operation everywhere.
public enum SDLVideo {
    /// Whether windows can be opened, or why not.
    public static var availability: Result<Void, WindowError> { started }

    /// Whether a display is present (``availability`` succeeded).
    public static var isAvailable: Bool {
        if case .success = started { return true }
        return false
    }

    private static let started: Result<Void, WindowError> = {
        let env = ProcessInfo.processInfo.environment
        if let h = env["LAMINA_HEADLESS"], !h.isEmpty, h != "0" {
            return .failure(.noDisplay("LAMINA_HEADLESS is set"))
        }
        let named = ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"].contains { !(env[$0] ?? "").isEmpty }
        guard named else {
            return .failure(.noDisplay("neither DISPLAY nor WAYLAND_DISPLAY is set (run under a desktop, or xvfb-run)"))
        }
        // SDL must not take over SIGINT/SIGTERM, and touches must not also arrive as mouse
        // events (nor mouse events as touches): UIKit gets each input once.
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
        // The window surface as the window system's own framebuffer (shared memory on X11),
        // not emulated with a GPU texture: frames are drawn on the CPU and only their damaged
        // rectangles are copied. The emulation (OpenGL, llvmpipe without a GPU) uploaded and
        // drew the whole window for every present: 17 ms against 0.4 ms for a 1179x2556
        // window (lamina-bench window). SDL_FRAMEBUFFER_ACCELERATION in the environment
        // overrides this.
        if (env["SDL_FRAMEBUFFER_ACCELERATION"] ?? "").isEmpty {
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        }
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            return .failure(.noDisplay("SDL could not start its video subsystem: \(lastError)"))
        }
        return .success(())
    }()

    /// SDL's last error message.
    static var lastError: String { String(cString: SDL_GetError()) }
}

extension SDLVideo {
    /// Serializes every call into SDL's video and event subsystems: SDL (and Xlib under it) must
    /// not be entered from two threads at once, and windows may live on different threads (two
    /// tests, or a tool and an application window).
    static let lock = NSRecursiveLock()

    /// Runs `body` holding ``lock``.
    static func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// SDL's one event queue shared out among the windows: whichever window's thread pumps moves
/// every pending event into the queue of the window it names (events that name none, such as a
/// quit, go to all), so windows on different threads each see their own events and none are
/// lost.
@_implementationOnly final class SDLEventHub: @unchecked Sendable {
    static let shared = SDLEventHub()

    // Guarded by SDLVideo.lock.
    private var queues: [UInt32: [SDL_Event]] = [:]
    private let wakeup = NSCondition()
    private var wakes = 0

    func register(_ id: UInt32) { SDLVideo.locked { queues[id] = [] } }
    func unregister(_ id: UInt32) { SDLVideo.locked { queues[id] = nil } }

    /// The events for window `id` (call holding SDLVideo.lock).
    func take(_ id: UInt32) -> [SDL_Event] {
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 {
            let target = SDLEventHub.windowID(of: e)
            if target == 0 {
                if e.type == SDL_QUIT.rawValue { for k in queues.keys { queues[k]?.append(e) } }
            } else {
                queues[target]?.append(e)
            }
        }
        let mine = queues[id] ?? []
        if !mine.isEmpty { queues[id] = [] }
        return mine
    }

    /// Waits up to `seconds` or until ``wake()``.
    func wait(_ seconds: Double) {
        wakeup.lock()
        if wakes == 0 && seconds > 0 { _ = wakeup.wait(until: Date(timeIntervalSinceNow: seconds)) }
        wakes = 0
        wakeup.unlock()
    }

    /// Wakes the windows' waits (any thread).
    func wake() {
        wakeup.lock()
        wakes += 1
        wakeup.broadcast()
        wakeup.unlock()
    }

    /// The window an event is for (0: none or all).
    static func windowID(of e: SDL_Event) -> UInt32 {
        switch e.type {
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue: e.button.windowID
        case SDL_MOUSEMOTION.rawValue: e.motion.windowID
        case SDL_MOUSEWHEEL.rawValue: e.wheel.windowID
        case SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue: e.tfinger.windowID
        case SDL_KEYDOWN.rawValue, SDL_KEYUP.rawValue: e.key.windowID
        case SDL_TEXTINPUT.rawValue: e.text.windowID
        case SDL_TEXTEDITING.rawValue: e.edit.windowID
        case SDL_WINDOWEVENT.rawValue: e.window.windowID
        default: 0
        }
    }
}
