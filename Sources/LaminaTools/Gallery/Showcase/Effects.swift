import Foundation
import UIKit

extension Gallery {
    static let replicators = GalleryEntry(
        "replicators", section: .layers, title: "Replicator layers",
        caption: "An activity indicator: one bar copied twelve times around a circle, each copy's fade starting "
            + "instanceDelay later. A grid from two nested replicators, each instance's colour shifted by the colour offsets.",
        size: CGSize(width: 320, height: 160), output: .animation(duration: 2)
    ) { stage in
        // gallery:begin replicators
        let spinner = CAReplicatorLayer()
        spinner.frame = CGRect(x: 30, y: 30, width: 100, height: 100)
        let bar = CALayer()
        bar.bounds = CGRect(x: 0, y: 0, width: 8, height: 26)
        bar.position = CGPoint(x: 50, y: 15)
        bar.cornerRadius = 4
        bar.backgroundColor = UIColor.darkGray.cgColor
        spinner.addSublayer(bar)
        spinner.instanceCount = 12
        spinner.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        spinner.instanceDelay = 1.0 / 12

        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.15
        fade.duration = 1
        fade.repeatCount = .infinity
        bar.add(fade, forKey: "fade")

        let row = CAReplicatorLayer()
        row.frame = CGRect(x: 170, y: 30, width: 130, height: 100)
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        dot.cornerRadius = 10
        dot.backgroundColor = UIColor.white.cgColor
        row.addSublayer(dot)
        row.instanceCount = 5
        row.instanceTransform = CATransform3DMakeTranslation(27, 0, 0)
        row.instanceColor = UIColor.systemBlue.cgColor
        row.instanceRedOffset = 0.18
        row.instanceBlueOffset = -0.15
        let grid = CAReplicatorLayer()
        grid.frame = row.frame
        row.frame = grid.bounds
        grid.addSublayer(row)
        grid.instanceCount = 4
        grid.instanceTransform = CATransform3DMakeTranslation(0, 27, 0)
        grid.instanceGreenOffset = 0.2

        stage.addSublayer(spinner)
        stage.addSublayer(grid)
        // gallery:end
    }

