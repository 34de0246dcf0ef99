import CoreGraphics
import Foundation

/// An input or window event, in the window's coordinates (points, y down, origin top left).
public enum WindowEvent: Equatable, Sendable {
    /// A pointer button went down (`button` 1 is the primary button).
    case pointerDown(CGPoint, button: Int, clicks: Int, time: TimeInterval)
    /// The pointer moved; `buttons` is the set of buttons held (bit 0 the primary).
    case pointerMoved(CGPoint, buttons: Int, time: TimeInterval)
    /// A pointer button came up.
    case pointerUp(CGPoint, button: Int, time: TimeInterval)
    /// The pointer left the window.
    case pointerLeft
    /// A wheel or two-finger scroll by `delta` points (positive y scrolls content down, as a
    /// finger dragging up does).
    case scroll(CGPoint, delta: CGVector, time: TimeInterval)
    /// A finger touched the screen (`id` names it until it lifts).
    case touchDown(id: Int, CGPoint, time: TimeInterval)
    /// A finger moved.
    case touchMoved(id: Int, CGPoint, time: TimeInterval)
    /// A finger lifted.
    case touchUp(id: Int, CGPoint, time: TimeInterval)
    /// A key went down (`repeat` when held).
    case keyDown(Key, isRepeat: Bool, time: TimeInterval)
    /// A key came up.
    case keyUp(Key, time: TimeInterval)
    /// Text typed (after the keyboard layout and input method).
    case text(String)
    /// An input method's composition in progress: the text so far, and the selection in it
    /// (UTF-16 offset and length); an empty string ends it.
    case textEditing(String, start: Int, length: Int)
    /// The window's size changed (points).
    case resized(CGSize)
    /// Part of the window must be presented again (it was uncovered).
    case exposed
    /// The user asked to close the window.
    case closeRequested
}

/// A key of a key event.
public struct Key: Equatable, Sendable {
    /// Its name as SDL gives it ("A", "Space", "Left", "Return"…).
    public var name: String
    /// Its USB HID usage (page 7), the physical key whatever the layout (SDL's scancode).
    public var usage: Int
    /// The character it types in the current layout without modifiers ("" for keys that type
    /// none).
    public var character: String
    /// The modifier keys held.
    public var modifiers: KeyModifiers

    public init(name: String, usage: Int, character: String, modifiers: KeyModifiers) {
        self.name = name
        self.usage = usage
        self.character = character
        self.modifiers = modifiers
    }
}

/// Modifier keys held during a key event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1)
    public static let control = KeyModifiers(rawValue: 2)
    public static let alternate = KeyModifiers(rawValue: 4)
    public static let command = KeyModifiers(rawValue: 8)
    public static let capsLock = KeyModifiers(rawValue: 16)
}
