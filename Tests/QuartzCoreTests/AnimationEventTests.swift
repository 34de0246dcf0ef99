import Testing
import Foundation
@testable import QuartzCore
import LaminaTestSupport

/// Records delegate calls.
final class EventRecorder: CAAnimationDelegate {
    let name: String
    let log: LogBox
    init(_ name: String, _ log: LogBox) { self.name = name; self.log = log }
    func animationDidStart(_ anim: CAAnimation) { log.items.append("\(name) start") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { log.items.append("\(name) stop \(flag)") }
}

final class LogBox { var items: [String] = [] }

/// Article 4's JJCircleLayer: a `progress` property redrawn through `needsDisplay(forKey:)`,
/// animated by a keyframe animation of 180 values over 3 s whose delegate (the layer) removes
/// it and sets `progress = 1` when it stops.
final class JJCircleLayer: CALayer, CAAnimationDelegate {
    @Managed var progress: CGFloat = 0
    var stops: [Bool] = []

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" ? true : super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        ctx.setLineWidth(5)
        ctx.setStrokeColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.addArc(center: CGPoint(x: bounds.width * 0.5, y: bounds.height * 0.5), radius: bounds.width * 0.5 - 6,
                   startAngle: 0, endAngle: 2 * .pi * progress, clockwise: false)
        ctx.strokePath()
    }

    func animateCircle() {
        let anim = CAKeyframeAnimation(keyPath: "progress")
        anim.values = valuesList(duration: 3)
        anim.duration = 3
        anim.fillMode = .forwards
        anim.isRemovedOnCompletion = false
        anim.delegate = self
        add(anim, forKey: "circle")
    }

    func valuesList(duration: Double) -> [Any] {
        let frames = Int(duration * 60)
        return (1...frames).map { CGFloat($0) / CGFloat(frames) }
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        stops.append(flag)
        removeAnimation(forKey: "circle")
        progress = 1
        setNeedsDisplay()
    }
}

/// The article's view controller scene: a 200×200 light-grey ring layer at (100, 200).
func progressRingScene() -> (CALayer, JJCircleLayer) {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 400, height: 500)
    root.backgroundColor = CGColor(gray: 1, alpha: 1)
    let ring = JJCircleLayer()
    ring.frame = CGRect(x: 100, y: 200, width: 200, height: 200)
    ring.backgroundColor = CGColor(gray: 0.83, alpha: 1)
    root.addSublayer(ring)
    return (root, ring)
}

/// Pixels that are mostly blue.
func bluePixels(_ image: CGImage) throws -> Int {
    let px = try image.straightRGBA8()
    var n = 0
    for i in stride(from: 0, to: px.count, by: 4) where px[i + 2] > 150 && px[i] < 100 && px[i + 1] < 100 { n += 1 }
    return n
}

