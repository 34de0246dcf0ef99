import Foundation

/// Recognizes a drag (UIKit's `UIPanGestureRecognizer`; continuous): it begins once the
/// fingers' centroid moved 10 points, reports the translation from where they went down and a
/// velocity, and ends when the last finger lifts.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// The fewest fingers that pan (1).
    open var minimumNumberOfTouches = 1
    /// The most fingers that pan (no limit).
    open var maximumNumberOfTouches = Int.max

    /// How far the centroid moves before a pan begins, in points.
    static let hysteresis: CGFloat = 10

    /// Where the centroid was when the translation was zero, in window coordinates.
    private var origin: CGPoint = .zero
    /// Translation added by ``setTranslation(_:in:)`` and by fingers joining or leaving.
    private var offset: CGPoint = .zero
    private var motion = RecentMotion()
    private var touchCount = 0

    /// The translation in `view`'s coordinate system (the window's when nil) since the pan's
    /// fingers went down.
    open func translation(in view: UIView?) -> CGPoint {
        let p = location(in: nil)
        let w = CGPoint(x: p.x - origin.x + offset.x, y: p.y - origin.y + offset.y)
        return vector(w, in: view)
    }

    /// Sets the translation as seen in `view` (usually to zero after applying it).
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let p = location(in: nil)
        // The translation is kept in window coordinates.
        let zero = vector(.zero, in: view, inverse: true), t = vector(translation, in: view, inverse: true)
        offset = CGPoint(x: t.x - zero.x - (p.x - origin.x), y: t.y - zero.y - (p.y - origin.y))
    }

    /// The velocity in `view`'s coordinates, points per second, over the last 0.1 s.
    open func velocity(in view: UIView?) -> CGPoint {
        vector(motion.velocity, in: view)
    }

    /// A window-space vector in `view`'s coordinates (or back, `inverse`).
    private func vector(_ v: CGPoint, in view: UIView?, inverse: Bool = false) -> CGPoint {
        guard let view else { return v }
        if inverse {
            let a = view.convert(CGPoint.zero, to: nil), b = view.convert(v, to: nil)
            return CGPoint(x: b.x - a.x, y: b.y - a.y)
        }
        let a = view.convert(CGPoint.zero, from: nil), b = view.convert(v, from: nil)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    private func sample(_ time: CFTimeInterval) { motion.add(location(in: nil), at: time) }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches > maximumNumberOfTouches {
            if state == .possible { state = .failed }
            return
        }
        if touchCount == 0 {
            origin = location(in: nil)
        } else {
            // A finger joined: the centroid jumps, the translation does not.
            let before = centroid(trackedTouches.filter { !touches.contains($0) }.map(\.locationInWindow))
            offset = CGPoint(x: before.x - origin.x + offset.x, y: before.y - origin.y + offset.y)
            origin = location(in: nil)
        }
        touchCount = numberOfTouches
        motion.restart()
        sample(event.timestamp)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        sample(event.timestamp)
        switch state {
        case .possible:
            guard numberOfTouches >= minimumNumberOfTouches else { return }
            let p = location(in: nil)
            if hypot(p.x - origin.x, p.y - origin.y) >= Self.hysteresis { state = .began }
        case .began, .changed:
            state = .changed
        default: break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        let remaining = numberOfTouches - touches.count
        if remaining <= 0 {
            switch state {
            case .began, .changed: state = .ended
            case .possible: state = .failed
            default: break
            }
            return
        }
        // A finger lifted but others go on: keep the translation continuous.
        let before = location(in: nil)
        let t = CGPoint(x: before.x - origin.x + offset.x, y: before.y - origin.y + offset.y)
        let others = trackedTouches.filter { !touches.contains($0) }.map(\.locationInWindow)
        origin = centroid(others)
        offset = t
        touchCount = remaining
        motion.restart()
        if remaining < minimumNumberOfTouches, state == .began || state == .changed { state = .ended }
    }

    open override func reset() {
        super.reset()
        origin = .zero
        offset = .zero
        motion.restart()
        touchCount = 0
    }
}
