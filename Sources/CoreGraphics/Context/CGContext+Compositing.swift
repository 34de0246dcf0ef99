@_implementationOnly import CLaminaRaster
/// An open transparency layer: its buffer and what its contents are composited with at the end.
struct TransparencyLayer {
    let buffer: UnsafeMutableRawPointer
    let target: UnsafeMutableRawPointer
    /// Where the layer was drawn: the clip's bounds, or the shadow's source region.
    let source: PixelRegion
}

/// A rectangle of whole device pixels (x right, rows down), half-open.
struct PixelRegion {
    var x0: Int, y0: Int, x1: Int, y1: Int
    var isEmpty: Bool { x0 >= x1 || y0 >= y1 }
}

extension CGContext {
    // MARK: Shadows

    /// Draws a shadow under everything drawn next: `offset` in base (device) space, y up,
    /// `blur` the blur amount, in opaque black at one-third alpha (Apple's default).
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3))
    }

    /// Draws a shadow of `color` under everything drawn next; a nil or transparent colour turns
    /// shadows off. [U] The blur is a Gaussian of standard deviation blur / 2.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color else { state.shadow = nil; return }
        state.shadow = Shadow(offset: offset, blur: blur, color: color)
    }

    // MARK: Transparency layers

    /// Starts a transparency layer: later drawing goes into an offscreen layer, composited as a
    /// whole by `endTransparencyLayer()` with the alpha, blend mode, shadow and clip in effect
    /// now. Inside, alpha is 1, the blend mode normal and there is no shadow.
    public func beginTransparencyLayer(auxiliaryInfo: CFDictionary?) {
        guard format == .color32 else {
            LaminaDiagnostics.report("CGContext.beginTransparencyLayer on \(format) bitmaps is not implemented yet")
            saveGState()
            return
        }
        saveGState()
        // A shadowed layer is drawn unclipped where its shadow can reach into the clip; the clip
        // applies when it is composited.
        let source = beginShadowSource()
        let buffer = makeOffscreen()
        layers.append(TransparencyLayer(buffer: buffer, target: pixels, source: source))
        pixels = buffer
        state.alpha = 1; state.blendMode = .normal; state.shadow = nil
    }

    /// Starts a transparency layer bounded by `rect` (Lamina clips the layer to it).
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: CFDictionary?) {
        beginTransparencyLayer(auxiliaryInfo: auxiliaryInfo)
        clip(to: rect)
    }

    /// Ends the innermost transparency layer and composites it.
    public func endTransparencyLayer() {
        guard let layer = layers.popLast() else {
            if format != .color32 { restoreGState(); return }
            LaminaDiagnostics.report("CGContext.endTransparencyLayer() without a matching beginTransparencyLayer")
            return
        }
        pixels = layer.target
        restoreGState()
        compositeOffscreen(layer.buffer, source: layer.source)
        releaseOffscreen(layer.buffer)
    }

    // MARK: Offscreen passes

    /// A full-size offscreen buffer, transparent within the current clip bounds (the only part
    /// ever drawn into or read back). Buffers are pooled: return them with `releaseOffscreen`.
    func makeOffscreen() -> UnsafeMutableRawPointer {
        let b = offscreenPool.popLast() ?? OffscreenBuffers.take(bytesPerRow * height)
        let rows = activeRows, cols = activeColumns
        if !cols.isEmpty {
            let bpp = bitsPerPixel / 8
            for row in rows {
                memset(b + row * bytesPerRow + cols.lowerBound * bpp, 0, cols.count * bpp)
            }
        }
        return b
    }

    /// Returns an offscreen buffer to the pool (a few are kept; the others, and these when the
    /// context ends, go to the process's pool).
    func releaseOffscreen(_ b: UnsafeMutableRawPointer) {
        if offscreenPool.count < 4 { offscreenPool.append(b) } else { OffscreenBuffers.give(b, byteCount: bytesPerRow * height) }
    }

    /// Runs one drawing operation: directly, or, when a shadow is set, into an offscreen buffer
    /// whose shadow and contents are then composited.
    func drawOperation(_ op: () -> Void) {
        drawOperationCount &+= 1
        guard state.shadow != nil, format == .color32 else { op(); return }
        let clip = (state.clipX0, state.clipY0, state.clipX1, state.clipY1, state.clipMask, state.rowsY0, state.rowsY1,
                    state.colsX0, state.colsX1)
        let source = beginShadowSource()
        let buffer = makeOffscreen()
        let saved = (pixels, state.alpha, state.blendMode, state.shadow)
        pixels = buffer
        state.blendMode = .normal; state.shadow = nil
        op()
        pixels = saved.0
        state.alpha = saved.1; state.blendMode = saved.2; state.shadow = saved.3
        (state.clipX0, state.clipY0, state.clipX1, state.clipY1, state.clipMask, state.rowsY0, state.rowsY1,
         state.colsX0, state.colsX1) = clip
        // The operation already applied the global alpha; composite at full strength.
        let alpha = state.alpha
        state.alpha = 1
        compositeOffscreen(buffer, source: source)
        state.alpha = alpha
        releaseOffscreen(buffer)
    }

    /// When a shadow is set, widens the clip to the region whose drawing can cast shadow into
    /// the clip (the clip's bounds moved against the offset and grown by the blur's reach, plus
    /// the clip's bounds themselves), as a plain rectangle: Core Graphics clips the shadowed
    /// result, not what casts it. Returns the region now drawn into. The caller restores the clip.
    func beginShadowSource() -> PixelRegion {
        let clip = PixelRegion(x0: state.clipX0, y0: state.clipY0, x1: state.clipX1, y1: state.clipY1)
        guard let shadow = state.shadow, !clip.isEmpty else { return clip }
        let reach = CGContext.shadowReach(shadow)
        let (dx, dy) = shadow.pixelOffset
        let r = PixelRegion(x0: max(0, min(clip.x0, clip.x0 - dx - reach)), y0: max(0, min(clip.y0, clip.y0 - dy - reach)),
                            x1: min(width, max(clip.x1, clip.x1 - dx + reach)), y1: min(height, max(clip.y1, clip.y1 - dy + reach)))
        // The rows the source must be drawn in: those whose shadow lands in the visible rows of
        // the clip, and those rows themselves (nothing when no visible row is clipped in).
        let visible = activeRows, visibleCols = activeColumns
        if visible.isEmpty || visibleCols.isEmpty {
            state.rowsY1 = state.rowsY0
            state.colsX1 = state.colsX0
        } else {
            state.rowsY0 = max(0, min(visible.lowerBound, visible.lowerBound - dy - reach))
            state.rowsY1 = min(height, max(visible.upperBound, visible.upperBound - dy + reach))
            state.colsX0 = max(0, min(visibleCols.lowerBound, visibleCols.lowerBound - dx - reach))
            state.colsX1 = min(width, max(visibleCols.upperBound, visibleCols.upperBound - dx + reach))
        }
        state.clipX0 = r.x0; state.clipY0 = r.y0; state.clipX1 = r.x1; state.clipY1 = r.y1
        state.clipMask = nil
        return r
    }

    /// How far a shadow's blur spreads, in whole pixels.
    static func shadowReach(_ shadow: Shadow) -> Int { Int((3 * Double(shadow.blur) / 2).rounded(.up)) + 1 }
}

