@_spi(Lamina) import CoreGraphics
@_spi(Lamina) import CoreText

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
    var textRuns: [LaminaTextRun] {
        guard let base = resolvedFont else { return [] }
        let color = foregroundColor ?? CGColor.white
        switch string {
        case let s as String: return [LaminaTextRun(text: s, font: base.font, size: base.size, color: color)]
        case let a as NSAttributedString:
            // Colours may also come through KVC's coercions (a colour object's `cgColor`).
            return AttributedRuns.runs(of: a, font: base.font, size: base.size, color: color)
        case nil: return []
        case let other?: return [LaminaTextRun(text: String(describing: other), font: base.font, size: base.size, color: color)]
        }
    }

    func textLayout(width: CGFloat?, height: CGFloat) -> TextLayout {
        TextLayout(runs: textRuns, width: width, height: height, wraps: isWrapped, alignment: alignmentMode.textAlignment,
                   truncation: truncationMode.truncationType)
    }

    /// Draws the laid-out glyphs, the first line at the top of the bounds (y down).
    func drawText(in ctx: CGContext) {
        let b = bounds
        textLayout(width: b.width, height: b.height).draw(in: ctx, at: b.origin)
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
