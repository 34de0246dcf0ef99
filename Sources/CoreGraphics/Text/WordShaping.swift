@_implementationOnly import CHarfBuzz

/// Whether a face's text may be shaped a word at a time, and which glyphs forbid it.
///
/// Shaping the words of a line apart and joining their glyphs gives what shaping the line whole
/// gives when no lookup the shaper applies can match across a space: a match is a run of
/// adjacent glyphs, so one that reaches across a cut beside a space holds the space itself
/// (unless a lookup skips base glyphs, which the analysis refuses). So, over the lookups of the
/// features HarfBuzz applies to left-to-right text of the simple scripts (`ccmp`, `locl`,
/// `rlig`, `rvrn`, `ltra`, `ltrm`, `abvm`, `blwm`, `mark`, `mkmk`, `calt`, `clig`, `curs`,
/// `dist`, `kern`, `liga`, `rclt`), in every script and language system of the font, and the
/// lookups their contextual lookups apply:
/// - a lookup that substitutes or positions the space itself (the space among its input or
///   output glyphs, a kerning pair with the space) rules the face out;
/// - a lookup that only looks at the space as context (before or after its input) changes only
///   its input glyphs: those, and every glyph a lookup can turn into one of them, are the
///   *risky* glyphs, and a text holding one is shaped whole.
/// Faces shaped by other means than OpenType layout (AAT `morx`/`mort`/`kerx`, Graphite, the
/// legacy `kern` table where GPOS has no kerning), faces whose space is classed as a mark or
/// ligature, and faces with feature variations are ruled out.
///
/// The system font's stand-in (Inter Display), for example: in the regular weight one default
/// lookup (case-sensitive punctuation in `calt`) looks across spaces, so its 48 input glyphs
/// (`-`, `:`, `x`, brackets, dashes, arrows, operators) and the glyphs that can become them (58
/// in all) are risky: `"Wi-Fi 17"` is shaped whole, `"Bluetooth 42"` a word at a time. The
/// medium and bolder weights kern pairs with the space, so their text is always shaped whole.
///
/// Numbers go further: a word made only of the face's *pairwise* characters (the ten digits, with
/// the full stop and comma where they qualify too) is shaped as each character's glyph shaped
/// beside the next one, the last alone (``CGFont/shape(_:range:rightToLeft:script:features:)``
/// keeps the 110 pairs and singles), so a number never seen before costs no call to HarfBuzz.
/// That gives the whole word's glyphs when no lookup the shaper applies can match a run of those
/// characters except by kerning pairs that move only the first glyph of the pair: every applied
/// lookup whose input holds one of their glyphs is a ligature substitution none of whose
/// ligatures is made of them alone (Inter's digits in circles join a digit to U+20DD), or a pair
/// adjustment that leaves the second glyph alone (`ValueFormat2` zero, so the next pair is
/// matched from that glyph on, as HarfBuzz does).
struct WordShaping {
    /// Glyphs whose presence in a text makes it be shaped whole.
    let risky: Set<UInt32>
    /// For each ASCII scalar, whether it may stand in text shaped a word at a time: simple
    /// (``isSimple(_:)``), with a glyph in the face, and that glyph not risky.
    let asciiAllowed: [Bool]
    /// For each ASCII scalar, whether it is one of the face's pairwise characters (see above);
    /// all false when not even the digits qualify.
    let asciiPairwise: [Bool]

    /// The scripts shaped a word at a time: Latin, Greek, Cyrillic and the characters they share
    /// (HarfBuzz's default shaper, which joins nothing across a space by itself).
    static let scripts = Set([HB_SCRIPT_LATIN, HB_SCRIPT_GREEK, HB_SCRIPT_CYRILLIC, HB_SCRIPT_COMMON].map(\.rawValue))

    /// The features HarfBuzz applies to left-to-right text of the simple scripts.
    private static let features: [UInt32] = ["ccmp", "locl", "rlig", "rvrn", "ltra", "ltrm", "abvm", "blwm", "mark", "mkmk",
                                             "calt", "clig", "curs", "dist", "kern", "liga", "rclt"].map(tag)

