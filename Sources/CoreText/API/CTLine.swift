@_spi(Lamina) import CoreGraphics

/// A line of text set in one line (CoreText's `CTLine`): shaped, in visual order, made of glyph
/// runs. Its text space has the origin at the start of the baseline, y up. Lines from
/// `CTLineCreateWithAttributedString` and from a frame share the layout of `CATextLayer`,
/// `UILabel` and string drawing.
public final class CTLine: @unchecked Sendable {
    let data: LineData

    init(layout: TextLayout, index: Int, string: NSAttributedString, stringOffset: Int) {
        data = LineData(layout: layout, index: index, string: string, stringOffset: stringOffset)
    }

    var layout: TextLayout { data.layout }
    var index: Int { data.index }
    var string: NSAttributedString { data.string }
    var stringOffset: Int { data.stringOffset }
    var line: TextLayout.Line { data.line }
    var toTextSpace: CGAffineTransform { data.toTextSpace }

    /// The glyph runs: consecutive glyphs of one attribute run, font and direction.
    lazy var runs: [CTRun] = {
        var out: [CTRun] = []
        var start = line.glyphs.lowerBound
        for i in line.glyphs {
            let g = layout.glyphs[i], next = i + 1 < line.glyphs.upperBound ? layout.glyphs[i + 1] : nil
            if let n = next, n.run == g.run, n.font === g.font, n.size == g.size, n.rightToLeft == g.rightToLeft { continue }
            out.append(CTRun(line: data, glyphs: start..<i + 1))
            start = i + 1
        }
        return out
    }()
}

/// What a line and its runs share: the layout it is a line of, and the string.
struct LineData {
    let layout: TextLayout
    let index: Int
    let string: NSAttributedString
    /// Where the layout's string starts in the string the caller gave (a frame of part of it).
    let stringOffset: Int

    var line: TextLayout.Line { layout.lines[index] }

    /// The transform from layout coordinates (y down, the pen at the line's origin) to the
    /// line's text space.
    var toTextSpace: CGAffineTransform { CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: -line.origin.x, ty: line.origin.y) }
}

/// Lines of text with line separators are set as one line: each separator counts as a space.
private func oneLineRuns(_ string: NSAttributedString) -> [LaminaTextRun] {
    AttributedRuns.runs(of: string, font: CTFontDefaults.font, size: 12, color: CTFontDefaults.black).map { run in
        var r = run
        if r.text.contains(where: \.isNewline) {
            r.text = String(r.text.unicodeScalars.map { Character($0).isNewline ? " " : Character($0) })
        }
        return r
    }
}

/// CoreText's defaults (Helvetica 12, black), and the default font of text layers (SPI).
@_spi(Lamina) public enum CTFontDefaults {
    /// Helvetica's stand-in (Liberation Sans), else DejaVu Sans: opened once.
    public static let helvetica: CGFont? = CGFont("Helvetica" as CFString) ?? (try? CGFont.named("DejaVu Sans"))
    /// `helvetica` (shipped with Lamina); with no font at all, an empty one (text draws nothing,
    /// with a diagnostic once).
    static var font: CGFont {
        if let f = helvetica { return f }
        LaminaDiagnostics.report("CoreText: no font is found for Helvetica; text draws nothing")
        return BundledFonts.emptyFont
    }
    static let black = CGColor(gray: 0, alpha: 1)
}

/// A line of the whole attributed string (Helvetica 12 and black where it sets no font or
/// colour).
public func CTLineCreateWithAttributedString(_ attrString: CFAttributedString) -> CTLine {
    let layout = TextLayout(runs: oneLineRuns(attrString), width: nil, height: .infinity, wraps: false, alignment: .left, truncation: nil)
    return CTLine(layout: layout, index: 0, string: attrString, stringOffset: 0)
}

/// The line's width (with its trailing spaces), and its ascent, descent and leading.
public func CTLineGetTypographicBounds(_ line: CTLine, _ ascent: UnsafeMutablePointer<CGFloat>?,
                                       _ descent: UnsafeMutablePointer<CGFloat>?, _ leading: UnsafeMutablePointer<CGFloat>?) -> Double {
    let l = line.line
    ascent?.pointee = l.ascent
    descent?.pointee = l.descent
    leading?.pointee = l.leading
    return Double(l.width + l.trailingWhitespaceWidth)
}

/// The width of the spaces that end the line.
public func CTLineGetTrailingWhitespaceWidth(_ line: CTLine) -> Double { Double(line.line.trailingWhitespaceWidth) }

