extension CATextLayer {
    /// The font the text layer uses and its size: a font object's own size, else `fontSize`.
    var resolvedFont: (font: CGFont, size: CGFloat)? {
        let size = fontSize
        switch font {
        case let f as CGFont: return (f, size)
        case let p as CATextLayerFontProviding: return p.cgFontForTextLayer.map { ($0, p.pointSizeForTextLayer) }
        case let name as NSString: return CGFont(String(describing: name) as CFString).map { ($0, size) } ?? TextFonts.helvetica.map { ($0, size) }
        default: return TextFonts.helvetica.map { ($0, size) }
        }
    }

    /// The string as runs of text with their font, size and colour.
    var textRuns: [(text: String, font: CGFont, size: CGFloat, color: CGColor)] {
        guard let base = resolvedFont else { return [] }
        let color = foregroundColor ?? CGColor.white
        switch string {
        case let s as String: return [(s, base.font, base.size, color)]
        case let a as NSAttributedString:
            var runs: [(String, CGFont, CGFloat, CGColor)] = []
            a.enumerateAttributes(in: NSRange(location: 0, length: a.length)) { attrs, range, _ in
                let text = (a.string as NSString).substring(with: range)
                var f = base
                switch attrs[.font] {
                case let cg as CGFont: f = (cg, base.size)
                case let p as CATextLayerFontProviding: if let cg = p.cgFontForTextLayer { f = (cg, p.pointSizeForTextLayer) }
                case let n as String: if let cg = CGFont(n as CFString) { f = (cg, base.size) }
                default: break
                }
                var c = color
                let colorValue = attrs[.foregroundColor] ?? attrs[NSAttributedString.Key(kCTForegroundColorAttributeName)]
                if let cg = colorValue.flatMap({ kvcCoerce($0, to: CGColor.self) }) { c = cg }
                else if let p = colorValue as? CATextLayerColorProviding { c = p.cgColorForTextLayer }
                runs.append((text, f.font, f.size, c))
            }
            return runs
        case nil: return []
        case let other?: return [(String(describing: other), base.font, base.size, color)]
        }
    }

    func textLayout(width: CGFloat?, height: CGFloat) -> TextLayout {
        TextLayout(runs: textRuns, width: width, height: height, wraps: isWrapped, alignment: alignmentMode,
                   truncation: truncationMode)
    }

    /// Draws the laid-out glyphs, the first line at the top of the bounds (y down).
    func drawText(in ctx: CGContext) {
        let b = bounds
        textLayout(width: b.width, height: b.height).draw(in: ctx, at: b.origin)
    }
}

extension TextLayout {
    /// Fills the glyphs, one path per colour, with the first line's top at `origin` in a y-down
    /// context.
    func draw(in ctx: CGContext, at origin: CGPoint) {
        guard !glyphs.isEmpty else { return }
        var paths: [(CGColor, CGMutablePath)] = []
        for g in glyphs {
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

/// The default font (Helvetica, through its installed substitute).
enum TextFonts {
    nonisolated(unsafe) private static var cached: CGFont??
    private static let lock = NSLock()
    static var helvetica: CGFont? {
        lock.lock(); defer { lock.unlock() }
        if let c = cached { return c }
        let f = CGFont("Helvetica" as CFString) ?? (try? CGFont.named("DejaVu Sans"))
        cached = .some(f)
        return f
    }
}
