// Entry points the compositor (QuartzCore) needs beyond Apple's API, as SPI.

extension CGContext {
    /// Whether shapes are antialiased now (`setShouldAntialias`), for code that must change it
    /// briefly and put it back.
    @_spi(Lamina) public var antialiasingEnabled: Bool { state.antialias }

    /// Draws only the shadow that filling `path` (user space) would cast: the shadow of a layer's
    /// `shadowPath`. `offset` is in device space (y up), `blur` in device pixels.
    @_spi(Lamina) public func fillShadowOnly(of path: CGPath, offset: CGSize, blur: CGFloat, color: CGColor) {
        guard format == .color32, let shadow = Shadow(offset: offset, blur: blur, color: color) else { return }
        let previous = state.shadow
        let clip = (state.clipX0, state.clipY0, state.clipX1, state.clipY1, state.clipMask, state.rowsY0, state.rowsY1,
                    state.colsX0, state.colsX1)
        state.shadow = shadow
        let source = beginShadowSource()
        let buffer = makeOffscreen()
        defer { releaseOffscreen(buffer) }
        let saved = (pixels, state.alpha, state.blendMode, state.shadow, devicePath)
        pixels = buffer
        state.blendMode = .normal; state.shadow = nil; state.alpha = 1
        devicePath = path.elements.map { $0.applying(state.ctm) }
        let fill = state.fill
        state.fill = (0, 0, 0, 1)
        fillPath()
        state.fill = fill
        pixels = saved.0; state.alpha = saved.1; state.blendMode = saved.2; state.shadow = saved.3; devicePath = saved.4
        (state.clipX0, state.clipY0, state.clipX1, state.clipY1, state.clipMask, state.rowsY0, state.rowsY1,
         state.colsX0, state.colsX1) = clip
        compositeShadowOnly(buffer, source: source)
        state.shadow = previous
    }

    /// Intersects the clip with a mask image placed in device pixels with its top-left pixel at
    /// (`originX`, row `originY`): its alpha, whatever the CTM. Outside the image nothing draws.
    @_spi(Lamina) public func clip(toDeviceMask image: CGImage, originX: Int = 0, originY: Int = 0) {
        guard let rgba = try? image.straightRGBA8() else {
            LaminaDiagnostics.report("CGContext.clip(toDeviceMask:) cannot read the mask")
            state.clipX1 = state.clipX0
            return
        }
        state.clipX0 = max(state.clipX0, originX); state.clipY0 = max(state.clipY0, originY)
        state.clipX1 = min(state.clipX1, originX + image.width); state.clipY1 = min(state.clipY1, originY + image.height)
        guard state.clipX0 < state.clipX1, state.clipY0 < state.clipY1 else { return }
        let x0 = state.clipX0, y0 = state.clipY0
        let mask = ClipMask(x0: x0, y0: y0, width: state.clipX1 - x0, height: state.clipY1 - y0, fill: 0,
                            rows: (state.rowsY0, state.rowsY1))
        let c0 = max(x0, state.colsX0), c1 = min(x0 + mask.width, state.colsX1)
        for row in mask.storedY0..<mask.storedY1 where c0 < c1 {
            let out = mask.pointer(row: row, x: c0) - (c0 - x0)
            for i in (c0 - x0)..<(c1 - x0) {
                var k = UInt32(rgba[((row - originY) * image.width + (x0 + i - originX)) * 4 + 3])
                if let old = state.clipMask { k = mul255(k, UInt32(old.value(row: row, x: x0 + i))) }
                out[i] = UInt8(k)
            }
        }
        state.clipMask = mask
    }

    /// Intersects the clip with the alpha of `source`'s pixels (an RGBA context) placed with its
    /// top-left pixel at raster pixel (`originX`, row `originY`): `clip(toDeviceMask:)` without
    /// making an image, reading only the rows this context's row window draws.
    @_spi(Lamina) public func clip(toDeviceMaskOf source: CGContext, originX: Int = 0, originY: Int = 0) {
        guard source.format == .color32 else { state.clipX1 = state.clipX0; return }
        state.clipX0 = max(state.clipX0, originX); state.clipY0 = max(state.clipY0, originY)
        state.clipX1 = min(state.clipX1, originX + source.width); state.clipY1 = min(state.clipY1, originY + source.height)
        guard state.clipX0 < state.clipX1, state.clipY0 < state.clipY1 else { return }
        let x0 = state.clipX0, y0 = state.clipY0
        let mask = ClipMask(x0: x0, y0: y0, width: state.clipX1 - x0, height: state.clipY1 - y0, fill: 0,
                            rows: (state.rowsY0, state.rowsY1))
        let a = source.channel.a
        let c0 = max(x0, state.colsX0), c1 = min(x0 + mask.width, state.colsX1)
        for row in mask.storedY0..<mask.storedY1 where c0 < c1 {
            let out = mask.pointer(row: row, x: c0) - (c0 - x0)
            let src = (source.basePixels + (row - originY) * source.bytesPerRow).assumingMemoryBound(to: UInt8.self)
            for i in (c0 - x0)..<(c1 - x0) {
                var k = UInt32(src[(x0 + i - originX) * 4 + a])
                if let old = state.clipMask { k = mul255(k, UInt32(old.value(row: row, x: x0 + i))) }
                out[i] = UInt8(k)
            }
        }
        state.clipMask = mask
    }

