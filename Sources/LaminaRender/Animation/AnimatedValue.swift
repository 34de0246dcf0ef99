import CoreGraphics
import Foundation

/// What kind of value an animation interpolates, from the animated property's declared type.
package enum AnimatedKind: Equatable, Sendable {
    case number, point, size, rect, color, transform, path, image, numbers, colors, discrete

    /// The kind for a property type.
    package static func of(_ type: Any.Type) -> AnimatedKind {
        switch type {
        case is CGFloat.Type, is Float.Type, is Double.Type, is Int.Type: .number
        case is CGPoint.Type: .point
        case is CGSize.Type: .size
        case is CGRect.Type: .rect
        case is CGColor.Type, is CGColor?.Type: .color
        case is CATransform3D.Type: .transform
        case is CGPath.Type, is CGPath?.Type: .path
        case is [NSNumber].Type, is [NSNumber]?.Type: .numbers
        default: .discrete
        }
    }
}

/// An animated value in a form that can be interpolated and added (spec §6, "How types
/// interpolate"): numbers linearly, geometry component-wise, colours component-wise in sRGB,
/// transforms by decomposition, paths point by point, images by cross-fade, arrays element by
/// element, anything else discretely.
package enum AnimatedValue: @unchecked Sendable {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case color(r: Double, g: Double, b: Double, a: Double)
    case transform(CATransform3D)
    case path(CGPath)
    case image(CrossfadeContents)
    case numbers([Double])
    case colors([AnimatedValue])
    case discrete(Any?)

    // MARK: Conversion

    package static func color(_ c: CGColor) -> AnimatedValue {
        let v = c.rgba   // sRGB components
        return .color(r: Double(v.red), g: Double(v.green), b: Double(v.blue), a: Double(v.alpha))
    }

    /// The value as the property would store it (numbers as Double, colours as sRGB CGColors).
    package var anyValue: Any? {
        switch self {
        case .number(let v): return v
        case .point(let p): return p
        case .size(let s): return s
        case .rect(let r): return r
        case let .color(r, g, b, a): return Self.makeColor(r, g, b, a)
        case .transform(let t): return t
        case .path(let p): return p
        case .image(let x): return x.fraction <= 0 ? x.from : x.fraction >= 1 ? x.to : x
        case .numbers(let n): return n.map { NSNumber(value: $0) }
        case .colors(let c): return c.map { $0.anyValue as Any }
        case .discrete(let v): return v
        }
    }

    /// The value as `V` without going through `Any`, for the common property types; nil when
    /// the kinds differ or `V` is another type.
    @inline(__always)
    package static func typed<V>(_ v: AnimatedValue, as type: V.Type) -> V? {
        switch v {
        case .number(let d):
            if V.self == CGFloat.self { return unsafeBitCast(CGFloat(d), to: V.self) }
            if V.self == Float.self { return unsafeBitCast(Float(d), to: V.self) }
            if V.self == Double.self { return unsafeBitCast(d, to: V.self) }
        case .point(let p): if V.self == CGPoint.self { return unsafeBitCast(p, to: V.self) }
        case .size(let s): if V.self == CGSize.self { return unsafeBitCast(s, to: V.self) }
        case .rect(let r): if V.self == CGRect.self { return unsafeBitCast(r, to: V.self) }
        case .transform(let t): if V.self == CATransform3D.self { return unsafeBitCast(t, to: V.self) }
        case let .color(r, g, b, a):
            if V.self == CGColor?.self { return Optional(makeColor(r, g, b, a)) as? V }
        default: break
        }
        return nil
    }

    package static func makeColor(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> CGColor {
        func c(_ v: Double) -> CGFloat { CGFloat(max(0, min(1, v))) }
        return CGColor(red: c(r), green: c(g), blue: c(b), alpha: c(a))
    }

    // MARK: Arithmetic

    /// The value a fraction `t` of the way from `a` to `b` (t may leave [0, 1] for springs and
    /// splines). Mismatched kinds switch at the midpoint.
    package static func lerp(_ a: AnimatedValue, _ b: AnimatedValue, _ t: Double) -> AnimatedValue {
        func m(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        func mc(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * CGFloat(t) }
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(m(x, y))
        case let (.point(p), .point(q)): return .point(CGPoint(x: mc(p.x, q.x), y: mc(p.y, q.y)))
        case let (.size(p), .size(q)): return .size(CGSize(width: mc(p.width, q.width), height: mc(p.height, q.height)))
        case let (.rect(p), .rect(q)):
            return .rect(CGRect(x: mc(p.origin.x, q.origin.x), y: mc(p.origin.y, q.origin.y),
                                width: mc(p.size.width, q.size.width), height: mc(p.size.height, q.size.height)))
        case let (.color(r0, g0, b0, a0), .color(r1, g1, b1, a1)):
            return .color(r: m(r0, r1), g: m(g0, g1), b: m(b0, b1), a: m(a0, a1))
        case let (.transform(x), .transform(y)): return .transform(x.interpolated(to: y, fraction: CGFloat(t)))
        case let (.path(p), .path(q)): return .path(PathInterpolation.lerp(p, q, t))
        case let (.image(x), .image(y)):
            return .image(CrossfadeContents(from: x.shown, to: y.shown, fraction: max(0, min(1, t))))
        case let (.numbers(x), .numbers(y)) where x.count == y.count:
            return .numbers(zip(x, y).map { m($0, $1) })
        case let (.colors(x), .colors(y)) where x.count == y.count:
            return .colors(zip(x, y).map { lerp($0, $1, t) })
        default:
            return t < 0.5 ? a : b
        }
    }

    /// `a + b` (transforms: `b` then `a`, i.e. `a` concatenated after `b`), or nil when the kinds
    /// cannot be added.
    package static func add(_ a: AnimatedValue, _ b: AnimatedValue) -> AnimatedValue? {
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(x + y)
        case let (.point(p), .point(q)): return .point(CGPoint(x: p.x + q.x, y: p.y + q.y))
        case let (.size(p), .size(q)): return .size(CGSize(width: p.width + q.width, height: p.height + q.height))
        case let (.rect(p), .rect(q)):
            return .rect(CGRect(x: p.origin.x + q.origin.x, y: p.origin.y + q.origin.y,
                                width: p.size.width + q.size.width, height: p.size.height + q.size.height))
        case let (.color(r0, g0, b0, a0), .color(r1, g1, b1, a1)): return .color(r: r0 + r1, g: g0 + g1, b: b0 + b1, a: a0 + a1)
        case let (.transform(x), .transform(y)): return .transform(CATransform3DConcat(x, y))
        case let (.numbers(x), .numbers(y)) where x.count == y.count: return .numbers(zip(x, y).map(+))
        case let (.colors(x), .colors(y)) where x.count == y.count:
            let s = zip(x, y).compactMap { add($0, $1) }
            return s.count == x.count ? .colors(s) : nil
        default: return nil
        }
    }

    /// `a − b` (transforms: `a` after undoing `b`), or nil when the kinds cannot be subtracted.
    package static func subtract(_ a: AnimatedValue, _ b: AnimatedValue) -> AnimatedValue? {
        switch (a, b) {
        case let (.transform(x), .transform(y)):
            return .transform(CATransform3DConcat(x, CATransform3DInvert(y)))
        default:
            guard let nb = b.scaled(-1) else { return nil }
            return add(a, nb)
        }
    }

    /// `k · a`, or nil for kinds that cannot be scaled.
    package func scaled(_ k: Double) -> AnimatedValue? {
        let c = CGFloat(k)
        switch self {
        case .number(let x): return .number(x * k)
        case .point(let p): return .point(CGPoint(x: p.x * c, y: p.y * c))
        case .size(let s): return .size(CGSize(width: s.width * c, height: s.height * c))
        case .rect(let r): return .rect(CGRect(x: r.origin.x * c, y: r.origin.y * c, width: r.size.width * c, height: r.size.height * c))
        case let .color(r, g, b, a): return .color(r: r * k, g: g * k, b: b * k, a: a * k)
        case .numbers(let n): return .numbers(n.map { $0 * k })
        case .transform(let t):
            // k whole repetitions of the transform (cumulative animations of transforms).
            guard k == k.rounded(), abs(k) < 10_000 else { return nil }
            var out = CATransform3DIdentity
            let step = k >= 0 ? t : CATransform3DInvert(t)
            for _ in 0..<Int(abs(k)) { out = CATransform3DConcat(out, step) }
            return .transform(out)
        case .colors(let x):
            let s = x.compactMap { $0.scaled(k) }
            return s.count == x.count ? .colors(s) : nil
        default: return nil
        }
    }

    /// The distance between two values (for paced keyframes): Euclidean over the components.
    package static func distance(_ a: AnimatedValue, _ b: AnimatedValue) -> Double {
        switch (a, b) {
        case let (.number(x), .number(y)): return abs(y - x)
        case let (.point(p), .point(q)): return Double(hypot(q.x - p.x, q.y - p.y))
        case let (.size(p), .size(q)): return Double(hypot(q.width - p.width, q.height - p.height))
        case let (.rect(p), .rect(q)):
            let d = [q.origin.x - p.origin.x, q.origin.y - p.origin.y, q.size.width - p.size.width, q.size.height - p.size.height]
            return Double(d.reduce(0) { $0 + $1 * $1 }.squareRoot())
        case let (.color(r0, g0, b0, a0), .color(r1, g1, b1, a1)):
            return ((r1 - r0) * (r1 - r0) + (g1 - g0) * (g1 - g0) + (b1 - b0) * (b1 - b0) + (a1 - a0) * (a1 - a0)).squareRoot()
        case let (.numbers(x), .numbers(y)) where x.count == y.count:
            return zip(x, y).reduce(0) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }.squareRoot()
        default: return 1
        }
    }

    /// Components for splines, and the inverse.
    package var components: [Double]? {
        switch self {
        case .number(let x): return [x]
        case .point(let p): return [Double(p.x), Double(p.y)]
        case .size(let s): return [Double(s.width), Double(s.height)]
        case .rect(let r): return [r.origin.x, r.origin.y, r.size.width, r.size.height].map(Double.init)
        case let .color(r, g, b, a): return [r, g, b, a]
        case .numbers(let n): return n
        default: return nil
        }
    }

    package func withComponents(_ c: [Double]) -> AnimatedValue {
        switch self {
        case .number: return .number(c[0])
        case .point: return .point(CGPoint(x: c[0], y: c[1]))
        case .size: return .size(CGSize(width: c[0], height: c[1]))
        case .rect: return .rect(CGRect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .color: return .color(r: c[0], g: c[1], b: c[2], a: c[3])
        case .numbers: return .numbers(c)
        default: return self
        }
    }

    /// A 64-bit digest of the value, to tell frames apart (damage tracking, content caches).
    package var fingerprint: UInt64 {
        func mix(_ h: UInt64, _ v: UInt64) -> UInt64 { (h ^ v) &* 0x100_0000_01B3 &+ 0x9E37_79B9 }
        func bits(_ d: [Double]) -> UInt64 { d.reduce(0xCBF2_9CE4_8422_2325) { mix($0, $1.bitPattern) } }
        switch self {
        case .transform(let t):
            return bits([t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34,
                         t.m41, t.m42, t.m43, t.m44].map(Double.init))
        case .path(let p):
            // From the path's points: each frame's interpolated path is a new object, and a
            // new object may reuse a freed one's address.
            var h: UInt64 = 0xCBF2_9CE4_8422_2325
            for e in p.elements {
                e.forEachPoint { q in h = mix(mix(h, Double(q.x).bitPattern), Double(q.y).bitPattern) }
                h = mix(h, UInt64(e.kindCode))
            }
            return h
        case .image(let x):
            // The images shown (held by the model while the animation runs) and the fraction.
            func id(_ v: Any?) -> UInt64 {
                guard let v, let o = (v as AnyObject?) else { return 0 }
                return UInt64(UInt(bitPattern: ObjectIdentifier(o).hashValue))
            }
            // (From a seed: mixing the one image into itself would cancel it out.)
            return mix(mix(mix(0xCBF2_9CE4_8422_2325, id(x.from)), id(x.to)), x.fraction.bitPattern)
        case .colors(let c): return c.reduce(17) { mix($0, $1.fingerprint) }
        case .discrete(let v):
            // Objects (images, layers) by identity: two images of one size describe alike.
            guard let v else { return 0x9E37_79B9_7F4A_7C15 }
            let text = UInt64(bitPattern: Int64(String(describing: v).hashValue))
            guard type(of: v) is AnyClass else { return text }
            return mix(text, UInt64(UInt(bitPattern: ObjectIdentifier(v as AnyObject).hashValue)))
        case .number(let x): return mix(0xCBF2_9CE4_8422_2325, x.bitPattern)
        case .point(let p): return mix(mix(0xCBF2_9CE4_8422_2325, Double(p.x).bitPattern), Double(p.y).bitPattern)
        case .size(let p): return mix(mix(0xCBF2_9CE4_8422_2325, Double(p.width).bitPattern), Double(p.height).bitPattern)
        case let .color(r, g, b, a):
            return mix(mix(mix(mix(0xCBF2_9CE4_8422_2325, r.bitPattern), g.bitPattern), b.bitPattern), a.bitPattern)
        default: return bits(components ?? [])
        }
    }
}

