/// A 2D projective transform (3×3, acting on row vectors (x, y, 1)), used by the compositor to
/// draw layer contents under perspective.
@_spi(Lamina) public struct CGProjectiveTransform: Equatable, Sendable {
    /// Rows (m0 m1 m2; m3 m4 m5; m6 m7 m8): x' = (x·m0 + y·m3 + m6) / w, w = x·m2 + y·m5 + m8.
    public var m: [CGFloat]
    public init(_ m: [CGFloat]) { precondition(m.count == 9, "CGProjectiveTransform needs 9 entries"); self.m = m }
    public init(_ t: CGAffineTransform) { m = [t.a, t.b, 0, t.c, t.d, 0, t.tx, t.ty, 1] }
    public static let identity = CGProjectiveTransform([1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// `self` followed by `o`.
    public func concatenating(_ o: CGProjectiveTransform) -> CGProjectiveTransform {
        let a = m, b = o.m
        var r = [CGFloat](repeating: 0, count: 9)
        for i in 0..<3 { for j in 0..<3 { r[i * 3 + j] = a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j] } }
        return CGProjectiveTransform(r)
    }

    /// The inverse, or nil when singular.
    public var inverse: CGProjectiveTransform? {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        // An affine transform's inverse is affine: its last entry is 1 exactly (det times 1/det
        // can round to 1 - 2^-53, which would take images off the affine drawing path).
        let affine = c == 0 && f == 0 && i == 1
        return CGProjectiveTransform([A * k, -(b * i - c * h) * k, (b * f - c * e) * k,
                                      B * k, (a * i - c * g) * k, -(a * f - c * d) * k,
                                      C * k, -(a * h - b * g) * k, affine ? 1 : (a * e - b * d) * k])
    }

    /// Homogeneous image of a point.
    func apply(_ p: CGPoint) -> (x: CGFloat, y: CGFloat, w: CGFloat) {
        (p.x * m[0] + p.y * m[3] + m[6], p.x * m[1] + p.y * m[4] + m[7], p.x * m[2] + p.y * m[5] + m[8])
    }
}

/// How an image is filtered when drawn under a projective transform.
@_spi(Lamina) public enum CGImageFilter: Sendable { case nearest, linear, trilinear }

extension CGContext {
    /// Draws `image` mapped by `imageToUser` (image pixel space, u right and v down from the top
    /// left, to user space), with `filter`, the global alpha and the current clip. Parts of the
    /// image that fall at or behind the eye (w ≤ 0) are not drawn.
    @_spi(Lamina) public func drawImage(_ image: CGImage, imageToUser: CGProjectiveTransform, filter: CGImageFilter) {
        drawImage(image, source: CGRect(x: 0, y: 0, width: image.width, height: image.height), imageToUser: imageToUser,
                  filter: filter)
    }

    /// Draws the part `source` (image pixels; it may extend past the image, whose edge pixels
    /// then repeat) of `image`, mapped by `imageToUser`.
    @_spi(Lamina) public func drawImage(_ image: CGImage, source: CGRect, imageToUser: CGProjectiveTransform,
                                        filter: CGImageFilter) {
        guard source.isFinite, source.width > 0, source.height > 0 else { return }
        guard format == .color32, let sampled = image.sampled(order: channel) else {
            LaminaDiagnostics.report("CGContext.drawImage(_:imageToUser:filter:) cannot draw \(image) on this bitmap")
            return
        }
        let toRaster = imageToUser.concatenating(CGProjectiveTransform(state.ctm.concatenating(rasterTransform)))
        guard let inv = toRaster.inverse else { return }
        // The image rectangle, clipped to w > ε in homogeneous space, projected to raster space.
        let corners = [CGPoint(x: source.minX, y: source.minY), CGPoint(x: source.maxX, y: source.minY),
                       CGPoint(x: source.maxX, y: source.maxY), CGPoint(x: source.minX, y: source.maxY)].map { toRaster.apply($0) }
        let eps: CGFloat = 1e-6
        var clipped: [(x: CGFloat, y: CGFloat, w: CGFloat)] = []
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            if a.w > eps { clipped.append(a) }
            if (a.w > eps) != (b.w > eps) {
                let t = (eps - a.w) / (b.w - a.w)
                clipped.append((a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, eps))
            }
        }
        guard clipped.count >= 3 else { return }
        let raster = clipped.map { CGPoint(x: $0.x / $0.w, y: $0.y / $0.w) }
        // Rasterize the outline in raster space: express it in device space for `rasterize`.
        let fromRaster = rasterTransform.inverted()
        var outline: [PathElement] = [.move(raster[0].applying(fromRaster))]
        for p in raster.dropFirst() { outline.append(.line(p.applying(fromRaster))) }
        outline.append(.close)
        var painter = ImagePainter(image: sampled, m: (Double(inv.m[0]), Double(inv.m[1]), Double(inv.m[2]), Double(inv.m[3]),
                                                      Double(inv.m[4]), Double(inv.m[5]), Double(inv.m[6]), Double(inv.m[7]),
                                                      Double(inv.m[8])),
                                   bilinear: filter != .nearest, tiled: false, alpha: UInt32((state.alpha * 255).rounded()))
        if filter == .trilinear { painter.mipmaps = sampled.mipmaps }
        drawOperation {
            let blend = Blending(mode: state.blendMode == .normal ? nil : state.blendMode, order: channel)
            rasterize(outline, evenOdd: false) { _ in
                let mask = state.clipMask
                accumulator.sweep(evenOdd: false) { y, x, n0, a in
                    let c = UInt32(a)
                    let full = SpanCoverage(constant: c, mask: mask.map { UnsafePointer($0.pointer(row: y, x: x)) })
                    let (n, cov) = windowed(x, n0, full)
                    guard n > 0 else { return }
                    painter.paint(row: y, x: x, count: n, base: pixels, bytesPerRow: bytesPerRow, alphaShift: alphaShift,
                                  blend: blend, coverage: cov)
                }
            }
        }
    }
}
