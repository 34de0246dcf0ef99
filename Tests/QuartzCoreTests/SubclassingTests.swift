import Foundation
import Testing
import QuartzCore
import LaminaTestSupport

// Layer subclasses written as iOS code writes them (compiled as written): overridden
// properties with observers and getters, overridden tree and layout methods, and
// `override init()` / `override init(layer:)`.

final class ObservingLayer: CALayer {
    var boundsChanges: [CGRect] = []
    var positionChanges = 0
    var added: [CALayer] = []
    var laidOut = 0
    var tint: CGFloat = 0

    override init() {
        super.init()
        backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    }

    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? ObservingLayer { tint = other.tint }
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override var bounds: CGRect {
        didSet { boundsChanges.append(bounds) }
    }

    override var position: CGPoint {
        didSet { positionChanges += 1 }
    }

    /// A getter override: the layer always reports itself hidden when its tint is negative.
    override var isHidden: Bool {
        get { tint < 0 || super.isHidden }
        set { super.isHidden = newValue }
    }

    override func addSublayer(_ layer: CALayer) {
        added.append(layer)
        super.addSublayer(layer)
    }

    override func layoutSublayers() {
        laidOut += 1
        super.layoutSublayers()
    }

    override func action(forKey event: String) -> (any CAAction)? {
        event == "opacity" ? NSNull() : super.action(forKey: event)
    }
}

/// A subclass that declares no initializers inherits them all.
final class PlainSubclass: CAShapeLayer {
    override var frame: CGRect {
        get { super.frame }
        set { super.frame = newValue.integral }
    }
}

@Suite("Subclassing CALayer as on Apple")
struct SubclassingTests {
    @Test func overriddenPropertiesRunTheirObservers() {
        let l = ObservingLayer()
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
        // Through key-value coding, key paths and frame too.
        l.setValue(CGRect(x: 0, y: 0, width: 30, height: 40), forKey: "bounds")
        l.setValue(50, forKeyPath: "bounds.size.width")
        l.frame = CGRect(x: 5, y: 5, width: 8, height: 8)
        #expect(l.boundsChanges.map(\.size) == [CGSize(width: 10, height: 20), CGSize(width: 30, height: 40),
                                                CGSize(width: 50, height: 40), CGSize(width: 8, height: 8)])
        l.setValue(CGPoint(x: 3, y: 4), forKey: "position")
        #expect(l.positionChanges == 2 && l.position == CGPoint(x: 3, y: 4))
        // A getter override is what everyone sees, KVC included.
        l.tint = -1
        #expect(l.isHidden && (l.value(forKey: "hidden") as? Bool) == true)
        l.tint = 0
        #expect(!l.isHidden)
    }

    @Test func overriddenMethodsAreCalled() {
        let parent = ObservingLayer()
        let child = CALayer()
        parent.addSublayer(child)
        #expect(parent.added.count == 1 && parent.added[0] === child && child.superlayer === parent)
        parent.setNeedsLayout()
        parent.layoutIfNeeded()
        #expect(parent.laidOut == 1)
        // The action override: no implicit animation of opacity.
        CATransaction.flush()
        parent.opacity = 0.5
        #expect(parent.animationKeys() == nil)
    }

    @Test func presentationCopiesGoThroughTheOverriddenInitializer() throws {
        let l = ObservingLayer()
        l.tint = 0.75
        #expect(l.backgroundColor != nil)   // set by the overridden init()
        CATransaction.flush()
        let p = try #require(l.presentation())
        #expect(p !== l && p.tint == 0.75)
        #expect(type(of: p) == ObservingLayer.self)
    }

    @Test func subclassesWithoutInitializersInheritThem() throws {
        let s = PlainSubclass()
        s.frame = CGRect(x: 0.4, y: 0.4, width: 10.2, height: 10.2)
        #expect(s.frame == CGRect(x: 0, y: 0, width: 11, height: 11))
        s.setValue(CGRect(x: 1.5, y: 1.5, width: 3, height: 3), forKey: "frame")
        #expect(s.frame == CGRect(x: 1, y: 1, width: 4, height: 4))
        CATransaction.flush()
        #expect(try #require(s.presentation()).frame == s.frame)
    }
}

/// A shape layer subclass that overrides a subclass property.
final class RingLayer: CAShapeLayer {
    var pathsSet = 0
    override var path: CGPath? { didSet { pathsSet += 1 } }
    override var strokeEnd: CGFloat {
        get { super.strokeEnd }
        set { super.strokeEnd = min(newValue, 0.9) }
    }
}

@Suite("Subclassing CALayer's subclasses")
struct LayerSubclassSubclassingTests {
    @Test func subclassPropertiesAreOverridable() {
        let r = RingLayer()
        r.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        r.strokeEnd = 1
        #expect(r.pathsSet == 1 && r.strokeEnd == 0.9)
    }

    @Test func keyValueCodingGoesThroughSubclassPropertyOverrides() {
        let r = RingLayer()
        r.setValue(CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil), forKey: "path")
        r.setValue(1.0, forKey: "strokeEnd")
        #expect(r.pathsSet == 1 && r.strokeEnd == 0.9)
        #expect(r.value(forKey: "strokeEnd") as? CGFloat == 0.9)
        let g = TintedGradientLayer()
        g.setValue([CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)], forKey: "colors")
        #expect(g.colorsSet == 1)
        #expect(g.value(forKey: "startPoint") as? CGPoint == CGPoint(x: 0.25, y: 0.25))
        let t = CountingTextLayer()
        t.setValue("hello", forKey: "string")
        t.setValue(true, forKey: "wrapped")
        #expect(t.strings == ["hello"] && t.isWrapped)
    }
}

