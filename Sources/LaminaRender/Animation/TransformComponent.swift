import Foundation

/// A part of a transform that key paths name (spec §7): `transform.rotation.z`,
/// `transform.scale.x`, `transform.translation`… Read through the transform's decomposition;
/// written by changing that part of the decomposition and recomposing.
package enum TransformComponent: Equatable, Sendable {
    case rotationX, rotationY, rotationZ
    case scale, scaleX, scaleY, scaleZ, scaleXY
    case translation, translationX, translationY, translationZ

    /// The component a key path suffix names (`"rotation"`, `"rotation.z"`, `"scale.xy"`…).
    package init?(name: String) {
        switch name {
        case "rotation", "rotation.z": self = .rotationZ
        case "rotation.x": self = .rotationX
        case "rotation.y": self = .rotationY
        case "scale": self = .scale
        case "scale.x": self = .scaleX
        case "scale.y": self = .scaleY
        case "scale.z": self = .scaleZ
        case "scale.xy": self = .scaleXY
        case "translation": self = .translation
        case "translation.x": self = .translationX
        case "translation.y": self = .translationY
        case "translation.z": self = .translationZ
        default: return nil
        }
    }

    /// Whether the component is a size (`translation`) rather than a number.
    package var isSize: Bool { self == .translation }

    /// The component's value in `t`: a number, or a size for `translation`.
    package func read(_ t: CATransform3D) -> AnimatedValue {
        let d = t.decomposed ?? .identity
        switch self {
        case .rotationZ: return .number(Double(TransformComponent.preferredEuler(d).z))
        case .rotationX: return .number(Double(TransformComponent.preferredEuler(d).x))
        case .rotationY: return .number(Double(TransformComponent.preferredEuler(d).y))
        case .scale: return .number(Double((d.scale.x + d.scale.y + d.scale.z) / 3))
        case .scaleX: return .number(Double(d.scale.x))
        case .scaleY: return .number(Double(d.scale.y))
        case .scaleZ: return .number(Double(d.scale.z))
        case .scaleXY: return .number(Double((d.scale.x + d.scale.y) / 2))
        case .translation: return .size(CGSize(width: d.translation.x, height: d.translation.y))
        case .translationX: return .number(Double(d.translation.x))
        case .translationY: return .number(Double(d.translation.y))
        case .translationZ: return .number(Double(d.translation.z))
        }
    }

    /// `t` with the component set to `value` (a number, or a size for `translation`); nil when
    /// the value does not fit or is not finite.
    package func write(_ value: AnimatedValue, into t: CATransform3D) -> CATransform3D? {
        var d = t.decomposed ?? .identity
        if self == .translation {
            guard case .size(let s) = value, s.width.isFinite, s.height.isFinite else { return nil }
            d.translation.x = s.width; d.translation.y = s.height
            return d.transform
        }
        guard case .number(let v) = value, v.isFinite else { return nil }
        let n = CGFloat(v)
        switch self {
        case .rotationX, .rotationY, .rotationZ:
            var e = TransformComponent.preferredEuler(d)
            switch self { case .rotationX: e.x = n; case .rotationY: e.y = n; default: e.z = n }
            d.setEulerAngles(x: e.x, y: e.y, z: e.z)
        case .scale: d.scale = (n, n, n)
        case .scaleX: d.scale.x = n
        case .scaleY: d.scale.y = n
        case .scaleZ: d.scale.z = n
        case .scaleXY: d.scale.x = n; d.scale.y = n
        case .translationX: d.translation.x = n
        case .translationY: d.translation.y = n
        case .translationZ: d.translation.z = n
        case .translation: return nil
        }
        return d.transform
    }

    /// Euler angles, choosing between the two equivalent solutions the one with the smaller
    /// total turn, so a rotation set about one axis reads back about that axis
    /// (rotation.y = π reads (0, π, 0), not (π, 0, π)).
    package static func preferredEuler(_ d: CATransform3DDecomposition) -> (x: CGFloat, y: CGFloat, z: CGFloat) {
        let e = d.eulerAngles
        func wrap(_ a: CGFloat) -> CGFloat {
            var r = a.truncatingRemainder(dividingBy: 2 * .pi)
            if r > .pi { r -= 2 * .pi } else if r <= -.pi { r += 2 * .pi }
            return r
        }
        let alt = (x: wrap(e.x + .pi), y: wrap(.pi - e.y), z: wrap(e.z + .pi))
        let cost = { (a: (x: CGFloat, y: CGFloat, z: CGFloat)) in abs(a.x) + abs(a.y) + abs(a.z) }
        return cost(alt) + 1e-9 < cost(e) ? alt : e
    }
}
