import Testing
@testable import QuartzCore

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

    /// Two cards crossing like an X (turned ±40° about y through the same centre line): each is
    /// in front on one side of the crossing, so the planes must be split there.
    func cross(redFirst: Bool, tilt: CGFloat = 0) throws -> CGImage {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        var p = CATransform3DIdentity
        p.m34 = -1 / 500
        root.sublayerTransform = p
        let t = CATransformLayer()
        t.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        t.transform = CATransform3DMakeRotation(tilt, 1, 0, 0)
        var cards = [(CGFloat.pi * 2 / 9, CGColor(red: 1, green: 0, blue: 0, alpha: 1)), (-.pi * 2 / 9, CGColor(red: 0, green: 0, blue: 1, alpha: 1))]
        if !redFirst { cards.reverse() }
        for (angle, color) in cards {
            let card = CALayer()
            card.frame = t.bounds
            card.backgroundColor = color
            card.transform = CATransform3DMakeRotation(angle, 0, 1, 0)
            t.addSublayer(card)
        }
        root.addSublayer(t)
        return try #require(CARenderer(layer: root, scale: 1).image())
    }

    @Test func crossingPlanesAreSplitWhereTheyMeet() throws {
        let a = try cross(redFirst: true), b = try cross(redFirst: false)
        // Order in the array does not matter: depth does, on each side of the crossing.
        #expect(try a.straightRGBA8() == b.straightRGBA8())
        let left = try rgb(a, 70, 100), right = try rgb(a, 130, 100)
        #expect(left != right, "\(left) \(right)")
        #expect([left, right].allSatisfy { $0 == (255, 0, 0) || $0 == (0, 0, 255) }, "\(left) \(right)")
        // Tilted towards the viewer too: still split, still independent of the order.
        let c = try cross(redFirst: true, tilt: 0.4), d = try cross(redFirst: false, tilt: 0.4)
        // (The cut is computed from whichever plane splits first: edge pixels may differ by a
        // rounding step.)
        let pc = try c.straightRGBA8(), pd = try d.straightRGBA8()
        let differing = zip(pc, pd).filter { $0 != $1 }
        #expect(differing.count < 40 && differing.allSatisfy { abs(Int($0) - Int($1)) <= 3 }, "\(differing.count)")
        #expect(try rgb(c, 70, 100) != rgb(c, 130, 100))
    }

    @Test func planeSorterOrdersAndSplits() throws {
        func quad(z0: Double, z1: Double, x0: Double = -1, x1: Double = 1) -> [SIMD3<Double>] {
            // A quad from x0 to x1 whose depth goes from z0 (left) to z1 (right), y in −1…1.
            [SIMD3(x0, -1, z0), SIMD3(x1, -1, z1), SIMD3(x1, 1, z1), SIMD3(x0, 1, z0)]
        }
        // Parallel planes: far first, whatever the order given; nothing is cut.
        let near = quad(z0: 1, z1: 1), far = quad(z0: -1, z1: -1)
        #expect(PlaneSorter.order([near, far])?.map(\.item) == [1, 0])
        #expect(PlaneSorter.order([far, near])?.map(\.item) == [0, 1])
        #expect(PlaneSorter.order([near, far])?.allSatisfy { $0.halfPlanes.isEmpty } == true)
        // Two planes crossing along x = 0: one is cut in two, and each half is painted on the
        // right side of the other plane (the far half before it, the near half after).
        let a = quad(z0: -1, z1: 1), b = quad(z0: 1, z1: -1)
        let pieces = try #require(PlaneSorter.order([a, b]))
        #expect(pieces.count == 3)
        let cut = pieces.filter { $0.item == 1 }
        #expect(cut.count == 2 && cut.allSatisfy { $0.halfPlanes.count == 1 })
        #expect(pieces.first?.item == 1 && pieces.last?.item == 1 && pieces[1].item == 0)
        // The first (far) half of b lies where b is behind a: x > 0 (b recedes to the right).
        let farHalf = pieces[0].polygon
        #expect(farHalf.allSatisfy { $0.x >= -1e-9 })
        let clipped = PlaneSorter.clip(CGRect(x: -1, y: -1, width: 2, height: 2), by: pieces[0].halfPlanes)
        #expect(clipped.allSatisfy { $0.x >= -1e-9 } && clipped.contains { $0.x > 0.9 })
    }

    /// Cards crossing one another every which way: a few are split exactly; many fall back to the
    /// centres' depth with a diagnostic instead of splitting without end.
    @Test func manyCrossingPlanesFallBackInsteadOfExploding() throws {
        func fan(_ n: Int) throws -> (CGImage, [String]) {
            // Commits what an earlier test on this thread left in its implicit transaction (a
            // run loop would have), so its layers do not display inside this collector.
            CATransaction.flush()
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 160, height: 160)
            var p = CATransform3DIdentity
            p.m34 = -1 / 400
            root.sublayerTransform = p
            let t = CATransformLayer()
            t.frame = CGRect(x: 30, y: 30, width: 100, height: 100)
            t.transform = CATransform3DMakeRotation(0.3, 1, 0, 0)
            for k in 0..<n {
                let card = CALayer()
                card.frame = t.bounds
                card.backgroundColor = CGColor(red: CGFloat(k) / CGFloat(n), green: 0.5, blue: 1 - CGFloat(k) / CGFloat(n), alpha: 1)
                // Planes turned every which way about different axes and depths: they cut one another
                // along many different lines.
                let a = CGFloat(k)
                card.transform = CATransform3DRotate(CATransform3DMakeTranslation(0, 0, 8 * sin(a * 1.7)), a * 0.9, sin(a), cos(a * 1.3), 0.4)
                t.addSublayer(card)
            }
            root.addSublayer(t)
            let (image, d) = LaminaDiagnostics.collecting { CARenderer(layer: root, scale: 1).image() }
            return (try #require(image), d)
        }
        let (_, few) = try fan(5)
        #expect(few.isEmpty, "\(few)")
        let (image, many) = try fan(60)
        #expect(many.contains { $0.contains("cross too often") }, "\(many)")
        let px = try image.straightRGBA8()
        #expect(px[(80 * 160 + 80) * 4 + 3] == 255)         // still drawn
    }

    /// A layer scaled to 0 along one axis (an animation engine's collapsed layer) draws nothing,
    /// not even the faint line edge antialiasing would leave, as on Apple's; its sublayers too.
    @Test func aLayerScaledToNothingDrawsNothing() throws {
        for t in [CATransform3DMakeScale(0, 1, 1), CATransform3DMakeScale(1, 0, 1), CATransform3DMakeRotation(.pi / 2, 0, 1, 0)] {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
            let flat = CALayer()
            flat.frame = CGRect(x: 10.5, y: 10.5, width: 40, height: 40)
            flat.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            flat.borderWidth = 2
            let child = CALayer()
            child.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            child.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            flat.addSublayer(child)
            flat.transform = t
            root.addSublayer(flat)
            let image = try #require(CARenderer(layer: root, scale: 2).image())
            #expect(try image.straightRGBA8().allSatisfy { $0 == 0 }, "\(t)")
        }
    }
}
