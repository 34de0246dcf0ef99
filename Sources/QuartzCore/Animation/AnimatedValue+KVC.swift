import Foundation
import LaminaRender

extension AnimatedValue {
    /// `value` as a value of `kind`, or nil when it cannot be one.
    static func from(_ value: Any?, kind: AnimatedKind) -> AnimatedValue? {
        switch kind {
        case .number: return kvcCoerce(value, to: Double.self).map { .number($0) }
        case .point: return kvcCoerce(value, to: CGPoint.self).map { .point($0) }
        case .size: return kvcCoerce(value, to: CGSize.self).map { .size($0) }
        case .rect: return kvcCoerce(value, to: CGRect.self).map { .rect($0) }
        case .color:
            guard let c = kvcCoerce(value, to: CGColor.self) else { return value == nil ? .discrete(nil) : nil }
            return color(c)
        case .transform: return kvcCoerce(value, to: CATransform3D.self).map { .transform($0) }
        case .path:
            guard let p = kvcCoerce(value, to: CGPath.self) else { return value == nil ? .discrete(nil) : nil }
            return .path(p)
        case .image:
            let flat = (value as? KVCOptional)?.kvcFlattened ?? value
            if let x = flat as? CrossfadeContents { return .image(x) }
            return .image(CrossfadeContents(from: flat, to: flat, fraction: 0))
        case .numbers:
            guard let flat = (value as? KVCOptional)?.kvcFlattened ?? value else { return .discrete(nil) }
            guard let a = flat as? [Any] else { return nil }
            let n = a.compactMap { kvcCoerce($0, to: Double.self) }
            return n.count == a.count ? .numbers(n) : .discrete(flat)
        case .colors:
            guard let flat = (value as? KVCOptional)?.kvcFlattened ?? value else { return .discrete(nil) }
            guard let a = flat as? [Any] else { return .discrete(flat) }
            let c = a.compactMap { kvcCoerce($0, to: CGColor.self) }
            return c.count == a.count ? .colors(c.map(color)) : .discrete(flat)
        case .discrete: return .discrete((value as? KVCOptional)?.kvcFlattened ?? value)
        }
    }
}
