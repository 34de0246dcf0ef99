import Foundation

/// The geometry of a `.continuous` corner (`cornerCurve`), for a unit radius.
///
/// A circular corner joins a straight edge with a quarter circle, so curvature jumps from 0 to
/// 1/r where they meet. A continuous corner lets curvature grow smoothly: a cubic leaves the edge
/// with zero curvature and reaches a circular arc of radius r with curvature 1/r (continuity of
/// curvature, G2), the arc turns through the middle, and the mirror cubic returns to the other
/// edge. The corner therefore starts further from the vertex than a circular one: at
/// ``expansionFactor`` × r.
///
/// [U] Apple does not document the curve. Lamina's construction: the extent 1.528665 × r (the
/// figure commonly reported for `cornerCurveExpansionFactor(.continuous)`); the arc, of radius
/// r, turns through 50° of the 90° (each transition 20°); each transition cubic has its first
/// two control segments equal. The arc's centre is solved from those conditions.
///
/// Local frame: the corner's vertex at the origin, x along the edge arriving at the corner, y
/// pointing into the shape. The curve runs from (−expansionFactor, 0) to (0, expansionFactor).
package enum ContinuousCorner {
    /// How far along each edge a continuous corner reaches, in radii.
    package static let expansionFactor: CGFloat = 1.528665

    /// The tangent angle at which a transition cubic meets the arc.
    package static let transitionAngle: CGFloat = 20 * .pi / 180

    /// 10 points: the start, then three cubics (two controls and an end each): transition, arc,
    /// mirrored transition.
    package static let continuous: [CGPoint] = solve()

    /// A circular corner in the same form (degenerate transitions, a quarter circle as one
    /// cubic), for blending when the continuous corner does not fit.
    package static let circular: [CGPoint] = {
        let k = 4.0 / 3.0 * tan(CGFloat.pi / 8)    // quarter circle as one cubic
        let a = CGPoint(x: -1, y: 0), b = CGPoint(x: 0, y: 1)
        return [a, a, a, a, CGPoint(x: -1 + k, y: 0), CGPoint(x: 0, y: 1 - k), b, b, b, b]
    }()

    /// The corner for a continuity in [0, 1]: 0 circular, 1 fully continuous, between a blend of
    /// the two (used when a large radius leaves too little edge for the full curve).
    package static func points(continuity k: CGFloat) -> [CGPoint] {
        if k >= 1 { return continuous }
        return zip(circular, continuous).map { c, s in CGPoint(x: c.x + (s.x - c.x) * k, y: c.y + (s.y - c.y) * k) }
    }

    /// The transition cubic P0 P1 P2 A for an arc centre at (−c, c): A is on the arc where its
    /// tangent makes `transitionAngle` with the edge; P2 is where that tangent meets the edge;
    /// |P1P2| gives curvature 1 at A (κ = 2/3 · |P1P2| sin α / |P2A|², for P0, P1, P2 on the
    /// edge, which also makes curvature 0 at P0).
    private static func transition(c: CGFloat) -> (p0: CGPoint, p1: CGPoint, p2: CGPoint, a: CGPoint) {
        let s = sin(transitionAngle), co = cos(transitionAngle)
        let a = CGPoint(x: -c + s, y: c - co)
        let t = a.y / s                     // |P2A|
        let p2 = CGPoint(x: a.x - t * co, y: 0)
        let d = 1.5 * t * t / s             // |P1P2|
        let p1 = CGPoint(x: p2.x - d, y: 0)
        return (CGPoint(x: -expansionFactor, y: 0), p1, p2, a)
    }

    private static func solve() -> [CGPoint] {
        // |P0P1| − |P1P2| changes sign between c = 1 and c = 1.6; bisect for equality.
        func residual(_ c: CGFloat) -> CGFloat {
            let q = transition(c: c)
            return (q.p1.x - q.p0.x) - (q.p2.x - q.p1.x)
        }
        var lo: CGFloat = 1, hi: CGFloat = 1.6
        let rising = residual(hi) > residual(lo)
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            if (residual(mid) > 0) == rising { hi = mid } else { lo = mid }
        }
        let c = (lo + hi) / 2
        let q = transition(c: c)
        // The arc from A to its mirror B, turning 90° − 2α, as one cubic.
        func mirror(_ p: CGPoint) -> CGPoint { CGPoint(x: -p.y, y: -p.x) }
        let sweep = CGFloat.pi / 2 - 2 * transitionAngle
        let h = 4.0 / 3.0 * tan(sweep / 4)
        let ta = CGPoint(x: cos(transitionAngle), y: sin(transitionAngle))
        let b = mirror(q.a)
        let tb = CGPoint(x: sin(transitionAngle), y: cos(transitionAngle))
        return [q.p0, q.p1, q.p2, q.a,
                CGPoint(x: q.a.x + h * ta.x, y: q.a.y + h * ta.y), CGPoint(x: b.x - h * tb.x, y: b.y - h * tb.y), b,
                mirror(q.p2), mirror(q.p1), mirror(q.p0)]
    }
}
