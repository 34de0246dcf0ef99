import Foundation

/// Recognizes two fingers turning (UIKit's `UIRotationGestureRecognizer`; continuous):
/// ``rotation`` is the angle in radians the line between the fingers has turned since they went
/// down, clockwise positive on screen, counted through whole turns; it begins once that angle
/// reaches `hysteresis` and ends when a finger lifts.
///
/// [U] UIKit does not document its threshold; Lamina begins at 0.05 radians (about 3 degrees).
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    /// The rotation since the gesture began, in radians (setting it, usually to 0, rebases it).
    open var rotation: CGFloat {
        get { trackedTouches.count >= 2 ? referenceRotation + (turned - referenceTurn) : lastRotation }
        set {
            referenceRotation = newValue.isFinite ? newValue : 0
            referenceTurn = turned
            lastRotation = referenceRotation
        }
    }
    /// Radians per second over the last 0.1 s.
    open private(set) var velocity: CGFloat = 0

    /// How far the fingers must turn before the gesture begins, in radians.
    static let hysteresis: CGFloat = 0.05

    /// The angle turned since the fingers went down, unwrapped (so it passes ±π continuously).
    private var turned: CGFloat = 0
    private var lastAngle: CGFloat = 0
    private var referenceTurn: CGFloat = 0
    private var referenceRotation: CGFloat = 0
    private var lastRotation: CGFloat = 0
    private var motion = RecentMotion()

    private var currentAngle: CGFloat {
        guard trackedTouches.count >= 2 else { return lastAngle }
        let a = trackedTouches[0].locationInWindow, b = trackedTouches[1].locationInWindow
        return atan2(b.y - a.y, b.x - a.x)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard twoFingersWentDown() else { return }
        lastAngle = currentAngle
        turned = 0
        referenceTurn = 0
        referenceRotation = 0
        motion.restart(0, at: event.timestamp)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard numberOfTouches == 2 else { return }
        let angle = currentAngle
        var delta = angle - lastAngle
        // The shorter way round: a step never turns more than half a turn.
        if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
        if delta.isFinite { turned += delta }
        lastAngle = angle
        lastRotation = rotation
        motion.add(rotation, at: event.timestamp)
        velocity = motion.velocity.x
        switch state {
        case .possible:
            if abs(turned) >= Self.hysteresis { state = .began }
        case .began, .changed:
            state = .changed
        default: break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if trackedTouches.count >= 2 { lastRotation = rotation }
        twoFingerTouchesEnded(touches)
    }

    open override func reset() {
        super.reset()
        turned = 0
        lastAngle = 0
        referenceTurn = 0
        referenceRotation = 0
        lastRotation = 0
        velocity = 0
        motion.restart()
    }
}
