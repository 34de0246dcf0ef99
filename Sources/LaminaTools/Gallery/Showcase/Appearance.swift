import Foundation
import UIKit

extension Gallery {
    static let corners = GalleryEntry(
        "corners-borders", section: .layers, title: "Corner radii, corner curves and borders",
        caption: "cornerRadius 30 with the circular and the continuous (squircle) curve, the two outlines overlaid to compare; "
            + "maskedCorners rounding two corners; a border drawn inside the rounded edge over clipped image contents.",
        size: CGSize(width: 440, height: 150), output: .still(at: 0)
    ) { stage in
        let smiley = try GalleryAssets.image("smiley").cgImage!
        // gallery:begin corners-borders
        let circular = CALayer(), continuous = CALayer()
        for (k, layer) in [circular, continuous].enumerated() {
            layer.frame = CGRect(x: 15 + k * 100, y: 20, width: 90, height: 90)
            layer.cornerRadius = 30
            layer.backgroundColor = UIColor.systemBlue.cgColor
            stage.addSublayer(layer)
        }
        continuous.cornerCurve = .continuous

        // Both outlines on top of each other: the continuous curve starts earlier and is rounder.
        for (curve, color) in [(CALayerCornerCurve.circular, UIColor.systemRed), (.continuous, UIColor.systemGreen)] {
            let outline = CALayer()
            outline.frame = CGRect(x: 215, y: 20, width: 90, height: 90)
            outline.cornerRadius = 30
            outline.cornerCurve = curve
            outline.borderWidth = 1.5
            outline.borderColor = color.cgColor
            stage.addSublayer(outline)
        }

        let card = CALayer()
        card.frame = CGRect(x: 320, y: 20, width: 100, height: 90)
        card.contents = smiley
        card.contentsGravity = .resizeAspectFill
        card.backgroundColor = UIColor.systemYellow.cgColor
        card.cornerRadius = 24
        card.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        card.masksToBounds = true
        card.borderWidth = 6
        card.borderColor = UIColor.systemPurple.withAlphaComponent(0.7).cgColor
        stage.addSublayer(card)
        // gallery:end
        stage.label("circular", CGRect(x: 15, y: 118, width: 90, height: 16))
        stage.label("continuous", CGRect(x: 115, y: 118, width: 90, height: 16))
        stage.label("both outlines", CGRect(x: 215, y: 118, width: 90, height: 16))
        stage.label("maskedCorners, border", CGRect(x: 310, y: 118, width: 120, height: 16))
    }

