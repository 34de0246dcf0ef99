import Foundation

/// Recognizes two fingers pinching (UIKit's `UIPinchGestureRecognizer`; continuous): ``scale``
/// is the fingers' distance over their distance when they went down; it begins once the distance
/// changed by 10 points and ends when a finger lifts.
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// The scale since the pinch began (setting it, usually to 1, rebases it).
    open var scale: CGFloat {
        get {
            guard trackedTouches.count >= 2 else { return lastScale }
            guard referenceDistance > 0 else { return referenceScale }
            return referenceScale * currentDistance / referenceDistance
        }
        set {
            referenceScale = newValue.isFinite ? newValue : 1
            referenceDistance = currentDistance
            lastScale = referenceScale
        }
    }
    /// Scale per second over the last 0.1 s.
    open private(set) var velocity: CGFloat = 0

    /// How much the distance must change before a pinch begins, in points.
    static let hysteresis: CGFloat = 10

    private var startDistance: CGFloat = 0
    private var referenceDistance: CGFloat = 0
    private var referenceScale: CGFloat = 1
    private var motion = RecentMotion()
    /// The scale when the second finger lifted (kept for the `.ended` action).
    private var lastScale: CGFloat = 1

    private var currentDistance: CGFloat {
        guard trackedTouches.count >= 2 else { return referenceDistance }
        let a = trackedTouches[0].locationInWindow, b = trackedTouches[1].locationInWindow
        return hypot(a.x - b.x, a.y - b.y)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard twoFingersWentDown() else { return }
        startDistance = currentDistance
        referenceDistance = startDistance
        referenceScale = 1
        motion.restart(1, at: event.timestamp)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard numberOfTouches == 2 else { return }
        lastScale = scale
        motion.add(scale, at: event.timestamp)
        velocity = motion.velocity.x
        switch state {
        case .possible:
            if abs(currentDistance - startDistance) >= Self.hysteresis { state = .began }
        case .began, .changed:
            state = .changed
        default: break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if trackedTouches.count >= 2 { lastScale = scale }
        twoFingerTouchesEnded(touches)
    }

    open override func reset() {
        super.reset()
        startDistance = 0
        referenceDistance = 0
        referenceScale = 1
        lastScale = 1
        velocity = 0
        motion.restart()
    }
}
