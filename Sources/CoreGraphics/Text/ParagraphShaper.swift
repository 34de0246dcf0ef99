/// Turns one paragraph of styled text into grapheme clusters with shaped glyphs: the text is
/// split into items by style, font (with fallback), script and bidirectional level, each item is
/// shaped by HarfBuzz with the whole paragraph as context, and every glyph is given to the
/// grapheme cluster it came from. Clusters stay in logical order, so line breaking and
/// truncation work on characters; `Bidi.visualOrder` puts a line's clusters in display order.
@_spi(Lamina) public enum ParagraphShaper {
    /// How a run of text is set.
    public struct Style {
        public var font: CGFont
        public var size: CGFloat
        /// Points added after every character (`.kern`); 0 also turns the font's kerning off,
        /// as CoreText documents for `kCTKernAttributeName`; nil: the font's kerning alone.
        public var kern: CGFloat?
        /// `.ligature`: 0 only the ligatures the script requires, 1 the default ones, 2 all.
        public var ligatures: Int
        public init(font: CGFont, size: CGFloat, kern: CGFloat? = nil, ligatures: Int = 1) {
            self.font = font; self.size = size; self.kern = kern; self.ligatures = ligatures
        }
    }

    /// A glyph of a cluster: `x` from the cluster's left edge and `y` up from the baseline, in
    /// points.
    public struct Glyph: Sendable {
        public var glyph: CGGlyph
        public var x: CGFloat
        public var y: CGFloat
        public init(glyph: CGGlyph, x: CGFloat, y: CGFloat) { self.glyph = glyph; self.x = x; self.y = y }
    }

    /// A grapheme cluster with its glyphs (left to right) in the font that draws it.
    public struct Cluster {
        public var text: Character
        /// The index of the run it came from.
        public var run: Int
        public var font: CGFont
        /// Its glyphs' indices in the array `shape` added them to.
        public var glyphs: Range<Int>
        public var advance: CGFloat
        /// Its bidirectional embedding level (odd: right to left).
        public var level: UInt8
        /// The character's byte when it is one ASCII scalar other than NUL, else 0 (layout's
        /// per-character questions answered without looking into the `Character`).
        public var ascii: UInt8
    }

    /// A grapheme cluster of the paragraph: its scalars' range, its run and its ASCII byte (0:
    /// none).
    private struct Grapheme { var text: Character; var start: Int, end: Int, run: Int, ascii: UInt8 }

