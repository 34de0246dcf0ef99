@_implementationOnly import CLaminaRaster

extension CGContext {
    /// A glyph to fill: its outline in `font` taken from font units to user space by `transform`.
    @_spi(Lamina) public struct GlyphPlacement {
        public var font: CGFont
        public var glyph: CGGlyph
        public var transform: CGAffineTransform

        public init(font: CGFont, glyph: CGGlyph, transform: CGAffineTransform) {
            self.font = font; self.glyph = glyph; self.transform = transform
        }
    }

    /// Fills the glyphs with the fill colour from their cached masks (``GlyphMaskCache``): the
    /// masks of the run summed into one coverage plane (so glyphs that touch join as one filled
    /// path joins them) and laid over by source-over, with the global alpha, clip and shadow.
    /// Returns false, drawing nothing, where the cache does not apply: off, a bitmap other than
    /// 32-bit colour, a blend mode other than normal, no antialiasing, a clip that is not a
    /// rectangle of whole pixels, a transform that is not finite or reaches past 10^7 pixels, or
    /// a glyph larger than ``GlyphMaskCache/maximumGlyphSide``. The caller then fills the
    /// outlines as one path.
    @_spi(Lamina) public func fillGlyphsFromMasks(_ glyphs: [GlyphPlacement]) -> Bool {
        guard GlyphMaskCache.isEnabled, format == .color32, state.blendMode == .normal, state.antialias,
              state.storedClipMask == nil, state.rectClip == nil else { return false }
        guard !glyphs.isEmpty else { return true }
        let toRaster = state.ctm.concatenating(rasterTransform)
        var keys: [GlyphMaskKey] = []
        var origins: [(x: Int, y: Int)] = []
        keys.reserveCapacity(glyphs.count)
        origins.reserveCapacity(glyphs.count)
        for g in glyphs {
            let m = g.transform.concatenating(toRaster)
            guard m.a.isFinite, m.b.isFinite, m.c.isFinite, m.d.isFinite, abs(m.tx) < 1e7, abs(m.ty) < 1e7 else { return false }
            let o = GlyphMaskCache.origin(m.tx, m.ty)
            keys.append(GlyphMaskKey(font: g.font.cacheID, a: Float(m.a).bitPattern, b: Float(m.b).bitPattern,
                                     c: Float(m.c).bitPattern, d: Float(m.d).bitPattern, glyph: g.glyph,
                                     phaseX: o.phaseX, phaseY: o.phaseY))
            origins.append((o.x, o.y))
        }
        guard let masks = GlyphMaskCache.masks(for: keys, make: { i in
            CGContext.makeGlyphMask(glyphs[i], key: keys[i])
        }) else {
            LaminaDiagnostics.report("a glyph larger than \(GlyphMaskCache.maximumGlyphSide) pixels, or not finite, is filled from its outline, not cached")
            return false
        }
        let word = cachedPixelWord(state.fill, alpha: state.alpha)
        drawOperation { paintGlyphMasks(masks, at: origins, word: word) }
        return true
    }

