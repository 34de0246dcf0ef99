@_spi(Lamina) import CoreGraphics

/// The particles of a `CAEmitterLayer` at a moment, computed analytically: particle k of a cell is
/// born at k / birthRate seconds after the layer's `beginTime`, and its spawn point, direction,
/// speed, lifetime, spin, scale and colour are drawn from the cell's means and ranges by a hash
/// of (`seed`, cell, k), so the same tree at the same time gives the same particles anywhere.
///
/// [U] Apple's exact sampling is undocumented. Lamina's choices: values are uniform in
/// [mean − range/2, mean + range/2]; the emission direction is `emissionLongitude` ±
/// `emissionRange`/2 in the layer's plane (latitude and z are ignored); `.cuboid` and `.sphere`
/// act as `.rectangle` and `.circle`; cells of cells are not emitted.
struct EmitterSimulation {
    struct Particle {
        var position: CGPoint
        var scale: CGFloat
        var rotation: CGFloat
        var color: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat)
        var birth: Double
        var image: CGImage
        var imageScale: CGFloat
        var contentsRect: CGRect
    }

    /// The most particles drawn for one layer; more are dropped with a diagnostic.
    static let maximumParticles = 100_000

    static func particles(of layer: CAEmitterLayer, at time: CFTimeInterval) -> [Particle] {
        let t = time - layer.beginTime
        guard t >= 0, let cells = layer.emitterCells else { return [] }
        var out: [Particle] = []
        for (ci, cell) in cells.enumerated() where cell.isEnabled {
            if cell.emitterCells?.isEmpty == false {
                LaminaDiagnostics.report("CAEmitterCell \(cell.name ?? "?"): cells emitted by cells are not drawn yet")
            }
            guard let image = (cell.contents as? CGImage) ?? (cell.contents as? ContentsImageProviding)?.cgImageForContents
            else { continue }
            let rate = Double(cell.birthRate) * Double(layer.birthRate)
            guard rate > 0, rate.isFinite else { continue }
            let maxLife = Double(max(0, cell.lifetime + cell.lifetimeRange / 2) * layer.lifetime)
            guard maxLife > 0 else { continue }
            // Particles born in (t − maxLife, t].
            let first = max(0, Int(((t - maxLife) * rate).rounded(.down)))
            let last = Int((t * rate).rounded(.down))
            guard last >= first else { continue }
            if last - first > maximumParticles {
                LaminaDiagnostics.report("CAEmitterLayer: more than \(maximumParticles) live particles; the rest are not drawn")
            }
            for k in first...min(last, first + maximumParticles) {
                let birth = Double(k) / rate
                var rng = ParticleRandom(seed: layer.seed, cell: ci, index: k)
                let lifetime = Double(rng.around(cell.lifetime, cell.lifetimeRange) * layer.lifetime)
                let age = t - birth
                guard age >= 0, age < lifetime else { continue }
                let a = CGFloat(age)
                let start = spawnPoint(layer, &rng)
                let angle = cell.emissionLongitude + CGFloat(rng.unit() - 0.5) * cell.emissionRange
                let speed = CGFloat(rng.around(Float(cell.velocity), Float(cell.velocityRange))) * CGFloat(layer.velocity)
                let pos = CGPoint(x: start.x + cos(angle) * speed * a + 0.5 * cell.xAcceleration * a * a,
                                  y: start.y + sin(angle) * speed * a + 0.5 * cell.yAcceleration * a * a)
                let scale = max(0, (CGFloat(rng.around(Float(cell.scale), Float(cell.scaleRange))) + cell.scaleSpeed * a)
                                * CGFloat(layer.scale))
                let spin = CGFloat(rng.around(Float(cell.spin), Float(cell.spinRange))) * CGFloat(layer.spin)
                let base = (cell.color ?? CGColor.white).rgba
                func channel(_ v: CGFloat, _ range: Float, _ speed: Float) -> CGFloat {
                    max(0, min(1, v + CGFloat(rng.unit() - 0.5) * CGFloat(range) + CGFloat(speed) * a))
                }
                let color = (channel(base.red, cell.redRange, cell.redSpeed), channel(base.green, cell.greenRange, cell.greenSpeed),
                             channel(base.blue, cell.blueRange, cell.blueSpeed), channel(base.alpha, cell.alphaRange, cell.alphaSpeed))
                out.append(Particle(position: pos, scale: scale, rotation: spin * a, color: color, birth: birth, image: image,
                                    imageScale: cell.contentsScale > 0 ? cell.contentsScale : 1, contentsRect: cell.contentsRect))
            }
        }
        switch layer.renderMode {
        case .oldestLast: out.sort { $0.birth > $1.birth }
        default: out.sort { $0.birth < $1.birth }
        }
        return out
    }

    /// Where a particle starts: on or in the emitter's shape about `emitterPosition`.
    static func spawnPoint(_ layer: CAEmitterLayer, _ rng: inout ParticleRandom) -> CGPoint {
        let c = layer.emitterPosition, size = layer.emitterSize
        let u = CGFloat(rng.unit()), v = CGFloat(rng.unit())
        let outline = layer.emitterMode == .outline
        switch layer.emitterShape {
        case .line:
            return CGPoint(x: c.x + (u - 0.5) * size.width, y: c.y)
        case .rectangle, .cuboid:
            if outline {
                // A point on the perimeter, uniform by length.
                let w = size.width, h = size.height, p = u * 2 * (w + h)
                if p < w { return CGPoint(x: c.x - w / 2 + p, y: c.y - h / 2) }
                if p < w + h { return CGPoint(x: c.x + w / 2, y: c.y - h / 2 + (p - w)) }
                if p < 2 * w + h { return CGPoint(x: c.x + w / 2 - (p - w - h), y: c.y + h / 2) }
                return CGPoint(x: c.x - w / 2, y: c.y + h / 2 - (p - 2 * w - h))
            }
            return CGPoint(x: c.x + (u - 0.5) * size.width, y: c.y + (v - 0.5) * size.height)
        case .circle, .sphere:
            let r = size.width / 2 * (outline ? 1 : v.squareRoot())
            let a = u * 2 * .pi
            return CGPoint(x: c.x + r * cos(a), y: c.y + r * sin(a))
        default:
            return c
        }
    }

    /// Draws the particles of `layer` at `time` into `ctx` (the layer's coordinates).
    static func draw(_ layer: CAEmitterLayer, at time: CFTimeInterval, in ctx: CGContext, alpha: CGFloat) {
        let particles = particles(of: layer, at: time)
        guard !particles.isEmpty else { return }
        ctx.saveGState()
        if layer.renderMode == .additive { ctx.setBlendMode(.plusLighter) }
        for p in particles where p.scale > 0 && p.color.a > 0 {
            let w = CGFloat(p.image.width) * p.contentsRect.width / p.imageScale * p.scale
            let h = CGFloat(p.image.height) * p.contentsRect.height / p.imageScale * p.scale
            ctx.saveGState()
            ctx.translateBy(x: p.position.x, y: p.position.y)
            ctx.rotate(by: p.rotation)
            ctx.setAlpha(alpha * p.color.a)
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            let src = CGRect(x: p.contentsRect.minX * CGFloat(p.image.width), y: p.contentsRect.minY * CGFloat(p.image.height),
                             width: p.contentsRect.width * CGFloat(p.image.width),
                             height: p.contentsRect.height * CGFloat(p.image.height))
            let sx = w / max(src.width, 1e-9), sy = h / max(src.height, 1e-9)
            let t = CGAffineTransform(a: sx, b: 0, c: 0, d: sy, tx: -w / 2 - src.minX * sx, ty: -h / 2 - src.minY * sy)
            ctx.drawImage(p.image, source: src, imageToUser: CGProjectiveTransform(t), filter: .linear)
            ctx.endTransparencyLayer(tint: (p.color.r, p.color.g, p.color.b, 1))
            ctx.restoreGState()
        }
        ctx.restoreGState()
    }
}

/// A small deterministic generator per particle (SplitMix64 over the seed, cell and index).
struct ParticleRandom {
    var state: UInt64
    init(seed: UInt32, cell: Int, index: Int) {
        state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: cell) &* 0xBF58_476D_1CE4_E5B9
            ^ UInt64(truncatingIfNeeded: index) &* 0x94D0_49BB_1331_11EB
    }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    /// Uniform in [mean − range/2, mean + range/2].
    mutating func around(_ mean: Float, _ range: Float) -> Float { mean + (Float(unit()) - 0.5) * range }
}
