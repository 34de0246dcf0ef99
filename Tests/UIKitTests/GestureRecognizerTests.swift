import Foundation
import Testing
import LaminaWindow
import UIKit

/// Gesture recognizers fed by the window's touches (headless: the window's touch methods and
/// clock stand in for a finger and time).
@MainActor
@Suite("Gesture recognizers") struct GestureRecognizerTests {
    final class Log { var items: [String] = [] }

    func scene() -> (UIWindow, UIView) {
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let v = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        w.addSubview(v)
        w.makeKeyAndVisible()
        return (w, v)
    }

    @Test func tapsAreRecognizedAndMovingFails() {
        let (w, v) = scene()
        let log = Log()
        let tap = UITapGestureRecognizer(target: log, action: { l, g in l.items.append("tap \(g.state.rawValue)") })
        v.addGestureRecognizer(tap)
        #expect(v.gestureRecognizers?.count == 1 && tap.view === v)
        w.tap(at: CGPoint(x: 100, y: 100))
        #expect(log.items == ["tap 3"])                       // .ended == .recognized
        #expect(tap.state == .possible)                      // reset after the gesture
        // A finger that moves 30 points is not a tap.
        let t = w.touchDown(at: CGPoint(x: 60, y: 60))!
        w.touchMove(t, to: CGPoint(x: 90, y: 60))
        w.touchUp(t)
        #expect(log.items.count == 1)
        // Outside the view: nothing.
        w.tap(at: CGPoint(x: 10, y: 10))
        #expect(log.items.count == 1)
    }

    @Test func aSingleTapWaitsForTheDoubleTapToFail() {
        let (w, v) = scene()
        let log = Log()
        let double = UITapGestureRecognizer(target: log, action: { $0.items.append("double") })
        double.numberOfTapsRequired = 2
        let single = UITapGestureRecognizer(target: log, action: { $0.items.append("single") })
        single.require(toFail: double)
        v.addGestureRecognizer(single)
        v.addGestureRecognizer(double)
        w.advance(to: 1)
        w.tap(at: CGPoint(x: 100, y: 100))
        #expect(log.items.isEmpty)                           // the double tap may still come
        w.advance(to: 1.1)
        w.tap(at: CGPoint(x: 100, y: 100))
        #expect(log.items == ["double"])
        // One tap, then time passes: the double tap fails and the single tap is recognized.
        w.advance(to: 3)
        w.tap(at: CGPoint(x: 100, y: 100))
        #expect(log.items == ["double"])
        w.advance(to: 3.5)
        #expect(log.items == ["double", "single"])
    }

    @Test func longPressBeginsAfterItsDurationAndMovesUntilLifted() {
        let (w, v) = scene()
        let log = Log()
        let press = UILongPressGestureRecognizer(target: log, action: { l, g in l.items.append("\(g.state)") })
        v.addGestureRecognizer(press)
        w.advance(to: 10)
        let t = w.touchDown(at: CGPoint(x: 100, y: 100))!
        w.advance(to: 10.3)
        #expect(log.items.isEmpty)
        w.advance(to: 10.6)
        #expect(log.items == ["began"])
        w.touchMove(t, to: CGPoint(x: 140, y: 100))
        w.touchUp(t)
        #expect(log.items == ["began", "changed", "ended"])
        // Lifted too soon: no press.
        w.advance(to: 20)
        let quick = w.touchDown(at: CGPoint(x: 100, y: 100))!
        w.advance(to: 20.2)
        w.touchUp(quick)
        w.advance(to: 21)
        #expect(log.items.count == 3)
    }

