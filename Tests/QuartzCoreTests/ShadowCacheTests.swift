import Testing
@testable import QuartzCore
import LaminaTestSupport

@Suite("Shadow cache")
struct ShadowCacheTests {
    /// A card with a shadow over a coloured background: sublayers (a gradient header, a shape,
    /// text, an image) inside it, and a second card whose shadow overlaps the first.
    func scene() -> (root: CALayer, card: CALayer, header: CAGradientLayer, other: CALayer, dot: CAShapeLayer) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 160, height: 120)
        root.backgroundColor = CGColor(red: 0.85, green: 0.9, blue: 0.95, alpha: 1)
        let card = CALayer()
        card.frame = CGRect(x: 12, y: 14, width: 80, height: 60)
        card.backgroundColor = CGColor(gray: 1, alpha: 1)
        card.cornerRadius = 10
        card.shadowOpacity = 0.4
        card.shadowRadius = 5
        card.shadowOffset = CGSize(width: 2, height: 4)
        let header = CAGradientLayer()
        header.frame = CGRect(x: 0, y: 0, width: 80, height: 16)
        header.colors = [CGColor(red: 1, green: 0.5, blue: 0.2, alpha: 1), CGColor(red: 0.9, green: 0.2, blue: 0.5, alpha: 1)]
        let dot = CAShapeLayer()
        dot.frame = CGRect(x: 50, y: 30, width: 40, height: 40)   // sticks out of the card: it casts shadow too
        dot.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        dot.fillColor = CGColor(red: 0.2, green: 0.6, blue: 0.3, alpha: 0.8)
        let text = CATextLayer()
        text.frame = CGRect(x: 6, y: 20, width: 60, height: 16)
        text.string = "Shadow"
        text.fontSize = 11
        text.foregroundColor = CGColor(gray: 0.1, alpha: 1)
        for l in [header, dot, text] { card.addSublayer(l) }
        root.addSublayer(card)
        let other = CALayer()
        other.frame = CGRect(x: 70.5, y: 60.25, width: 70, height: 44)
        other.backgroundColor = CGColor(red: 0.3, green: 0.4, blue: 0.9, alpha: 0.9)
        other.borderWidth = 1
        other.borderColor = CGColor(gray: 0, alpha: 0.5)
        other.shadowOpacity = 1
        other.shadowRadius = 3
        other.shadowColor = CGColor(red: 0.5, green: 0, blue: 0, alpha: 1)
        root.addSublayer(other)
        return (root, card, header, other, dot)
    }

    func pixels(_ renderer: CARenderer) throws -> [UInt8] {
        try #require(renderer.image(atTime: 0)).straightRGBA8()
    }

    @Test func aShadowIsBlurredOnceAndKeptWhileItsLayerOnlyMovesOrFades() throws {
        let (root, card, header, _, _) = scene()
        let renderer = CARenderer(layer: root, scale: 2)
        func builds() -> Int { renderer.shadowBuilds(of: card) }
        let first = try pixels(renderer)
        #expect(builds() == 1)
        let again = try pixels(renderer) == first
        #expect(again && builds() == 1)
        // Whole device pixels of movement, a fade and another shadow colour keep the blur.
        withoutActions { card.position.x += 1.5 }
        let moved = try pixels(renderer)
        let differs = moved != first
        #expect(builds() == 1 && differs)
        withoutActions { card.opacity = 0.6 }
        let faded = try pixels(renderer)
        let fades = faded != moved
        #expect(builds() == 1 && fades)
        withoutActions { card.shadowColor = CGColor(red: 0, green: 0, blue: 0.6, alpha: 1) }
        _ = try pixels(renderer)
        #expect(builds() == 1)
        // A sublayer's change, another radius, offset or sub-pixel position blurs it again.
        withoutActions { header.colors = [CGColor(gray: 0, alpha: 0.5), CGColor(gray: 0, alpha: 1)] }
        _ = try pixels(renderer)
        #expect(builds() == 2)
        withoutActions { card.shadowRadius = 8 }
        _ = try pixels(renderer)
        #expect(builds() == 3)
        withoutActions { card.shadowOffset = CGSize(width: 0, height: 1) }
        _ = try pixels(renderer)
        #expect(builds() == 4)
        withoutActions { card.position.x += 0.25 }
        _ = try pixels(renderer)
        #expect(builds() == 5)
        let stats = renderer.cacheStatistics.shadows
        #expect(stats.hits > 0 && stats.misses >= 5 && stats.entries == 2 && stats.bytes > 0)
    }

    /// Renders the scene through a sequence of changes with `renderer`, every frame's bytes.
    func frames(_ renderer: CARenderer, threads: Int) throws -> [[UInt8]] {
        let (root, card, header, other, dot) = scene()
        renderer.layer = root
        renderer.threads = threads
        // Even the small damaged rectangles spread over the threads.
        renderer.frames.minimumPixelsPerThread = 0
        var out: [[UInt8]] = []
        let changes: [() -> Void] = [
            {}, {},
            { card.position.x += 1 },
            { card.opacity = 0.5 },
            { other.position.y -= 3.5 },
            { header.isHidden = true },
            { dot.position.x -= 12 },
            { dot.fillColor = CGColor(red: 0, green: 0, blue: 1, alpha: 0.3) },
            { card.shadowRadius = 1 },
            { other.transform = CATransform3DMakeRotation(0.3, 0, 0, 1) },
            { card.masksToBounds = true },
        ]
        for change in changes {
            withoutActions(change)
            out.append(try pixels(renderer))
        }
        return out
    }

    @Test func cachedAndUncachedFramesAreTheSameBytes() throws {
        let cached = CARenderer(layer: CALayer(), scale: 3)
        let uncached = CARenderer(layer: CALayer(), scale: 3)
        uncached.cachesEnabled = false
        let a = try frames(cached, threads: 2)
        let b = try frames(uncached, threads: 1)
        #expect(a.count == b.count)
        for (k, (x, y)) in zip(a, b).enumerated() {
            let same = x == y   // compared apart: a failure prints no arrays
            #expect(same, "frame \(k) differs")
        }
        #expect(uncached.cacheStatistics.shadows.entries == 0 && uncached.cacheStatistics.content.entries == 0)
        #expect(cached.cacheStatistics.shadows.hits > 0)
    }

    @Test func damageTrackedFramesMatchFullOnesWithCachedShadows() throws {
        let (root, card, header, _, dot) = scene()
        let live = CARenderer(layer: root, scale: 2)
        let full = CARenderer(layer: root, scale: 2)
        full.cachesEnabled = false
        for change in [{}, { card.position.y += 2 }, { header.isHidden = true }, { dot.position.y += 5 }, { card.shadowOpacity = 0.9 }]
            as [() -> Void] {
            withoutActions(change)
            let next = try #require(live.nextFrame(atTime: 0)).straightRGBA8()
            let same = next == (try pixels(full))
            #expect(same)
        }
    }

    /// Shadows of `shadowPath` (a screen sliding in, a rounded card, a rotated ellipse) moving by
    /// fractions of a pixel: each frame makes a new mask, cached or not the same bytes.
    @Test func pathShadowsMovingBySubPixelsAreTheSameBytesCachedOrNot() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 120, height: 90)
        root.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        var casters: [CALayer] = []
        for (k, (frame, path)) in [
            (CGRect(x: 40, y: 0, width: 120, height: 90), CGPath(rect: CGRect(x: 0, y: 0, width: 120, height: 90), transform: nil)),
            (CGRect(x: 10, y: 10, width: 40, height: 30),
             CGPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 30), cornerWidth: 8, cornerHeight: 8, transform: nil)),
            (CGRect(x: 60, y: 50, width: 30, height: 20), CGPath(ellipseIn: CGRect(x: -4, y: 0, width: 38, height: 20), transform: nil)),
        ].enumerated() {
            let l = CALayer()
            l.frame = frame
            l.backgroundColor = CGColor(red: 1, green: CGFloat(k) / 3, blue: 0.5, alpha: 1)
            l.shadowPath = path
            l.shadowOpacity = 0.3
            l.shadowRadius = CGFloat(2 + 2 * k)
            l.shadowOffset = CGSize(width: -1, height: CGFloat(k))
            if k == 2 { l.transform = CATransform3DMakeRotation(0.4, 0, 0, 1) }
            root.addSublayer(l)
            casters.append(l)
        }
        let cached = CARenderer(layer: root, scale: 3)
        let uncached = CARenderer(layer: root, scale: 3)
        uncached.cachesEnabled = false
        for frame in 0..<6 {
            withoutActions { for (k, l) in casters.enumerated() { l.position.x -= 0.37 + CGFloat(k) * 0.11 } }
            let same = try pixels(cached) == (try pixels(uncached))
            #expect(same, "frame \(frame)")
        }
        #expect(cached.cacheStatistics.shadows.misses >= 18 && uncached.cacheStatistics.shadows.entries == 0)
    }

    @Test func theCacheStaysWithinItsBoundAndEvicts() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        var layers: [CALayer] = []
        for k in 0..<16 {
            let l = CALayer()
            l.frame = CGRect(x: CGFloat(k % 4) * 50 + 8, y: CGFloat(k / 4) * 50 + 8, width: 30, height: 30)
            l.backgroundColor = CGColor(gray: 0.5, alpha: 1)
            l.shadowOpacity = 0.5
            l.shadowRadius = 4
            root.addSublayer(l)
            layers.append(l)
        }
        let renderer = CARenderer(layer: root, scale: 2)
        // One shadow here is (60 + 2 · reach)² bytes, about 10 KB: room for about five.
        renderer.shadowCacheByteLimit = 50_000
        let unbounded = CARenderer(layer: root, scale: 2)
        for frame in 0..<30 {
            // A soak: layers come and go, move by a pixel and change every frame.
            withoutActions {
                layers[frame % 16].removeFromSuperlayer()
                let l = CALayer()
                l.frame = CGRect(x: CGFloat(frame % 7) * 20, y: 150, width: 20, height: 20)
                l.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                l.shadowOpacity = 1
                root.addSublayer(l)
                layers[frame % 16] = l
                layers[(frame + 3) % 16].position.x += 0.5
            }
            let a = try pixels(renderer), b = try pixels(unbounded)
            let same = a == b
            #expect(same, "frame \(frame)")
            let stats = renderer.cacheStatistics.shadows
            #expect(stats.bytes <= 50_000, "\(stats)")
        }
        let stats = renderer.cacheStatistics.shadows
        #expect(stats.evictions > 0 && stats.hits > 0, "\(stats)")
        #expect(unbounded.cacheStatistics.shadows.evictions == 0)
    }

    @Test func aShadowLargerThanTheCacheIsDrawnEveryFrameWithOneDiagnostic() throws {
        let (root, card, _, _, _) = scene()
        let renderer = CARenderer(layer: root, scale: 2)
        renderer.shadowCacheByteLimit = 1000
        let (images, diagnostics) = LaminaDiagnostics.collecting { (renderer.image(atTime: 0), renderer.image(atTime: 0)) }
        #expect(images.0 != nil && images.1 != nil)
        #expect(renderer.shadowBuilds(of: card) == 0)
        #expect(Set(diagnostics) == ["a layer's shadow is larger than the shadow cache holds: it is blurred again on every frame"])
        // The shadow is still drawn: below the card, darker than the background.
        let px = try #require(images.0).straightRGBA8()
        let below = ((14 + 60 + 4) * 2 * 320 + 50 * 2) * 4
        #expect(px[below] < 200)
    }
}
