/// A Line_Break property value of the Unicode Line Breaking Algorithm (UAX #14).
@_spi(Lamina) public enum LineBreakClass: UInt8, Sendable {
    case XX, BK, CR, LF, NL, SP, ZW, ZWJ, CM, WJ, GL, BA, BB, B2, HY, CB, CL, CP
    case EX, IN, NS, OP, QU, IS, NU, PO, PR, SY, AI, AL, CJ, EB, EM, H2, H3, HL
    case ID, JL, JV, JT, RI, SA, SG

    /// The class of a scalar (Unicode 15.0), before rule LB1 resolves the ambiguous ones.
    public init(_ scalar: Unicode.Scalar) {
        if scalar.isASCII { self = LineBreakClass.ascii[Int(scalar.value)]; return }
        self = LineBreakClass(looking: scalar)
    }

    /// The classes of the ASCII scalars, from the table.
    private static let ascii: [LineBreakClass] = (0..<128).map { LineBreakClass(looking: Unicode.Scalar(UInt8($0))) }

    /// The class from the table of ranges.
    init(looking scalar: Unicode.Scalar) {
        let v = scalar.value
        var lo = 0, hi = LineBreakClass.rangeStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if LineBreakClass.rangeStarts[mid] <= v { lo = mid } else { hi = mid - 1 }
        }
        self = LineBreakClass(rawValue: LineBreakClass.rangeClasses[lo]) ?? .XX
    }
}

/// Where lines may be broken, by the Unicode Line Breaking Algorithm (UAX #14, Unicode 15.0)
/// with the tailoring of numbers of its example 7 (the one its conformance test uses).
///
/// Rule LB1's resolution: ambiguous (AI), surrogates and unknown characters are alphabetic,
/// conditional Japanese starters (CJ) are non-starters (the strict setting iOS uses), and the
/// complex-context scripts (SA: Thai, Lao, Khmer, Myanmar...) are alphabetic, their marks
/// combining. Thai is then broken between words by libthai's dictionary (as iOS breaks it by
/// its own); Lao, Khmer and Myanmar break only at spaces, and a run wider than its line is
/// broken between grapheme clusters.
@_spi(Lamina) public enum LineBreaker {
    /// For each position `i` in `1..<scalars.count`, whether a line may break before scalar `i`
    /// (index 0 is always false: LB2). Mandatory breaks (after BK, CR, LF, NL) are also true.
    public static func opportunities(_ scalars: [Unicode.Scalar], dictionaries: Bool = true) -> [Bool] {
        var result = opportunitiesByRule(scalars)
        guard dictionaries else { return result }
        // Thai words: libthai's boundaries inside each run of Thai.
        var i = 0
        while i < scalars.count {
            guard ThaiWordBreaker.isThai(scalars[i]) else { i += 1; continue }
            var j = i + 1
            while j < scalars.count && ThaiWordBreaker.isThai(scalars[j]) { j += 1 }
            for p in ThaiWordBreaker.wordStarts(scalars[i..<j]) { result[i + p] = true }
            i = j
        }
        return result
    }

