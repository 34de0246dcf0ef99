extension CGContext {
    /// How images are sampled when drawn (`.none` picks the nearest pixel; the others blend the
    /// four nearest, bilinearly).
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolation }
        set { state.interpolation = newValue }
    }

    /// Draws `image` scaled into `rect` (user space). As on Apple platforms the image's top row
    /// lands at the rectangle's maximum y, so in a y-down (flipped) context it appears upside down.
    public func draw(_ image: CGImage, in rect: CGRect) {
        drawImage(image, in: rect, tiled: false)
    }

    /// Draws `image` at the size of `rect`, repeated over the whole clip, one tile's origin at
    /// `rect.origin`, when `byTiling` is true; otherwise like `draw(_:in:)`.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool) {
        drawImage(image, in: rect, tiled: byTiling)
    }

    private func drawImage(_ image: CGImage, in rect: CGRect, tiled: Bool) {
        guard rect.isFinite, rect.width != 0, rect.height != 0 else { return }
        guard format == .color32 else {
            LaminaDiagnostics.report("CGContext.draw(_:in:) on \(format) bitmaps is not implemented yet")
            return
        }
        guard let sampled = image.sampled(order: channel) else {
            LaminaDiagnostics.report("CGContext.draw(_:in:): cannot read the pixels of \(image)")
            return
        }
        let r = rect.standardized
        // Image pixel space → user space: u right, v down from the top row at maxY.
        let imageToUser = CGAffineTransform(a: r.width / CGFloat(image.width), b: 0, c: 0, d: -r.height / CGFloat(image.height),
                                            tx: r.minX, ty: r.maxY)
        let imageToRaster = imageToUser.concatenating(state.ctm).concatenating(rasterTransform)
        let det = imageToRaster.a * imageToRaster.d - imageToRaster.b * imageToRaster.c
        guard det != 0, det.isFinite else { return }    // collapsed to a line: nothing to draw
        let inv = imageToRaster.inverted()
        let m = (Double(inv.a), Double(inv.b), 0.0, Double(inv.c), Double(inv.d), 0.0, Double(inv.tx), Double(inv.ty), 1.0)
        let painter = ImagePainter(image: sampled, m: m, bilinear: state.interpolation != .none, tiled: tiled,
                                   alpha: UInt32((state.alpha * 255).rounded()))
        drawOperation {
            let blend = Blending(mode: state.blendMode == .normal ? nil : state.blendMode, order: channel)
            if tiled {
                paintClip(stepping: true) { row, x, n, cov in
                    painter.paint(row: row, x: x, count: n, base: pixels, bytesPerRow: bytesPerRow, alphaShift: alphaShift,
                                  blend: blend, coverage: cov)
                }
                return
            }
            let m2 = CGMutablePath()
            m2.addRect(r, transform: state.ctm)
            let aa = state.antialias
            rasterize(m2.elements, evenOdd: false) { _ in
                let mask = state.clipMask
                accumulator.sweep(evenOdd: false) { y, x, n0, a in
                    let c = UInt32(aa ? a : (a >= 128 ? 255 : 0))
                    let full = SpanCoverage(constant: c, mask: mask.map { UnsafePointer($0.pointer(row: y, x: x)) })
                    let (n, cov) = windowed(x, n0, full)
                    guard n > 0 else { return }
                    painter.paint(row: y, x: x, count: n, base: pixels, bytesPerRow: bytesPerRow, alphaShift: alphaShift,
                                  blend: blend, coverage: cov)
                }
            }
        }
    }

    /// Calls `body` for every row span of the clip with its per-pixel coverage.
    /// For `stepping` bodies (painters that advance their position pixel by pixel along a span,
    /// which must keep the span's start to compute the same values), the spans start at the
    /// clip and the columns before the column window get zero coverage; other bodies get spans
    /// cut to the window.
    func paintClip(stepping: Bool = false, _ body: (_ row: Int, _ x: Int, _ count: Int, _ coverage: SpanCoverage) -> Void) {
        let cols = activeColumns
        guard state.clipX0 < state.clipX1, state.clipY0 < state.clipY1, !cols.isEmpty else { return }
        let x0 = stepping ? state.clipX0 : cols.lowerBound
        let w = cols.upperBound - x0
        let skip = cols.lowerBound - x0
        for row in activeRows {
            let m = state.clipMask.map { UnsafePointer($0.pointer(row: row, x: x0)) }
            body(row, x0, w, SpanCoverage(constant: 255, mask: m, skip: skip))
        }
    }

    /// A stepping painter's span cut to the column window: its start kept (the painter steps its
    /// position from there), its end cut; the coverage is zero before the window.
    @inline(__always)
    func windowed(_ x: Int, _ n: Int, _ coverage: SpanCoverage) -> (count: Int, coverage: SpanCoverage) {
        let end = min(n, state.colsX1 - x)
        var c = coverage
        c.skip = max(c.skip, state.colsX0 - x)
        return (max(0, end), c)
    }
}
