import Foundation

/// Why a window could not be opened or used.
public enum WindowError: Error, CustomStringConvertible, Equatable, Sendable {
    /// There is no display to open a window on (no `DISPLAY`/`WAYLAND_DISPLAY`, or SDL found no
    /// video device): render offscreen instead.
    case noDisplay(String)
    /// The window system refused to make the window.
    case creationFailed(String)
    /// The size asked for is not a window size (zero, negative, not finite, or beyond the limit).
    case invalidSize(String)

    public var description: String {
        switch self {
        case .noDisplay(let why): "no display: \(why)"
        case .creationFailed(let why): "the window could not be created: \(why)"
        case .invalidSize(let why): "invalid window size: \(why)"
        }
    }
}
