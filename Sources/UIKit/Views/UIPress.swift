import Foundation

/// A physical button press: on Linux, a key of the keyboard (UIKit's `UIPress`).
@preconcurrency @MainActor
open class UIPress: NSObject {
    /// A press's phase.
    public enum Phase: Int, Sendable { case began, changed, stationary, ended, cancelled }
    /// Remote and game-controller buttons; keyboard presses map arrows, Return (select) and
    /// Escape (menu) as tvOS does, other keys have a type outside these cases.
    public enum PressType: Int, Sendable {
        case upArrow, downArrow, leftArrow, rightArrow, select, menu, playPause
        case pageUp = 30, pageDown = 31
    }

    open internal(set) var phase: Phase = .began
    open internal(set) var timestamp: TimeInterval = 0
    /// The type for arrows, Return, Escape and the page keys; nil for other keys. Differs from
    /// UIKit, whose property is not optional: UIKit gives other keys a private raw value, which
    /// a Swift enum cannot hold.
    open internal(set) var type: PressType? = nil
    open internal(set) weak var window: UIWindow?
    open internal(set) weak var responder: UIResponder?
    /// How hard (1 for a key).
    open internal(set) var force: CGFloat = 1
    /// The key pressed.
    open internal(set) var key: UIKey?

    public override init() { super.init() }
}

/// A keyboard key as a press reports it (UIKit's `UIKey`).
@preconcurrency @MainActor
open class UIKey: NSObject {
    /// What the key types with its modifiers ("A" with Shift).
    open internal(set) var characters: String = ""
    /// What it types without modifiers.
    open internal(set) var charactersIgnoringModifiers: String = ""
    /// The modifier keys held.
    open internal(set) var modifierFlags: UIKeyModifierFlags = []
    /// The physical key (its USB HID usage).
    open internal(set) var keyCode: UIKeyboardHIDUsage = UIKeyboardHIDUsage(rawValue: 0)

    public override init() { super.init() }
}

/// Modifier keys (UIKit's `UIKeyModifierFlags`, with its raw values).
public struct UIKeyModifierFlags: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
    public static let numericPad = UIKeyModifierFlags(rawValue: 1 << 21)
}

/// A key's USB HID usage (UIKit's `UIKeyboardHIDUsage`): any value compares; the common keys
/// have their UIKit names.
public struct UIKeyboardHIDUsage: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let keyboardA = UIKeyboardHIDUsage(rawValue: 0x04)
    public static let keyboardB = UIKeyboardHIDUsage(rawValue: 0x05)
    public static let keyboardC = UIKeyboardHIDUsage(rawValue: 0x06)
    public static let keyboardD = UIKeyboardHIDUsage(rawValue: 0x07)
    public static let keyboardE = UIKeyboardHIDUsage(rawValue: 0x08)
    public static let keyboardF = UIKeyboardHIDUsage(rawValue: 0x09)
    public static let keyboardS = UIKeyboardHIDUsage(rawValue: 0x16)
    public static let keyboardW = UIKeyboardHIDUsage(rawValue: 0x1A)
    public static let keyboardX = UIKeyboardHIDUsage(rawValue: 0x1B)
    public static let keyboardZ = UIKeyboardHIDUsage(rawValue: 0x1D)
    public static let keyboard1 = UIKeyboardHIDUsage(rawValue: 0x1E)
    public static let keyboard0 = UIKeyboardHIDUsage(rawValue: 0x27)
    public static let keyboardReturnOrEnter = UIKeyboardHIDUsage(rawValue: 0x28)
    public static let keyboardEscape = UIKeyboardHIDUsage(rawValue: 0x29)
    public static let keyboardDeleteOrBackspace = UIKeyboardHIDUsage(rawValue: 0x2A)
    public static let keyboardTab = UIKeyboardHIDUsage(rawValue: 0x2B)
    public static let keyboardSpacebar = UIKeyboardHIDUsage(rawValue: 0x2C)
    public static let keyboardRightArrow = UIKeyboardHIDUsage(rawValue: 0x4F)
    public static let keyboardLeftArrow = UIKeyboardHIDUsage(rawValue: 0x50)
    public static let keyboardDownArrow = UIKeyboardHIDUsage(rawValue: 0x51)
    public static let keyboardUpArrow = UIKeyboardHIDUsage(rawValue: 0x52)
    public static let keyboardPageUp = UIKeyboardHIDUsage(rawValue: 0x4B)
    public static let keyboardPageDown = UIKeyboardHIDUsage(rawValue: 0x4E)
    public static let keyboardV = UIKeyboardHIDUsage(rawValue: 0x19)
    public static let keyboardY = UIKeyboardHIDUsage(rawValue: 0x1C)
    public static let keyboardHome = UIKeyboardHIDUsage(rawValue: 0x4A)
    public static let keyboardEnd = UIKeyboardHIDUsage(rawValue: 0x4D)
    public static let keyboardDeleteForward = UIKeyboardHIDUsage(rawValue: 0x4C)
    public static let keypadEnter = UIKeyboardHIDUsage(rawValue: 0x58)
}

/// An event of presses (UIKit's `UIPressesEvent`).
open class UIPressesEvent: UIEvent {
    open override var type: EventType { .presses }
    /// Every press of the event.
    open internal(set) var allPresses: Set<UIPress> = []
    /// The presses for `gestureRecognizer` (all of them: Lamina's recognizers take no presses).
    open func presses(for gestureRecognizer: UIGestureRecognizer) -> Set<UIPress> { allPresses }
}
