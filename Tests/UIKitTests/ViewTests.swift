import Testing
import Foundation
import UIKit
import LaminaTestSupport

@MainActor
final class GradientBackedView: UIView {
    override class var layerClass: AnyClass { CAGradientLayer.self }
}

@MainActor
final class DrawingView: UIView {
    var rects: [CGRect] = []
    override func draw(_ rect: CGRect) {
        rects.append(rect)
        UIColor.red.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 5, height: 5))
    }
}

@MainActor
final class LayoutCountingView: UIView {
    var layouts = 0
    override func layoutSubviews() { super.layoutSubviews(); layouts += 1 }
}

@MainActor
@Suite("UIView and its layer")
struct ViewTests {
    @Test func layerClassAndDelegate() {
        let v = GradientBackedView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(v.layer is CAGradientLayer)
        #expect(v.layer.delegate === v)
        #expect(type(of: UIView().layer) == CALayer.self && !(UIView().layer is CAGradientLayer))
        #expect(v.layer.contentsScale == UIScreen.main.scale)
        #expect(v.isOpaque && !v.layer.isOpaque)   // the view's own flag, as on iOS
    }

    @Test func geometryAndAppearancePassThrough() {
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.layer.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.center == CGPoint(x: 60, y: 45) && v.layer.position == v.center)
        v.bounds.origin = CGPoint(x: 5, y: 5)
        #expect(v.layer.bounds.origin == CGPoint(x: 5, y: 5))
        v.transform = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(v.layer.affineTransform() == CGAffineTransform(rotationAngle: .pi / 2))
        v.transform = .identity
        v.alpha = 0.5
        #expect(v.layer.opacity == 0.5)
        v.backgroundColor = .red
        #expect(v.layer.backgroundColor?.rgba.red == 1 && v.backgroundColor == .red)
        v.clipsToBounds = true
        #expect(v.layer.masksToBounds)
        v.isHidden = true
        #expect(v.layer.isHidden)
        v.contentMode = .scaleAspectFit
        #expect(v.layer.contentsGravity == .resizeAspect)
        v.contentMode = .redraw
        #expect(v.layer.needsDisplayOnBoundsChange && v.layer.contentsGravity == .resize)
        v.contentMode = .top
        #expect(v.layer.contentsGravity == .bottom)   // UIKit's top is Core Animation's bottom on iOS
        // Changing the layer directly shows through the view.
        v.layer.position = CGPoint(x: 1, y: 2)
        #expect(v.center == CGPoint(x: 1, y: 2))
    }

    @Test func hierarchyKeepsSubviewsAndLayersInStep() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let a = UIView(), b = UIView(), c = UIView()
        a.tag = 1; b.tag = 2; c.tag = 3
        root.addSubview(a)
        root.addSubview(b)
        let plain = CALayer()
        root.layer.addSublayer(plain)     // a layer that is not a view's, on top
        root.insertSubview(c, belowSubview: b)
        #expect(root.subviews.map(\.tag) == [1, 3, 2])
        #expect(root.layer.sublayers!.map { $0 === a.layer ? 1 : $0 === b.layer ? 2 : $0 === c.layer ? 3 : 0 } == [1, 3, 2, 0])
        root.bringSubviewToFront(a)
        #expect(root.subviews.map(\.tag) == [3, 2, 1] && root.layer.sublayers!.last === a.layer)
        root.sendSubviewToBack(a)
        #expect(root.subviews.map(\.tag) == [1, 3, 2] && root.layer.sublayers!.first === a.layer)
        root.insertSubview(b, at: 0)
        #expect(root.subviews.map(\.tag) == [2, 1, 3])
        root.exchangeSubview(at: 0, withSubviewAt: 2)
        #expect(root.subviews.map(\.tag) == [3, 1, 2])
        #expect(root.viewWithTag(2) === b && b.superview === root && b.isDescendant(of: root))
        c.removeFromSuperview()
        #expect(root.subviews.map(\.tag) == [1, 2] && c.superview == nil && c.layer.superlayer == nil)
        // Moving to another superview.
        let other = UIView()
        other.addSubview(a)
        #expect(root.subviews.map(\.tag) == [2] && a.superview === other)
    }

    @Test func addingAnAncestorTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let a = UIView(), b = UIView()
                a.addSubview(b)
                b.addSubview(a)
            }
        }
    }

    @Test func drawIntoTheBackingStore() throws {
        let v = DrawingView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        v.backgroundColor = .blue
        v.layer.displayIfNeeded()
        #expect(v.rects == [CGRect(x: 0, y: 0, width: 20, height: 10)])
        let image = try #require(v.layer.contents as? CGImage)
        #expect(image.width == 20 * Int(UIScreen.main.scale))
        // A view that draws nothing keeps no backing store.
        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        plain.layer.displayIfNeeded()
        #expect(plain.layer.contents == nil)
        // An image view's image survives its (empty) display pass.
        let iv = UIImageView(image: UIImage(cgImage: image))
        iv.layer.displayIfNeeded()
        #expect(iv.layer.contents as? CGImage === image)
    }

    @Test func layoutSubviewsRunsFromTheLayersLayoutPass() {
        let v = LayoutCountingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        v.layoutIfNeeded()
        let first = v.layouts
        #expect(first >= 1)
        v.layoutIfNeeded()
        #expect(v.layouts == first)
        v.setNeedsLayout()
        v.layoutIfNeeded()
        #expect(v.layouts == first + 1)
        v.frame.size.width = 30             // a size change lays out again
        v.layoutIfNeeded()
        #expect(v.layouts == first + 2)
    }

    @Test func autoresizing() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let stretchy = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 30))
        stretchy.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
        let pinned = UIView(frame: CGRect(x: 70, y: 70, width: 20, height: 20))
        pinned.autoresizingMask = [.flexibleLeftMargin, .flexibleTopMargin]
        let fixed = UIView(frame: CGRect(x: 5, y: 5, width: 5, height: 5))
        parent.addSubview(stretchy); parent.addSubview(pinned); parent.addSubview(fixed)
        parent.frame.size = CGSize(width: 200, height: 150)
        #expect(stretchy.frame == CGRect(x: 10, y: 10, width: 180, height: 30))
        #expect(pinned.frame == CGRect(x: 170, y: 120, width: 20, height: 20))
        #expect(fixed.frame == CGRect(x: 5, y: 5, width: 5, height: 5))
        // Two flexible parts share the change in proportion to their lengths.
        let shared = UIView(frame: CGRect(x: 20, y: 0, width: 60, height: 10))
        shared.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth]
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 10))
        box.addSubview(shared)
        box.bounds.size.width = 180
        #expect(shared.frame.minX == 20 + 80 * 20 / 80 && shared.frame.width == 60 + 80 * 60 / 80)
    }

    @Test func hitTestingAndConversion() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let a = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        let b = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        root.addSubview(a)
        a.addSubview(b)
        #expect(root.hitTest(CGPoint(x: 65, y: 65), with: nil) === b)
        #expect(root.hitTest(CGPoint(x: 100, y: 100), with: nil) === a)
        #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 300, y: 10), with: nil) == nil)
        b.isUserInteractionEnabled = false
        #expect(root.hitTest(CGPoint(x: 65, y: 65), with: nil) === a)
        b.isUserInteractionEnabled = true
        b.isHidden = true
        #expect(root.hitTest(CGPoint(x: 65, y: 65), with: nil) === a)
        b.isHidden = false
        #expect(b.convert(CGPoint(x: 1, y: 2), to: root) == CGPoint(x: 61, y: 62))
        #expect(root.convert(CGPoint(x: 61, y: 62), to: b) == CGPoint(x: 1, y: 2))
        #expect(b.convert(CGRect(x: 0, y: 0, width: 5, height: 5), to: nil) == CGRect(x: 60, y: 60, width: 5, height: 5))
        // Rotated: points follow the transform.
        a.transform = CGAffineTransform(rotationAngle: .pi)
        let p = b.convert(CGPoint.zero, to: root)
        #expect(abs(p.x - 140) < 1e-9 && abs(p.y - 140) < 1e-9)
    }

    @Test func sizing() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 40))
        #expect(v.sizeThatFits(.zero) == CGSize(width: 30, height: 40))
        #expect(v.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
        let label = UILabel()
        label.text = "Hello"
        label.sizeToFit()
        #expect(label.frame.width > 30 && label.frame.height > 15)
        #expect(label.intrinsicContentSize == label.frame.size)
    }
}

