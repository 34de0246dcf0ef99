import Foundation
@_spi(Lamina) import QuartzCore
@_spi(Lamina) import CoreText

/// Text alignment (UIKit's raw values).
public enum NSTextAlignment: Int, Sendable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4
}

/// How text that does not fit is broken or truncated (UIKit's raw values).
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// A read-only text view (UIKit's `UILabel`): plain or attributed text in a font and colour,
/// aligned, on one line or wrapped to `numberOfLines`, truncated by `lineBreakMode`, centred
/// vertically in its bounds. It draws through `draw(_:)`, with Lamina's text layout (the one
/// `CATextLayer` uses).
open class UILabel: UIView {
    /// Whether a font made by `UIFont.preferredFont(forTextStyle:)` is made again for the
    /// label's content size category when its traits change (false by default, as in UIKit).
    open var adjustsFontForContentSizeCategory = false {
        didSet { if adjustsFontForContentSizeCategory { adjustFontToTraits() } }
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if adjustsFontForContentSizeCategory { adjustFontToTraits() }
    }

    /// Makes the text-style or scaled font again for the label's traits.
    private func adjustFontToTraits() {
        if let again = font?.adjusted(to: traitCollection) { font = again }
    }

    override func colorAppearanceChanged() {
        super.colorAppearanceChanged()
        setNeedsDisplay()
    }

    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityLabel: String? { text }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .staticText }

    /// The label's text in its description, as UIKit prints it.
    override var descriptionExtras: [String] { text.map { ["text = '\($0)'"] } ?? [] }
    /// UIKit's description of a label leaves its `opaque = NO` out.
    override var descriptionShowsOpaque: Bool { false }
    override var descriptionTrailingExtras: [String] { backgroundColor.map { ["backgroundColor = \($0)"] } ?? [] }

    /// A label's layer is UIKit's `_UILabelLayer` (what its description names).
    open override class var layerClass: AnyClass { _UILabelLayer.self }

    private var _text: String?
    private var _attributedText: NSAttributedString?

    /// The text (plain).
    open var text: String? {
        get { _text ?? _attributedText?.string }
        set {
            // As UIKit's, setting the text it already shows changes nothing (a view that sets its
            // label in layoutSubviews would otherwise lay itself out again every frame).
            guard newValue != _text || _attributedText != nil else { return }
            _text = newValue; _attributedText = nil; textChanged()
        }
    }

    /// The text with attributes (`.font`, `.foregroundColor`); setting it replaces `text`.
    open var attributedText: NSAttributedString? {
        get {
            if let a = _attributedText { return a }
            guard let t = _text else { return nil }
            return NSAttributedString(string: t, attributes: [.font: font as Any, .foregroundColor: textColor as Any])
        }
        set {
            guard _text != nil || newValue != _attributedText else { return }
            _attributedText = newValue; _text = nil; textChanged()
        }
    }

    /// The font (the system font at 17 points by default).
    open var font: UIFont! = .systemFont(ofSize: UIFont.labelFontSize) { didSet { if oldValue != font { textChanged() } } }
    /// The text colour (the label colour, black, by default).
    open var textColor: UIColor! = .label {
        didSet {
            if let old = oldValue, let new = textColor, old.looksTheSame(as: new) { return }
            setNeedsDisplay()
        }
    }
    /// Whether a single line too wide, or lines too many, shrink the font (down to
    /// `minimumScaleFactor` of its size) until the text fits (false by default).
    open var adjustsFontSizeToFitWidth = false { didSet { setNeedsDisplay() } }
    /// The smallest scale of the font `adjustsFontSizeToFitWidth` may use (0, the default: the
    /// font's own size, so no shrinking, as UIKit documents).
    open var minimumScaleFactor: CGFloat = 0 { didSet { setNeedsDisplay() } }
    /// Whether letters may be set slightly tighter before the text is truncated (kept; Lamina
    /// does not tighten).
    open var allowsDefaultTighteningForTruncation = false
    /// The alignment (natural: the paragraph's direction).
    open var textAlignment: NSTextAlignment = .natural { didSet { if oldValue != textAlignment { setNeedsDisplay() } } }
    /// The most lines shown; 0 for any number (1 by default).
    open var numberOfLines = 1 { didSet { if oldValue != numberOfLines { textChanged() } } }
    /// How long text is wrapped or truncated (tail truncation by default).
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { if oldValue != lineBreakMode { textChanged() } } }
    /// Whether the label is enabled (drawn dimmed when not).
    open var isEnabled = true { didSet { if oldValue != isEnabled { setNeedsDisplay() } } }
    /// The width multi-line labels wrap to for their intrinsic size (0: unbounded).
    open var preferredMaxLayoutWidth: CGFloat = 0 { didSet { invalidateIntrinsicContentSize() } }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        isUserInteractionEnabled = false
        contentMode = .redraw
        huggingPriorities = (UILayoutPriority(251), UILayoutPriority(251))
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isOpaque = false
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    private func textChanged() {
        measured = nil
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    /// The size `textRect` last measured for plain text, and what it was measured with besides
    /// the text, font and line settings (their changes forget it): a layout pass asks a label
    /// for its size several times.
    private var measured: (width: CGFloat?, height: CGFloat, lines: Int, alignment: NSTextAlignment,
                           direction: LaminaWritingDirection, fonts: Int, size: CGSize)?

    /// The runs of text with their fonts and colours.
    var runs: [LaminaTextRun] { runs(measuring: false) }

    /// The colour the runs of a measurement are given instead of the label's: colours do not
    /// change a size, and the label's may need resolving against its traits.
    private static let measuringColor = CGColor(gray: 0, alpha: 1)

    /// The runs of text; `measuring`: in ``measuringColor`` where the label's colour would be.
    func runs(measuring: Bool) -> [LaminaTextRun] {
        let baseFont: UIFont = font ?? .systemFont(ofSize: UIFont.labelFontSize)
        var baseColor = measuring ? UILabel.measuringColor : (textColor ?? .label).cgColor
        if !isEnabled && !measuring { baseColor = baseColor.copy(alpha: baseColor.alpha * 0.35) ?? baseColor }
        if let t = _text { return [LaminaTextRun(text: t, font: baseFont.cgFont, size: baseFont.pointSize, color: baseColor)] }
        guard let a = _attributedText else { return [] }
        return TextRuns.runs(of: a, font: baseFont, color: baseColor)
    }

    /// The base direction of the label's paragraphs: a paragraph style's, else right to left
    /// in a right-to-left interface (`effectiveUserInterfaceLayoutDirection`), else from the
    /// text's first strong character, so Arabic and Hebrew text aligns right when natural.
    var writingDirection: LaminaWritingDirection {
        if let a = _attributedText, let d = TextRuns.paragraphStyle(of: a)?.baseWritingDirection, d != .natural {
            return TextRuns.direction(d)
        }
        return effectiveUserInterfaceLayoutDirection == .rightToLeft ? .rightToLeft : .natural
    }

    /// The scale `adjustsFontSizeToFitWidth` sets the text at in a box `width` x `height`: 1
    /// when it fits, else the largest scale (to 1/1000) down to `minimumScaleFactor` at which
    /// one line fits the width, or the lines fit the number of lines and the height.
    func fittingScale(width: CGFloat?, height: CGFloat) -> CGFloat {
        guard adjustsFontSizeToFitWidth, let width, width > 0, minimumScaleFactor.isFinite,
              minimumScaleFactor > 0, minimumScaleFactor < 1 else { return 1 }
        let runs = self.runs(measuring: true)
        let wraps = numberOfLines != 1
        func fits(_ scale: CGFloat) -> Bool {
            let scaled = runs.map { var r = $0; r.size *= scale; return r }
            let l = LaminaTextLayout.measure(runs: scaled, width: wraps ? width : nil, height: .infinity, wraps: wraps,
                                             alignment: .left, truncation: .none, direction: writingDirection)
            if !wraps { return l.size.width <= width + 0.01 }
            return (numberOfLines <= 0 || l.lines <= numberOfLines) && (!height.isFinite || l.size.height <= height + 0.01)
        }
        if fits(1) { return 1 }
        var lo = minimumScaleFactor, hi: CGFloat = 1
        if !fits(lo) { return lo }
        while hi - lo > 0.001 {
            let mid = (lo + hi) / 2
            if fits(mid) { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// The text laid out to draw in a box (at the scale `adjustsFontSizeToFitWidth` finds).
    /// Drawing asks for the same layouts again and again: the process keeps them
    /// (`SharedTextLayouts`).
    func layout(width: CGFloat?, height: CGFloat) -> LaminaTextLayout {
        let scale = fittingScale(width: width, height: height)
        let runs = scale == 1 ? self.runs : self.runs.map { var r = $0; r.size *= scale; return r }
        return LaminaTextLayout(runs: runs, width: width, height: height, wraps: numberOfLines != 1,
                                alignment: TextRuns.alignment(textAlignment), truncation: TextRuns.truncation(lineBreakMode),
                                maximumLines: max(0, numberOfLines), direction: writingDirection)
    }

    /// The rectangle the text takes within `bounds` when laid out in at most `numberOfLines`
    /// lines (0: as many as fit): at the bounds' origin, its size the text's, rounded up to
    /// pixels. The label measures itself with it (`intrinsicContentSize`, `sizeThatFits(_:)`),
    /// so a subclass that insets it (and draws inset) grows by its insets, as on iOS.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        let width: CGFloat? = bounds.width.isFinite && bounds.width < 1e7 ? max(0, bounds.width) : nil
        let height: CGFloat = bounds.height.isFinite && bounds.height < 1e7 ? max(0, bounds.height) : .infinity
        let wrapWidth = numberOfLines == 1 ? nil : width
        let direction = writingDirection, fonts = FontCatalog.shared.changeCount
        if _text != nil, let m = measured, m.width == wrapWidth, m.height == height, m.lines == numberOfLines,
           m.alignment == textAlignment, m.direction == direction, m.fonts == fonts {
            return CGRect(origin: bounds.origin, size: roundedUpToPixels(m.size))
        }
        // Measured, not laid out to draw (a label is drawn in its bounds, not in the box it is
        // measured in); measurements are kept too (`SharedTextLayouts`).
        let used = LaminaTextLayout.measure(runs: runs(measuring: true), width: wrapWidth, height: height, wraps: wrapWidth != nil,
                                            alignment: TextRuns.alignment(textAlignment), truncation: TextRuns.truncation(lineBreakMode),
                                            maximumLines: max(0, numberOfLines), direction: direction).size
        if _text != nil { measured = (wrapWidth, height, numberOfLines, textAlignment, direction, fonts, used) }
        return CGRect(origin: bounds.origin, size: roundedUpToPixels(used))
    }

    /// Draws the text in `rect`: laid out to the width, centred vertically.
    open func drawText(in rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let l = layout(width: rect.width, height: rect.height)
        let top = rect.minY + max(0, (rect.height - l.usedSize.height) / 2)
        l.draw(in: ctx, at: CGPoint(x: rect.minX, y: top))
    }

    override class var drawsThroughDrawRect: Bool { true }

    open override func draw(_ rect: CGRect) { drawText(in: bounds) }

    /// Baselines: the text is centred vertically, so the first baseline is half the height
    /// minus half the text's height plus the ascender; the last, half the height plus half the
    /// text's height minus the descender's depth.
    override func baselineOffsets() -> (first: (k: CGFloat, c: CGFloat), last: (k: CGFloat, c: CGFloat)) {
        let f: UIFont = font ?? .systemFont(ofSize: UIFont.labelFontSize)
        let textHeight = intrinsicContentSize.height
        return ((0.5, f.ascender - textHeight / 2), (0.5, textHeight / 2 + f.descender - f.leading))
    }

    /// The width Auto Layout last gave a multi-line label with no `preferredMaxLayoutWidth`:
    /// its intrinsic size wraps to it (as UIKit sets the preferred width itself).
    private var layoutWrapWidth: CGFloat?

    /// Takes the laid-out width as the wrapping width; true when that changes the label's
    /// intrinsic size (Auto Layout then lays out again).
    func adoptLayoutWidth() -> Bool {
        guard numberOfLines != 1, preferredMaxLayoutWidth == 0 else { return false }
        let w = bounds.width
        guard w > 0, w.isFinite, w != layoutWrapWidth else { return false }
        let before = intrinsicContentSize
        layoutWrapWidth = w
        return intrinsicContentSize != before
    }

    /// The size of the text on one line, or wrapped to `preferredMaxLayoutWidth` (or, for a
    /// multi-line label without one, to the width Auto Layout gave it).
    open override var intrinsicContentSize: CGSize {
        let wrap = preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : layoutWrapWidth
        let width = numberOfLines != 1 ? wrap ?? .greatestFiniteMagnitude : .greatestFiniteMagnitude
        return textRect(forBounds: CGRect(x: 0, y: 0, width: width, height: .greatestFiniteMagnitude),
                        limitedToNumberOfLines: numberOfLines).size
    }

    /// `size` rounded up to whole pixels of the screen the label is on (the main screen before
    /// it is in a window), as UIKit sizes labels: 52.6667 x 19.3333 points on a 3x screen.
    private func roundedUpToPixels(_ size: CGSize) -> CGSize {
        let k = pixelScale
        // A hair below a pixel boundary stays on it (widths summed in floating point).
        func up(_ v: CGFloat) -> CGFloat { v.isFinite ? ((v * k) - 1e-6).rounded(.up) / k : v }
        return CGSize(width: up(size.width), height: up(size.height))
    }

    /// The size the text needs within `size` (wrapping to its width for multi-line labels).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = numberOfLines != 1 && size.width > 0 ? size.width : .greatestFiniteMagnitude
        return textRect(forBounds: CGRect(x: 0, y: 0, width: width, height: .greatestFiniteMagnitude),
                        limitedToNumberOfLines: numberOfLines).size
    }
}

extension NSAttributedString.Key {
    /// The background colour of a run (accepted, not drawn).
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
}

/// A button's title label, named as in UIKit (whose description says `opaque = NO`, as a
/// plain label's does not).
final class UIButtonLabel: UILabel {
    override var descriptionShowsOpaque: Bool { true }
}

/// The layer class of `UILabel`, named as in UIKit (a plain `CALayer` otherwise).
final class _UILabelLayer: CALayer {}
