import Testing
import Foundation
import QuartzCore

/// `CAKeyframeAnimation`'s documented rules for `keyTimes`, `timingFunctions`, `path` and
/// `rotationMode` in every calculation mode, one test per rule. Written as iOS code.
@Suite("Keyframe rules")
struct KeyframeRulesTests {
    /// The presentation's value at `keyPath` at each of `times` (the animation added at 0 to a
    /// committed layer, duration 1), and the diagnostics adding it reported.
    func sample(_ a: CAKeyframeAnimation, _ keyPath: String, at times: [Double]) throws -> (values: [Any?], diagnostics: [String]) {
        let clock = MediaClock(manualAt: 0)
        return try clock.run {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            CATransaction.flush()
            a.duration = 1
            let (_, diagnostics) = LaminaDiagnostics.collecting {
                layer.add(a, forKey: "k")
                CATransaction.flush()
            }
            let values = try times.map { t in
                clock.set(t)
                return try #require(layer.presentation()).value(forKeyPath: keyPath)
            }
            return (values, diagnostics)
        }
    }

    func xs(_ a: CAKeyframeAnimation, at times: [Double]) throws -> (xs: [CGFloat], diagnostics: [String]) {
        let r = try sample(a, "position.x", at: times)
        return (r.values.map { ($0 as? CGFloat) ?? .nan }, r.diagnostics)
    }

    func points(_ a: CAKeyframeAnimation, at times: [Double]) throws -> (points: [CGPoint], diagnostics: [String]) {
        let r = try sample(a, "position", at: times)
        return (r.values.map { ($0 as? CGPoint) ?? CGPoint(x: CGFloat.nan, y: .nan) }, r.diagnostics)
    }

    func keyframes(_ values: [Double], _ mode: CAAnimationCalculationMode = .linear, keyTimes: [Double]? = nil) -> CAKeyframeAnimation {
        let a = CAKeyframeAnimation(keyPath: "position.x")
        a.values = values
        a.calculationMode = mode
        a.keyTimes = keyTimes?.map { NSNumber(value: $0) }
        return a
    }