final class TintedGradientLayer: CAGradientLayer {
    var colorsSet = 0
    override var colors: [Any]? { didSet { colorsSet += 1 } }
    override var startPoint: CGPoint {
        get { CGPoint(x: 0.25, y: 0.25) }
        set { super.startPoint = newValue }
    }
}

final class CountingTextLayer: CATextLayer {
    var strings: [String] = []
    override var string: Any? { didSet { if let s = string as? String { strings.append(s) } } }
}

@Suite("Values as real iOS code passes them")
struct ValueFormTests {
    @Test func translationTakesPointsSizesAndBoxes() throws {
        let l = CALayer()
        l.setValue(CGPoint(x: 3, y: 4), forKeyPath: "transform.translation")
        #expect(l.transform.m41 == 3 && l.transform.m42 == 4)
        l.setValue(NSValue(cgPoint: CGPoint(x: 5, y: 6)), forKeyPath: "transform.translation")
        #expect(l.transform.m41 == 5 && l.transform.m42 == 6)
        l.setValue(NSValue(cgSize: CGSize(width: 7, height: 8)), forKeyPath: "transform.translation")
        #expect(l.transform.m41 == 7 && l.transform.m42 == 8)
        // Animated from points, it moves as it would with sizes.
        let clock = MediaClock(manualAt: 0)
        try clock.run {
            let a = CABasicAnimation(keyPath: "transform.translation")
            a.fromValue = CGPoint(x: 0, y: 0); a.toValue = NSValue(cgPoint: CGPoint(x: 100, y: 40)); a.duration = 1
            a.timingFunction = CAMediaTimingFunction(name: .linear)
            l.add(a, forKey: "move")
            CATransaction.flush()
            clock.set(0.5)
            let p = try #require(l.presentation())
            #expect(abs(p.transform.m41 - 50) < 1e-9 && abs(p.transform.m42 - 20) < 1e-9)
        }
    }

    @Test func aKeyframePathDrivesTheTranslation() throws {
        let clock = MediaClock(manualAt: 0)
        try clock.run {
            let l = CALayer()
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 10, y: 10))
            path.addLine(to: CGPoint(x: 110, y: 10))
            let a = CAKeyframeAnimation(keyPath: "transform.translation")
            a.path = path; a.duration = 1; a.calculationMode = .linear
            let b = CAKeyframeAnimation(keyPath: "position")
            b.path = path; b.duration = 1; b.calculationMode = .linear
            l.add(a, forKey: "t"); l.add(b, forKey: "p")
            CATransaction.flush()
            clock.set(0.25)
            let p = try #require(l.presentation())
            #expect(abs(p.position.x - 35) < 1e-6 && abs(p.transform.m41 - p.position.x) < 1e-6 && abs(p.transform.m42 - 10) < 1e-6)
        }
    }

    @Test func foundationGeometryBoxesAndStrings() {
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue == CGPoint(x: 1, y: 2))
        #expect(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue == CGSize(width: 3, height: 4))
        #expect(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue == CGRect(x: 1, y: 2, width: 3, height: 4))
        let l = CALayer()
        l.setValue(NSValue(cgRect: CGRect(x: 0, y: 0, width: 9, height: 8)), forKey: "bounds")
        #expect(l.bounds.size == CGSize(width: 9, height: 8))
        // Boxes of another kind are refused, not misread (a range is two numbers too).
        l.setValue(NSValue(range: NSRange(location: 3, length: 4)), forKey: "position")
        l.setValue(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)), forKey: "position")
        l.setValue(NSValue(cgPoint: CGPoint(x: 1, y: 2)), forKey: "bounds")
        #expect(l.position == .zero && l.bounds.size == CGSize(width: 9, height: 8))
        l.setValue(NSValue(cgSize: CGSize(width: 5, height: 6)), forKey: "position")
        #expect(l.position == CGPoint(x: 5, y: 6))
        #expect(NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 1)).holdsCATransform3D)
        #expect(!NSValue(cgAffineTransform: .identity).holdsCATransform3D)
        #expect(NSValue(cgAffineTransform: CGAffineTransform(scaleX: 2, y: 3)).cgAffineTransformValue.d == 3)
    }
}

@Suite("Full-circle shape layers")
struct FullCircleShapeLayerTests {
    /// An indicator's ring: a butt-capped circle from the arc API, stroked whole, shows no seam
    /// where it starts: the pixels across the ring there equal those on the opposite side.
    @Test func aButtCappedRingHasNoSeam() throws {
        for end in [1.0] as [CGFloat] {
            let s = CAShapeLayer()
            s.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
            let p = CGMutablePath()
            p.addArc(center: CGPoint(x: 20, y: 20.123), radius: 15, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
            s.path = p
            s.fillColor = nil
            s.strokeColor = CGColor(gray: 0, alpha: 1)
            s.lineWidth = 3
            s.strokeEnd = end
            let image = try #require(CARenderer(layer: s, scale: 3).image())
            let px = try image.straightRGBA8()
            let row = 60   // y = 20.123 pt = 60.37 px cuts row 60
            for dx in 40...50 {
                let seam = Int(px[(row * 120 + 60 + dx) * 4 + 3]), opposite = Int(px[(row * 120 + 59 - dx) * 4 + 3])
                #expect(abs(seam - opposite) <= 2, "strokeEnd \(end), dx \(dx): seam \(seam), opposite \(opposite)")
            }
        }
    }
}
