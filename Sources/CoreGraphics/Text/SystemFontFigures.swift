/// San Francisco's figures at its text optical size, for the system font's stand-in.
///
/// San Francisco's digits are proportional and wider than Inter Display's (the advance of "10"
/// at 10 pt is 11.21 pt on iOS; Inter Display with the stand-in's tracking gave 10.37), and
/// their ink sits further right in the advance. Below 20 points (SF Pro Text's range) the
/// stand-in's digits and hyphen-minus therefore take San Francisco's advances and are placed so
/// their ink is centred where San Francisco's is; Apple's published tracking (not the stand-in's
/// fitted one) follows each. The values are San Francisco's, fitted by least squares to the 609
/// ink boxes, layout anchors and 5 implied advances of `sf-small-text.tsv` (iOS renderings at
/// 7, 10, 12 and 13 pt, 3x; rms residual 0.35 px), in ems: the advance, and the ink's left and
/// right edges from the pen (the hyphen's right edge is not determined by the data: its left
/// edge is matched instead). San Francisco's figures also sit lower on the line than the
/// stand-in's in those renderings (ink tops and bottoms alike, 188 rows with their layout box's
/// top known): they are drawn ``drop`` ems lower.
@_spi(Lamina) public enum SystemFontFigures {
    /// (advance, ink left, ink right) in ems of the digits 0 to 9.
    static let digits: [(advance: Double, left: Double, right: Double?)] = [
        (0.6267, 0.0688, 0.5576), (0.4694, 0.0735, 0.3200), (0.6042, 0.0792, 0.5128),
        (0.6205, 0.0677, 0.5219), (0.6471, 0.0527, 0.5823), (0.6151, 0.0791, 0.5367),
        (0.6405, 0.0788, 0.5639), (0.5489, 0.0485, 0.4898), (0.6410, 0.0705, 0.5579),
        (0.6423, 0.0825, 0.5557),
    ]
    /// The same for the hyphen-minus.
    static let hyphen: (advance: Double, left: Double, right: Double?) = (0.4713, 0.0697, nil)

    /// How much lower the figures are drawn, in ems (fitted as above: 0.7 px at 10 pt, 3x).
    static let drop: Double = 0.023

    /// The size from which San Francisco is its Display optical size (whose figures these are not).
    static let displaySize: CGFloat = 20

    /// For a cluster of the stand-in `font` at `size`: San Francisco's advance (points, without
    /// tracking) and how far to move the glyph right (points) so its ink sits where San
    /// Francisco's does, and how far down (points); nil when the character is not one of the
    /// figures, the font is not the stand-in or the size is a display size.
    static func adjustment(for ascii: UInt8, glyph: CGGlyph, font: CGFont, size: CGFloat)
        -> (advance: CGFloat, shift: CGFloat, drop: CGFloat)? {
        // Only digits and the hyphen-minus have figures: asked first.
        guard size < displaySize, ascii == 0x2D || (0x30...0x39).contains(ascii),
              font.usesSystemFontMetrics, font.familyName == SystemFontTracking.fittedFamily,
              let ink = font.inkBounds(of: glyph, ascii: ascii) else { return nil }
        let sf = ascii == 0x2D ? hyphen : digits[Int(ascii - 0x30)]
        let em = CGFloat(max(1, font.unitsPerEm))
        let left = ink.minX / em, right = ink.maxX / em
        let shift: Double
        if let r = sf.right {
            shift = (sf.left + r) / 2 - Double(left + right) / 2
        } else {
            shift = sf.left - Double(left)
        }
        return (CGFloat(sf.advance) * size, CGFloat(shift) * size, CGFloat(drop) * size)
    }
}
