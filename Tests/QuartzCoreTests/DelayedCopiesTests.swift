import Testing
@testable import QuartzCore
import LaminaRender
import LaminaTestSupport

/// A replicator's delayed copies (`instanceDelay`) are drawn from a compact copy of its
/// sublayers: their cost follows the replicator's subtree, not every layer the process has
/// committed. (Each copy's frame used to copy every column of the whole render store; with
/// 100,000 layers alive in another test, 10,000 delayed copies asked for 24 GB and the suite
/// was killed by the kernel.)
@Suite("Replicators' delayed copies")
struct DelayedCopiesTests {
    /// A dot fading in from 0 to 1 over a second, replicated `count` times `delay` apart.
    private static func fadingRow(count: Int, delay: Double) -> (root: CALayer, replicator: CAReplicatorLayer, dot: CALayer) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 60)
        let rep = CAReplicatorLayer()
        rep.frame = root.bounds
        rep.instanceCount = count
        rep.instanceDelay = delay
        rep.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        dot.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        rep.addSublayer(dot)
        root.addSublayer(rep)
        return (root, rep, dot)
    }

    private static func fadeIn() -> CABasicAnimation {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0; fade.toValue = 1; fade.duration = 1
        return fade
    }

    /// The tree drawn at `time` (RGBA bytes) after `dot` started fading in at time 0.
    private static func frameOfFading(_ root: CALayer, _ dot: CALayer, at time: Double) throws -> [UInt8] {
        let driver = FrameDriver(layer: root)
        driver.run {
            CATransaction.flush()
            dot.add(fadeIn(), forKey: "fade")
            CATransaction.flush()
        }
        return try #require(driver.frame(at: time)).straightRGBA8()
    }

    @Test func eachCopysFrameIsTheSizeOfTheReplicatorsSubtree() throws {
        // Layers committed elsewhere in the process (another document, another test).
        let others = CALayer()
        for _ in 0..<3_000 { others.addSublayer(CALayer()) }
        let scene = Self.fadingRow(count: 4, delay: 0.25)
        let clock = MediaClock(manualAt: 0)
        let frame = try clock.run { () throws -> Frame in
            CATransaction.flush()
            scene.dot.add(Self.fadeIn(), forKey: "fade")
            CATransaction.flush()
            let store = RenderStore.shared.snapshot()
            #expect(store.slotCount > 3_000)
            let frame = FrameEvaluator.frame(store, root: scene.root.renderSlot, time: 0.9)
            let ctx = try #require(CGContext(data: nil, width: 100, height: 60, bitsPerComponent: 8, bytesPerRow: 400,
                                             space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
            FrameRenderer().draw(frame, in: ctx)
            return frame
        }
        withExtendedLifetime(others) {}
        let rep = scene.replicator.renderSlot
        for k in 1..<4 {
            let copy = frame.delayedFrames.value(for: DelayedCopyKey(replicator: rep, copy: k)) {
                Issue.record("copy \(k) was not made while drawing"); return frame
            }
            // The replicator and its dot, nothing else.
            #expect(copy.tree.slotCount == 2, "copy \(k)")
            #expect(copy.extents.count == 2, "copy \(k)")
            #expect(copy.cacheSlot(1) == scene.dot.renderSlot)
        }
    }

    @Test func copiesShowTheirSublayersEarlier() throws {
        let scene = Self.fadingRow(count: 4, delay: 0.25)
        let px = try Self.frameOfFading(scene.root, scene.dot, at: 0.9)
        // Copy k shows the dot (k × 0.25) s earlier: opacity 0.9, 0.65, 0.4, 0.15.
        for (k, opacity) in [0.9, 0.65, 0.4, 0.15].enumerated() {
            let alpha = Double(px[(5 * 100 + 5 + 20 * k) * 4 + 3])
            #expect(abs(alpha - opacity * 255) <= 2, "copy \(k): alpha \(alpha)")
        }
    }

    /// A replicator inside another's delayed copy is itself shown as it was then: its own
    /// copies' delays add to the outer one's.
    @Test func nestedDelaysAdd() throws {
        let scene = Self.fadingRow(count: 2, delay: 0.25)
        scene.replicator.removeFromSuperlayer()
        let outer = CAReplicatorLayer()
        outer.frame = scene.root.bounds
        outer.instanceCount = 2
        outer.instanceDelay = 0.5
        outer.instanceTransform = CATransform3DMakeTranslation(0, 30, 0)
        outer.addSublayer(scene.replicator)
        scene.root.addSublayer(outer)
        let px = try Self.frameOfFading(scene.root, scene.dot, at: 0.9)
        func alpha(_ x: Int, _ y: Int) -> Double { Double(px[(y * 100 + x) * 4 + 3]) }
        // Rows: outer copies (0, 0.5 s earlier); columns: inner copies (0, 0.25 s earlier).
        for (x, y, opacity) in [(5, 5, 0.9), (25, 5, 0.65), (5, 35, 0.4), (25, 35, 0.15)] {
            #expect(abs(alpha(x, y) - opacity * 255) <= 2, "(\(x), \(y)): alpha \(alpha(x, y))")
        }
    }

    /// Nothing under the replicator animates: every copy is drawn from the frame itself.
    @Test func stillSublayersMakeNoFrames() throws {
        let scene = Self.fadingRow(count: 50, delay: 0.1)
        let clock = MediaClock(manualAt: 0)
        let frame = try clock.run { () throws -> Frame in
            CATransaction.flush()
            let frame = FrameEvaluator.frame(RenderStore.shared.snapshot(), root: scene.root.renderSlot, time: 3)
            let ctx = try #require(CGContext(data: nil, width: 100, height: 60, bitsPerComponent: 8, bytesPerRow: 400,
                                             space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
            ctx.translateBy(x: 0, y: 60)
            ctx.scaleBy(x: 1, y: -1)
            FrameRenderer().draw(frame, in: ctx)
            let image = try #require(ctx.makeImage())
            #expect(try image.straightRGBA8()[(5 * 100 + 45) * 4 + 3] == 255)
            return frame
        }
        #expect(frame.delayedFrames.count == 0)
    }

    /// A frame's extents span its own subtree's slots, not every layer the process committed.
    @Test func extentsFollowTheFramesSubtree() {
        let others = CALayer()
        for _ in 0..<3_000 { others.addSublayer(CALayer()) }
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        let child = CALayer()
        child.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
        root.addSublayer(child)
        CATransaction.flush()
        let store = RenderStore.shared.snapshot()
        #expect(store.slotCount > 3_000)
        let frame = FrameEvaluator.frame(store, root: root.renderSlot, time: 0)
        let span = abs(Int(root.renderSlot) - Int(child.renderSlot)) + 1
        #expect(frame.extents.count == span)
        #expect(frame.extents[Int(root.renderSlot)] == root.bounds)
        #expect(frame.extents[Int(others.renderSlot)].isNull)   // outside the frame's subtree
        withExtendedLifetime(others) {}
    }
}
