@_spi(Lamina) import CoreGraphics

/// A run of text as Lamina's layout sets it (SPI): its font and size, colour, the `.kern` and
/// `.ligature` attributes, its decorations, and the style of the paragraph it is in.
@_spi(Lamina) public struct LaminaTextRun: Equatable {
    public var text: String
    public var font: CGFont
    public var size: CGFloat
    public var color: CGColor
    /// Points after each character; 0 turns the font's kerning off; nil: the font's kerning.
    public var kern: CGFloat?
    /// 0: required ligatures only, 1: the default ones, 2: all.
    public var ligatures: Int
    public var decoration: LaminaTextDecoration
    /// The paragraph style of the run (the first run of a paragraph decides for it).
    public var paragraph: LaminaParagraphStyle?
    /// Runs are equal when they set the same text the same way (fonts by identity).
    public static func == (a: LaminaTextRun, b: LaminaTextRun) -> Bool {
        a.font === b.font && a.size == b.size && a.color == b.color && a.kern == b.kern && a.ligatures == b.ligatures
            && a.decoration == b.decoration && a.paragraph == b.paragraph && a.text == b.text
    }

    public init(text: String, font: CGFont, size: CGFloat, color: CGColor, kern: CGFloat? = nil, ligatures: Int = 1,
                decoration: LaminaTextDecoration = LaminaTextDecoration(), paragraph: LaminaParagraphStyle? = nil) {
        self.text = text; self.font = font; self.size = size; self.color = color; self.kern = kern; self.ligatures = ligatures
        self.decoration = decoration; self.paragraph = paragraph
    }
}

/// Lines and outlines drawn with a run (SPI): `.underlineStyle`, `.strikethroughStyle` (UIKit's
/// `NSUnderlineStyle` raw values), `.strokeWidth` (percent of the font size: positive strokes
/// only, negative fills and strokes), their colours, and `.baselineOffset` (points up).
@_spi(Lamina) public struct LaminaTextDecoration: Equatable {
    public var underline: Int = 0
    public var underlineColor: CGColor?
    public var strikethrough: Int = 0
    public var strikethroughColor: CGColor?
    public var strokeWidth: CGFloat = 0
    public var strokeColor: CGColor?
    public var baselineOffset: CGFloat = 0
    /// `.shadow`: offset (points, y down as in UIKit), blur radius (points) and colour.
    public var shadow: LaminaTextShadow?
    public init(underline: Int = 0, underlineColor: CGColor? = nil, strikethrough: Int = 0, strikethroughColor: CGColor? = nil,
                strokeWidth: CGFloat = 0, strokeColor: CGColor? = nil, baselineOffset: CGFloat = 0, shadow: LaminaTextShadow? = nil) {
        self.shadow = shadow
        self.underline = underline; self.underlineColor = underlineColor
        self.strikethrough = strikethrough; self.strikethroughColor = strikethroughColor
        self.strokeWidth = strokeWidth.isFinite ? strokeWidth : 0; self.strokeColor = strokeColor
        self.baselineOffset = baselineOffset.isFinite ? baselineOffset : 0
    }
}

/// A text shadow: `NSShadow` as the layout draws it (a Lamina addition, public so UIKit's
/// `NSShadow` can hand it to CoreText). Lengths in points; the offset's y runs down, as in UIKit.
public struct LaminaTextShadow: Equatable, Sendable {
    public var offset: CGSize
    public var blurRadius: CGFloat
    public var color: CGColor
    public init(offset: CGSize, blurRadius: CGFloat, color: CGColor) {
        self.offset = offset; self.blurRadius = blurRadius; self.color = color
    }
}

/// An object that gives a text shadow (UIKit's `NSShadow` conforms), read from `.shadow`.
public protocol LaminaTextShadowProviding {
    var laminaTextShadow: LaminaTextShadow? { get }
}