    static let shadows = GalleryEntry(
        "shadows", section: .layers, title: "Shadows",
        caption: "A soft shadow offset down; a coloured glow with no offset; a shadowPath (an ellipse under the layer, no "
            + "layer content needed); a shape layer's shadow following its star outline; a shadow on a layer whose sublayers "
            + "are clipped by a container, not by the shadowed layer.",
        size: CGSize(width: 460, height: 160), output: .still(at: 0)
    ) { stage in
        stage.window.backgroundColor = .systemGray6
        // gallery:begin shadows
        let soft = CALayer()
        soft.frame = CGRect(x: 20, y: 30, width: 70, height: 70)
        soft.backgroundColor = UIColor.white.cgColor
        soft.cornerRadius = 12
        soft.shadowOpacity = 0.35
        soft.shadowRadius = 8
        soft.shadowOffset = CGSize(width: 0, height: 6)

        let glow = CALayer()
        glow.frame = CGRect(x: 110, y: 30, width: 70, height: 70)
        glow.backgroundColor = UIColor.systemPink.cgColor
        glow.cornerRadius = 35
        glow.shadowColor = UIColor.systemPink.cgColor
        glow.shadowOpacity = 0.9
        glow.shadowRadius = 14
        glow.shadowOffset = .zero

        let floating = CALayer()
        floating.frame = CGRect(x: 200, y: 20, width: 70, height: 70)
        floating.backgroundColor = UIColor.systemTeal.cgColor
        floating.cornerRadius = 16
        floating.shadowPath = CGPath(ellipseIn: CGRect(x: 5, y: 90, width: 60, height: 12), transform: nil)
        floating.shadowOpacity = 0.5
        floating.shadowRadius = 4
        floating.shadowOffset = .zero

        let star = CAShapeLayer()
        star.frame = CGRect(x: 290, y: 25, width: 80, height: 80)
        let path = CGMutablePath()
        for k in 0..<10 {
            let r: CGFloat = k % 2 == 0 ? 40 : 17, a = CGFloat(k) * .pi / 5 - .pi / 2
            let p = CGPoint(x: 40 + r * cos(a), y: 40 + r * sin(a))
            if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.closeSubpath()
        star.path = path
        star.fillColor = UIColor.systemYellow.cgColor
        star.shadowOpacity = 0.5
        star.shadowRadius = 3
        star.shadowOffset = CGSize(width: 3, height: 5)

        // Clip the content, not the shadow: the shadow goes on an outer layer.
        let outer = CALayer()
        outer.frame = CGRect(x: 380, y: 30, width: 70, height: 70)
        outer.shadowOpacity = 0.4
        outer.shadowRadius = 6
        outer.shadowOffset = CGSize(width: 0, height: 4)
        outer.shadowPath = CGPath(roundedRect: outer.bounds, cornerWidth: 14, cornerHeight: 14, transform: nil)
        let clipper = CALayer()
        clipper.frame = outer.bounds
        clipper.cornerRadius = 14
        clipper.masksToBounds = true
        for (k, color) in [UIColor.systemOrange, .systemRed, .systemPurple].enumerated() {
            let stripe = CALayer()
            stripe.frame = CGRect(x: -10, y: k * 25 - 5, width: 90, height: 25)
            stripe.backgroundColor = color.cgColor
            clipper.addSublayer(stripe)
        }
        outer.addSublayer(clipper)

        for layer in [soft, glow, floating, star, outer] { stage.addSublayer(layer) }
        // gallery:end
        for (k, name) in ["offset shadow", "glow", "shadowPath", "shape's shadow", "clipped content"].enumerated() {
            stage.label(name, CGRect(x: 10 + k * 90, y: 130, width: 90, height: 16))
        }
    }

    static let masks = GalleryEntry(
        "masks", section: .layers, title: "Masks",
        caption: "An image masked by a star-shaped CAShapeLayer; a gradient layer as a mask fading a layer out; text as the "
            + "mask of a gradient; masksToBounds with a corner radius clipping sublayers.",
        size: CGSize(width: 440, height: 150), output: .still(at: 0)
    ) { stage in
        let smiley = try GalleryAssets.image("smiley").cgImage!
        // gallery:begin masks
        let photo = CALayer()
        photo.frame = CGRect(x: 15, y: 15, width: 100, height: 100)
        photo.contents = smiley
        photo.backgroundColor = UIColor.systemTeal.cgColor
        let star = CAShapeLayer()
        star.frame = photo.bounds
        let path = CGMutablePath()
        for k in 0..<10 {
            let r: CGFloat = k % 2 == 0 ? 50 : 24, a = CGFloat(k) * .pi / 5 - .pi / 2
            let p = CGPoint(x: 50 + r * cos(a), y: 52 + r * sin(a))
            if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.closeSubpath()
        star.path = path
        photo.mask = star

        let stripes = CAReplicatorLayer()
        stripes.frame = CGRect(x: 125, y: 15, width: 100, height: 100)
        let bar = CALayer()
        bar.frame = CGRect(x: 0, y: 0, width: 10, height: 100)
        bar.backgroundColor = UIColor.systemIndigo.cgColor
        stripes.addSublayer(bar)
        stripes.instanceCount = 5
        stripes.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        let fade = CAGradientLayer()
        fade.frame = stripes.bounds
        fade.colors = [UIColor.black.cgColor, UIColor.clear.cgColor]
        stripes.mask = fade

        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 235, y: 30, width: 100, height: 70)
        gradient.colors = [UIColor.systemPink.cgColor, UIColor.systemOrange.cgColor, UIColor.systemYellow.cgColor]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        let text = CATextLayer()
        text.frame = gradient.bounds
        text.string = "Lamina"
        text.font = UIFont.boldSystemFont(ofSize: 30)
        text.fontSize = 30
        text.alignmentMode = .center
        text.contentsScale = stage.scale
        gradient.mask = text

        let clip = CALayer()
        clip.frame = CGRect(x: 345, y: 15, width: 80, height: 100)
        clip.cornerRadius = 20
        clip.masksToBounds = true
        clip.backgroundColor = UIColor.systemGray4.cgColor
        for k in 0..<4 {
            let dot = CALayer()
            dot.frame = CGRect(x: -20 + k * 30, y: -10 + k * 30, width: 50, height: 50)
            dot.cornerRadius = 25
            dot.backgroundColor = UIColor(hue: CGFloat(k) / 5, saturation: 0.7, brightness: 0.95, alpha: 1).cgColor
            clip.addSublayer(dot)
        }

        for layer in [photo, stripes, gradient, clip] { stage.addSublayer(layer) }
        // gallery:end
        for (k, name) in ["shape mask", "gradient mask", "text mask", "masksToBounds"].enumerated() {
            stage.label(name, CGRect(x: 15 + k * 110, y: 124, width: 100, height: 16))
        }
    }
}
