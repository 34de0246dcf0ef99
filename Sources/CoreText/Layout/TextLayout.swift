@_spi(Lamina) import CoreGraphics

/// Lays text out for `CATextLayer`, `UILabel` and string drawing: paragraphs shaped by
/// HarfBuzz with fallback fonts and bidirectional levels (`ParagraphShaper`), line breaking for
/// Latin and CJK text, paragraph styles (indents, line heights, spacing), alignment including
/// justification, truncation, each line put in visual order, underlines and strikethroughs,
/// and the first line at the top.
@_spi(Lamina) public struct TextLayout {
    /// One glyph ready to draw: its font, position (baseline, y down; `rise` up from the
    /// baseline), colour and outline stroke.
    public struct PlacedGlyph {
        public var font: CGFont
        public var glyph: CGGlyph
        public var size: CGFloat
        public var x: CGFloat
        public var baseline: CGFloat
        public var rise: CGFloat = 0
        public var color: CGColor
        /// `.strokeWidth` in percent of the size (positive: stroked only; negative: filled and
        /// stroked), and the stroke's colour.
        public var strokeWidth: CGFloat = 0
        public var strokeColor: CGColor?
        public var shadow: LaminaTextShadow?
        /// The UTF-16 offset of the glyph's character in the text, the index of its run, and
        /// whether it is set right to left.
        public var stringIndex = 0
        public var run = 0
        public var rightToLeft = false
    }

    /// One laid-out line: its glyphs and decorations, where its baseline starts (y down from
    /// the top), its metrics, and the characters it holds.
    public struct Line {
        public var glyphs: Range<Int>
        public var decorations: Range<Int>
        /// The pen's start (x) and the baseline (y, down from the layout's top).
        public var origin: CGPoint
        /// The advance of what is drawn, and of the trailing spaces that are not.
        public var width: CGFloat
        public var trailingWhitespaceWidth: CGFloat
        public var ascent: CGFloat, descent: CGFloat, leading: CGFloat
        /// The UTF-16 range of the characters of the line.
        public var stringRange: Range<Int>
        /// Each character's UTF-16 range, left edge (from `origin.x`), advance and direction, in
        /// visual order.
        public var carets: [(range: Range<Int>, x: CGFloat, advance: CGFloat, rightToLeft: Bool)]
    }

    /// An underline or strikethrough: from `x0` to `x1` centred on `y` (y down).
    public struct DecorationLine {
        public var x0: CGFloat, x1: CGFloat, y: CGFloat
        public var thickness: CGFloat
        public var color: CGColor
        /// The `NSUnderlineStyle` raw value (single, thick, double, patterns).
        public var style: Int
    }

    /// One character (grapheme cluster) with its shaped glyphs and advance. Its size, colour
    /// and decoration are its run's (`run`); its glyphs are a range of the shaped glyphs
    /// `TextLayout.shape` returns, so a cluster holds one reference (its font) and is cheap to
    /// copy through line breaking, truncation and reordering.
    public struct Cluster {
        public var text: Character {
            didSet { (isSpace, isNewline) = Cluster.kinds(text) }
        }
        public var font: CGFont
        /// Its glyphs' indices in the shaped glyphs.
        public var glyphs: Range<Int>
        public var advance: CGFloat
        public var ascent: CGFloat, descent: CGFloat, leading: CGFloat
        /// The bidirectional embedding level (odd: right to left).
        public var level: UInt8 = 0
        /// Whether a line may break before it (UAX #14, at grapheme cluster boundaries).
        public var breakBefore = false
        /// The UTF-16 offset of the cluster in the text and the index of its run.
        public var stringIndex = 0
        public var run = 0
        /// Whether it is white space other than a line separator, and whether it separates lines
        /// (kept as the text is set: line breaking asks for every cluster).
        public private(set) var isSpace: Bool
        public private(set) var isNewline: Bool
        public var isCJK: Bool { text.unicodeScalars.contains { TextLayout.isCJK($0) } }

