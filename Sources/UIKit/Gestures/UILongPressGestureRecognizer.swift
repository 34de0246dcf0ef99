import Foundation

/// Recognizes a press held for `minimumPressDuration` without moving more than
/// `allowableMovement` (UIKit's `UILongPressGestureRecognizer`; continuous: it begins when the
/// time is up, changes as the fingers move, and ends when they lift).
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// How long the fingers must be held (0.5 s).
    open var minimumPressDuration: TimeInterval = 0.5
    /// Fingers needed (1).
    open var numberOfTouchesRequired = 1
    /// Taps before the press (0).
    open var numberOfTapsRequired = 0
    /// How far the fingers may move before the press begins, in points (10).
    open var allowableMovement: CGFloat = 10

    private var start: CGPoint?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        if numberOfTouches > numberOfTouchesRequired { state = .failed; return }
        if numberOfTouches == numberOfTouchesRequired {
            start = location(in: nil)
            let d = minimumPressDuration.isFinite ? max(0, minimumPressDuration) : 0.5
            deadline = event.timestamp + d
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible:
            guard let s = start else { return }
            let p = location(in: nil)
            if hypot(p.x - s.x, p.y - s.y) > allowableMovement { state = .failed }
        case .began, .changed:
            state = .changed
        default: break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible: state = .failed                  // lifted too soon
        case .began, .changed: state = .ended
        default: break
        }
    }

    override func deadlinePassed() {
        if state == .possible, numberOfTouches == numberOfTouchesRequired { state = .began }
    }

    open override func reset() {
        super.reset()
        start = nil
    }
}
