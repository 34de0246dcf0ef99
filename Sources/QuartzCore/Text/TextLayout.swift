/// Lays text out for `CATextLayer`: runs with their fonts (with fallback for characters a font
/// lacks), line breaking for Latin and CJK text, alignment including justification, truncation,
/// and the first line at the top.
struct TextLayout {
    /// One glyph ready to draw: its outline source, position (baseline, y down) and colour.
    struct PlacedGlyph {
        var font: CGFont
        var glyph: CGGlyph
        var size: CGFloat
        var x: CGFloat
        var baseline: CGFloat
        var color: CGColor
    }

    /// One character (grapheme cluster) with its glyphs and advance.
    struct Cluster {
        var text: Character
        var glyphs: [(font: CGFont, glyph: CGGlyph)]
        var advance: CGFloat
        var size: CGFloat
        var color: CGColor
        var ascent: CGFloat, descent: CGFloat, leading: CGFloat
        var isSpace: Bool { text.isWhitespace && !text.isNewline }
        var isNewline: Bool { text.isNewline }
        var isCJK: Bool { text.unicodeScalars.contains { TextLayout.isCJK($0) } }
    }

    var glyphs: [PlacedGlyph] = []
    var lineCount = 0
    /// The size the laid-out text needs (its widest line, its lines' heights).
    var usedSize: CGSize = .zero

    /// Fonts tried, in order, for characters the requested font lacks.
    static let fallbackFamilies = ["DejaVu Sans", "WenQuanYi Micro Hei"]
    nonisolated(unsafe) private static var fallbackFonts: [CGFont]?
    private static let fallbackLock = NSLock()
    static var fallbacks: [CGFont] {
        fallbackLock.lock(); defer { fallbackLock.unlock() }
        if let f = fallbackFonts { return f }
        let f = fallbackFamilies.compactMap { try? CGFont.named($0) }
        fallbackFonts = f
        return f
    }

