import Testing
import Foundation
import QuartzCore

/// Setting a property to the value it already has changes nothing: no action is asked for or
/// run, no implicit animation is added, nothing is redrawn. Written as iOS code.
@Suite("Setting a property to its own value")
struct EqualValueTests {
    final class Recorder: NSObject, CALayerDelegate {
        var asked: [String] = []
        func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
            asked.append(event)
            return nil
        }
    }

    @Test func runsNoActionAndAddsNoAnimation() {
        let clock = MediaClock(manualAt: 0)
        clock.run {
            let layer = CALayer()
            layer.opacity = 0.5
            layer.position = CGPoint(x: 10, y: 10)
            layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            layer.setValue(3, forKey: "custom")
            CATransaction.flush()
            let recorder = Recorder()
            layer.delegate = recorder
            layer.opacity = 0.5
            layer.position = CGPoint(x: 10, y: 10)
            layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            layer.setValue(3, forKey: "custom")
            layer.setValue(0.5, forKey: "opacity")
            layer.isHidden = false
            #expect(recorder.asked.isEmpty, "\(recorder.asked)")
            CATransaction.flush()
            #expect(layer.animationKeys() == nil)
            // A different value asks for the action and animates implicitly.
            layer.opacity = 0.25
            #expect(recorder.asked == ["opacity"])
            CATransaction.flush()
            #expect(layer.animationKeys() == ["opacity"])
        }
    }

    @Test func redrawsNothing() {
        final class Ring: CALayer {
            @Managed var progress: CGFloat = 0
            override class func needsDisplay(forKey key: String) -> Bool { key == "progress" || super.needsDisplay(forKey: key) }
        }
        let ring = Ring()
        ring.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        ring.progress = 0.5
        ring.displayIfNeeded()
        #expect(!ring.needsDisplay())
        ring.progress = 0.5
        #expect(!ring.needsDisplay())
        ring.progress = 0.6
        #expect(ring.needsDisplay())
    }
}
