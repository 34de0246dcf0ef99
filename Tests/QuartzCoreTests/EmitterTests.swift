import Testing
@testable import QuartzCore
import LaminaTestSupport

/// A fountain: round particles rising from a line, fading and turning, seeded.
func emitterScene() -> CALayer {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 200, height: 160)
    root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.2, alpha: 1)
    let dot = rgbaContext(16, 16)
    dot.setFillColor(gray: 1, alpha: 1)
    dot.fillEllipse(in: CGRect(x: 0, y: 0, width: 16, height: 16))
    let cell = CAEmitterCell()
    cell.contents = dot.makeImage()
    cell.birthRate = 40
    cell.lifetime = 2
    cell.velocity = 60
    cell.velocityRange = 20
    cell.emissionLongitude = -.pi / 2          // up (y down)
    cell.emissionRange = .pi / 4
    cell.yAcceleration = 20
    cell.scale = 0.5
    cell.scaleRange = 0.2
    cell.color = CGColor(red: 1, green: 0.7, blue: 0.3, alpha: 1)
    cell.greenRange = 0.3
    cell.alphaSpeed = -0.4
    let emitter = CAEmitterLayer()
    emitter.frame = root.bounds
    emitter.emitterPosition = CGPoint(x: 100, y: 150)
    emitter.emitterShape = .line
    emitter.emitterSize = CGSize(width: 60, height: 0)
    emitter.seed = 7
    emitter.emitterCells = [cell]
    root.addSublayer(emitter)
    return root
}

@Suite("CAEmitterLayer")
struct EmitterTests {
    @Test func deterministicAtAGivenTime() throws {
        let a = try #require(CARenderer(layer: emitterScene(), scale: 2).image(atTime: 1.5)).straightRGBA8()
        let b = try #require(CARenderer(layer: emitterScene(), scale: 2).image(atTime: 1.5)).straightRGBA8()
        #expect(a == b, "same time, same pixels")
        let c = try #require(CARenderer(layer: emitterScene(), scale: 2).image(atTime: 1.0)).straightRGBA8()
        #expect(a != c, "different times, different pixels")
        // Nothing is born before the layer's begin time; the first particle is born at it.
        let none = try #require(CARenderer(layer: emitterScene(), scale: 1).image(atTime: -0.5)).straightRGBA8()
        let bg = try #require(CARenderer(layer: { let r = emitterScene(); r.sublayers = nil; return r }(), scale: 1).image()).straightRGBA8()
        #expect(none == bg, "no particles before beginTime")
        let layer = emitterScene().sublayers![0] as! CAEmitterLayer
        #expect(EmitterSimulation.particles(of: layer, at: -0.5).isEmpty)
        #expect(EmitterSimulation.particles(of: layer, at: 0).count == 1)
    }

    @Test func particleCountFollowsBirthRateAndLifetime() throws {
        let layer = (emitterScene().sublayers![0] as! CAEmitterLayer)
        let n = EmitterSimulation.particles(of: layer, at: 10).count
        #expect(n >= 70 && n <= 81)          // 40 per second, lifetime 2 s: about 80 alive
        let seeded = EmitterSimulation.particles(of: layer, at: 3).map(\.position)
        layer.seed = 8
        #expect(EmitterSimulation.particles(of: layer, at: 3).map(\.position) != seeded)
    }

    @Test func reference() throws {
        let failure = try compositorGolden.check("emitter") { try #require(CARenderer(layer: emitterScene(), scale: 2).image(atTime: 1.5)) }
        #expect(failure == nil, "\(failure ?? "")")
    }
}
