import Foundation
import QuartzCore

extension UIView {
    /// The gesture recognizers attached to the view (nil when none).
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedGestureRecognizers.isEmpty ? nil : attachedGestureRecognizers }
        set {
            for g in attachedGestureRecognizers { g.view = nil }
            attachedGestureRecognizers = []
            for g in newValue ?? [] { addGestureRecognizer(g) }
        }
    }

    /// Attaches a recognizer (moving it from the view it was on).
    public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        if let old = gestureRecognizer.view, old !== self { old.removeGestureRecognizer(gestureRecognizer) }
        guard !attachedGestureRecognizers.contains(where: { $0 === gestureRecognizer }) else { return }
        attachedGestureRecognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    /// Detaches a recognizer.
    public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        attachedGestureRecognizers.removeAll { $0 === gestureRecognizer }
        if gestureRecognizer.view === self { gestureRecognizer.view = nil }
    }

    /// The recognizers that see a touch beginning in this view: its own and its ancestors',
    /// innermost first.
    func recognizersForTouch() -> [UIGestureRecognizer] {
        var out: [UIGestureRecognizer] = []
        var v: UIView? = self
        while let view = v {
            out += view.attachedGestureRecognizers.filter(\.isEnabled)
            v = view.superview
        }
        return out
    }
}

extension UIWindow {
    /// Delivers a touch in its current phase: first to its gesture recognizers, then (unless a
    /// recognizer cancelled the view's touches) to its view; what the handlers changed commits.
    func dispatchTouch(_ touch: UITouch, _ event: UIEvent, to view: UIView) {
        deliverOnClock {
            let recognizers = touch.gestureRecognizers ?? []
            if touch.phase == .began {
                for g in recognizers {
                    g.window = self
                    if !trackingRecognizers.contains(where: { $0 === g }) { trackingRecognizers.append(g) }
                    g.begin(touch, event)
                }
            } else {
                for g in recognizers where g.trackedTouches.contains(where: { $0 === touch }) { g.receive(touch, event) }
            }
            settleGestures(current: touch)
            if !touch.viewTouchesCancelled {
                switch touch.phase {
                case .began: view.touchesBegan([touch], with: event)
                case .moved, .stationary: view.touchesMoved([touch], with: event)
                case .ended: view.touchesEnded([touch], with: event)
                case .cancelled: view.touchesCancelled([touch], with: event)
                }
            }
            if touch.phase == .ended || touch.phase == .cancelled { finishGestures() }
        }
    }

    /// Calls the recognizers whose time limits passed by media time `time` (taps waiting for a
    /// next tap, long presses), then settles them.
    func fireGestureDeadlines(at time: CFTimeInterval) {
        let due = trackingRecognizers.filter { ($0.deadline ?? .infinity) <= time }
        guard !due.isEmpty else { return }
        deliverOnClock {
            for g in due {
                g.deadline = nil
                g.deadlinePassed()
            }
            settleGestures(current: nil)
            finishGestures()
        }
    }

    /// Acts on the recognizers' state changes: recognition (with its exclusivity, failure
    /// requirements and touch cancellation), actions, and failures.
    func settleGestures(current: UITouch? = nil) {
        var progress = true
        var rounds = 0
        while progress && rounds < 64 {
            progress = false
            rounds += 1
            for g in trackingRecognizers {
                let recognizing = g.notifiedState == .possible && (g.state == .began || g.state == .ended || g.heldRecognition != nil)
                if recognizing {
                    let wanted = g.heldRecognition ?? g.state
                    let shouldBegin = (g.delegate?.gestureRecognizerShouldBegin(g) ?? true) && (g.view?.gestureRecognizerShouldBegin(g) ?? true)
                    let requirements = g.requiredToFail
                    let blockedByRecognized = trackingRecognizers.contains { o in
                        guard o !== g, sharesTouches(o, g), !g.recognizesSimultaneously(with: o) else { return false }
                        return o.notifiedState == .began || o.notifiedState == .changed || (o.notifiedState == .ended && o.state == .ended)
                    }
                    if !shouldBegin || blockedByRecognized || controlTakesTap(g) || requirements.contains(where: { $0.notifiedState == .began || $0.notifiedState == .changed || $0.notifiedState == .ended }) {
                        g.heldRecognition = nil
                        g.state = .failed
                        g.notifiedState = .failed
                        progress = true
                        continue
                    }
                    // Wait while a recognizer this one requires to fail is still undecided (or is
                    // recognizing and not yet acted on: the next round fails this one).
                    if requirements.contains(where: { $0.state != .failed && $0.state != .cancelled && trackingRecognizers.contains($0) }) {
                        if g.heldRecognition == nil { g.heldRecognition = wanted }
                        continue
                    }
                    g.heldRecognition = nil
                    g.state = wanted
                    for o in trackingRecognizers where o !== g && o.state == .possible && o.heldRecognition == nil
                        && sharesTouches(o, g) && !g.recognizesSimultaneously(with: o) {
                        o.state = .failed
                        o.notifiedState = .failed
                    }
                    if g.cancelsTouchesInView {
                        for t in g.touchesSeen where !t.viewTouchesCancelled {
                            t.viewTouchesCancelled = true
                            let stillDown = activeTouchList.contains { $0 === t } || t === current
                            guard stillDown, let v = t.view else { continue }
                            let e = UIEvent()
                            e.timestamp = clock.now
                            e.touches = [t]
                            v.touchesCancelled([t], with: e)
                        }
                    }
                    g.notifiedState = g.state
                    g.changeUnsent = false
                    g.sendActions()
                    progress = true
                } else if g.state != g.notifiedState || (g.state == .changed && g.changeUnsent) {
                    let was = g.notifiedState
                    g.notifiedState = g.state
                    g.changeUnsent = false
                    progress = true
                    if g.state == .failed || g.state == .possible { continue }
                    if was == .began || was == .changed { g.sendActions() }
                }
            }
        }
    }

    /// A control's own tap wins over a single-finger single-tap recognizer of an ancestor, as
    /// documented for iOS 6 and later ("default control actions prevent overlapping gesture
    /// recognizer behavior"): the tap's touch began in a control below the recognizer's view.
    private func controlTakesTap(_ g: UIGestureRecognizer) -> Bool {
        guard let tap = g as? UITapGestureRecognizer, tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1 else { return false }
        for t in g.touchesSeen {
            var v = t.view
            while let view = v, view !== g.view {
                if view is UIControl { return true }
                v = view.superview
            }
        }
        return false
    }

    private func sharesTouches(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        a.touchesSeen.contains { t in b.touchesSeen.contains { $0 === t } }
    }

    /// Resets recognizers whose gestures are over and drops them from the tracking list.
    func finishGestures() {
        for g in trackingRecognizers { g.resetIfFinished() }
        trackingRecognizers.removeAll { $0.state == .possible && $0.trackedTouches.isEmpty && $0.deadline == nil && $0.heldRecognition == nil }
    }

    private func deliverOnClock(_ body: () -> Void) {
        clock.run {
            body()
            CATransaction.flush()
        }
    }
}
