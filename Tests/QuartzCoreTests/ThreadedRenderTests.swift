import Foundation
import Synchronization
@_spi(Lamina) import CoreGraphics
import Testing
@testable import QuartzCore
import LaminaRender
import LaminaTestSupport

/// A layer handed to the render thread on purpose: the renderer reads only its atomic render
/// slot, never its properties.
private final class Shared<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// A small deterministic generator (StressRandom64), so a failure can be replayed.
private struct StressRandom {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> CGFloat { CGFloat(next() >> 11) / CGFloat(1 << 53) }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func color() -> CGColor { CGColor(red: unit(), green: unit(), blue: unit(), alpha: 0.3 + 0.7 * unit()) }
}

/// The model side of the stress test: changes every kind of property, adds and removes layers
/// and animations, each step in its own transaction.
private struct Mutator {
    var rng: StressRandom
    let root: CALayer
    let image: CGImage
    var layers: [CALayer] = []

    init(root: CALayer, seed: UInt64) {
        self.root = root
        rng = StressRandom(state: seed)
        let ctx = CGContext(data: nil, width: 8, height: 8, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.setFillColor(CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        image = ctx.makeImage()!
    }

    mutating func makeLayer() -> CALayer {
        let l: CALayer
        switch rng.below(5) {
        case 0:
            let s = CAShapeLayer()
            s.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 14), transform: nil)
            s.fillColor = rng.color(); s.strokeColor = rng.color(); s.lineWidth = 2
            l = s
        case 1:
            let g = CAGradientLayer()
            g.colors = [rng.color(), rng.color()]
            l = g
        case 2:
            let t = CATextLayer()
            t.string = "Hi \(rng.below(100))"; t.fontSize = 10
            l = t
        case 3:
            let r = CAReplicatorLayer()
            r.instanceCount = 3; r.instanceTransform = CATransform3DMakeTranslation(6, 0, 0)
            let dot = CALayer(); dot.frame = CGRect(x: 0, y: 0, width: 4, height: 4); dot.backgroundColor = rng.color()
            r.addSublayer(dot)
            l = r
        default:
            l = CALayer()
            l.contents = image
        }
        l.frame = CGRect(x: rng.unit() * 160, y: rng.unit() * 110, width: 10 + rng.unit() * 40, height: 10 + rng.unit() * 30)
        l.backgroundColor = rng.color()
        return l
    }

    mutating func step() {
        CATransaction.begin()
        CATransaction.setDisableActions(rng.below(3) != 0)
        defer { CATransaction.commit() }
        if layers.count < 4 || (layers.count < 40 && rng.below(10) == 0) {
            let l = makeLayer()
            // Nested under another layer now and then (never under a replicator: copies multiply).
            let under = layers.isEmpty ? root : layers[rng.below(layers.count)]
            let parent = rng.below(3) != 0 || under is CAReplicatorLayer ? root : under
            parent.addSublayer(l)
            layers.append(l)
            return
        }
        let i = rng.below(layers.count)
        let l = layers[i]
        switch rng.below(layers.count >= 40 ? 23 : 22) {
        case 0: l.position = CGPoint(x: rng.unit() * 200, y: rng.unit() * 150)
        case 1: l.bounds.size = CGSize(width: 5 + rng.unit() * 50, height: 5 + rng.unit() * 40)
        case 2: l.opacity = Float(rng.unit())
        case 3: l.backgroundColor = rng.color()
        case 4: l.cornerRadius = rng.unit() * 12
        case 5: l.borderWidth = rng.unit() * 4; l.borderColor = rng.color()
        case 6: l.shadowOpacity = Float(rng.unit()); l.shadowRadius = rng.unit() * 6; l.shadowOffset = CGSize(width: 2, height: 3)
        case 7: l.transform = CATransform3DMakeRotation(rng.unit() * 6, 0, 0, 1)
        case 8: l.isHidden.toggle()
        case 9: l.masksToBounds.toggle()
        case 10: l.zPosition = rng.unit() * 10 - 5
        case 11: l.anchorPoint = CGPoint(x: rng.unit(), y: rng.unit())
        case 12: l.contentsRect = CGRect(x: 0, y: 0, width: 0.5 + rng.unit() / 2, height: 1)
        case 13: l.sublayerTransform = CATransform3DMakeScale(1 + rng.unit(), 1, 1)
        case 14:
            if let s = l as? CAShapeLayer { s.strokeEnd = rng.unit(); s.lineDashPattern = [2, 3] }
            else if let g = l as? CAGradientLayer { g.colors = [rng.color(), rng.color(), rng.color()]; g.locations = [0, 0.3, 1] }
            else if let t = l as? CATextLayer { t.string = "Text \(rng.below(1000))"; t.foregroundColor = rng.color() }
            else { l.contents = rng.below(2) == 0 ? image : nil }
        case 15:
            let m = CALayer()
            m.frame = CGRect(x: 0, y: 0, width: 10, height: 10); m.backgroundColor = rng.color()
            l.mask = rng.below(2) == 0 ? m : nil
        case 16:
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = rng.unit() * 200; a.toValue = rng.unit() * 200; a.duration = 0.5; a.repeatCount = 3
            l.add(a, forKey: "move")
        case 17:
            let a = CAKeyframeAnimation(keyPath: "backgroundColor")
            a.values = [rng.color(), rng.color(), rng.color()]; a.duration = 0.4
            l.add(a, forKey: "tint")
        case 18:
            let a = CASpringAnimation(keyPath: "transform.scale")
            a.fromValue = 0.5; a.toValue = 1
            l.add(a, forKey: "pop")
        case 19:
            l.removeAllAnimations()
        case 20:
            let t = CATransition(); t.type = .fade; t.duration = 0.3
            l.add(t, forKey: kCATransition)
            l.backgroundColor = rng.color()
        default:
            l.removeFromSuperlayer()
            layers.remove(at: i)
            // Its sublayers go with it.
            layers.removeAll { !$0.isDescendant(of: root) }
        }
    }
}

