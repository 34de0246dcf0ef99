import Testing
@testable import QuartzCore

@Suite("Timing model and timing functions")
struct TimingTests {
    func model(begin: Double = 0, duration: Double, speed: Double = 1, offset: Double = 0, repeatCount: Double = 0,
               repeatDuration: Double = 0, autoreverses: Bool = false, fill: CAMediaTimingFillMode = .removed) -> TimingModel {
        var m = TimingModel()
        m.beginTime = begin; m.duration = duration; m.speed = speed; m.timeOffset = offset
        m.repeatCount = repeatCount; m.repeatDuration = repeatDuration; m.autoreverses = autoreverses
        m.fillsBackwards = fill == .backwards || fill == .both
        m.fillsForwards = fill == .forwards || fill == .both
        return m
    }

    @Test func plainInterval() {
        let m = model(begin: 1, duration: 2)
        #expect(m.local(0.5) == nil)                       // before, no fill
        #expect(m.local(1)?.time == 0)
        #expect(m.local(2)?.time == 1)
        #expect(m.local(2.999)!.time > 1.99)
        #expect(m.local(3) == nil)                         // after, no fill
        #expect(m.activeDuration == 2)
    }

    @Test func fillModes() {
        #expect(model(begin: 1, duration: 2, fill: .backwards).local(0)?.time == 0)
        #expect(model(begin: 1, duration: 2, fill: .backwards).local(5) == nil)
        #expect(model(begin: 1, duration: 2, fill: .forwards).local(0) == nil)
        #expect(model(begin: 1, duration: 2, fill: .forwards).local(5)?.time == 2)
        let both = model(begin: 1, duration: 2, fill: .both)
        #expect(both.local(0)?.phase == .before && both.local(0)?.time == 0)
        #expect(both.local(9)?.phase == .after && both.local(9)?.time == 2)
    }

    @Test func speedOffsetAutoreverseFractionalRepeat() {
        // Speed 2, offset 0.5, autoreverse, 1.5 repeats of a 1 s animation: the cycle is 2 s of
        // active time, the active duration 3 s of active time = 1.5 s of parent time.
        let m = model(begin: 10, duration: 1, speed: 2, offset: 0.5, repeatCount: 1.5, autoreverses: true, fill: .forwards)
        #expect(m.activeDuration == 3)
        // Parent 10 → active 0 + offset 0.5 → 0.5 into the forward half.
        #expect(m.local(10)?.time == 0.5)
        // Parent 10.5 → active 1.0 + 0.5 = 1.5: 0.5 into the reverse half → 0.5.
        #expect(abs(m.local(10.5)!.time - 0.5) < 1e-12)
        // Parent 10.6 → 1.2 + 0.5 = 1.7 → reversed 0.3.
        #expect(abs(m.local(10.6)!.time - 0.3) < 1e-12)
        // Parent 11 → 2.0 + 0.5 = 2.5: second cycle, forward 0.5; iteration 1.
        #expect(abs(m.local(11)!.time - 0.5) < 1e-12 && m.local(11)!.iteration == 1)
        // After the window (parent ≥ 11.5): the final state, 3 + 0.5 = 3.5 → reverse half, 0.5.
        #expect(m.local(11.5)?.phase == .after)
        #expect(abs(m.local(20)!.time - 0.5) < 1e-12)
    }

    @Test func wholeRepeatsEndAtTheEndOfTheLastCycle() {
        let m = model(duration: 2, repeatCount: 2, fill: .forwards)
        #expect(m.local(4)?.time == 2 && m.local(4)?.iteration == 1)
        let r = model(duration: 2, repeatCount: 1, autoreverses: true, fill: .forwards)
        #expect(r.local(4)?.time == 0)                     // back at the start
        let forever = model(duration: 1, repeatCount: .infinity)
        #expect(forever.activeDuration == .infinity)
        #expect(abs(forever.local(1e6 + 0.25)!.time - 0.25) < 1e-6)
        let greatest = model(duration: 1, repeatCount: Double(Float.greatestFiniteMagnitude))
        #expect(greatest.activeDuration == .infinity)
        let byDuration = model(duration: 1, repeatDuration: 2.5, fill: .forwards)
        #expect(byDuration.activeDuration == 2.5 && byDuration.local(9)?.time == 0.5)
    }

    @Test func pausedBySpeedZero() {
        let m = model(duration: 4, speed: 0, offset: 1.5)
        #expect(m.local(0)?.time == 1.5)
        #expect(m.local(100)?.time == 1.5)
    }

