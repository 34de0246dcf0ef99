import Testing
import QuartzCore

/// Records what a layer asks its delegate.
final class RecordingDelegate: NSObject, CALayerDelegate {
    var log: [String] = []
    let implementsLayout: Bool
    init(implementsLayout: Bool = true) { self.implementsLayout = implementsLayout }
    func layoutSublayers(of layer: CALayer) {
        if implementsLayout { log.append("layout \(layer.name ?? "?")") } else { layer.noteDefaultDelegateMethod() }
    }
}

/// A layer that logs its own layout calls into a shared log.
final class LoggingLayer: CALayer {
    nonisolated(unsafe) static var log: [String] = []
    override func layoutSublayers() {
        LoggingLayer.log.append(name ?? "?")
        super.layoutSublayers()
    }
}

final class RecordingLayoutManager: CALayoutManager {
    var laidOut = 0, invalidated = 0
    func layoutSublayers(of layer: CALayer) { laidOut += 1 }
    func invalidateLayout(of layer: CALayer) { invalidated += 1 }
    func preferredSize(of layer: CALayer) -> CGSize { CGSize(width: 7, height: 9) }
}

@Suite("Layout cycle (spec §4)", .serialized)
struct LayoutCycleTests {
    func make(_ name: String, _ parent: CALayer? = nil) -> LoggingLayer {
        let l = LoggingLayer()
        l.name = name
        parent?.addSublayer(l)
        return l
    }

    @Test func automaticTriggers() {
        let p = make("p"), c = make("c", p)
        p.layoutIfNeeded()
        #expect(!p.needsLayout() && !c.needsLayout())
        c.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(c.needsLayout() && p.needsLayout())
        p.layoutIfNeeded()
        c.transform = CATransform3DMakeScale(2, 2, 1)
        #expect(c.needsLayout() && p.needsLayout())
        p.layoutIfNeeded()
        c.position = CGPoint(x: 5, y: 5)      // position does not trigger layout
        c.opacity = 0.5
        #expect(!c.needsLayout() && !p.needsLayout())
        p.addSublayer(make("d"))
        #expect(p.needsLayout())
        p.layoutIfNeeded()
        c.bounds = c.bounds                    // an unchanged value does not trigger layout
        #expect(!c.needsLayout())
    }

    @Test func parentsFirstAndOnceEach() {
        LoggingLayer.log = []
        let root = make("root"), a = make("a", root), b = make("b", a), c = make("c", root)
        for l in [root, a, b, c] { l.frame = CGRect(x: 0, y: 0, width: 10, height: 10) }
        root.layoutIfNeeded()
        #expect(LoggingLayer.log == ["root", "a", "b", "c"])
        LoggingLayer.log = []
        b.setNeedsLayout()
        c.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(LoggingLayer.log == ["b", "c"])
        LoggingLayer.log = []
        root.layoutIfNeeded()
        #expect(LoggingLayer.log.isEmpty)
        // layoutIfNeeded on a child walks up while the parent needs layout.
        a.setNeedsLayout(); b.setNeedsLayout()
        b.layoutIfNeeded()
        #expect(LoggingLayer.log == ["a", "b"])
    }

    @Test func changesInsideOwnLayoutDoNotReflagIt() {
        final class Resizer: CALayer {
            var calls = 0
            override func layoutSublayers() {
                calls += 1
                bounds.size.width += 1      // would mark itself again outside layout
                sublayers?.first?.frame = bounds
            }
        }
        let r = Resizer(), child = CALayer()
        r.addSublayer(child)
        r.layoutIfNeeded()
        #expect(r.calls == 1 && !r.needsLayout())
        #expect(!child.needsLayout() && child.frame.width == r.bounds.width)
    }

    @Test func delegateThenLayoutManager() {
        let l = CALayer(), lm = RecordingLayoutManager()
        l.name = "l"
        let d = RecordingDelegate()
        l.delegate = d
        l.layoutManager = lm
        #expect(l.needsLayout())
        l.layoutIfNeeded()
        #expect(d.log == ["layout l"] && lm.laidOut == 0)
        l.delegate = RecordingDelegate(implementsLayout: false)
        l.setNeedsLayout()
        #expect(lm.invalidated >= 1)
        l.layoutIfNeeded()
        #expect(lm.laidOut == 1)
        #expect(l.preferredFrameSize() == CGSize(width: 7, height: 9))
        l.layoutManager = nil
        l.bounds = CGRect(x: 0, y: 0, width: 4, height: 6)
        l.transform = CATransform3DMakeScale(2, 1, 1)
        #expect(l.preferredFrameSize() == CGSize(width: 8, height: 6))
    }

    @Test func autoresizingWhenNoOneElseLaysOut() {
        let p = CALayer()
        p.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let fixed = CALayer(), stretchy = CALayer(), pinnedRight = CALayer()
        fixed.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        stretchy.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        stretchy.autoresizingMask = [.layerWidthSizable, .layerHeightSizable]
        pinnedRight.frame = CGRect(x: 70, y: 10, width: 20, height: 20)
        pinnedRight.autoresizingMask = [.layerMinXMargin]
        p.sublayers = [fixed, stretchy, pinnedRight]
        p.layoutIfNeeded()
        p.bounds = CGRect(x: 0, y: 0, width: 200, height: 150)
        p.layoutIfNeeded()
        #expect(fixed.frame == CGRect(x: 10, y: 10, width: 20, height: 20))
        #expect(stretchy.frame == CGRect(x: 10, y: 10, width: 180, height: 130))
        #expect(pinnedRight.frame == CGRect(x: 170, y: 10, width: 20, height: 20))
    }

    /// A wrapper that sizes its sublayers to itself, as animation engines build mask wrappers.
    final class FillingLayer: CALayer {
        override func layoutSublayers() {
            super.layoutSublayers()
            for sub in sublayers ?? [] {
                sub.bounds = bounds
                sub.anchorPoint = .zero
                sub.position = .zero
            }
        }
    }

    @Test func aMaskAndItsSublayersAreLaidOutWithTheirLayer() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        let wrapper = FillingLayer()
        let matte = CATransformLayer()
        let gradient = CAGradientLayer()
        wrapper.addSublayer(matte)
        matte.addSublayer(gradient)
        root.mask = wrapper
        wrapper.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.layoutIfNeeded()
        #expect(matte.bounds.size == CGSize(width: 200, height: 100) && matte.anchorPoint == .zero)
        // Setting the mask's bounds marks it as needing layout, as it does any layer.
        wrapper.bounds = CGRect(x: 0, y: 0, width: 50, height: 40)
        #expect(wrapper.needsLayout())
        root.layoutIfNeeded()
        #expect(matte.bounds.size == CGSize(width: 50, height: 40))
    }
}