extension CGContext.Shadow {
    /// The largest offset and blur, in device pixels, a shadow keeps (beyond, it is clamped with
    /// a diagnostic: no bitmap Lamina makes is that large).
    static let maximumOffset: CGFloat = 536_870_912, maximumBlur: CGFloat = 16_384

    /// A shadow, or nil when it would draw nothing (transparent colour, non-finite values).
    init?(offset: CGSize, blur: CGFloat, color: CGColor) {
        guard color.alpha > 0 else { return nil }
        guard offset.isFinite, blur.isFinite else {
            LaminaDiagnostics.report("CGContext shadow with a non-finite offset or blur is not drawn")
            return nil
        }
        let m = Self.maximumOffset
        var o = offset, b = max(0, blur)
        if abs(o.width) > m || abs(o.height) > m || b > Self.maximumBlur {
            LaminaDiagnostics.report("CGContext shadow offset or blur beyond \(Int(m)) / \(Int(Self.maximumBlur)) pixels is clamped")
            o = CGSize(width: min(m, max(-m, o.width)), height: min(m, max(-m, o.height)))
            b = min(b, Self.maximumBlur)
        }
        let c = color.rgba
        self.init(offset: o, blur: b, color: (c.red, c.green, c.blue, c.alpha))
    }

    /// The offset in whole device pixels: columns right, rows down.
    var pixelOffset: (dx: Int, dy: Int) { (Int(offset.width.rounded()), -Int(offset.height.rounded())) }
}