    static let emitter = GalleryEntry(
        "emitter", section: .layers, title: "An emitter",
        caption: "A CAEmitterLayer firing two kinds of particle from a point: sparks with colour ranges, spin and gravity "
            + "(yAcceleration), fading as they age. The particles come from seed, so every run draws the same frames.",
        size: CGSize(width: 300, height: 220), output: .animation(duration: 3)
    ) { stage in
        stage.window.backgroundColor = UIColor(white: 0.08, alpha: 1)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        // gallery:begin emitter
        let dotImage = UIGraphicsImageRenderer(size: CGSize(width: 12, height: 12), format: format).image { _ in
            UIColor.white.setFill()
            UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 12, height: 12)).fill()
        }.cgImage!

        let spark = CAEmitterCell()
        spark.name = "spark"
        spark.contents = dotImage
        spark.birthRate = 60
        spark.lifetime = 2.2
        spark.velocity = 110
        spark.velocityRange = 40
        spark.emissionLongitude = -.pi / 2
        spark.emissionRange = .pi / 5
        spark.yAcceleration = 120
        spark.scale = 0.5
        spark.scaleRange = 0.3
        spark.alphaSpeed = -0.45
        spark.color = UIColor(red: 1, green: 0.6, blue: 0.2, alpha: 1).cgColor
        spark.redRange = 0.2
        spark.greenRange = 0.3

        let ember = CAEmitterCell()
        ember.contents = dotImage
        ember.birthRate = 12
        ember.lifetime = 3
        ember.velocity = 30
        ember.emissionRange = .pi * 2
        ember.scale = 0.25
        ember.spin = 2
        ember.color = UIColor.systemYellow.cgColor
        ember.alphaSpeed = -0.3

        let fountain = CAEmitterLayer()
        fountain.frame = stage.bounds
        fountain.emitterPosition = CGPoint(x: 150, y: 190)
        fountain.emitterShape = .point
        fountain.emitterCells = [spark, ember]
        fountain.seed = 42
        stage.addSublayer(fountain)
        // gallery:end
    }

    static let fireworks = GalleryEntry(
        "emitter-fireworks", section: .layers, title: "Cells that emit cells: fireworks",
        caption: "Each rocket is a particle with a short trail; its emitterCells burst from wherever it is near the end of "
            + "its life (a sub-cell's beginTime and duration count from its parent's birth). Additive rendering brightens "
            + "where sparks overlap.",
        size: CGSize(width: 300, height: 260), output: .animation(duration: 4)
    ) { stage in
        stage.window.backgroundColor = UIColor(red: 0.03, green: 0.03, blue: 0.1, alpha: 1)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        // gallery:begin emitter-fireworks
        let dotImage = UIGraphicsImageRenderer(size: CGSize(width: 12, height: 12), format: format).image { _ in
            UIColor.white.setFill()
            UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 12, height: 12)).fill()
        }.cgImage!

        let burst = CAEmitterCell()
        burst.contents = dotImage
        burst.beginTime = 1.0                  // one second after its rocket's launch
        burst.duration = 0.06
        burst.birthRate = 1600                 // about a hundred sparks
        burst.lifetime = 1.4
        burst.lifetimeRange = 0.6
        burst.velocity = 55
        burst.velocityRange = 45
        burst.emissionRange = 2 * .pi
        burst.yAcceleration = 45
        burst.scale = 0.3
        burst.scaleSpeed = -0.15
        burst.alphaSpeed = -0.6
        burst.color = UIColor(red: 1, green: 0.5, blue: 0.3, alpha: 0.9).cgColor
        burst.redRange = 0.3
        burst.greenRange = 0.7
        burst.blueRange = 0.9

        let trail = CAEmitterCell()            // embers left behind all the way up
        trail.contents = dotImage
        trail.birthRate = 30
        trail.lifetime = 0.5
        trail.velocity = 8
        trail.emissionRange = 2 * .pi
        trail.scale = 0.15
        trail.alphaSpeed = -1.8
        trail.color = UIColor(red: 1, green: 0.8, blue: 0.5, alpha: 0.9).cgColor

        let rocket = CAEmitterCell()
        rocket.contents = dotImage
        rocket.birthRate = 1.2
        rocket.lifetime = 1.05
        rocket.velocity = 190
        rocket.velocityRange = 30
        rocket.emissionLongitude = -.pi / 2
        rocket.emissionRange = .pi / 8
        rocket.yAcceleration = 60
        rocket.scale = 0.22
        rocket.emitterCells = [trail, burst]

        let show = CAEmitterLayer()
        show.frame = stage.bounds
        show.emitterPosition = CGPoint(x: 150, y: 255)
        show.emitterShape = .line
        show.emitterSize = CGSize(width: 140, height: 0)
        show.renderMode = .additive
        show.emitterCells = [rocket]
        show.seed = 5
        stage.addSublayer(show)
        // gallery:end
    }

    static let blendModes = GalleryEntry(
        "blend-modes", section: .layers, title: "Compositing filters",
        caption: "The same two discs over a gradient, the top one given a compositingFilter by name, as Core Animation "
            + "archives and macOS code do.",
        size: CGSize(width: 460, height: 120), output: .still(at: 0)
    ) { stage in
        let filters = ["normalBlendMode", "multiplyBlendMode", "screenBlendMode", "overlayBlendMode", "differenceBlendMode",
                       "colorDodgeBlendMode"]
        for (k, filter) in filters.enumerated() {
            // gallery:begin blend-modes
            let backdrop = CAGradientLayer()
            backdrop.frame = CGRect(x: 10 + k * 75, y: 10, width: 70, height: 80)
            backdrop.colors = [UIColor.systemTeal.cgColor, UIColor.systemPurple.cgColor]
            let disc = CALayer()
            disc.frame = CGRect(x: 10, y: 15, width: 50, height: 50)
            disc.cornerRadius = 25
            disc.backgroundColor = UIColor.systemOrange.cgColor
            disc.compositingFilter = filter
            backdrop.addSublayer(disc)
            // gallery:end
            stage.addSublayer(backdrop)
            stage.label(filter.replacingOccurrences(of: "BlendMode", with: ""), CGRect(x: 10 + k * 75, y: 95, width: 70, height: 16))
        }
    }
}