    /// The opportunities by the algorithm's rules alone (what Unicode's conformance test checks).
    static func opportunitiesByRule(_ scalars: [Unicode.Scalar]) -> [Bool] {
        let n = scalars.count
        guard n > 1 else { return [Bool](repeating: false, count: n) }
        typealias C = LineBreakClass
        // LB1.
        let original: [C] = scalars.map { s in
            switch C(s) {
            case .AI, .SG, .XX, .SA: .AL
            case .CJ: .NS
            case let c: c
            }
        }
        // LB9 and LB10: combining marks and ZWJ take the class of the character they follow,
        // except after breaks and spaces, where they are alphabetic.
        var cls = original
        var attached = [Bool](repeating: false, count: n)
        for i in 0..<n where original[i] == .CM || original[i] == .ZWJ {
            if i > 0, ![.BK, .CR, .LF, .NL, .SP, .ZW].contains(cls[i - 1]) {
                cls[i] = cls[i - 1]
                attached[i] = true
            } else {
                cls[i] = .AL
            }
        }
        func isWide(_ s: Unicode.Scalar) -> Bool { C.wideBrackets.contains { $0.contains(s.value) } }
        func isUnassignedPictograph(_ s: Unicode.Scalar) -> Bool { C.unassignedPictographs.contains { $0.contains(s.value) } }
        // Running state, so that every rule looks back in constant time (a megabyte of spaces,
        // digits or flags stays linear): the last class before spaces, whether the run of
        // numeric characters ending here holds a number, and how many regional indicators end here.
        var lastNonSpace = [C?](repeating: nil, count: n + 1)
        var numberRun = [Bool](repeating: false, count: n + 1)
        var indicators = [Int](repeating: 0, count: n + 1)
        for i in 0..<n {
            lastNonSpace[i + 1] = cls[i] == .SP ? lastNonSpace[i] : cls[i]
            numberRun[i + 1] = [.NU, .SY, .IS].contains(cls[i]) ? (numberRun[i] || cls[i] == .NU) : false
            indicators[i + 1] = cls[i] == .RI ? indicators[i] + (attached[i] ? 0 : 1) : 0
        }
        /// The class before position `i` skipping spaces, or nil at the start.
        func beforeSpaces(_ i: Int) -> C? { lastNonSpace[i] }
        var bases = [Int](repeating: 0, count: n)
        for i in 0..<n { bases[i] = attached[i] && i > 0 ? bases[i - 1] : i }
        /// The index of the base character of the one at `j` (skipping attached marks).
        func base(_ j: Int) -> Int { bases[j] }

        var result = [Bool](repeating: false, count: n)
        for i in 1..<n {
            let a = cls[i - 1], b = cls[i]
            // Between letters (most pairs): no break, whatever the rules before LB28 say (none of
            // them breaks two letters; LB8a and LB9 keep them together too).
            if (a == .AL || a == .HL) && (b == .AL || b == .HL) { continue }
            result[i] = {
                // LB4, LB5: after hard breaks; CR × LF.
                if a == .BK || a == .NL || a == .LF { return true }
                if a == .CR { return b != .LF }
                // LB6, LB7.
                if [.BK, .CR, .LF, .NL, .SP, .ZW].contains(b) { return false }
                // LB8: ZW SP* ÷.
                if beforeSpaces(i) == .ZW { return true }
                // LB8a: ZWJ ×.
                if original[i - 1] == .ZWJ { return false }
                // LB9.
                if attached[i] { return false }
                // LB11, LB12, LB12a.
                if a == .WJ || b == .WJ || a == .GL { return false }
                if b == .GL && ![.SP, .BA, .HY].contains(a) { return false }
                // LB13.
                if [.CL, .CP, .EX, .IS, .SY].contains(b) { return false }
                // LB14-LB17.
                let previous = beforeSpaces(i)
                if previous == .OP { return false }
                if b == .OP && previous == .QU { return false }
                if b == .NS && (previous == .CL || previous == .CP) { return false }
                if b == .B2 && previous == .B2 { return false }
                // LB18.
                if a == .SP { return true }
                // LB19, LB20.
                if a == .QU || b == .QU { return false }
                if a == .CB || b == .CB { return true }
                // LB21, LB21a, LB21b.
                if [.BA, .HY, .NS].contains(b) || a == .BB { return false }
                if (a == .HY || a == .BA), base(i - 1) > 0, cls[base(i - 1) - 1] == .HL { return false }
                if a == .SY && b == .HL { return false }
                // LB22.
                if b == .IN { return false }
                // LB23, LB23a, LB24.
                if (a == .AL || a == .HL) && b == .NU || a == .NU && (b == .AL || b == .HL) { return false }
                if a == .PR && [.ID, .EB, .EM].contains(b) || [.ID, .EB, .EM].contains(a) && b == .PO { return false }
                if (a == .PR || a == .PO) && (b == .AL || b == .HL) || (a == .AL || a == .HL) && (b == .PR || b == .PO) { return false }
                // LB25, tailored as in example 7.
                if a == .PR || a == .PO {
                    if b == .NU { return false }
                    if (b == .OP || b == .HY), let next = (i + 1..<n).first(where: { !attached[$0] }), cls[next] == .NU { return false }
                }
                if (a == .OP || a == .HY) && b == .NU { return false }
                if [.NU, .SY, .IS, .CL, .CP, .PO, .PR].contains(b) {
                    var j = i - 1
                    if b == .PO || b == .PR, cls[j] == .CL || cls[j] == .CP { j = base(j) - 1 }
                    // NU (NU | SY | IS)*: the run ending at j holds a number, where the match starts.
                    if j >= 0 && numberRun[j + 1] { return false }
                }
                // LB26, LB27.
                if a == .JL && [.JL, .JV, .H2, .H3].contains(b) { return false }
                if (a == .JV || a == .H2) && (b == .JV || b == .JT) { return false }
                if (a == .JT || a == .H3) && b == .JT { return false }
                if [.JL, .JV, .JT, .H2, .H3].contains(a) && b == .PO { return false }
                if a == .PR && [.JL, .JV, .JT, .H2, .H3].contains(b) { return false }
                // LB28, LB29.
                if (a == .AL || a == .HL) && (b == .AL || b == .HL) { return false }
                if a == .IS && (b == .AL || b == .HL) { return false }
                // LB30.
                if [.AL, .HL, .NU].contains(a) && b == .OP && !isWide(scalars[i]) { return false }
                if a == .CP && [.AL, .HL, .NU].contains(b) && !isWide(scalars[base(i - 1)]) { return false }
                // LB30a: regional indicators pair up.
                if a == .RI && b == .RI && indicators[i] % 2 == 1 { return false }
                // LB30b.
                if b == .EM && (a == .EB || isUnassignedPictograph(scalars[base(i - 1)]) && original[base(i - 1)] == .ID) { return false }
                // LB31.
                return true
            }()
        }
        return result
    }
}
