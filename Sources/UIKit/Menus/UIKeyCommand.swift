import Foundation

/// A command triggered by a key and modifier keys (UIKit's `UIKeyCommand`), listed by a
/// responder's `keyCommands`. A key press in a window (`UIWindow.press(_:phase:)`) looks for
/// a matching command along the responder chain from the first responder, as UIKit does;
/// Lamina then reports that it cannot call the command's action by name (see `UICommand`).
@preconcurrency @MainActor
open class UIKeyCommand: UICommand {
    /// The key (a character, or one of the `input…` constants).
    open private(set) var input: String?
    /// The modifier keys.
    open private(set) var modifierFlags: UIKeyModifierFlags
    /// Whether the command goes before the system's handling of the key.
    open var wantsPriorityOverSystemBehavior = false
    /// Whether the title is localized automatically.
    open var allowsAutomaticLocalization = true
    /// Whether the key is mirrored in right-to-left layouts.
    open var allowsAutomaticMirroring = true

    /// A command with a title for menus and the discoverability interface.
    public init(title: String = "", image: UIImage? = nil, action: Selector, input: String,
                modifierFlags: UIKeyModifierFlags = [], propertyList: Any? = nil, alternates: [UICommandAlternate] = [],
                discoverabilityTitle: String? = nil, attributes: Attributes = [], state: State = .off) {
        self.input = input
        self.modifierFlags = modifierFlags
        super.init(title: title, image: image, action: action, propertyList: propertyList, alternates: alternates,
                   discoverabilityTitle: discoverabilityTitle, attributes: attributes, state: state)
    }

    /// A command without a title.
    public convenience init(input: String, modifierFlags: UIKeyModifierFlags, action: Selector) {
        self.init(title: "", action: action, input: input, modifierFlags: modifierFlags)
    }

    /// A command with a discoverability title (iOS 9–12's form).
    public convenience init(input: String, modifierFlags: UIKeyModifierFlags, action: Selector, discoverabilityTitle: String) {
        self.init(title: "", action: action, input: input, modifierFlags: modifierFlags, discoverabilityTitle: discoverabilityTitle)
    }

    /// Whether `key` triggers the command (the same characters, ignoring case when Shift is
    /// not asked for, and the same modifiers among Shift, Control, Option and Command).
    func matches(_ key: UIKey) -> Bool {
        guard let input else { return false }
        let relevant: UIKeyModifierFlags = [.shift, .control, .alternate, .command]
        guard key.modifierFlags.intersection(relevant) == modifierFlags.intersection(relevant) else { return false }
        if input == key.charactersIgnoringModifiers { return true }
        return input.lowercased() == key.charactersIgnoringModifiers.lowercased()
    }

    public static let inputUpArrow = "UIKeyInputUpArrow"
    public static let inputDownArrow = "UIKeyInputDownArrow"
    public static let inputLeftArrow = "UIKeyInputLeftArrow"
    public static let inputRightArrow = "UIKeyInputRightArrow"
    public static let inputEscape = "UIKeyInputEscape"
    public static let inputPageUp = "UIKeyInputPageUp"
    public static let inputPageDown = "UIKeyInputPageDown"
    public static let inputHome = "UIKeyInputHome"
    public static let inputEnd = "UIKeyInputEnd"
    public static let inputDelete = "UIKeyInputDelete"
    public static let inputF1 = "UIKeyInputF1"
    public static let inputF2 = "UIKeyInputF2"
    public static let inputF3 = "UIKeyInputF3"
    public static let inputF4 = "UIKeyInputF4"
    public static let inputF5 = "UIKeyInputF5"
    public static let inputF6 = "UIKeyInputF6"
    public static let inputF7 = "UIKeyInputF7"
    public static let inputF8 = "UIKeyInputF8"
    public static let inputF9 = "UIKeyInputF9"
    public static let inputF10 = "UIKeyInputF10"
    public static let inputF11 = "UIKeyInputF11"
    public static let inputF12 = "UIKeyInputF12"
}
