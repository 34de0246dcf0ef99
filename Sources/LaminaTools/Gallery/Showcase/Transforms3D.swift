import Foundation
import UIKit

extension Gallery {
    static let transforms3D = GalleryEntry(
        "transforms-3d", section: .layers, title: "3D transforms with perspective",
        caption: "Five cards turned about y by −50° to 50° under one perspective (sublayerTransform.m34 = −1/400); a card "
            + "turned about an axis 40 points behind it (anchorPointZ); and a CATransformLayer holding two cards 40 points apart "
            + "in z, the far one added last: it draws by depth, so the near (red) card stays in front.",
        size: CGSize(width: 460, height: 170), output: .still(at: 0)
    ) { stage in
        // gallery:begin transforms-3d
        let stage3D = CALayer()
        stage3D.frame = CGRect(x: 0, y: 0, width: 300, height: 170)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 400
        stage3D.sublayerTransform = perspective
        for (k, degrees) in [-50, -25, 0, 25, 50].enumerated() {
            let card = CATextLayer()
            card.frame = CGRect(x: 15 + k * 56, y: 45, width: 50, height: 70)
            card.string = "\(degrees)°"
            card.fontSize = 14
            card.alignmentMode = .center
            card.contentsScale = stage.scale
            card.backgroundColor = UIColor(hue: 0.55 + CGFloat(k) * 0.05, saturation: 0.7, brightness: 0.9, alpha: 1).cgColor
            card.cornerRadius = 6
            card.transform = CATransform3DMakeRotation(CGFloat(degrees) * .pi / 180, 0, 1, 0)
            stage3D.addSublayer(card)
        }

        // Turned about a point 40 points behind the card: it swings out instead of spinning in place.
        let swing = CALayer()
        swing.frame = CGRect(x: 300, y: 45, width: 50, height: 70)
        swing.anchorPointZ = -40
        swing.backgroundColor = UIColor.systemOrange.cgColor
        swing.transform = CATransform3DMakeRotation(.pi / 5, 0, 1, 0)
        let ghost = CALayer()
        ghost.frame = swing.frame
        ghost.borderWidth = 1
        ghost.borderColor = UIColor.systemGray.cgColor
        stage3D.addSublayer(ghost)
        stage3D.addSublayer(swing)

        // Two cards 40 points apart in z, the far one added last: a transform layer draws its
        // sublayers by depth, so the near card stays in front.
        let pair = CATransformLayer()
        pair.frame = CGRect(x: 370, y: 45, width: 70, height: 70)
        for (z, color) in [(CGFloat(20), UIColor.systemRed), (-20, .systemBlue)] {
            let card = CALayer()
            card.frame = pair.bounds
            card.backgroundColor = color.cgColor
            card.zPosition = z
            card.borderColor = UIColor.white.cgColor
            card.borderWidth = 2
            pair.addSublayer(card)
        }
        pair.transform = CATransform3DMakeRotation(-.pi / 4, 0, 1, 0)
        stage3D.addSublayer(pair)
        stage.addSublayer(stage3D)
        // gallery:end
        stage.label("transform.rotation.y", CGRect(x: 15, y: 140, width: 275, height: 16))
        stage.label("anchorPointZ", CGRect(x: 285, y: 140, width: 80, height: 16))
        stage.label("CATransformLayer", CGRect(x: 360, y: 140, width: 95, height: 16))
    }

    static let cube = GalleryEntry(
        "cube", section: .layers, title: "A cube of six layers",
        caption: "Six faces in a CATransformLayer, each turned and pushed out by 50 points; the cube spins with a "
            + "CABasicAnimation of transform.rotation.y while tilted, under perspective. Faces are depth-sorted every frame.",
        size: CGSize(width: 240, height: 220), output: .animation(duration: 4)
    ) { stage in
        // gallery:begin cube
        let cube = CATransformLayer()
        cube.frame = CGRect(x: 70, y: 60, width: 100, height: 100)
        let faces: [(CATransform3D, UIColor)] = [
            (CATransform3DMakeTranslation(0, 0, 50), .systemRed),
            (CATransform3DRotate(CATransform3DMakeTranslation(50, 0, 0), .pi / 2, 0, 1, 0), .systemOrange),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -50), .pi, 0, 1, 0), .systemYellow),
            (CATransform3DRotate(CATransform3DMakeTranslation(-50, 0, 0), -.pi / 2, 0, 1, 0), .systemGreen),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, -50, 0), .pi / 2, 1, 0, 0), .systemBlue),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, 50, 0), -.pi / 2, 1, 0, 0), .systemPurple),
        ]
        for (transform, color) in faces {
            let face = CALayer()
            face.frame = cube.bounds
            face.backgroundColor = color.withAlphaComponent(0.9).cgColor
            face.borderColor = UIColor.white.cgColor
            face.borderWidth = 2
            face.transform = transform
            cube.addSublayer(face)
        }
        let world = CALayer()
        world.frame = stage.bounds
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        world.sublayerTransform = CATransform3DConcat(CATransform3DMakeRotation(-.pi / 7, 1, 0, 0), perspective)
        world.addSublayer(cube)
        stage.addSublayer(world)

        let spin = CABasicAnimation(keyPath: "transform.rotation.y")
        spin.fromValue = 0
        spin.toValue = CGFloat.pi * 2
        spin.duration = 4
        spin.repeatCount = .infinity
        cube.add(spin, forKey: "spin")
        // gallery:end
    }
}
