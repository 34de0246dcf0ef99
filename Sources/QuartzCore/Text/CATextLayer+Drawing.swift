@_spi(Lamina) import CoreGraphics
@_spi(Lamina) import CoreText

extension CATextLayer {
    /// The font the text layer uses and its size: a font object's own size, else `fontSize`;
    /// Helvetica when the font names nothing installed.
    var resolvedFont: (font: CGFont, size: CGFloat)? {
        if let f = AttributedRuns.font(font) { return (f.font, f.size ?? fontSize) }
        return CTFontDefaults.helvetica.map { ($0, fontSize) }
    }

    /// The string as runs of text with their font, size and colour.
    var textRuns: [LaminaTextRun] {
        guard let base = resolvedFont else { return [] }
        let color = foregroundColor ?? CGColor.white
        switch string {
        case let s as String: return [LaminaTextRun(text: s, font: base.font, size: base.size, color: color)]
        case let a as NSAttributedString:
            // Differs from Apple (CATextLayer.h: font, fontSize and foregroundColor are not used
            // for an attributed string, whose runs default to CoreText's Helvetica 12, black):
            // Lamina gives runs that set no font, size or colour the layer's, as it always has.
            // Runs that set their own are set alike.
            return AttributedRuns.runs(of: a, font: base.font, size: base.size, color: color)
        case nil: return []
        case let other?: return [LaminaTextRun(text: String(describing: other), font: base.font, size: base.size, color: color)]
        }
    }

    /// The text laid out in a box `width` wide (nil: unbounded) and `height` tall: the layer's
    /// cached layout when nothing it depends on changed, else the process's shared one of the
    /// same runs in the same box (``SharedTextLayouts``), else a new one.
    func textLayout(width: CGFloat?, height: CGFloat) -> TextLayout {
        let key = TextLayoutCache.Key(string: string, font: font, fontSize: fontSize, color: foregroundColor, wrapped: isWrapped,
                                      alignment: alignmentMode, truncation: truncationMode, width: width, height: height)
        if let hit = layoutCache.withLock({ $0?.key == key ? $0?.layout : nil }) { return hit }
        let layout = SharedTextLayouts.layout(runs: textRuns, width: width, height: height, wraps: isWrapped,
                                              alignment: alignmentMode.textAlignment, truncation: truncationMode.truncationType)
        layoutCache.withLock { $0 = TextLayoutCache(key: key, layout: layout) }
        return layout
    }

    /// Draws the laid-out glyphs, the first line at the top of the bounds (y down).
    func drawText(in ctx: CGContext) {
        let b = bounds
        // Glyph positions are quantized only if the layer allows it (it does not by default),
        // as Core Animation sets up a text layer's context.
        let allowed = ctx.allowsFontSubpixelQuantization
        ctx.allowsFontSubpixelQuantization = allowsFontSubpixelQuantization
        ctx.saveGState()
        ctx.setShouldSubpixelQuantizeFonts(true)
        defer {
            ctx.restoreGState()
            ctx.allowsFontSubpixelQuantization = allowed
        }
        textLayout(width: b.width, height: b.height).draw(in: ctx, at: b.origin)
    }
}

extension CATextLayerAlignmentMode {
    /// The CoreText alignment of the mode (unknown modes align naturally).
    var textAlignment: CTTextAlignment {
        switch self {
        case .left: .left
        case .right: .right
        case .center: .center
        case .justified: .justified
        default: .natural
        }
    }
}

extension CATextLayerTruncationMode {
    /// The CoreText truncation of the mode; nil for none.
    var truncationType: CTLineTruncationType? {
        switch self {
        case .start: .start
        case .middle: .middle
        case .end: .end
        default: nil
        }
    }
}

/// A text layer's last layout and the values it was made from.
struct TextLayoutCache: @unchecked Sendable {
    struct Key: Equatable {
        var string: Any?
        var font: CFTypeRef?
        var fontSize: CGFloat
        var color: CGColor?
        var wrapped: Bool
        var alignment: CATextLayerAlignmentMode
        var truncation: CATextLayerTruncationMode
        var width: CGFloat?
        var height: CGFloat

        static func == (a: Key, b: Key) -> Bool {
            guard a.fontSize == b.fontSize, a.wrapped == b.wrapped, a.alignment == b.alignment, a.truncation == b.truncation,
                  a.width == b.width, a.height == b.height, a.color == b.color else { return false }
            // Fonts by identity (a font object) or value (a name).
            switch (a.font, b.font) {
            case (nil, nil): break
            case let (x?, y?):
                if let n = x as? String, let m = y as? String { guard n == m else { return false } }
                else { guard x === y else { return false } }
            default: return false
            }
            // Strings by value; attributed strings by value (Foundation compares their
            // attributes); anything else never matches.
            switch (a.string, b.string) {
            case (nil, nil): return true
            case let (x as String, y as String): return x == y
            case let (x as NSAttributedString, y as NSAttributedString): return x === y || x.isEqual(to: y)
            default: return false
            }
        }
    }
    var key: Key
    var layout: TextLayout
}