@MainActor
@Suite("UIKit fidelity against Apple's renders")
struct UIKitFidelityTests {
    func snapshot(_ view: UIView, scale: CGFloat) -> CGImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        let renderer = UIGraphicsImageRenderer(size: view.bounds.size, format: format)
        return renderer.image { ctx in view.layer.render(in: ctx.cgContext) }.cgImage!
    }

    @Test func blueViewAt3x() throws {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 64, height: 64))
        v.backgroundColor = .blue
        let r = try Fidelity.compare(snapshot(v, scale: 3), Fidelity.reference("view-blue-3x.png"), name: "view-blue-3x.png")
        print("fidelity view-blue-3x.png (UIView): \(r)")
        #expect(r.passes, "\(r)")
    }

    @Test func borderAt3x() throws {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        v.backgroundColor = .red
        v.layer.borderWidth = 4
        v.layer.borderColor = UIColor.black.cgColor
        let r = try Fidelity.compare(snapshot(v, scale: 3), Fidelity.reference("calayer-border.png"), name: "calayer-border.png")
        print("fidelity calayer-border.png (UIView): \(r)")
        #expect(r.passes, "\(r)")
    }
}

@MainActor
@Suite("Snapshots of views")
struct SnapshotTests {
    @Test func drawHierarchyShowsTheViewAsItAppears() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.screen = UIScreen(size: CGSize(width: 200, height: 200), scale: 2)
        let card = UIView(frame: CGRect(x: 20, y: 20, width: 100, height: 50))
        card.backgroundColor = .red
        let inner = UIView(frame: CGRect(x: 50, y: 0, width: 50, height: 50))
        inner.backgroundColor = .blue
        card.addSubview(inner)
        window.addSubview(card)
        window.makeKeyAndVisible()
        _ = window.render(atTime: 0)
        // Mid-animation, the snapshot shows the presented colour, not the model's.
        window.run { UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { inner.backgroundColor = .green } }
        window.advance(to: 0.5)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 200, height: 100), format: format).image { _ in
            #expect(card.drawHierarchy(in: CGRect(x: 0, y: 0, width: 200, height: 100), afterScreenUpdates: true))
        }
        let px = try #require(image.cgImage).straightRGBA8()
        func at(_ x: Int, _ y: Int) -> [UInt8] { Array(px[(y * 200 + x) * 4..<(y * 200 + x) * 4 + 4]) }
        #expect(at(50, 50) == [255, 0, 0, 255])                 // the card, scaled 2×
        let mid = at(150, 50)                                   // the inner view, half-way blue → green
        #expect(mid[1] > 90 && mid[1] < 170 && mid[2] > 90 && mid[2] < 170, "\(mid)")
        // A snapshot view holds the picture at the screen's scale.
        let snap = try #require(card.snapshotView(afterScreenUpdates: false))
        #expect(snap.bounds.size == CGSize(width: 100, height: 50))
        let contents = try #require(snap.layer.contents as? CGImage)
        #expect(contents.width == 200 && contents.height == 100 && snap.layer.contentsScale == 2)
        // No context: nothing drawn.
        #expect(!card.drawHierarchy(in: card.bounds, afterScreenUpdates: false))
    }
}

