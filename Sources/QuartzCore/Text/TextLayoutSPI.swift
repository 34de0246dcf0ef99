@_spi(Lamina) import CoreGraphics
import LaminaRender

/// Lamina's text layout for UIKit's labels (SPI): the engine `CATextLayer` uses, with a line
/// limit, measured and drawn in a y-down context.
@_spi(Lamina) public struct LaminaTextLayout {
    let layout: TextLayout

    /// Lays out `runs` in a box `width` wide (nil: unbounded) and `height` tall (`.infinity`
    /// for none), wrapping to the width when `wraps`, at most `maximumLines` lines (0: any).
    public init(runs: [(text: String, font: CGFont, size: CGFloat, color: CGColor)], width: CGFloat?, height: CGFloat,
                wraps: Bool, alignment: CATextLayerAlignmentMode, truncation: CATextLayerTruncationMode, maximumLines: Int = 0) {
        layout = TextLayout(runs: runs, width: width, height: height, wraps: wraps, alignment: alignment, truncation: truncation,
                            maximumLines: maximumLines)
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
