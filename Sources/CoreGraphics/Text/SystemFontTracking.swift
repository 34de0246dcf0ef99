/// The tracking Lamina adds to the system font's stand-in so that its text is as wide as San
/// Francisco's at every size.
///
/// San Francisco has size-specific tracking built in (Apple's Human Interface Guidelines,
/// Typography, publish it per point size: 0 at 12 pt, +12/1000 em at 10 pt, −6 at 13 pt, −26 at
/// 17 pt, +14 at 28 pt), and its optical sizes change the glyphs' own advances between 17 and
/// 28 pt. Inter Display, which draws the system font here, is tighter than San Francisco at
/// every size. The table below is the extra advance per character, in thousandths of an em,
/// that makes Inter Display's widths San Francisco's, fitted to widths iOS reported:
/// - 16 and 17 pt: the intrinsic widths of "What's" (semibold), "the" and "point" in labels of
///   Point-Free's iOS snapshot references (`testTraits`, iPhone and iPad: Dynamic Type's body
///   and headline at the medium and large content sizes); the 14 and 15 pt "?" of the same
///   references fall within the table's values;
/// - 25 to 58 pt: the width of "What's the point?" in `.title1` at all twelve content sizes
///   (`testTraitsWithView`);
/// - below 16 pt: the 16 pt value moved by the difference in the Guidelines' tracking (10, 12
///   and 13 pt), as San Francisco's text optical size has the same glyphs there;
/// - between the fitted sizes the value is interpolated linearly; beyond 10 and 58 pt it is held.
/// The widths iOS reported are rounded up to a third of a point, so each fitted value is known
/// to within 0.8/1000 em (25 pt and up) and 3/1000 em (16, 17 pt).
@_spi(Lamina) public enum SystemFontTracking {
    /// (point size, extra advance per character in 1/1000 em).
    static let table: [(size: Double, milliEm: Double)] = [
        (10, 57.3), (12, 46.8), (13, 41.8), (16, 32.8), (17, 29.7),
        (25, 6.0), (26, 5.6), (27, 5.1), (28, 4.7), (30, 4.65), (32, 4.0), (34, 3.4),
        (38, 1.9), (43, 0.9), (48, -0.6), (53, -1.9), (58, -3.3),
    ]

    /// The family the table was fitted for.
    static let fittedFamily = "Inter Display"

    /// Points added after each character of text set in `font` at `size` points: for Apple's
    /// own San Francisco (SF Pro and SF Compact, from a folder `AppleFonts` uses) the tracking
    /// Apple publishes (``publishedPoints(atSize:)``); for the system font's stand-in the fitted
    /// table; 0 for every other font (and for odd sizes).
    public static func points(for font: CGFont, size: CGFloat) -> CGFloat {
        if isSanFrancisco(font.familyName) { return publishedPoints(atSize: size) }
        guard font.usesSystemFontMetrics, font.familyName == fittedFamily else { return 0 }
        return points(atSize: size)
    }

    /// Whether `family` is one of San Francisco's proportional families (SF Mono has no tracking).
    static func isSanFrancisco(_ family: String) -> Bool {
        family.hasPrefix("SF Pro") || family.hasPrefix("SF Compact")
    }

    /// The tracking Apple publishes for SF Pro (Human Interface Guidelines, Typography: tracking
    /// values for iOS, iPadOS and visionOS), in thousandths of an em by point size: SF Pro Text to
    /// 19 pt, SF Pro Display from 20 pt. Between listed sizes the value is interpolated; below 6
    /// and above 96 pt it is held.
    static let published: [(size: Double, milliEm: Double)] = [
        (6, 41), (7, 34), (8, 26), (9, 19), (10, 12), (11, 6), (12, 0), (13, -6), (14, -11), (15, -16), (16, -20),
        (17, -26), (18, -25), (19, -24), (20, -23), (21, -18), (22, -12), (23, -4), (24, 3), (25, 6), (26, 8), (27, 11),
        (28, 14), (29, 14), (30, 14), (31, 13), (32, 13), (33, 12), (34, 12), (35, 11), (36, 10), (37, 10), (38, 10),
        (39, 10), (40, 10), (41, 9), (42, 9), (43, 9), (44, 8), (45, 8), (46, 8), (47, 8), (48, 8), (49, 7), (50, 7),
        (51, 7), (52, 6), (53, 6), (54, 6), (56, 6), (58, 5), (60, 4), (62, 4), (64, 4), (66, 3), (68, 2), (70, 2),
        (72, 2), (76, 1), (80, 0), (88, 0), (96, 0),
    ]

    /// Points added after each character of San Francisco at `size` points (Apple's table).
    public static func publishedPoints(atSize size: CGFloat) -> CGFloat {
        CGFloat(interpolate(published, Double(size)) / 1000 * Double(size))
    }

    private static func interpolate(_ t: [(size: Double, milliEm: Double)], _ s: Double) -> Double {
        guard s.isFinite, s > 0 else { return 0 }
        if s <= t[0].size { return t[0].milliEm }
        guard let k = t.firstIndex(where: { $0.size >= s }) else { return t[t.count - 1].milliEm }
        let (a, b) = (t[k - 1], t[k])
        return a.milliEm + (b.milliEm - a.milliEm) * (s - a.size) / (b.size - a.size)
    }

    /// Points added after each character at `size` points (the table, interpolated).
    public static func points(atSize size: CGFloat) -> CGFloat {
        let s = Double(size)
        guard s.isFinite, s > 0 else { return 0 }
        return CGFloat(interpolate(table, s) / 1000 * s)
    }
}
