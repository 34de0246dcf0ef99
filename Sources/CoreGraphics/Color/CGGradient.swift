import Synchronization

/// Whether a gradient extends beyond its start and end.
public struct CGGradientDrawingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Extend the start colour before the start location.
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    /// Extend the end colour after the end location.
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}

/// A colour ramp: colours at locations in [0, 1], interpolated component by component
/// (unpremultiplied) in the gradient's colour space: colours are converted into it (clipped to
/// its gamut unless it is an extended space), interpolated there, and converted back to sRGB
/// to be drawn. sRGB, extended sRGB, device RGB and nil interpolate sRGB components as given.
public final class CGGradient: @unchecked Sendable {
    /// The stops as (location, r, g, b, a) in the interpolation space, sorted by location
    /// (gray spaces keep the gray value in r, g and b).
    let stops: [(location: CGFloat, r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat)]
    /// The gradient's colour space.
    public let colorSpace: CGColorSpace?
    /// The space interpolated in when it is not sRGB-like (nil: sRGB components as they are).
    private let interpolationSpace: CGColorSpace?

    /// Whether `space` interpolates differently from sRGB components.
    private static func distinctSpace(_ space: CGColorSpace?) -> CGColorSpace? {
        guard let space, ColorConversion.describe(space) != nil else { return nil }
        switch space.name {
        case CGColorSpace.sRGB, CGColorSpace.extendedSRGB, CGColorSpace.deviceRGBName: return nil
        default: return space
        }
    }
    /// The last lookup table built, by pixel layout and global alpha: drawing the same gradient
    /// again (the common case) reuses it.
    private let lutCache = Mutex<(key: LookupKey, lut: [UInt32])?>(nil)

    /// What a lookup table depends on besides the gradient: the channel order and the alpha.
    struct LookupKey: Equatable {
        var r: Int, g: Int, b: Int, a: Int, alpha: Int
    }

    /// A lookup table of premultiplied pixel words, made by `make` for `key` or reused. (A
    /// `Mutex`, not an `NSLock`: drawing a gradient takes it once, and the lock's calls into
    /// Foundation were a noticeable part of a small gradient-filled shape.)
    func lookupTable(key: LookupKey, make: () -> [UInt32]) -> [UInt32] {
        if let lut = lutCache.withLock({ c -> [UInt32]? in c.flatMap { $0.key == key ? $0.lut : nil } }) { return lut }
        let lut = make()
        lutCache.withLock { $0 = (key, lut) }
        return lut
    }

    /// Creates a gradient from `CGColor`s and optional locations (nil spreads them evenly).
    /// Returns nil when there are no colours or the location count does not match.
    public init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        let cgColors = colors.compactMap { $0 as? CGColor }
        guard !cgColors.isEmpty, cgColors.count == colors.count else { return nil }
        let n = cgColors.count
        let locs: [CGFloat] = locations.map { Array(UnsafeBufferPointer(start: $0, count: n)) }
            ?? (0..<n).map { n == 1 ? 0 : CGFloat($0) / CGFloat(n - 1) }
        self.colorSpace = space
        let target = CGGradient.distinctSpace(space)
        self.interpolationSpace = target
        self.stops = CGGradient.sorted(zip(locs, cgColors).map { loc, c in
            if let target, let from = c.colorSpace, let comps = c.components,
               let v = ColorConversion.convert(comps, from: from, to: target) {
                return v.count == 2 ? (loc, v[0], v[0], v[0], v[1]) : (loc, v[0], v[1], v[2], v[3])
            }
            let v = c.rgba
            return (loc, v.red, v.green, v.blue, v.alpha)
        })
    }

    /// Creates a gradient from packed components (four per stop for RGB spaces, two for gray).
    public init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
                 locations: UnsafePointer<CGFloat>?, count: Int) {
        let k = space.numberOfComponents + 1
        guard count > 0, k == 2 || k == 4 else { return nil }
        var list: [(CGFloat, CGFloat, CGFloat, CGFloat, CGFloat)] = []
        for i in 0..<count {
            let c = components + i * k
            let loc = locations?[i] ?? (count == 1 ? 0 : CGFloat(i) / CGFloat(count - 1))
            list.append(k == 2 ? (loc, c[0], c[0], c[0], c[1]) : (loc, c[0], c[1], c[2], c[3]))
        }
        self.colorSpace = space
        self.interpolationSpace = CGGradient.distinctSpace(space)
        self.stops = CGGradient.sorted(list)
    }

    private static func sorted(_ s: [(CGFloat, CGFloat, CGFloat, CGFloat, CGFloat)])
        -> [(location: CGFloat, r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat)] {
        s.map { (location: max(0, min(1, $0.0.isFinite ? $0.0 : 0)), r: $0.1, g: $0.2, b: $0.3, a: $0.4) }
            .enumerated().sorted { $0.element.location != $1.element.location ? $0.element.location < $1.element.location : $0.offset < $1.offset }
            .map(\.element)
    }

    /// The unpremultiplied sRGB colour at `t` in [0, 1].
    func color(at t: CGFloat) -> (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat) {
        let c = interpolated(at: t)
        guard let space = interpolationSpace else { return c }
        let comps = space.model == .monochrome ? [c.r, c.a] : [c.r, c.g, c.b, c.a]
        guard let v = ColorConversion.convert(comps, from: space, to: CGColorSpace.extendedSRGBSpace) else { return c }
        return (v[0], v[1], v[2], v[3])
    }

    /// `color(at: i / (count − 1))` for i in 0..<count, the same values, walking the stops once
    /// instead of searching them per entry.
    func colors(count: Int, _ body: (Int, (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat)) -> Void) {
        guard interpolationSpace == nil, let first = stops.first, let last = stops.last, count > 1 else {
            for i in 0..<count { body(i, color(at: count > 1 ? CGFloat(i) / CGFloat(count - 1) : 0)) }
            return
        }
        var k = 1
        for i in 0..<count {
            let t = CGFloat(i) / CGFloat(count - 1)
            if t <= first.location { body(i, (first.r, first.g, first.b, first.a)); continue }
            if t >= last.location { body(i, (last.r, last.g, last.b, last.a)); continue }
            // `interpolated(at:)`'s stop: the first whose location is not below t (t grows).
            while stops[k].location < t { k += 1 }
            let a = stops[k - 1], b = stops[k]
            let span = b.location - a.location
            let u = span > 0 ? (t - a.location) / span : 1
            body(i, (a.r + (b.r - a.r) * u, a.g + (b.g - a.g) * u, a.b + (b.b - a.b) * u, a.a + (b.a - a.a) * u))
        }
    }

    /// The interpolated components at `t`, in the interpolation space.
    private func interpolated(at t: CGFloat) -> (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat) {
        guard let first = stops.first, let last = stops.last else { return (0, 0, 0, 0) }
        if t <= first.location { return (first.r, first.g, first.b, first.a) }
        if t >= last.location { return (last.r, last.g, last.b, last.a) }
        var i = 1
        while stops[i].location < t { i += 1 }
        let a = stops[i - 1], b = stops[i]
        let span = b.location - a.location
        let u = span > 0 ? (t - a.location) / span : 1
        return (a.r + (b.r - a.r) * u, a.g + (b.g - a.g) * u, a.b + (b.b - a.b) * u, a.a + (b.a - a.a) * u)
    }
}
