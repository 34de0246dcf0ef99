import Foundation
import Synchronization
import Testing
import QuartzCore

/// Nothing a layer tree holds keeps it alive after the tree is dropped (issue 16): layer,
/// delegate, superlayer, mask, presentation copies and animation delegates, the usual sources of
/// retain cycles.
@Suite("Layer lifetimes")
struct LayerLifetimeTests {
    static let layersAlive = Atomic<Int>(0)
    static let ownersAlive = Atomic<Int>(0)

    final class CountedLayer: CALayer {
        override init() { super.init(); LayerLifetimeTests.layersAlive.add(1, ordering: .relaxed) }
        override init(layer: Any) { super.init(layer: layer); LayerLifetimeTests.layersAlive.add(1, ordering: .relaxed) }
        required init?(coder: NSCoder) { nil }
        deinit { LayerLifetimeTests.layersAlive.subtract(1, ordering: .relaxed) }
    }

    /// Draws its layer and hears about its animations, as a view or controller would. `strong`
    /// owners hold their layer: a cycle through the animation while it is attached, as on Apple
    /// ("the delegate object is retained by the receiver", `CAAnimation.delegate`), broken when
    /// the animation is removed, at its end or by `removeAnimation(forKey:)`.
    final class Owner: NSObject, CALayerDelegate, CAAnimationDelegate, @unchecked Sendable {
        weak var weakLayer: CALayer?
        var strongLayer: CALayer?
        var stops = 0
        init(_ layer: CALayer, strong: Bool) {
            weakLayer = layer
            if strong { strongLayer = layer }
            super.init()
            LayerLifetimeTests.ownersAlive.add(1, ordering: .relaxed)
        }
        deinit { LayerLifetimeTests.ownersAlive.subtract(1, ordering: .relaxed) }
        func draw(_ layer: CALayer, in ctx: CGContext) {
            ctx.setFillColor(CGColor(gray: 0.5, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops += 1 }
    }

    @Test func aHundredThousandLayersAreAllFreed() {
        var made = 0
        for _ in 0..<100 {
            do {
                let root = CountedLayer()
                root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
                let driver = FrameDriver(layer: root, scale: 1)
                var owners: [Owner] = []
                driver.run {
                    for k in 0..<333 {
                        let l = CountedLayer()
                        l.frame = CGRect(x: k % 40, y: k / 40, width: 4, height: 4)
                        let owner = Owner(l, strong: k % 2 == 0)
                        owners.append(owner)
                        l.delegate = owner
                        l.setNeedsDisplay()
                        let mask = CountedLayer()
                        mask.frame = l.bounds
                        mask.backgroundColor = CGColor(gray: 0, alpha: 1)
                        l.mask = mask
                        let sub = CountedLayer()
                        sub.frame = CGRect(x: 1, y: 1, width: 2, height: 2)
                        sub.backgroundColor = CGColor(gray: 1, alpha: 1)
                        l.addSublayer(sub)
                        let a = CABasicAnimation(keyPath: "opacity")
                        a.fromValue = 0; a.toValue = 1
                        // Half finish before the tree is dropped; half are still running.
                        a.duration = k % 4 < 2 ? 0.5 : 100
                        a.delegate = owner
                        l.add(a, forKey: "fade")
                        root.addSublayer(l)
                        made += 3
                    }
                }
                made += 1
                _ = driver.frame(at: 0.25)
                _ = driver.run { root.sublayers?.first?.presentation() }
                _ = driver.frame(at: 0.9)
                // The animations that finished told their delegates (and were removed).
                #expect(owners.reduce(0) { $0 + $1.stops } == 167)
                // The running animations of the layers their owners hold are removed, as an app
                // does when it tears such a layer down; the others are simply dropped.
                // Their delegates hear `animationDidStop(_:finished: false)` at the next frame,
                // and let go of the animation then.
                driver.run {
                    for o in owners { o.strongLayer?.removeAnimation(forKey: "fade") }
                }
                driver.advance(to: 1)
                #expect(owners.reduce(0) { $0 + $1.stops } == 167 + 83)
            }
        }
        #expect(made >= 100_000)
        #expect(LayerLifetimeTests.layersAlive.load(ordering: .relaxed) == 0)
        #expect(LayerLifetimeTests.ownersAlive.load(ordering: .relaxed) == 0)
    }
}
