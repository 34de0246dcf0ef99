import Foundation
@_spi(Lamina) import CoreGraphics

/// Converting the loosely typed values KVC receives (Swift numbers, NSNumber, NSValue, strings)
/// into a property's declared Swift type.
///
/// On Linux an `Any` holding a `Double` or an `NSNumber` does not cast to `CGFloat`, so every value
/// crossing KVC goes through ``kvcCoerce(_:to:)`` and is stored in its declared type.

/// A type that can be built from a loosely typed KVC value.
protocol KVCConvertible {
    static func kvcConvert(_ value: Any) -> Self?
}

/// Optional's hooks for KVC: wrapping a converted value, and flattening for `value(forKey:)`.
protocol KVCOptional {
    static func kvcWrap(_ value: Any) -> Any?
    static var kvcNone: Any { get }
    var kvcFlattened: Any? { get }
}

extension Optional: KVCOptional {
    static func kvcWrap(_ value: Any) -> Any? {
        kvcCoerce(value, to: Wrapped.self).map { Optional<Wrapped>.some($0) as Any }
    }
    static var kvcNone: Any { Optional<Wrapped>.none as Any }
    var kvcFlattened: Any? {
        switch self {
        case .none: return nil
        case .some(let w): return (w as? KVCOptional)?.kvcFlattened ?? w
        }
    }
}

/// Converts `value` to `T`, or returns nil when it cannot be represented as a `T`.
/// nil and `NSNull` convert to `T`'s nil when `T` is optional.
func kvcCoerce<T>(_ value: Any?, to type: T.Type) -> T? {
    guard let value = value.flatMap({ ($0 as? KVCOptional).map(\.kvcFlattened) ?? $0 }), !(value is NSNull) else {
        if let o = T.self as? KVCOptional.Type { return o.kvcNone as? T }
        return nil
    }
    if let v = value as? T { return v }
    if let c = T.self as? KVCConvertible.Type, let v = c.kvcConvert(value) { return v as? T }
    if let o = T.self as? KVCOptional.Type, let v = o.kvcWrap(value) { return v as? T }
    return nil
}

/// Flattens nested optionals so `value(forKey:)` returns nil rather than `Optional.none` in an `Any`.
func kvcFlatten(_ value: Any?) -> Any? {
    guard let value else { return nil }
    if let o = value as? KVCOptional { return o.kvcFlattened }
    return value
}

/// A number read from any numeric KVC value.
func kvcDouble(_ value: Any) -> Double? {
    switch value {
    case let v as Double: v
    case let v as CGFloat: Double(v)
    case let v as Float: Double(v)
    case let v as Int: Double(v)
    case let v as Int32: Double(v)
    case let v as Int64: Double(v)
    case let v as UInt: Double(v)
    case let v as UInt32: Double(v)
    case let v as Bool: v ? 1 : 0
    case let v as NSNumber: v.doubleValue
    default: nil
    }
}

extension CGFloat: KVCConvertible { static func kvcConvert(_ v: Any) -> CGFloat? { kvcDouble(v).map { CGFloat($0) } } }
extension Double: KVCConvertible { static func kvcConvert(_ v: Any) -> Double? { kvcDouble(v) } }
extension Float: KVCConvertible { static func kvcConvert(_ v: Any) -> Float? { kvcDouble(v).map { Float($0) } } }
extension Int: KVCConvertible {
    static func kvcConvert(_ v: Any) -> Int? {
        guard let d = kvcDouble(v), d.isFinite, abs(d) < 9.0e18 else { return nil }
        return Int(d)
    }
}
extension UInt32: KVCConvertible {
    static func kvcConvert(_ v: Any) -> UInt32? {
        guard let d = kvcDouble(v), d.isFinite, d >= 0, d <= Double(UInt32.max) else { return nil }
        return UInt32(d)
    }
}
extension Bool: KVCConvertible {
    static func kvcConvert(_ v: Any) -> Bool? { kvcDouble(v).map { $0 != 0 } }
}
extension String: KVCConvertible {
    static func kvcConvert(_ v: Any) -> String? { (v as? NSString).map { String(describing: $0) } }
}
// A point and a size are the same two numbers: Apple's key-value coding unboxes an NSValue of
// either into a property of the other (`transform.translation` is a size that code sets with
// points), and so does Lamina. (Foundation's accessors trap when asked for a point of a value
// that holds something else, so what a value holds is read first.)
extension CGPoint: KVCConvertible {
    static func kvcConvert(_ v: Any) -> CGPoint? {
        if let s = v as? CGSize { return CGPoint(x: s.width, y: s.height) }
        guard let value = v as? NSValue else { return nil }
        switch value.laminaContents {
        case .point(let p): return p
        case .size(let s): return CGPoint(x: s.width, y: s.height)
        default: return nil
        }
    }
}
extension CGSize: KVCConvertible {
    static func kvcConvert(_ v: Any) -> CGSize? {
        if let p = v as? CGPoint { return CGSize(width: p.x, height: p.y) }
        guard let value = v as? NSValue else { return nil }
        switch value.laminaContents {
        case .size(let s): return s
        case .point(let p): return CGSize(width: p.x, height: p.y)
        default: return nil
        }
    }
}
extension CGRect: KVCConvertible {
    static func kvcConvert(_ v: Any) -> CGRect? {
        if case .rect(let r)? = (v as? NSValue)?.laminaContents { return r }
        return nil
    }
}
extension CATransform3D: KVCConvertible {
    static func kvcConvert(_ v: Any) -> CATransform3D? {
        if let value = v as? NSValue {
            switch value.laminaContents {
            case .encoded(NSValue.transform3DObjCType): return value.storedTransform3D()
            case .affineTransform(let t): return CATransform3DMakeAffineTransform(t)
            default: break
            }
        }
        if let t = v as? CGAffineTransform { return CATransform3DMakeAffineTransform(t) }
        return nil
    }
}
extension CGAffineTransform: KVCConvertible {
    static func kvcConvert(_ v: Any) -> CGAffineTransform? {
        if case .affineTransform(let t)? = (v as? NSValue)?.laminaContents { return t }
        return nil
    }
}
extension Array: KVCConvertible {
    /// Arrays convert element by element (e.g. `[Double]` to `[NSNumber]`, `NSArray` to `[CGColor]`).
    static func kvcConvert(_ v: Any) -> Array? {
        let items: [Any]
        if let a = v as? [Any] { items = a } else if let a = v as? NSArray { items = a.map { $0 } } else { return nil }
        var out: [Element] = []
        out.reserveCapacity(items.count)
        for item in items {
            if Element.self == NSNumber.self, let d = kvcDouble(item) {
                out.append(NSNumber(value: d) as! Element)
            } else if let e = kvcCoerce(item, to: Element.self) {
                out.append(e)
            } else {
                return nil
            }
        }
        return out
    }
}

