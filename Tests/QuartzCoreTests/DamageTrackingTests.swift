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
}
