import Testing
import Foundation
@testable import UIKit
import LaminaTestSupport

@MainActor
@Suite("UIColor, UIFont, UIImage, UIBezierPath and image renderers")
struct GraphicsTests {
    @Test func colors() {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        #expect(UIColor.systemRed.getRed(&r, green: &g, blue: &b, alpha: &a))
        #expect(abs(r - 1) < 1e-6 && abs(g - 59.0 / 255) < 1e-6 && abs(b - 48.0 / 255) < 1e-6 && a == 1)
        #expect(UIColor.red == UIColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(UIColor.red != UIColor.blue)
        #expect(UIColor.lightGray == UIColor(white: 2.0 / 3, alpha: 1))
        let half = UIColor.blue.withAlphaComponent(0.5)
        #expect(half.cgColor.alpha == 0.5 && half.cgColor.rgba.blue == 1)
        var w: CGFloat = 0
        #expect(UIColor.gray.getWhite(&w, alpha: &a) && w == 0.5 && !UIColor.red.getWhite(&w, alpha: &a))
        var h: CGFloat = 0, s: CGFloat = 0, v: CGFloat = 0
        let hsb = UIColor(hue: 1.0 / 3, saturation: 1, brightness: 1, alpha: 1)
        #expect(hsb == .green)
        #expect(hsb.getHue(&h, saturation: &s, brightness: &v, alpha: &a) && abs(h - 1.0 / 3) < 1e-6 && s == 1 && v == 1)
        #expect(UIColor.clear.cgColor.alpha == 0)
        #expect(Set([UIColor.red, UIColor(red: 1, green: 0, blue: 0, alpha: 1)]).count == 1)
    }

