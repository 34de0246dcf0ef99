@_implementationOnly import CSDL2
import Foundation

/// The desktop's clipboard text, through SDL, when a display is present (`SDLVideo.isAvailable`);
/// nil and no effect otherwise.
public enum DesktopClipboard {
    /// The clipboard's text, or nil when there is none or no display.
    public static var text: String? {
        get {
            guard SDLVideo.isAvailable else { return nil }
            return SDLVideo.locked {
                guard SDL_HasClipboardText() == SDL_TRUE, let p = SDL_GetClipboardText() else { return nil }
                defer { SDL_free(p) }
                return String(cString: p)
            }
        }
        set {
            guard SDLVideo.isAvailable else { return }
            SDLVideo.locked { _ = SDL_SetClipboardText(newValue ?? "") }
        }
    }
}
