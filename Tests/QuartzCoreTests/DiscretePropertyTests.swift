import Testing
import Foundation
import QuartzCore

/// Properties Core Animation changes in steps (`hidden`, `masksToBounds`, `doubleSided`,
/// `contents` held by discrete keyframes, `zPosition` steps), animated by keyframe and basic
/// animations, as drawn by the renderer. Written as iOS code.
@Suite("Discrete properties animate")
struct DiscretePropertyTests {
    /// A 10 × 10 root with a red 10 × 10 sublayer `l` (changed by `setUp`), committed at media
    /// time 0; the colour of the root's centre pixel at each of `times` after `animate` runs.
    func centre(at times: [Double], setUp: (CALayer, CALayer) -> Void = { _, _ in },
                animate: (CALayer) -> Void) -> [[UInt8]] {
        let clock = MediaClock(manualAt: 0)
        return clock.run {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            root.position = CGPoint(x: 5, y: 5)
            let l = CALayer()
            l.frame = root.bounds
            l.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            root.addSublayer(l)
            setUp(root, l)
            CATransaction.flush()
            animate(l)
            CATransaction.flush()
            // Frames in sequence redraw only what changed; each must equal a whole frame.
            let renderer = CARenderer(layer: root, scale: 1)
            return times.map { t in
                let image = renderer.nextFrame(atTime: t)!
                let bytes = [UInt8](image.dataProvider!.data!)
                #expect(bytes == [UInt8](CARenderer(layer: root, scale: 1).image(atTime: t)!.dataProvider!.data!))
                let i = 5 * image.bytesPerRow + 5 * 4
                return Array(bytes[i..<i + 4])
            }
        }
    }

    let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255], clear: [UInt8] = [0, 0, 0, 0]

    @Test func hiddenByHoldKeyframes() {
        let px = centre(at: [0.1, 0.4, 0.7, 1.5]) { l in
            let a = CAKeyframeAnimation(keyPath: "hidden")
            a.values = [true, false, true]
            a.calculationMode = .discrete
            a.keyTimes = [0, 0.3, 0.6, 1]
            a.duration = 1
            a.fillMode = .forwards
            a.isRemovedOnCompletion = false
            l.add(a, forKey: "visibility")
        }
        #expect(px == [clear, red, clear, clear])
    }

    @Test func hiddenByABasicAnimationSwitchesHalfWay() {
        let px = centre(at: [0.25, 0.75, 1.5]) { l in
            let a = CABasicAnimation(keyPath: "hidden")
            a.fromValue = false
            a.toValue = true
            a.duration = 1
            l.add(a, forKey: nil)
        }
        #expect(px == [red, clear, red])   // after the animation: the model (shown)
    }

    @Test func masksToBoundsSteps() {
        // A blue sublayer outside `l`'s bounds shows only while masksToBounds is off.
        let px = centre(at: [0.25, 0.75], setUp: { _, l in
            l.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
            let outside = CALayer()
            outside.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            outside.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            l.addSublayer(outside)
        }) { l in
            let a = CAKeyframeAnimation(keyPath: "masksToBounds")
            a.values = [false, true]
            a.calculationMode = .discrete
            a.duration = 1
            l.add(a, forKey: nil)
        }
        #expect(px == [blue, clear])
    }

    @Test func doubleSidedSteps() {
        // Turned over (rotated π about y): drawn while doubleSided, culled when not.
        let px = centre(at: [0.25, 0.75], setUp: { _, l in
            l.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        }) { l in
            let a = CAKeyframeAnimation(keyPath: "doubleSided")
            a.values = [true, false]
            a.calculationMode = .discrete
            a.duration = 1
            l.add(a, forKey: nil)
        }
        #expect(px == [red, clear])
    }

    @Test func contentsHeldByDiscreteKeyframes() throws {
        func solid(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat) -> CGImage {
            let ctx = CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            ctx.setFillColor(CGColor(red: r, green: g, blue: b, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
            return ctx.makeImage()!
        }
        let px = centre(at: [0.2, 0.5, 0.9], setUp: { _, l in l.backgroundColor = nil }) { l in
            let a = CAKeyframeAnimation(keyPath: "contents")
            a.values = [solid(1, 0, 0), solid(0, 0, 1), solid(0, 1, 0)]
            a.calculationMode = .discrete
            a.duration = 1
            l.add(a, forKey: nil)
        }
        #expect(px == [red, blue, [0, 255, 0, 255]])
    }

    @Test func zPositionStepsChangeTheDrawingOrder() {
        // `l` (red) lies under a later blue sibling until a hold keyframe lifts it above.
        let px = centre(at: [0.1, 0.5, 0.9], setUp: { root, _ in
            let above = CALayer()
            above.frame = root.bounds
            above.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            root.addSublayer(above)
        }) { l in
            let a = CAKeyframeAnimation(keyPath: "zPosition")
            a.values = [0, 10, 0]
            a.calculationMode = .discrete
            a.duration = 1
            l.add(a, forKey: nil)
        }
        #expect(px == [blue, red, blue])
    }
}