    static func tag(_ s: String) -> UInt32 { s.utf8.reduce(0) { $0 << 8 | UInt32($1) } }

    /// The analysis of `font`'s face, or nil when its words may not be shaped apart; the
    /// pairwise characters are the first of `pairwiseSets` that qualifies. Call holding the
    /// FreeType lock.
    static func analyze(_ font: OpaquePointer, pairwiseSets: [[UInt8]] = numberSets) -> WordShaping? {
        guard let face = hb_font_get_face(font) else { return nil }
        func tableLength(_ t: String) -> Int {
            guard let blob = hb_face_reference_table(face, tag(t)) else { return 0 }
            defer { hb_blob_destroy(blob) }
            return Int(hb_blob_get_length(blob))
        }
        // Shaped by other means than OpenType layout.
        for t in ["morx", "mort", "kerx", "Silf"] where tableLength(t) > 0 { return nil }
        // HarfBuzz kerns with the legacy `kern` table when GPOS has no `kern` feature: pairs the
        // analysis does not read.
        if tableLength("kern") > 0 {
            guard let kerning = hb_set_create() else { return nil }
            defer { hb_set_destroy(kerning) }
            var kern = [tag("kern"), 0]
            kern.withUnsafeMutableBufferPointer { f in
                hb_ot_layout_collect_lookups(face, tag("GPOS"), nil, nil, f.baseAddress, kerning)
            }
            if hb_set_get_population(kerning) == 0 { return nil }
        }
        var space: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font, 0x20, &space) != 0, space != 0 else { return nil }
        if hb_ot_layout_has_glyph_classes(face) != 0 {
            let c = hb_ot_layout_get_glyph_class(face, space)
            guard c == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED || c == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH else { return nil }
        }
        var seeds: [UInt32] = []
        var substitutions: [(input: [UInt32], output: [UInt32])] = []
        // The glyphs of the characters that may be pairwise, and the lookups whose input holds
        // one of them.
        let numberGlyphs = Dictionary(uniqueKeysWithValues: Set(pairwiseSets.joined()).map { c -> (UInt8, UInt32) in
            var g: hb_codepoint_t = 0
            return (c, hb_font_get_nominal_glyph(font, hb_codepoint_t(c), &g) != 0 ? g : 0)
        })
        var numberLookups: [(layout: LayoutTable, index: Int, input: Set<UInt32>)] = []
        for table in ["GSUB", "GPOS"] {
            let tableTag = tag(table)
            guard let layout = LayoutTable(face, tableTag, positioning: table == "GPOS") else { return nil }
            guard let lookups = hb_set_create() else { return nil }
            defer { hb_set_destroy(lookups) }
            var wanted = features + [0]
            wanted.withUnsafeMutableBufferPointer { f in
                hb_ot_layout_collect_lookups(face, tableTag, nil, nil, f.baseAddress, lookups)
            }
            // With the lookups contextual ones apply (theirs too), which may look past the
            // glyphs their caller matched.
            var applied = members(lookups)
            var seen = Set(applied)
            var next = 0
            while next < applied.count {
                let index = Int(applied[next])
                next += 1
                guard index < layout.nested.count else { return nil }
                for inner in layout.nested[index] where seen.insert(UInt32(inner)).inserted { applied.append(UInt32(inner)) }
            }
            for index in applied {
                // A lookup that skips base glyphs could match across a space without holding it.
                guard Int(index) < layout.flags.count, layout.flags[Int(index)] & 0x0002 == 0 else { return nil }
                guard let before = hb_set_create(), let input = hb_set_create(), let after = hb_set_create(),
                      let output = hb_set_create() else { return nil }
                defer { hb_set_destroy(before); hb_set_destroy(input); hb_set_destroy(after); hb_set_destroy(output) }
                hb_ot_layout_lookup_collect_glyphs(face, tableTag, index, before, input, after, output)
                if hb_set_has(input, space) != 0 || hb_set_has(output, space) != 0 { return nil }
                if hb_set_has(before, space) != 0 || hb_set_has(after, space) != 0 { seeds += members(input) }
                if table == "GSUB" { substitutions.append((members(input), members(output))) }
                let touched = Set(numberGlyphs.values.filter { hb_set_has(input, $0) != 0 })
                if !touched.isEmpty { numberLookups.append((layout, Int(index), touched)) }
            }
        }
        // Every glyph a substitution can turn into a risky one is risky too.
        var risky = Set(seeds)
        var grew = !risky.isEmpty
        while grew {
            grew = false
            for s in substitutions where s.output.contains(where: risky.contains) {
                let before = risky.count
                risky.formUnion(s.input)
                grew = grew || risky.count != before
            }
        }
        let ascii = (0..<128).map { v -> Bool in
            var g: hb_codepoint_t = 0
            return isSimple(Unicode.Scalar(UInt8(v))) && hb_font_get_nominal_glyph(font, hb_codepoint_t(v), &g) != 0 && g != 0
                && !risky.contains(g)
        }
        // The pairwise characters: the first set that qualifies, else none.
        var pairwise = [Bool](repeating: false, count: 128)
        for set in pairwiseSets where set.allSatisfy({ $0 < 0x80 }) {
            let glyphs = Set(set.map { numberGlyphs[$0] ?? 0 })
            guard set.allSatisfy({ ascii[Int($0)] }), !glyphs.contains(0), glyphs.count == set.count else { continue }
            let joins = numberLookups.contains { lookup in
                !lookup.input.isDisjoint(with: glyphs) && !lookup.layout.onlyKernsPairs(lookup.index, within: glyphs)
            }
            if !joins {
                for c in set { pairwise[Int(c)] = true }
                break
            }
        }
        return WordShaping(risky: risky, asciiAllowed: ascii, asciiPairwise: pairwise)
    }

    /// The pairwise characters tried: the digits with the full stop and comma, else the digits
    /// alone.
    static let numberSets = [Array("0123456789.,".utf8), Array("0123456789".utf8)]

    /// The members of a HarfBuzz set.
    private static func members(_ set: OpaquePointer) -> [UInt32] {
        var out: [UInt32] = []
        var g = UInt32.max   // HB_SET_VALUE_INVALID: start before the first
        while hb_set_next(set, &g) != 0 { out.append(g) }
        return out
    }

    /// A face's GSUB or GPOS table as far as the analysis reads it: each lookup's LookupFlag,
    /// and the lookups a contextual lookup applies at the positions it matches (which may look
    /// at glyphs beyond that match).
    private struct LayoutTable {
        var flags: [UInt16] = []
        var nested: [[UInt16]] = []
        /// Each lookup's type (through extension subtables) and its subtables' offsets in
        /// `bytes`, the table itself.
        var types: [Int] = []
        var subtables: [[Int]] = []
        var bytes: [UInt8] = []
        var positioning = false

        /// The table of `face` (empty without one), or nil when it has feature variations
        /// (lookups that replace others under a font variation) or cannot be read.
        init?(_ face: OpaquePointer, _ tableTag: UInt32, positioning: Bool) {
            self.positioning = positioning
            guard let blob = hb_face_reference_table(face, tableTag) else { return }
            defer { hb_blob_destroy(blob) }
            var length: UInt32 = 0
            guard let data = hb_blob_get_data(blob, &length), length > 0 else { return }
            let n = Int(length)
            let read: ([UInt16], [[UInt16]], [Int], [[Int]])? = data.withMemoryRebound(to: UInt8.self, capacity: n) { p in
                func u16(_ at: Int) -> Int? { at >= 0 && at + 2 <= n ? Int(p[at]) << 8 | Int(p[at + 1]) : nil }
                func u32(_ at: Int) -> Int? {
                    guard let hi = u16(at), let lo = u16(at + 2) else { return nil }
                    return hi << 16 | lo
                }
                guard u16(0) == 1, let minor = u16(2), let listOffset = u16(8) else { return nil }
                if minor >= 1 { guard u32(10) == 0 else { return nil } }
                guard listOffset > 0, let count = u16(listOffset) else { return ([], [], [], []) }
                let (context, chain, extensionType) = positioning ? (7, 8, 9) : (5, 6, 7)
                // The lookup indices of a rule's SequenceLookupRecords, `count` of them at `at`.
                func records(_ at: Int, _ count: Int) -> [UInt16]? {
                    var out: [UInt16] = []
                    for k in 0..<count {
                        guard let index = u16(at + 4 * k + 2) else { return nil }
                        out.append(UInt16(index))
                    }
                    return out
                }
                // The rules of a format 1 or 2 subtable: a set of rule sets at `setsAt`, each
                // rule read by `rule`.
                func ruleSets(_ table: Int, _ setsAt: Int, _ rule: (Int) -> [UInt16]?) -> [UInt16]? {
                    guard let sets = u16(setsAt) else { return nil }
                    var out: [UInt16] = []
                    for k in 0..<sets {
                        guard let so = u16(setsAt + 2 + 2 * k) else { return nil }
                        if so == 0 { continue }
                        let set = table + so
                        guard let rules = u16(set) else { return nil }
                        for r in 0..<rules {
                            guard let ro = u16(set + 2 + 2 * r), let found = rule(set + ro) else { return nil }
                            out += found
                        }
                    }
                    return out
                }
                func contextRule(_ at: Int) -> [UInt16]? {
                    guard let glyphs = u16(at), let lookups = u16(at + 2) else { return nil }
                    return records(at + 4 + 2 * max(0, glyphs - 1), lookups)
                }
                func chainRule(_ at: Int) -> [UInt16]? {
                    guard let back = u16(at), let input = u16(at + 2 + 2 * back) else { return nil }
                    let ahead = at + 4 + 2 * back + 2 * max(0, input - 1)
                    guard let look = u16(ahead), let lookups = u16(ahead + 2 + 2 * look) else { return nil }
                    return records(ahead + 4 + 2 * look, lookups)
                }
                // The nested lookups of one subtable of `type`.
                func nested(_ type: Int, _ st: Int) -> [UInt16]? {
                    guard let format = u16(st) else { return nil }
                    switch (type, format) {
                    case (extensionType, 1):
                        guard let t = u16(st + 2), let o = u32(st + 4), t != extensionType else { return nil }
                        return nested(t, st + o)
                    case (context, 1): return ruleSets(st, st + 4, contextRule)
                    case (context, 2): return ruleSets(st, st + 6, contextRule)
                    case (context, 3):
                        guard let glyphs = u16(st + 2), let lookups = u16(st + 4) else { return nil }
                        return records(st + 6 + 2 * glyphs, lookups)
                    case (chain, 1): return ruleSets(st, st + 4, chainRule)
                    case (chain, 2): return ruleSets(st, st + 10, chainRule)
                    case (chain, 3):
                        guard let back = u16(st + 2), let input = u16(st + 4 + 2 * back) else { return nil }
                        let ahead = st + 6 + 2 * back + 2 * input
                        guard let look = u16(ahead), let lookups = u16(ahead + 2 + 2 * look) else { return nil }
                        return records(ahead + 4 + 2 * look, lookups)
                    case (context, _), (chain, _), (extensionType, _): return nil
                    default: return []
                    }
                }
                var flags: [UInt16] = [], nestedLookups: [[UInt16]] = [], types: [Int] = [], offsets: [[Int]] = []
                for i in 0..<count {
                    guard let lo = u16(listOffset + 2 + 2 * i), let type = u16(listOffset + lo),
                          let flag = u16(listOffset + lo + 2), let subtables = u16(listOffset + lo + 4) else { return nil }
                    var inner: [UInt16] = []
                    var resolved = type, at: [Int] = []
                    for k in 0..<subtables {
                        guard let so = u16(listOffset + lo + 6 + 2 * k), let found = nested(type, listOffset + lo + so) else { return nil }
                        inner += found
                        var st = listOffset + lo + so
                        if type == extensionType {
                            guard let t = u16(st + 2), let o = u32(st + 4) else { return nil }
                            resolved = t
                            st += o
                        }
                        at.append(st)
                    }
                    flags.append(UInt16(flag))
                    nestedLookups.append(inner)
                    types.append(resolved)
                    offsets.append(at)
                }
                return (flags, nestedLookups, types, offsets)
            }
            guard let read else { return nil }
            (flags, nested, types, subtables) = read
            bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: n))
        }

        private func u16(_ at: Int) -> Int? { at >= 0 && at + 2 <= bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil }

        /// The glyphs of the coverage table at `at`, in coverage index order; nil when it cannot
        /// be read.
        private func coverage(_ at: Int) -> [UInt32]? {
            guard let format = u16(at), let count = u16(at + 2) else { return nil }
            var glyphs: [UInt32] = []
            switch format {
            case 1:
                for k in 0..<count {
                    guard let g = u16(at + 4 + 2 * k) else { return nil }
                    glyphs.append(UInt32(g))
                }
            case 2:
                var ranges: [(index: Int, start: Int, end: Int)] = []
                for k in 0..<count {
                    guard let start = u16(at + 4 + 6 * k), let end = u16(at + 6 + 6 * k), let index = u16(at + 8 + 6 * k),
                          start <= end else { return nil }
                    ranges.append((index, start, end))
                }
                for r in ranges.sorted(by: { $0.index < $1.index }) { glyphs += (r.start...r.end).map(UInt32.init) }
            default: return nil
            }
            return glyphs
        }

        /// Whether lookup `index` can act on a run of `glyphs` alone only by kerning pairs that
        /// move the first glyph: a ligature substitution none of whose ligatures is made of
        /// those glyphs alone, or a pair adjustment with no value for the second glyph. Any other
        /// lookup, or one that cannot be read, answers false.
        func onlyKernsPairs(_ index: Int, within glyphs: Set<UInt32>) -> Bool {
            guard index < types.count else { return false }
            switch (positioning, types[index]) {
            case (false, 4):
                for st in subtables[index] {
                    guard u16(st) == 1, let covered = u16(st + 2).flatMap({ coverage(st + $0) }),
                          let sets = u16(st + 4), sets <= covered.count else { return false }
                    for k in 0..<sets where glyphs.contains(covered[k]) {
                        guard let so = u16(st + 6 + 2 * k), let count = u16(st + so) else { return false }
                        for l in 0..<count {
                            guard let lo = u16(st + so + 2 + 2 * l), let components = u16(st + so + lo + 2) else { return false }
                            var alone = true
                            for c in 0..<max(0, components - 1) {
                                guard let g = u16(st + so + lo + 4 + 2 * c) else { return false }
                                if !glyphs.contains(UInt32(g)) { alone = false; break }
                            }
                            if alone { return false }
                        }
                    }
                }
                return true
            case (true, 2):
                return subtables[index].allSatisfy { st in
                    guard let format = u16(st), format == 1 || format == 2 else { return false }
                    return u16(st + 6) == 0
                }
            default:
                return false
            }
        }
    }

    /// Whether `scalar` may stand in text shaped a word at a time: a letter, digit,
    /// punctuation, symbol or space character that no shaping step joins to its neighbours (no
    /// combining mark, joiner, variation selector, control or format character, no fraction
    /// slash, which turns on the `frac` feature around it).
    static func isSimple(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 { return v >= 0x20 && v != 0x7F }
        if v == 0x2044 { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control, .privateUse, .surrogate, .unassigned:
            return false
        default:
            return !scalar.properties.isDefaultIgnorableCodePoint && !scalar.properties.isVariationSelector
        }
    }
}
