import Testing
import Foundation
@testable import UIKit
@testable import LaminaTools
import LaminaTestSupport

let toolsGolden = Golden(directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References"))

/// The articles' classes, as the gallery shows them (Sources/LaminaTools/Gallery/Articles), used
/// from their public API the way the articles do.
@MainActor
@Suite("The articles' views")
struct ArticleViewTests {
    func pixel(_ image: CGImage, _ x: Int, _ y: Int) throws -> [Int] {
        let px = try image.straightRGBA8()
        let i = (y * image.width + x) * 4
        return px[i..<i + 4].map(Int.init)
    }

    @Test func article1GradientViewFollowsItsFrame() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.screen = UIScreen(size: CGSize(width: 200, height: 200), scale: 1)
        let g = GradientLayerView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        g.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
        g.startPoint = CGPoint(x: 0, y: 0.5)
        g.endPoint = CGPoint(x: 1, y: 0.5)
        window.addSubview(g)
        window.makeKeyAndVisible()
        #expect((g.layer as! CAGradientLayer).colors?.count == 2 && g.startPoint == CGPoint(x: 0, y: 0.5))
        let small = try #require(window.render(atTime: 0))
        #expect(try pixel(small, 1, 50)[0] > 240 && pixel(small, 98, 50)[2] > 240 && pixel(small, 150, 50)[3] == 0)
        // Resizing the view resizes the gradient with it (no implicit animation on a view's layer).
        window.run { g.frame = CGRect(x: 0, y: 0, width: 200, height: 100) }
        let wide = try #require(window.render(atTime: 0.1))
        #expect(try pixel(wide, 198, 50)[2] > 240 && pixel(wide, 100, 50)[0] > 100 && pixel(wide, 100, 50)[2] > 100)
    }

    @Test func article2LayerLabel() throws {
        let label = LayerLabel(frame: CGRect(x: 0, y: 0, width: 220, height: 200))
        #expect(label.layer is CATextLayer)
        // The view set contentsScale: the text is drawn at the screen's scale, not blurred.
        #expect(label.layer.contentsScale == UIScreen.main.scale)
        label.text = "Hello, CATextLayer! This text wraps and is justified. 你好，这是中文文本，也会自动换行。"
        label.textColor = .darkGray
        label.font = UIFont.systemFont(ofSize: 18)
        #expect(label.textLayer.string as? String == label.text)
        #expect(label.textLayer.fontSize == 18 && label.textLayer.alignmentMode == .justified && label.textLayer.isWrapped)
        #expect((label.textLayer.font as? CGFont) != nil)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let failure = try toolsGolden.check("article2-layerlabel") {
            UIGraphicsImageRenderer(size: label.bounds.size, format: format).image { ctx in
                UIColor.white.setFill()
                ctx.fill(label.bounds)
                label.layer.render(in: ctx.cgContext)
            }.cgImage!
        }
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func article3ViewsAndLayers() throws {
        // The gallery's scene is the article's code; drawn at the iPhone's scale of 2.
        let im = try GalleryAssets.image("smiley")
        #expect(im.scale == 2 && im.size == CGSize(width: 60, height: 60))
        let frames = try GalleryRenderer(scale: 2).frames(of: Gallery.article3Views)
        let frame = try #require(frames.frames.first)
        #expect(frames.frames.count == 1 && frame.width == 640 && frame.height == 960)
        let failure = try toolsGolden.check("article3-views-and-layers") { frame }
        #expect(failure == nil, "\(failure ?? "")")
        #expect(try pixel(frame, 40, 40) == [255, 255, 255, 255])     // where lay4 is: nothing drawn
        #expect(try pixel(frame, 2 * 260, 2 * 170) == [128, 255, 0, 255])          // lay2 pokes out of lay1
    }

    @Test func article4TouchStartsTheRing() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 500))
        window.screen = UIScreen(size: CGSize(width: 400, height: 500), scale: 1)
        let vc = CircleViewController()
        window.rootViewController = vc
        window.makeKeyAndVisible()
        vc.view.backgroundColor = .white
        _ = window.render(atTime: 0)
        #expect(vc.circle.animationKeys() == nil)
        window.advance(to: 1)
        window.tap(at: CGPoint(x: 20, y: 20))                   // the view passes the touch to its controller
        #expect(vc.circle.animationKeys() == ["circle"])
        func blue(_ image: CGImage) throws -> Int {
            let px = try image.straightRGBA8()
            return stride(from: 0, to: px.count, by: 4).filter { px[$0 + 2] > 150 && px[$0] < 100 }.count
        }
        let half = try blue(#require(window.render(atTime: 2.5)))
        let full = try blue(#require(window.render(atTime: 4.1)))
        #expect(vc.circle.animationKeys() == nil && vc.circle.progress == 1)
        #expect(Double(half) / Double(full) > 0.45 && Double(half) / Double(full) < 0.55, "\(half) / \(full)")
    }

    @Test func article5Forwarder() {
        for forwarding in [false, true] {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            let v = CustomViewWithLayer(frame: CGRect(x: 0, y: 0, width: 100, height: 100), forwarding: forwarding)
            window.addSubview(v)
            window.makeKeyAndVisible()
            _ = window.render(atTime: 0)
            // The view grows: layoutSubviews sets the yellow layer's frame.
            window.run { v.frame = CGRect(x: 0, y: 0, width: 200, height: 150) }
            _ = window.render(atTime: 0.05)
            // Without the forwarder the hosted layer animates (0.25 s); with it, it follows the
            // view: no animation outside blocks, like the backing layer.
            #expect((v.yellowLayer.animation(forKey: "bounds") != nil) == !forwarding, "forwarding: \(forwarding)")
            #expect(v.layer.animationKeys() == nil)
            #expect(v.yellowLayer.frame == CGRect(x: 0, y: 0, width: 200, height: 150))
            // Inside a block, the forwarded layer animates with the block's duration.
            if forwarding {
                window.run { UIView.animate(withDuration: 1.5) { v.yellowLayer.opacity = 0.5 } }
                #expect(v.yellowLayer.animation(forKey: "opacity")?.duration == 1.5)
            }
        }
    }

    /// Article 4: a SubLayer is a black circle of diameter 40 centred at (100, 30).
    @Test func article4SubLayerDefaults() {
        let sub = SubLayer()
        sub.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        sub.position = CGPoint(x: 100, y: 30)
        #expect(sub.backgroundColor == UIColor.black.cgColor)
        #expect(sub.cornerRadius == 20 && sub.value(forKey: "cornerRadius") as? CGFloat == 20)
        #expect(sub.frame == CGRect(x: 80, y: 10, width: 40, height: 40))
        #expect(sub.borderWidth == 0)
        // Explicit values win over the class defaults, and nil is a real value.
        sub.backgroundColor = nil
        #expect(sub.backgroundColor == nil)
        sub.cornerRadius = 3
        #expect(sub.cornerRadius == 3)
        #expect(SubLayer().cornerRadius == 20)
        #expect(CALayer().cornerRadius == 0)
    }

    @Test func article4SubLayerWithInitOverride() {
        let sub = RotatedSubLayer()
        sub.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        sub.position = CGPoint(x: 100, y: 30)
        #expect(sub.transform == CATransform3DMakeRotation(.pi / 2, 1, 1, 1))
        #expect(sub.cornerRadius == 20)
        let copy = RotatedSubLayer(layer: sub)
        #expect(copy.transform == sub.transform && copy.position == sub.position)
    }

    @Test func article1GradientViewByConstraints() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        window.screen = UIScreen(size: CGSize(width: 300, height: 200), scale: 1)
        let g = GradientLayerView()
        g.translatesAutoresizingMaskIntoConstraints = false
        g.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
        g.startPoint = CGPoint(x: 0, y: 0.5)
        g.endPoint = CGPoint(x: 1, y: 0.5)
        window.addSubview(g)
        NSLayoutConstraint.activate([
            g.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
            g.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -20),
            g.topAnchor.constraint(equalTo: window.topAnchor, constant: 20),
            g.heightAnchor.constraint(equalTo: g.widthAnchor, multiplier: 0.25),
        ])
        window.makeKeyAndVisible()
        let first = try #require(window.render(atTime: 0))
        #expect(g.frame == CGRect(x: 20, y: 20, width: 260, height: 65))
        #expect(g.layer.bounds.size == CGSize(width: 260, height: 65))
        let px = try first.straightRGBA8()
        #expect(px[(40 * 300 + 21) * 4] > 240 && px[(40 * 300 + 278) * 4 + 2] > 240)
        // The window grows: the gradient follows through its constraints.
        window.run { window.frame = CGRect(x: 0, y: 0, width: 500, height: 200) }
        _ = try #require(window.render(atTime: 0.1))
        #expect(g.frame == CGRect(x: 20, y: 20, width: 460, height: 115))
    }
}