/// A paragraph's layout: `NSParagraphStyle` as Lamina's layout reads it (a Lamina addition,
/// public so UIKit's paragraph styles can hand it to `CATextLayer`). Lengths in points.
public struct LaminaParagraphStyle: Equatable {
    /// nil: the layout's own alignment.
    public var alignment: CTTextAlignment?
    public var lineSpacing: CGFloat = 0
    public var paragraphSpacing: CGFloat = 0
    public var paragraphSpacingBefore: CGFloat = 0
    /// 0: the font's line height; else that times this.
    public var lineHeightMultiple: CGFloat = 0
    /// 0: no minimum / no maximum.
    public var minimumLineHeight: CGFloat = 0
    public var maximumLineHeight: CGFloat = 0
    public var firstLineHeadIndent: CGFloat = 0
    public var headIndent: CGFloat = 0
    /// Positive: the line's end from the leading edge; zero or negative: from the trailing edge.
    public var tailIndent: CGFloat = 0
    public var direction: LaminaWritingDirection = .natural
    public init(alignment: CTTextAlignment? = nil, lineSpacing: CGFloat = 0, paragraphSpacing: CGFloat = 0,
                paragraphSpacingBefore: CGFloat = 0, lineHeightMultiple: CGFloat = 0, minimumLineHeight: CGFloat = 0,
                maximumLineHeight: CGFloat = 0, firstLineHeadIndent: CGFloat = 0, headIndent: CGFloat = 0,
                tailIndent: CGFloat = 0, direction: LaminaWritingDirection = .natural) {
        // Odd values are clamped: negative spacing and heights, NaN and infinite lengths count as 0.
        func clean(_ v: CGFloat, negative: Bool = false) -> CGFloat { v.isFinite && (negative || v >= 0) ? min(v, 1e6) : 0 }
        self.alignment = alignment
        self.lineSpacing = clean(lineSpacing); self.paragraphSpacing = clean(paragraphSpacing)
        self.paragraphSpacingBefore = clean(paragraphSpacingBefore); self.lineHeightMultiple = clean(lineHeightMultiple)
        self.minimumLineHeight = clean(minimumLineHeight); self.maximumLineHeight = clean(maximumLineHeight)
        self.firstLineHeadIndent = clean(firstLineHeadIndent); self.headIndent = clean(headIndent)
        self.tailIndent = clean(tailIndent, negative: true); self.direction = direction
    }
}

/// An object that gives a paragraph style (UIKit's `NSParagraphStyle` conforms), read by
/// `CATextLayer` from the `.paragraphStyle` attribute (a Lamina addition).
public protocol LaminaParagraphStyleProviding {
    var laminaParagraphStyle: LaminaParagraphStyle { get }
}

/// A paragraph's base writing direction: `NSWritingDirection` for Lamina's layout (a Lamina
/// addition, public so UIKit's paragraph styles can hand it to `CATextLayer`).
public enum LaminaWritingDirection: Sendable, Equatable {
    /// From the first strong character (left to right when there is none).
    case natural, leftToRight, rightToLeft
    @_spi(Lamina) public var bidi: Bidi.Direction {
        switch self {
        case .natural: .natural
        case .leftToRight: .leftToRight
        case .rightToLeft: .rightToLeft
        }
    }
}

/// Lamina's text layout for UIKit's labels (SPI): the engine `CATextLayer` uses, with a line
/// limit, measured and drawn in a y-down context.
@_spi(Lamina) public struct LaminaTextLayout {
    let layout: TextLayout

    /// Lays out `runs` in a box `width` wide (nil: unbounded) and `height` tall (`.infinity`
    /// for none), wrapping to the width when `wraps`, at most `maximumLines` lines (0: any).
    public init(runs: [LaminaTextRun], width: CGFloat?, height: CGFloat, wraps: Bool, alignment: CTTextAlignment,
                truncation: CTLineTruncationType?, maximumLines: Int = 0, direction: LaminaWritingDirection = .natural) {
        layout = SharedTextLayouts.layout(runs: runs, width: width, height: height, wraps: wraps, alignment: alignment,
                                          truncation: truncation, maximumLines: maximumLines, direction: direction.bidi)
    }

    /// The size `runs` take laid out as ``init(runs:width:height:wraps:alignment:truncation:maximumLines:direction:)``
    /// lays them out, and their number of lines, without placing glyphs (measurements are kept
    /// apart from layouts to draw).
    public static func measure(runs: [LaminaTextRun], width: CGFloat?, height: CGFloat, wraps: Bool, alignment: CTTextAlignment,
                               truncation: CTLineTruncationType?, maximumLines: Int = 0,
                               direction: LaminaWritingDirection = .natural) -> (size: CGSize, lines: Int) {
        let l = SharedTextLayouts.layout(runs: runs, width: width, height: height, wraps: wraps, alignment: alignment,
                                         truncation: truncation, maximumLines: maximumLines, direction: direction.bidi,
                                         measuring: true)
        return (l.usedSize, l.lineCount)
    }

    /// The size the laid-out lines take.
    public var usedSize: CGSize { layout.usedSize }
    /// The number of lines laid out.
    public var lineCount: Int { layout.lineCount }

    /// Draws the glyphs with the first line's top at `origin` in a y-down context.
    public func draw(in ctx: CGContext, at origin: CGPoint) { layout.draw(in: ctx, at: origin) }
}