    /// Narrows the clip to a rectangle of device pixels (x right, rows down from the top).
    @_spi(Lamina) public func clip(toDevicePixels r: (x0: Int, y0: Int, x1: Int, y1: Int)) {
        state.clipX0 = max(state.clipX0, r.x0); state.clipY0 = max(state.clipY0, r.y0)
        state.clipX1 = min(state.clipX1, r.x1); state.clipY1 = min(state.clipY1, r.y1)
    }

    /// The bounding box of the clip within the rows and columns drawing may touch, in user space
    /// (what a compositor drawing a band, or a damaged rectangle, needs to consider).
    @_spi(Lamina) public var boundingBoxOfDrawableRegion: CGRect {
        let rows = activeRows, cols = activeColumns
        guard !cols.isEmpty, !rows.isEmpty else { return .zero }
        let r = CGRect(x: cols.lowerBound, y: rows.lowerBound, width: cols.count, height: rows.count)
        return r.applying(rasterTransform.inverted()).applying(state.ctm.inverted())
    }

    /// The clip's bounds in device pixels (x right, rows down from the top).
    @_spi(Lamina) public var clipPixelBounds: (x0: Int, y0: Int, x1: Int, y1: Int) {
        (state.clipX0, state.clipY0, state.clipX1, state.clipY1)
    }

    /// A user-space rectangle's device pixel bounds (x right, rows down), rounded outward.
    @_spi(Lamina) public func pixelBounds(of rect: CGRect) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
        let r = rect.applying(state.ctm).applying(rasterTransform)
        func c(_ v: CGFloat) -> Int { Int(max(-1e9, min(1e9, v))) }
        return (c(r.minX.rounded(.down)), c(r.minY.rounded(.down)), c(r.maxX.rounded(.up)), c(r.maxY.rounded(.up)))
    }

    /// The scale from user space to device pixels (the square root of the CTM's area factor).
    @_spi(Lamina) public var deviceScale: CGFloat {
        let t = state.ctm
        return abs(t.a * t.d - t.b * t.c).squareRoot()
    }
}

extension CGContext {
    /// Ends the innermost transparency layer, multiplying its colour and alpha by `tint`
    /// (premultiplied arithmetic) before compositing it: the replicator's instance colours.
    @_spi(Lamina) public func endTransparencyLayer(tint: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)) {
        guard let layer = layers.last, format == .color32 else { endTransparencyLayer(); return }
        func byte(_ v: CGFloat) -> UInt32 { UInt32(max(0, min(255, (v * 255).rounded()))) }
        // Premultiplied: colour channels scale by colour × alpha, alpha by alpha.
        var factors = [UInt32](repeating: 255, count: 4)
        let a = max(0, min(1, tint.alpha))
        factors[channel.r] = byte(max(0, min(1, tint.red)) * a); factors[channel.g] = byte(max(0, min(1, tint.green)) * a)
        factors[channel.b] = byte(max(0, min(1, tint.blue)) * a); factors[channel.a] = byte(a)
        // Only the region the layer was drawn in holds its pixels.
        let r = layer.source
        let rows = max(r.y0, state.rowsY0)..<max(max(r.y0, state.rowsY0), min(r.y1, state.rowsY1))
        let c0 = max(r.x0, state.colsX0), c1 = max(c0, min(r.x1, state.colsX1))
        if !r.isEmpty {
            for row in rows {
                let line = (layer.buffer + row * bytesPerRow).assumingMemoryBound(to: UInt8.self)
                for i in (c0 * 4)..<(c1 * 4) where line[i] != 0 {
                    line[i] = UInt8(mul255(UInt32(line[i]), factors[i & 3]))
                }
            }
        }
        endTransparencyLayer()
    }
}

extension CGContext {
    /// The transform from user space to raster pixels (x right, rows down from the top).
    @_spi(Lamina) public var userToPixels: CGAffineTransform { state.ctm.concatenating(rasterTransform) }

    /// Sets the CTM so that user space maps to raster pixels by `t`.
    @_spi(Lamina) public func setUserToPixels(_ t: CGAffineTransform) {
        state.ctm = t.concatenating(rasterTransform.inverted())
    }

    /// Draws `image` pixel for pixel with its top-left pixel at raster pixel (`x`, row `y`),
    /// whatever the CTM; the global alpha, blend mode and clip apply.
    @_spi(Lamina) public func drawImage(_ image: CGImage, atPixelX x: Int, y: Int) {
        let toUser = CGAffineTransform(translationX: CGFloat(x), y: CGFloat(y)).concatenating(userToPixels.inverted())
        drawImage(image, imageToUser: CGProjectiveTransform(toUser), filter: .nearest)
    }
}