    func same(_ a: [CGFloat], _ b: [CGFloat], _ tolerance: CGFloat = 1e-9) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    func same(_ a: [CGPoint], _ b: [CGPoint], _ tolerance: CGFloat = 1e-9) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0.x - $1.x) <= tolerance && abs($0.y - $1.y) <= tolerance }
    }

    /// A path through `points`: a move to the first, lines to the others.
    func polyline(_ points: [CGPoint], closed: Bool = false) -> CGPath {
        let p = CGMutablePath()
        p.move(to: points[0])
        for q in points.dropFirst() { p.addLine(to: q) }
        if closed { p.closeSubpath() }
        return p
    }

    // MARK: Linear and cubic

    @Test func linearReachesEachValueAtItsKeyTime() throws {
        let r = try xs(keyframes([0, 80, 100], keyTimes: [0, 0.8, 1]), at: [0, 0.4, 0.8, 0.9, 1.0 - 1e-9])
        #expect(same(r.xs, [0, 40, 80, 90, 100], 1e-6), "\(r.xs)")
        #expect(r.diagnostics.isEmpty)
    }

    @Test func keyTimesNotStartingAtZeroOrEndingAtOneHoldTheEnds() throws {
        let r = try xs(keyframes([10, 20, 40], keyTimes: [0.2, 0.6, 0.8]), at: [0, 0.1, 0.4, 0.7, 0.9])
        #expect(same(r.xs, [10, 10, 15, 30, 40]), "\(r.xs)")
        #expect(r.diagnostics.isEmpty)
    }

    @Test func cubicPassesThroughEachValueAtItsKeyTime() throws {
        let r = try xs(keyframes([0, 50, 20, 100], .cubic, keyTimes: [0, 0.1, 0.7, 1]), at: [0.1, 0.7])
        #expect(same(r.xs, [50, 20], 1e-6), "\(r.xs)")
        // Catmull-Rom overshoots between 0.1 and 0.7 (50 → 20 with a rising neighbour on the right).
        let between = try xs(keyframes([0, 50, 20, 100], .cubic, keyTimes: [0, 0.1, 0.7, 1]), at: [0.15]).xs[0]
        #expect(between > 50)
    }

    // MARK: Timing functions

    @Test func oneTimingFunctionPerSegment() throws {
        let a = keyframes([0, 10, 20], keyTimes: [0, 0.5, 1])
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        a.timingFunctions = [easeIn, CAMediaTimingFunction(name: .linear)]
        let r = try xs(a, at: [0.25, 0.75])
        #expect(same(r.xs, [CGFloat(10 * easeIn.evaluate(0.5)), 15], 1e-9), "\(r.xs)")
    }

    @Test func missingTimingFunctionsAreLinearAndHoldsHaveNone() throws {
        // Key times from 0.2: the held stretch before comes first, and the easeIn applies to the
        // first given segment (0.2 … 0.6); the second segment has no function: linear.
        let a = keyframes([0, 10, 20], keyTimes: [0.2, 0.6, 1])
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        a.timingFunctions = [easeIn]
        let r = try xs(a, at: [0.1, 0.4, 0.8])
        #expect(same(r.xs, [0, CGFloat(10 * easeIn.evaluate(0.5)), 15], 1e-9), "\(r.xs)")
    }

    // MARK: Discrete

    @Test func discreteTakesOneMoreKeyTimeThanValues() throws {
        // Apple's example: each value holds from its key time until the next one; the last
        // key time ends the last value.
        let r = try xs(keyframes([10, 20, 60], .discrete, keyTimes: [0, 0.25, 0.75, 1]), at: [0, 0.2, 0.25, 0.5, 0.74, 0.75, 0.99])
        #expect(r.xs == [10, 10, 20, 20, 20, 60, 60], "\(r.xs)")
        #expect(r.diagnostics.isEmpty)
    }

    @Test func discreteWithOneKeyTimePerValueHoldsTheLastToTheEnd() throws {
        let r = try xs(keyframes([10, 20, 30], .discrete, keyTimes: [0, 0.5, 0.9]), at: [0.4, 0.6, 0.95])
        #expect(r.xs == [10, 20, 30], "\(r.xs)")
        #expect(r.diagnostics.isEmpty)
    }

    @Test func discreteKeyTimesAfterZeroShowTheFirstValueFromTheStart() throws {
        let r = try xs(keyframes([10, 20], .discrete, keyTimes: [0.3, 0.6, 1]), at: [0.1, 0.5, 0.7])
        #expect(r.xs == [10, 10, 20], "\(r.xs)")
    }

    @Test func discreteWithoutKeyTimesDividesTheDurationEvenly() throws {
        let r = try xs(keyframes([10, 20, 30, 40], .discrete), at: [0.2, 0.3, 0.6, 0.8])
        #expect(r.xs == [10, 20, 30, 40], "\(r.xs)")
    }

    // MARK: Paced

    @Test func pacedIgnoresKeyTimesAndAllTimingFunctions() throws {
        let a = keyframes([0, 10, 40], .paced, keyTimes: [0, 0.9, 1])
        a.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut)]
        a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        let r = try xs(a, at: [0.125, 0.25, 0.5, 0.75])
        #expect(same(r.xs, [5, 10, 20, 30], 1e-9), "\(r.xs)")
        #expect(r.diagnostics.isEmpty)
    }

    @Test func cubicPacedMovesAtConstantSpeedThroughTheKeyframes() throws {
        let r = try xs(keyframes([0, 10, 40], .cubicPaced, keyTimes: [0, 0.9, 1]), at: [0.25, 1.0 - 1e-9])
        #expect(abs(r.xs[0] - 10) < 1e-6, "\(r.xs)")     // the second keyframe at a quarter of the way
        #expect(abs(r.xs[1] - 40) < 1e-6)
    }

    // MARK: Paths

    @Test func keyTimesRunOverThePathsVertices() throws {
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = polyline([.zero, CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100)])
        a.keyTimes = [0, 0.8, 1]
        let r = try points(a, at: [0.4, 0.8, 0.9])
        #expect(same(r.points, [CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 50)]), "\(r.points)")
        #expect(r.diagnostics.isEmpty)
    }

    @Test func curveEndPointsAreVerticesTheirControlPointsAreNot() throws {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = path
        a.keyTimes = [0, 0.5, 1]
        let r = try points(a, at: [0.25, 0.5, 0.75])
        #expect(same(r.points, [CGPoint(x: 50, y: 50), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 50)]), "\(r.points)")
    }

    @Test func aClosedPathWithAKeyTimePerPointStopsAtTheLastPoint() throws {
        // How animation exporters write motion: a move, a line per keyframe, a close, and one
        // key time per keyframe. The closing segment is past the last key time: never reached.
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = polyline([.zero, CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100)], closed: true)
        a.keyTimes = [0, 0.5, 1]
        let r = try points(a, at: [0.25, 0.75, 1.0 - 1e-9])
        #expect(same(r.points, [CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 50), CGPoint(x: 100, y: 100)], 1e-6), "\(r.points)")
        #expect(r.diagnostics.isEmpty)
    }

    @Test func discretePathsHoldEachVertex() throws {
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = polyline([.zero, CGPoint(x: 100, y: 0)], closed: true)
        a.calculationMode = .discrete
        a.keyTimes = [0, 0.5]
        let r = try points(a, at: [0.25, 0.49, 0.5, 0.9])
        #expect(r.points == [.zero, .zero, CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 0)], "\(r.points)")
        #expect(r.diagnostics.isEmpty)
    }

    @Test func pacedPathsIgnoreKeyTimes() throws {
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = polyline([.zero, CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 300)])
        a.calculationMode = .paced
        a.keyTimes = [0, 0.9, 1]
        let r = try points(a, at: [0.125, 0.5])
        #expect(same(r.points, [CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 100)], 1e-6), "\(r.points)")
    }

    @Test func rotationModeTurnsWithThePathAtItsKeyTimes() throws {
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = polyline([.zero, CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100)])
        a.keyTimes = [0, 0.2, 1]
        a.rotationMode = .rotateAutoReverse
        let r = try sample(a, "transform.rotation.z", at: [0.1, 0.5])
        let angles = r.values.map { ($0 as? CGFloat) ?? .nan }
        // Facing backwards: the first leg heads +x (0 + π), the second +y (π/2 + π, read as −π/2).
        #expect(abs(abs(angles[0]) - .pi) < 1e-6, "\(angles)")
        #expect(abs(angles[1] + .pi / 2) < 1e-6, "\(angles)")
    }

    // MARK: Input no rule accepts

    @Test func keyTimesOfAnotherLengthPairWithValuesByIndex() throws {
        // Three values, two key times: the first two values at 0 and 0.9, the third never reached.
        let r = try xs(keyframes([0, 10, 20], keyTimes: [0, 0.9]), at: [0.45, 0.95])
        #expect(same(r.xs, [5, 10]), "\(r.xs)")
        #expect(r.diagnostics.count == 1 && r.diagnostics[0].contains("keyTimes"), "\(r.diagnostics)")
        // Two values, four key times: the extra ones are unused.
        let s = try xs(keyframes([0, 10], keyTimes: [0, 0.5, 0.7, 1]), at: [0.25, 0.8])
        #expect(same(s.xs, [5, 10]), "\(s.xs)")
        #expect(s.diagnostics.count == 1)
    }

    @Test func keyTimesThatAreNotFiniteAreIgnored() throws {
        let r = try xs(keyframes([0, 10, 20], keyTimes: [0, .nan, 1]), at: [0.25, 0.75])
        #expect(same(r.xs, [5, 15]), "\(r.xs)")
        #expect(r.diagnostics.count == 1, "\(r.diagnostics)")
        let s = try xs(keyframes([0, 10, 20], .discrete, keyTimes: [0, .infinity, 1, 1]), at: [0.2, 0.5, 0.9])
        #expect(s.xs == [0, 10, 20], "\(s.xs)")
    }

    @Test func keyTimesOutOfOrderOrRangeAreTakenAsGiven() throws {
        // As Apple's frames show: the first segment whose times span the moment, on the raw
        // times (0.4 lies in −0.5…0.8: 0.9/1.3 of the way to 10); past them all, the last value.
        let r = try xs(keyframes([0, 10, 20], keyTimes: [-0.5, 0.8, 0.4]), at: [0.4, 0.9])
        let expected: [CGFloat] = [CGFloat(10 * 0.9 / 1.3), 20]
        #expect(same(r.xs, expected), "\(r.xs)")
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
        // Discrete and cubic keyframes keep the ordered reading (clamped, never going back).
        let d = try xs(keyframes([0, 10, 20], .discrete, keyTimes: [0, -0.5, 0.5, 1]), at: [0.25, 0.75])
        #expect(d.xs == [10, 20], "\(d.xs)")
    }
}