    static func isCJK(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x2FF0...0x303F, 0x3040...0x30FF, 0x3100...0x312F, 0x3130...0x318F,
             0x3190...0x31FF, 0x3200...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x2FA1F: true
        default: false
        }
    }

    /// Characters a line may not start with (closing punctuation) or end with (opening).
    static let noBreakBefore: Set<Character> = Set("，。、；：？！）」』】〉》〕”’,.;:?!)]}%…·ー々〻ぁぃぅぇぉゃゅょっァィゥェォャュョッ")
    static let noBreakAfter: Set<Character> = Set("（「『【〈《〔“‘([{$")

    /// Lays out `runs` in a box `width` wide (nil: unbounded) and `height` tall, wrapping lines
    /// to the width when `wraps`.
    init(runs: [(text: String, font: CGFont, size: CGFloat, color: CGColor)], width: CGFloat?, height: CGFloat, wraps: Bool,
         alignment: CATextLayerAlignmentMode, truncation: CATextLayerTruncationMode, maximumLines: Int = 0) {
        // 1. Clusters with glyphs, advances and metrics.
        var clusters: [Cluster] = []
        for run in runs {
            for ch in run.text {
                var gs: [(CGFont, CGGlyph)] = []
                var advance: CGFloat = 0
                var metricsFont = run.font
                for scalar in ch.unicodeScalars {
                    if scalar.properties.isVariationSelector || scalar.value == 0x200D { continue }
                    var font = run.font
                    var g = font.glyph(for: scalar)
                    if g == 0 && !ch.isNewline {
                        for f in TextLayout.fallbacks where f.glyph(for: scalar) != 0 { font = f; g = f.glyph(for: scalar); break }
                    }
                    if ch.isNewline { continue }
                    var a: Int32 = 0
                    var gg = g
                    _ = font.getGlyphAdvances(glyphs: &gg, count: 1, advances: &a)
                    let fk = run.size / CGFloat(max(1, font.unitsPerEm))
                    // Kerning with the previous glyph of the same font.
                    if let last = clusters.last, last.glyphs.last?.font === font, let lg = last.glyphs.last?.glyph {
                        clusters[clusters.count - 1].advance += CGFloat(font.kerning(lg, g)) * fk
                    }
                    if gs.isEmpty { metricsFont = font }
                    gs.append((font, g))
                    advance += CGFloat(a) * fk
                }
                let mk = run.size / CGFloat(max(1, metricsFont.unitsPerEm))
                clusters.append(Cluster(text: ch, glyphs: gs, advance: advance, size: run.size, color: run.color,
                                        ascent: CGFloat(metricsFont.ascent) * mk, descent: CGFloat(-metricsFont.descent) * mk,
                                        leading: CGFloat(metricsFont.leading) * mk))
            }
        }
        // 2. Paragraphs, then lines.
        var lines: [(clusters: ArraySlice<Cluster>, endsParagraph: Bool)] = []
        var start = 0
        while start <= clusters.count {
            var end = start
            while end < clusters.count && !clusters[end].isNewline { end += 1 }
            let paragraph = clusters[start..<end]
            if wraps, let width {
                for line in TextLayout.wrap(paragraph, width: width) { lines.append((line, false)) }
                if !lines.isEmpty { lines[lines.count - 1].endsParagraph = true }
            } else {
                lines.append((paragraph, true))
            }
            if end >= clusters.count { break }
            start = end + 1
        }
        // 3. Which lines fit; truncation.
        let defaultMetrics = (ascent: runs.first.map { CGFloat($0.font.ascent) * $0.size / CGFloat(max(1, $0.font.unitsPerEm)) } ?? 0,
                              descent: runs.first.map { CGFloat(-$0.font.descent) * $0.size / CGFloat(max(1, $0.font.unitsPerEm)) } ?? 0)
        func metrics(_ line: ArraySlice<Cluster>) -> (CGFloat, CGFloat, CGFloat) {
            guard !line.isEmpty else { return (defaultMetrics.ascent, defaultMetrics.descent, 0) }
            return (line.map(\.ascent).max()!, line.map(\.descent).max()!, line.map(\.leading).max()!)
        }
        var visible = lines.count
        var y: CGFloat = 0
        for (i, line) in lines.enumerated() {
            let (a, d, l) = metrics(line.clusters)
            if i > 0 && (y + a + d > height + 0.5 || (maximumLines > 0 && i >= maximumLines)) { visible = i; break }
            y += a + d + l
        }
        var truncateLast = visible < lines.count
        if visible == 0 { visible = min(1, lines.count) }
        // 4. Place glyphs.
        var baselineTop: CGFloat = 0
        var widest: CGFloat = 0
        for i in 0..<visible {
            var line = Array(lines[i].clusters)
            let (a, d, l) = metrics(lines[i].clusters)
            let boxWidth = width ?? .infinity
            // Trailing spaces do not count toward the line's width.
            while let last = line.last, last.isSpace { line.removeLast() }
            var lineWidth = line.reduce(0) { $0 + $1.advance }
            if truncation != .none && (lineWidth > boxWidth + 0.01 || (truncateLast && i == visible - 1)) {
                line = TextLayout.truncate(line, to: boxWidth, mode: truncation, forceEllipsis: truncateLast && i == visible - 1)
                lineWidth = line.reduce(0) { $0 + $1.advance }
                truncateLast = false
            }
            var x: CGFloat = 0
            var extraPerGap: CGFloat = 0
            let available = width ?? lineWidth
            switch alignment {
            case .right: x = available - lineWidth
            case .center: x = (available - lineWidth) / 2
            case .justified where !lines[i].endsParagraph && width != nil:
                // Extra space goes after spaces and between characters next to CJK ones; a line
                // without such a gap (one Latin word) stays at the start, unstretched.
                // [U] CoreText's weighting of the two kinds of gap is not documented: equal here.
                let opens = (0..<max(0, line.count - 1)).map { j in line[j].isSpace || line[j].isCJK || line[j + 1].isCJK }
                let gaps = opens.filter { $0 }.count
                if gaps > 0 { extraPerGap = max(0, available - lineWidth) / CGFloat(gaps) }
                let baseline = baselineTop + a
                for (j, c) in line.enumerated() {
                    for (f, g) in c.glyphs { glyphs.append(PlacedGlyph(font: f, glyph: g, size: c.size, x: x, baseline: baseline, color: c.color)) }
                    x += c.advance
                    if j < opens.count && opens[j] { x += extraPerGap }
                }
                widest = max(widest, gaps > 0 ? available : lineWidth)
                baselineTop += a + d + l
                lineCount += 1
                continue
            default: break
            }
            let baseline = baselineTop + a
            for c in line {
                for (f, g) in c.glyphs { glyphs.append(PlacedGlyph(font: f, glyph: g, size: c.size, x: x, baseline: baseline, color: c.color)) }
                x += c.advance
            }
            widest = max(widest, lineWidth)
            baselineTop += a + d + l
            lineCount += 1
        }
        usedSize = CGSize(width: widest, height: baselineTop)
    }

    /// Greedy line breaking: break after spaces and between CJK characters (respecting the
    /// no-break-before/after punctuation), and inside a word only when it alone overflows.
    static func wrap(_ paragraph: ArraySlice<Cluster>, width: CGFloat) -> [ArraySlice<Cluster>] {
        var lines: [ArraySlice<Cluster>] = []
        var start = paragraph.startIndex
        guard start < paragraph.endIndex else { return [paragraph] }
        while start < paragraph.endIndex {
            var x: CGFloat = 0
            var lastBreak: Int?
            var i = start
            while i < paragraph.endIndex {
                let c = paragraph[i]
                if !c.isSpace && x + c.advance > width + 0.01 && i > start { break }
                x += c.advance
                if i + 1 < paragraph.endIndex && canBreak(after: c, before: paragraph[i + 1]) { lastBreak = i + 1 }
                i += 1
            }
            if i >= paragraph.endIndex {
                lines.append(paragraph[start..<paragraph.endIndex])
                break
            }
            let end = lastBreak.map { $0 > start ? $0 : i } ?? i
            lines.append(paragraph[start..<end])
            var next = end
            while next < paragraph.endIndex && paragraph[next].isSpace { next += 1 }
            start = next
        }
        return lines
    }

    static func canBreak(after a: Cluster, before b: Cluster) -> Bool {
        if b.isSpace { return false }
        if a.isSpace { return true }
        if noBreakBefore.contains(b.text) || noBreakAfter.contains(a.text) { return false }
        return a.isCJK || b.isCJK
    }

    /// A line shortened to `width` with an ellipsis at the start, middle or end.
    static func truncate(_ line: [Cluster], to width: CGFloat, mode: CATextLayerTruncationMode, forceEllipsis: Bool) -> [Cluster] {
        guard let model = line.first else { return line }
        var ellipsis = model
        ellipsis.text = "…"
        if let f = model.glyphs.first?.font {
            var font = f
            var g = f.glyph(for: "…")
            if g == 0, let fb = fallbacks.first(where: { $0.glyph(for: "…") != 0 }) { font = fb; g = fb.glyph(for: "…") }
            var a: Int32 = 0
            var gg = g
            _ = font.getGlyphAdvances(glyphs: &gg, count: 1, advances: &a)
            ellipsis.glyphs = [(font, g)]
            ellipsis.advance = CGFloat(a) * model.size / CGFloat(max(1, font.unitsPerEm))
        }
        let total = line.reduce(0) { $0 + $1.advance }
        if total <= width && !forceEllipsis { return line }
        let budget = max(0, width - ellipsis.advance)
        switch mode {
        case .start:
            var kept: [Cluster] = [], w: CGFloat = 0
            for c in line.reversed() { if w + c.advance > budget { break }; w += c.advance; kept.insert(c, at: 0) }
            return [ellipsis] + kept
        case .middle:
            var head: [Cluster] = [], tail: [Cluster] = [], w: CGFloat = 0
            var i = 0, j = line.count - 1
            while i <= j {
                if head.count <= tail.count {
                    if w + line[i].advance > budget { break }
                    w += line[i].advance; head.append(line[i]); i += 1
                } else {
                    if w + line[j].advance > budget { break }
                    w += line[j].advance; tail.insert(line[j], at: 0); j -= 1
                }
            }
            return head + [ellipsis] + tail
        default:
            var kept: [Cluster] = [], w: CGFloat = 0
            for c in line { if w + c.advance > budget { break }; w += c.advance; kept.append(c) }
            while let last = kept.last, last.isSpace { kept.removeLast() }
            return kept + [ellipsis]
        }
    }
}
