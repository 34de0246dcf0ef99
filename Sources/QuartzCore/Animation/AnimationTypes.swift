import Foundation

/// How a keyframe animation moves between its keyframes.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable, KVCStringEnum {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Straight interpolation between keyframes.
    public static let linear = Self(rawValue: "linear")
    /// Each value held until the next key time.
    public static let discrete = Self(rawValue: "discrete")
    /// Constant velocity; key times and timing functions are ignored.
    public static let paced = Self(rawValue: "paced")
    /// A Kochanek–Bartels (Catmull-Rom by default) spline through the keyframes.
    public static let cubic = Self(rawValue: "cubic")
    /// The cubic spline at constant velocity.
    public static let cubicPaced = Self(rawValue: "cubicPaced")
}

/// Whether a layer animated along a path turns to follow it.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable, KVCStringEnum {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Rotated to the path's tangent.
    public static let rotateAuto = Self(rawValue: "auto")
    /// Rotated to the tangent plus 180°.
    public static let rotateAutoReverse = Self(rawValue: "autoReverse")
}

/// A transition's effect.
public struct CATransitionType: RawRepresentable, Hashable, Sendable, KVCStringEnum {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The new content fades in over the old.
    public static let fade = Self(rawValue: "fade")
    /// The new content slides in over the old.
    public static let moveIn = Self(rawValue: "moveIn")
    /// The new content pushes the old out.
    public static let push = Self(rawValue: "push")
    /// The old content slides away, revealing the new.
    public static let reveal = Self(rawValue: "reveal")
    /// The layer turns over about its centre, the old content on the front and the new on the
    /// back ("oglFlip": the private type UIKit's flip transitions use; Lamina draws it).
    static let flip = Self(rawValue: "oglFlip")
}

/// The direction of a motion transition.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable, KVCStringEnum {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fromRight = Self(rawValue: "fromRight")
    public static let fromLeft = Self(rawValue: "fromLeft")
    public static let fromTop = Self(rawValue: "fromTop")
    public static let fromBottom = Self(rawValue: "fromBottom")
}

/// The names of the predefined value functions.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rotateX = Self(rawValue: "rotateX")
    public static let rotateY = Self(rawValue: "rotateY")
    public static let rotateZ = Self(rawValue: "rotateZ")
    public static let scale = Self(rawValue: "scale")
    public static let scaleX = Self(rawValue: "scaleX")
    public static let scaleY = Self(rawValue: "scaleY")
    public static let scaleZ = Self(rawValue: "scaleZ")
    public static let translate = Self(rawValue: "translate")
    public static let translateX = Self(rawValue: "translateX")
    public static let translateY = Self(rawValue: "translateY")
    public static let translateZ = Self(rawValue: "translateZ")
}

/// Turns the numbers an animation interpolates into a transform: one number for the rotations
/// (radians) and single-axis functions, three for `scale` and `translate`.
public final class CAValueFunction: NSObject, @unchecked Sendable {
    /// The function's name.
    public let name: CAValueFunctionName

    /// The function named `name`; nil for an unknown name (with a diagnostic).
    public init?(name: CAValueFunctionName) {
        let known: [CAValueFunctionName] = [.rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ, .translate,
                                           .translateX, .translateY, .translateZ]
        guard known.contains(name) else {
            LaminaDiagnostics.report("CAValueFunction(name: \(name.rawValue)): unknown function")
            return nil
        }
        self.name = name
        super.init()
    }

    /// How many numbers the function takes.
    var arity: Int { name == .scale || name == .translate ? 3 : 1 }

    /// The transform for `v` (its first one or three numbers; missing ones are 0, or 1 for
    /// scales).
    func transform(_ v: [Double]) -> CATransform3D {
        func at(_ i: Int, _ fallback: Double) -> CGFloat { CGFloat(i < v.count ? v[i] : fallback) }
        switch name {
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
        default: return CATransform3DMakeTranslation(0, 0, at(0, 0))
        }
    }
}
