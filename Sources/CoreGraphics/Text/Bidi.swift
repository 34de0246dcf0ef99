@_implementationOnly import CFriBidi

/// The Unicode Bidirectional Algorithm (UAX #9) through GNU FriBidi: embedding levels for a
/// paragraph and the visual order of a line.
///
/// FriBidi rather than ICU: the ICU inside the Swift toolchain is an implementation detail of
/// Foundation (renamed symbols, no headers), and Debian's FriBidi is small, C, and implements
/// the algorithm in full, paired brackets (rule N0) included.
@_spi(Lamina) public enum Bidi {
    /// A paragraph's base direction.
    public enum Direction: Sendable {
        /// From the first strong character (rules P2–P3), left to right when there is none: what
        /// iOS does for `.natural` writing direction.
        case natural
        case leftToRight
        case rightToLeft
    }

    /// The embedding level of each scalar of one paragraph, and whether the paragraph runs right
    /// to left. Odd levels are right to left.
    public static func levels(_ scalars: [Unicode.Scalar], direction: Direction) -> (levels: [UInt8], rightToLeft: Bool) {
        let count = scalars.count
        let fallbackRTL = direction == .rightToLeft
        guard count > 0 else { return ([], fallbackRTL) }
        // Text before Hebrew (U+0590) has no right-to-left character and no explicit embedding,
        // override or isolate: every scalar of a paragraph that is not right to left is at level
        // 0 (its numbers follow the paragraph's start, rule W7), as FriBidi would find.
        if direction != .rightToLeft, !scalars.contains(where: { $0.value >= 0x0590 }) {
            return ([UInt8](repeating: 0, count: count), false)
        }
        return fribidiLevels(scalars, direction: direction)
    }

    /// `levels(_:direction:)` as FriBidi finds them (for every text).
    static func fribidiLevels(_ scalars: [Unicode.Scalar], direction: Direction) -> (levels: [UInt8], rightToLeft: Bool) {
        let count = scalars.count
        let fallbackRTL = direction == .rightToLeft
        guard count > 0 else { return ([], fallbackRTL) }
        var text: [FriBidiChar] = scalars.map { FriBidiChar($0.value) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var levels = [FriBidiLevel](repeating: 0, count: count)
        fribidi_get_bidi_types(&text, FriBidiStrIndex(count), &types)
        fribidi_get_bracket_types(&text, FriBidiStrIndex(count), &types, &brackets)
        var base: FriBidiParType = switch direction {
        case .natural: lamina_fribidi_par_auto
        case .leftToRight: lamina_fribidi_par_ltr
        case .rightToLeft: lamina_fribidi_par_rtl
        }
        let ok = fribidi_get_par_embedding_levels_ex(&types, &brackets, FriBidiStrIndex(count), &base, &levels)
        guard ok != 0 else { return ([UInt8](repeating: fallbackRTL ? 1 : 0, count: count), fallbackRTL) }
        return (levels.map { UInt8(clamping: Int($0)) }, base == lamina_fribidi_par_rtl)
    }

    /// The visual order of items with these levels (rule L2): from the highest level down to the
    /// lowest odd level on the line (the lowest level, or the odd level above it when it is even:
    /// a line of left-to-right text at level 2 in a right-to-left paragraph stays in order),
    /// every run at that level or above is reversed. Returns logical indices in left-to-right
    /// order.
    public static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), highest > 0, let lowest = levels.min() else { return order }
        let lowestOdd = lowest | 1
        var level = highest
        while level >= lowestOdd && level > 0 {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count && levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }
}
