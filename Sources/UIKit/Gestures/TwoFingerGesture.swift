import Foundation

/// What pinch and rotation recognizers share: they track exactly two fingers.
extension UIGestureRecognizer {
    /// Whether touches that went down start tracking a two-finger gesture: only with two fingers
    /// while possible; a third finger before recognition fails it.
    func twoFingersWentDown() -> Bool {
        guard numberOfTouches == 2, state == .possible else {
            if numberOfTouches > 2, state == .possible { state = .failed }
            return false
        }
        return true
    }

    /// Fingers lifted: a recognized gesture ends; one not yet recognized fails once no finger
    /// is left.
    func twoFingerTouchesEnded(_ touches: Set<UITouch>) {
        switch state {
        case .began, .changed: state = .ended
        case .possible: if numberOfTouches - touches.count <= 0 { state = .failed }
        default: break
        }
    }
}
