import Foundation
@_spi(Lamina) import QuartzCore

/// What a text field's delegate is asked and told (UIKit's `UITextFieldDelegate`; every method
/// optional).
@preconcurrency @MainActor
public protocol UITextFieldDelegate: AnyObject {
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    func textFieldDidBeginEditing(_ textField: UITextField)
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    func textFieldDidEndEditing(_ textField: UITextField)
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason)
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
    func textFieldDidChangeSelection(_ textField: UITextField)
    func textFieldShouldClear(_ textField: UITextField) -> Bool
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

extension UITextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    public func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
        textFieldDidEndEditing(textField)
    }
    public func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool { true }
    public func textFieldDidChangeSelection(_ textField: UITextField) {}
    public func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}

/// A single line of editable text (UIKit's `UITextField`): text or a placeholder in one of
/// iOS's border styles, a clear button, left and right views, secure entry, editing with a
/// caret, a selection, marked text, copy, cut, paste and undo, a delegate and the editing
/// control events.
///
/// In a window on a display a tap places the caret and typing edits the text (keys: the
/// arrows, with Shift to select and Option or Control by word, Home, End, Backspace, Delete,
/// Return; Command or Control with A, C, X, V, Z, Y). In a headless window, code edits it as
/// iOS code does (`insertText`, `deleteBackward`, `replace`) or sends keys through
/// `UIWindow.press`. The caret blinks only in a window on screen, so snapshots are stable.
///
/// [U] The border styles' colours, insets and the intrinsic heights (34 points for a rounded
/// rectangle at 17 points) are estimates without an Apple reference; the default font is the
/// system font at 17 points.
open class UITextField: UIControl, UITextInput {
    /// The border drawn around the text.
    public enum BorderStyle: Int, Sendable { case none = 0, line, bezel, roundedRect }
    /// When an overlay view (the clear button, a left or right view) shows.
    public enum ViewMode: Int, Sendable { case never = 0, whileEditing, unlessEditing, always }
    /// Why editing ended.
    public enum DidEndEditingReason: Int, Sendable { case committed = 0, cancelled }

    /// Posted when editing begins, when the text changes and when editing ends.
    public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
    public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")
    public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")

    let editor = TextEditor(multiline: false)

    /// The text ("" when there is none).
    open var text: String? {
        get { editor.text }
        set {
            editor.setText(newValue ?? "")
            textChanged()
        }
    }

    /// The text with the field's font and colour; setting it takes its string, and its first
    /// run's font and colour become the field's (Lamina keeps one font and colour per field).
    open var attributedText: NSAttributedString? {
        get { NSAttributedString(string: editor.text, attributes: [.font: resolvedFont, .foregroundColor: textColor ?? .label]) }
        set {
            guard let a = newValue else { text = nil; return }
            if a.length > 0 {
                let attributes = a.attributes(at: 0, effectiveRange: nil)
                if let f = attributes[.font] as? UIFont { font = f }
                if let c = attributes[.foregroundColor] as? UIColor { textColor = c }
            }
            text = a.string
        }
    }

    /// Shown in the placeholder colour while the text is empty.
    open var placeholder: String? { didSet { setNeedsDisplay() } }
    /// The placeholder with attributes (its string, font and colour are used).
    open var attributedPlaceholder: NSAttributedString? {
        get { placeholder.map { NSAttributedString(string: $0, attributes: [.font: resolvedFont, .foregroundColor: placeholderColor]) } }
        set {
            placeholder = newValue?.string
            if let a = newValue, a.length > 0, let c = a.attributes(at: 0, effectiveRange: nil)[.foregroundColor] as? UIColor {
                placeholderColorOverride = c
            } else {
                placeholderColorOverride = nil
            }
            setNeedsDisplay()
        }
    }
    private var placeholderColorOverride: UIColor?
    private var placeholderColor: UIColor { placeholderColorOverride ?? .placeholderText }

