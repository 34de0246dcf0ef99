import Foundation

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

/// The closed-form motion of a damped spring (spec §6, CASpringAnimation).
struct SpringSolver: Equatable {
    let omega0: Double, zeta: Double, v0: Double

    init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double, allowsOverdamping: Bool) {
        let m = mass.isFinite && mass > 0 ? mass : 1
        let k = stiffness.isFinite && stiffness > 0 ? stiffness : 100
        let c = damping.isFinite && damping >= 0 ? damping : 10
        omega0 = (k / m).squareRoot()
        var z = c / (2 * (k * m).squareRoot())
        if !allowsOverdamping { z = min(z, 1) }
        zeta = z
        v0 = initialVelocity.isFinite ? initialVelocity : 0
    }

    init(_ a: CASpringAnimation) {
        self.init(mass: Double(a.mass), stiffness: Double(a.stiffness), damping: Double(a.damping),
                  initialVelocity: Double(a.initialVelocity), allowsOverdamping: a.allowsOverdamping)
    }

    /// The normalised distance still to go at time `t`: 1 at the start, 0 at rest.
    func remaining(_ t: Double) -> Double {
        guard t > 0 else { return 1 }
        let w = omega0
        if zeta < 1 {
            let wd = w * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * w * t) * (cos(wd * t) + ((zeta * w - v0) / wd) * sin(wd * t))
        }
        if zeta == 1 {
            return exp(-w * t) * (1 + (w - v0) * t)
        }
        let s = (zeta * zeta - 1).squareRoot()
        let r1 = -w * (zeta - s), r2 = -w * (zeta + s)
        // C1 + C2 = 1, r1·C1 + r2·C2 = −v0.
        let c2 = (-v0 - r1) / (r2 - r1), c1 = 1 - c2
        return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }

    /// The fraction of the way from `from` to `to` at time `t` (may overshoot 1).
    func progress(_ t: Double) -> Double { 1 - remaining(t) }

    var settlingTime: Double {
        let step = 0.001, limit = 100.0, epsilon = 0.001
        var t = limit, last = limit
        // Walk backwards from the limit to the last time the motion was outside the band.
        while t > 0 {
            if abs(remaining(t)) > epsilon { return min(limit, last) }
            last = t
            t -= step * max(1, t / 2)     // coarse far out, fine near the start
        }
        return 0
    }
}
