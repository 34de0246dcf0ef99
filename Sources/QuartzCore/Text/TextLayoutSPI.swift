@_spi(Lamina) import CoreGraphics

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
    public func draw(in ctx: CGContext, at origin: CGPoint) {
        var paths: [(CGColor, CGMutablePath)] = []
        for g in layout.glyphs {
            guard let outline = g.font.path(for: g.glyph), !outline.isEmpty else { continue }
            let k = g.size / CGFloat(max(1, g.font.unitsPerEm))
            let t = CGAffineTransform(a: k, b: 0, c: 0, d: -k, tx: origin.x + g.x, ty: origin.y + g.baseline)
            if let i = paths.firstIndex(where: { $0.0 == g.color }) {
                paths[i].1.addPath(outline, transform: t)
            } else {
                let p = CGMutablePath()
                p.addPath(outline, transform: t)
                paths.append((g.color, p))
            }
        }
        ctx.saveGState()
        for (color, path) in paths {
            ctx.setFillColor(color)
            ctx.addPath(path)
            ctx.fillPath()
        }
        ctx.restoreGState()
    }
}

/// Shapes layers draw, for UIKit (SPI).
@_spi(Lamina) public enum LaminaShapes {
    /// A rectangle with rounded corners as layers draw it (UIKit's `UIBezierPath`).
    public static func roundedRect(_ rect: CGRect, radius: CGFloat, corners: CACornerMask,
                                                 continuous: Bool) -> CGPath {
        LayerShape.path(rect, radius: radius, corners: corners, curve: continuous ? .continuous : .circular)
    }
}
