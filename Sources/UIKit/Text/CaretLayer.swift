import Foundation
import QuartzCore

/// The insertion point of a text field or text view: a bar in the tint colour that blinks
/// (0.5 s shown, 0.5 s hidden, starting after 0.5 s) only in a window on screen, so snapshots
/// and offscreen renders show it still.
final class CaretLayer: CALayer {
    /// Shows the caret at `frame` in `color`, blinking when `blinking`; nil hides it.
    func place(_ frame: CGRect?, color: CGColor, blinking: Bool) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        isHidden = frame == nil
        guard let frame else { removeAllAnimations(); return }
        self.frame = frame
        backgroundColor = color
        removeAnimation(forKey: "blink")
        guard blinking else { return }
        let blink = CAKeyframeAnimation(keyPath: "opacity")
        blink.values = [1, 0]
        blink.keyTimes = [0, 0.5, 1]
        blink.calculationMode = .discrete
        blink.duration = 1
        blink.repeatCount = .infinity
        blink.beginTime = CACurrentMediaTime() + 0.5
        add(blink, forKey: "blink")
    }
}
