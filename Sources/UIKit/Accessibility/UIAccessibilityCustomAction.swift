import Foundation

/// Runs a custom action; true when it succeeded (UIKit's `UIAccessibilityCustomActionHandler`).
public typealias UIAccessibilityCustomActionHandler = (UIAccessibilityCustomAction) -> Bool

/// An action assistive technologies offer on an element (UIKit's `UIAccessibilityCustomAction`),
/// listed in `accessibilityCustomActions`. Actions made with a handler run; those made with a
/// target and selector keep the method's name, which Lamina cannot call (see `Selector`).
@preconcurrency @MainActor
open class UIAccessibilityCustomAction: NSObject {
    /// The action's name, read to the user.
    open var name: String
    /// The name with attributes.
    open var attributedName: NSAttributedString {
        get { NSAttributedString(string: name) }
        set { name = newValue.string }
    }
    /// An image shown for the action (iOS 14).
    open var image: UIImage?
    /// The object whose method the action names.
    open weak var target: AnyObject?
    /// The name of that method.
    open var selector: Selector?
    /// The closure the action runs.
    open var actionHandler: UIAccessibilityCustomActionHandler?
    /// A category grouping actions (iOS 18; kept).
    open var category: String?

    /// An action calling `selector` on `target`.
    public init(name: String, target: Any?, selector: Selector) {
        self.name = name
        self.target = target as AnyObject?
        self.selector = selector
        super.init()
    }

    /// An action with an attributed name calling `selector` on `target`.
    public convenience init(attributedName: NSAttributedString, target: Any?, selector: Selector) {
        self.init(name: attributedName.string, target: target, selector: selector)
    }

    /// An action running `actionHandler`.
    public init(name: String, image: UIImage? = nil, actionHandler: @escaping UIAccessibilityCustomActionHandler) {
        self.name = name
        self.image = image
        self.actionHandler = actionHandler
        super.init()
    }

    /// An action with an attributed name running `actionHandler`.
    public convenience init(attributedName: NSAttributedString, image: UIImage? = nil,
                            actionHandler: @escaping UIAccessibilityCustomActionHandler) {
        self.init(name: attributedName.string, image: image, actionHandler: actionHandler)
    }
}
