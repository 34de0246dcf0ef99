import Foundation
@_spi(Lamina) import QuartzCore
@_spi(Lamina) import CoreText

/// The direction a paragraph is written in (UIKit's raw values).
public enum NSWritingDirection: Int, Sendable {
    /// From the first strong character by the Unicode Bidirectional Algorithm (rules P2-P3),
    /// left to right when there is none.
    case natural = -1
    case leftToRight = 0
    case rightToLeft = 1
}

/// A paragraph's layout attributes (UIKit's `NSParagraphStyle`): alignment, line break mode,
/// base writing direction, line heights and spacing, and indents, all read by Lamina's layout.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, LaminaParagraphStyleProviding, @unchecked Sendable {
    var _alignment: NSTextAlignment = .natural
    var _lineBreakMode: NSLineBreakMode = .byWordWrapping
    var _lineSpacing: CGFloat = 0
    var _paragraphSpacing: CGFloat = 0
    var _paragraphSpacingBefore: CGFloat = 0
    var _lineHeightMultiple: CGFloat = 0
    var _minimumLineHeight: CGFloat = 0
    var _maximumLineHeight: CGFloat = 0
    var _firstLineHeadIndent: CGFloat = 0
    var _headIndent: CGFloat = 0
    var _tailIndent: CGFloat = 0
    var _baseWritingDirection: NSWritingDirection = .natural
    var _hyphenationFactor: Float = 0

    public override init() { super.init() }

    /// The default style: natural alignment, word wrapping.
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }

    /// How lines are aligned.
    open var alignment: NSTextAlignment { _alignment }
    /// How text that does not fit is wrapped or truncated.
    open var lineBreakMode: NSLineBreakMode { _lineBreakMode }
    /// Extra space after each line but the last, in points.
    open var lineSpacing: CGFloat { _lineSpacing }
    /// Extra space after the paragraph when another follows.
    open var paragraphSpacing: CGFloat { _paragraphSpacing }
    /// Extra space before the paragraph when another precedes it.
    open var paragraphSpacingBefore: CGFloat { _paragraphSpacingBefore }
    /// The lines' natural height times this (0: the natural height); the extra space goes
    /// above the text.
    open var lineHeightMultiple: CGFloat { _lineHeightMultiple }
    /// The least height of a line (0: none).
    open var minimumLineHeight: CGFloat { _minimumLineHeight }
    /// The greatest height of a line (0: none).
    open var maximumLineHeight: CGFloat { _maximumLineHeight }
    /// The indent of the paragraph's first line from the leading edge.
    open var firstLineHeadIndent: CGFloat { _firstLineHeadIndent }
    /// The indent of the other lines from the leading edge.
    open var headIndent: CGFloat { _headIndent }
    /// Positive: where lines end, from the leading edge; zero or negative: the inset from the
    /// trailing edge.
    open var tailIndent: CGFloat { _tailIndent }
    /// The paragraph's base direction: natural (the default) takes it from the text.
    open var baseWritingDirection: NSWritingDirection { _baseWritingDirection }
    /// Hyphenation (kept; Lamina does not hyphenate, as iOS does not by default).
    open var hyphenationFactor: Float { _hyphenationFactor }

    /// The style as Lamina's layout reads it.
    public var laminaParagraphStyle: LaminaParagraphStyle {
        LaminaParagraphStyle(alignment: _alignment == .natural ? nil : TextRuns.alignment(_alignment), lineSpacing: _lineSpacing,
                             paragraphSpacing: _paragraphSpacing, paragraphSpacingBefore: _paragraphSpacingBefore,
                             lineHeightMultiple: _lineHeightMultiple, minimumLineHeight: _minimumLineHeight,
                             maximumLineHeight: _maximumLineHeight, firstLineHeadIndent: _firstLineHeadIndent,
                             headIndent: _headIndent, tailIndent: _tailIndent, direction: TextRuns.direction(_baseWritingDirection))
    }

    open func copy(with zone: NSZone? = nil) -> Any { fill(NSParagraphStyle()) }
    open func mutableCopy(with zone: NSZone? = nil) -> Any { fill(NSMutableParagraphStyle()) }

    private func fill<T: NSParagraphStyle>(_ s: T) -> T {
        s._alignment = _alignment
        s._lineBreakMode = _lineBreakMode
        s._lineSpacing = _lineSpacing
        s._paragraphSpacing = _paragraphSpacing
        s._paragraphSpacingBefore = _paragraphSpacingBefore
        s._lineHeightMultiple = _lineHeightMultiple
        s._minimumLineHeight = _minimumLineHeight
        s._maximumLineHeight = _maximumLineHeight
        s._firstLineHeadIndent = _firstLineHeadIndent
        s._headIndent = _headIndent
        s._tailIndent = _tailIndent
        s._baseWritingDirection = _baseWritingDirection
        s._hyphenationFactor = _hyphenationFactor
        return s
    }
}

