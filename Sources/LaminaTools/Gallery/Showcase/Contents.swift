import Foundation
import UIKit

extension Gallery {
    static let contentsGravity = GalleryEntry(
        "contents-gravity", section: .layers, title: "Every contentsGravity",
        caption: "The same 120-pixel image at contentsScale 3 (40 points) in 90×70-point layers that clip. As on iOS, "
            + "\"top\" means the maximum-y edge, which is the visual bottom of a layer in iOS geometry.",
        size: CGSize(width: 420, height: 300), output: .still(at: 0)
    ) { stage in
        let smiley = try GalleryAssets.image("smiley").cgImage!
        let gravities: [CALayerContentsGravity] = [.resize, .resizeAspect, .resizeAspectFill, .center,
                                                   .top, .bottom, .left, .right,
                                                   .topLeft, .topRight, .bottomLeft, .bottomRight]
        for (k, gravity) in gravities.enumerated() {
            let origin = CGPoint(x: 15 + (k % 4) * 100, y: 12 + (k / 4) * 96)
            // gallery:begin contents-gravity
            let layer = CALayer()
            layer.frame = CGRect(origin: origin, size: CGSize(width: 90, height: 70))
            layer.contents = smiley
            layer.contentsScale = 3
            layer.contentsGravity = gravity
            layer.masksToBounds = true
            layer.backgroundColor = UIColor.systemGray5.cgColor
            // gallery:end
            stage.addSublayer(layer)
            stage.label(".\(gravity.rawValue)", CGRect(x: origin.x, y: origin.y + 73, width: 90, height: 16))
        }
    }

    static let contentsRectCenter = GalleryEntry(
        "contents-rect-center", section: .layers, title: "contentsRect and contentsCenter",
        caption: "Left: four layers show one quarter each of a 2×2 sprite sheet through contentsRect. Right: a 30-point bubble "
            + "image stretched to three sizes; with contentsCenter only its middle stretches and the corners stay round. "
            + "The last one has no contentsCenter, for comparison.",
        size: CGSize(width: 440, height: 190), output: .still(at: 0)
    ) { stage in
        let format = UIGraphicsImageRendererFormat()
        format.scale = stage.scale
        // gallery:begin contents-rect-center
        let sheet = UIGraphicsImageRenderer(size: CGSize(width: 80, height: 80), format: format).image { _ in
            for (k, color) in [UIColor.systemRed, .systemGreen, .systemBlue, .systemOrange].enumerated() {
                color.setFill()
                let cell = CGRect(x: (k % 2) * 40, y: (k / 2) * 40, width: 40, height: 40)
                UIBezierPath(ovalIn: cell.insetBy(dx: 5, dy: 5)).fill()
            }
        }.cgImage!
        for k in 0..<4 {
            let sprite = CALayer()
            sprite.frame = CGRect(x: 15 + k * 45, y: 30, width: 40, height: 40)
            sprite.contents = sheet
            sprite.contentsRect = CGRect(x: CGFloat(k % 2) * 0.5, y: CGFloat(k / 2) * 0.5, width: 0.5, height: 0.5)
            stage.addSublayer(sprite)
        }

        let bubble = UIGraphicsImageRenderer(size: CGSize(width: 30, height: 30), format: format).image { _ in
            UIColor.systemTeal.setFill()
            UIColor.systemIndigo.setStroke()
            let path = UIBezierPath(roundedRect: CGRect(x: 1.5, y: 1.5, width: 27, height: 27), cornerRadius: 9)
            path.lineWidth = 3
            path.fill()
            path.stroke()
        }.cgImage!
        let frames = [CGRect(x: 215, y: 20, width: 60, height: 40), CGRect(x: 285, y: 20, width: 140, height: 40),
                      CGRect(x: 215, y: 70, width: 100, height: 90), CGRect(x: 325, y: 70, width: 100, height: 90)]
        for (k, frame) in frames.enumerated() {
            let stretched = CALayer()
            stretched.frame = frame
            stretched.contents = bubble
            stretched.contentsScale = stage.scale
            if k < 3 { stretched.contentsCenter = CGRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2) }
            stage.addSublayer(stretched)
        }
        // gallery:end
        // Where the sheet's quarters are, for reference.
        let whole = CALayer()
        whole.frame = CGRect(x: 60, y: 85, width: 80, height: 80)
        whole.contents = sheet
        whole.borderColor = UIColor.systemGray3.cgColor
        whole.borderWidth = 1
        stage.addSublayer(whole)
        stage.label("contentsRect: the sheet's quarters", CGRect(x: 10, y: 8, width: 190, height: 16))
        stage.label("without contentsCenter", CGRect(x: 315, y: 166, width: 120, height: 16))
    }
}