/// A view subclass written as iOS code writes it.
@MainActor
final class CountingView: UIView {
    var subviewsAdded = 0
    var removed = 0
    var frames: [CGRect] = []
    override var frame: CGRect { didSet { frames.append(frame) } }
    override func addSubview(_ view: UIView) {
        subviewsAdded += 1
        super.addSubview(view)
    }
    override func removeFromSuperview() {
        removed += 1
        super.removeFromSuperview()
    }
}

@MainActor
@Suite("Subclassing UIView as on Apple")
struct ViewSubclassingTests {
    @Test func overriddenHierarchyMethodsAndPropertiesRun() {
        let parent = CountingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = CountingView(frame: .zero)
        parent.addSubview(child)
        parent.insertSubview(UIView(), at: 0)
        #expect(parent.subviewsAdded == 1 && parent.subviews.count == 2 && child.superview === parent)
        child.removeFromSuperview()
        #expect(child.removed == 1 && parent.subviews.count == 1)
        child.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(child.frames.last == CGRect(x: 1, y: 2, width: 3, height: 4))
    }
}

@MainActor
@Suite("NSCoder geometry strings")
struct CoderGeometryStringTests {
    @Test func readsAndWritesUIKitsForms() {
        #expect(NSCoder.cgPoint(for: "{1.5, -2}") == CGPoint(x: 1.5, y: -2))
        #expect(NSCoder.cgSize(for: "{10, 20}") == CGSize(width: 10, height: 20))
        #expect(NSCoder.cgRect(for: "{{1, 2}, {3, 4}}") == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(NSCoder.cgPoint(for: "nonsense") == .zero)
        #expect(NSCoder.string(for: CGRect(x: 1, y: 2, width: 3, height: 4.5)) == "{{1, 2}, {3, 4.5}}")
        #expect(NSCoder.cgRect(for: NSCoder.string(for: CGRect(x: 1, y: 2, width: 3, height: 4.5))) == CGRect(x: 1, y: 2, width: 3, height: 4.5))
    }
}

@MainActor
@Suite("UIView's model as on Apple")
struct ViewModelFactsTests {
    @Test func backgroundColorIsTheLayers() {
        let v = UIView()
        v.layer.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        #expect(v.backgroundColor?.cgColor == CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        v.backgroundColor = .red
        #expect(v.layer.backgroundColor == UIColor.red.cgColor)
        #expect(v.backgroundColor === UIColor.red || v.backgroundColor?.cgColor == UIColor.red.cgColor)
        v.layer.backgroundColor = nil
        #expect(v.backgroundColor == nil)
    }

    @Test func autoLayoutKeepsTheTransform() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let v = UIView()
        v.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(v)
        NSLayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            v.topAnchor.constraint(equalTo: root.topAnchor, constant: 30),
            v.widthAnchor.constraint(equalToConstant: 100),
            v.heightAnchor.constraint(equalToConstant: 40),
        ])
        v.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        root.layoutIfNeeded()
        #expect(v.transform == CGAffineTransform(scaleX: 0.5, y: 0.5))
        #expect(v.bounds.size == CGSize(width: 100, height: 40))
        #expect(v.center == CGPoint(x: 70, y: 50))
        #expect(v.frame == CGRect(x: 45, y: 40, width: 50, height: 20))
    }
}
