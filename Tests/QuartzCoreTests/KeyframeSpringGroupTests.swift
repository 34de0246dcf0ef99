import Testing
import Foundation
@testable import QuartzCore

/// Adds `anim` to a committed layer and returns the presentation at each of `times`.
func presentations(_ anim: CAAnimation, at times: [Double], setUp: (CALayer) -> Void = { _ in }) -> [CALayer] {
    var out: [CALayer] = []
    withCommittedLayer { layer, clock in
        withoutActions { setUp(layer) }
        CATransaction.flush()
        layer.add(anim, forKey: "a")
        CATransaction.flush()
        for t in times {
            clock.set(t)
            out.append(layer.presentation()!)
        }
    }
    return out
}

@Suite("Property animation modifiers and key paths")
struct PropertyModifierTests {
    @Test func additiveAddsToTheModel() {
        let a = CABasicAnimation(keyPath: "position")
        a.isAdditive = true
        a.fromValue = CGPoint(x: -50, y: 0); a.toValue = CGPoint.zero; a.duration = 1
        let p = presentations(a, at: [0.5]) { $0.position = CGPoint(x: 100, y: 10) }
        #expect(p[0].position == CGPoint(x: 75, y: 10))
    }

    @Test func cumulativeBuildsOnEachCycle() {
        let a = CABasicAnimation(keyPath: "position.x")
        a.isCumulative = true
        a.fromValue = 0; a.byValue = 10; a.duration = 1; a.repeatCount = 3
        let p = presentations(a, at: [0.5, 1.5, 2.5])
        #expect(p.map(\.position.x) == [5, 15, 25])
        #expect(p[2].position.y == 0)
    }

    @Test func valueFunctionMakesTransforms() {
        let a = CABasicAnimation(keyPath: "transform")
        a.valueFunction = CAValueFunction(name: .rotateZ)
        a.fromValue = 0; a.toValue = Double.pi; a.duration = 1
        let p = presentations(a, at: [0.5])
        #expect(near(p[0].value(forKeyPath: "transform.rotation.z") as? CGFloat, .pi / 2))
        let s = CABasicAnimation(keyPath: "transform")
        s.valueFunction = CAValueFunction(name: .scale)
        s.fromValue = [1, 1, 1]; s.toValue = [3, 2, 1]; s.duration = 1
        let q = presentations(s, at: [0.5])
        #expect(near(q[0].transform.m11, 2) && near(q[0].transform.m22, 1.5) && near(q[0].transform.m33, 1))
    }

    @Test func transformComponentsTurnPastHalfACircle() {
        let a = CABasicAnimation(keyPath: "transform.rotation.z")
        a.fromValue = 0; a.toValue = 2 * Double.pi; a.duration = 1
        let p = presentations(a, at: [0.75])
        let expected = CATransform3DMakeRotation(1.5 * .pi, 0, 0, 1)
        #expect(near(p[0].transform.m11, expected.m11) && near(p[0].transform.m12, expected.m12))
        #expect(near(p[0].transform.m21, expected.m21))
    }

    @Test func structFieldKeyPaths() {
        let a = CABasicAnimation(keyPath: "bounds.size.width")
        a.fromValue = 100; a.toValue = 200; a.duration = 1
        let p = presentations(a, at: [0.5])
        #expect(p[0].bounds.size == CGSize(width: 150, height: 100))
    }

    @Test func colorsInterpolateInSRGB() {
        let a = CABasicAnimation(keyPath: "backgroundColor")
        a.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        a.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        a.duration = 1
        let c = presentations(a, at: [0.5])[0].backgroundColor!.rgba
        #expect(near(c.red, 0.5) && near(c.blue, 0.5) && near(c.alpha, 0.75) && near(c.green, 0))
    }

    @Test func pathsInterpolatePointByPoint() {
        let shape = CAShapeLayer()
        let from = CGMutablePath(); from.move(to: .zero); from.addLine(to: CGPoint(x: 10, y: 0))
        let to = CGMutablePath(); to.move(to: CGPoint(x: 0, y: 10)); to.addLine(to: CGPoint(x: 30, y: 10))
        let clock = MediaClock(manualAt: 0)
        clock.run {
            shape.path = from
            CATransaction.flush()
            let a = CABasicAnimation(keyPath: "path")
            a.fromValue = from; a.toValue = to; a.duration = 1
            shape.add(a, forKey: "p")
            CATransaction.flush()
            clock.set(0.5)
            let p = shape.presentation()!.path!
            #expect(p.elements == [.move(CGPoint(x: 0, y: 5)), .line(CGPoint(x: 20, y: 5))])
        }
    }

