import Foundation
import UIKit

// gallery:begin article3-drawing
/// Provides its contents itself: `display()` sets a CGImage.
final class DisplayLayer: CALayer {
    override func display() {
        let format = UIGraphicsImageRendererFormat()
        format.scale = contentsScale
        contents = UIGraphicsImageRenderer(size: bounds.size, format: format).image { ctx in
            UIColor.systemIndigo.setFill()
            UIBezierPath(roundedRect: ctx.format.bounds.insetBy(dx: 10, dy: 10), cornerRadius: 14).fill()
        }.cgImage
    }
}

/// Draws into the backing store Core Animation makes for it.
final class DrawingLayer: CALayer {
    override func draw(in ctx: CGContext) {
        let c = CGPoint(x: bounds.midX, y: bounds.midY)
        ctx.move(to: CGPoint(x: c.x, y: c.y - 34))
        for k in 1..<10 {
            let r: CGFloat = k % 2 == 0 ? 34 : 14, a = CGFloat(k) * .pi / 5 - .pi / 2
            ctx.addLine(to: CGPoint(x: c.x + r * cos(a), y: c.y + r * sin(a)))
        }
        ctx.closePath()
        ctx.setFillColor(UIColor.systemYellow.cgColor)
        ctx.setStrokeColor(UIColor.systemOrange.cgColor)
        ctx.setLineWidth(3)
        ctx.drawPath(using: .fillStroke)
    }
}

/// Draws for a plain layer, as its delegate.
final class RingPainter: NSObject, CALayerDelegate {
    func draw(_ layer: CALayer, in ctx: CGContext) {
        ctx.setLineWidth(8)
        for (k, color) in [UIColor.systemRed, .systemGreen, .systemBlue].enumerated() {
            ctx.setStrokeColor(color.cgColor)
            ctx.strokeEllipse(in: layer.bounds.insetBy(dx: CGFloat(8 + 12 * k), dy: CGFloat(8 + 12 * k)))
        }
    }
}
// gallery:end

extension Gallery {
    static let article3Drawing = GalleryEntry(
        "article3-drawing", section: .articles, title: "Three ways to give a layer contents (article 3)",
        caption: "A subclass that sets contents in display(), a subclass that draws in draw(in:), and a plain layer whose "
            + "delegate draws it. Each is drawn once, when setNeedsDisplay() marks it, at its contentsScale.",
        size: CGSize(width: 360, height: 150), output: .still(at: 0)
    ) { stage in
        let root = stage.window.layer
        let painter = RingPainter()
        // gallery:begin article3-drawing
        let layers = [DisplayLayer(), DrawingLayer(), CALayer()]
        layers[2].delegate = painter
        for (k, layer) in layers.enumerated() {
            layer.frame = CGRect(x: 20 + k * 115, y: 15, width: 100, height: 100)
            layer.contentsScale = stage.scale        // sharp on a 2x screen, as with UIScreen.main.scale
            layer.borderColor = UIColor.systemGray4.cgColor
            layer.borderWidth = 1
            root.addSublayer(layer)
            layer.setNeedsDisplay()
        }
        // gallery:end
        stage.keepAlive(painter)          // a layer holds its delegate weakly
        for (k, name) in ["display()", "draw(in:)", "delegate"].enumerated() {
            stage.label(name, CGRect(x: 20 + k * 115, y: 124, width: 100, height: 16))
        }
    }
}
