import Foundation

extension UIView {
    /// Runs `body` on the clock of the view's window (a headless window keeps its own) and
    /// commits its changes there, as at the end of a run-loop turn: the animations UIKit itself
    /// starts (batch updates, swipe actions, refresh) begin at the window's current time and
    /// end in its time, as a transition's do.
    func onWindowClock(_ body: () -> Void) {
        guard let window else { body(); return }
        window.run {
            body()
            CATransaction.flush()
        }
    }
}