    @Test func panReportsTranslationAndVelocityAndCancelsTheViewsTouches() {
        let (w, _) = scene()
        final class Tracker: UIView {
            var log: [String] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("began") }
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("moved") }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("ended") }
            override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("cancelled") }
        }
        let v = Tracker(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        w.addSubview(v)
        let log = Log()
        var translations: [CGPoint] = []
        var velocity = CGPoint.zero
        let pan = UIPanGestureRecognizer(target: log, action: { l, g in
            let p = g as! UIPanGestureRecognizer
            l.items.append("\(g.state)")
            translations.append(p.translation(in: v))
            if g.state == .changed { velocity = p.velocity(in: v) }
        })
        v.addGestureRecognizer(pan)
        w.advance(to: 1)
        let t = w.touchDown(at: CGPoint(x: 20, y: 20))!
        w.advance(to: 1.02)
        w.touchMove(t, to: CGPoint(x: 25, y: 20))              // within the hysteresis
        #expect(log.items.isEmpty)
        w.advance(to: 1.04)
        w.touchMove(t, to: CGPoint(x: 40, y: 20))
        w.advance(to: 1.06)
        w.touchMove(t, to: CGPoint(x: 60, y: 30))
        w.advance(to: 1.07)
        w.touchMove(t, to: CGPoint(x: 60, y: 30))              // every update is reported
        w.touchUp(t)
        #expect(log.items == ["began", "changed", "changed", "ended"])
        #expect(translations.first == CGPoint(x: 20, y: 0))
        #expect(translations.last == CGPoint(x: 40, y: 10))
        #expect(velocity.x > 500 && velocity.x < 2000)          // 40 points in 0.04 s
        // The view saw the touch begin and move, then cancelled when the pan began.
        #expect(v.log == ["began", "moved", "cancelled"])
        // setTranslation rebases.
        pan.setTranslation(.zero, in: v)
    }

    @Test func pinchScalesWithTwoFingers() {
        let (w, v) = scene()
        let log = Log()
        var scales: [CGFloat] = []
        let pinch = UIPinchGestureRecognizer(target: log, action: { l, g in
            l.items.append("\(g.state)")
            scales.append((g as! UIPinchGestureRecognizer).scale)
        })
        v.addGestureRecognizer(pinch)
        let a = w.touchDown(at: CGPoint(x: 80, y: 100))!
        let b = w.touchDown(at: CGPoint(x: 120, y: 100))!     // 40 apart
        #expect(pinch.numberOfTouches == 2)
        w.touchMove(b, to: CGPoint(x: 160, y: 100))            // 80 apart
        w.touchUp(b)
        w.touchUp(a)
        #expect(log.items == ["began", "ended"])
        #expect(abs(scales[0] - 2) < 1e-9)
    }

    @Test func aControlsTapWinsOverItsAncestorsTapRecognizer() {
        let (w, v) = scene()
        let log = Log()
        let tap = UITapGestureRecognizer(target: log, action: { $0.items.append("tap") })
        v.addGestureRecognizer(tap)
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        button.addAction(UIAction { _ in log.items.append("button") }, for: .touchUpInside)
        v.addSubview(button)
        w.tap(at: CGPoint(x: 70, y: 70))                       // on the button
        #expect(log.items == ["button"])
        w.tap(at: CGPoint(x: 130, y: 130))                     // beside it
        #expect(log.items == ["button", "tap"])
    }

    @Test func delegatesRefuseAndAllowSimultaneousRecognition() {
        let (w, v) = scene()
        final class Delegate: UIGestureRecognizerDelegate {
            var begin = true, together = false
            func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool { begin }
            func gestureRecognizer(_ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith o: UIGestureRecognizer) -> Bool { together }
        }
        let d = Delegate()
        let log = Log()
        let a = UITapGestureRecognizer(target: log, action: { $0.items.append("a") })
        let b = UITapGestureRecognizer(target: log, action: { $0.items.append("b") })
        a.delegate = d
        v.addGestureRecognizer(a)
        w.addGestureRecognizer(b)
        w.tap(at: CGPoint(x: 100, y: 100))
        #expect(log.items == ["a"])                            // the inner one wins, the outer fails
        d.together = true
        w.tap(at: CGPoint(x: 100, y: 100))
        #expect(log.items == ["a", "a", "b"])
        d.begin = false
        w.tap(at: CGPoint(x: 100, y: 100))
        #expect(log.items == ["a", "a", "b", "b"])
    }

    /// A drag that begins on a button inside a scroll view scrolls, and the button's touch is
    /// cancelled (no action); a tap on the button still acts.
    @Test func dragsFromAButtonScrollTheScrollView() {
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let scroll = UIScrollView(frame: w.bounds)
        scroll.contentSize = CGSize(width: 200, height: 1000)
        w.addSubview(scroll)
        let log = Log()
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 20, y: 100, width: 160, height: 60)
        button.addAction(UIAction { _ in log.items.append("button") }, for: .touchUpInside)
        scroll.addSubview(button)
        w.makeKeyAndVisible()
        #expect(scroll.panGestureRecognizer.view === scroll)
        let t = w.touchDown(at: CGPoint(x: 100, y: 130))!
        #expect(button.isHighlighted)
        w.touchMove(t, to: CGPoint(x: 100, y: 110))
        w.touchMove(t, to: CGPoint(x: 100, y: 60))
        #expect(scroll.isDragging && scroll.contentOffset.y == 70)
        #expect(!button.isHighlighted)
        w.touchUp(t)
        #expect(log.items.isEmpty && !scroll.isDragging)
        w.tap(at: CGPoint(x: 100, y: 130 - 70))
        #expect(log.items == ["button"])
        scroll.isScrollEnabled = false
        #expect(!scroll.panGestureRecognizer.isEnabled)
    }

    /// A flick carries the content on (v·r/(1−r) points at `decelerationRate` r) and tells the
    /// delegate; a paging flick goes to the next page even when short.
    @Test func flicksDecelerate() {
        final class Delegate: UIScrollViewDelegate {
            var velocity = CGPoint.zero, target = CGPoint.zero, ended = 0
            func scrollViewWillEndDragging(_ s: UIScrollView, withVelocity v: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>) {
                velocity = v; target = targetContentOffset.pointee
            }
            func scrollViewDidEndDecelerating(_ s: UIScrollView) { ended += 1 }
        }
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let scroll = UIScrollView(frame: w.bounds)
        scroll.contentSize = CGSize(width: 200, height: 5000)
        let d = Delegate()
        scroll.delegate = d
        w.addSubview(scroll)
        w.makeKeyAndVisible()
        w.advance(to: 1)
        let t = w.touchDown(at: CGPoint(x: 100, y: 180))!
        for k in 1...5 {
            w.advance(to: 1 + Double(k) * 0.01)
            w.touchMove(t, to: CGPoint(x: 100, y: 180 - CGFloat(k) * 20))   // 2,000 points/s upward
        }
        let lifted = scroll.contentOffset.y
        w.touchUp(t)
        #expect(abs(d.velocity.y - 2) < 0.01)                  // content moves down at 2 pt/ms
        #expect(abs(d.target.y - (lifted + 2 * 0.998 / 0.002)) < 1)   // 998 points further
        #expect(scroll.isDecelerating)
        _ = w.render(atTime: 5)
        #expect(abs(scroll.layer.presentation()!.bounds.origin.y - d.target.y) < 0.5 && d.ended == 1 && !scroll.isDecelerating)
        // Paging: a short quick flick turns one page.
        let pager = UIScrollView(frame: w.bounds)
        pager.isPagingEnabled = true
        pager.contentSize = CGSize(width: 1000, height: 200)
        w.addSubview(pager)
        w.advance(to: 6)
        let f = w.touchDown(at: CGPoint(x: 150, y: 100))!
        for k in 1...3 {
            w.advance(to: 6 + Double(k) * 0.01)
            w.touchMove(f, to: CGPoint(x: 150 - CGFloat(k) * 12, y: 100))
        }
        w.touchUp(f)
        _ = w.render(atTime: 8)
        #expect(pager.contentOffset.x == 200)
    }

    /// Window events from a touch screen (two fingers) become touches: a pinch; the primary
    /// pointer button becomes a touch too, other buttons do not.
    @Test func windowEventsBecomeTouches() {
        let (w, v) = scene()
        let log = Log()
        var scale: CGFloat = 0
        let pinch = UIPinchGestureRecognizer(target: log, action: { l, g in
            l.items.append("pinch \(g.state)")
            scale = (g as! UIPinchGestureRecognizer).scale
        })
        v.addGestureRecognizer(pinch)
        let tap = UITapGestureRecognizer(target: log, action: { $0.items.append("tap") })
        w.addGestureRecognizer(tap)
        w.handle(.touchDown(id: 7, CGPoint(x: 90, y: 100), time: 0))
        w.handle(.touchDown(id: 8, CGPoint(x: 110, y: 100), time: 0))
        w.handle(.touchMoved(id: 8, CGPoint(x: 150, y: 100), time: 0))    // 20 → 60 apart
        w.handle(.touchUp(id: 8, CGPoint(x: 150, y: 100), time: 0))
        w.handle(.touchUp(id: 7, CGPoint(x: 90, y: 100), time: 0))
        #expect(log.items == ["pinch began", "pinch ended"] && abs(scale - 3) < 1e-9)
        w.handle(.pointerDown(CGPoint(x: 10, y: 10), button: 3, clicks: 1, time: 0))   // right button: nothing
        w.handle(.pointerUp(CGPoint(x: 10, y: 10), button: 3, time: 0))
        #expect(log.items.count == 2)
        w.handle(.pointerDown(CGPoint(x: 10, y: 10), button: 1, clicks: 1, time: 0))
        w.handle(.pointerUp(CGPoint(x: 10, y: 10), button: 1, time: 0))
        #expect(log.items.last == "tap")
    }

    /// A flick toward the end overshoots the edge, then springs back to it; without `bounces`
    /// it stops at the edge.
    @Test(arguments: [true, false])
    func flicksPastTheEdgeBounceBack(_ bounces: Bool) {
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let scroll = UIScrollView(frame: w.bounds)
        scroll.contentSize = CGSize(width: 200, height: 600)     // offsets 0...400
        scroll.bounces = bounces
        w.addSubview(scroll)
        w.makeKeyAndVisible()
        scroll.contentOffset = CGPoint(x: 0, y: 300)
        w.advance(to: 1)
        let t = w.touchDown(at: CGPoint(x: 100, y: 180))!
        for k in 1...5 {
            w.advance(to: 1 + Double(k) * 0.01)
            w.touchMove(t, to: CGPoint(x: 100, y: 180 - CGFloat(k) * 10))   // 1,000 points/s upward
        }
        w.touchUp(t)
        var furthest: CGFloat = 0
        for k in 1...40 {
            _ = w.render(atTime: 1.05 + Double(k) * 0.05)
            furthest = max(furthest, scroll.layer.presentation()!.bounds.origin.y)
        }
        #expect(scroll.contentOffset.y == 400)
        #expect(abs(scroll.layer.presentation()!.bounds.origin.y - 400) < 0.5)
        if bounces {
            #expect(furthest > 405 && furthest <= 420.5, "\(furthest)")   // at most a tenth of 200
        } else {
            #expect(furthest <= 400.5, "\(furthest)")
        }
    }
}
