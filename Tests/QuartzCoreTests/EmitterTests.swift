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

    /// Fireworks: an invisible rocket rises and, near the end of its life, its spark cell bursts
    /// from wherever it is; sparks start there and spread in every direction.
    @Test func cellsEmitCellsFromTheirParticles() throws {
        let dot = rgbaContext(8, 8)
        dot.setFillColor(gray: 1, alpha: 1)
        dot.fillEllipse(in: CGRect(x: 0, y: 0, width: 8, height: 8))
        let spark = CAEmitterCell()
        spark.contents = dot.makeImage()
        spark.beginTime = 0.9
        spark.duration = 0.1
        spark.birthRate = 2000
        spark.lifetime = 0.8
        spark.velocity = 60
        spark.emissionRange = 2 * .pi
        let rocket = CAEmitterCell()                    // no contents: it is not drawn, it carries sparks
        rocket.birthRate = 1
        rocket.lifetime = 1
        rocket.velocity = 200
        rocket.emissionLongitude = -.pi / 2
        rocket.emitterCells = [spark]
        let emitter = CAEmitterLayer()
        emitter.bounds = CGRect(x: 0, y: 0, width: 300, height: 300)
        emitter.emitterPosition = CGPoint(x: 150, y: 290)
        emitter.emitterCells = [rocket]
        let (early, d) = LaminaDiagnostics.collecting { EmitterSimulation.particles(of: emitter, at: 0.5) }
        #expect(early.isEmpty && d.isEmpty, "\(d)")
        // The first rocket (born at 0) bursts between 0.9 and 1.0 s, 180 to 200 points up.
        let burst = EmitterSimulation.particles(of: emitter, at: 1.2)
        #expect(burst.count >= 190 && burst.count <= 201, "\(burst.count)")
        for p in burst {
            let dx = p.position.x - 150, dy = p.position.y - (290 - 190)
            #expect((dx * dx + dy * dy).squareRoot() < 60 * 0.3 + 12)
        }
        let left = burst.filter { $0.position.x < 140 }.count, right = burst.filter { $0.position.x > 160 }.count
        #expect(left > 30 && right > 30)
        // At 2.5 s the first burst is over and the second rocket's (born at 1 s) is under way.
        let later = EmitterSimulation.particles(of: emitter, at: 2.5)
        #expect(!later.isEmpty && later.allSatisfy { $0.birth >= 1.9 })
        // Same time, same particles.
        #expect(EmitterSimulation.particles(of: emitter, at: 1.2).map(\.position) == burst.map(\.position))
    }
}
