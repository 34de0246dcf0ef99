import Foundation
@_spi(Lamina) import CoreGraphics
@_spi(Lamina) import CoreText

/// What a text view tells its delegate (every method optional). It is also the scroll view's
/// delegate, so set it as the text view's `delegate`.
@preconcurrency @MainActor
public protocol UITextViewDelegate: UIScrollViewDelegate {
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    func textViewDidBeginEditing(_ textView: UITextView)
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    func textViewDidEndEditing(_ textView: UITextView)
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    func textViewDidChange(_ textView: UITextView)
    func textViewDidChangeSelection(_ textView: UITextView)
}

public extension UITextViewDelegate {
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
    func textViewDidBeginEditing(_ textView: UITextView) {}
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool { true }
    func textViewDidEndEditing(_ textView: UITextView) {}
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    func textViewDidChange(_ textView: UITextView) {}
    func textViewDidChangeSelection(_ textView: UITextView) {}
}

/// The kinds of data a text view would turn into links (accepted; Lamina detects none).
public struct UIDataDetectorTypes: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let phoneNumber = UIDataDetectorTypes(rawValue: 1 << 0)
    public static let link = UIDataDetectorTypes(rawValue: 1 << 1)
    public static let address = UIDataDetectorTypes(rawValue: 1 << 2)
    public static let calendarEvent = UIDataDetectorTypes(rawValue: 1 << 3)
    public static let shipmentTrackingNumber = UIDataDetectorTypes(rawValue: 1 << 4)
    public static let flightNumber = UIDataDetectorTypes(rawValue: 1 << 5)
    public static let lookupSuggestion = UIDataDetectorTypes(rawValue: 1 << 6)
    public static let money = UIDataDetectorTypes(rawValue: 1 << 7)
    public static let physicalValue = UIDataDetectorTypes(rawValue: 1 << 8)
    public static let all = UIDataDetectorTypes(rawValue: UInt.max)
}

/// The region text is laid out in (TextKit's `NSTextContainer`, the part a text view uses): the
/// padding at each line's ends and a limit on lines.
open class NSTextContainer {
    /// The container's size (a text view sets its width from its own).
    open var size: CGSize
    /// The space at the start and end of every line (5 points).
    open var lineFragmentPadding: CGFloat = 5 { didSet { ownerChanged() } }
    /// The most lines laid out (0: no limit; kept, Lamina lays out every line).
    open var maximumNumberOfLines = 0
    /// How the last line is broken (kept).
    open var lineBreakMode: NSLineBreakMode = .byWordWrapping
    /// Whether the width follows the text view's.
    open var widthTracksTextView = true
    /// Whether the height follows the text view's.
    open var heightTracksTextView = false
    weak var owner: UITextView?

    public init(size: CGSize = .zero) { self.size = size }

    /// Tells the text view that owns the container (on the main actor, as text views are) to lay
    /// its text out again.
    private func ownerChanged() {
        guard let owner else { return }
        MainActor.assumeIsolated { owner.textContainerChanged() }
    }
}

/// Scrolling, multi-line editable text (UIKit's `UITextView`): plain or attributed text,
/// editable or only selectable, in a scroll view whose content is the text with
/// `textContainerInset` around it and `lineFragmentPadding` at each line's ends.
///
/// Editing works as in ``UITextField`` (the same keys, shortcuts, undo, clipboard, marked text
/// and caret), with Return inserting a line break and Up and Down moving by line. Typed text
/// takes `typingAttributes`. The text is laid out a paragraph at a time: an edit lays out again
/// the paragraph it changed, so typing in a long text stays fast.
///
/// [U] The default font (the system font at 12 points, as TextKit's default) and the selection
/// colour (the tint at 20%) are estimates without an Apple reference. `dataDetectorTypes` is
/// accepted and detects nothing; links in `attributedText` are drawn, not followed.
open class UITextView: UIScrollView, UITextInput {
    /// Posted when editing begins, when the text changes and when editing ends.
    public static let textDidBeginEditingNotification = Notification.Name("UITextViewTextDidBeginEditingNotification")
    public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
    public static let textDidEndEditingNotification = Notification.Name("UITextViewTextDidEndEditingNotification")

