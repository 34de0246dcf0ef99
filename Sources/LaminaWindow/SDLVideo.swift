import CSDL2
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
