@_implementationOnly import CLaminaRaster

extension CGContext {
    /// Fills the clip with a linear gradient from `startPoint` (location 0) to `endPoint`
    /// (location 1), in user space.
    public func drawLinearGradient(_ gradient: CGGradient, start startPoint: CGPoint, end endPoint: CGPoint,
                                   options: CGGradientDrawingOptions) {
        let toRaster = state.ctm.concatenating(rasterTransform)
        if !toRaster.keepsShapes {
            // The bands are perpendicular to start→end in user space: t of a raster point is
            // ((toUser(p) − start)·d) / |d|², still affine in p.
            let inv = toRaster.inverted()
            let dx = Double(endPoint.x - startPoint.x), dy = Double(endPoint.y - startPoint.y)
            let len2 = dx * dx + dy * dy
            guard len2 > 0, len2.isFinite else { return }
            let g = GradientGeometry.linear(
                t0: ((Double(inv.tx) - Double(startPoint.x)) * dx + (Double(inv.ty) - Double(startPoint.y)) * dy) / len2,
                dtdx: (Double(inv.a) * dx + Double(inv.b) * dy) / len2,
                dtdy: (Double(inv.c) * dx + Double(inv.d) * dy) / len2)
            paintGradient(gradient, g, options)
            return
        }
        let s = startPoint.applying(toRaster), e = endPoint.applying(toRaster)
        let dx = Double(e.x - s.x), dy = Double(e.y - s.y)
        let len2 = dx * dx + dy * dy
        guard len2 > 0, len2.isFinite else { return }
        let g = GradientGeometry.linear(t0: -(Double(s.x) * dx + Double(s.y) * dy) / len2, dtdx: dx / len2, dtdy: dy / len2)
        paintGradient(gradient, g, options)
    }

    /// Fills the clip with a radial gradient between two circles, in user space (a CTM that
    /// scales x and y differently makes them ellipses, as on Apple's platforms).
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        let toRaster = state.ctm.concatenating(rasterTransform)
        if !toRaster.keepsShapes {
            // Evaluated in user space: each raster point is mapped back through the CTM.
            let r0 = Double(max(0, startRadius)), r1 = Double(max(0, endRadius))
            guard r0.isFinite, r1.isFinite, startCenter.isFinite, endCenter.isFinite else { return }
            let g = GradientGeometry.radial(c0x: Double(startCenter.x), c0y: Double(startCenter.y), r0: r0,
                                            cdx: Double(endCenter.x - startCenter.x), cdy: Double(endCenter.y - startCenter.y),
                                            dr: r1 - r0)
            paintGradient(gradient, g, options, toUser: toRaster.inverted())
            return
        }
        let c0 = startCenter.applying(toRaster), c1 = endCenter.applying(toRaster)
        let k = Double(abs(toRaster.a * toRaster.d - toRaster.b * toRaster.c)).squareRoot()
        let r0 = Double(max(0, startRadius)) * k, r1 = Double(max(0, endRadius)) * k
        guard r0.isFinite, r1.isFinite, c0.isFinite, c1.isFinite else { return }
        let g = GradientGeometry.radial(c0x: Double(c0.x), c0y: Double(c0.y), r0: r0,
                                        cdx: Double(c1.x - c0.x), cdy: Double(c1.y - c0.y), dr: r1 - r0)
        paintGradient(gradient, g, options)
    }

    /// Fills the clip with a conic (angular) gradient about `center`, location 0 at `angle`
    /// (radians, from +x toward +y in user space) and growing toward increasing angles.
    public func drawConicGradient(_ gradient: CGGradient, center: CGPoint, angle: CGFloat) {
        let toRaster = state.ctm.concatenating(rasterTransform)
        if !toRaster.keepsShapes {
            // Angles are measured in user space: each raster point is mapped back through the CTM.
            let g = GradientGeometry.conic(cx: Double(center.x), cy: Double(center.y), start: Double(angle), direction: 1)
            paintGradient(gradient, g, [.drawsBeforeStartLocation, .drawsAfterEndLocation], toUser: toRaster.inverted())
            return
        }
        let c = center.applying(toRaster)
        let dir = CGPoint(x: cos(angle), y: sin(angle)).applying(CGAffineTransform(a: toRaster.a, b: toRaster.b, c: toRaster.c,
                                                                                    d: toRaster.d, tx: 0, ty: 0))
        // Raster space is mirrored relative to user space when the determinant is negative.
        let direction: Double = toRaster.a * toRaster.d - toRaster.b * toRaster.c < 0 ? -1 : 1
        let g = GradientGeometry.conic(cx: Double(c.x), cy: Double(c.y), start: atan2(Double(dir.y), Double(dir.x)),
                                       direction: direction)
        paintGradient(gradient, g, [.drawsBeforeStartLocation, .drawsAfterEndLocation])
    }

    private func paintGradient(_ gradient: CGGradient, _ geometry: GradientGeometry, _ options: CGGradientDrawingOptions,
                               toUser: CGAffineTransform? = nil) {
        guard format == .color32 else {
            LaminaDiagnostics.report("CGContext: gradients on \(format) bitmaps are not implemented yet")
            return
        }
        guard geometry.isFinite else {
            LaminaDiagnostics.report("CGContext: a gradient whose geometry overflows (non-finite points, radii or angle) was not drawn")
            return
        }
        let n = GradientPainter.lutSize
        let key = CGGradient.LookupKey(r: channel.r, g: channel.g, b: channel.b, a: channel.a, alpha: Int(state.alpha * 65535))
        let alpha = state.alpha
        let lut = gradient.lookupTable(key: key) {
            [UInt32](unsafeUninitializedCapacity: n) { buffer, made in
                let table = buffer.baseAddress!
                gradient.colors(count: n) { i, c in table[i] = pixelWord(c, alpha: alpha) }
                made = n
            }
        }
        if let toUser, !(toUser.a.isFinite && toUser.b.isFinite && toUser.c.isFinite && toUser.d.isFinite
                         && toUser.tx.isFinite && toUser.ty.isFinite) {
            return   // a singular CTM shows nothing
        }
        let painter = GradientPainter(lut: lut, geometry: geometry, toUser: toUser,
                                      extendBefore: options.contains(.drawsBeforeStartLocation),
                                      extendAfter: options.contains(.drawsAfterEndLocation))
        drawOperation {
            // A linear gradient laid over by source-over: all rows in one C call (what the row
            // by row painter below does for each, from the same parameters).
            if case .linear(let t0, let dtdx, let dtdy) = geometry, state.blendMode == .normal {
                let cols = activeColumns, rows = activeRows
                guard state.clipX0 < state.clipX1, state.clipY0 < state.clipY1, !cols.isEmpty, !rows.isEmpty else { return }
                let x0 = state.clipX0
                if let clip = state.rectClip {
                    paintLinear(through: clip, lut: lut, t0: t0, dtdx: dtdx, dtdy: dtdy, painter: painter)
                    return
                }
                let mask = state.clipMask
                lut.withUnsafeBufferPointer { table in
                    var span = lamina_linear_span(
                        t0: t0, dtdx: dtdx, row_term: 0, top: Double(table.count - 1), x: x0,
                        extend_before: painter.extendBefore ? 1 : 0, extend_after: painter.extendAfter ? 1 : 0,
                        alpha_shift: Int32(alphaShift), mask: mask.map { UnsafePointer($0.pointer(row: rows.lowerBound, x: x0)) },
                        constant: 255, skip: cols.lowerBound - x0)
                    let dst = (pixels + rows.lowerBound * bytesPerRow).assumingMemoryBound(to: UInt32.self) + x0
                    lamina_linear_gradient_rows(dst, bytesPerRow, rows.count, cols.upperBound - x0, &span, dtdy, rows.lowerBound,
                                                mask?.width ?? 0, table.baseAddress)
                }
                return
            }
            let blend = Blending(mode: state.blendMode == .normal ? nil : state.blendMode, order: channel)
            paintClip(stepping: true) { row, x, n, coverage in
                painter.paint(row: row, x: x, count: n, base: pixels, bytesPerRow: bytesPerRow, alphaShift: alphaShift,
                              blend: blend, coverage: coverage)
            }
        }
    }
}

