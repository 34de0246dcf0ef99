import Foundation

/// The keyboard a text view asks for (UIKit's `UIKeyboardType`, with its raw values). Accepted
/// and kept; Lamina has no on-screen keyboard, so it changes nothing.
public enum UIKeyboardType: Int, Sendable {
    case `default` = 0, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad,
         emailAddress, decimalPad, twitter, webSearch, asciiCapableNumberPad
    public static let alphabet = UIKeyboardType.asciiCapable
}

/// How typed text is capitalized (UIKit's `UITextAutocapitalizationType`; accepted, not acted on).
public enum UITextAutocapitalizationType: Int, Sendable { case none = 0, words, sentences, allCharacters }
/// Whether autocorrection is on (UIKit's `UITextAutocorrectionType`; accepted, not acted on).
public enum UITextAutocorrectionType: Int, Sendable { case `default` = 0, no, yes }
/// Whether spelling is checked (UIKit's `UITextSpellCheckingType`; accepted, not acted on).
public enum UITextSpellCheckingType: Int, Sendable { case `default` = 0, no, yes }
/// Smart quotes (accepted, not acted on).
public enum UITextSmartQuotesType: Int, Sendable { case `default` = 0, no, yes }
/// Smart dashes (accepted, not acted on).
public enum UITextSmartDashesType: Int, Sendable { case `default` = 0, no, yes }
/// The appearance of the keyboard (accepted, not acted on).
public enum UIKeyboardAppearance: Int, Sendable { case `default` = 0, dark, light
    public static let alert = UIKeyboardAppearance.dark
}
/// The title of the Return key (UIKit's `UIReturnKeyType`; accepted, not acted on).
public enum UIReturnKeyType: Int, Sendable {
    case `default` = 0, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

/// What a text field's content is, for autofill (UIKit's `UITextContentType`; accepted).
public struct UITextContentType: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let name = UITextContentType(rawValue: "name")
    public static let username = UITextContentType(rawValue: "username")
    public static let password = UITextContentType(rawValue: "password")
    public static let newPassword = UITextContentType(rawValue: "new-password")
    public static let oneTimeCode = UITextContentType(rawValue: "one-time-code")
    public static let emailAddress = UITextContentType(rawValue: "email")
    public static let telephoneNumber = UITextContentType(rawValue: "tel")
    public static let URL = UITextContentType(rawValue: "url")
    public static let fullStreetAddress = UITextContentType(rawValue: "street-address")
    public static let postalCode = UITextContentType(rawValue: "postal-code")
}

/// The properties that describe how text is typed (UIKit's `UITextInputTraits`): kept by text
/// fields and text views; Lamina has no on-screen keyboard, so only `isSecureTextEntry`
/// changes what is drawn.
@preconcurrency @MainActor
public protocol UITextInputTraits: AnyObject {
    var autocapitalizationType: UITextAutocapitalizationType { get set }
    var autocorrectionType: UITextAutocorrectionType { get set }
    var spellCheckingType: UITextSpellCheckingType { get set }
    var keyboardType: UIKeyboardType { get set }
    var keyboardAppearance: UIKeyboardAppearance { get set }
    var returnKeyType: UIReturnKeyType { get set }
    var enablesReturnKeyAutomatically: Bool { get set }
    var isSecureTextEntry: Bool { get set }
    var textContentType: UITextContentType! { get set }
}

/// Typing into a responder (UIKit's `UIKeyInput`): a first responder that adopts it receives
/// the text typed in a window (and the Backspace key) while it is first responder.
@preconcurrency @MainActor
public protocol UIKeyInput: UITextInputTraits {
    /// Whether there is any text.
    var hasText: Bool { get }
    /// Inserts `text` at the insertion point (replacing the selection).
    func insertText(_ text: String)
    /// Deletes the character before the insertion point (or the selection).
    func deleteBackward()
}

/// A position in a text input's document (UIKit's `UITextPosition`).
@preconcurrency @MainActor
open class UITextPosition: NSObject {}

/// A range of a text input's document (UIKit's `UITextRange`).
@preconcurrency @MainActor
open class UITextRange: NSObject {
    /// Whether the range is empty (a caret).
    open var isEmpty: Bool { true }
    /// The start.
    open var start: UITextPosition { UITextPosition() }
    /// The end.
    open var end: UITextPosition { UITextPosition() }
}

/// A position as an offset in UTF-16 code units, Lamina's (and UIKit's text fields') kind.
final class TextOffsetPosition: UITextPosition {
    let offset: Int
    init(_ offset: Int) { self.offset = offset; super.init() }
    override func isEqual(_ object: Any?) -> Bool { (object as? TextOffsetPosition)?.offset == offset }
    override var hash: Int { offset }
    override var description: String { "UITextPosition(\(offset))" }
}

/// A range of UTF-16 offsets.
final class TextOffsetRange: UITextRange {
    let range: Range<Int>
    init(_ range: Range<Int>) { self.range = range; super.init() }
    override var isEmpty: Bool { range.isEmpty }
    override var start: UITextPosition { TextOffsetPosition(range.lowerBound) }
    override var end: UITextPosition { TextOffsetPosition(range.upperBound) }
    override func isEqual(_ object: Any?) -> Bool { (object as? TextOffsetRange)?.range == range }
    override var hash: Int { range.lowerBound &* 31 &+ range.upperBound }
    override var description: String { "UITextRange(\(range.lowerBound)..<\(range.upperBound))" }
}

/// The direction of a position move (UIKit's `UITextLayoutDirection`).
public enum UITextLayoutDirection: Int, Sendable { case right = 2, left, up, down }
/// How a position relates to another (UIKit's `UITextStorageDirection`).
public enum UITextStorageDirection: Int, Sendable { case forward = 0, backward }

/// A text input with positions, ranges, a selection and marked text (UIKit's `UITextInput`,
/// the subset text fields and text views answer): what input methods and editing code use.
@preconcurrency @MainActor
public protocol UITextInput: UIKeyInput {
    /// The text in `range`.
    func text(in range: UITextRange) -> String?
    /// Replaces the text in `range` with `text`.
    func replace(_ range: UITextRange, withText text: String)
    /// The selection (a caret when empty), or nil when not editing.
    var selectedTextRange: UITextRange? { get set }
    /// The text an input method is composing, or nil.
    var markedTextRange: UITextRange? { get }
    /// Replaces the marked text (or the selection) with `markedText`, marked, with the
    /// selection at `selectedRange` within it.
    func setMarkedText(_ markedText: String?, selectedRange: NSRange)
    /// Commits the marked text as typed text.
    func unmarkText()
    /// The start of the document.
    var beginningOfDocument: UITextPosition { get }
    /// The end of the document.
    var endOfDocument: UITextPosition { get }
    /// The range between two positions.
    func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange?
    /// The position `offset` UTF-16 code units from `position`, or nil outside the document.
    func position(from position: UITextPosition, offset: Int) -> UITextPosition?
    /// How many UTF-16 code units lie from `from` to `toPosition`.
    func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int
    /// How two positions compare.
    func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult
    /// The caret's rectangle at `position`, in the view's coordinates.
    func caretRect(for position: UITextPosition) -> CGRect
    /// The rectangle of the first line of `range`, in the view's coordinates.
    func firstRect(for range: UITextRange) -> CGRect
    /// The position closest to `point` (view coordinates).
    func closestPosition(to point: CGPoint) -> UITextPosition?
}
