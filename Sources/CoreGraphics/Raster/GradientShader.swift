/// The geometry of a gradient, in raster space (x right, rows down), giving each pixel centre
/// its position t along the ramp, or nil where the gradient does not paint.
enum GradientGeometry {
    /// t = (p − start)·d / |d|², an affine function of the pixel position.
    case linear(t0: Double, dtdx: Double, dtdy: Double)
    /// Two circles (c0, r0) → (c1, r1): the largest t with a non-negative radius whose circle
    /// passes through p.
    case radial(c0x: Double, c0y: Double, r0: Double, cdx: Double, cdy: Double, dr: Double)
    /// The angle about a centre, from a start angle, turning toward increasing angles, as a
    /// fraction of a turn.
    case conic(cx: Double, cy: Double, start: Double, direction: Double)

    /// Whether every parameter is finite (extreme geometry overflows and is not painted).
    var isFinite: Bool {
        switch self {
        case let .linear(a, b, c): a.isFinite && b.isFinite && c.isFinite
        case let .radial(a, b, c, d, e, f): [a, b, c, d, e, f].allSatisfy(\.isFinite)
        case let .conic(a, b, c, d): a.isFinite && b.isFinite && c.isFinite && d.isFinite
        }
    }
}

/// How a painter combines its source with the destination: source-over (nil mode, the fast
/// path) or a blend mode applied per pixel with the bitmap's channel order.
struct Blending {
    let mode: CGBlendMode?
    let order: (r: Int, g: Int, b: Int, a: Int)
}

/// Paints a gradient through a lookup table of premultiplied pixel words, 1024 entries.
struct GradientPainter {
    static let lutSize = 1024
    let lut: [UInt32]
    let geometry: GradientGeometry
    /// Raster to user space, when the geometry is in user space (a CTM that is not a
    /// similarity: radial and conic gradients are evaluated at the mapped point).
    var toUser: CGAffineTransform? = nil
    let extendBefore: Bool, extendAfter: Bool

    /// The parameter t of a raster-space point, nil when unpainted.
    @inline(__always)
    func parameter(_ x: Double, _ y: Double) -> Double? {
        var t: Double
        switch geometry {
        case .linear(let t0, let dx, let dy):
            t = t0 + dx * x + dy * y
        case .radial(let cx, let cy, let r0, let cdx, let cdy, let dr):
            let px = x - cx, py = y - cy
            let a = cdx * cdx + cdy * cdy - dr * dr
            let b = px * cdx + py * cdy + r0 * dr
            let c = px * px + py * py - r0 * r0
            if abs(a) < 1e-12 {
                guard b != 0 else { return nil }
                t = c / (2 * b)
                if r0 + t * dr < 0 { return nil }
            } else {
                let disc = b * b - a * c
                guard disc >= 0 else { return nil }
                let s = disc.squareRoot()
                let t1 = (b + s) / a, t2 = (b - s) / a
                let hi = max(t1, t2), lo = min(t1, t2)
                if r0 + hi * dr >= 0 { t = hi } else if r0 + lo * dr >= 0 { t = lo } else { return nil }
            }
        case .conic(let cx, let cy, let start, let direction):
            var a = (atan2(y - cy, x - cx) - start) * direction / (2 * .pi)
            a -= a.rounded(.down)
            t = a
        }
        if t.isNaN { return nil }
        if t < 0 { if extendBefore { t = 0 } else { return nil } }
        if t > 1 { if extendAfter { t = 1 } else { return nil } }
        return t
    }

    /// Source-over of the gradient on 32-bit pixels of a row span, with per-pixel coverage.
    @inline(__always)
    func paint(row: Int, x: Int, count: Int, base: UnsafeMutableRawPointer, bytesPerRow: Int,
               alphaShift: UInt32, blend: Blending, coverage: SpanCoverage) {
        let p = (base + row * bytesPerRow).assumingMemoryBound(to: UInt32.self) + x
        // Blend modes along a linear gradient: t from each pixel's own column. (Source-over is
        // painted a whole clip at a time in C by `CGContext.paintGradient`; here it takes the
        // general loop below, which gives the same bytes.)
        if case .linear(let t0, let dtdx, let dtdy) = geometry, let mode = blend.mode {
            let rowTerm = dtdy * (Double(row) + 0.5)
            lut.withUnsafeBufferPointer { table in
                let top = Double(table.count - 1)
                for i in 0..<count {
                    let cov = coverage[i]
                    if cov == 0 { continue }
                    var u = t0 + dtdx * (Double(x + i) + 0.5) + rowTerm
                    if u < 0 { if extendBefore { u = 0 } else { continue } }
                    else if u > 1 { if extendAfter { u = 1 } else { continue } }
                    else if u.isNaN { continue }
                    let s = table[Int(u * top + 0.5)]
                    p[i] = CGContext.blendPixel(s, p[i], cov, mode, blend.order)
                }
            }
            return
        }
        let y = Double(row) + 0.5
        let top = Double(lut.count - 1)
        var px = Double(x) + 0.5
        for i in 0..<count {
            defer { px += 1 }
            let cov = coverage[i]
            guard cov != 0 else { continue }
            let tt: Double?
            if let m = toUser {
                tt = parameter(Double(m.a) * px + Double(m.c) * y + Double(m.tx), Double(m.b) * px + Double(m.d) * y + Double(m.ty))
            } else {
                tt = parameter(px, y)
            }
            guard let t = tt else { continue }
            var s = lut[Int(t * top + 0.5)]
            if let mode = blend.mode { p[i] = CGContext.blendPixel(s, p[i], cov, mode, blend.order); continue }
            if cov != 255 { s = scaleWord(s, cov) }
            let inv = 255 &- ((s >> alphaShift) & 0xFF)
            p[i] = inv == 0 ? s : s &+ scaleWord(p[i], inv)
        }
    }
}
