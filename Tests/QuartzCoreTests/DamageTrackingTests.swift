import Testing
@testable import QuartzCore
import LaminaTestSupport

@Suite("Damage tracking")
struct DamageTrackingTests {
    func equal(_ a: CGImage, _ b: CGImage) throws -> Bool { try a.straightRGBA8() == b.straightRGBA8() }

    @Test func incrementalFramesEqualFullRenders() throws {
        let root = mixedScene()
        let renderer = CARenderer(layer: root, scale: 2)
        let first = try #require(renderer.nextFrame())
        #expect(renderer.lastDamage == CGRect(x: 0, y: 0, width: 640, height: 440))
        #expect(try equal(first, #require(CARenderer(layer: root, scale: 2).image())))
        // Nothing changed: nothing redrawn.
        _ = renderer.nextFrame()
        #expect(renderer.lastDamage.isNull)
        // A small change away from any shadow redraws a small region (the shape holder, 80x80 pt
        // at 2x), and the frame still equals a full render.
        let holder = root.sublayers![4]
        withoutActions { holder.opacity = 0.5 }
        _ = renderer.nextFrame()
        #expect(renderer.lastDamage.width <= 170 && renderer.lastDamage.height <= 170)
        // Next to the shadowed card, the damage takes in the whole card and its shadow.
        let pic = root.sublayers![2]
        withoutActions { pic.backgroundColor = CGColor(red: 0.3, green: 0.9, blue: 0.3, alpha: 1) }
        let second = try #require(renderer.nextFrame())
        #expect(try equal(second, #require(CARenderer(layer: root, scale: 2).image())))
        // Moving a shadowed card: old and new places, with the shadow's reach.
        let card = root.sublayers![0]
        withoutActions { card.position.x += 7 }
        let third = try #require(renderer.nextFrame())
        #expect(try equal(third, #require(CARenderer(layer: root, scale: 2).image())))
        // Removing a layer redraws where it was.
        withoutActions { root.sublayers![1].removeFromSuperlayer() }
        let fourth = try #require(renderer.nextFrame())
        #expect(try equal(fourth, #require(CARenderer(layer: root, scale: 2).image())))
        // A change deep inside a perspective subtree.
        withoutActions { root.sublayers![2].sublayers?.first?.backgroundColor = CGColor(gray: 0, alpha: 1) }
        let flip = root.sublayers!.first { !CATransform3DIsAffine($0.transform) }!
        withoutActions { flip.sublayers![0].backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1) }
        let fifth = try #require(renderer.nextFrame())
        #expect(try equal(fifth, #require(CARenderer(layer: root, scale: 2).image())))
    }

    @Test func drawingBeyondTheBoundsIsRedrawnWhereDamaged() throws {
        // A shape layer with empty bounds whose path lies elsewhere, contents overflowing by
        // gravity, and a shadowPath far from the bounds; a dot moves over each.
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 300, height: 120)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let trail = CAShapeLayer()
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 10, y: 20))
        p.addLine(to: CGPoint(x: 290, y: 20))
        trail.path = p
        trail.strokeColor = CGColor(gray: 0, alpha: 1)
        trail.lineWidth = 6
        root.addSublayer(trail)
        let picture = CALayer()
        picture.frame = CGRect(x: 140, y: 60, width: 4, height: 4)
        let img = rgbaContext(40, 40)
        img.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        img.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        picture.contents = img.makeImage()
        picture.contentsGravity = .center
        root.addSublayer(picture)
        let caster = CALayer()
        caster.frame = CGRect(x: 250, y: 60, width: 10, height: 10)
        caster.shadowPath = CGPath(rect: CGRect(x: -60, y: 0, width: 40, height: 40), transform: nil)
        caster.shadowOpacity = 1
        caster.shadowRadius = 0
        root.addSublayer(caster)
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 10, width: 20, height: 20)
        dot.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(dot)
        let renderer = CARenderer(layer: root, scale: 1)
        _ = renderer.nextFrame()
        for (x, y) in [(100.0, 10.0), (200, 10), (130, 55), (200, 70), (10, 90)] {
            withoutActions { dot.frame.origin = CGPoint(x: x, y: y) }
            let frame = try #require(renderer.nextFrame())
            let full = try #require(CARenderer(layer: root, scale: 1).image())
            #expect(try equal(frame, full), "dot at \(x), \(y)")
        }
    }

    @Test func transformLayerFacesKeepTheirDepthInTheDamage() throws {
        // A face pushed 50 points towards the eye under perspective is drawn larger than its
        // flattened self; turning the cube must repaint all of where it was.
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 150
        root.sublayerTransform = perspective
        let cube = CATransformLayer()
        cube.frame = CGRect(x: 60, y: 60, width: 80, height: 80)
        let face = CALayer()
        face.frame = cube.bounds
        face.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        face.transform = CATransform3DMakeTranslation(0, 0, 50)
        cube.addSublayer(face)
        root.addSublayer(cube)
        let renderer = CARenderer(layer: root, scale: 1)
        _ = renderer.nextFrame()
        for angle in [0.3, 0.9, 1.4] {
            withoutActions { cube.transform = CATransform3DMakeRotation(angle, 0, 1, 0) }
            let frame = try #require(renderer.nextFrame())
            #expect(try equal(frame, #require(CARenderer(layer: root, scale: 1).image())), "angle \(angle)")
        }
    }

    @Test func enormousLayersAreRefusedNotTrapped() {
        let huge = CALayer()
        huge.bounds = CGRect(x: 0, y: 0, width: 1e300, height: 10)
        let (images, d) = LaminaDiagnostics.collecting {
            [CARenderer(layer: huge, scale: 1).image(), CARenderer(layer: huge, scale: 2).nextFrame()]
        }
        #expect(images.allSatisfy { $0 == nil })
        #expect(d.contains { $0.contains("cannot render") })
    }
}