/// A layer's `contents` part way through a cross-fade between two images.
package final class CrossfadeContents: @unchecked Sendable {
    package let from: Any?, to: Any?
    package let fraction: Double
    package init(from: Any?, to: Any?, fraction: Double) { self.from = from; self.to = to; self.fraction = fraction }
    /// The image mostly shown (for chaining cross-fades).
    package var shown: Any? { fraction < 0.5 ? from : to }
}

/// Paths interpolated point by point: the same structure blends each point; different
/// structures switch at the midpoint.
enum PathInterpolation {
    package static func lerp(_ a: CGPath, _ b: CGPath, _ t: Double) -> CGPath {
        let ea = a.elements, eb = b.elements
        guard ea.count == eb.count else { return t < 0.5 ? a : b }
        let k = CGFloat(t)
        func m(_ p: CGPoint, _ q: CGPoint) -> CGPoint { CGPoint(x: p.x + (q.x - p.x) * k, y: p.y + (q.y - p.y) * k) }
        let out = CGMutablePath()
        for (x, y) in zip(ea, eb) {
            switch (x, y) {
            case let (.move(p), .move(q)): out.move(to: m(p, q))
            case let (.line(p), .line(q)): out.addLine(to: m(p, q))
            case let (.quad(c, p), .quad(d, q)): out.addQuadCurve(to: m(p, q), control: m(c, d))
            case let (.cubic(c1, c2, p), .cubic(d1, d2, q)):
                out.addCurve(to: m(p, q), control1: m(c1, d1), control2: m(c2, d2))
            case (.close, .close): out.closeSubpath()
            default: return t < 0.5 ? a : b
            }
        }
        return out
    }
}

extension PathElement {
    /// A number telling the element's kind apart (for fingerprints).
    var kindCode: Int {
        switch self {
        case .move: 1
        case .line: 2
        case .quad: 3
        case .cubic: 4
        case .close: 5
        }
    }
}