/// A paragraph style whose attributes can be set.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    open override var alignment: NSTextAlignment { get { _alignment } set { _alignment = newValue } }
    open override var lineBreakMode: NSLineBreakMode { get { _lineBreakMode } set { _lineBreakMode = newValue } }
    open override var lineSpacing: CGFloat { get { _lineSpacing } set { _lineSpacing = newValue } }
    open override var paragraphSpacing: CGFloat { get { _paragraphSpacing } set { _paragraphSpacing = newValue } }
    open override var paragraphSpacingBefore: CGFloat { get { _paragraphSpacingBefore } set { _paragraphSpacingBefore = newValue } }
    open override var lineHeightMultiple: CGFloat { get { _lineHeightMultiple } set { _lineHeightMultiple = newValue } }
    open override var minimumLineHeight: CGFloat { get { _minimumLineHeight } set { _minimumLineHeight = newValue } }
    open override var maximumLineHeight: CGFloat { get { _maximumLineHeight } set { _maximumLineHeight = newValue } }
    open override var firstLineHeadIndent: CGFloat { get { _firstLineHeadIndent } set { _firstLineHeadIndent = newValue } }
    open override var headIndent: CGFloat { get { _headIndent } set { _headIndent = newValue } }
    open override var tailIndent: CGFloat { get { _tailIndent } set { _tailIndent = newValue } }
    open override var baseWritingDirection: NSWritingDirection {
        get { _baseWritingDirection } set { _baseWritingDirection = newValue }
    }
    open override var hyphenationFactor: Float { get { _hyphenationFactor } set { _hyphenationFactor = newValue } }
}

/// How text is underlined or struck through (UIKit's raw values): a line style, a pattern,
/// and whether spaces are skipped.
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
    public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}

/// Options for measuring and drawing strings (UIKit's raw values).
public struct NSStringDrawingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Lay out in lines wrapped to the width (otherwise one line).
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Include the fonts' leading in line heights (Lamina's lines always do).
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// Measure glyph bounds rather than typographic bounds (accepted; typographic is used).
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// Truncate the last line that fits with an ellipsis.
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// Extra settings and results of string drawing (accepted for source compatibility).
open class NSStringDrawingContext: NSObject {
    /// The smallest scale text may shrink to (Lamina does not shrink text).
    open var minimumScaleFactor: CGFloat = 0
    /// The bounds of the last drawing or measurement.
    open internal(set) var totalBounds: CGRect = .zero
}

/// Text attributes as Lamina's layout reads them: runs of text with a font, size and colour,
/// and the paragraph style of the first character. Shared by labels and string drawing.
enum TextRuns {
    /// UIKit's default for string drawing: Helvetica 12, black.
    static var defaultFont: UIFont { UIFont(name: "Helvetica", size: 12) ?? .systemFont(ofSize: 12) }

    static func runs(of a: NSAttributedString, font baseFont: UIFont, color baseColor: CGColor) -> [LaminaTextRun] {
        AttributedRuns.runs(of: a, font: baseFont.cgFont, size: baseFont.pointSize, color: baseColor)
    }

    static func paragraphStyle(of a: NSAttributedString) -> NSParagraphStyle? {
        guard a.length > 0 else { return nil }
        return a.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle
    }

    static func alignment(_ a: NSTextAlignment) -> CTTextAlignment {
        switch a {
        case .center: .center
        case .right: .right
        case .justified: .justified
        case .left: .left
        default: .natural
        }
    }

    /// The layout's base direction for a writing direction.
    static func direction(_ d: NSWritingDirection?) -> LaminaWritingDirection {
        switch d {
        case .leftToRight: .leftToRight
        case .rightToLeft: .rightToLeft
        default: .natural
        }
    }

