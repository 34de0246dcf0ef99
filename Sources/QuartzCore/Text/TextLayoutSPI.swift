@_spi(Lamina) import CoreGraphics
import LaminaRender

/// A run of text as Lamina's layout sets it (SPI): its font and size, colour, and the
/// `.kern` and `.ligature` attributes.
@_spi(Lamina) public struct LaminaTextRun {
    public var text: String
    public var font: CGFont
    public var size: CGFloat
    public var color: CGColor
    /// Points after each character; 0 turns the font's kerning off; nil: the font's kerning.
    public var kern: CGFloat?
    /// 0: required ligatures only, 1: the default ones, 2: all.
    public var ligatures: Int
    public init(text: String, font: CGFont, size: CGFloat, color: CGColor, kern: CGFloat? = nil, ligatures: Int = 1) {
        self.text = text; self.font = font; self.size = size; self.color = color; self.kern = kern; self.ligatures = ligatures
    }
}

/// A paragraph's base writing direction (SPI): `NSWritingDirection` for Lamina's layout.
@_spi(Lamina) public enum LaminaWritingDirection: Sendable {
    /// From the first strong character (left to right when there is none).
    case natural, leftToRight, rightToLeft
    var bidi: Bidi.Direction {
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
    public init(runs: [LaminaTextRun], width: CGFloat?, height: CGFloat, wraps: Bool, alignment: CATextLayerAlignmentMode,
                truncation: CATextLayerTruncationMode, maximumLines: Int = 0, direction: LaminaWritingDirection = .natural) {
        layout = TextLayout(runs: runs, width: width, height: height, wraps: wraps, alignment: alignment, truncation: truncation,
                            maximumLines: maximumLines, direction: direction.bidi)
    }

    /// The size the laid-out lines take.
    public var usedSize: CGSize { layout.usedSize }
    /// The number of lines laid out.
    public var lineCount: Int { layout.lineCount }

    /// Draws the glyphs with the first line's top at `origin` in a y-down context.
    public func draw(in ctx: CGContext, at origin: CGPoint) { layout.draw(in: ctx, at: origin) }
}

/// Shapes layers draw, for UIKit (SPI).
@_spi(Lamina) public enum LaminaShapes {
    /// A rectangle with rounded corners as layers draw it (UIKit's `UIBezierPath`).
    public static func roundedRect(_ rect: CGRect, radius: CGFloat, corners: CACornerMask,
                                                 continuous: Bool) -> CGPath {
        LayerShape.path(rect, radius: radius, corners: corners.rawValue, continuous: continuous)
    }
}
