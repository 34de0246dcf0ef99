@_spi(Lamina) import CoreGraphics

extension TextLayout {
    /// How a group of glyph outlines is painted: fill colour and stroke.
    private struct Paint: Equatable {
        var color: CGColor
        var strokeWidth: CGFloat
        var strokeColor: CGColor?
        var shadow: LaminaTextShadow?
    }

    /// Fills (or strokes, by `.strokeWidth`) the glyphs, one path per paint, with the first
    /// line's top at `origin` in a y-down context; colour bitmap glyphs (emoji) are drawn as
    /// images scaled from their strike; then underlines and strikethroughs.
    public func draw(in ctx: CGContext, at origin: CGPoint) {
        draw(in: ctx, at: origin, glyphs: glyphs.indices, decorations: decorations.indices)
    }

    /// Draws lines `range` of the layout, the layout's top left at `origin` (y down), through
    /// the context's current transform (CoreText's lines and frames flip it to y down first).
    public func draw(in ctx: CGContext, at origin: CGPoint, lines range: Range<Int>) {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= lines.count else { return }
        draw(in: ctx, at: origin, glyphs: lines[range.lowerBound].glyphs.lowerBound..<lines[range.upperBound - 1].glyphs.upperBound,
             decorations: lines[range.lowerBound].decorations.lowerBound..<lines[range.upperBound - 1].decorations.upperBound)
    }

    func draw(in ctx: CGContext, at origin: CGPoint, glyphs glyphRange: Range<Int>, decorations decorationRange: Range<Int>) {
        guard !glyphRange.isEmpty || !decorationRange.isEmpty else { return }
        var runs: [(Paint, CGFloat, [CGContext.GlyphPlacement])] = []
        var bitmaps: [(ColorGlyph, CGRect, PlacedGlyph)] = []
        var colorFonts: [ObjectIdentifier: Bool] = [:]
        for g in glyphs[glyphRange] {
            let id = ObjectIdentifier(g.font)
            let isColor = colorFonts[id] ?? { let c = g.font.hasColorBitmaps; colorFonts[id] = c; return c }()
            if isColor {
                guard let bitmap = g.font.colorGlyph(g.glyph) else { continue }
                let s = g.size / bitmap.pixelsPerEm
                let at = ctx.placeOnGlyphGrid(CGPoint(x: origin.x + g.x, y: origin.y + g.baseline - g.rise))
                let rect = CGRect(x: at.x + bitmap.left * s, y: at.y - bitmap.top * s,
                                  width: CGFloat(bitmap.image.width) * s, height: CGFloat(bitmap.image.height) * s)
                bitmaps.append((bitmap, rect, g))
                continue
            }
            let k = g.size / CGFloat(max(1, g.font.unitsPerEm))
            let t = CGAffineTransform(a: k, b: 0, c: 0, d: -k, tx: origin.x + g.x, ty: origin.y + g.baseline - g.rise)
            let paint = Paint(color: g.color, strokeWidth: g.strokeWidth, strokeColor: g.strokeWidth == 0 ? nil : g.strokeColor,
                              shadow: g.shadow)
            // The stroke is a percentage of the font size: one run per paint and size.
            let lineWidth = abs(g.strokeWidth) * g.size / 100
            let placement = CGContext.GlyphPlacement(font: g.font, glyph: g.glyph, transform: t)
            if let i = runs.firstIndex(where: { $0.0 == paint && $0.1 == lineWidth }) {
                runs[i].2.append(placement)
            } else {
                runs.append((paint, lineWidth, [placement]))
            }
        }
        ctx.saveGState()
        for (paint, lineWidth, run) in runs {
            // Each glyph's origin where the context's positioning and quantization put it.
            var placements = run
            ctx.placeOnGlyphGrid(&placements)
            ctx.saveGState()
            defer { ctx.restoreGState() }
            if let shadow = paint.shadow { TextLayout.setShadow(shadow, in: ctx) }
            // The outlines as one path, made only when the glyph masks cannot fill the run.
            lazy var path = CGContext.outlines(of: placements)
            if paint.strokeWidth <= 0 {
                ctx.setFillColor(paint.color)
                if !ctx.fillGlyphsFromMasks(placements) {
                    ctx.addPath(path)
                    ctx.fillPath()
                }
            }
            if paint.strokeWidth != 0 && lineWidth.isFinite && lineWidth > 0 {
                ctx.setStrokeColor(paint.strokeColor ?? paint.color)
                ctx.setLineWidth(min(lineWidth, 1e4))
                ctx.setLineJoin(.round)
                ctx.addPath(path)
                ctx.strokePath()
            }
        }
        for (bitmap, rect, g) in bitmaps where rect.isFinite && rect.width > 0 && rect.height > 0 {
            // From the copy resampled for this size and position, where it applies.
            if ctx.drawColorGlyph(bitmap.image, font: g.font, glyph: g.glyph, in: rect) { continue }
            // The context is y-down: flip around the rectangle so the bitmap stands upright.
            ctx.saveGState()
            ctx.translateBy(x: rect.minX, y: rect.maxY)
            ctx.scaleBy(x: 1, y: -1)
            ctx.draw(bitmap.image, in: CGRect(origin: .zero, size: rect.size))
            ctx.restoreGState()
        }
        for line in decorations[decorationRange] { drawDecoration(line, in: ctx, at: origin) }
        ctx.restoreGState()
    }

    /// Sets a text shadow on the context: its offset and blur (points, y down) taken through the
    /// current transform to the device pixels shadows are given in (y up).
    static func setShadow(_ shadow: LaminaTextShadow, in ctx: CGContext) {
        let m = ctx.ctm
        let o = shadow.offset
        let scale = (abs(m.a * m.d - m.b * m.c)).squareRoot()
        ctx.setShadow(offset: CGSize(width: o.width * m.a + o.height * m.c, height: o.width * m.b + o.height * m.d),
                      blur: shadow.blurRadius * scale, color: shadow.color)
    }

    /// An underline or strikethrough: a bar, two bars for `.double` (0x9), or a dashed line for
    /// the patterns (dot 0x100, dash 0x200, dash-dot 0x300, dash-dot-dot 0x400).
    /// [U] UIKit's dash lengths are not documented: here in multiples of the thickness.
    private func drawDecoration(_ line: DecorationLine, in ctx: CGContext, at origin: CGPoint) {
        let t = line.thickness
        guard t.isFinite, t > 0, line.x1 > line.x0 else { return }
        let ys = line.style & 0xF == 0x9 ? [line.y - t, line.y + t] : [line.y]
        let pattern: [CGFloat] = switch line.style & 0xF00 {
        case 0x100: [t, t]
        case 0x200: [3 * t, t]
        case 0x300: [3 * t, t, t, t]
        case 0x400: [3 * t, t, t, t, t, t]
        default: []
        }
        ctx.saveGState()
        if pattern.isEmpty {
            ctx.setFillColor(line.color)
            for y in ys { ctx.fill(CGRect(x: origin.x + line.x0, y: origin.y + y - t / 2, width: line.x1 - line.x0, height: t)) }
        } else {
            ctx.setStrokeColor(line.color)
            ctx.setLineWidth(t)
            ctx.setLineDash(phase: 0, lengths: pattern)
            for y in ys {
                ctx.move(to: CGPoint(x: origin.x + line.x0, y: origin.y + y))
                ctx.addLine(to: CGPoint(x: origin.x + line.x1, y: origin.y + y))
            }
            ctx.strokePath()
        }
        ctx.restoreGState()
    }
}