    static func truncation(_ m: NSLineBreakMode) -> CTLineTruncationType? {
        switch m {
        case .byTruncatingHead: .start
        case .byTruncatingMiddle: .middle
        case .byTruncatingTail: .end
        default: nil
        }
    }

    /// Lays out `a` as string drawing does: wrapped to `width` (nil: one line per paragraph).
    static func layout(_ source: TextSource, width: CGFloat?, height: CGFloat, truncateLast: Bool = false) -> LaminaTextLayout {
        let style = source.paragraphStyle
        var truncation = truncation(style?.lineBreakMode ?? .byWordWrapping)
        if truncateLast && truncation == nil { truncation = .end }
        return LaminaTextLayout(runs: source.runs(font: defaultFont, color: CGColor(gray: 0, alpha: 1)), width: width,
                                height: height, wraps: width != nil, alignment: alignment(style?.alignment ?? .natural),
                                truncation: truncation, direction: direction(style?.baseWritingDirection))
    }

    /// The size the text takes on one line per paragraph.
    static func size(_ source: TextSource) -> CGSize { layout(source, width: nil, height: .infinity).usedSize }

    /// Draws the text with its first line's top left at `point` (one line per paragraph).
    static func draw(_ source: TextSource, at point: CGPoint) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        layout(source, width: nil, height: .infinity).draw(in: ctx, at: point)
    }

    /// Draws the text in `rect` with `options` (wrapped with `.usesLineFragmentOrigin`).
    static func draw(_ source: TextSource, with rect: CGRect, options: NSStringDrawingOptions, context: NSStringDrawingContext?) {
        guard let ctx = UIGraphicsGetCurrentContext(), rect.isFinite else { return }
        let wraps = options.contains(.usesLineFragmentOrigin)
        let l = layout(source, width: wraps ? rect.width : nil, height: wraps ? rect.height : .infinity,
                       truncateLast: options.contains(.truncatesLastVisibleLine))
        context?.totalBounds = CGRect(origin: rect.origin, size: l.usedSize)
        ctx.saveGState()
        if wraps { ctx.clip(to: rect) }
        l.draw(in: ctx, at: rect.origin)
        ctx.restoreGState()
    }

    /// The rectangle the text needs within `size`: lines wrapped to its width with
    /// `.usesLineFragmentOrigin`, else one line per paragraph.
    static func boundingRect(_ source: TextSource, with size: CGSize, options: NSStringDrawingOptions,
                             context: NSStringDrawingContext?) -> CGRect {
        let wraps = options.contains(.usesLineFragmentOrigin)
        let width: CGFloat? = wraps && size.width > 0 && size.width.isFinite ? size.width : nil
        let height: CGFloat = wraps && size.height > 0 ? size.height : .infinity
        let r = CGRect(origin: .zero, size: layout(source, width: width, height: height).usedSize)
        context?.totalBounds = r
        return r
    }
}

/// Text to measure or draw: an attributed string, or a string with one set of attributes
/// (which string drawing never turns into an `NSAttributedString`: on Linux, Foundation's
/// attributed strings never free their attribute values, swift-corelibs-foundation pull
/// request 5256, so measuring a label in a loop would leak).
enum TextSource {
    case attributed(NSAttributedString)
    case plain(String, [NSAttributedString.Key: Any])

    func runs(font: UIFont, color: CGColor) -> [LaminaTextRun] {
        switch self {
        case .attributed(let a): TextRuns.runs(of: a, font: font, color: color)
        case .plain(let s, let attrs):
            s.isEmpty ? [] : [AttributedRuns.run(s, attributes: attrs, font: font.cgFont, size: font.pointSize, color: color)]
        }
    }

    var paragraphStyle: NSParagraphStyle? {
        switch self {
        case .attributed(let a): TextRuns.paragraphStyle(of: a)
        case .plain(_, let attrs): attrs[.paragraphStyle] as? NSParagraphStyle
        }
    }
}

extension NSAttributedString {
    /// The size the string takes on one line per paragraph.
    public func size() -> CGSize { TextRuns.size(.attributed(self)) }

    /// Draws the string with its first line's top left at `point` in the current context
    /// (one line per paragraph, no wrapping).
    public func draw(at point: CGPoint) { TextRuns.draw(.attributed(self), at: point) }

