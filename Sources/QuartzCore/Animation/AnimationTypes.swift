import Foundation
import LaminaRender

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
    /// What it computes (shared with the renderer).
    let function: ValueFunction

    /// The function named `name`; nil for an unknown name (with a diagnostic).
    public init?(name: CAValueFunctionName) {
        guard let f = ValueFunction(rawValue: name.rawValue) else {
            LaminaDiagnostics.report("CAValueFunction(name: \(name.rawValue)): unknown function")
            return nil
        }
        self.name = name
        function = f
        super.init()
    }

    /// How many numbers the function takes.
    var arity: Int { function.arity }

    /// The transform for `v`.
    func transform(_ v: [Double]) -> CATransform3D { function.transform(v) }
}
