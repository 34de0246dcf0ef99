import Testing
@testable import QuartzCore
import LaminaTestSupport

@Suite("Shape and gradient content cache")
struct OwnContentCacheTests {
    func scene() -> (CALayer, CAShapeLayer, CAGradientLayer) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 120, height: 80)
        root.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
        let p = CGMutablePath(); p.addEllipse(in: CGRect(x: 5, y: 5, width: 40, height: 40))
        shape.path = p
        shape.fillColor = CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        shape.strokeColor = CGColor(red: 0.9, green: 0.2, blue: 0.1, alpha: 1)
        shape.lineWidth = 4
        root.addSublayer(shape)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 70, y: 10, width: 40, height: 60)
        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        gradient.cornerRadius = 8
        root.addSublayer(gradient)
        return (root, shape, gradient)
    }

    func pixels(_ renderer: CARenderer) throws -> [UInt8] {
        try #require(renderer.image()).straightRGBA8()
    }

    @Test func contentIsRasterizedOnceAndReused() throws {
        let (root, shape, gradient) = scene()
        // The cache belongs to the renderer: frames of one renderer share it.
        let renderer = CARenderer(layer: root, scale: 2)
        func builds(_ l: CALayer) -> Int { renderer.ownContentBuilds(of: l) }
        let first = try pixels(renderer)
        #expect(builds(shape) == 1 && builds(gradient) == 1)
        #expect(try pixels(renderer) == first)
        #expect(builds(shape) == 1 && builds(gradient) == 1)
        // Whole device pixels of movement reuse the cache; the picture still changes.
        withoutActions { shape.position.x += 3 }
        let moved = try pixels(renderer)
        #expect(builds(shape) == 1 && moved != first)
        // A sub-pixel move, a content change or a resize rebuilds it.
        withoutActions { shape.position.x += 0.25 }
        _ = try pixels(renderer)
        #expect(builds(shape) == 2)
        withoutActions { shape.fillColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1) }
        let recoloured = try pixels(renderer)
        #expect(builds(shape) == 3)
        withoutActions { gradient.bounds.size.height = 50 }
        _ = try pixels(renderer)
        #expect(builds(gradient) == 2)
        withoutActions { gradient.cornerCurve = .continuous }
        _ = try pixels(renderer)
        #expect(builds(gradient) == 3)
        // Drawn at another scale, rebuilt for it.
        renderer.scale = 3
        _ = renderer.image()
        #expect(builds(shape) == 4)
        #expect(recoloured != moved)
    }

    @Test func cachedContentMatchesDirectDrawing() throws {
        let (root, shape, _) = scene()
        root.sublayers = [shape]
        let cached = try pixels(CARenderer(layer: root, scale: 2))
        // The same picture drawn straight into a context: within one level per channel.
        let ctx = rgbaContext(240, 160)
        ctx.translateBy(x: 0, y: 160); ctx.scaleBy(x: 2, y: -2)
        ctx.setFillColor(gray: 0.9, alpha: 1); ctx.fill(CGRect(x: 0, y: 0, width: 120, height: 80))
        ctx.translateBy(x: 10, y: 10)
        ctx.addPath(shape.path!); ctx.setFillColor(shape.fillColor!); ctx.fillPath()
        ctx.addPath(shape.path!); ctx.setStrokeColor(shape.strokeColor!); ctx.setLineWidth(4); ctx.strokePath()
        let direct = try #require(ctx.makeImage()).straightRGBA8()
        #expect(cached.count == direct.count)
        let worst = zip(cached, direct).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(worst <= 1, "largest difference \(worst)")
    }

    @Test func enormousContentIsDrawnDirectly() throws {
        let (root, shape, _) = scene()
        let p = CGMutablePath(); p.addRect(CGRect(x: -50_000, y: 10, width: 100_000, height: 10))
        shape.path = p
        let renderer = CARenderer(layer: root, scale: 2)
        _ = try pixels(renderer)
        #expect(renderer.ownContentBuilds(of: shape) == 0)
    }
}
