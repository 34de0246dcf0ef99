import Testing
@testable import QuartzCore
import LaminaTestSupport

/// Continuous corners (`cornerCurve = .continuous`).
@Suite("Corner curves")
struct CornerCurveTests {
    let allCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    /// Point, first and second derivative of the cubic p at t.
    func cubic(_ p: ArraySlice<CGPoint>, _ t: CGFloat) -> (CGPoint, CGPoint, CGPoint) {
        let q = Array(p), u = 1 - t
        let pt = CGPoint(x: u * u * u * q[0].x + 3 * u * u * t * q[1].x + 3 * u * t * t * q[2].x + t * t * t * q[3].x,
                         y: u * u * u * q[0].y + 3 * u * u * t * q[1].y + 3 * u * t * t * q[2].y + t * t * t * q[3].y)
        let d1 = CGPoint(x: 3 * (u * u * (q[1].x - q[0].x) + 2 * u * t * (q[2].x - q[1].x) + t * t * (q[3].x - q[2].x)),
                         y: 3 * (u * u * (q[1].y - q[0].y) + 2 * u * t * (q[2].y - q[1].y) + t * t * (q[3].y - q[2].y)))
        let d2 = CGPoint(x: 6 * (u * (q[2].x - 2 * q[1].x + q[0].x) + t * (q[3].x - 2 * q[2].x + q[1].x)),
                         y: 6 * (u * (q[2].y - 2 * q[1].y + q[0].y) + t * (q[3].y - 2 * q[2].y + q[1].y)))
        return (pt, d1, d2)
    }
    func curvature(_ d1: CGPoint, _ d2: CGPoint) -> CGFloat {
        (d1.x * d2.y - d1.y * d2.x) / pow(d1.x * d1.x + d1.y * d1.y, 1.5)
    }
    func direction(_ d: CGPoint) -> CGFloat { atan2(d.y, d.x) }

    @Test func curvatureIsContinuous() {
        let p = ContinuousCorner.continuous
        #expect(p.count == 10)
        #expect(p[0] == CGPoint(x: -ContinuousCorner.expansionFactor, y: 0))
        #expect(abs(p[9].y - ContinuousCorner.expansionFactor) < 1e-12 && abs(p[9].x) < 1e-12)
        let enter = p[0...3], arc = p[3...6], leave = p[6...9]
        // Leaves the straight edge with zero curvature and reaches the arc with curvature 1 (radius 1).
        #expect(abs(curvature(cubic(enter, 0).1, cubic(enter, 0).2)) < 1e-9)
        #expect(abs(curvature(cubic(enter, 1).1, cubic(enter, 1).2) - 1) < 1e-9)
        #expect(abs(curvature(cubic(leave, 1).1, cubic(leave, 1).2)) < 1e-9)
        // The arc: curvature about 1 throughout, tangents continuous where the pieces meet.
        for t in stride(from: 0.0, through: 1.0, by: 0.25) {
            let (_, d1, d2) = cubic(arc, CGFloat(t))
            #expect(abs(curvature(d1, d2) - 1) < 0.01)
        }
        #expect(abs(direction(cubic(enter, 1).1) - direction(cubic(arc, 0).1)) < 1e-9)
        #expect(abs(direction(cubic(arc, 1).1) - direction(cubic(leave, 0).1)) < 1e-9)
        #expect(abs(direction(cubic(leave, 1).1) - .pi / 2) < 1e-9)
        #expect(CALayer.cornerCurveExpansionFactor(.continuous) == ContinuousCorner.expansionFactor)
        #expect(CALayer.cornerCurveExpansionFactor(.circular) == 1)
    }