    /// Shapes a paragraph (text without line separators) made of `runs`, adding the clusters'
    /// glyphs to `glyphs` (each cluster's together, left to right: no array per cluster).
    public static func shape(_ runs: [(text: Substring, style: Style)], direction: Bidi.Direction,
                             into glyphs: inout [Glyph]) -> (clusters: [Cluster], rightToLeft: Bool) {
        var scalars: [Unicode.Scalar] = []
        var graphemes: [Grapheme] = []
        let capacity = runs.reduce(0) { $0 + $1.text.utf8.count }
        scalars.reserveCapacity(capacity)
        graphemes.reserveCapacity(capacity)
        func isPrintableASCII(_ b: UInt8) -> Bool { b >= 0x20 && b < 0x7F }
        for (r, run) in runs.enumerated() {
            let text = run.text, utf8 = text.utf8
            var i = utf8.startIndex
            while i < utf8.endIndex {
                let b = utf8[i], next = utf8.index(after: i)
                // A printable ASCII byte before another ASCII byte or the run's end is a
                // character of its own (only a non-ASCII mark or joiner could extend it): taken
                // without grapheme breaking, as most interface text is.
                if isPrintableASCII(b) && (next == utf8.endIndex || utf8[next] < 0x80) {
                    let s = Unicode.Scalar(b)
                    graphemes.append(Grapheme(text: ASCIICharacter.character(b), start: scalars.count, end: scalars.count + 1, run: r, ascii: b))
                    scalars.append(s)
                    i = next
                    continue
                }
                // Otherwise characters found by grapheme breaking, up to a printable ASCII byte
                // after an ASCII one: a character boundary (no prepended mark before it, no CR
                // LF across it).
                var j = next
                while j < utf8.endIndex && !(isPrintableASCII(utf8[j]) && utf8[utf8.index(before: j)] < 0x80) {
                    j = utf8.index(after: j)
                }
                for ch in text[i..<j] {
                    let start = scalars.count
                    scalars.append(contentsOf: ch.unicodeScalars)
                    graphemes.append(Grapheme(text: ch, start: start, end: scalars.count, run: r, ascii: ASCIICharacter.byte(ch) ?? 0))
                }
                i = j
            }
        }
        let (levels, rightToLeft) = Bidi.levels(scalars, direction: direction)
        guard !graphemes.isEmpty else { return ([], rightToLeft) }

        // Scripts, the shared characters taking the script before them (the one after at the start).
        var scripts = scalars.map(TextScript.of)
        if let firstReal = scripts.first(where: { !TextScript.isShared($0) }) {
            var last = firstReal
            for i in scripts.indices {
                if TextScript.isShared(scripts[i]) { scripts[i] = last } else { last = scripts[i] }
            }
        }
        // Each scalar's grapheme (none kept when each grapheme is one scalar, as in ASCII text).
        let oneScalarEach = graphemes.count == scalars.count
        var graphemeOfScalar: [Int] = []
        if !oneScalarEach {
            graphemeOfScalar = [Int](repeating: 0, count: scalars.count)
            for (g, item) in graphemes.enumerated() { for s in item.start..<item.end { graphemeOfScalar[s] = g } }
        }

        let requested = runs.map(\.style.font)
        let fonts = graphemes.map { g in
            // A printable ASCII character the font has (most): the font, without asking fallback.
            g.ascii >= 0x20 && requested[g.run].glyph(for: Unicode.Scalar(g.ascii)) != 0 ? requested[g.run]
                : FontFallback.font(for: g.text, requested: requested[g.run], script: scripts[g.start])
        }
        var clusters = graphemes.enumerated().map { g, item in
            Cluster(text: item.text, run: item.run, font: fonts[g], glyphs: 0..<0, advance: 0, level: levels[item.start], ascii: item.ascii)
        }

        // `glyphs` is passed to it rather than captured: a debug build lost the appends of a
        // local function capturing the inout parameter.
        func shapeItem(_ range: Range<Int>, into glyphs: inout [Glyph]) {
            let first = graphemes[range.lowerBound]
            let style = runs[first.run].style
            let font = fonts[range.lowerBound]
            let rtl = levels[first.start] % 2 == 1
            var features: [String] = []
            if style.ligatures == 0 { features += ["-liga", "-clig"] }
            if style.ligatures >= 2 { features += ["+dlig"] }
            if style.kern == 0 { features += ["-kern"] }
            let shaped = font.shape(scalars, range: first.start..<graphemes[range.upperBound - 1].end, rightToLeft: rtl,
                                    script: scripts[first.start], features: features)
            let k = style.size / CGFloat(max(1, font.unitsPerEm))
            // Each glyph's cluster (within the item), how many glyphs each cluster has, and so
            // where each cluster's glyphs go in `glyphs`, in the order HarfBuzz gave them.
            let owner = shaped.map { g in
                let s = min(max(0, g.cluster), scalars.count - 1)
                return min(max(oneScalarEach ? s : graphemeOfScalar[s], range.lowerBound), range.upperBound - 1)
            }
            var next = [Int](repeating: 0, count: range.count)
            for c in owner { next[c - range.lowerBound] += 1 }
            var start = glyphs.count
            for c in range {
                let n = next[c - range.lowerBound]
                clusters[c].glyphs = start..<start + n
                next[c - range.lowerBound] = start
                start += n
            }
            glyphs.append(contentsOf: repeatElement(Glyph(glyph: 0, x: 0, y: 0), count: shaped.count))
            var pen: Int32 = 0
            // The pen position where each cluster's first glyph went (relative to the item).
            var left = [Int32?](repeating: nil, count: range.count)
            for (g, c) in zip(shaped, owner) {
                let l = left[c - range.lowerBound] ?? pen
                left[c - range.lowerBound] = l
                glyphs[next[c - range.lowerBound]] = Glyph(glyph: g.glyph, x: CGFloat(pen &+ g.offsetX &- l) * k, y: CGFloat(g.offsetY) * k)
                next[c - range.lowerBound] += 1
                clusters[c].advance += CGFloat(g.advance) * k
                pen &+= g.advance
            }
            // The `.kern` attribute's points, plus the system font's size-specific tracking
            // (San Francisco's widths; see `SystemFontTracking`), after each character. The
            // stand-in's figures at text sizes take San Francisco's advances and ink positions,
            // and Apple's published tracking (`SystemFontFigures`).
            let kern = style.kern.flatMap { $0.isFinite ? $0 : nil } ?? 0
            let tracking = SystemFontTracking.points(for: font, size: style.size)
            var published: CGFloat?
            for c in range {
                var extra = tracking + kern
                let first = clusters[c].glyphs.lowerBound
                if clusters[c].glyphs.count == 1, clusters[c].ascii != 0,
                   let f = SystemFontFigures.adjustment(for: clusters[c].ascii, glyph: glyphs[first].glyph, font: font, size: style.size) {
                    if published == nil { published = SystemFontTracking.publishedPoints(atSize: style.size) }
                    clusters[c].advance = f.advance
                    glyphs[first].x += f.shift
                    glyphs[first].y -= f.drop
                    extra = published! + kern
                }
                guard extra != 0 else { continue }
                clusters[c].advance += extra
                // After the character in reading order: on its left when it runs right to left.
                if rtl { for n in clusters[c].glyphs { glyphs[n].x += extra } }
            }
        }
        var i = 0
        while i < graphemes.count {
            var j = i + 1
            while j < graphemes.count && graphemes[j].run == graphemes[i].run && fonts[j] === fonts[i]
                    && scripts[graphemes[j].start] == scripts[graphemes[i].start]
                    && levels[graphemes[j].start] == levels[graphemes[i].start] { j += 1 }
            shapeItem(i..<j, into: &glyphs)
            i = j
        }
        return (clusters, rightToLeft)
    }
}