    /// The system font has San Francisco's published vertical metrics (UIFont.systemFont(ofSize:
    /// 17): ascender 16.19, descender −4.10, line height 20.29) and its widths at each size
    /// (issue 13, item 5): the label sizes iOS reported in Point-Free's snapshot references
    /// (`testTraits`: Dynamic Type's headline, body and subheadline at the medium and large
    /// content sizes; `testTraitsWithView`: "What's the point?" in `.title1` at all twelve),
    /// rounded up to a third of a point as on the 3x simulator they were recorded on.
    @Test func theSystemFontHasSanFranciscosMetrics() throws {
        for size: CGFloat in [11, 13, 17, 22, 34] {
            let f = UIFont.systemFont(ofSize: size)
            #expect(abs(f.ascender - size * 1950 / 2048) < 0.01, "\(size): \(f.ascender)")
            #expect(abs(f.descender + size * 494 / 2048) < 0.01, "\(size): \(f.descender)")
            #expect(abs(f.lineHeight - size * 2444 / 2048) < 0.01 && f.leading == 0, "\(size): \(f.lineHeight)")
        }
        let saved = UIScreen.main
        UIScreen.main = UIScreen(size: CGSize(width: 375, height: 812), scale: 3)
        defer { UIScreen.main = saved }
        func size(_ text: String, _ points: CGFloat, _ weight: UIFont.Weight = .regular) -> CGSize {
            let l = UILabel()
            l.font = .systemFont(ofSize: points, weight: weight)
            l.text = text
            return l.intrinsicContentSize
        }
        // In thirds of a point, as the references' frames print them (52.6667 x 19.3333).
        func thirds(_ s: CGSize) -> [Int] { [Int((s.width * 3).rounded()), Int((s.height * 3).rounded())] }
        #expect(thirds(size("What's", 16, .semibold)) == [158, 58])
        #expect(thirds(size("the", 16)) == [71, 58])
        #expect(thirds(size("point", 16)) == [111, 58])
        #expect(thirds(size("?", 14)) == [22, 51])
        #expect(thirds(size("What's", 17, .semibold)) == [167, 61])
        #expect(thirds(size("the", 17)) == [75, 61])
        #expect(thirds(size("point", 17)) == [117, 61])
        #expect(thirds(size("?", 15)) == [23, 54])
        // `.title1` at extra small … accessibility XXXL: the references' widths in pixels at 3x.
        let title1: [(CGFloat, Int)] = [(25, 566), (26, 588), (27, 610), (28, 632), (30, 677), (32, 721), (34, 765),
                                        (38, 852), (43, 962), (48, 1070), (53, 1178), (58, 1285)]
        for (points, pixels) in title1 {
            #expect(thirds(size("What's the point?", points))[0] == pixels, "\(points) pt")
        }
        // Apple's other names keep their stand-ins: Helvetica is Liberation Sans (Arial's metrics),
        // untracked.
        #expect(try #require(UIFont(name: "Helvetica", size: 17)).familyName == "Liberation Sans")
        let h = (("the" as NSString).size(withAttributes: [.font: try #require(UIFont(name: "Helvetica", size: 17))])).width
        #expect(abs(h - 17 * (0.278 + 0.556 + 0.556)) < 0.05)
    }

    @Test func fonts() throws {
        let f = UIFont.systemFont(ofSize: 17)
        #expect(f.fontName == ".SFUI-Regular" && f.pointSize == 17)
        #expect(f.familyName == "Inter Display")   // scripts/setup.sh installs fonts-inter
        #expect(f.ascender > 12 && f.descender < -2 && f.lineHeight > 17 && f.capHeight > 10 && f.xHeight > 7)
        let bold = UIFont.boldSystemFont(ofSize: 17)
        #expect(bold.fontName == ".SFUI-Bold")
        // Bold glyphs are wider.
        let a = try #require(f.cgFont.path(for: f.cgFont.glyph(for: "W"))), b = try #require(bold.cgFont.path(for: bold.cgFont.glyph(for: "W")))
        #expect(b.boundingBox.width >= a.boundingBox.width)
        #expect(UIFont(name: "Helvetica", size: 12)?.pointSize == 12)
        #expect(UIFont(name: "No Such Font At All", size: 12) == nil)
        #expect(f.withSize(30).pointSize == 30 && f.withSize(30).fontName == f.fontName)
        // A font object works as a text layer's font.
        let t = CATextLayer()
        t.font = f
        #expect((t.font as? UIFont) === f)
    }

    @Test func imagesFromDataNamesAndOrientations() throws {
        useTestResources()
        let smiley = try #require(UIImage(named: "smiley"))
        #expect(smiley.scale == 2 && smiley.size == CGSize(width: 60, height: 60) && smiley.cgImage?.width == 120)
        #expect(UIImage(named: "smiley.png") != nil && UIImage(named: "no-such-image") == nil)
        let png = try #require(smiley.pngData())
        let back = try #require(UIImage(data: png, scale: 2))
        #expect(back.size == smiley.size)
        let jpeg = try #require(smiley.jpegData(compressionQuality: 0.9))
        #expect(UIImage(data: jpeg)?.cgImage?.width == 120)
        let log = LaminaDiagnostics.collecting { #expect(UIImage(data: Data([1, 2, 3])) == nil) }
        #expect(!log.diagnostics.isEmpty)
        // A 2×1 image turned right is 1×2.
        let ctx = rgbaContext(2, 1)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1); ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1); ctx.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        let wide = try #require(ctx.makeImage())
        let turned = UIImage(cgImage: wide, scale: 1, orientation: .right)
        #expect(turned.size == CGSize(width: 1, height: 2))
        let upright = try #require(turned.uprightCGImage)
        #expect(upright.width == 1 && upright.height == 2)
        let px = try upright.straightRGBA8()
        // Turned clockwise: the left (red) pixel goes to the top.
        #expect(px[0] == 255 && px[6] == 255, "\(px)")
    }

    @Test func rendererContextsAreYDownAtTheFormatsScale() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format).image { ctx in
            UIColor.red.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 5))     // the top half
            #expect(UIGraphicsGetCurrentContext() === ctx.cgContext)
            #expect(ctx.format.bounds == CGRect(x: 0, y: 0, width: 10, height: 10) && ctx.format.scale == 2)
        }
        #expect(image.scale == 2 && image.size == CGSize(width: 10, height: 10))
        #expect(format.bounds == .zero)         // the renderer works on its own copy
        let px = try #require(image.cgImage).straightRGBA8()
        #expect(px[0] == 255 && px[3] == 255)                    // top-left row 0: red
        #expect(px[(19 * 20) * 4 + 3] == 0)                       // bottom row: empty
        #expect(UIGraphicsGetCurrentContext() == nil)
        // Legacy image contexts.
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), true, 1)
        let legacy = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        #expect(legacy?.cgImage?.width == 4 && UIGraphicsGetCurrentContext() == nil)
        let opaque = try #require(legacy?.cgImage).straightRGBA8()
        #expect(opaque[3] == 255 && opaque[0] == 0)               // opaque: black
    }

    /// Each image of a renderer is its own: the image shares its context's memory (no copy),
    /// and memory recycled from a freed image starts cleared.
    @Test func eachRendererImageIsItsOwn() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 200, height: 100), format: format)
        let red = renderer.image { ctx in UIColor.red.setFill(); ctx.fill(CGRect(x: 0, y: 0, width: 200, height: 100)) }
        var midway: UIImage?
        let blue = renderer.image { ctx in
            UIColor.blue.setFill(); ctx.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
            midway = ctx.currentImage
            ctx.fill(CGRect(x: 100, y: 0, width: 100, height: 100))
        }
        let r = try #require(red.cgImage).straightRGBA8(), b = try #require(blue.cgImage).straightRGBA8()
        #expect(Array(r[0..<4]) == [255, 0, 0, 255] && Array(b[0..<4]) == [0, 0, 255, 255])
        #expect(Array(b[(200 * 50 + 150) * 4..<(200 * 50 + 150) * 4 + 4]) == [0, 0, 255, 255])
        // The image taken halfway is a copy: the later fill is not in it.
        let m = try #require(midway?.cgImage).straightRGBA8()
        #expect(m[(200 * 50 + 150) * 4 + 3] == 0)
        // Images freed and their memory drawn into again: nothing of them shows through.
        for _ in 0..<3 { _ = renderer.image { ctx in UIColor.green.setFill(); ctx.fill(CGRect(x: 0, y: 0, width: 200, height: 100)) } }
        let empty = try #require(renderer.image { _ in }.cgImage).straightRGBA8()
        #expect(empty.allSatisfy { $0 == 0 })
    }

    @Test func bezierPaths() throws {
        // UIKit's clockwise is as seen on screen (y down): a quarter from 0 to π/2 clockwise
        // passes through the bottom-right.
        let arc = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(arc.bounds.maxX <= 10.0001 && arc.bounds.minY >= -0.0001 && arc.bounds.maxY >= 9.999)
        // Rounded rectangles have continuous corners.
        let rr = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 20)
        let circular = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 100), cornerWidth: 20, cornerHeight: 20, transform: nil)
        #expect(circular.contains(CGPoint(x: 21, y: 0.15)) && !rr.contains(CGPoint(x: 21, y: 0.15)))
        let some = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 100), byRoundingCorners: [.topLeft],
                                cornerRadii: CGSize(width: 30, height: 5))
        #expect(!some.contains(CGPoint(x: 1, y: 1)) && some.contains(CGPoint(x: 99, y: 1)) && some.contains(CGPoint(x: 99.5, y: 99.5)))
        // Reversing keeps the shape.
        let oval = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 40, height: 20))
        #expect(oval.reversing().bounds.integral == oval.bounds.integral)
        #expect(oval.reversing().contains(CGPoint(x: 20, y: 10)))
        // Stroking with the path's own width.
        let line = UIBezierPath()
        line.move(to: CGPoint(x: 0, y: 5)); line.addLine(to: CGPoint(x: 10, y: 5))
        line.lineWidth = 4
        let format = UIGraphicsImageRendererFormat(); format.scale = 1
        let img = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format).image { _ in
            UIColor.black.setStroke()
            line.stroke()
        }
        let px = try #require(img.cgImage).straightRGBA8()
        #expect(px[(3 * 10 + 5) * 4 + 3] == 255 && px[(6 * 10 + 5) * 4 + 3] == 255 && px[(1 * 10 + 5) * 4 + 3] == 0)
    }

    @Test func bezierHeartMatchesApple() throws {
        let path = UIBezierPath(cgPath: heartPath())
        path.usesEvenOddFillRule = true
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(bounds: path.bounds, format: format).image { _ in
            UIColor.black.setFill()
            path.fill()
        }
        let r = try Fidelity.compare(#require(image.cgImage), Fidelity.reference("bezierpath-heart-eofill.png"),
                                     name: "bezierpath-heart-eofill.png")
        print("fidelity bezierpath-heart-eofill.png (UIBezierPath): \(r)")
        #expect(r.passes, "\(r)")
    }
}