    @Test func continuousCornersAreFlatterNearTheEdgesAndTighterAtTheApex() {
        let rect = CGRect(x: 0, y: 0, width: 200, height: 100)
        let circular = LayerShape.path(rect, radius: 20, corners: allCorners, curve: .circular)
        let continuous = LayerShape.path(rect, radius: 20, corners: allCorners, curve: .continuous)
        #expect(continuous.boundingBoxOfPath.insetBy(dx: -1e-9, dy: -1e-9).contains(rect))
        // On the diagonal from each vertex: 0.43 r in lies inside the circular corner (apex at
        // 0.414 r) but outside the continuous one (apex further in).
        let d = 20 * 0.43 / 2.squareRoot()
        for v in [CGPoint(x: d, y: d), CGPoint(x: 200 - d, y: d), CGPoint(x: 200 - d, y: 100 - d), CGPoint(x: d, y: 100 - d)] {
            #expect(circular.contains(v))
            #expect(!continuous.contains(v))
        }
        // Along the top edge, 1.05 r from the vertex and just inside: inside the circular shape
        // (its corner starts at r) but outside the continuous one, still curving there.
        #expect(circular.contains(CGPoint(x: 21, y: 0.15)))
        #expect(!continuous.contains(CGPoint(x: 21, y: 0.15)))
        // Only masked corners change.
        let one = LayerShape.path(rect, radius: 20, corners: .layerMaxXMaxYCorner, curve: .continuous)
        #expect(one.contains(CGPoint(x: 0.5, y: 0.5)) && !one.contains(CGPoint(x: 199.5, y: 99.5)))
    }

    @Test func largeRadiiBlendTowardsCircular() {
        // A capsule: no edge is left for the continuous transitions, so it is the circular one.
        let rect = CGRect(x: 0, y: 0, width: 200, height: 60)
        let capsule = LayerShape.path(rect, radius: 30, corners: allCorners, curve: .continuous)
        #expect(capsule.contains(CGPoint(x: 30, y: 1)))          // top of the round end
        #expect(capsule.contains(CGPoint(x: 1, y: 30)))
        #expect(!capsule.contains(CGPoint(x: 8, y: 8)))          // outside the semicircle
        // A huge or non-finite radius draws a clamped shape or the rectangle, never traps.
        #expect(!LayerShape.path(rect, radius: .greatestFiniteMagnitude, corners: allCorners, curve: .continuous).isEmpty)
        #expect(LayerShape.path(rect, radius: .nan, corners: allCorners, curve: .continuous).boundingBoxOfPath == rect)
        // Half-way: the blend stays a simple closed shape within the rectangle.
        let mid = LayerShape.path(rect, radius: 25, corners: allCorners, curve: .continuous)
        #expect(mid.boundingBoxOfPath.insetBy(dx: -1e-9, dy: -1e-9).contains(rect))
        #expect(mid.contains(CGPoint(x: 100, y: 30)) && !mid.contains(CGPoint(x: 2, y: 2)) && !mid.contains(CGPoint(x: 198, y: 58)))
    }

    @Test func reference() throws {
        let failure = try compositorGolden.check("corner-curves") { try #require(CARenderer(layer: cornerScene(), scale: 2).image()) }
        #expect(failure == nil, "\(failure ?? "")")
    }
}

/// Circular (top row) and continuous (bottom row) corners: background with border, a clipped
/// sublayer, a gradient, one masked corner.
func cornerScene() -> CALayer {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 300, height: 170)
    root.backgroundColor = CGColor(gray: 1, alpha: 1)
    for (row, curve) in [CALayerCornerCurve.circular, .continuous].enumerated() {
        let y = 15 + CGFloat(row) * 80
        let card = CALayer()
        card.frame = CGRect(x: 15, y: y, width: 80, height: 65)
        card.backgroundColor = CGColor(red: 0.95, green: 0.8, blue: 0.2, alpha: 1)
        card.borderWidth = 3; card.borderColor = CGColor(red: 0.2, green: 0.2, blue: 0.6, alpha: 1)
        card.cornerRadius = 22; card.cornerCurve = curve
        root.addSublayer(card)
        let clip = CALayer()
        clip.frame = CGRect(x: 110, y: y, width: 80, height: 65)
        clip.cornerRadius = 24; clip.cornerCurve = curve; clip.masksToBounds = true
        let big = CALayer(); big.frame = CGRect(x: -10, y: -10, width: 100, height: 85)
        big.backgroundColor = CGColor(red: 0.1, green: 0.6, blue: 0.4, alpha: 1)
        clip.addSublayer(big)
        root.addSublayer(clip)
        let g = CAGradientLayer()
        g.frame = CGRect(x: 205, y: y, width: 80, height: 65)
        g.colors = [CGColor(red: 0.9, green: 0.2, blue: 0.3, alpha: 1), CGColor(red: 0.2, green: 0.3, blue: 0.9, alpha: 1)]
        g.cornerRadius = 30; g.cornerCurve = curve
        g.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMaxXMaxYCorner]
        root.addSublayer(g)
    }
    return root
}