/// String-valued option types (`CALayerContentsGravity` and the like) convert from strings.
protocol KVCStringEnum: RawRepresentable, KVCConvertible where RawValue == String {}
extension KVCStringEnum {
    static func kvcConvert(_ v: Any) -> Self? {
        guard let s = kvcCoerce(v, to: String.self) else { return nil }
        return Self(rawValue: s)
    }
}

/// Bit-mask option types convert from numbers.
protocol KVCBitMask: OptionSet, KVCConvertible where RawValue: FixedWidthInteger {}
extension KVCBitMask {
    static func kvcConvert(_ v: Any) -> Self? {
        guard let d = kvcDouble(v), d >= 0, d < 1e18 else { return nil }
        return Self(rawValue: RawValue(truncatingIfNeeded: Int(d)))
    }
}

/// The value a property takes when a class's `defaultValue(forKey:)` returns nil: zero, false,
/// nil, an empty rectangle, or the identity transform (Apple's documented convention).
protocol KVCZero { static var kvcZero: Self { get } }
extension CGFloat: KVCZero { static var kvcZero: CGFloat { 0 } }
extension Double: KVCZero { static var kvcZero: Double { 0 } }
extension Float: KVCZero { static var kvcZero: Float { 0 } }
extension Int: KVCZero { static var kvcZero: Int { 0 } }
extension UInt32: KVCZero { static var kvcZero: UInt32 { 0 } }
extension Bool: KVCZero { static var kvcZero: Bool { false } }
extension CGPoint: KVCZero { static var kvcZero: CGPoint { .zero } }
extension CGSize: KVCZero { static var kvcZero: CGSize { .zero } }
extension CGRect: KVCZero { static var kvcZero: CGRect { .zero } }
extension CATransform3D: KVCZero { static var kvcZero: CATransform3D { CATransform3DIdentity } }
extension CGAffineTransform: KVCZero { static var kvcZero: CGAffineTransform { .identity } }
extension KVCBitMask { static var kvcZero: Self { Self(rawValue: 0) } }

func kvcZeroValue<T>(_ type: T.Type) -> T? {
    if let o = T.self as? KVCOptional.Type { return o.kvcNone as? T }
    if let z = T.self as? KVCZero.Type { return z.kvcZero as? T }
    return nil
}

/// Whether a value is finite, for the types that can hold NaN or infinity.
protocol FiniteCheckable { var isFinite: Bool { get } }
extension CGFloat: FiniteCheckable {}
extension Double: FiniteCheckable {}
extension Float: FiniteCheckable {}
extension CGPoint: FiniteCheckable {}
extension CGSize: FiniteCheckable {}
extension CGRect: FiniteCheckable {}
extension CATransform3D: FiniteCheckable {}
extension CGAffineTransform: FiniteCheckable {}

/// Whether two values of a property are equal, when their type is Equatable; false otherwise.
func kvcEqual(_ a: Any, _ b: Any) -> Bool {
    func open<E: Equatable>(_ a: E) -> Bool { (b as? E) == a }
    guard let e = a as? any Equatable else { return false }
    return open(e)
}