extension CGContext {

    /// Composites a full-size premultiplied buffer onto the current target within the clip: its
    /// shadow first (when set), then the buffer, with the global alpha and blend mode. `source`
    /// is the region that was drawn into (see ``beginShadowSource()``).
    func compositeOffscreen(_ buffer: UnsafeMutableRawPointer, source: PixelRegion) {
        if let shadow = state.shadow { compositeShadow(of: buffer, shadow, source: source) }
        compositeBufferOnly(buffer)
    }

    /// Composites only the shadow of a buffer (the shadow set in the state).
    func compositeShadowOnly(_ buffer: UnsafeMutableRawPointer, source: PixelRegion) {
        if let shadow = state.shadow { compositeShadow(of: buffer, shadow, source: source) }
    }

    /// Composites a buffer without its shadow.
    private func compositeBufferOnly(_ buffer: UnsafeMutableRawPointer) {
        let alpha = UInt32((state.alpha * 255).rounded())
        let mode = state.blendMode
        let order = channel
        let shift = alphaShift
        paintClip { row, x, n, coverage in
            let src = (buffer + row * bytesPerRow).assumingMemoryBound(to: UInt32.self) + x
            let dst = (pixels + row * bytesPerRow).assumingMemoryBound(to: UInt32.self) + x
            if mode == .normal && coverage.mask == nil && coverage.skip == 0 {
                // Source-over at one coverage: the C row loop (SIMD; the arithmetic of the loop
                // below with the coverage times the alpha folded in).
                lamina_image_over_32(dst, src, n, mul255(coverage.constant, alpha), Int32(shift))
                return
            }
            for i in 0..<n {
                let s = src[i]
                if s == 0 && mode == .normal { continue }
                if mode != .normal {
                    // The alpha scales the layer (an opacity); coverage mixes the result (a shape).
                    let c = coverage[i]
                    if c != 0 { dst[i] = CGContext.blendPixel(alpha == 255 ? s : scaleWord(s, alpha), dst[i], c, mode, order) }
                    continue
                }
                let cov = mul255(coverage[i], alpha)
                if cov == 0 { continue }
                let sc = cov == 255 ? s : scaleWord(s, cov)
                dst[i] = sc &+ scaleWord(dst[i], 255 &- ((sc >> shift) & 0xFF))
            }
        }
    }

    /// `lerp(d, B(s, d), cov)` under a blend mode, on premultiplied words.
    @inline(__always)
    static func blendPixel(_ s: UInt32, _ d: UInt32, _ cov: UInt32, _ mode: CGBlendMode,
                           _ order: (r: Int, g: Int, b: Int, a: Int)) -> UInt32 {
        let sv = Blend.unpack(s, order), dv = Blend.unpack(d, order)
        let r = Blend.apply(mode, sv, dv)
        let k = Float(cov) / 255
        return Blend.pack((dv.r + (r.r - dv.r) * k, dv.g + (r.g - dv.g) * k, dv.b + (r.b - dv.b) * k,
                           dv.a + (r.a - dv.a) * k), order)
    }

    /// The shadow of a buffer: its alpha, offset, blurred and tinted, composited normally. Only
    /// `source` is read (nothing else was drawn) and only the clip's region is written, so the
    /// plane spans the clip grown by the blur's reach.
    private func compositeShadow(of buffer: UnsafeMutableRawPointer, _ shadow: Shadow, source: PixelRegion) {
        guard state.clipX0 < state.clipX1, state.clipY0 < state.clipY1, !source.isEmpty else { return }
        let reach = CGContext.shadowReach(shadow)
        // Device offsets are y up; rows run down.
        let (dx, dy) = shadow.pixelOffset
        // The plane covers the clip grown by the reach (where blurred values inside the clip come from).
        // Only the rows the row window lets through are written, so only theirs are needed (the
        // blur's reach covers every row they read).
        let visible = activeRows, visibleCols = activeColumns
        guard !visible.isEmpty, !visibleCols.isEmpty else { return }
        // It is also cut to the offset source grown by the reach: beyond, the blurred alpha is
        // exactly zero (every box window there holds only zeros), so nothing is drawn there.
        let px0 = max(0, visibleCols.lowerBound - reach, source.x0 + dx - reach)
        let px1 = min(width, visibleCols.upperBound + reach, source.x1 + dx + reach)
        let py0 = max(0, visible.lowerBound - reach, source.y0 + dy - reach)
        let py1 = min(height, visible.upperBound + reach, source.y1 + dy + reach)
        let region = PixelRegion(x0: px0, y0: py0, x1: px1, y1: py1)
        guard !region.isEmpty else { return }
        let plane = shadowPlane(of: UnsafeRawPointer(buffer), bytesPerRow: bytesPerRow, source: source, shadow: shadow, over: region)
        defer { plane.deallocate() }
        paintShadowPlane(plane, over: region, word: pixelWord(shadow.color, alpha: state.alpha))
    }

