/// The fonts iOS installs, and the faces Lamina draws them with when Apple's files are absent.
///
/// iOS code asks for its fonts by name (`UIFont(name: "AvenirNext-DemiBold", size: 17)!`) and
/// expects a font back: every family here is on every iPhone (Apple's "Fonts included with
/// iOS"). None of Apple's files may be shipped, so each family is drawn with the closest face
/// Lamina ships: one with the same metrics where such a face exists (Liberation Sans for
/// Helvetica and Arial, Liberation Serif for Times, DejaVu Sans Mono for Menlo, which is drawn
/// from it; the system font's designs have their own stand-ins), else one of the same kind (a
/// sans serif with every weight for Avenir, Futura or Gill Sans, a serif for Baskerville or
/// Didot, a monospaced face for Courier). Stand-ins without the same metrics set text at other
/// widths than iOS: the first time each name is drawn so, one diagnostic names the face used.
enum AppleFontStandIns {
    /// Apple family names (compared without spaces, hyphens or case, and as prefixes of longer
    /// PostScript names: "avenirnext" takes "AvenirNextCondensed-Bold"; see
    /// ``standIn(forKey:)``) and the families that stand in for them, the first one installed
    /// drawing.
    struct StandIn: Sendable {
        let apple: [String]
        let families: [String]
        /// The stand-in has the Apple face's metrics (or is the system font's documented stand-in):
        /// text sets at the same widths, and nothing is reported.
        let sameMetrics: Bool
        /// Drawn in the stand-in's italic (formal scripts have no upright form).
        var italic = false
    }

    static let sans = ["Inter Display", "Liberation Sans", "DejaVu Sans"]
    static let serif = ["Liberation Serif", "DejaVu Serif"]
    static let mono = ["DejaVu Sans Mono", "Liberation Mono"]

    static let all: [StandIn] = [
        // San Francisco: Inter Display (SIL OFL, Debian's fonts-inter) is the closest openly
        // licensed face in width (see `FontLibrary.systemFontNames`).
        StandIn(apple: FontLibrary.systemFontNames, families: sans, sameMetrics: true),
        // Liberation Sans has Arial's metrics, which are Helvetica's.
        StandIn(apple: ["helvetica", "arial"], families: ["Liberation Sans", "DejaVu Sans"], sameMetrics: true),
        // Liberation Serif has Times New Roman's metrics; New York is the system serif design.
        StandIn(apple: ["times", "timesnewroman", "newyork"], families: serif, sameMetrics: true),
        // Menlo is drawn from Bitstream Vera Sans Mono, as DejaVu Sans Mono is; SF Mono is the
        // system monospaced design.
        StandIn(apple: ["menlo", "sfmono", "sfmonoregular"], families: mono, sameMetrics: true),
        // Sans serifs, closest in weight: Inter Display has every weight from thin to black.
        StandIn(apple: ["helveticaneue", "avenir", "futura", "gillsans", "optima", "trebuchet", "verdana", "dinalternate",
                        "dincondensed", "arialrounded", "kailasa", "euphemia", "galvji", "kefa", "seravek", "lucidagrande",
                        "chalkboard", "markerfelt", "noteworthy", "chalkduster", "bradleyhand", "papyrus", "partylet"],
                families: sans, sameMetrics: false),
        StandIn(apple: ["georgia", "baskerville", "bodoni", "charter", "cochin", "didot", "hoefler", "palatino", "iowan",
                        "rockwell", "americantypewriter", "copperplate", "academyengraved", "athelas", "superclarendon"],
                families: serif, sameMetrics: false),
        StandIn(apple: ["snellroundhand", "zapfino", "savoye"], families: serif, sameMetrics: false, italic: true),
        StandIn(apple: ["courier", "couriernew", "monaco"], families: mono, sameMetrics: false),
        StandIn(apple: ["pingfangsc", "pingfangtc", "pingfanghk", "pingfang", "hiragino", "hiramin", "hiramaru", "heitisc",
                        "heititc", "stheiti", "songtisc", "stsong", "kaitisc", "applesdgothicneo"],
                families: ["WenQuanYi Micro Hei", "Noto Sans CJK SC"], sameMetrics: false),
        StandIn(apple: ["geezapro", "alnile", "damascus", "farah", "diwanmishafi", "mishafi", "notonastaliq", "baghdad"],
                families: ["Noto Sans Arabic UI", "Noto Sans Arabic"], sameMetrics: false),
        StandIn(apple: ["arialhebrew"], families: ["Noto Sans Hebrew"], sameMetrics: false),
        StandIn(apple: ["kohinoordevanagari", "devanagarisangam", "devanagarimt"], families: ["Noto Sans Devanagari UI"],
                sameMetrics: false),
        StandIn(apple: ["thonburi", "ayuthaya", "sukhumvit"], families: ["Noto Sans Thai UI"], sameMetrics: false),
        StandIn(apple: ["applecoloremoji"], families: ["Noto Color Emoji"], sameMetrics: false),
    ]

    /// The stand-in for an Apple family or PostScript name's key (its base, without a style
    /// suffix): an exact name first, else the longest Apple name the key begins with (so
    /// "HelveticaNeue" is not taken for Helvetica, nor "ArialRoundedMTBold" for Arial).
    static func standIn(forKey key: String) -> StandIn? {
        if let exact = all.first(where: { $0.apple.contains(key) }) { return exact }
        var best: (StandIn, Int)?
        for s in all {
            for name in s.apple where name.count > 3 && key.hasPrefix(name) && name.count > (best?.1 ?? 0) {
                best = (s, name.count)
            }
        }
        return best?.0
    }

    /// The diagnostic for `name` drawn with `face` (a stand-in without the same metrics).
    static func message(name: String, face: String) -> String {
        "Fonts: \"\(name.prefix(100))\" is an Apple font that is not installed; drawn with \(face), whose glyph widths differ, "
            + "so text sets at other widths than on iOS (AppleFonts.use(folder:) draws with Apple's files when you have them)"
    }

    /// A style suffix of an Apple PostScript name as an OS/2 weight class (nil: regular) and
    /// italic: "BoldItalic", "DemiBold", "CondensedExtraBold", "BoldMT", "Roman", "LightOblique",
    /// "W3". Nil when the suffix is no style word (then it belongs to the family's name).
    static func style(_ suffix: String) -> (weight: Int?, italic: Bool)? {
        var s = FontCatalog.key(suffix)
        if s.hasSuffix("mt") { s.removeLast(2) }
        if s.hasSuffix("ps") { s.removeLast(2) }
        var italic = false
        for word in ["italic", "oblique"] where s.hasSuffix(word) {
            italic = true
            s.removeLast(word.count)
            break
        }
        for width in ["condensed", "compressed", "narrow", "extended", "wide"] where s.hasPrefix(width) {
            s.removeFirst(width.count)
            break
        }
        if s.isEmpty || ["roman", "plain", "normal", "book", "regular"].contains(s) { return (nil, italic) }
        if let w = FontCatalog.weightWords.first(where: { $0.0 == s }) { return (w.1, italic) }
        // Hiragino's W0…W9.
        if s.count == 2, s.first == "w", let n = Int(String(s.last!)), (0...9).contains(n) { return (n == 0 ? 100 : 100 * n, italic) }
        return nil
    }
}