private extension CALayer {
    func isDescendant(of ancestor: CALayer) -> Bool {
        var l: CALayer? = self
        while let c = l { if c === ancestor { return true }; l = c.superlayer }
        return false
    }
}

@Suite("Threads")
struct ThreadedRenderTests {
    /// One thread changes a tree, one transaction per step, while another renders 1,000 frames
    /// of it through Apple's frame API. Every frame is a whole picture of some committed state;
    /// the last one equals a render made on the model's thread.
    @Test func renderingWhileAnotherThreadMutatesTheModel() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 150)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        CATransaction.flush()
        // Load the text machinery (fonts, fallback, shaping) before the race: its first use is
        // slow under ThreadSanitizer, and the renderer would finish every frame before the model
        // thread had made a step.
        let warm = CATextLayer()
        warm.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        warm.string = "Hi 0"
        warm.fontSize = 10
        warm.display()
        let frames = 1_000
        let shared = Shared(root)
        let rendered = Atomic<Int>(0)
        let failures = Locked<[String]>([])
        let renderThreadDone = CountingSignal()
        let renderer = Thread {
            let r = CARenderer(layer: shared.value, scale: 0.5)
            r.threads = 2
            r.frames.minimumPixelsPerThread = 0
            for f in 0..<frames {
                r.beginFrame(atTime: 100 + Double(f) / 60, timeStamp: nil)
                _ = r.updateBounds()
                r.render()
                r.endFrame()
                if let image = r.renderedImage {
                    if image.width != 100 || image.height != 75 { failures.withLock { $0.append("frame \(f): \(image.width)x\(image.height)") } }
                } else {
                    failures.withLock { $0.append("frame \(f): no image") }
                }
                rendered.store(f + 1, ordering: .releasing)
            }
            renderThreadDone.signal()
        }
        renderer.start()
        var mutator = Mutator(root: root, seed: 0x1A31_7A)
        var steps = 0
        let clock = MediaClock(manualAt: 100)
        clock.run {
            while true {
                let done = rendered.load(ordering: .acquiring)
                if done >= frames { break }
                // About five changes per frame, so the renderer is not starved.
                if steps > 5 * (done + 1) { usleep(20); continue }
                mutator.step()
                steps += 1
                clock.set(100 + Double(steps) / 600)
            }
        }
        renderThreadDone.wait()
        #expect(failures.withLock { $0 } == [])
        print("stress: \(steps) steps")
        #expect(steps > 10)
        // Both sides now agree on the committed tree.
        let onModelThread = try clock.run { try #require(CARenderer(layer: root, scale: 1).image(atTime: 200)).straightRGBA8() }
        let fromFrameAPI = Locked<[UInt8]?>(nil)
        let done = CountingSignal()
        Thread {
            let r = CARenderer(layer: shared.value, scale: 1)
            r.beginFrame(atTime: 200, timeStamp: nil)
            r.render()
            r.endFrame()
            fromFrameAPI.withLock { $0 = try? r.renderedImage?.straightRGBA8() }
            done.signal()
        }.start()
        done.wait()
        #expect(fromFrameAPI.withLock { $0 } == onModelThread)
    }

    /// Several threads each build and change their own tree, committing in their own
    /// transactions into the one render store, while frames of every tree render.
    @Test func threadsWithTheirOwnTreesCommitConcurrently() throws {
        let count = 4
        let roots = Locked<[Int: Shared<CALayer>]>([:])
        let group = CountingSignal()
        for k in 0..<count {
            Thread {
                let root = CALayer()
                root.bounds = CGRect(x: 0, y: 0, width: 200, height: 150)
                var m = Mutator(root: root, seed: UInt64(k) &* 7919 &+ 1)
                let r = CARenderer(layer: root, scale: 1)
                r.threads = 1
                for i in 0..<150 {
                    m.step()
                    if i % 10 == 0 { _ = r.nextFrame(atTime: Double(i)) }
                }
                CATransaction.flush()
                roots.withLock { $0[k] = Shared(root) }
                group.signal()
            }.start()
        }
        group.wait(count)
        let all = roots.withLock { $0 }
        #expect(all.count == count)
        for (_, root) in all {
            let full = try #require(CARenderer(layer: root.value, scale: 1).image(atTime: 500)).straightRGBA8()
            let r = CARenderer(layer: root.value, scale: 1)
            r.beginFrame(atTime: 500, timeStamp: nil)
            r.render()
            r.endFrame()
            #expect(try #require(r.renderedImage).straightRGBA8() == full)
        }
    }
}
