import Foundation

/// Recognizes taps: `numberOfTapsRequired` taps of `numberOfTouchesRequired` fingers, each
/// lifted within 10 points of where it went down and within 0.35 s of the previous tap
/// (UIKit's `UITapGestureRecognizer`; a discrete gesture).
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// Taps needed (1).
    open var numberOfTapsRequired = 1
    /// Fingers per tap (1).
    open var numberOfTouchesRequired = 1

    /// How far a finger may move and still tap, in points.
    static let allowableMovement: CGFloat = 10
    /// The longest pause between the taps of a multiple tap.
    static let tapInterval: CFTimeInterval = 0.35

    private var taps = 0
    private var touchesThisTap = 0
    private var starts: [ObjectIdentifier: CGPoint] = [:]

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        deadline = nil
        for t in touches { starts[ObjectIdentifier(t)] = t.locationInWindow }
        touchesThisTap = max(touchesThisTap, numberOfTouches)
        if numberOfTouches > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        for t in touches {
            guard let s = starts[ObjectIdentifier(t)] else { continue }
            if hypot(t.locationInWindow.x - s.x, t.locationInWindow.y - s.y) > Self.allowableMovement { state = .failed }
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        touchesMoved(touches, with: event)
        guard state == .possible, numberOfTouches == touches.count else { return }   // the last finger lifted
        guard touchesThisTap == numberOfTouchesRequired else { state = .failed; return }
        taps += 1
        touchesThisTap = 0
        starts = [:]
        if taps >= numberOfTapsRequired {
            state = .ended
        } else {
            deadline = event.timestamp + Self.tapInterval
        }
    }

    override func deadlinePassed() {
        if state == .possible { state = .failed }
    }

    open override func reset() {
        super.reset()
        taps = 0
        touchesThisTap = 0
        starts = [:]
    }
}