    @Test func undeclaredKeysAnimateToo() {
        let a = CABasicAnimation(keyPath: "glow")
        a.fromValue = 0; a.toValue = 4; a.duration = 1
        let p = presentations(a, at: [0.25]) { $0.setValue(1, forKey: "glow") }
        #expect(kvcCoerce(p[0].value(forKey: "glow"), to: Double.self) == 1)
    }

    @Test func unknownKeyPathsAndMismatchedValuesAreRefusedLoudly() {
        let log = LaminaDiagnostics.collecting {
            withCommittedLayer { layer, _ in
                let bad = CABasicAnimation(keyPath: "position")
                bad.fromValue = "left"; bad.toValue = CGPoint.zero
                layer.add(bad, forKey: "bad")
                #expect(layer.animation(forKey: "bad") == nil)
                let derived = CABasicAnimation(keyPath: "frame")
                derived.toValue = CGRect.zero
                layer.add(derived, forKey: "frame")
                #expect(layer.animation(forKey: "frame") == nil)
            }
        }
        #expect(log.diagnostics.contains { $0.contains("fromValue") })
        #expect(log.diagnostics.contains { $0.contains("frame") })
    }
}

@Suite("Keyframe animations")
struct KeyframeTests {
    func keyframe(_ values: [Any], mode: CAAnimationCalculationMode = .linear, keyTimes: [NSNumber]? = nil) -> CAKeyframeAnimation {
        let a = CAKeyframeAnimation(keyPath: "position.x")
        a.values = values; a.calculationMode = mode; a.keyTimes = keyTimes; a.duration = 1
        return a
    }

    @Test func linearWithKeyTimes() {
        let p = presentations(keyframe([0, 8, 10], keyTimes: [0, 0.8, 1]), at: [0.4, 0.9])
        #expect(near(p[0].position.x, 4) && near(p[1].position.x, 9))
    }

    @Test func linearUniform() {
        let p = presentations(keyframe([0, 10, 30]), at: [0.25, 0.75])
        #expect(near(p[0].position.x, 5) && near(p[1].position.x, 20))
    }

    @Test func discreteHoldsEachValue() {
        let p = presentations(keyframe([1, 2, 3], mode: .discrete), at: [0.1, 0.5, 0.9])
        #expect(p.map(\.position.x) == [1, 2, 3])
        let q = presentations(keyframe([1, 2], mode: .discrete, keyTimes: [0, 0.8, 1]), at: [0.7, 0.85])
        #expect(q.map(\.position.x) == [1, 2])
    }

    @Test func pacedMovesAtConstantSpeed() {
        let p = presentations(keyframe([0, 10, 40], mode: .paced, keyTimes: [0, 0.9, 1]), at: [0.25, 0.5])
        #expect(near(p[0].position.x, 10) && near(p[1].position.x, 20))
    }

    @Test func cubicIsCatmullRomThroughTheKeyframes() {
        let p = presentations(keyframe([0, 10, 0, 10], mode: .cubic), at: [1.0 / 3, 0.5, 1.0 / 3 + 0.25 / 3])
        #expect(near(p[0].position.x, 10, 1e-9))
        #expect(near(p[1].position.x, 5, 1e-9))
        // Both tangents of the middle segment are zero: Hermite gives 10·h00(0.25) = 8.4375.
        #expect(near(p[2].position.x, 8.4375, 1e-9))
    }

    @Test func tensionFlattensTheSpline() {
        let a = keyframe([0, 10, 20, 30], mode: .cubic)
        a.tensionValues = [1, 1, 1, 1]     // tension 1: zero tangents everywhere
        let p = presentations(a, at: [1.0 / 12])   // a quarter into the first segment
        let hermite: CGFloat = 10 * (3 * 0.0625 - 2 * 0.015625)    // 10·h01(0.25), h01 = 3t² − 2t³
        #expect(near(p[0].position.x, hermite, 1e-9))
    }

    @Test func segmentTimingFunctions() {
        let a = keyframe([0, 10, 20])
        a.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
        let p = presentations(a, at: [0.25, 0.75])
        #expect(near(p[0].position.x, CGFloat(10 * CAMediaTimingFunction(name: .easeIn).evaluate(0.5)), 1e-9))
        #expect(near(p[1].position.x, 15, 1e-9))
    }

    @Test func pathFollowingWithRotation() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = path; a.duration = 1; a.rotationMode = .rotateAuto
        let p = presentations(a, at: [0.25, 0.75])
        #expect(p[0].position == CGPoint(x: 50, y: 0))
        #expect(p[1].position == CGPoint(x: 100, y: 50))
        #expect(near(p[0].value(forKeyPath: "transform.rotation.z") as? CGFloat, 0))
        #expect(near(p[1].value(forKeyPath: "transform.rotation.z") as? CGFloat, .pi / 2))
    }

    @Test func pathCurvesAreFollowed() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = path; a.duration = 1
        let p = presentations(a, at: [0.5])
        #expect(p[0].position == CGPoint(x: 50, y: 50))   // the quad's midpoint
    }
}