    /// Sums the masks, each at its origin's pixel, into a plane over the visible pixels they
    /// reach and lays the colour over by it, row by row within what each row received.
    private func paintGlyphMasks(_ masks: [GlyphMask], at origins: [(x: Int, y: Int)], word: UInt32) {
        let cols = activeColumns, rows = activeRows
        guard !cols.isEmpty, !rows.isEmpty else { return }
        var ux0 = Int.max, uy0 = Int.max, ux1 = Int.min, uy1 = Int.min
        for (m, o) in zip(masks, origins) where m.width > 0 && m.height > 0 {
            ux0 = min(ux0, o.x + m.left); ux1 = max(ux1, o.x + m.left + m.width)
            uy0 = min(uy0, o.y + m.top); uy1 = max(uy1, o.y + m.top + m.height)
        }
        ux0 = max(ux0, cols.lowerBound); ux1 = min(ux1, cols.upperBound)
        uy0 = max(uy0, rows.lowerBound); uy1 = min(uy1, rows.upperBound)
        guard ux0 < ux1, uy0 < uy1 else { return }
        let planeWidth = ux1 - ux0, planeRows = uy1 - uy0
        let plane = UnsafeMutablePointer<UInt8>.allocate(capacity: planeWidth * planeRows)
        defer { plane.deallocate() }
        // Each row's bytes in [start, end) are written (zeroed as the row's extent grows).
        let extents = UnsafeMutablePointer<(start: Int, end: Int)>.allocate(capacity: planeRows)
        defer { extents.deallocate() }
        extents.initialize(repeating: (0, 0), count: planeRows)
        for (m, o) in zip(masks, origins) {
            guard let coverage = m.coverage else { continue }
            let gx0 = o.x + m.left, gy0 = o.y + m.top
            let x0 = max(gx0, ux0), x1 = min(gx0 + m.width, ux1)
            let y0 = max(gy0, uy0), y1 = min(gy0 + m.height, uy1)
            guard x0 < x1, y0 < y1 else { continue }
            let a = x0 - ux0, b = x1 - ux0
            for y in y0..<y1 {
                let r = y - uy0
                let row = plane + r * planeWidth
                let src = coverage + (y - gy0) * m.width + (x0 - gx0) - a
                let e = extents[r]
                if e.start == e.end {
                    // The row's first bytes: copied.
                    row.advanced(by: a).update(from: src + a, count: b - a)
                    extents[r] = (a, b)
                    continue
                }
                // Bytes already written are added to; new ones copied; a gap between them zeroed.
                let s0 = max(a, e.start), s1 = min(b, e.end)
                if s0 < s1 { lamina_add_coverage(row + s0, src + s0, s1 - s0) }
                if a < e.start {
                    let copyEnd = min(b, e.start)
                    row.advanced(by: a).update(from: src + a, count: copyEnd - a)
                    if copyEnd < e.start { memset(row.advanced(by: copyEnd), 0, e.start - copyEnd) }
                }
                if b > e.end {
                    let copyStart = max(a, e.end)
                    if e.end < copyStart { memset(row.advanced(by: e.end), 0, copyStart - e.end) }
                    row.advanced(by: copyStart).update(from: src + copyStart, count: b - copyStart)
                }
                extents[r] = (min(a, e.start), max(b, e.end))
            }
        }
        for r in 0..<planeRows {
            let e = extents[r]
            guard e.start < e.end else { continue }
            let dst = (pixels + (uy0 + r) * bytesPerRow).assumingMemoryBound(to: UInt32.self) + ux0 + e.start
            lamina_solid_mask_over_32(dst, e.end - e.start, plane + r * planeWidth + e.start, word, Int32(alphaShift))
        }
    }

    /// Rasterizes a glyph's outline into a new mask at the key's transform and sub-pixel
    /// position (filled as a path is filled); nil when it would be too large or not finite.
    private static func makeGlyphMask(_ g: GlyphPlacement, key: GlyphMaskKey) -> GlyphMask? {
        guard let outline = g.font.path(for: g.glyph), !outline.isEmpty else { return .empty }
        let steps = GlyphMaskCache.phaseSteps
        let m = CGAffineTransform(a: CGFloat(Float(bitPattern: key.a)), b: CGFloat(Float(bitPattern: key.b)),
                                  c: CGFloat(Float(bitPattern: key.c)), d: CGFloat(Float(bitPattern: key.d)),
                                  tx: CGFloat(key.phaseX) / steps, ty: CGFloat(key.phaseY) / steps)
        // The control points' box (cheaper than the curves' own, and holds them): at most a
        // blank row or column more in the mask.
        let box = outline.boundingBox.applying(m)
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return nil }
        let limit = CGFloat(GlyphMaskCache.maximumGlyphSide)
        guard box.width < limit - 2, box.height < limit - 2 else { return nil }
        let left = Int(box.minX.rounded(.down)), top = Int(box.minY.rounded(.down))
        let width = max(1, Int(box.maxX.rounded(.up)) - left), height = max(1, Int(box.maxY.rounded(.up)) - top)
        let coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height)
        memset(coverage, 0, width * height)
        guard let ctx = CGContext(data: coverage, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width,
                                  space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue) else {
            coverage.deallocate()
            return nil
        }
        ctx.setUserToPixels(CGAffineTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx - CGFloat(left), ty: m.ty - CGFloat(top)))
        ctx.setFillColor(gray: 0, alpha: 1)
        ctx.addPath(outline)
        ctx.fillPath()
        return GlyphMask(left: left, top: top, width: width, height: height, coverage: coverage)
    }
}