        /// `ascii`: the character's byte when it is one ASCII scalar other than NUL, or 0 (not
        /// known).
        init(text: Character, font: CGFont, glyphs: Range<Int>, advance: CGFloat,
             ascent: CGFloat, descent: CGFloat, leading: CGFloat, level: UInt8, run: Int, ascii: UInt8 = 0) {
            self.text = text; self.font = font; self.glyphs = glyphs; self.advance = advance
            self.ascent = ascent; self.descent = descent; self.leading = leading; self.level = level; self.run = run
            (isSpace, isNewline) = Cluster.kinds(text, ascii: ascii)
        }

        /// `Character.isWhitespace` and `isNewline` (both decided by the first scalar) without
        /// the property lookups: the Unicode White_Space characters and the line separators.
        /// `ascii`: the character's ASCII byte when known (0: not known).
        static func kinds(_ text: Character, ascii: UInt8 = 0) -> (space: Bool, newline: Bool) {
            if let b = ascii != 0 ? ascii : ASCIICharacter.byte(text) {
                if b == 0x20 { return (true, false) }
                if b > 0x20 && b < 0x7F { return (false, false) }
            }
            guard let s = text.unicodeScalars.first?.value else { return (false, false) }
            if separatesLines(s) { return (false, true) }
            switch s {
            case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: return (true, false)
            default: return (false, false)
            }
        }

        /// Whether a scalar separates lines (what `Character.isNewline` looks at): LF, VT, FF,
        /// CR, NEL, the line and paragraph separators.
        static func separatesLines(_ s: UInt32) -> Bool {
            switch s {
            case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
            default: false
            }
        }
    }

    /// A paragraph's clusters, direction and style.
    public struct Paragraph {
        public var range: Range<Int>
        public var rightToLeft: Bool
        public var style: LaminaParagraphStyle
    }

    public var glyphs: [PlacedGlyph] = []
    public var decorations: [DecorationLine] = []
    public var lines: [Line] = []
    public var lineCount = 0
    /// The size the laid-out text needs (its widest line, its lines' heights).
    public var usedSize: CGSize = .zero

    /// Fonts tried, in order, for Latin-like and Han characters a font lacks (others go to
    /// fontconfig: `FontFallback`).
    public static var fallbacks: [CGFont] { FontFallback.defaults }