extension CGContext {
    /// A linear gradient laid over by source-over through a rectangle clip (``RectClip``),
    /// without its mask: in C (``lamina_rect_linear_gradient``), the rectangle's rows that share
    /// their coverage (all but the first and last) in one call over one row of coverage bytes,
    /// the same bytes the mask would hold, so the same pixels as painting through the mask.
    private func paintLinear(through clip: RectClip, lut: [UInt32], t0: Double, dtdx: Double, dtdy: Double,
                             painter: GradientPainter) {
        let cols = activeColumns, active = activeRows, s = clip.sweep
        // The columns painted: the clip's column window and the active ones, within the area.
        let c0 = max(clip.colsX0, cols.lowerBound, s.minX), c1 = min(clip.colsX1, cols.upperBound, s.minX + s.width)
        guard c0 < c1 else { return }
        var job = lamina_rect_fill(
            left: s.rect.left, top: s.rect.top, right: s.rect.right, bottom: s.rect.bottom, width: s.width, height: s.height,
            store_top: max(s.storeTop, active.lowerBound - s.minY), store_bottom: min(s.storeBottom, active.upperBound - s.minY),
            dst: (pixels + s.minY * bytesPerRow + s.minX * 4).assumingMemoryBound(to: CChar.self), dst_stride: bytesPerRow,
            col0: c0 - s.minX, col1: c1 - s.minX, color: 0, alpha_shift: Int32(alphaShift))
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: c1 - c0) { coverage in
            lut.withUnsafeBufferPointer { table in
                var span = lamina_linear_span(
                    t0: t0, dtdx: dtdx, row_term: 0, top: Double(table.count - 1), x: c0,
                    extend_before: painter.extendBefore ? 1 : 0, extend_after: painter.extendAfter ? 1 : 0,
                    alpha_shift: Int32(alphaShift), mask: nil, constant: 255, skip: 0)
                lamina_rect_linear_gradient(&job, coverage.baseAddress!, &span, dtdy, s.minY, table.baseAddress)
            }
        }
    }
}

extension CGAffineTransform {
    /// Whether the transform is a similarity (rotation, uniform scale, translation, mirroring):
    /// circles stay circles and angles stay angles, so gradients can be evaluated in device
    /// space.
    var keepsShapes: Bool {
        let col1 = a * a + b * b, col2 = c * c + d * d
        let tol = 1e-9 * max(col1, col2)
        return abs(col1 - col2) <= tol && abs(a * c + b * d) <= tol
    }
}
