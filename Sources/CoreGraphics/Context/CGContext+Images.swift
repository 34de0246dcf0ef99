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
                paintClip { row, x, n, cov in
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
                accumulator.sweep(evenOdd: false) { y, x, n, a in
                    let c = UInt32(aa ? a : (a >= 128 ? 255 : 0))
                    if let mask {
                        let mp = mask.pointer(row: y, x: x)
                        painter.paint(row: y, x: x, count: n, base: pixels, bytesPerRow: bytesPerRow, alphaShift: alphaShift,
                                      blend: blend) { mul255(c, UInt32(mp[$0])) }
                    } else {
                        painter.paint(row: y, x: x, count: n, base: pixels, bytesPerRow: bytesPerRow, alphaShift: alphaShift,
                                      blend: blend) { _ in c }
                    }
                }
            }
        }
    }

    /// Calls `body` for every row span of the clip with its per-pixel coverage.
    func paintClip(_ body: (_ row: Int, _ x: Int, _ count: Int, _ coverage: (Int) -> UInt32) -> Void) {
        guard state.clipX0 < state.clipX1, state.clipY0 < state.clipY1 else { return }
        let w = state.clipX1 - state.clipX0
        for row in activeRows {
            if let mask = state.clipMask {
                let m = mask.pointer(row: row, x: state.clipX0)
                body(row, state.clipX0, w) { UInt32(m[$0]) }
            } else {
                body(row, state.clipX0, w) { _ in 255 }
            }
        }
    }
}