@MainActor
@Suite("UILabel")
struct LabelTests {
    func labels() -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 240, height: 260))
        root.backgroundColor = .white
        func add(_ y: CGFloat, _ h: CGFloat, _ configure: (UILabel) -> Void) {
            let l = UILabel(frame: CGRect(x: 10, y: y, width: 220, height: h))
            l.backgroundColor = UIColor(white: 0.93, alpha: 1)
            configure(l)
            root.addSubview(l)
        }
        add(10, 30) { $0.text = "Left, one line" }
        add(50, 30) { $0.text = "Centred"; $0.textAlignment = .center; $0.textColor = .systemBlue }
        add(90, 30) { $0.text = "Right, bold"; $0.textAlignment = .right; $0.font = .boldSystemFont(ofSize: 17) }
        add(130, 30) { $0.text = "A long line that does not fit in the label" }
        add(170, 80) {
            $0.numberOfLines = 0
            $0.font = .systemFont(ofSize: 15)
            let s = NSMutableAttributedString(string: "Wrapped to as many lines as needed, ",
                                              attributes: [.foregroundColor: UIColor.darkGray])
            s.append(NSAttributedString(string: "with a red run.", attributes: [.foregroundColor: UIColor.systemRed,
                                                                                .font: UIFont.boldSystemFont(ofSize: 15)]))
            $0.attributedText = s
        }
        return root
    }

    @Test func reference() throws {
        let root = labels()
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let failure = try uikitGolden.check("labels") {
            UIGraphicsImageRenderer(size: root.bounds.size, format: format).image { ctx in root.layer.render(in: ctx.cgContext) }.cgImage!
        }
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func sizesAndLines() {
        let l = UILabel()
        l.text = "Hello world, this is a label"
        let one = l.intrinsicContentSize
        l.numberOfLines = 0
        let wrapped = l.sizeThatFits(CGSize(width: 80, height: 1000))
        #expect(wrapped.width <= 80 && wrapped.height > one.height * 2)
        l.numberOfLines = 2
        let two = l.sizeThatFits(CGSize(width: 80, height: 1000))
        #expect(two.height < wrapped.height && two.height > one.height)
        #expect(l.attributedText?.string == l.text)
        l.attributedText = NSAttributedString(string: "abc")
        #expect(l.text == "abc")
        #expect(!l.isOpaque && !l.isUserInteractionEnabled)
    }

    /// A label keeps its last measurement; every change that moves its text measures again,
    /// as a new label with the same settings measures.
    @Test func aMeasurementFollowsEveryChange() {
        let l = UILabel()
        l.text = "Measure me again, please"
        func fresh(_ configure: (UILabel) -> Void) -> CGSize {
            let f = UILabel()
            configure(f)
            return f.sizeThatFits(CGSize(width: 90, height: 1000))
        }
        func expectFresh(_ configure: (UILabel) -> Void, _ what: String) {
            configure(l)
            #expect(l.sizeThatFits(CGSize(width: 90, height: 1000)) == fresh(configure), "\(what)")
        }
        var settings: [(UILabel) -> Void] = [{ $0.text = "Measure me again, please" }]
        let changes: [(String, (UILabel) -> Void)] = [
            ("text", { $0.text = "Another text, a little longer than the first" }),
            ("font", { $0.font = .boldSystemFont(ofSize: 21) }),
            ("lines", { $0.numberOfLines = 0 }),
            ("line break mode", { $0.lineBreakMode = .byCharWrapping }),
            ("alignment", { $0.textAlignment = .justified }),
            ("direction", { $0.semanticContentAttribute = .forceRightToLeft }),
            ("attributed text", { $0.attributedText = NSAttributedString(string: "Attributed", attributes: [.kern: 3]) }),
            ("text again", { $0.text = "Short" }),
        ]
        _ = l.sizeThatFits(CGSize(width: 90, height: 1000))
        for (what, change) in changes {
            settings.append(change)
            let all = settings
            expectFresh({ label in all.forEach { $0(label) } }, what)
            // Asked again: the same size.
            #expect(l.sizeThatFits(CGSize(width: 90, height: 1000)) == l.sizeThatFits(CGSize(width: 90, height: 1000)))
        }
        // Another box: measured for it.
        #expect(l.sizeThatFits(CGSize(width: 30, height: 1000)) == {
            let f = UILabel(); settings.forEach { $0(f) }; return f.sizeThatFits(CGSize(width: 30, height: 1000))
        }())
    }
}

