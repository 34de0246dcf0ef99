import Testing
import Foundation
import UIKit

/// A paused property animator scrubbed to the middle, after a segmented control has measured
/// its titles (a label made and dropped during a commit): the presented value stays within the
/// animation's range. In a process of its own, as a program would run it. Written as iOS code.
@MainActor
@Suite("Scrubbing after controls")
struct ScrubAfterControlsTests {
    @Test func aScrubbedValueStaysInTheAnimationsRange() async {
        await #expect(processExitsWith: .success) {
            // The child process runs this closure off the main actor; UIKit is used on it.
            await MainActor.run {
                let segments = UISegmentedControl(items: ["A", "B"])
                segments.selectedSegmentIndex = 0
                let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
                let view = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
                window.addSubview(view)
                CATransaction.flush()
                let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.alpha = 0 }
                animator.startAnimation()
                animator.pauseAnimation()
                animator.fractionComplete = 0.5
                let before = view.layer.presentation()?.opacity ?? -1
                CATransaction.flush()
                let after = view.layer.presentation()?.opacity ?? -1
                _ = segments
                // Before the commit the presentation is the committed start; after it, the middle.
                if !(0...1).contains(before) { exit(3) }
                if abs(after - 0.5) > 1e-6 { exit(4) }
            }
        }
    }
}
