import Foundation

/// A scene: one instance of the application's interface (UIKit's `UIScene`).
///
/// Lamina connects one scene, `UIWindowScene`'s on `UIScreen.main`; its state follows the
/// application's (`.foregroundInactive` until a window is made key and visible, then
/// `.foregroundActive`).
open class UIScene: UIResponder {
    /// A scene's run state.
    public enum ActivationState: Int, Sendable {
        case unattached = -1, foregroundActive = 0, foregroundInactive = 1, background = 2
    }

    /// The scene's title (kept; Lamina shows no app switcher).
    open var title: String = ""

    /// The scene's state, from the application's.
    open var activationState: ActivationState {
        switch UIApplication.shared.applicationState {
        case .active: .foregroundActive
        case .inactive: .foregroundInactive
        case .background: .background
        }
    }

    override init() { super.init() }

    /// The next responder: the application.
    open override var next: UIResponder? { UIApplication.shared }
}

/// A scene that shows windows on a screen (UIKit's `UIWindowScene`).
open class UIWindowScene: UIScene {
    /// The scene every window made without one joins, on `UIScreen.main`.
    static let main = UIWindowScene()

    /// The screen the scene is on.
    open var screen: UIScreen { UIScreen.main }

    /// The scene's live windows, back to front.
    open var windows: [UIWindow] { UIApplication.shared.windows.filter { $0.windowScene === self } }

    /// The scene's key window.
    open var keyWindow: UIWindow? { windows.last { $0.isKeyWindow } }

    /// The scene's coordinate space: the screen's bounds.
    open var coordinateSpaceBounds: CGRect { screen.bounds }
}
