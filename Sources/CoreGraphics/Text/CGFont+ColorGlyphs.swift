@_implementationOnly import CFreeType

/// A colour bitmap glyph (CBDT/sbix, as in Noto Color Emoji): the bitmap of the font's strike
/// and where it sits, in pixels of that strike.
package struct ColorGlyph: @unchecked Sendable {
    /// Premultiplied RGBA, top row first.
    package let image: CGImage
    /// From the glyph origin to the bitmap's left edge, right positive.
    package let left: CGFloat
    /// From the baseline to the bitmap's top edge, up positive.
    package let top: CGFloat
    /// Pixels per em of the strike: a glyph drawn at size `s` points scales it by `s / ppem`.
    package let pixelsPerEm: CGFloat
}

extension CGFont {
    /// Whether the font's glyphs are colour bitmaps (FreeType's `FT_HAS_COLOR` with fixed
    /// strikes): such glyphs have no outline and are drawn as images.
    package var hasColorBitmaps: Bool {
        FontLibrary.withLock { _ in lamina_ft_has_color(face) != 0 && lamina_ft_has_fixed_sizes(face) != 0 }
    }

    /// Whether `glyph` has a colour bitmap, decoded and cached as drawing does (Lamina SPI: how
    /// the font fuzzer, a package of its own, reaches the bitmap decoder).
    @_spi(Lamina) public func hasColorBitmap(for glyph: CGGlyph) -> Bool { colorGlyph(glyph) != nil }

    /// The largest colour bitmap strike of a glyph, cached; nil when the glyph has none.
    package func colorGlyph(_ glyph: CGGlyph) -> ColorGlyph? {
        FontLibrary.withLock { _ -> ColorGlyph? in
            if let cached = colorGlyphs[glyph] { return cached }
            let made = makeColorGlyphLocked(glyph)
            colorGlyphs[glyph] = .some(made)
            return made
        }
    }

    /// The most pixels a colour glyph may have (Lamina's limit; emoji strikes are ~136 x 128).
    static let maximumColorGlyphPixels = 1 << 20

    private func makeColorGlyphLocked(_ glyph: CGGlyph) -> ColorGlyph? {
        guard lamina_ft_has_color(face) != 0, lamina_ft_has_fixed_sizes(face) != 0, face.pointee.num_fixed_sizes > 0,
              let sizes = face.pointee.available_sizes else { return nil }
        var best = 0
        for i in 0..<Int(face.pointee.num_fixed_sizes) where sizes[i].y_ppem > sizes[best].y_ppem { best = i }
        guard FT_Select_Size(face, FT_Int(best)) == 0,
              FT_Load_Glyph(face, FT_UInt(glyph), FT_Int32(lamina_ft_load_color)) == 0 else { return nil }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), width > 0, height > 0,
              width * height <= CGFont.maximumColorGlyphPixels, let buffer = bitmap.buffer else { return nil }
        let pitch = Int(bitmap.pitch)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = pitch >= 0 ? buffer + y * pitch : buffer + (height - 1 - y) * -pitch
            for x in 0..<width {
                let o = (y * width + x) * 4
                rgba[o] = row[x * 4 + 2]; rgba[o + 1] = row[x * 4 + 1]; rgba[o + 2] = row[x * 4]; rgba[o + 3] = row[x * 4 + 3]
            }
        }
        guard let provider = CGDataProvider(data: Data(rgba) as CFData),
              let image = CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedLast), provider: provider,
                                  decode: nil, shouldInterpolate: true, intent: .defaultIntent) else { return nil }
        let ppem = face.pointee.size.pointee.metrics.y_ppem
        return ColorGlyph(image: image, left: CGFloat(slot.bitmap_left), top: CGFloat(slot.bitmap_top),
                          pixelsPerEm: CGFloat(max(1, ppem)))
    }
}