    @Test func namedCurves() {
        func cp(_ f: CAMediaTimingFunction, _ i: Int) -> [Float] {
            var v: [Float] = [0, 0]
            f.getControlPoint(at: i, values: &v)
            return v
        }
        #expect(cp(CAMediaTimingFunction(name: .easeInEaseOut), 1) == [0.42, 0])
        #expect(cp(CAMediaTimingFunction(name: .easeInEaseOut), 2) == [0.58, 1])
        #expect(cp(CAMediaTimingFunction(name: .default), 1) == [0.25, 0.1])
        #expect(cp(CAMediaTimingFunction(name: .default), 2) == [0.25, 1])
        #expect(cp(CAMediaTimingFunction(name: .easeIn), 1) == [0.42, 0])
        #expect(cp(CAMediaTimingFunction(name: .easeOut), 2) == [0.58, 1])
        #expect(cp(CAMediaTimingFunction(name: .linear), 3) == [1, 1])
        #expect(CAMediaTimingFunction(name: .linear).evaluate(0.3) == 0.3)
        // Symmetric curve: half-way in time is half-way in value.
        #expect(abs(CAMediaTimingFunction(name: .easeInEaseOut).evaluate(0.5) - 0.5) < 1e-6)   // Float control points
    }

    @Test func curvesSolveXBeforeReadingY() {
        // Independent check: sample the Bézier densely and read y where x crosses the time.
        for name in [CAMediaTimingFunctionName.default, .easeIn, .easeOut, .easeInEaseOut] {
            let f = CAMediaTimingFunction(name: name)
            var c1: [Float] = [0, 0], c2: [Float] = [0, 0]
            f.getControlPoint(at: 1, values: &c1); f.getControlPoint(at: 2, values: &c2)
            func bez(_ a: Double, _ b: Double, _ s: Double) -> Double {
                3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
            }
            for x in stride(from: 0.05, through: 0.95, by: 0.15) {
                var lo = 0.0, hi = 1.0
                for _ in 0..<200 {
                    let mid = (lo + hi) / 2
                    if bez(Double(c1[0]), Double(c2[0]), mid) < x { lo = mid } else { hi = mid }
                }
                let y = bez(Double(c1[1]), Double(c2[1]), lo)
                #expect(abs(f.evaluate(x) - y) < 1e-6, "\(name.rawValue) at \(x)")
            }
        }
        // The default curve is well above linear early on.
        #expect(CAMediaTimingFunction(name: .default).evaluate(0.25) > 0.4)
    }

    @Test func layerTimeHierarchy() {
        let root = CALayer()
        let child = CALayer()
        root.addSublayer(child)
        root.speed = 2
        root.beginTime = 1
        child.timeOffset = 3
        // Root local time at media 5: (5 − 1)·2 = 8; child: 8 + 3 = 11.
        #expect(child.convertTime(5, from: nil) == 11)
        #expect(child.convertTime(11, to: nil) == 5)
        #expect(root.convertTime(11, from: child) == 8)
        #expect(child.convertTime(8, from: root) == 11)
    }
}

@Suite("Negative speed")
struct NegativeSpeedTests {
    func presented(_ speed: Float, fill: CAMediaTimingFillMode = .removed, repeats: Float = 0, at times: [Double]) throws -> [CGFloat?] {
        let clock = MediaClock(manualAt: 0)
        return try clock.run {
            let l = CALayer()
            l.position = CGPoint(x: -1, y: 0)
            CATransaction.flush()
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = 0; a.toValue = 100; a.duration = 1
            a.timingFunction = CAMediaTimingFunction(name: .linear)
            a.speed = speed; a.fillMode = fill; a.repeatCount = repeats
            a.isRemovedOnCompletion = false
            l.add(a, forKey: "x")
            CATransaction.flush()
            return try times.map { t in
                clock.set(t)
                let x = try #require(l.presentation()).position.x
                return x == -1 ? nil : x
            }
        }
    }

    @Test func aNegativeSpeedPlaysBackwards() throws {
        let x = try presented(-1, at: [0, 0.25, 0.5, 0.75, 1.5])
        #expect(x[0] == 100 && x[1] == 75 && x[2] == 50 && x[3] == 25)
        #expect(x[4] == nil)                                   // over, no fill: the model value
        let half = try presented(-0.5, at: [0.5, 1, 1.5])       // twice as long
        #expect(half == [75, 50, 25])
        // After the reversed run the local time lies before the start: a backwards fill holds
        // the start value; a forwards fill does not.
        #expect(try presented(-1, fill: .backwards, at: [2]) == [0])
        #expect(try presented(-1, fill: .forwards, at: [2]) == [nil])
        // Repeating backwards (a shimmer): wraps from the end again.
        let rep = try presented(-1, repeats: HUGE, at: [0.25, 1.25, 5.75])
        #expect(rep.allSatisfy { $0 != nil })
        #expect(rep[0] == 75 && rep[1] == 75 && rep[2] == 25)
    }
}