    public static func isCJK(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x2FF0...0x303F, 0x3040...0x30FF, 0x3100...0x312F, 0x3130...0x318F,
             0x3190...0x31FF, 0x3200...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x2FA1F: true
        default: false
        }
    }

    /// The largest font size the layout sets (Lamina's limit): larger sizes are clamped to it
    /// with a diagnostic; zero, negative and NaN sizes set the text at size 0 (nothing drawn).
    public static let maximumFontSize: CGFloat = 100_000

    /// `runs` with their sizes made settable: zero, negative and NaN sizes become 0, sizes over
    /// ``maximumFontSize`` are clamped to it (with a diagnostic).
    static func settable(_ runs: [LaminaTextRun]) -> [LaminaTextRun] {
        guard runs.contains(where: { !($0.size > 0) || $0.size > maximumFontSize }) else { return runs }
        return runs.map { run -> LaminaTextRun in
            var r = run
            if !(r.size > 0) { r.size = 0 }   // NaN, zero, negative
            if r.size > maximumFontSize {
                LaminaDiagnostics.report("text: a font size over \(Int(maximumFontSize)) points is set at \(Int(maximumFontSize))")
                r.size = maximumFontSize
            }
            return r
        }
    }

    /// The clusters of `runs` in logical order, paragraph by paragraph (a newline cluster
    /// between paragraphs), the paragraphs, the clusters' glyphs (each cluster's in order from
    /// left to right) and the runs as set (sizes made settable: ``settable(_:)``), which the
    /// clusters' `run` indices refer to. `breaks`: whether to find where lines may break
    /// (`Cluster.breakBefore`), which only wrapping needs.
    public static func shape(_ runs: [LaminaTextRun], direction: Bidi.Direction, breaks: Bool = true)
        -> (clusters: [Cluster], paragraphs: [Paragraph], glyphs: [ParagraphShaper.Glyph], runs: [LaminaTextRun]) {
        let runs = settable(runs)
        var clusters: [Cluster] = []
        var paragraphs: [Paragraph] = []
        var shapedGlyphs: [ParagraphShaper.Glyph] = []
        var pieces: [(text: Substring, style: ParagraphShaper.Style)] = []
        var pieceRuns: [Int] = []
        var paragraphStyle: LaminaParagraphStyle?
        // The line metrics of the last font and run asked for (a paragraph's clusters mostly
        // share both).
        var metricsOf: (font: CGFont, run: Int)?
        var metrics = (ascent: CGFloat(0), descent: CGFloat(0), leading: CGFloat(0))
        var utf16Offset = 0
        func metricsCluster(_ text: Character, font: CGFont, run r: Int, glyphs: Range<Int>, advance: CGFloat, level: UInt8,
                            ascii: UInt8 = 0) -> Cluster {
            if metricsOf?.font !== font || metricsOf?.run != r {
                let mk = runs[r].size / CGFloat(max(1, font.unitsPerEm))
                let rise = runs[r].decoration.baselineOffset
                metrics = (CGFloat(font.ascent) * mk + max(0, rise), CGFloat(-font.descent) * mk + max(0, -rise), CGFloat(font.leading) * mk)
                metricsOf = (font, r)
            }
            var c = Cluster(text: text, font: font, glyphs: glyphs, advance: advance,
                            ascent: metrics.ascent, descent: metrics.descent, leading: metrics.leading, level: level, run: r, ascii: ascii)
            // Clusters are made in the text's order: each one's UTF-16 offset is the count so far.
            c.stringIndex = utf16Offset
            utf16Offset += ascii != 0 ? 1 : ASCIICharacter.utf16Count(text)
            return c
        }
        func endParagraph() {
            let style = paragraphStyle ?? LaminaParagraphStyle()
            let start = clusters.count
            let (shaped, rtl) = ParagraphShaper.shape(pieces, direction: style.direction == .natural ? direction : style.direction.bidi,
                                                      into: &shapedGlyphs)
            // Where each cluster's scalars begin in the paragraph's.
            var firstScalar: [Int] = []
            firstScalar.reserveCapacity(shaped.count)
            var scalarCount = 0
            clusters.reserveCapacity(clusters.count + shaped.count)
            for c in shaped {
                clusters.append(metricsCluster(c.text, font: c.font, run: pieceRuns[c.run], glyphs: c.glyphs,
                                               advance: c.advance, level: c.level, ascii: c.ascii))
                firstScalar.append(scalarCount)
                scalarCount += c.ascii != 0 ? 1 : ASCIICharacter.scalarCount(c.text)
            }
            // Line break opportunities by UAX #14, kept where clusters begin.
            if breaks {
                var scalars: [Unicode.Scalar] = []
                scalars.reserveCapacity(scalarCount)
                for piece in pieces { scalars.append(contentsOf: piece.text.unicodeScalars) }
                let opportunities = LineBreaker.opportunities(scalars)
                for (k, s) in firstScalar.enumerated() { clusters[start + k].breakBefore = s > 0 && opportunities[s] }
            }
            paragraphs.append(Paragraph(range: start..<clusters.count, rightToLeft: rtl, style: style))
            pieces.removeAll(); pieceRuns.removeAll(); paragraphStyle = nil
        }
        // Runs read in place (a run is a large value to copy).
        for r in runs.indices {
            let style = ParagraphShaper.Style(font: runs[r].font, size: runs[r].size, kern: runs[r].kern, ligatures: runs[r].ligatures)
            let text = runs[r].text
            var rest = Substring(text)
            if paragraphStyle == nil { paragraphStyle = runs[r].paragraph }
            // Line separators always begin a character (grapheme clusters break around them,
            // CR LF being one): found among the scalars, without finding the characters, in text
            // that has a byte of one (LF to CR; NEL, LS and PS begin with 0xC2 or 0xE2 in UTF-8).
            func separatorByte(_ b: UInt8) -> Bool { b >= 0x0A && b <= 0x0D || b == 0xC2 || b == 0xE2 }
            let mayBreak = text.utf8.withContiguousStorageIfAvailable { $0.contains(where: separatorByte) }
                ?? text.utf8.contains(where: separatorByte)
            while mayBreak, let nl = rest.unicodeScalars.firstIndex(where: { Cluster.separatesLines($0.value) }) {
                if nl > rest.startIndex { pieces.append((rest[..<nl], style)); pieceRuns.append(r) }
                endParagraph()
                clusters.append(metricsCluster(rest[nl], font: runs[r].font, run: r, glyphs: shapedGlyphs.count..<shapedGlyphs.count,
                                               advance: 0, level: paragraphs.last?.rightToLeft == true ? 1 : 0))
                rest = rest[rest.index(after: nl)...]
                paragraphStyle = runs[r].paragraph
            }
            if !rest.isEmpty { pieces.append((rest, style)); pieceRuns.append(r) }
        }
        endParagraph()
        return (clusters, paragraphs, shapedGlyphs, runs)
    }

    /// Lays out `runs` in a box `width` wide (nil: unbounded) and `height` tall, wrapping lines
    /// to the width when `wraps`. `direction` is the paragraphs' base writing direction where
    /// their style does not set one. `placesGlyphs` false measures only: `usedSize` and
    /// `lineCount` as a full layout finds them, no glyphs, lines or decorations.
    public init(runs: [LaminaTextRun], width: CGFloat?, height: CGFloat, wraps: Bool,
         alignment: CTTextAlignment, truncation: CTLineTruncationType?, maximumLines: Int = 0,
         direction: Bidi.Direction = .natural, placesGlyphs: Bool = true) {
        // 1. Shaped clusters with advances and metrics, in paragraphs.
        let (clusters, paragraphs, glyphsShaped, runs) = TextLayout.shape(runs, direction: direction, breaks: wraps && width != nil)
        var shapedGlyphs = glyphsShaped   // with an ellipsis added when a line is truncated
        // 2. Lines, each with its paragraph's indents.
        struct LineSlice {
            var clusters: ArraySlice<Cluster>
            var paragraph: Int
            var first: Bool, last: Bool
            /// The head (leading) indent and the trailing inset of the line's box.
            var head: CGFloat, tail: CGFloat
        }
        func insets(_ style: LaminaParagraphStyle, first: Bool) -> (head: CGFloat, tail: CGFloat) {
            let head = first ? style.firstLineHeadIndent : style.headIndent
            guard let width else { return (head, 0) }
            return (head, style.tailIndent > 0 ? max(0, width - style.tailIndent) : -style.tailIndent)
        }
        var lines: [LineSlice] = []
        for (p, paragraph) in paragraphs.enumerated() {
            let slice = clusters[paragraph.range]
            let (firstHead, tail) = insets(paragraph.style, first: true)
            if wraps, let width {
                let restHead = insets(paragraph.style, first: false).head
                let wrapped = TextLayout.wrap(slice, width: max(0, width - firstHead - tail), then: max(0, width - restHead - tail))
                for (k, line) in wrapped.enumerated() {
                    lines.append(LineSlice(clusters: line, paragraph: p, first: k == 0, last: k == wrapped.count - 1,
                                      head: k == 0 ? firstHead : restHead, tail: tail))
                }
            } else {
                lines.append(LineSlice(clusters: slice, paragraph: p, first: true, last: true, head: firstHead, tail: tail))
            }
        }
        // 3. Line heights; which lines fit; truncation.
        // (The first run's font and size read in place: a run is a large value to copy.)
        let defaultMetrics = runs.isEmpty ? (ascent: CGFloat(0), descent: CGFloat(0))
            : (ascent: CGFloat(runs[0].font.ascent) * runs[0].size / CGFloat(max(1, runs[0].font.unitsPerEm)),
               descent: CGFloat(-runs[0].font.descent) * runs[0].size / CGFloat(max(1, runs[0].font.unitsPerEm)))
        /// The line's box height and where its baseline lies below the box's top: a line made
        /// taller by the paragraph style keeps its descent and leading at the bottom, the extra
        /// space above the text, as TextKit places it.
        func box(_ line: LineSlice) -> (height: CGFloat, baseline: CGFloat, ink: CGFloat, ascent: CGFloat, descent: CGFloat, leading: CGFloat) {
            var (a, d, l) = line.clusters.isEmpty ? (defaultMetrics.ascent, defaultMetrics.descent, 0)
                : (-CGFloat.infinity, -CGFloat.infinity, -CGFloat.infinity)
            for c in line.clusters { a = max(a, c.ascent); d = max(d, c.descent); l = max(l, c.leading) }
            let style = paragraphs[line.paragraph].style
            var h = a + d + l
            if style.lineHeightMultiple > 0 { h *= style.lineHeightMultiple }
            if style.minimumLineHeight > 0 { h = max(h, style.minimumLineHeight) }
            if style.maximumLineHeight > 0 { h = min(h, style.maximumLineHeight) }
            return (h, h - d - l, h - l, a, d, l)
        }
        /// The space after line `i` when another follows: line spacing, and between
        /// paragraphs the one's spacing after and the next's before.
        func gap(after i: Int) -> CGFloat {
            guard i + 1 < lines.count else { return 0 }
            var g = paragraphs[lines[i].paragraph].style.lineSpacing
            if lines[i].last { g += paragraphs[lines[i].paragraph].style.paragraphSpacing + paragraphs[lines[i + 1].paragraph].style.paragraphSpacingBefore }
            return g
        }
        var visible = lines.count
        var y: CGFloat = 0
        for (i, line) in lines.enumerated() {
            let b = box(line)
            if i > 0 && (y + b.ink > height + 0.5 || (maximumLines > 0 && i >= maximumLines)) { visible = i; break }
            y += b.height + gap(after: i)
        }
        var truncateLast = visible < lines.count
        if visible == 0 { visible = min(1, lines.count) }
        // 4. Place glyphs, each line in visual order.
        var top: CGFloat = 0
        var widest: CGFloat = 0
        if placesGlyphs { glyphs.reserveCapacity(shapedGlyphs.count) }
        for i in 0..<visible {
            var line = Array(lines[i].clusters)
            let paragraph = paragraphs[lines[i].paragraph]
            let rtl = paragraph.rightToLeft
            let (head, tail) = (lines[i].head, lines[i].tail)
            let b = box(lines[i])
            let boxWidth = width.map { max(0, $0 - head - tail) } ?? .infinity
            // Trailing spaces do not count toward the line's width.
            var trailing: CGFloat = 0
            while let last = line.last, last.isSpace { trailing += last.advance; line.removeLast() }
            var lineWidth = line.reduce(0) { $0 + $1.advance }
            if let truncation, (lineWidth > boxWidth + 0.01 || (truncateLast && i == visible - 1)) {
                line = TextLayout.truncate(line, to: boxWidth, mode: truncation, forceEllipsis: truncateLast && i == visible - 1,
                                           rightToLeft: rtl, runs: runs, glyphs: &shapedGlyphs)
                lineWidth = line.reduce(0) { $0 + $1.advance }
                truncateLast = false
            }
            if line.contains(where: { $0.level != 0 }) { line = Bidi.visualOrder(line.map(\.level)).map { line[$0] } }
            let available = width == nil ? lineWidth : boxWidth
            // The box's left edge: the head indent is on the left of a left-to-right paragraph,
            // on the right of a right-to-left one.
            var x: CGFloat = width == nil ? (rtl ? 0 : head) : (rtl ? tail : head)
            var opens: [Bool] = []
            // Natural alignment follows the paragraph's direction, as does a justified
            // paragraph's last line.
            switch paragraph.style.alignment ?? alignment {
            case .right: x += available - lineWidth
            case .center: x += (available - lineWidth) / 2
            case .justified where !lines[i].last && width != nil:
                // Extra space goes after spaces and between characters next to CJK ones; a line
                // without such a gap (one Latin word) stays at the start, unstretched.
                // [U] CoreText's weighting of the two kinds of gap is not documented: equal here.
                opens = (0..<max(0, line.count - 1)).map { j in (rtl ? line[j + 1].isSpace : line[j].isSpace) || line[j].isCJK || line[j + 1].isCJK }
                if !opens.contains(true) && rtl { x += available - lineWidth }
            case .natural, .justified: if rtl { x += available - lineWidth }
            default: break
            }
            let gaps = opens.filter { $0 }.count
            let extraPerGap = gaps > 0 ? max(0, available - lineWidth) / CGFloat(gaps) : 0
            if placesGlyphs {
                let all = lines[i].clusters
                let firstCharacter = all.firstIndex { !$0.isNewline }, lastCharacter = all.lastIndex { !$0.isNewline }
                let stringRange = (firstCharacter.map { all[$0].stringIndex } ?? all.first?.stringIndex ?? 0)
                    ..< (lastCharacter.map { all[$0].stringIndex + all[$0].text.utf16.count } ?? all.first?.stringIndex ?? 0)
                let baseline = top + b.baseline
                let (firstGlyph, firstDecoration, startX) = (glyphs.count, decorations.count, x)
                var carets: [(range: Range<Int>, x: CGFloat, advance: CGFloat, rightToLeft: Bool)] = []
                carets.reserveCapacity(line.count)
                // The run of the clusters in hand, copied once per run rather than per cluster.
                if let first = line.first {
                    var run = runs[first.run], runIndex = first.run
                    for (j, c) in line.enumerated() {
                        if c.run != runIndex { run = runs[c.run]; runIndex = c.run }
                        let rise = run.decoration.baselineOffset
                        for g in shapedGlyphs[c.glyphs] {
                            glyphs.append(PlacedGlyph(font: c.font, glyph: g.glyph, size: run.size, x: x + g.x, baseline: baseline,
                                                      rise: g.y + rise, color: run.color, strokeWidth: run.decoration.strokeWidth,
                                                      strokeColor: run.decoration.strokeColor, shadow: run.decoration.shadow,
                                                      stringIndex: c.stringIndex, run: c.run,
                                                      rightToLeft: c.level % 2 == 1))
                        }
                        addDecorations(c, run: run, from: x, baseline: baseline - rise, joining: extraPerGap)
                        carets.append((c.stringIndex..<c.stringIndex + ASCIICharacter.utf16Count(c.text), x - startX, c.advance, c.level % 2 == 1))
                        x += c.advance
                        if j < opens.count && opens[j] { x += extraPerGap }
                    }
                }
                self.lines.append(Line(glyphs: firstGlyph..<glyphs.count, decorations: firstDecoration..<decorations.count,
                                       origin: CGPoint(x: startX, y: baseline), width: x - startX, trailingWhitespaceWidth: trailing,
                                       ascent: b.ascent, descent: b.descent, leading: b.leading, stringRange: stringRange, carets: carets))
            }
            widest = max(widest, head + (gaps > 0 ? available : lineWidth))
            top += b.height
            if i + 1 < visible { top += gap(after: i) }
            lineCount += 1
        }
        usedSize = CGSize(width: widest, height: top)
    }

    /// Adds the underline and strikethrough of a cluster drawn from `x`, joined to the one
    /// before when they match (across a justified gap of up to `joining` points).
    mutating func addDecorations(_ c: Cluster, run: LaminaTextRun, from x: CGFloat, baseline: CGFloat, joining: CGFloat) {
        let d = run.decoration
        guard d.underline != 0 || d.strikethrough != 0, c.advance > 0 else { return }
        let k = run.size / CGFloat(max(1, c.font.unitsPerEm))
        // NSUnderlineStyle.byWord (0x8000): not under spaces.
        func add(_ style: Int, position: Int32, thickness: Int32, color: CGColor?) {
            guard style & 0xFF != 0 || style & 0xF00 != 0, !(style & 0x8000 != 0 && c.isSpace) else { return }
            let line = DecorationLine(x0: x, x1: x + c.advance, y: baseline - CGFloat(position) * k,
                                      thickness: CGFloat(thickness) * k * (style & 0x2 != 0 ? 2 : 1), color: color ?? run.color, style: style)
            if let last = decorations.last, last.style == style, last.color == line.color, abs(last.y - line.y) < 0.01,
               abs(last.thickness - line.thickness) < 0.01, line.x0 >= last.x1 - 0.01, line.x0 <= last.x1 + joining + 0.01 {
                decorations[decorations.count - 1].x1 = line.x1
            } else {
                decorations.append(line)
            }
        }
        let u = c.font.underlineMetrics, s = c.font.strikethroughMetrics
        add(d.underline, position: u.position, thickness: u.thickness, color: d.underlineColor)
        add(d.strikethrough, position: s.position, thickness: s.thickness, color: d.strikethroughColor)
    }

    /// Greedy line breaking at the opportunities of UAX #14 (after spaces and hyphens, between
    /// ideographs but not before closing punctuation or small kana, ...), and between grapheme
    /// clusters only when a word alone overflows the line.
    static func wrap(_ paragraph: ArraySlice<Cluster>, width firstWidth: CGFloat, then restWidth: CGFloat? = nil) -> [ArraySlice<Cluster>] {
        var lines: [ArraySlice<Cluster>] = []
        var start = paragraph.startIndex
        guard start < paragraph.endIndex else { return [paragraph] }
        while start < paragraph.endIndex {
            let width = lines.isEmpty ? firstWidth : (restWidth ?? firstWidth)
            var x: CGFloat = 0
            var lastBreak: Int?
            var i = start
            while i < paragraph.endIndex {
                let advance = paragraph[i].advance
                if !paragraph[i].isSpace && x + advance > width + 0.01 && i > start { break }
                x += advance
                if i + 1 < paragraph.endIndex && paragraph[i + 1].breakBefore && !paragraph[i + 1].isSpace { lastBreak = i + 1 }
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

    /// A line (logical order) shortened to `width` with an ellipsis at the start, middle or end
    /// of the text in reading order; the ellipsis is set in the first cluster's run (`runs`) and
    /// its glyph added to `glyphs`.
    static func truncate(_ line: [Cluster], to width: CGFloat, mode: CTLineTruncationType, forceEllipsis: Bool,
                         rightToLeft: Bool = false, runs: [LaminaTextRun], glyphs: inout [ParagraphShaper.Glyph]) -> [Cluster] {
        guard let model = line.first else { return line }
        let total = line.reduce(0) { $0 + $1.advance }
        if total <= width && !forceEllipsis { return line }
        var ellipsis = model
        ellipsis.text = "…"
        ellipsis.level = rightToLeft ? 1 : 0
        var font = model.font
        if !FontFallback.covers(font, "…"), let fb = fallbacks.first(where: { FontFallback.covers($0, "…") }) { font = fb }
        let g = font.glyph(for: "…")
        var a: Int32 = 0
        var gg = g
        _ = font.getGlyphAdvances(glyphs: &gg, count: 1, advances: &a)
        ellipsis.font = font
        glyphs.append(ParagraphShaper.Glyph(glyph: g, x: 0, y: 0))
        ellipsis.glyphs = glyphs.count - 1..<glyphs.count
        ellipsis.advance = CGFloat(a) * runs[model.run].size / CGFloat(max(1, font.unitsPerEm))
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
