@_spi(Lamina) import CoreGraphics

/// The particles of a `CAEmitterLayer` at a moment, computed analytically: particle k of a cell is
/// born at k / birthRate seconds after the cell starts emitting (the layer's `beginTime` plus the
/// cell's own), and its spawn point, direction, speed, lifetime, spin, scale and colour are drawn
/// from the cell's means and ranges by a hash of (`seed`, cell, k), so the same tree at the same
/// time gives the same particles anywhere.
///
/// A cell's `emitterCells` are emitted by each of its particles while that particle lives (the
/// fireworks pattern): a sub-cell's `beginTime` and `duration` are relative to its parent
/// particle's birth, its particles start where the parent is at their birth, and a parent with
/// no `contents` emits without being drawn.
///
/// [U] Apple's exact sampling is undocumented. Lamina's choices: values are uniform in
/// [mean − range/2, mean + range/2]; the emission direction is `emissionLongitude` ±
/// `emissionRange`/2 in the layer's plane (latitude and z are ignored), for sub-cells too (they
/// do not inherit the parent's velocity or heading); `.cuboid` and `.sphere` act as `.rectangle`
/// and `.circle`; a cell's `duration` of 0 means it emits for ever.
package struct EmitterSimulation {
    package struct Particle {
        package var position: CGPoint
        package var scale: CGFloat
        package var rotation: CGFloat
        package var color: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat)
        package var birth: Double
        package var image: CGImage
        package var imageScale: CGFloat
        package var contentsRect: CGRect
    }

    /// The most particles drawn for one layer; more are dropped with a diagnostic.
    static let maximumParticles = 100_000
    /// How many generations of cells emit (cells of cells of cells…).
    static let maximumGenerations = 4

    /// Where a cell's particles come from: the emitter's shape, or a parent particle's path.
    private enum Source {
        case layer
        /// A particle born at `birth` living `lifetime` seconds, at `start` with `velocity` and
        /// `acceleration`.
        case particle(birth: Double, lifetime: Double, start: CGPoint, velocity: CGVector, acceleration: CGVector)
    }

    package static func particles(of layer: EmitterContent, at time: CFTimeInterval) -> [Particle] {
        let t = time - layer.beginTime
        let cells = layer.cells
        guard t >= 0, !cells.isEmpty else { return [] }
        var out: [Particle] = []
        var budget = maximumParticles
        for (ci, cell) in cells.enumerated() {
            emit(cell, layer, stream: UInt64(ci), now: t, source: .layer, generation: 0, into: &out, budget: &budget)
        }
        switch layer.renderMode {
        case "oldestLast": out.sort { $0.birth > $1.birth }
        default: out.sort { $0.birth < $1.birth }
        }
        return out
    }

    /// The longest a cell's particles and their descendants can matter after the particle's
    /// birth (its lifetime, then its sub-cells' reach).
    private static func horizon(_ cell: EmitterCellContent, _ layer: EmitterContent, generation: Int) -> Double {
        let life = Double(max(0, cell.lifetime + cell.lifetimeRange / 2) * layer.lifetime)
        let subs = cell.cells
        guard generation + 1 < maximumGenerations, !subs.isEmpty else { return life }
        let reach = subs.filter(\.isEnabled).map { max(0, $0.beginTime) + horizon($0, layer, generation: generation + 1) }.max() ?? 0
        return life + reach
    }

    private static func emit(_ cell: EmitterCellContent, _ layer: EmitterContent, stream: UInt64, now t: Double, source: Source,
                             generation: Int, into out: inout [Particle], budget: inout Int) {
        guard cell.isEnabled else { return }
        let image = cell.contents
        let subcells = generation + 1 < maximumGenerations ? cell.cells : []
        if generation + 1 >= maximumGenerations, !cell.cells.isEmpty {
            LaminaDiagnostics.report("CAEmitterCell: cells nested more than \(maximumGenerations) deep are not emitted")
        }
        guard image != nil || !subcells.isEmpty else { return }
        let rate = Double(cell.birthRate) * Double(layer.birthRate)
        guard rate > 0, rate.isFinite else { return }
        let maxLife = Double(max(0, cell.lifetime + cell.lifetimeRange / 2) * layer.lifetime)
        let reach = horizon(cell, layer, generation: generation)
        guard maxLife > 0 || !subcells.isEmpty, reach.isFinite, reach < 1e7 else { return }
        // The cell emits from `from` until `until` (its parent's death, its duration).
        var from = Double(cell.beginTime), until = Double.infinity
        if cell.duration > 0 { until = from + cell.duration }
        if case let .particle(birth, lifetime, _, _, _) = source {
            from += birth
            until = min(until + birth, birth + lifetime)
        }
        guard from.isFinite, t >= from else { return }
        // Births in (t − reach, min(t, until)) matter: alive now, or parents of particles alive now.
        let first = max(0, Int(saturating: ((t - reach - from) * rate).rounded(.down)))
        let lastTime = min(t, until)
        guard lastTime >= from else { return }
        var last = Int(saturating: ((lastTime - from) * rate).rounded(.down))
        if lastTime == until && Double(last) / rate + from >= until { last -= 1 }
        guard last >= first else { return }
        if last - first > budget {
            LaminaDiagnostics.report("CAEmitterLayer: more than \(maximumParticles) live particles; the rest are not drawn")
            last = first + budget
        }
        for k in first...last {
            guard budget > 0 else { return }
            let birth = from + Double(k) / rate
            var rng = ParticleRandom(seed: layer.seed, stream: stream, index: k)
            let lifetime = Double(rng.around(cell.lifetime, cell.lifetimeRange) * layer.lifetime)
            let age = t - birth
            guard age >= 0 else { continue }
            var start = spawnPoint(layer, &rng)
            if case let .particle(pb, _, ps, pv, pa) = source {
                // Where the parent is at this particle's birth.
                let pt = CGFloat(birth - pb)
                start = CGPoint(x: ps.x + pv.dx * pt + 0.5 * pa.dx * pt * pt, y: ps.y + pv.dy * pt + 0.5 * pa.dy * pt * pt)
            }
            let angle = cell.emissionLongitude + CGFloat(rng.unit() - 0.5) * cell.emissionRange
            let speed = CGFloat(rng.around(Float(cell.velocity), Float(cell.velocityRange))) * CGFloat(layer.velocity)
            let velocity = CGVector(dx: cos(angle) * speed, dy: sin(angle) * speed)
            let acceleration = CGVector(dx: cell.xAcceleration, dy: cell.yAcceleration)
            for (si, sub) in subcells.enumerated() {
                let child = stream &* 0x2545_F491_4F6C_DD1D &+ UInt64(truncatingIfNeeded: k) &* 0x9E37_79B9 &+ UInt64(si + 1)
                emit(sub, layer, stream: child, now: t,
                     source: .particle(birth: birth, lifetime: max(0, lifetime), start: start, velocity: velocity, acceleration: acceleration),
                     generation: generation + 1, into: &out, budget: &budget)
            }
            guard let image, age < lifetime else { continue }
            let a = CGFloat(age)
            let pos = CGPoint(x: start.x + velocity.dx * a + 0.5 * acceleration.dx * a * a,
                              y: start.y + velocity.dy * a + 0.5 * acceleration.dy * a * a)
            let scale = max(0, (CGFloat(rng.around(Float(cell.scale), Float(cell.scaleRange))) + cell.scaleSpeed * a)
                            * CGFloat(layer.scale))
            let spin = CGFloat(rng.around(Float(cell.spin), Float(cell.spinRange))) * CGFloat(layer.spin)
            let base = cell.color.tuple
            func channel(_ v: CGFloat, _ range: Float, _ speed: Float) -> CGFloat {
                max(0, min(1, v + CGFloat(rng.unit() - 0.5) * CGFloat(range) + CGFloat(speed) * a))
            }
            let color = (channel(base.red, cell.redRange, cell.redSpeed), channel(base.green, cell.greenRange, cell.greenSpeed),
                         channel(base.blue, cell.blueRange, cell.blueSpeed), channel(base.alpha, cell.alphaRange, cell.alphaSpeed))
            out.append(Particle(position: pos, scale: scale, rotation: spin * a, color: color, birth: birth, image: image,
                                imageScale: cell.contentsScale > 0 ? cell.contentsScale : 1, contentsRect: cell.contentsRect))
            budget -= 1
        }
    }

    /// Where a particle starts: on or in the emitter's shape about `emitterPosition`.
    static func spawnPoint(_ layer: EmitterContent, _ rng: inout ParticleRandom) -> CGPoint {
        let c = layer.emitterPosition, size = layer.emitterSize
        let u = CGFloat(rng.unit()), v = CGFloat(rng.unit())
        let outline = layer.emitterMode == "outline"
        switch layer.emitterShape {
        case "line":
            return CGPoint(x: c.x + (u - 0.5) * size.width, y: c.y)
        case "rectangle", "cuboid":
            if outline {
                // A point on the perimeter, uniform by length.
                let w = size.width, h = size.height, p = u * 2 * (w + h)
                if p < w { return CGPoint(x: c.x - w / 2 + p, y: c.y - h / 2) }
                if p < w + h { return CGPoint(x: c.x + w / 2, y: c.y - h / 2 + (p - w)) }
                if p < 2 * w + h { return CGPoint(x: c.x + w / 2 - (p - w - h), y: c.y + h / 2) }
                return CGPoint(x: c.x - w / 2, y: c.y + h / 2 - (p - 2 * w - h))
            }
            return CGPoint(x: c.x + (u - 0.5) * size.width, y: c.y + (v - 0.5) * size.height)
        case "circle", "sphere":
            let r = size.width / 2 * (outline ? 1 : v.squareRoot())
            let a = u * 2 * .pi
            return CGPoint(x: c.x + r * cos(a), y: c.y + r * sin(a))
        default:
            return c
        }
    }

    /// Draws the particles of `layer` at `time` into `ctx` (the layer's coordinates).
    package static func draw(_ layer: EmitterContent, at time: CFTimeInterval, in ctx: CGContext, alpha: CGFloat) {
        let particles = particles(of: layer, at: time)
        guard !particles.isEmpty else { return }
        ctx.saveGState()
        if layer.renderMode == "additive" { ctx.setBlendMode(.plusLighter) }
        for p in particles where p.scale > 0 && p.color.a > 0 {
            let w = CGFloat(p.image.width) * p.contentsRect.width / p.imageScale * p.scale
            let h = CGFloat(p.image.height) * p.contentsRect.height / p.imageScale * p.scale
            ctx.saveGState()
            ctx.translateBy(x: p.position.x, y: p.position.y)
            ctx.rotate(by: p.rotation)
            // The tint layer covers only the particle (an offscreen pass is cleared over its clip).
            ctx.clip(to: CGRect(x: -w / 2, y: -h / 2, width: w, height: h).insetBy(dx: -1, dy: -1))
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
    /// `stream`: a top-level cell's index, or a hash of a sub-cell's lineage.
    init(seed: UInt32, stream: UInt64, index: Int) {
        state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 ^ stream &* 0xBF58_476D_1CE4_E5B9
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
