import Foundation

/// A button of an alert or action sheet (UIKit's `UIAlertAction`): its title, style and the
/// handler run after the alert is dismissed by a tap on it.
@preconcurrency @MainActor
open class UIAlertAction: NSObject {
    /// How an action looks and where it goes.
    public enum Style: Int, Sendable {
        /// The tint colour.
        case `default` = 0
        /// Bold (when no action is preferred), last (or left of two); at most one per alert.
        case cancel = 1
        /// Red.
        case destructive = 2
    }

    /// The button's title.
    open private(set) var title: String?
    /// The button's style.
    open private(set) var style: Style
    /// Whether the button can be tapped (a disabled one is grey).
    open var isEnabled = true { didSet { if oldValue != isEnabled { changed?() } } }
    let handler: ((UIAlertAction) -> Void)?
    /// Tells the alert showing the action that it changed.
    var changed: (() -> Void)?

    /// An action titled `title` in `style`; `handler` runs after a tap dismissed the alert.
    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
        super.init()
    }
}