@Suite("Springs and groups")
struct SpringGroupTests {
    @Test func springFollowsTheDampedOscillator() {
        let s = CASpringAnimation(keyPath: "position.x")
        s.fromValue = 0; s.toValue = 100; s.duration = 2
        // Defaults: m 1, k 100, c 10 → ω0 10, ζ 0.5.
        let t = 0.3
        let w0 = 10.0, z = 0.5, wd = w0 * (1 - z * z).squareRoot()
        let x = exp(-z * w0 * t) * (cos(wd * t) + (z * w0 / wd) * sin(wd * t))
        let p = presentations(s, at: [t])
        #expect(near(p[0].position.x, CGFloat(100 * (1 - x)), 1e-9))
        // It overshoots.
        let peak = presentations(s, at: [Double.pi / wd])
        #expect(peak[0].position.x > 100)
    }

    @Test func criticalAndOverdampedSprings() {
        let c = SpringSolver(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0, allowsOverdamping: false)
        #expect(c.zeta == 1)
        #expect(abs(c.remaining(0.2) - exp(-2) * (1 + 2)) < 1e-12)
        let o = SpringSolver(mass: 1, stiffness: 100, damping: 40, initialVelocity: 0, allowsOverdamping: true)
        #expect(o.zeta == 2)
        #expect(o.remaining(0) == 1 && o.remaining(0.5) > 0 && o.remaining(0.5) < 1)
        // Without allowsOverdamping the damping is held at critical.
        #expect(SpringSolver(mass: 1, stiffness: 100, damping: 40, initialVelocity: 0, allowsOverdamping: false).zeta == 1)
        // Initial velocity towards the target shortens the way at first.
        let fast = SpringSolver(mass: 1, stiffness: 100, damping: 20, initialVelocity: 5, allowsOverdamping: false)
        #expect(fast.remaining(0.05) < c.remaining(0.05))
    }

    @Test func settlingDuration() {
        let s = CASpringAnimation()
        s.damping = 5
        // Apple's example: about 2.85 s.
        #expect(s.settlingDuration > 2.5 && s.settlingDuration < 3)
        let stiff = CASpringAnimation()
        stiff.damping = 20
        #expect(stiff.settlingDuration < s.settlingDuration)
    }

    @Test func perceptualInitializer() {
        let s = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.2)
        #expect(near(s.stiffness, CGFloat(pow(2 * Double.pi / 0.5, 2)), 1e-9))
        #expect(near(s.mass, 1))
        #expect(near(s.bounce, 0.2, 1e-9))
        #expect(near(CGFloat(s.perceptualDuration), 0.5, 1e-9))
    }

    @Test func groupChildrenRunInTheGroupsTimeClipped() {
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0; move.toValue = 100; move.duration = 2
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1; fade.toValue = 0; fade.duration = 1; fade.beginTime = 0.5
        let g = CAAnimationGroup()
        g.animations = [move, fade]
        g.duration = 1
        g.beginTime = 1
        let p = presentations(g, at: [0.5, 1.25, 1.75, 2.5])
        #expect(p[0].position.x == 0 && near(p[0].opacity, 0.2))      // before the group
        #expect(p[1].position.x == 12.5 && near(p[1].opacity, 0.2))   // fade not begun
        #expect(p[2].position.x == 37.5 && near(p[2].opacity, 0.75))   // a quarter into the fade
        #expect(p[3].position.x == 0)                                  // group over
    }
}

@Suite("Group members without a duration")
struct GroupMemberDurationTests {
    @Test func membersWithoutADurationRunForTheWholeGroup() throws {
        let clock = MediaClock(manualAt: 0)
        try clock.run {
            let l = CALayer()
            CATransaction.flush()
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 0; move.toValue = 100
            move.timingFunction = CAMediaTimingFunction(name: .linear)
            let fade = CAKeyframeAnimation(keyPath: "opacity")
            fade.values = [1, 0]
            let short = CABasicAnimation(keyPath: "position.y")
            short.fromValue = 0; short.toValue = 10; short.duration = 0.5
            short.timingFunction = CAMediaTimingFunction(name: .linear)
            let group = CAAnimationGroup()
            group.animations = [move, fade, short]
            group.duration = 2
            l.add(group, forKey: "g")
            CATransaction.flush()
            clock.set(1)
            let p = try #require(l.presentation())
            #expect(abs(p.position.x - 50) < 1e-9)          // half of the group's 2 s
            #expect(abs(p.opacity - 0.5) < 1e-6)
            #expect(p.position.y == 0)                       // its own 0.5 s are over: model value
            clock.set(0.25)
            #expect(abs(try #require(l.presentation()).position.y - 5) < 1e-9)
        }
    }
}

