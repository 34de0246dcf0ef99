import Foundation

/// The closed-form motion of a damped spring (spec §6, CASpringAnimation).
package struct SpringSolver: Equatable, Sendable {
    package let omega0: Double, zeta: Double, v0: Double

    package init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double, allowsOverdamping: Bool) {
        let m = mass.isFinite && mass > 0 ? mass : 1
        let k = stiffness.isFinite && stiffness > 0 ? stiffness : 100
        let c = damping.isFinite && damping >= 0 ? damping : 10
        omega0 = (k / m).squareRoot()
        var z = c / (2 * (k * m).squareRoot())
        if !allowsOverdamping { z = min(z, 1) }
        zeta = z
        v0 = initialVelocity.isFinite ? initialVelocity : 0
    }

    /// The normalised distance still to go at time `t`: 1 at the start, 0 at rest.
    package func remaining(_ t: Double) -> Double {
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
    package func progress(_ t: Double) -> Double { 1 - remaining(t) }

    package var settlingTime: Double {
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
