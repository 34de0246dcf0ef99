import Testing
import QuartzCore

/// Article 4's JJCircleLayer in Swift: a custom `progress` redrawn through `needsDisplay(forKey:)`.
final class CircleLayer: CALayer {
    @Managed var progress: CGFloat = 0
    @Managed var label: String = "ring"
    var drawn: [CGFloat] = []

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" ? true : super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) { drawn.append(progress) }
}

/// A subclass whose `defaultValue(forKey:)` overrides a managed property's declared default.
final class DefaultedCircle: CALayer {
    @Managed var progress: CGFloat = 0
    override class func defaultValue(forKey key: String) -> Any? {
        key == "progress" ? 0.25 : super.defaultValue(forKey: key)
    }
}

/// A subclass of a subclass adds its own managed property after its parent's.
final class LabelledCircle: CALayerWithRing {
    @Managed var caption: String? = nil
}
class CALayerWithRing: CALayer {
    @Managed var ring: CGFloat = 3
}

@Suite("@Managed layer properties")
struct ManagedPropertyTests {
    @Test func readAndWriteThroughPropertyAndKVC() {
        let l = CircleLayer()
        #expect(l.progress == 0 && l.label == "ring")
        l.progress = 0.5
        #expect(l.value(forKey: "progress") as? CGFloat == 0.5)
        l.setValue(NSNumber(value: 0.75), forKey: "progress")
        #expect(l.progress == 0.75)
        l.setValue(1, forKeyPath: "progress")
        #expect(l.value(forKeyPath: "progress") as? CGFloat == 1)
        l.setValue("done", forKey: "label")
        #expect(l.label == "done")
        let (_, d) = LaminaDiagnostics.collecting { l.setValue("lots", forKey: "progress") }
        #expect(d.count == 1 && l.progress == 1)
    }

    @Test func describedAndAnimatable() throws {
        let l = CircleLayer()
        let d = try #require(l.propertyDescriptors.first { $0.key == "progress" })
        #expect(d.isAnimatable && d.isStored && d.valueType == CGFloat.self)
        #expect(d.defaultValue as? CGFloat == 0)
        #expect(l.propertyDescriptors.filter { $0.key == "progress" }.count == 1)
    }

    @Test func copiedByInitLayer() {
        let l = CircleLayer()
        l.progress = 0.3
        l.label = "copied"
        l.cornerRadius = 4
        let copy = CircleLayer(layer: l)
        #expect(copy.progress == 0.3 && copy.label == "copied" && copy.cornerRadius == 4)
        copy.progress = 0.9
        #expect(l.progress == 0.3)
    }

    @Test func changesRedrawWhenNeedsDisplayForKeySaysSo() {
        let l = CircleLayer()
        l.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        #expect(!l.needsDisplay())
        l.label = "no redraw"
        #expect(!l.needsDisplay())
        l.progress = 0.4
        #expect(l.needsDisplay())
        l.displayIfNeeded()
        #expect(l.drawn == [0.4])
        l.setValue(0.6, forKey: "progress")
        l.displayIfNeeded()
        #expect(l.drawn == [0.4, 0.6])
    }

    @Test func undeclaredKeysRedrawToo() {
        final class Keyed: CALayer {
            override class func needsDisplay(forKey key: String) -> Bool { key == "phase" || super.needsDisplay(forKey: key) }
        }
        let l = Keyed()
        l.setValue(1.5, forKey: "phase")
        #expect(l.needsDisplay())
        #expect(Keyed(layer: l).value(forKey: "phase") as? Double == 1.5)
    }

    @Test func classDefaultsOverrideDeclaredInitialValues() {
        #expect(DefaultedCircle().progress == 0.25)
        #expect(DefaultedCircle().value(forKey: "progress") as? CGFloat == 0.25)
    }

    @Test func inheritedManagedProperties() {
        let l = LabelledCircle()
        #expect(l.ring == 3 && l.caption == nil)
        l.caption = "hi"
        l.ring = 5
        #expect(l.value(forKey: "caption") as? String == "hi" && l.value(forKey: "ring") as? CGFloat == 5)
        let c = LabelledCircle(layer: l)
        #expect(c.caption == "hi" && c.ring == 5)
        #expect(CALayerWithRing().ring == 3)
    }
}

@Suite("init(layer:)")
struct InitLayerTests {
    @Test func copiesAcrossClassesByKey() {
        let shape = CAShapeLayer()
        shape.lineWidth = 9
        shape.cornerRadius = 3
        shape.setValue("x", forKey: "extra")
        let text = CATextLayer(layer: shape)
        #expect(text.cornerRadius == 3 && text.fontSize == 36 && text.value(forKey: "extra") as? String == "x")
        #expect(text.value(forKey: "lineWidth") == nil)
        let plain = CALayer(layer: "not a layer")
        #expect(plain.opacity == 1)
    }

    @Test func copiesDelegateButNotTheTree() {
        let d = DrawingDelegate()
        let l = CALayer(), child = CALayer(), m = CALayer()
        l.delegate = d
        l.addSublayer(child)
        l.mask = m
        let copy = CALayer(layer: l)
        #expect(copy.delegate === d && copy.sublayers == nil && copy.mask == nil && copy.superlayer == nil)
    }
}

@Suite("@Managed validation")
struct ManagedValidationTests {
    @Test func nonFiniteManagedValuesAreRefused() {
        let l = CircleLayer()
        l.progress = 0.5
        let (_, d) = LaminaDiagnostics.collecting { l.progress = .nan }
        #expect(l.progress == 0.5 && d.count == 1)
    }
}
