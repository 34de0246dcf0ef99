/// A timing curve as a value: a cubic Bézier from (0,0) through two control points to (1,1),
/// mapping the fraction of time elapsed (x) to the fraction of change (y). Evaluation solves
/// x(s) = time for the curve parameter s, then reads y(s). `CAMediaTimingFunction` wraps one.
package struct TimingCurve: Hashable, Sendable {
    /// The control points c1 = (p1x, p1y), c2 = (p2x, p2y); x values lie in [0, 1].
    package let p1x: Double, p1y: Double, p2x: Double, p2y: Double

    package init(p1x: Double, p1y: Double, p2x: Double, p2y: Double) {
        self.p1x = p1x; self.p1y = p1y; self.p2x = p2x; self.p2y = p2y
    }

    /// The fraction of change at time fraction `x` (clamped to [0, 1]).
    package func evaluate(_ x: Double) -> Double {
        guard x.isFinite else { return x > 0 ? 1 : 0 }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if p1x == p1y && p2x == p2y { return x }   // linear
        let s = solveCurveX(x)
        return sampleY(s)
    }

    // Bézier with endpoints (0,0) and (1,1): B(s) = 3(1−s)²s·p1 + 3(1−s)s²·p2 + s³.
    @inline(__always) private func coeffs(_ a: Double, _ b: Double) -> (Double, Double, Double) {
        let c = 3 * a, bb = 3 * (b - a) - c, aa = 1 - c - bb
        return (aa, bb, c)
    }
    private func sampleX(_ s: Double) -> Double { let (a, b, c) = coeffs(p1x, p2x); return ((a * s + b) * s + c) * s }
    private func sampleY(_ s: Double) -> Double { let (a, b, c) = coeffs(p1y, p2y); return ((a * s + b) * s + c) * s }
    private func sampleDX(_ s: Double) -> Double { let (a, b, c) = coeffs(p1x, p2x); return (3 * a * s + 2 * b) * s + c }

    /// The curve parameter whose x is `x`: Newton's method, then bisection if it does not
    /// converge (x(s) is non-decreasing because the control x values are in [0, 1]).
    private func solveCurveX(_ x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let err = sampleX(s) - x
            if abs(err) < 1e-12 { return s }
            let d = sampleDX(s)
            if abs(d) < 1e-9 { break }
            s -= err / d
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<64 {
            let v = sampleX(s)
            if abs(v - x) < 1e-12 { break }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }
}