@Suite("Animation events, completion blocks and the frame driver")
struct AnimationEventTests {
    @Test func delegatesAndCompletionInOrder() {
        let log = LogBox()
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        let driver = FrameDriver(layer: root)
        driver.run {
            CATransaction.flush()
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.items.append("done") }
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = 0; a.toValue = 1; a.duration = 1; a.delegate = EventRecorder("A", log)
            root.add(a, forKey: "a")
            let b = CABasicAnimation(keyPath: "position.x")
            b.fromValue = 0; b.toValue = 1; b.duration = 0.5; b.beginTime = 0.2; b.delegate = EventRecorder("B", log)
            root.add(b, forKey: "b")
            CATransaction.commit()
            // Added after the completion block's transaction: not awaited.
            let c = CABasicAnimation(keyPath: "bounds.size.width")
            c.fromValue = 10; c.toValue = 20; c.duration = 5; c.delegate = EventRecorder("C", log)
            root.add(c, forKey: "c")
        }
        driver.advance(to: 0)
        #expect(log.items == ["A start", "C start"])
        driver.advance(to: 0.3)
        #expect(log.items.suffix(1) == ["B start"])
        driver.advance(to: 0.8)
        #expect(log.items.suffix(1) == ["B stop true"])
        #expect(root.animation(forKey: "b") == nil)                 // removed on completion
        driver.run { root.removeAnimation(forKey: "c") }
        driver.advance(to: 0.9)
        #expect(log.items.suffix(1) == ["C stop false"])
        driver.advance(to: 1.1)
        #expect(log.items.suffix(2) == ["A stop true", "done"])
        driver.advance(to: 2)
        #expect(log.items.count == 7)                               // nothing twice
    }

    @Test func completionRunsAtOnceWithoutAnimationsAndWhenReplaced() {
        let log = LogBox()
        MediaClock(manualAt: 0).run {
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.items.append("first") }
            CATransaction.setCompletionBlock { log.items.append("second") }
            #expect(log.items == ["first"])
            CATransaction.commit()
            #expect(log.items == ["first", "second"])
        }
    }

    @Test func replacingAnAnimationStopsTheOldOne() {
        let log = LogBox()
        let layer = CALayer()
        let driver = FrameDriver(layer: layer)
        driver.run {
            let a = CABasicAnimation(keyPath: "opacity"); a.duration = 1; a.delegate = EventRecorder("old", log)
            layer.add(a, forKey: "k")
            let b = CABasicAnimation(keyPath: "opacity"); b.duration = 1; b.delegate = EventRecorder("new", log)
            layer.add(b, forKey: "k")
        }
        driver.advance(to: 0.1)
        #expect(log.items == ["new start", "old stop false"])
        #expect(layer.animationKeys() == ["k"])
    }

    @Test func article4ProgressRing() throws {
        let (root, ring) = progressRingScene()
        let driver = FrameDriver(layer: root)
        driver.run {
            CATransaction.flush()
            ring.animateCircle()
        }
        let start = try #require(driver.frame(at: 0))
        #expect(driver.run { near(ring.presentation()?.progress, 1 / 180, 1e-9) })
        let middle = try #require(driver.frame(at: 1.5))
        // f = 0.5 falls half-way between keyframes 89 and 90: (90.5)/180.
        #expect(driver.run { near(ring.presentation()?.progress, 90.5 / 180, 1e-9) })
        #expect(ring.stops.isEmpty && ring.progress == 0)           // the model never changes
        let end = try #require(driver.frame(at: 3))
        #expect(ring.stops == [true])
        #expect(ring.animationKeys() == nil && ring.progress == 1)
        let (b0, b1, b2) = (try bluePixels(start), try bluePixels(middle), try bluePixels(end))
        #expect(b2 > 2500)                                         // the whole ring: 2π·94 × 5 ≈ 2950 px
        #expect(Double(b1) / Double(b2) > 0.47 && Double(b1) / Double(b2) < 0.53, "\(b1) / \(b2)")
        #expect(Double(b0) < 0.03 * Double(b2))
        // Later frames stay complete.
        #expect(try bluePixels(#require(driver.frame(at: 4))) == b2)
    }

    @Test func progressRingReference() throws {
        let (root, ring) = progressRingScene()
        let driver = FrameDriver(layer: root, scale: 2)
        // Committed at media time 0, so the animation begins then.
        driver.run { CATransaction.flush(); ring.animateCircle(); CATransaction.flush() }
        let failure = try compositorGolden.check("progress-ring-1.5s") { try #require(driver.frame(at: 1.5)) }
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func incrementalFramesOfAnAnimationEqualFullRenders() throws {
        let root = mixedScene()
        let driver = FrameDriver(layer: root, scale: 2)
        driver.run {
            CATransaction.flush()
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0; spin.toValue = Double.pi; spin.duration = 1
            root.sublayers![1].add(spin, forKey: "spin")
            let fade = CAKeyframeAnimation(keyPath: "opacity")
            fade.values = [1, 0.2, 1]; fade.duration = 0.8
            root.sublayers![0].add(fade, forKey: "fade")
        }
        let inside = driver.run {
            driver.renderer.withPresentationTree(atTime: 0.5) { tree in
                (tree.sublayers![0].opacity, tree.sublayers![1].value(forKeyPath: "transform.rotation.z") as? CGFloat)
            }
        }
        // Fade: key times 0, 0.5, 1 of 0.8 s; at 0.5 s, a quarter into 0.2 → 1.
        #expect(near(inside?.0, 0.4, 1e-5))
        #expect(near(inside?.1 ?? 0, .pi / 2, 1e-9))
        #expect(root.sublayers![0].opacity == 1)
        for t in [0, 0.2, 0.5, 0.9, 1.2] {
            let frame = try #require(driver.frame(at: t))
            let full = try #require(driver.run { CARenderer(layer: root, scale: 2).image(atTime: t) })
            #expect(try frame.straightRGBA8() == full.straightRGBA8(), "t = \(t)")
        }
        #expect(driver.renderer.lastDamage.width < 640)            // only the animated card area
        // Frames are drawn from the render tree: the model keeps its own values.
        #expect(root.sublayers![0].opacity == 1 && root.sublayers![1].transform == CATransform3DIdentity)

    }

    @Test func sublayersFollowTheirParentsTime() {
        let clock = MediaClock(manualAt: 0)
        clock.run {
            let root = CALayer(), child = CALayer()
            root.addSublayer(child)
            root.speed = 2
            CATransaction.flush()
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = 0; a.toValue = 1; a.duration = 1
            child.add(a, forKey: "a")
            CATransaction.flush()
            clock.set(0.25)
            #expect(near(child.presentation()?.opacity, 0.5))
            // The presentation's sublayers are presentation copies too.
            #expect(near(root.presentation()?.sublayers?.first?.opacity, 0.5))
        }
    }
}