    /// Draws the string wrapped to `rect`'s width, the lines that fit its height, aligned by
    /// its paragraph style.
    public func draw(in rect: CGRect) {
        draw(with: rect, options: .usesLineFragmentOrigin, context: nil)
    }

    /// Draws the string in `rect` with `options` (wrapped with `.usesLineFragmentOrigin`).
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) {
        TextRuns.draw(.attributed(self), with: rect, options: options, context: context)
    }

    /// The rectangle the string needs within `size`: lines wrapped to its width with
    /// `.usesLineFragmentOrigin`, else one line per paragraph.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) -> CGRect {
        TextRuns.boundingRect(.attributed(self), with: size, options: options, context: context)
    }
}

extension NSString {
    /// The size the string takes with `attrs` on one line per paragraph.
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        TextRuns.size(.plain(self as String, attrs ?? [:]))
    }

    /// Draws the string with `attrs`, its first line's top left at `point`.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        TextRuns.draw(.plain(self as String, attrs ?? [:]), at: point)
    }

    /// Draws the string with `attrs` wrapped in `rect`.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        TextRuns.draw(.plain(self as String, attrs ?? [:]), with: rect, options: .usesLineFragmentOrigin, context: nil)
    }

    /// Draws the string with `attrs` in `rect` with `options`.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], attributes attrs: [NSAttributedString.Key: Any]? = nil,
                     context: NSStringDrawingContext?) {
        TextRuns.draw(.plain(self as String, attrs ?? [:]), with: rect, options: options, context: context)
    }

    /// The rectangle the string needs with `attrs` within `size`.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], attributes attrs: [NSAttributedString.Key: Any]? = nil,
                             context: NSStringDrawingContext?) -> CGRect {
        TextRuns.boundingRect(.plain(self as String, attrs ?? [:]), with: size, options: options, context: context)
    }
}

extension StringProtocol {
    /// The size the string takes with `attrs` on one line per paragraph.
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        (String(self) as NSString).size(withAttributes: attrs)
    }

    /// Draws the string with `attrs`, its first line's top left at `point`.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        (String(self) as NSString).draw(at: point, withAttributes: attrs)
    }

    /// Draws the string with `attrs` wrapped in `rect`.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        (String(self) as NSString).draw(in: rect, withAttributes: attrs)
    }

    /// Draws the string with `attrs` in `rect` with `options`.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], attributes attrs: [NSAttributedString.Key: Any]? = nil,
                     context: NSStringDrawingContext?) {
        (String(self) as NSString).draw(with: rect, options: options, attributes: attrs, context: context)
    }

    /// The rectangle the string needs with `attrs` within `size`.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], attributes attrs: [NSAttributedString.Key: Any]? = nil,
                             context: NSStringDrawingContext?) -> CGRect {
        (String(self) as NSString).boundingRect(with: size, options: options, attributes: attrs, context: context)
    }
}

/// A shadow for text (UIKit's `NSShadow`), the value of `.shadow`: drawn under the glyphs of
/// the run in labels, string drawing and text layers.
open class NSShadow: NSObject, NSCopying, LaminaTextShadowProviding, @unchecked Sendable {
    /// How far the shadow is moved, in points (y down). (0, -3) by default, as in UIKit.
    open var shadowOffset = CGSize(width: 0, height: -3)
    /// How far the shadow is blurred, in points (0 by default: sharp).
    open var shadowBlurRadius: CGFloat = 0
    /// The shadow's colour: a `UIColor` or `CGColor` (nil: black at a third opacity).
    open var shadowColor: Any?

    public override init() { super.init() }

    open func copy(with zone: NSZone? = nil) -> Any {
        let s = NSShadow()
        s.shadowOffset = shadowOffset
        s.shadowBlurRadius = shadowBlurRadius
        s.shadowColor = shadowColor
        return s
    }

    /// The shadow as Lamina's text layout draws it (nil when it draws nothing: a transparent
    /// colour or non-finite values).
    public var laminaTextShadow: LaminaTextShadow? {
        let color = AttributedRuns.color(shadowColor) ?? CGColor(gray: 0, alpha: 1.0 / 3)
        guard shadowOffset.width.isFinite, shadowOffset.height.isFinite, shadowBlurRadius.isFinite, color.alpha > 0 else { return nil }
        return LaminaTextShadow(offset: shadowOffset, blurRadius: max(0, shadowBlurRadius), color: color)
    }
}
