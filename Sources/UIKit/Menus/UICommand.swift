import Foundation

/// An alternate of a command under other modifier keys (UIKit's `UICommandAlternate`).
@preconcurrency @MainActor
open class UICommandAlternate: NSObject {
    open private(set) var title: String
    open private(set) var action: Selector
    open private(set) var modifierFlags: UIKeyModifierFlags

    public init(title: String, action: Selector, modifierFlags: UIKeyModifierFlags) {
        self.title = title
        self.action = action
        self.modifierFlags = modifierFlags
        super.init()
    }
}

/// A menu element that sends an action up the responder chain (UIKit's `UICommand`).
///
/// Lamina keeps the action's name (`Selector`) but cannot call a method by name (Swift on Linux
/// has no Objective-C runtime): choosing a command reports a diagnostic naming it. Menus whose
/// elements must run use `UIAction`.
@preconcurrency @MainActor
open class UICommand: UIMenuElement {
    /// The name of the method the command sends.
    open private(set) var action: Selector
    /// A value the command carries for its handler.
    open private(set) var propertyList: Any?
    /// Its alternates.
    open private(set) var alternates: [UICommandAlternate]
    /// A title for the discoverability interface.
    open var discoverabilityTitle: String?
    /// How it is shown.
    open var attributes: Attributes
    /// Its check mark.
    open var state: State

    /// A command titled `title` sending `action`.
    public init(title: String, image: UIImage? = nil, action: Selector, propertyList: Any? = nil,
                alternates: [UICommandAlternate] = [], discoverabilityTitle: String? = nil,
                attributes: Attributes = [], state: State = .off) {
        self.action = action
        self.propertyList = propertyList
        self.alternates = alternates
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        super.init(title: title, image: image)
    }

    open override var title: String {
        get { elementTitle }
        set { elementTitle = newValue }
    }

    open override var image: UIImage? {
        get { elementImage }
        set { elementImage = newValue }
    }

    override var menuAttributes: Attributes { attributes }
    override var menuState: State { state }

    /// Chosen in a menu or by its keys: the action cannot be called by name.
    func send(from responder: UIResponder?) {
        LaminaDiagnostics.report("\(type(of: self)) \"\(title)\": Lamina cannot call the action \(action.name) by name (no Objective-C runtime on Linux); use a UIAction for a menu element that runs")
    }
}
