@_implementationOnly import CFreeType
@_implementationOnly import CHarfBuzz

/// One glyph HarfBuzz chose: which glyph, the scalar (index into the shaped text) its cluster
/// starts at, and its advance and offset in font units. Glyphs come in visual order (right to
/// left text is reversed).
@_spi(Lamina) public struct ShapedGlyph: Equatable, Sendable {
    public var glyph: CGGlyph
    /// The index of the first scalar of the glyph's cluster in the text given to `shape`.
    public var cluster: Int
    public var advance: Int32
    public var offsetX: Int32
    public var offsetY: Int32
}

extension CGFont {
    /// Shapes `text[range]` with HarfBuzz (OpenType GSUB/GPOS: joining, reordering, ligatures,
    /// marks, kerning; the legacy `kern` table where a font has no GPOS), the scalars around the
    /// range given as context. `features` are OpenType feature settings ("-liga", "kern=0").
    @_spi(Lamina) public func shape(_ text: [Unicode.Scalar], range: Range<Int>, rightToLeft: Bool, script: UInt32,
                                    features: [String] = []) -> [ShapedGlyph] {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= text.count else { return [] }
        return FontLibrary.withLock { _ -> [ShapedGlyph] in
            guard let font = shapingFontLocked() else { return [] }
            if features.isEmpty, !rightToLeft, let words = wordsLocked(font, text, range, script: script) {
                // A word at a time: each word's glyphs kept from before or shaped and kept,
                // their clusters moved to where the word starts.
                var out: [ShapedGlyph] = []
                out.reserveCapacity(range.count)
                for word in words {
                    if word.count > 1, let pairs = pairwiseLocked(font, text, word, script: script) {
                        out += pairs
                        continue
                    }
                    for var g in keptLocked(font, text, word, script: script) {
                        g.cluster += word.lowerBound
                        out.append(g)
                    }
                }
                return out
            }
            return shapeLocked(font, text, range, rightToLeft: rightToLeft, script: script, features: features)
        }
    }

    /// The glyphs of the word `text[word]` (clusters from the word's start), kept from before or
    /// shaped and kept. Call holding the lock.
    private func keptLocked(_ font: OpaquePointer, _ text: [Unicode.Scalar], _ word: Range<Int>, script: UInt32) -> [ShapedGlyph] {
        let key = WordShapeCache.Key(face: cacheID, script: script, text: text[word])
        if let kept = WordShapeCache.glyphs(key) { return kept }
        let glyphs = shapeLocked(font, text, word, rightToLeft: false, script: script, features: [])
            .map { var g = $0; g.cluster -= word.lowerBound; return g }
        WordShapeCache.keep(key, glyphs)
        return glyphs
    }

    /// A word of two or more of the face's pairwise characters (a number, ``WordShaping``)
    /// shaped pair by pair: each character's glyph as shaped with the next character, the last's
    /// alone, each pair and single kept in the word cache, the word itself not (numbers are
    /// seldom met twice). Clusters as in `text`. Nil for any other word, or when a pair gives
    /// other than a glyph per character. Call holding the lock.
    private func pairwiseLocked(_ font: OpaquePointer, _ text: [Unicode.Scalar], _ word: Range<Int>, script: UInt32) -> [ShapedGlyph]? {
        guard let analysis = wordShaping,
              text[word].allSatisfy({ $0.value < 0x80 && analysis.asciiPairwise[Int($0.value)] }) else { return nil }
        var out: [ShapedGlyph] = []
        out.reserveCapacity(word.count)
        for i in word {
            let piece = i..<min(i + 2, word.upperBound)
            let glyphs = keptLocked(font, text, piece, script: script)
            guard glyphs.count == piece.count, glyphs[0].cluster == 0 else { return nil }
            var g = glyphs[0]
            g.cluster = i
            out.append(g)
        }
        return out
    }

    /// The words (runs of characters other than U+0020, and runs of spaces) `text[range]` is
    /// shaped in when it may be shaped a word at a time (``WordShaping``), else nil: the word
    /// cache on, a simple script, at least two words (or one word of two or more of the face's
    /// pairwise characters: a number), only simple characters, each with a glyph of this face
    /// and none of the face's risky glyphs. Call holding the lock.
    private func wordsLocked(_ font: OpaquePointer, _ text: [Unicode.Scalar], _ range: Range<Int>, script: UInt32) -> [Range<Int>]? {
        guard range.count >= 2, WordShapeCache.isEnabled, WordShaping.scripts.contains(script) else { return nil }
        let spaced = text[range].contains(where: { $0.value == 0x20 })
        // One word (most items of a label or a short run): shaped whole without the checks,
        // unless it may be a number.
        guard spaced && range.count >= 3 || !spaced && text[range].allSatisfy({ $0.value >= 0x2C && $0.value <= 0x39 }) else {
            return nil
        }
        if wordShapingAnalyzed == false {
            wordShaping = WordShaping.analyze(font)
            wordShapingAnalyzed = true
        }
        guard let analysis = wordShaping else { return nil }
        if !spaced {
            return text[range].allSatisfy({ analysis.asciiPairwise[Int($0.value)] }) ? [range] : nil
        }
        var words: [Range<Int>] = []
        var start = range.lowerBound
        words.reserveCapacity(8)
        for i in range {
            let s = text[i]
            if s.value < 0x80 {
                guard analysis.asciiAllowed[Int(s.value)] else { return nil }
            } else {
                guard WordShaping.isSimple(s) else { return nil }
                var g: hb_codepoint_t = 0
                guard hb_font_get_nominal_glyph(font, s.value, &g) != 0, g != 0, !analysis.risky.contains(g) else { return nil }
            }
            if i > start && (s.value == 0x20) != (text[i - 1].value == 0x20) {
                words.append(start..<i)
                start = i
            }
        }
        words.append(start..<range.upperBound)
        return words.count > 1 ? words : nil
    }