    let editor = TextEditor(multiline: true)
    /// The attributed text when it was set with attributes; nil while plain (font and colour).
    private var storage: NSMutableAttributedString?

    /// The text.
    open var text: String! {
        get { editor.text }
        set {
            storage = nil
            editor.setText(newValue ?? "")
            textChanged()
        }
    }

    /// The text with its attributes (plain text gets the view's font and colour).
    open var attributedText: NSAttributedString! {
        get {
            if let storage { return NSAttributedString(attributedString: storage) }
            return NSAttributedString(string: editor.text, attributes: [.font: resolvedFont, .foregroundColor: textColor ?? .label])
        }
        set {
            guard let a = newValue else { text = nil; return }
            editor.setText(a.string)
            // Control characters the editor drops leave the attributes misaligned: such text is
            // kept plain, with its first attributes.
            if editor.text.utf16.count == a.length {
                storage = NSMutableAttributedString(attributedString: a)
            } else {
                storage = NSMutableAttributedString(string: editor.text, attributes: a.length > 0 ? a.attributes(at: 0, effectiveRange: nil) : [:])
            }
            textChanged()
        }
    }

    /// The font of plain text (the system font at 12 points when nil).
    open var font: UIFont? { didSet { textChanged() } }
    /// Whether a text style's font (or one `UIFontMetrics` scaled) is made again for the
    /// content size category when the traits change (false, as in UIKit).
    open var adjustsFontForContentSizeCategory = false {
        didSet { if adjustsFontForContentSizeCategory, let again = font?.adjusted(to: traitCollection) { font = again } }
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if adjustsFontForContentSizeCategory, let again = font?.adjusted(to: traitCollection) { font = again }
    }
    var resolvedFont: UIFont { font ?? .systemFont(ofSize: 12) }
    /// The colour of plain text (`.label` when nil).
    open var textColor: UIColor? { didSet { textChanged() } }
    /// The alignment of plain text.
    open var textAlignment: NSTextAlignment = .natural { didSet { textChanged() } }
    /// Whether the text can be changed by the user.
    open var isEditable = true { didSet { if !isEditable && !isSelectable { resignFirstResponder() } } }
    /// Whether the text can be selected (and copied) by the user.
    open var isSelectable = true { didSet { if !isSelectable { resignFirstResponder() } } }
    /// The space between the view's edges and the text container (8 points above and below).
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) { didSet { textChanged() } }
    /// The container the text is laid out in.
    public let textContainer = NSTextContainer()
    /// The kinds of data turned into links (accepted; nothing is detected).
    open var dataDetectorTypes: UIDataDetectorTypes = []
    /// The attributes typed text takes (the font and colour of the text before the caret, or
    /// the view's).
    open var typingAttributes: [NSAttributedString.Key: Any] = [:]
    /// Whether editing leaves the attributes of the text it replaces (kept).
    open var allowsEditingTextAttributes = false
    /// Whether editing begins with the text cleared (never on iOS; kept for API).
    open var clearsOnInsertion = false
    /// The attributes links are drawn with (kept).
    open var linkTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// The selected range in UTF-16 offsets.
    open var selectedRange: NSRange {
        get { NSRange(location: editor.selection.lowerBound, length: editor.selection.count) }
        set {
            guard newValue.location != NSNotFound, newValue.location >= 0, newValue.length >= 0 else { return }
            let lo = min(newValue.location, editor.length)
            let (end, overflow) = lo.addingReportingOverflow(newValue.length)
            editor.commitMarked()
            editor.select(lo..<(overflow ? editor.length : min(end, editor.length)))
        }
    }
    /// The view that replaces the keyboard (kept; Lamina has no on-screen keyboard).
    open var inputView: UIView?
    /// The view above the keyboard (kept).
    open var inputAccessoryView: UIView?
    /// Whether the view is being edited (it is first responder and editable).
    open private(set) var isEditing = false

    // UITextInputTraits
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    open var autocorrectionType: UITextAutocorrectionType = .default
    open var spellCheckingType: UITextSpellCheckingType = .default
    open var smartQuotesType: UITextSmartQuotesType = .default
    open var smartDashesType: UITextSmartDashesType = .default
    open var keyboardType: UIKeyboardType = .default
    open var keyboardAppearance: UIKeyboardAppearance = .default
    open var returnKeyType: UIReturnKeyType = .default
    open var enablesReturnKeyAutomatically = false
    open var isSecureTextEntry = false
    open var textContentType: UITextContentType!

    /// The pasteboard copy, cut and paste use (`UIPasteboard.general` unless set; Lamina API).
    public var pasteboard: UIPasteboard = .general

    private var textViewDelegate: UITextViewDelegate? { delegate as? UITextViewDelegate }

    let caretLayer = CaretLayer()
    /// Draws the text: it covers the visible part of the content and a screen above and below,
    /// so a long text does not need a backing store its whole height.
    private let content = TextViewContent()
    private var layoutReuse = ParagraphStackLayout.Reuse()
    private var cachedLayout: (key: LayoutKey, layout: ParagraphStackLayout)?
    /// Where Up and Down keep the caret horizontally.
    private var goalX: CGFloat?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        backgroundColor = .systemBackground
        textContainer.owner = self
        content.textView = self
        content.isUserInteractionEnabled = false
        content.isOpaque = false
        content.contentMode = .redraw
        insertSubview(content, at: 0)
        caretLayer.isHidden = true
        layer.addSublayer(caretLayer)
        editor.shouldChange = { [unowned self] range, string in
            guard let d = textViewDelegate else { return true }
            return d.textView(self, shouldChangeTextIn: range, replacementText: string)
        }
        editor.willReplace = { [unowned self] range, string in
            guard let storage else { return }
            let ns = NSRange(location: range.lowerBound, length: range.count)
            storage.replaceCharacters(in: ns, with: NSAttributedString(string: string, attributes: insertionAttributes(at: range.lowerBound)))
        }
        editor.didChange = { [unowned self] in
            textChanged()
            textViewDelegate?.textViewDidChange(self)
            NotificationCenter.default.post(name: UITextView.textDidChangeNotification, object: self)
        }
        editor.selectionDidChange = { [unowned self] in
            goalX = nil
            updateCaret()
            content.setNeedsDisplay()
            scrollToCaret()
            textViewDelegate?.textViewDidChangeSelection(self)
        }
    }

    /// The attributes text typed at `offset` takes: `typingAttributes` when set, else those of
    /// the character before it.
    private func insertionAttributes(at offset: Int) -> [NSAttributedString.Key: Any] {
        if !typingAttributes.isEmpty { return typingAttributes }
        guard let storage, storage.length > 0 else { return [.font: resolvedFont, .foregroundColor: textColor ?? .label] }
        return storage.attributes(at: min(max(0, offset - 1), storage.length - 1), effectiveRange: nil)
    }

    func textContainerChanged() { textChanged() }

    private func textChanged() {
        cachedLayout = nil
        setNeedsLayout()
        content.setNeedsDisplay()
        invalidateIntrinsicContentSize()
        updateCaret()
    }

    // MARK: Layout

    private struct LayoutKey: Equatable {
        var text: String
        var setting: ParagraphStackLayout.Setting
        var attributed: ObjectIdentifier?
    }

    /// The width lines wrap at in a view `width` wide: less the insets and the padding.
    private func wrapWidth(_ width: CGFloat) -> CGFloat {
        max(0, width - textContainerInset.left - textContainerInset.right - 2 * textContainer.lineFragmentPadding)
    }

    /// Where the text's top left is in the content.
    var textOrigin: CGPoint {
        CGPoint(x: textContainerInset.left + textContainer.lineFragmentPadding, y: textContainerInset.top)
    }

    private var ctAlignment: CTTextAlignment {
        switch textAlignment {
        case .center: .center
        case .right: .right
        case .justified: .justified
        case .left: .left
        case .natural: effectiveUserInterfaceLayoutDirection == .rightToLeft ? .right : .natural
        }
    }

    /// The text laid out at the current width (kept until the text, its attributes or the
    /// width change).
    var textLayout: ParagraphStackLayout {
        let setting = layoutSetting(width: bounds.width)
        let key = LayoutKey(text: editor.text, setting: setting, attributed: storage.map { ObjectIdentifier($0) })
        if let c = cachedLayout, c.key == key { return c.layout }
        let l = makeLayout(setting, reuse: &layoutReuse)
        cachedLayout = (key, l)
        return l
    }

    /// What the text is laid out with in a view `width` wide.
    private func layoutSetting(width: CGFloat) -> ParagraphStackLayout.Setting {
        ParagraphStackLayout.Setting(width: wrapWidth(width), font: resolvedFont, color: (textColor ?? .label).cgColor,
                                     alignment: ctAlignment,
                                     direction: effectiveUserInterfaceLayoutDirection == .rightToLeft ? .rightToLeft : .natural)
    }

    /// The text (attributed when it has attributes) laid out with `setting`, taking unchanged
    /// paragraphs from `reuse`.
    private func makeLayout(_ setting: ParagraphStackLayout.Setting, reuse: inout ParagraphStackLayout.Reuse) -> ParagraphStackLayout {
        let color = setting.color
        let attributed: ((Range<Int>) -> (runs: [LaminaTextRun], spacing: CGFloat))? = storage.map { storage in
            { [resolvedFont] range in
                guard !range.isEmpty else { return ([], 0) }
                let sub = storage.attributedSubstring(from: NSRange(location: range.lowerBound, length: range.count))
                let runs = TextRuns.runs(of: sub, font: resolvedFont, color: color)
                return (runs, runs.first?.paragraph?.paragraphSpacing ?? 0)
            }
        }
        return ParagraphStackLayout(text: editor.text, setting: setting, attributed: attributed, reuse: &reuse)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        textContainer.size = CGSize(width: bounds.width - textContainerInset.left - textContainerInset.right, height: .greatestFiniteMagnitude)
        let l = textLayout
        let height = (textContainerInset.top + l.height + textContainerInset.bottom).rounded(.up)
        let size = CGSize(width: bounds.width, height: height)
        if contentSize != size { contentSize = size }
        placeContent()
        updateCaret()
    }

    open override var bounds: CGRect {
        didSet { if oldValue.origin.y != bounds.origin.y { placeContent() } }
    }

    /// Covers the visible part and a screen above and below; moves when the visible part leaves
    /// its middle.
    private func placeContent() {
        let h = max(1, bounds.height)
        let top = bounds.minY
        if content.frame.width == bounds.width, content.frame.minY <= max(0, top - h / 2), content.frame.maxY >= top + h * 1.5 { return }
        let y = max(0, (top - h).rounded(.down))
        let frame = CGRect(x: 0, y: y, width: bounds.width, height: min(3 * h, max(h, contentSize.height - y + h)))
        if content.frame != frame {
            content.frame = frame
            content.setNeedsDisplay()
        }
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = size.width > 0 && size.width.isFinite ? size.width : bounds.width
        // Laid out apart from the view's own layout (another width), its paragraphs reused.
        var reuse = layoutReuse
        let l = makeLayout(layoutSetting(width: width), reuse: &reuse)
        return CGSize(width: width, height: (textContainerInset.top + l.height + textContainerInset.bottom).rounded(.up))
    }

    /// The text's height at the current width when scrolling is off (Auto Layout sizes the view to
    /// its text then); no intrinsic size while it scrolls.
    open override var intrinsicContentSize: CGSize {
        guard !isScrollEnabled else { return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
        return CGSize(width: UIView.noIntrinsicMetric, height: sizeThatFits(bounds.size).height)
    }

    // MARK: Drawing

    /// Draws the selection, the text and the marked text's underline into the content view.
    fileprivate func drawContent(in ctx: CGContext, band: CGRect) {
        let l = textLayout
        let o = textOrigin
        ctx.translateBy(x: -band.minX, y: -band.minY)
        if isFirstResponder { TextHighlights.drawSelection(l.selectionRects(editor.selection), tint: tintColor, at: o, in: ctx) }
        l.draw(in: ctx, at: o, visible: (band.minY - o.y)...(band.maxY - o.y))
        if let m = editor.marked { TextHighlights.drawMarkedUnderline(l.selectionRects(m), color: textColor, at: o, in: ctx) }
    }

    /// Places the caret (2 points wide, the tint colour) while editing with an empty selection;
    /// it blinks only in a window on a display.
    private func updateCaret() {
        guard isEditing && editor.selection.isEmpty else {
            caretLayer.place(nil, color: caretLayer.backgroundColor ?? CGColor.black, blinking: false)
            return
        }
        let o = textOrigin
        caretLayer.place(textLayout.caretRect(for: editor.selection.lowerBound).offsetBy(dx: o.x, dy: o.y),
                         color: (tintColor ?? .systemBlue).cgColor, blinking: window?.isOnScreen == true)
    }

    private func scrollToCaret() {
        guard isFirstResponder, bounds.height > 0 else { return }
        // The content size follows the text first.
        setNeedsLayout()
        layoutIfNeeded()
        let o = textOrigin
        let r = textLayout.caretRect(for: editor.selection.upperBound).offsetBy(dx: o.x, dy: o.y)
        scrollRectToVisible(r.insetBy(dx: 0, dy: -textContainerInset.bottom / 2), animated: false)
    }

    /// Scrolls so the text in `range` shows.
    open func scrollRangeToVisible(_ range: NSRange) {
        guard range.location != NSNotFound, range.location >= 0 else { return }
        layoutIfNeeded()
        let o = textOrigin
        let r = textLayout.caretRect(for: min(range.location, editor.length)).offsetBy(dx: o.x, dy: o.y)
        scrollRectToVisible(r, animated: false)
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateCaret()
        content.setNeedsDisplay()
    }

    // MARK: Editing

    open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, window != nil else { return false }
        if isEditable, let d = textViewDelegate, !d.textViewShouldBeginEditing(self) { return false }
        guard super.becomeFirstResponder() else { return false }
        if isEditable {
            isEditing = true
            textViewDelegate?.textViewDidBeginEditing(self)
            NotificationCenter.default.post(name: UITextView.textDidBeginEditingNotification, object: self)
        }
        updateCaret()
        content.setNeedsDisplay()
        scrollToCaret()
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return super.resignFirstResponder() }
        if isEditing, let d = textViewDelegate, !d.textViewShouldEndEditing(self) { return false }
        guard super.resignFirstResponder() else { return false }
        editor.commitMarked()
        let wasEditing = isEditing
        isEditing = false
        updateCaret()
        content.setNeedsDisplay()
        if wasEditing {
            textViewDelegate?.textViewDidEndEditing(self)
            NotificationCenter.default.post(name: UITextView.textDidEndEditingNotification, object: self)
        }
        return true
    }

    /// Up and Down: the caret to the line above or below, at the same x.
    private func moveVertically(down: Bool, extending: Bool) {
        editor.commitMarked()
        let l = textLayout
        let from = editor.movingEnd(forward: down, extending: extending)
        let caret = l.caretRect(for: from)
        let x = goalX ?? caret.midX
        let target: Int
        if down {
            target = caret.maxY + 1 >= l.height ? editor.length : l.offset(nearest: CGPoint(x: x, y: caret.maxY + 1))
        } else {
            target = caret.minY - 1 < 0 ? 0 : l.offset(nearest: CGPoint(x: x, y: caret.minY - 1))
        }
        editor.move(to: editor.nearestBoundary(target), extending: extending)
        goalX = x
    }

    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        guard isFirstResponder, let key = presses.first?.key else { return super.pressesBegan(presses, with: event) }
        handle(key, presses, event)
    }

    open override func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        // Key repeat.
        guard isFirstResponder, let key = presses.first?.key else { return super.pressesChanged(presses, with: event) }
        handle(key, presses, event)
    }

    private func handle(_ key: UIKey, _ presses: Set<UIPress>, _ event: UIPressesEvent?) {
        let shift = key.modifierFlags.contains(.shift)
        switch key.keyCode {
        case .keyboardReturnOrEnter, .keypadEnter:
            if isEditing { editor.insertText("\n") } else { super.pressesBegan(presses, with: event) }
        case .keyboardTab where key.modifierFlags.isEmpty || key.modifierFlags == .shift:
            if isEditing { editor.insertText("\t") } else { super.pressesBegan(presses, with: event) }
        case .keyboardUpArrow, .keyboardDownArrow:
            let down = key.keyCode == .keyboardDownArrow
            if key.modifierFlags.contains(.command) {
                editor.commitMarked()
                editor.move(to: down ? editor.length : 0, extending: shift)
            } else {
                moveVertically(down: down, extending: shift)
            }
        default:
            if !editor.handle(key, pasteboard: pasteboard, editable: isEditing) { super.pressesBegan(presses, with: event) }
        }
    }

    // Touches: a tap places the caret (beginning editing); a double tap selects a word. A drag
    // scrolls.
    private var touchStart: CGPoint?

    private func textOffset(at point: CGPoint) -> Int {
        let o = textOrigin
        return editor.nearestBoundary(textLayout.offset(nearest: CGPoint(x: point.x - o.x, y: point.y - o.y)))
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesBegan(touches, with: event)
        touchStart = touches.first?.location(in: self)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesEnded(touches, with: event)
        defer { touchStart = nil }
        guard isSelectable || isEditable, let t = touches.first, let start = touchStart else { return }
        let p = t.location(in: self)
        guard hypot(p.x - start.x, p.y - start.y) < 10 else { return }
        if !isFirstResponder { _ = becomeFirstResponder() }
        guard isFirstResponder else { return }
        editor.tap(at: textOffset(at: p), count: t.tapCount)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesCancelled(touches, with: event)
        touchStart = nil
    }

    // MARK: UIKeyInput and UITextInput

    open var hasText: Bool { !editor.text.isEmpty }
    open func insertText(_ text: String) { if isEditable { editor.insertText(text) } }
    open func deleteBackward() { if isEditable { editor.deleteBackward() } }

    open func text(in range: UITextRange) -> String? { editor.text(in: range) }
    open func replace(_ range: UITextRange, withText text: String) { editor.replace(range, withText: text) }

    open var selectedTextRange: UITextRange? {
        get { isFirstResponder ? TextOffsetRange(editor.selection) : nil }
        set { editor.setSelectedTextRange(newValue) }
    }

    open var markedTextRange: UITextRange? { editor.markedTextRange }

    open func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        guard isEditable else { return }
        editor.setMarkedText(markedText, selected: selectedRange)
    }

    open func unmarkText() {
        editor.commitMarked()
        content.setNeedsDisplay()
    }

    open var beginningOfDocument: UITextPosition { TextOffsetPosition(0) }
    open var endOfDocument: UITextPosition { TextOffsetPosition(editor.length) }

    open func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        editor.textRange(from: fromPosition, to: toPosition)
    }
    open func position(from position: UITextPosition, offset: Int) -> UITextPosition? { editor.position(from: position, offset: offset) }
    open func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int { editor.offset(from: from, to: toPosition) }
    open func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult { editor.compare(position, to: other) }

    open func caretRect(for position: UITextPosition) -> CGRect {
        let origin = textOrigin
        return textLayout.caretRect(for: editor.offset(of: position)).offsetBy(dx: origin.x, dy: origin.y)
    }

    open func firstRect(for range: UITextRange) -> CGRect {
        guard let r = editor.offsets(range) else { return .null }
        let origin = textOrigin
        return textLayout.selectionRects(r).first?.offsetBy(dx: origin.x, dy: origin.y)
            ?? caretRect(for: TextOffsetPosition(r.lowerBound))
    }

    open func closestPosition(to point: CGPoint) -> UITextPosition? { TextOffsetPosition(textOffset(at: point)) }

    // MARK: Accessibility

    override var defaultAccessibilityValue: String? { editor.text }
}

/// The view a text view draws its text into.
private final class TextViewContent: UIView {
    weak var textView: UITextView?

    override class var drawsThroughDrawRect: Bool { true }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext(), let textView else { return }
        textView.drawContent(in: ctx, band: frame)
    }
}