/// The line's glyph runs (`CTRun`s), left to right.
public func CTLineGetGlyphRuns(_ line: CTLine) -> CFArray { NSArray(array: line.runs) }

/// The number of glyphs of the line.
public func CTLineGetGlyphCount(_ line: CTLine) -> CFIndex { line.line.glyphs.count }

/// The characters the line holds.
public func CTLineGetStringRange(_ line: CTLine) -> CFRange {
    let r = line.line.stringRange
    return CFRange(location: r.lowerBound + line.stringOffset, length: r.count)
}

/// Draws the line with its origin at the context's text position, through the text matrix.
public func CTLineDraw(_ line: CTLine, _ context: CGContext) {
    context.saveGState()
    context.concatenate(line.toTextSpace.concatenating(context.textMatrix))
    line.layout.draw(in: context, at: .zero, lines: line.index..<line.index + 1)
    context.restoreGState()
}

/// The bounds of the line's glyph outlines in user space (at the text position, through the
/// text matrix); `.zero` when it draws nothing.
public func CTLineGetImageBounds(_ line: CTLine, _ context: CGContext?) -> CGRect {
    var union = CGRect.null
    let l = line.line
    for g in line.layout.glyphs[l.glyphs] {
        let k = g.size / CGFloat(max(1, g.font.unitsPerEm))
        var box: CGRect
        if let bitmap = g.font.colorGlyph(g.glyph) {
            let s = g.size / bitmap.pixelsPerEm
            box = CGRect(x: bitmap.left * s, y: (bitmap.top - CGFloat(bitmap.image.height)) * s,
                         width: CGFloat(bitmap.image.width) * s, height: CGFloat(bitmap.image.height) * s)
        } else {
            guard let outline = g.font.path(for: g.glyph), !outline.isEmpty else { continue }
            let b = outline.boundingBoxOfPath
            box = CGRect(x: b.minX * k, y: b.minY * k, width: b.width * k, height: b.height * k)
        }
        union = union.union(box.offsetBy(dx: g.x - l.origin.x, dy: g.rise))
    }
    guard !union.isNull else { return .zero }
    return union.applying(context?.textMatrix ?? .identity)
}

/// Where the caret of a character index lies, from the line's origin (its leading edge; for a
/// right-to-left character, its right edge). `secondaryOffset` gets the same.
public func CTLineGetOffsetForStringIndex(_ line: CTLine, _ charIndex: CFIndex, _ secondaryOffset: UnsafeMutablePointer<CGFloat>?) -> CGFloat {
    let index = charIndex - line.stringOffset
    let l = line.line
    var offset: CGFloat = l.width
    if let c = l.carets.first(where: { $0.range.contains(index) }) {
        offset = c.rightToLeft ? c.x + c.advance : c.x
    } else if index <= l.stringRange.lowerBound {
        offset = 0
    }
    secondaryOffset?.pointee = offset
    return offset
}

/// The character index nearest a point in the line's text space (the caret position).
public func CTLineGetStringIndexForPosition(_ line: CTLine, _ position: CGPoint) -> CFIndex {
    let l = line.line
    guard position.x.isFinite else { return l.stringRange.lowerBound + line.stringOffset }
    for c in l.carets where position.x < c.x + c.advance {
        let firstHalf = position.x < c.x + c.advance / 2
        return (firstHalf != c.rightToLeft ? c.range.lowerBound : c.range.upperBound) + line.stringOffset
    }
    return l.stringRange.upperBound + line.stringOffset
}

/// How far to move the pen to flush the line in `flushWidth`: 0 left, 0.5 centred, 1 right.
public func CTLineGetPenOffsetForFlush(_ line: CTLine, _ flushFactor: CGFloat, _ flushWidth: Double) -> Double {
    let factor = flushFactor.isFinite ? min(1, max(0, flushFactor)) : 0
    return max(0, (flushWidth - Double(line.line.width)) * Double(factor))
}

/// The line shortened to `width` with an ellipsis at its start, middle or end; the line
/// itself when it fits. [U] The ellipsis is always "…" in the first character's font: a token
/// line is accepted and not used.
public func CTLineCreateTruncatedLine(_ line: CTLine, _ width: Double, _ truncationType: CTLineTruncationType,
                                      _ truncationToken: CTLine?) -> CTLine? {
    guard width.isFinite, width > 0 else { return nil }
    if Double(line.line.width) <= width { return line }
    let layout = TextLayout(runs: oneLineRuns(line.string), width: CGFloat(width), height: .infinity, wraps: false, alignment: .left,
                            truncation: truncationType)
    return CTLine(layout: layout, index: 0, string: line.string, stringOffset: line.stringOffset)
}
