@_implementationOnly import CLaminaRaster

extension CGContext {
    /// Draws a colour glyph's bitmap (an emoji strike) upright in `rect` (user space, the
    /// context y-down as text layout draws it), from a copy resampled once for its size and
    /// sub-pixel position and kept in the glyph mask cache, laid over by source-over with the
    /// global alpha. Returns false, drawing nothing, where the copy does not apply (as for
    /// ``fillGlyphsFromMasks(_:)``, and also a shadow, or a transform that turns or skews the
    /// bitmap); the caller then draws the bitmap itself.
    @_spi(Lamina) public func drawColorGlyph(_ image: CGImage, font: CGFont, glyph: CGGlyph, in rect: CGRect) -> Bool {
        guard GlyphMaskCache.isEnabled, format == .color32, state.blendMode == .normal, state.antialias, state.shadow == nil,
              state.storedClipMask == nil, state.rectClip == nil, rect.isFinite, rect.width > 0, rect.height > 0 else { return false }
        // The bitmap's unit square (top row first) in raster pixels.
        let m = CGAffineTransform(a: rect.width, b: 0, c: 0, d: rect.height, tx: rect.minX, ty: rect.minY)
            .concatenating(state.ctm).concatenating(rasterTransform)
        guard m.b == 0, m.c == 0, m.a > 0, m.d > 0, m.a < CGFloat(GlyphMaskCache.maximumGlyphSide) - 2,
              m.d < CGFloat(GlyphMaskCache.maximumGlyphSide) - 2, abs(m.tx) < 1e7, abs(m.ty) < 1e7 else { return false }
        let o = GlyphMaskCache.origin(m.tx, m.ty)
        let bitmapInfo = self.bitmapInfo, interpolation = state.interpolation
        let key = GlyphMaskKey(font: font.cacheID, a: Float(m.a).bitPattern, b: 0, c: 0, d: Float(m.d).bitPattern, glyph: glyph,
                               phaseX: o.phaseX, phaseY: o.phaseY,
                               color: bitmapInfo.rawValue << 8 | UInt32(interpolation.rawValue) << 1 | 1)
        let steps = GlyphMaskCache.phaseSteps
        guard let copy = GlyphMaskCache.masks(for: [key], make: { _ in
            CGContext.resample(image, width: m.a, height: m.d, phase: (CGFloat(o.phaseX) / steps, CGFloat(o.phaseY) / steps),
                               bitmapInfo: bitmapInfo, interpolation: interpolation)
        })?.first, let pixels = copy.coverage else { return false }
        drawOperationCount &+= 1
        let cols = activeColumns, rows = activeRows
        let x0 = max(o.x, cols.lowerBound), x1 = min(o.x + copy.width, cols.upperBound)
        let y0 = max(o.y, rows.lowerBound), y1 = min(o.y + copy.height, rows.upperBound)
        guard x0 < x1, y0 < y1 else { return true }
        let alpha = UInt32((max(0, min(1, state.alpha)) * 255).rounded())
        for y in y0..<y1 {
            let src = UnsafeRawPointer(pixels + ((y - o.y) * copy.width + (x0 - o.x)) * 4).assumingMemoryBound(to: UInt32.self)
            let dst = (self.pixels + y * bytesPerRow).assumingMemoryBound(to: UInt32.self) + x0
            lamina_image_over_32(dst, src, x1 - x0, alpha, Int32(alphaShift))
        }
        return true
    }

    /// `image` drawn upright into a transparent bitmap of the destination's pixel format,
    /// `width` × `height` pixels from (`phase.x`, `phase.y`), as `draw(_:in:)` would draw it there.
    private static func resample(_ image: CGImage, width: CGFloat, height: CGFloat, phase: (x: CGFloat, y: CGFloat),
                                 bitmapInfo: CGBitmapInfo, interpolation: CGInterpolationQuality) -> GlyphMask? {
        let w = Int((phase.x + width).rounded(.up)), h = Int((phase.y + height).rounded(.up))
        guard w > 0, h > 0 else { return nil }
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: w * h * 4)
        memset(bytes, 0, w * h * 4)
        guard let ctx = CGContext(data: bytes, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: bitmapInfo.rawValue) else {
            bytes.deallocate()
            return nil
        }
        ctx.setUserToPixels(.identity)
        ctx.interpolationQuality = interpolation
        ctx.translateBy(x: phase.x, y: phase.y + height)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
        return GlyphMask(left: 0, top: 0, width: w, height: h, coverage: bytes, bytesPerPixel: 4)
    }
}