@MainActor
@Suite("Window, touches and responders")
struct WindowTests {
    final class TouchView: UIView {
        var log: [String] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            let p = touches.first!.location(in: self); log.append("began \(p.x),\(p.y)")
        }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
            let p = touches.first!.location(in: self); log.append("moved \(p.x),\(p.y)")
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            let p = touches.first!.location(in: self); log.append("ended \(p.x),\(p.y)")
        }
    }

    final class Controller: UIViewController {
        var touched = 0
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { touched += 1 }
    }

    @Test func touchesGoToTheViewHitAndUpTheChain() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let vc = Controller()
        window.rootViewController = vc
        let target = TouchView(frame: CGRect(x: 50, y: 50, width: 50, height: 50))
        vc.view.addSubview(target)
        window.makeKeyAndVisible()
        let t = try #require(window.touchDown(at: CGPoint(x: 60, y: 70)))
        window.touchMove(t, to: CGPoint(x: 65, y: 75))
        window.touchUp(t)
        #expect(target.log == ["began 10.0,20.0", "moved 15.0,25.0", "ended 15.0,25.0"])
        #expect(t.view === target && t.phase == .ended && t.previousLocation(in: target) == CGPoint(x: 10, y: 20))
        // Outside the target: the root view, which passes it to its controller.
        window.tap(at: CGPoint(x: 10, y: 10))
        #expect(vc.touched == 1 && vc.view.next === vc && vc.next === window)
        // Non-interactive views are skipped.
        target.isUserInteractionEnabled = false
        window.tap(at: CGPoint(x: 60, y: 70))
        #expect(vc.touched == 2 && target.log.count == 3)
    }

    @Test func windowsRecordFramesAtTheirScale() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        window.screen = UIScreen(size: CGSize(width: 40, height: 20), scale: 2)
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        box.backgroundColor = .red
        window.addSubview(box)
        window.makeKeyAndVisible()
        #expect(box.contentScaleFactor == 2)
        window.run { UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { box.center.x = 30 }) }
        let frames = window.frames(duration: 1, framesPerSecond: 4)
        #expect(frames.count == 5 && frames.allSatisfy { $0.width == 80 && $0.height == 40 })
        // The box's left edge moves from 0 to 20 points: pixel 0 red at first, clear at the end.
        #expect(try frames[0].straightRGBA8()[(20 * 80) * 4] == 255)
        #expect(try frames[4].straightRGBA8()[(20 * 80) * 4 + 3] == 0)
        #expect(try frames[2].straightRGBA8()[(20 * 80 + 30) * 4] == 255)
    }
}

/// Enormous sizes and colour components are refused or clamped, never trapped on (issue 16).
@MainActor
@Suite("UIKit odd values")
struct UIKitOddValueTests {
    @Test func enormousImageContextsAreRefused() {
        let (image, diagnostics) = LaminaDiagnostics.collecting { () -> UIImage? in
            UIGraphicsBeginImageContextWithOptions(CGSize(width: 1e300, height: 1e300), false, 2)
            defer { UIGraphicsEndImageContext() }
            return UIGraphicsGetImageFromCurrentImageContext()
        }
        #expect(image == nil && diagnostics.count >= 1, "\(diagnostics)")
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let (frames, more) = LaminaDiagnostics.collecting { w.frames(duration: 1e300) }
        #expect(frames.isEmpty && more.count == 1)
    }

    @Test func coloursWithEnormousComponentsHash() {
        let c = UIColor(cgColor: CGColor(red: 1e300, green: -1e300, blue: .nan, alpha: 1))
        #expect(Set([c, UIColor.red]).count == 2)
    }
}
