import Testing
import Foundation
import QuartzCore

/// What a presentation copy shows between commits, and transactions that layout and display
/// open during a commit. Written as iOS code.
@Suite("Presentation between commits")
struct PresentationCommitTests {
    /// Makes a throwaway layer during its layout, as a view measuring text with a label it makes
    /// and drops.
    final class MeasuringLayer: CALayer {
        override func layoutSublayers() {
            super.layoutSublayers()
            let scratch = CALayer()
            scratch.contentsScale = 2
        }
    }

    @Test func aCommitLeavesNoTransactionOpen() {
        MediaClock(manualAt: 0).run {
            let measuring = MeasuringLayer()
            measuring.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            CATransaction.flush()
            measuring.bounds.size.width = 20    // a new size: laid out at the next commit
            CATransaction.flush()               // lays out `measuring`, which makes a layer
            // An explicit outermost transaction now commits at its end, as it should.
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.opacity = 0.25
            CATransaction.commit()
            #expect(layer.presentation()?.opacity == 0.25)
        }
    }

    @Test func uncommittedChangesAndAnimationsAppearTogetherAtTheCommit() {
        MediaClock(manualAt: 0).run {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            CATransaction.flush()
            // In one open transaction: the model goes to 0 with an additive animation from the
            // old value (1 above the new one) back to it, held at its middle.
            CATransaction.setDisableActions(true)
            layer.opacity = 0
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0
            fade.isAdditive = true
            fade.duration = 1
            fade.speed = 0
            fade.timeOffset = 0.5
            fade.beginTime = 0.001
            fade.fillMode = .both
            layer.add(fade, forKey: "opacity")
            // Not committed: the presentation is what was committed (1, no animation); never the
            // committed 1 with the new animation's +0.5 on top.
            #expect(layer.presentation()?.opacity == 1)
            CATransaction.flush()
            let presented = layer.presentation()?.opacity ?? -1
            #expect(abs(presented - 0.5) < 1e-6)
            // Removing it: still shown until the commit, gone after.
            layer.removeAnimation(forKey: "opacity")
            #expect(abs((layer.presentation()?.opacity ?? -1) - 0.5) < 1e-6)
            CATransaction.flush()
            #expect(layer.presentation()?.opacity == 0)
        }
    }
}
