import Foundation

/// What a `CAValueFunction` does: turns the numbers an animation interpolates into a transform.
/// One number for the rotations (radians) and single-axis functions, three for `scale` and
/// `translate`.
package enum ValueFunction: String, Sendable, CaseIterable {
    case rotateX, rotateY, rotateZ, scale, scaleX, scaleY, scaleZ, translate, translateX, translateY, translateZ

    /// How many numbers the function takes.
    package var arity: Int { self == .scale || self == .translate ? 3 : 1 }

    /// Whether the function scales (its neutral value is 1, not 0).
    package var scales: Bool { rawValue.hasPrefix("scale") }

    /// The transform for `v` (its first one or three numbers; missing ones are 0, or 1 for
    /// scales).
    package func transform(_ v: [Double]) -> CATransform3D {
        func at(_ i: Int, _ fallback: Double) -> CGFloat { CGFloat(i < v.count ? v[i] : fallback) }
        switch self {
        case .rotateX: return CATransform3DMakeRotation(at(0, 0), 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(at(0, 0), 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(at(0, 0), 0, 0, 1)
        case .scale: return CATransform3DMakeScale(at(0, 1), at(1, 1), at(2, 1))
        case .scaleX: return CATransform3DMakeScale(at(0, 1), 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, at(0, 1), 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, at(0, 1))
        case .translate: return CATransform3DMakeTranslation(at(0, 0), at(1, 0), at(2, 0))
        case .translateX: return CATransform3DMakeTranslation(at(0, 0), 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, at(0, 0), 0)
        case .translateZ: return CATransform3DMakeTranslation(0, 0, at(0, 0))
        }
    }
}