    /// The shadow's alpha over `region` (raster pixels): the alpha of `buffer`'s pixels in
    /// `source` (a bitmap with this context's byte order), moved by the shadow's offset and
    /// blurred. Nothing outside `source` casts a shadow. The caller deallocates the plane
    /// (`region`'s width × height bytes, top row first).
    func shadowPlane(of buffer: UnsafeRawPointer, bytesPerRow: Int, source: PixelRegion, shadow: Shadow,
                     over region: PixelRegion) -> UnsafeMutablePointer<UInt8> {
        let (px0, py0, px1, py1) = (region.x0, region.y0, region.x1, region.y1)
        let pw = px1 - px0, ph = py1 - py0
        let (dx, dy) = shadow.pixelOffset
        let plane = UnsafeMutablePointer<UInt8>.allocate(capacity: pw * ph)
        memset(plane, 0, pw * ph)
        let aByte = channel.a
        for row in py0..<py1 {
            let sr = row - dy
            guard sr >= source.y0, sr < source.y1 else { continue }
            let src = (buffer + sr * bytesPerRow).assumingMemoryBound(to: UInt8.self)
            let dst = plane + (row - py0) * pw - px0
            let xs = max(px0, source.x0 + dx), xe = min(px1, source.x1 + dx)
            if xs < xe { for x in xs..<xe { dst[x] = src[(x - dx) * 4 + aByte] } }
        }
        BoxBlur.blur(plane, width: pw, height: ph, stride: pw, sigma: Double(shadow.blur) / 2)
        return plane
    }

    /// Composites a shadow's alpha plane covering `region` (raster pixels; rows `stride` bytes
    /// apart, the region's width unless given), tinted by `word` (the colour with the global
    /// alpha, premultiplied), source-over within the clip.
    func paintShadowPlane(_ plane: UnsafePointer<UInt8>, over region: PixelRegion, stride: Int? = nil, word: UInt32) {
        let (px0, py0, px1, py1) = (region.x0, region.y0, region.x1, region.y1)
        let pw = stride ?? (px1 - px0)
        let shift = Int32(alphaShift)
        // The plane's bytes times the clip's coverage, where the clip is not a plain rectangle.
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, px1 - px0))
        defer { scratch.deallocate() }
        // A hole is in the bitmap itself: a shadow drawn into a transparency layer keeps all of it.
        let hole = layers.isEmpty ? shadowHole : nil
        paintClip { row, x, n, coverage in
            guard row >= py0, row < py1 else { return }
            let lo = max(0, px0 - x), hi = min(n, px1 - x)
            guard lo < hi else { return }
            func paint(_ from: Int, _ to: Int) {
                guard from < to else { return }
                let dst = (pixels + row * bytesPerRow).assumingMemoryBound(to: UInt32.self) + x + from
                let a = plane + (row - py0) * pw + (x + from - px0)
                if coverage.mask == nil && coverage.constant == 255 && coverage.skip <= from {
                    lamina_solid_mask_over_32(dst, to - from, a, word, shift)
                } else {
                    for i in from..<to { scratch[i - from] = UInt8(truncatingIfNeeded: mul255(UInt32(a[i - from]), coverage[i])) }
                    lamina_solid_mask_over_32(dst, to - from, scratch, word, shift)
                }
            }
            // Pixels [lo, hi) of the span, less the hole's columns on its rows.
            if let h = hole, row >= h.y0, row < h.y1, h.x0 - x < hi, h.x1 - x > lo {
                paint(lo, max(lo, h.x0 - x))
                paint(min(hi, h.x1 - x), hi)
            } else {
                paint(lo, hi)
            }
        }
    }
}
