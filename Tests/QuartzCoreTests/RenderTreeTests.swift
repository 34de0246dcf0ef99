import Foundation
import Synchronization
@_spi(Lamina) import CoreGraphics
import Testing
@testable import QuartzCore
import LaminaRender
import LaminaTestSupport

/// A reference handed to another thread on purpose: the renderer reads only the layer's
/// (atomic) render slot, never its properties.
private final class Handoff<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// Runs `body` on a new thread and waits for it.
private func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
    let done = CountingSignal()
    let thread = Thread {
        body()
        done.signal()
    }
    thread.start()
    done.wait()
}

private func bytes(_ image: CGImage?) throws -> [UInt8] { try #require(image).straightRGBA8() }

/// A scene that animates position, opacity, colour, transform, bounds and a shape's stroke.
private func animatedScene() -> CALayer {
    let root = mixedScene()
    let a = CABasicAnimation(keyPath: "position.x")
    a.fromValue = 40; a.toValue = 260; a.duration = 2
    root.sublayers![0].add(a, forKey: "slide")
    let spin = CABasicAnimation(keyPath: "transform.rotation.z")
    spin.fromValue = 0; spin.toValue = CGFloat.pi; spin.duration = 2
    root.sublayers![2].add(spin, forKey: "spin")
    let fade = CAKeyframeAnimation(keyPath: "opacity")
    fade.values = [1, 0.2, 1]; fade.keyTimes = [0, 0.5, 1]; fade.duration = 2
    root.sublayers![1].add(fade, forKey: "fade")
    let stroke = CABasicAnimation(keyPath: "strokeEnd")
    stroke.fromValue = 0; stroke.toValue = 1; stroke.duration = 2
    root.sublayers![4].sublayers![0].add(stroke, forKey: "stroke")
    return root
}

@Suite("Render tree")
struct RenderTreeTests {
    @Test func aCommitEncodesWhatChangedOnly() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        for i in 0..<200 {
            let l = CALayer()
            l.frame = CGRect(x: i % 10 * 10, y: i / 10 * 5, width: 8, height: 4)
            root.addSublayer(l)
        }
        CATransaction.flush()
        let probe = root.sublayers![77]
        let before = RenderStore.shared.snapshot()
        #expect(before.columns.opacity[Int(probe.renderSlot)] == 1)
        // One change: one layer to encode (not the tree).
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        probe.opacity = 0.25
        #expect(TransactionState.current.touched.count == 1)
        var slots = SharedSlots()
        let update = CommitEncoder.encode(TransactionState.current.touched, in: &slots)
        #expect(update.nodes.count == 1)
        CATransaction.commit()
        let after = RenderStore.shared.snapshot()
        #expect(after.columns.opacity[Int(probe.renderSlot)] == 0.25)
        // The snapshot taken before is a value: it did not change.
        #expect(before.columns.opacity[Int(probe.renderSlot)] == 1)
        // Structure travels too: removing a layer updates its parent's children.
        withoutActions { probe.removeFromSuperlayer() }
        let children = RenderStore.shared.snapshot().children[Int(root.renderSlot)]
        #expect(children.count == 199 && !children.contains(probe.renderSlot))
    }

    @Test func framesAreTheSameBytesForAnyNumberOfThreads() throws {
        let clock = MediaClock(manualAt: 0)
        try clock.run {
            let root = animatedScene()
            CATransaction.flush()
            for t in [0.0, 0.35, 1.2] {
                clock.set(t)
                let one = CARenderer(layer: root, scale: 3)
                one.threads = 1
                let reference = try bytes(one.image(atTime: t))
                for n in [2, 3, 4, 7] {
                    let r = CARenderer(layer: root, scale: 3)
                    r.threads = n
                    r.frames.minimumPixelsPerThread = 0
                    #expect(try bytes(r.image(atTime: t)) == reference, "\(n) threads at \(t)")
                    // Incremental frames on N threads equal it too.
                    _ = r.nextFrame(atTime: max(0, t - 0.1))
                    #expect(try bytes(r.nextFrame(atTime: t)) == reference, "damage frame, \(n) threads at \(t)")
                }
            }
        }
    }

    @Test func appleFrameAPIOnAnotherThreadDrawsTheCommittedTree() throws {
        let clock = MediaClock(manualAt: 10)
        let root = clock.run { () -> CALayer in
            let r = animatedScene()
            CATransaction.flush()
            return r
        }
        let expected = try clock.run { try bytes(CARenderer(layer: root, scale: 2).image(atTime: 10.7)) }
        let box = Handoff(root)
        let result = Locked<[UInt8]?>(nil)
        let nextTime = Locked<Double>(0)
        onAnotherThread {
            let r = CARenderer(layer: box.value, scale: 2)
            r.beginFrame(atTime: 10.7, timeStamp: nil)
            let area = r.updateBounds()
            r.render()
            nextTime.withLock { $0 = r.nextFrameTime() }
            r.endFrame()
            result.withLock { $0 = try? r.renderedImage?.straightRGBA8() }
            // A second frame at the same time: nothing to update.
            r.beginFrame(atTime: 10.7, timeStamp: nil)
            let again = r.updateBounds()
            r.endFrame()
            if area != CGRect(x: 0, y: 0, width: 320, height: 220) || !again.isNull {
                result.withLock { $0 = nil }
            }
        }
        #expect(result.withLock { $0 } == expected)
        // Animations run: the next change is now, not never.
        #expect(nextTime.withLock { $0 }.isFinite)
    }

    @Test func nextFrameTimeIsInfiniteWhenNothingAnimates() {
        let root = mixedScene()
        CATransaction.flush()
        let r = CARenderer(layer: root, scale: 1)
        r.beginFrame(atTime: CACurrentMediaTime(), timeStamp: nil)
        #expect(r.nextFrameTime() == .infinity)
        r.render()
        #expect(r.renderedImage != nil)
        r.endFrame()
        // A layer never committed has nothing to render.
        let fresh = CARenderer(layer: CALayer(), scale: 1)
        fresh.beginFrame(atTime: 0, timeStamp: nil)
        fresh.render()
        #expect(fresh.renderedImage == nil && fresh.nextFrameTime() == .infinity)
    }

    @Test func presentationAnswersWhatTheRenderedFrameShows() throws {
        let clock = MediaClock(manualAt: 0)
        try clock.run {
            let root = animatedScene()
            let spring = CASpringAnimation(keyPath: "bounds.size.width")
            spring.fromValue = 20; spring.toValue = 120; spring.damping = 8
            root.sublayers![3].add(spring, forKey: "spring")
            let color = CABasicAnimation(keyPath: "backgroundColor")
            color.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1); color.duration = 1
            root.sublayers![3].add(color, forKey: "color")
            CATransaction.flush()
            for t in [0.0, 0.25, 0.8, 1.5, 3] {
                clock.set(t)
                let frame = FrameEvaluator.frame(RenderStore.shared.snapshot(), root: root.renderSlot, time: t)
                for layer in root.sublayers! + root.sublayers![4].sublayers! {
                    let p = try #require(layer.presentation())
                    let s = Int(layer.renderSlot)
                    #expect(p.position == frame.values.position[s], "position at \(t)")
                    #expect(p.opacity == frame.values.opacity[s], "opacity at \(t)")
                    #expect(p.bounds == frame.values.bounds[s], "bounds at \(t)")
                    #expect(CATransform3DEqualToTransform(p.transform, frame.values.transform[s]), "transform at \(t)")
                    #expect(p.backgroundColor.map(RGBA.init) == frame.values.backgroundColor[s], "colour at \(t)")
                }
            }
        }
    }

    @Test func aRenderThatOutlivesItsLayersIsSafe() throws {
        let r: CARenderer
        let expected: [UInt8]
        do {
            let root = mixedScene()
            CATransaction.flush()
            expected = try bytes(CARenderer(layer: root, scale: 1).image())
            r = CARenderer(layer: root, scale: 1)
            r.beginFrame(atTime: CACurrentMediaTime(), timeStamp: nil)
            // The model lets go of everything but the root while the frame is open.
            withoutActions { root.sublayers = nil }
        }
        r.render()
        r.endFrame()
        #expect(try bytes(r.renderedImage) == expected)
        r.layer = nil
        r.beginFrame(atTime: 0, timeStamp: nil)
        r.render()
        r.endFrame()
    }

    @Test func theRenderTreeNeverHoldsNonFiniteGeometry() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let l = CALayer()
        l.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
        l.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(l)
        let expected = try bytes(CARenderer(layer: root, scale: 1).image())
        // Set on the model: refused with a diagnostic; the old value is committed and drawn.
        for bad in [CGFloat.nan, .infinity, -.infinity] {
            let (image, diagnostics) = LaminaDiagnostics.collecting { () -> CGImage? in
                withoutActions {
                    l.position = CGPoint(x: bad, y: 5)
                    l.bounds.size.width = bad
                    l.transform = CATransform3DMakeScale(bad, 1, 1)
                }
                return CARenderer(layer: root, scale: 1).image()
            }
            #expect(try bytes(image) == expected, "\(bad)")
            #expect(diagnostics.count == 3 && diagnostics.allSatisfy { $0.contains("non-finite") }, "\(diagnostics)")
            let tree = RenderStore.shared.snapshot()
            #expect(tree.columns.position[Int(l.renderSlot)] == CGPoint(x: 15, y: 15))
        }
        // Made by an animation at frame time: refused there too (the frame shows the model
        // value, as presentation() does), and nothing traps.
        let clock = MediaClock(manualAt: 0)
        try clock.run { () throws -> Void in
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = 0; a.toValue = CGFloat.infinity; a.duration = 1
            l.add(a, forKey: "overflow")
            CATransaction.flush()
            clock.set(0.5)
            #expect(try bytes(CARenderer(layer: root, scale: 1).image(atTime: 0.5)) == expected)
            #expect(l.presentation()?.position == l.position)
            l.removeAnimation(forKey: "overflow")
            let s = CABasicAnimation(keyPath: "transform.scale")
            s.fromValue = 1; s.toValue = CGFloat.nan; s.duration = 1
            l.add(s, forKey: "scale")
            CATransaction.flush()
            clock.set(1.5)
            #expect(try bytes(CARenderer(layer: root, scale: 1).image(atTime: 1.5)) == expected)
        }
    }

    @Test func aThreadWithoutATransactionGetsAnImplicitOne() throws {
        let made = Locked<Handoff<CALayer>?>(nil)
        onAnotherThread {
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
            l.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            // No begin(): the change opened an implicit transaction on this thread.
            let open = !TransactionState.current.scopes.isEmpty && TransactionState.current.scopes[0].isImplicit
            CATransaction.flush()
            if open { made.withLock { $0 = Handoff(l) } }
        }
        let layer = try #require(made.withLock { $0 }?.value)
        #expect(layer.renderSlot >= 0)
        #expect(RenderStore.shared.snapshot().columns.backgroundColor[Int(layer.renderSlot)] == RGBA(r: 0, g: 1, b: 0, a: 1))
    }
}
