import Testing
import Foundation
import UIKit

/// `presentation()?.render(in:)` draws what the screen shows at that moment, as on Apple: how
/// iOS code and snapshot tools capture a view mid-animation. Written as iOS code.
@MainActor
@Suite("Presentation layers render")
struct PresentationRenderTests {
    /// The RGBA bytes of `image` at (x, y), y down.
    private func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
        let bytes = [UInt8](image.dataProvider!.data!)
        let i = y * image.bytesPerRow + x * 4
        return (0..<4).map { Int(bytes[i + $0]) }
    }

    /// `layer` drawn by `render(in:)` into a 1x y-down image of `size`.
    private func rendered(_ layer: CALayer, _ size: CGSize) -> CGImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let renderer = UIGraphicsImageRenderer(size: size, format: format)
        return renderer.image { layer.render(in: $0.cgContext) }.cgImage!
    }

    @Test func aPlainViewInAWindowAfterAFlush() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.backgroundColor = .red
        window.addSubview(view)
        window.isHidden = false
        CATransaction.flush()
        let presentation = try #require(view.layer.presentation())
        #expect(pixel(rendered(presentation, CGSize(width: 100, height: 100)), 50, 50) == [255, 0, 0, 255])
        #expect(pixel(rendered(view.layer, CGSize(width: 100, height: 100)), 50, 50) == [255, 0, 0, 255])
    }

    @Test func aViewMidAnimationBothWays() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        window.backgroundColor = .white
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.backgroundColor = .red
        let badge = CALayer()
        badge.frame = CGRect(x: 40, y: 40, width: 20, height: 20)
        badge.backgroundColor = UIColor.blue.cgColor
        view.layer.addSublayer(badge)
        window.addSubview(view)
        window.makeKeyAndVisible()
        window.run {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 250 })
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0
            fade.duration = 1
            badge.add(fade, forKey: "fade")
            badge.opacity = 0
            CATransaction.flush()
        }
        window.advance(to: 0.5)
        let size = CGSize(width: 300, height: 100)
        let model = rendered(window.layer, size)
        let presented = try #require(window.run { window.layer.presentation() })
        let screen = rendered(presented, size)
        // The model is at the end: the view at x 200…300, the badge gone.
        #expect(pixel(model, 250, 20) == [255, 0, 0, 255])
        #expect(pixel(model, 250, 50) == [255, 0, 0, 255])
        #expect(pixel(model, 120, 50) == [255, 255, 255, 255])
        // The presentation is half way: the view at x 100…200, the badge half faded.
        #expect(pixel(screen, 120, 20) == [255, 0, 0, 255])
        #expect(pixel(screen, 250, 50) == [255, 255, 255, 255])
        let mid = pixel(screen, 150, 50)
        #expect(abs(mid[0] - 128) <= 1 && mid[1] == 0 && abs(mid[2] - 127) <= 1, "the badge at half opacity: \(mid)")
        // And it equals the frame the window's own renderer draws at that time.
        let renderer = CARenderer(layer: window.layer, scale: 1)
        let frame = try #require(renderer.image(atTime: 0.5))
        var differing = 0
        for y in stride(from: 0, to: 100, by: 3) {
            for x in stride(from: 0, to: 300, by: 3) where pixel(frame, x, y) != pixel(screen, x, y) { differing += 1 }
        }
        #expect(differing == 0)
    }

    @Test func masksContentsAndSublayersAreTheirPresentations() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.backgroundColor = .green
        let mask = CALayer()
        mask.backgroundColor = UIColor.black.cgColor
        mask.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        view.layer.mask = mask
        let picture = CALayer()
        picture.frame = CGRect(x: 70, y: 20, width: 10, height: 10)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        picture.contents = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format).image { c in
            UIColor.magenta.setFill()
            c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }.cgImage
        view.layer.addSublayer(picture)
        window.addSubview(view)
        window.makeKeyAndVisible()
        window.run {
            // The mask slides right; the picture grows from 10 × 10 to 70 × 70.
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.fromValue = 50
            slide.toValue = 150
            slide.duration = 1
            mask.add(slide, forKey: nil)
            let grow = CABasicAnimation(keyPath: "bounds.size")
            grow.fromValue = CGSize(width: 10, height: 10)
            grow.toValue = CGSize(width: 70, height: 70)
            grow.duration = 1
            picture.add(grow, forKey: nil)
            CATransaction.flush()
        }
        window.advance(to: 0.5)
        let presented = try #require(window.run { view.layer.presentation() })
        #expect(presented.mask?.position.x == 100)
        let image = rendered(presented, CGSize(width: 100, height: 100))
        #expect(pixel(image, 20, 80) == [0, 0, 0, 0])            // masked out: the mask is at x 50…150
        #expect(pixel(image, 70, 80) == [0, 255, 0, 255])        // the view, through the mask
        // The picture, 40 × 40 about its centre (75, 25): x 55…95, y 5…45.
        #expect(pixel(image, 60, 10) == [255, 0, 255, 255])
        #expect(pixel(image, 52, 10) == [0, 255, 0, 255])
        // The model: no mask motion, the picture 10 × 10.
        let model = rendered(view.layer, CGSize(width: 100, height: 100))
        #expect(pixel(model, 20, 80) == [0, 255, 0, 255])
        #expect(pixel(model, 60, 10) == [0, 255, 0, 255])
        #expect(pixel(model, 75, 25) == [255, 0, 255, 255])
        let shown = try #require(presented.sublayers?.first)
        #expect(shown.bounds.size == CGSize(width: 40, height: 40))
    }
}