@Suite("Unusual keyTimes")
struct UnusualKeyTimesTests {
    func x(values: [Double], keyTimes: [NSNumber], at times: [Double], cubic tension: [NSNumber]? = nil) throws -> (xs: [CGFloat], diagnostics: [String]) {
        let clock = MediaClock(manualAt: 0)
        return try clock.run {
            let l = CALayer()
            CATransaction.flush()
            let a = CAKeyframeAnimation(keyPath: "position.x")
            a.values = values; a.keyTimes = keyTimes; a.duration = 1
            if let tension { a.calculationMode = .cubic; a.tensionValues = tension }
            let (_, d) = LaminaDiagnostics.collecting {
                l.add(a, forKey: "k")
                CATransaction.flush()
            }
            let xs = try times.map { t in
                clock.set(t)
                return try #require(l.presentation()).position.x
            }
            return (xs, d)
        }
    }

    func close(_ a: [CGFloat], _ b: [CGFloat]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 } }

    @Test func keyTimesEndingBeforeOneHoldTheLastValue() throws {
        let r = try x(values: [0, 100, 50], keyTimes: [0, 0.5, 0.7], at: [0.25, 0.6, 0.85, 0.99])
        #expect(close(r.xs, [50, 75, 50, 50]), "\(r.xs)")
        #expect(r.diagnostics.isEmpty)
        let r2 = try x(values: [0, 100, 40], keyTimes: [0, 0.8, 0.9], at: [0.4, 0.85, 0.95])
        #expect(close(r2.xs, [50, 70, 40]), "\(r2.xs)")
    }

    @Test func keyTimesStartingAfterZeroHoldTheFirstValue() throws {
        let r = try x(values: [0, 100], keyTimes: [0.2, 1], at: [0.1, 0.6])
        #expect(close(r.xs, [0, 50]), "\(r.xs)")
        #expect(r.diagnostics.isEmpty)
    }

    /// In cubic mode the held stretches stay flat and tension, continuity and bias still index
    /// the given keys (tension 1 everywhere: zero tangents, so each segment's midpoint is the
    /// mean of its ends).
    @Test func cubicKeyTimesInsideZeroToOneHoldFlatAndKeepTheirTension() throws {
        let r = try x(values: [0, 100, 50], keyTimes: [0.25, 0.5, 0.75], at: [0.1, 0.2, 0.375, 0.625, 0.8, 0.95],
                      cubic: [1, 1, 1])
        #expect(close(r.xs, [0, 0, 50, 75, 50, 50]), "\(r.xs)")
        // Catmull-Rom (no tension): the held stretches are still exactly flat.
        let c = try x(values: [0, 100, 50], keyTimes: [0.25, 0.5, 0.75], at: [0.1, 0.2, 0.8, 0.95], cubic: [])
        #expect(close(c.xs, [0, 0, 50, 50]), "\(c.xs)")
    }

    @Test func keyTimesThatGoBackAreInterpolatedAsGiven() throws {
        // An exporter's [0, −0.0167, 0.089, 1]: at 0 the first value (not the second, as a
        // clamped reading gives), then the segment from −0.0167 to 0.089, as iOS's frames show.
        let r = try x(values: [0, 10, 20, 30], keyTimes: [0, -0.0167, 0.089, 1], at: [0, 0.0445, 0.5445])
        let second = CGFloat(10 + 10 * (0.0445 + 0.0167) / 0.1057)
        #expect(close(r.xs, [0, second, 25]), "\(r.xs)")
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
    }

    /// An animation engine's groups, as iOS renders them: a child that ends with the group still
    /// shows its last value at that moment, and a discrete child of one value has no effect.
    @Test func groupChildrenAtTheirEndAndDiscreteChildrenOfOneValue() throws {
        let clock = MediaClock(manualAt: 0)
        try clock.run {
            let l = CALayer()
            l.opacity = 1
            l.position = CGPoint(x: 0, y: 0)
            CATransaction.flush()
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0.0
            fade.toValue = 0.5
            fade.duration = 1
            let hold = CAKeyframeAnimation(keyPath: "position.x")
            hold.values = [42]
            hold.keyTimes = [0, 1]
            hold.calculationMode = .discrete
            hold.duration = 1
            let group = CAAnimationGroup()
            group.animations = [fade, hold]
            group.duration = 2
            l.add(group, forKey: "g")
            CATransaction.flush()
            clock.set(1)
            let p = try #require(l.presentation())
            #expect(abs(p.opacity - 0.5) < 1e-6, "\(p.opacity)")
            #expect(p.position.x == 0)
            clock.set(1.5)
            #expect(try #require(l.presentation()).opacity == 1)
        }
    }
}
