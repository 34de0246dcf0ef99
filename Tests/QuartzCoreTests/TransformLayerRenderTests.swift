import Testing
import QuartzCore

/// Drawing CATransformLayer: sublayers keep their 3D placement through the transform layer's own
/// transform and its parent's perspective, and are drawn by depth.
@Suite("Transform layers drawn in 3D")
struct TransformLayerRenderTests {
    /// Two 70-point cards 40 points apart in z inside a transform layer turned by `angle` about
    /// y, under a perspective parent. Returns the image (200×200, scale 1).
    func pair(angle: CGFloat, farFirst: Bool, perspective: Bool = true) throws -> CGImage {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        if perspective {
            var p = CATransform3DIdentity
            p.m34 = -1 / 400
            root.sublayerTransform = p
        }
        let t = CATransformLayer()
        t.frame = CGRect(x: 65, y: 65, width: 70, height: 70)
        var cards = [(CGFloat(20), CGColor(red: 1, green: 0, blue: 0, alpha: 1)), (-20, CGColor(red: 0, green: 0, blue: 1, alpha: 1))]
        if farFirst { cards.reverse() }
        for (z, color) in cards {
            let card = CALayer()
            card.frame = t.bounds
            card.backgroundColor = color
            card.zPosition = z
            t.addSublayer(card)
        }
        t.transform = CATransform3DMakeRotation(angle, 0, 1, 0)
        root.addSublayer(t)
        return try #require(CARenderer(layer: root, scale: 1).image())
    }

    func rgb(_ image: CGImage, _ x: Int, _ y: Int) throws -> (Int, Int, Int) {
        let px = try image.straightRGBA8()
        let i = (y * image.width + x) * 4
        return (Int(px[i]), Int(px[i + 1]), Int(px[i + 2]))
    }

    @Test func theTransformLayersOwnTurnMovesCardsApartInDepth() throws {
        // Turned −45° about y: the near (red) card shifts left, the far (blue) one right, and the
        // blue one shows beside the red one instead of being flattened behind it.
        let image = try pair(angle: -.pi / 4, farFirst: false)
        #expect(try rgb(image, 80, 100) == (255, 0, 0))
        #expect(try rgb(image, 130, 100) == (0, 0, 255))
        // The turn the other way mirrors it.
        let mirrored = try pair(angle: .pi / 4, farFirst: false)
        #expect(try rgb(mirrored, 120, 100) == (255, 0, 0))
        #expect(try rgb(mirrored, 70, 100) == (0, 0, 255))
    }

    @Test func depthNotOrderDecides() throws {
        let a = try pair(angle: -.pi / 4, farFirst: false), b = try pair(angle: -.pi / 4, farFirst: true)
        #expect(try a.straightRGBA8() == b.straightRGBA8())
        #expect(try rgb(b, 100, 100) == (255, 0, 0))       // where they overlap, the near card
    }

    @Test func withoutPerspectiveTheCardsStillSeparate() throws {
        let image = try pair(angle: -.pi / 4, farFirst: true, perspective: false)
        #expect(try rgb(image, 80, 100) == (255, 0, 0) && rgb(image, 125, 100) == (0, 0, 255))
        // A plain layer in its place flattens its sublayers: zPosition only orders them, and
        // the turn applies to the flat picture, so the blue card is hidden behind the red one.
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let flat = CALayer()
        flat.frame = CGRect(x: 65, y: 65, width: 70, height: 70)
        for (z, gray) in [(CGFloat(20), CGFloat(0)), (-20, 1)] {
            let card = CALayer()
            card.frame = flat.bounds
            card.backgroundColor = CGColor(gray: gray, alpha: 1)
            card.zPosition = z
            flat.addSublayer(card)
        }
        flat.transform = CATransform3DMakeRotation(-.pi / 4, 0, 1, 0)
        root.addSublayer(flat)
        let px = try #require(CARenderer(layer: root, scale: 1).image()).straightRGBA8()
        let whiteOpaque = stride(from: 0, to: px.count, by: 4).filter { px[$0] == 255 && px[$0 + 3] == 255 }.count
        #expect(whiteOpaque == 0)
    }
}
