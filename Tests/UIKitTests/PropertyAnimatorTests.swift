import Testing
import Foundation
@testable import UIKit

/// UIViewPropertyAnimator: start, pause, scrub, continue, reverse, stop and finish, on a
/// window's clock.
@MainActor
@Suite("UIViewPropertyAnimator")
struct PropertyAnimatorTests {
    func x(_ window: UIWindow, _ v: UIView) -> CGFloat? { window.run { v.layer.presentation()?.position.x } }

    @Test func runsToTheEndAndCompletes() {
        let (window, v) = shownView()   // center (50, 50)
        var positions: [UIViewAnimatingPosition] = []
        let a = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.center.x = 150 }
        a.addCompletion { positions.append($0) }
        #expect(a.state == .inactive && !a.isRunning)
        window.run { a.startAnimation() }
        #expect(a.state == .active && a.isRunning && v.center.x == 150)
        window.advance(to: 0.5)
        #expect(close(x(window, v), 100, 1e-3))
        #expect(close(window.run { a.fractionComplete }, 0.5, 1e-6))
        window.advance(to: 1.05)
        #expect(positions == [.end] && a.state == .inactive && v.center.x == 150)
    }

    @Test func pausesScrubsAndContinues() {
        let (window, v) = shownView()
        var positions: [UIViewAnimatingPosition] = []
        let a = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.center.x = 150 }
        a.addCompletion { positions.append($0) }
        window.run { a.startAnimation() }
        window.advance(to: 0.25)
        window.run { a.pauseAnimation() }
        #expect(a.state == .active && !a.isRunning)
        window.advance(to: 0.75)
        #expect(close(x(window, v), 75, 1e-3))                       // held at a quarter
        window.run { a.fractionComplete = 0.8 }
        window.advance(to: 0.8)
        #expect(close(x(window, v), 130, 1e-3))                      // scrubbed
        #expect(close(window.run { a.fractionComplete }, 0.8, 1e-9))
        window.run { a.startAnimation() }                           // continue: 0.2 s left
        window.advance(to: 0.9)
        #expect(close(x(window, v), 140, 1e-3))
        window.advance(to: 1.05)
        #expect(positions == [.end] && v.center.x == 150)
    }

    @Test func reversedAnimatorsGoBackAndEndAtTheStart() {
        let (window, v) = shownView()
        var positions: [UIViewAnimatingPosition] = []
        let a = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.center.x = 150 }
        a.addCompletion { positions.append($0) }
        window.run { a.startAnimation() }
        window.advance(to: 0.5)
        window.run { a.isReversed = true }
        #expect(a.isReversed && a.isRunning)
        window.advance(to: 0.75)
        #expect(close(x(window, v), 75, 1e-3))                       // a quarter back
        window.advance(to: 1.05)
        #expect(positions == [.start] && v.center.x == 50)
    }

    @Test func stoppingKeepsTheCurrentValuesUntilFinished() {
        let (window, v) = shownView()
        var positions: [UIViewAnimatingPosition] = []
        let a = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.center.x = 150; v.alpha = 0 }
        a.addCompletion { positions.append($0) }
        window.run { a.startAnimation() }
        window.advance(to: 0.5)
        window.run { a.stopAnimation(false) }
        #expect(a.state == .stopped && positions.isEmpty)
        #expect(close(v.center.x, 100, 1e-3) && close(v.alpha, 0.5, 1e-3))
        #expect(v.layer.animationKeys() == nil)
        window.run { a.finishAnimation(at: .start) }
        #expect(positions == [.start] && v.center.x == 50 && v.alpha == 1 && a.state == .inactive)
        // Stopping without finishing ends it with no completion.
        let b = UIViewPropertyAnimator(duration: 1, curve: .easeOut) { v.center.x = 250 }
        var called = false
        b.addCompletion { _ in called = true }
        window.run { b.startAnimation() }
        window.advance(to: 1.0)
        window.run { b.stopAnimation(true) }
        #expect(b.state == .inactive && !called)
    }

    @Test func springsAndCustomCurvesRunTheirDuration() {
        let (window, v) = shownView()
        var done = 0
        let spring = UIViewPropertyAnimator(duration: 0.6, dampingRatio: 0.4) { v.center.y = 200 }
        spring.addCompletion { _ in done += 1 }
        let curve = UIViewPropertyAnimator(duration: 0.6, controlPoint1: CGPoint(x: 0.1, y: 0.9), controlPoint2: CGPoint(x: CGFloat.nan, y: 1)) {
            v.center.x = 200
        }
        curve.addCompletion { _ in done += 1 }
        #expect(curve.timingParameters?.cubicTimingParameters?.controlPoint2 == CGPoint(x: 0, y: 1))   // NaN clamped
        window.run { spring.startAnimation(); curve.startAnimation() }
        window.advance(to: 0.3)
        // The custom curve is mostly done halfway (its start is steep).
        #expect((x(window, v) ?? 0) > 150)
        window.advance(to: 0.7)
        #expect(done == 2 && v.center == CGPoint(x: 200, y: 200))
        // A running animator made in one call.
        var ended: UIViewAnimatingPosition?
        let running = window.run {
            UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.2, delay: 0.1, options: .curveLinear,
                                                           animations: { v.alpha = 0.2 }, completion: { ended = $0 })
        }
        #expect(running.isRunning)
        window.advance(to: 1.1)
        #expect(ended == .end && close(v.alpha, 0.2, 1e-6))
        // A zero or NaN duration ends at once.
        let instant = UIViewPropertyAnimator(duration: .nan, curve: .linear) { v.alpha = 1 }
        #expect(instant.duration == 0)
    }
}