    /// `text[range]` shaped by HarfBuzz with up to 32 scalars of context on each side; call
    /// holding the lock.
    private func shapeLocked(_ font: OpaquePointer, _ text: [Unicode.Scalar], _ range: Range<Int>, rightToLeft: Bool,
                             script: UInt32, features: [String]) -> [ShapedGlyph] {
        guard let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        // The item with up to 32 scalars of context on each side (what joining and
        // contextual forms look at), not the whole paragraph, so shaping a long paragraph
        // of many items stays linear.
        let window = max(0, range.lowerBound - 32)..<min(text.count, range.upperBound + 32)
        var codepoints = text[window].map { $0.value }
        hb_buffer_add_codepoints(buffer, &codepoints, Int32(codepoints.count), UInt32(range.lowerBound - window.lowerBound),
                                 Int32(range.count))
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_t(rawValue: script))
        hb_buffer_set_language(buffer, hb_language_get_default())
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        var parsed: [hb_feature_t] = features.compactMap { f in
            var feature = hb_feature_t()
            return hb_feature_from_string(f, Int32(f.utf8.count), &feature) != 0 ? feature : nil
        }
        hb_shape(font, buffer, &parsed, UInt32(parsed.count))
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        var out: [ShapedGlyph] = []
        out.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            out.append(ShapedGlyph(glyph: CGGlyph(truncatingIfNeeded: infos[i].codepoint), cluster: Int(infos[i].cluster) + window.lowerBound,
                                   advance: positions[i].x_advance, offsetX: positions[i].x_offset,
                                   offsetY: positions[i].y_offset))
        }
        return out
    }

    /// The face's word shaping analysis with other sets of pairwise characters tried (tests).
    func wordShapingAnalysis(pairwiseSets: [[UInt8]]) -> WordShaping? {
        FontLibrary.withLock { _ in shapingFontLocked().flatMap { WordShaping.analyze($0, pairwiseSets: pairwiseSets) } }
    }

    /// The HarfBuzz font over this face at one unit per font unit; call holding the lock.
    private func shapingFontLocked() -> OpaquePointer? {
        if let shapingFont { return shapingFont }
        guard let hbFace = hb_ft_face_create_referenced(face) else { return nil }
        let font = hb_font_create(hbFace)
        hb_face_destroy(hbFace)
        shapingFont = font
        return font
    }
}

/// Unicode scripts as HarfBuzz names them (ISO 15924 tags).
@_spi(Lamina) public enum TextScript {
    /// The script of a scalar by the Unicode Character Database HarfBuzz carries.
    public static func of(_ scalar: Unicode.Scalar) -> UInt32 {
        if scalar.isASCII { return ascii[Int(scalar.value)] }
        return database(scalar)
    }
    /// The script of a scalar as HarfBuzz's database says (`of` answers ASCII from a table).
    static func database(_ scalar: Unicode.Scalar) -> UInt32 {
        hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value).rawValue
    }
    /// The scripts of the ASCII scalars (letters Latin, the rest Common).
    private static let ascii: [UInt32] = (0..<128).map { database(Unicode.Scalar(UInt8($0))) }
    /// `Zyyy`, characters shared by scripts (digits, punctuation, spaces).
    public static let common = HB_SCRIPT_COMMON.rawValue
    /// `Zinh`, combining marks that take the script of the character before them.
    public static let inherited = HB_SCRIPT_INHERITED.rawValue
    /// `Zzzz`, unassigned code points.
    public static let unknown = HB_SCRIPT_UNKNOWN.rawValue
    /// Whether the script has no letters of its own (it takes its neighbours').
    public static func isShared(_ script: UInt32) -> Bool { script == common || script == inherited || script == unknown }
    /// Scripts drawn from the project's default faces (DejaVu Sans, WenQuanYi Micro Hei) when a
    /// font lacks a character, before fontconfig is asked: Latin, Greek, Cyrillic, the Han
    /// family, and the shared ones. Keeps what Lamina drew before fallback existed.
    public static func prefersDefaultFaces(_ script: UInt32) -> Bool {
        isShared(script) || [HB_SCRIPT_LATIN, HB_SCRIPT_GREEK, HB_SCRIPT_CYRILLIC, HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA,
                             HB_SCRIPT_KATAKANA, HB_SCRIPT_HANGUL, HB_SCRIPT_BOPOMOFO].contains { $0.rawValue == script }
    }
}
