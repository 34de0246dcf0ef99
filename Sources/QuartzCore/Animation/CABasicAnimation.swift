import Foundation
import LaminaRender

/// An animation between two values of one property. Of `fromValue`, `toValue` and `byValue`
/// set at most two (spec §6):
///
/// | set | from → to |
/// |---|---|
/// | from, to | from → to |
/// | from, by | from → from + by |
/// | by, to | to − by → to |
/// | from | from → the current (model) value |
/// | to | the current value → to |
/// | by | the current value → current + by |
/// | none | the previous presentation value → the current value |
///
/// "Current" is the model layer's value, read afresh at every frame.
open class CABasicAnimation: CAPropertyAnimation {
    enum BSlot: Int { case fromValue = 14, toValue, byValue }
    static let firstBasicSubclassSlot = 17
    enum BP {
        static let fromValue = CAProperty<Any?>(BSlot.fromValue.rawValue, "fromValue", nil, usesStyle: false)
        static let toValue = CAProperty<Any?>(BSlot.toValue.rawValue, "toValue", nil, usesStyle: false)
        static let byValue = CAProperty<Any?>(BSlot.byValue.rawValue, "byValue", nil, usesStyle: false)
    }
    static let basicDescriptors: [CAPropertyDescriptor] = CAPropertyAnimation.propertyDescriptors + [BP.fromValue, BP.toValue,
                                                                                                     BP.byValue]
    override class var animationDescriptors: [CAPropertyDescriptor] { basicDescriptors }

    /// The value to start from.
    public var fromValue: Any? { get { self[BP.fromValue] } set { self[BP.fromValue] = newValue } }
    /// The value to end at.
    public var toValue: Any? { get { self[BP.toValue] } set { self[BP.toValue] = newValue } }
    /// The change to make (added to `fromValue`, or subtracted from `toValue`).
    public var byValue: Any? { get { self[BP.byValue] } set { self[BP.byValue] = newValue } }
}

/// A basic animation driven by a damped spring instead of a timing curve: `m·x'' + c·x' + k·x = 0`
/// on the normalised distance still to go, starting at 1 with velocity `−initialVelocity`
/// (measured in whole from→to distances per second; positive moves towards the target).
///
/// `duration` is not set for you; `settlingDuration` estimates when the spring is at rest.
/// [U] `timingFunction` is ignored.
open class CASpringAnimation: CABasicAnimation {
    enum SSlot: Int { case mass = 17, stiffness, damping, initialVelocity, allowsOverdamping }
    enum SP {
        static let mass = CAProperty<CGFloat>(SSlot.mass.rawValue, "mass", 1, usesStyle: false)
        static let stiffness = CAProperty<CGFloat>(SSlot.stiffness.rawValue, "stiffness", 100, usesStyle: false)
        static let damping = CAProperty<CGFloat>(SSlot.damping.rawValue, "damping", 10, usesStyle: false)
        static let initialVelocity = CAProperty<CGFloat>(SSlot.initialVelocity.rawValue, "initialVelocity", 0, usesStyle: false)
        static let allowsOverdamping = CAProperty<Bool>(SSlot.allowsOverdamping.rawValue, "allowsOverdamping", false,
                                                        usesStyle: false)
    }
    static let springDescriptors: [CAPropertyDescriptor] = CABasicAnimation.basicDescriptors + [SP.mass, SP.stiffness, SP.damping,
                                                                                               SP.initialVelocity,
                                                                                               SP.allowsOverdamping]
    override class var animationDescriptors: [CAPropertyDescriptor] { springDescriptors }

    /// A spring described the way people perceive it (iOS 17): it settles in about `duration`
    /// seconds and overshoots by `bounce` (0 none; up to 1 more; negative is overdamped).
    /// Mass 1, stiffness (2π/duration)², damping ratio 1 − bounce (1/(1 + bounce) when negative).
    public convenience init(perceptualDuration duration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let d = duration.isFinite && duration > 0 ? duration : 0.5
        let b = bounce.isFinite ? max(-1 + 1e-6, min(1 - 1e-6, bounce)) : 0
        mass = 1
        stiffness = CGFloat(pow(2 * Double.pi / d, 2))
        let zeta = b >= 0 ? 1 - b : 1 / (1 + b)
        damping = zeta * 2 * (stiffness * mass).squareRoot()
        allowsOverdamping = b < 0
    }

    /// The mass of the object on the spring (> 0). Default 1.
    public var mass: CGFloat { get { self[SP.mass] } set { self[SP.mass] = newValue } }
    /// The spring's stiffness (> 0). Default 100.
    public var stiffness: CGFloat { get { self[SP.stiffness] } set { self[SP.stiffness] = newValue } }
    /// The friction (≥ 0). Default 10.
    public var damping: CGFloat { get { self[SP.damping] } set { self[SP.damping] = newValue } }
    /// The starting speed, in whole from→to distances per second, towards the target.
    public var initialVelocity: CGFloat { get { self[SP.initialVelocity] } set { self[SP.initialVelocity] = newValue } }
    /// Whether damping above critical is honoured (iOS 17); otherwise it is clamped to critical.
    public var allowsOverdamping: Bool { get { self[SP.allowsOverdamping] } set { self[SP.allowsOverdamping] = newValue } }

    /// The duration the spring takes to settle, as `perceptualDuration` would give it.
    public var perceptualDuration: CFTimeInterval {
        let k = max(1e-9, Double(stiffness)), m = max(1e-9, Double(mass))
        return 2 * Double.pi / (k / m).squareRoot()
    }

    /// The bounce the spring has, as `init(perceptualDuration:bounce:)` takes it.
    public var bounce: CGFloat {
        let zeta = SpringSolver(self).zeta
        return CGFloat(zeta <= 1 ? 1 - zeta : 1 / zeta - 1)
    }

    /// An estimate of the time until the spring is at rest: the first time after which the
    /// distance still to go stays below 0.1 % of the whole (found by stepping through the motion
    /// at 1 ms resolution; at most 100 s).
    public var settlingDuration: CFTimeInterval { SpringSolver(self).settlingTime }
}

extension SpringSolver {
    init(_ a: CASpringAnimation) {
        self.init(mass: Double(a.mass), stiffness: Double(a.stiffness), damping: Double(a.damping),
                  initialVelocity: Double(a.initialVelocity), allowsOverdamping: a.allowsOverdamping)
    }
}