    /// The font (the system font at 17 points when nil).
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
    var resolvedFont: UIFont { font ?? .systemFont(ofSize: 17) }
    /// The text colour (`.label` when nil).
    open var textColor: UIColor? { didSet { setNeedsDisplay() } }
    /// The horizontal alignment.
    open var textAlignment: NSTextAlignment = .natural { didSet { textChanged() } }
    /// The border.
    open var borderStyle: BorderStyle = .none { didSet { textChanged() } }
    /// Whether editing begins with the text cleared.
    open var clearsOnBeginEditing = false
    /// Whether the text shrinks to fit (kept; Lamina does not shrink field text).
    open var adjustsFontSizeToFitWidth = false
    /// The smallest size when shrinking (kept).
    open var minimumFontSize: CGFloat = 0
    /// When the clear button shows (never, by default).
    open var clearButtonMode: ViewMode = .never { didSet { setNeedsLayout() } }
    /// A view at the left edge, and when it shows.
    open var leftView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let v = leftView { addSubview(v) }; setNeedsLayout() }
    }
    open var leftViewMode: ViewMode = .never { didSet { setNeedsLayout() } }
    /// A view at the right edge, and when it shows.
    open var rightView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let v = rightView { addSubview(v) }; setNeedsLayout() }
    }
    open var rightViewMode: ViewMode = .never { didSet { setNeedsLayout() } }
    /// A background image (drawn stretched behind the text; the border is not drawn then).
    open var background: UIImage? { didSet { setNeedsDisplay() } }
    /// The background image while disabled.
    open var disabledBackground: UIImage? { didSet { setNeedsDisplay() } }
    /// The delegate.
    open weak var delegate: (any UITextFieldDelegate)?
    /// Whether the field is being edited (it is first responder).
    open private(set) var isEditing = false
    /// The attributes new text is typed with (kept).
    open var typingAttributes: [NSAttributedString.Key: Any]?
    /// The view that replaces the keyboard (kept; Lamina has no on-screen keyboard).
    open var inputView: UIView?
    /// The view above the keyboard (kept).
    open var inputAccessoryView: UIView?

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
    /// Whether the text is shown as bullets (one per character) and cannot be copied.
    open var isSecureTextEntry = false { didSet { textChanged() } }
    open var textContentType: UITextContentType!

    /// The pasteboard copy, cut and paste use (`UIPasteboard.general` unless set; Lamina API).
    public var pasteboard: UIPasteboard = .general

    let caretLayer = CaretLayer()
    private lazy var clearButton: UIButton = {
        let b = UIButton(type: .custom)
        b.setImage(UIImage(systemName: "xmark.circle.fill"), for: .normal)
        b.tintColor = .tertiaryLabel
        b.addAction(UIAction { [weak self] _ in self?.clearButtonTapped() }, for: .touchUpInside)
        return b
    }()
    /// How far the text is scrolled left while editing, so the caret stays in view.
    private var scrollX: CGFloat = 0

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        contentMode = .redraw
        isOpaque = false
        caretLayer.isHidden = true
        layer.addSublayer(caretLayer)
        editor.shouldChange = { [unowned self] range, string in
            delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: string) ?? true
        }
        editor.didChange = { [unowned self] in
            textChanged()
            sendActions(for: .editingChanged)
            NotificationCenter.default.post(name: UITextField.textDidChangeNotification, object: self)
        }
        editor.selectionDidChange = { [unowned self] in
            updateCaret()
            setNeedsDisplay()
            delegate?.textFieldDidChangeSelection(self)
        }
    }

    private func textChanged() {
        setNeedsDisplay()
        setNeedsLayout()
        invalidateIntrinsicContentSize()
        updateCaret()
    }

    override var sendsPrimaryActionOnTap: Bool { false }

    // MARK: Geometry

    /// The padding between the border and the text for the border style.
    private var textInset: CGFloat {
        switch borderStyle {
        case .none: 0
        case .line, .bezel: 2
        case .roundedRect: 7
        }
    }

    private func shows(_ mode: ViewMode) -> Bool {
        switch mode {
        case .never: false
        case .always: true
        case .whileEditing: isEditing
        case .unlessEditing: !isEditing
        }
    }

    private var showsClearButton: Bool { shows(clearButtonMode) && !editor.text.isEmpty }

    /// The rectangle of the border (the bounds).
    open func borderRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// Where the left view goes: at the left edge, centred vertically, at its own size.
    open func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        guard let v = leftView else { return .zero }
        let s = overlaySize(v)
        return CGRect(x: bounds.minX, y: bounds.midY - s.height / 2, width: s.width, height: s.height)
    }

    /// Where the right view goes: at the right edge, centred vertically, at its own size.
    open func rightViewRect(forBounds bounds: CGRect) -> CGRect {
        guard let v = rightView else { return .zero }
        let s = overlaySize(v)
        return CGRect(x: bounds.maxX - s.width, y: bounds.midY - s.height / 2, width: s.width, height: s.height)
    }

    private func overlaySize(_ v: UIView) -> CGSize {
        if v.frame.size != .zero { return v.frame.size }
        let s = v.intrinsicContentSize
        return CGSize(width: max(0, s.width), height: max(0, s.height))
    }

    /// Where the clear button goes: 19 points square at the right, left of a right view shown.
    open func clearButtonRect(forBounds bounds: CGRect) -> CGRect {
        let side: CGFloat = 19
        var right = bounds.maxX - (borderStyle == .none ? 0 : 5)
        if rightView != nil, shows(rightViewMode) { right = rightViewRect(forBounds: bounds).minX }
        return CGRect(x: right - side, y: bounds.midY - side / 2, width: side, height: side)
    }

    /// The rectangle the text is drawn in: the bounds less the border's padding and the views
    /// shown at the sides.
    open func textRect(forBounds bounds: CGRect) -> CGRect {
        var left = bounds.minX + textInset, right = bounds.maxX - textInset
        if leftView != nil, shows(leftViewMode) { left = max(left, leftViewRect(forBounds: bounds).maxX) }
        if rightView != nil, shows(rightViewMode) { right = min(right, rightViewRect(forBounds: bounds).minX) }
        if showsClearButton { right = min(right, clearButtonRect(forBounds: bounds).minX - 4) }
        return CGRect(x: left, y: bounds.minY, width: max(0, right - left), height: bounds.height)
    }

    /// The rectangle the text is edited in (the text rectangle).
    open func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }
    /// The rectangle the placeholder is drawn in (the text rectangle).
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// The text's width on one line and the field's height for its border style. A text longer
    /// than 4,096 UTF-16 units measures by the part laid out, scaled to the whole length.
    open override var intrinsicContentSize: CGSize {
        let l = displayLayout(width: nil)
        let whole = displayText.utf16.count
        let textWidth = l.length == whole ? l.usedSize.width : l.usedSize.width * CGFloat(whole) / CGFloat(max(1, l.length))
        let lineHeight = resolvedFont.lineHeight.rounded(.up)
        let height: CGFloat = switch borderStyle {
        case .roundedRect: max(30, lineHeight + 13)
        case .line, .bezel: lineHeight + 9
        case .none: lineHeight
        }
        var width = textWidth + 2 * textInset
        if let v = leftView, shows(leftViewMode) { width += overlaySize(v).width }
        if let v = rightView, shows(rightViewMode) { width += overlaySize(v).width }
        return CGSize(width: width.rounded(.up), height: height)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if let v = leftView {
            v.isHidden = !shows(leftViewMode)
            v.frame = leftViewRect(forBounds: bounds)
        }
        if let v = rightView {
            v.isHidden = !shows(rightViewMode)
            v.frame = rightViewRect(forBounds: bounds)
        }
        if showsClearButton {
            if clearButton.superview !== self { addSubview(clearButton) }
            clearButton.frame = clearButtonRect(forBounds: bounds)
        } else {
            clearButton.removeFromSuperview()
        }
        updateCaret()
    }

    // MARK: Text layout

    /// What is displayed: the text, or a bullet per character when secure.
    private var displayText: String {
        isSecureTextEntry ? String(repeating: "\u{2022}", count: editor.boundaries.count - 1) : editor.text
    }

    /// Maps a text offset to the displayed text's (bullets are one UTF-16 unit each).
    private func displayOffset(_ offset: Int) -> Int {
        guard isSecureTextEntry else { return offset }
        return editor.cluster(atOrBefore: offset)
    }

    private func textOffset(_ display: Int) -> Int {
        guard isSecureTextEntry else { return display }
        return editor.boundaries[min(max(0, display), editor.boundaries.count - 1)]
    }

    private var ctAlignment: CTTextAlignment {
        switch textAlignment {
        case .left: .left
        case .center: .center
        case .right: .right
        case .justified: .justified
        case .natural: effectiveUserInterfaceLayoutDirection == .rightToLeft ? .right : .natural
        }
    }

    /// Text longer than this (UTF-16 units) is laid out only around what shows: this much
    /// before and after the caret while editing, the start otherwise. A single line shows a few
    /// hundred characters at most, and an edit then costs the same in a text of megabytes.
    static let layoutWindow = 2048

    private struct LayoutKey: Equatable {
        var text: String
        var width: CGFloat?
        var base: Int
        var font: UIFont
        var color: CGColor
        var alignment: CTTextAlignment
        var rightToLeft: Bool
    }
    private var layoutCache: [(key: LayoutKey, layout: EditableTextLayout)] = []
    /// The window of a long text last shown, and the caret's x in the text rectangle then.
    private var lastWindow: (base: Int, caretX: CGFloat)?

    /// The displayed range laid out: the whole text, or a window of a long one.
    private func displayWindow(_ display: String) -> Range<Int> {
        let n = display.utf16.count
        let w = Self.layoutWindow
        guard n > 2 * w else { return 0..<n }
        let center = isEditing ? displayOffset(editor.selection.upperBound) : 0
        // The window moves in steps of half its size, so typing does not move it every key.
        let step = w / 2
        let start = max(0, (center - w) / step * step)
        let end = min(n, start + 2 * w + step)
        if isSecureTextEntry { return start..<end }
        return editor.boundary(atOrBefore: start)..<editor.boundary(atOrBefore: end == n ? n : end)
    }

    private func displayLayout(width: CGFloat?) -> EditableTextLayout {
        let display = displayText
        let window = displayWindow(display)
        let color = (textColor ?? .label).cgColor
        let key = LayoutKey(text: display, width: width, base: window.lowerBound, font: resolvedFont,
                            color: isEnabled ? color : color.copy(alpha: color.alpha * 0.35) ?? color,
                            alignment: ctAlignment, rightToLeft: effectiveUserInterfaceLayoutDirection == .rightToLeft)
        if let hit = layoutCache.first(where: { $0.key == key }) { return hit.layout }
        var text = display
        if window != 0..<display.utf16.count {
            let u = display.utf16
            let a = u.index(u.startIndex, offsetBy: window.lowerBound), b = u.index(a, offsetBy: window.count)
            text = String(display[a..<b])
        }
        let l = EditableTextLayout(text: text, font: key.font, color: key.color, width: width, wraps: false, alignment: key.alignment,
                                   direction: key.rightToLeft ? .rightToLeft : .natural, base: window.lowerBound)
        // The natural width and the box's width are asked for in turn: two are kept.
        layoutCache.append((key, l))
        if layoutCache.count > 2 { layoutCache.removeFirst() }
        return l
    }

    /// The layout in the text rectangle, where its top left goes (the text centred vertically)
    /// and the horizontal scroll.
    private func placedLayout() -> (layout: EditableTextLayout, origin: CGPoint) {
        let rect = isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)
        let natural = displayLayout(width: nil)
        let fits = natural.base == 0 && natural.length == displayText.utf16.count && natural.usedSize.width <= rect.width
        let l = fits ? displayLayout(width: rect.width) : natural
        let y = rect.midY - l.lineHeight / 2
        if fits { lastWindow = nil; return (l, CGPoint(x: rect.minX, y: y)) }
        // Wider than the box: scrolled so the caret shows (the start when not editing).
        guard isEditing else { return (l, CGPoint(x: rect.minX, y: y)) }
        let caretX = l.caretRect(for: displayOffset(editor.selection.upperBound)).midX
        var s = scrollX
        // A long text's window moved: the caret stays where it was in the box.
        if let last = lastWindow, last.base != l.base { s = caretX - last.caretX }
        if caretX - s > rect.width - 1 { s = caretX - rect.width + 1 }
        if caretX - s < 0 { s = caretX }
        s = min(max(0, s), max(0, l.usedSize.width - rect.width + 2))
        scrollX = s
        lastWindow = (l.base, caretX - s)
        return (l, CGPoint(x: rect.minX - s, y: y))
    }

    // MARK: Drawing

    override class var drawsThroughDrawRect: Bool { true }

    open override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        drawBorder(in: ctx)
        let textRect = isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)
        ctx.saveGState()
        ctx.clip(to: textRect.insetBy(dx: -1, dy: 0))
        if editor.text.isEmpty && editor.marked == nil, let placeholder, !placeholder.isEmpty {
            drawPlaceholder(in: placeholderRect(forBounds: bounds))
        } else {
            drawText(in: textRect)
        }
        ctx.restoreGState()
    }

    /// Draws the placeholder in `rect` (centred vertically, in the placeholder colour).
    open func drawPlaceholder(in rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext(), let placeholder else { return }
        let l = EditableTextLayout(text: placeholder, font: resolvedFont, color: placeholderColor.cgColor, width: rect.width,
                                   wraps: false, alignment: ctAlignment, direction: .natural)
        l.draw(in: ctx, at: CGPoint(x: rect.minX, y: rect.midY - l.lineHeight / 2))
    }

    /// Draws the text (with the selection and marked text when editing).
    open func drawText(in rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let (l, origin) = placedLayout()
        func rects(_ r: Range<Int>) -> [CGRect] { l.selectionRects(displayOffset(r.lowerBound)..<displayOffset(r.upperBound)) }
        if isEditing { TextHighlights.drawSelection(rects(editor.selection), tint: tintColor, at: origin, in: ctx) }
        l.draw(in: ctx, at: origin)
        if let m = editor.marked { TextHighlights.drawMarkedUnderline(rects(m), color: textColor, at: origin, in: ctx) }
    }

    private func drawBorder(in ctx: CGContext) {
        let b = borderRect(forBounds: bounds)
        if let image = isEnabled ? background : (disabledBackground ?? background) {
            image.draw(in: b)
            return
        }
        let hairline = 1 / max(1, contentScaleFactor)
        switch borderStyle {
        case .none:
            break
        case .line:
            ctx.setStrokeColor(UIColor.label.cgColor)
            ctx.setLineWidth(1)
            ctx.stroke(b.insetBy(dx: 0.5, dy: 0.5))
        case .bezel:
            ctx.setStrokeColor(UIColor.systemGray.cgColor)
            ctx.setLineWidth(1)
            ctx.stroke(b.insetBy(dx: 0.5, dy: 0.5))
            ctx.setFillColor(UIColor.darkGray.cgColor)
            ctx.fill(CGRect(x: b.minX, y: b.minY, width: b.width, height: 1))
        case .roundedRect:
            let path = UIBezierPath(roundedRect: b.insetBy(dx: hairline / 2, dy: hairline / 2), cornerRadius: 5)
            if backgroundColor == nil {
                ctx.setFillColor(UIColor.systemBackground.cgColor)
                ctx.addPath(path.cgPath)
                ctx.fillPath()
            }
            ctx.setStrokeColor(UIColor.systemGray4.cgColor)
            ctx.setLineWidth(hairline)
            ctx.addPath(path.cgPath)
            ctx.strokePath()
        }
    }

    /// Places the caret (a 2-point bar in the tint colour) while editing with an empty
    /// selection; it blinks only in a window on a display.
    private func updateCaret() {
        guard isEditing && editor.selection.isEmpty else {
            caretLayer.place(nil, color: caretLayer.backgroundColor ?? CGColor.black, blinking: false)
            return
        }
        let (l, origin) = placedLayout()
        let r = l.caretRect(for: displayOffset(editor.selection.lowerBound))
        caretLayer.place(r.offsetBy(dx: origin.x, dy: origin.y), color: (tintColor ?? .systemBlue).cgColor,
                         blinking: window?.isOnScreen == true)
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateCaret()
        setNeedsDisplay()
    }

    // MARK: Editing

    open override var canBecomeFirstResponder: Bool { isEnabled }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, window != nil else { return false }
        if let d = delegate, !d.textFieldShouldBeginEditing(self) { return false }
        guard super.becomeFirstResponder() else { return false }
        isEditing = true
        if clearsOnBeginEditing { editor.setText("") }
        editor.move(to: editor.length, extending: false)
        textChanged()
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        NotificationCenter.default.post(name: UITextField.textDidBeginEditingNotification, object: self)
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return super.resignFirstResponder() }
        if let d = delegate, !d.textFieldShouldEndEditing(self) { return false }
        guard super.resignFirstResponder() else { return false }
        editor.commitMarked()
        isEditing = false
        scrollX = 0
        lastWindow = nil
        textChanged()
        delegate?.textFieldDidEndEditing(self, reason: .committed)
        sendActions(for: .editingDidEnd)
        NotificationCenter.default.post(name: UITextField.textDidEndEditingNotification, object: self)
        return true
    }

    private func clearButtonTapped() {
        guard delegate?.textFieldShouldClear(self) ?? true else { return }
        if !isEditing { becomeFirstResponder() }
        editor.replace(0..<editor.length, with: "", askDelegate: false)
    }

    /// The Return key: asks the delegate, sends `.editingDidEndOnExit` (ending editing when it
    /// has targets) and `.primaryActionTriggered`.
    private func returnPressed() {
        guard delegate?.textFieldShouldReturn(self) ?? true else { return }
        let exits = hasActions(for: .editingDidEndOnExit)
        sendActions(for: .editingDidEndOnExit)
        sendActions(for: .primaryActionTriggered)
        if exits { resignFirstResponder() }
    }

    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        guard isEditing, let key = presses.first?.key else { return super.pressesBegan(presses, with: event) }
        if key.keyCode == .keyboardReturnOrEnter || key.keyCode == .keypadEnter {
            editor.commitMarked()
            returnPressed()
            return
        }
        // Secure text is not copied.
        if isSecureTextEntry, key.modifierFlags.contains(.command) || key.modifierFlags.contains(.control),
           key.keyCode == .keyboardC || key.keyCode == .keyboardX { return }
        if !editor.handle(key, pasteboard: pasteboard) { super.pressesBegan(presses, with: event) }
    }

    open override func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        // Key repeat.
        guard isEditing, let key = presses.first?.key, key.keyCode != .keyboardReturnOrEnter else {
            return super.pressesChanged(presses, with: event)
        }
        if !editor.handle(key, pasteboard: pasteboard) { super.pressesChanged(presses, with: event) }
    }

    // Touches: a tap begins editing and places the caret; a drag selects; a double tap selects a
    // word.
    private var dragAnchor: Int?

    private func textOffset(at point: CGPoint) -> Int {
        let (l, origin) = placedLayout()
        return editor.nearestBoundary(textOffset(l.offset(nearest: CGPoint(x: point.x - origin.x, y: point.y - origin.y))))
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesBegan(touches, with: event)
        guard isEnabled, let t = touches.first else { return }
        if !isEditing { _ = becomeFirstResponder() }
        guard isEditing else { return }
        let o = textOffset(at: t.location(in: self))
        editor.tap(at: o, count: t.tapCount)
        dragAnchor = t.tapCount >= 2 ? nil : o
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesMoved(touches, with: event)
        guard isEditing, let a = dragAnchor, let t = touches.first else { return }
        let o = textOffset(at: t.location(in: self))
        editor.select(min(a, o)..<max(a, o))
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesEnded(touches, with: event)
        dragAnchor = nil
    }

    // MARK: UIKeyInput and UITextInput

    open var hasText: Bool { !editor.text.isEmpty }
    open func insertText(_ text: String) { editor.insertText(text) }
    open func deleteBackward() { editor.deleteBackward() }

    open func text(in range: UITextRange) -> String? { editor.text(in: range) }
    open func replace(_ range: UITextRange, withText text: String) { editor.replace(range, withText: text) }

    open var selectedTextRange: UITextRange? {
        get { isEditing ? TextOffsetRange(editor.selection) : nil }
        set { editor.setSelectedTextRange(newValue) }
    }

    open var markedTextRange: UITextRange? { editor.markedTextRange }

    open func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        editor.setMarkedText(markedText, selected: selectedRange)
    }

    open func unmarkText() {
        editor.commitMarked()
        setNeedsDisplay()
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
        let (l, origin) = placedLayout()
        return l.caretRect(for: displayOffset(editor.offset(of: position))).offsetBy(dx: origin.x, dy: origin.y)
    }

    open func firstRect(for range: UITextRange) -> CGRect {
        guard let r = editor.offsets(range) else { return .null }
        let (l, origin) = placedLayout()
        let rects = l.selectionRects(displayOffset(r.lowerBound)..<displayOffset(r.upperBound))
        return rects.first?.offsetBy(dx: origin.x, dy: origin.y) ?? caretRect(for: TextOffsetPosition(r.lowerBound))
    }

    open func closestPosition(to point: CGPoint) -> UITextPosition? { TextOffsetPosition(textOffset(at: point)) }

    // MARK: Accessibility

    override var defaultAccessibilityValue: String? { isSecureTextEntry ? nil : editor.text }
    override var defaultAccessibilityLabel: String? { editor.text.isEmpty ? placeholder : nil }
}
