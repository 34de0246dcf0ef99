import Foundation

/// Where glyph origins fall on a context's pixel grid, from its font settings.
///
/// - Sub-pixel positioning off (`setAllowsFontSubpixelPositioning(false)` or
///   `setShouldSubpixelPositionFonts(false)`): every origin on the nearest whole pixel.
/// - Sub-pixel quantization on (`setShouldSubpixelQuantizeFonts(true)`, with
///   `setAllowsFontSubpixelQuantization` not turned off): a glyph that is not turned or skewed on the pixel
///   grid has its origin on the nearest third of a pixel across and the nearest whole pixel
///   down. This is how CoreGraphics quantizes glyph positions (thirds horizontally, whole pixels
///   vertically, as Apple's Quartz engineers describe it); [U] whether it rounds to the nearest
///   step or down is not established. Turned or skewed glyphs keep their positions.
/// - Quantization off (the default in Lamina's bitmap contexts; [U] Apple does not document
///   the default for bitmap contexts): origins stay where the layout put them (the glyph mask
///   cache keeps them to 1/64 pixel).
///
/// Quantized text is faster to draw the first time: a glyph has at most three masks per size
/// instead of one per position.
struct GlyphGrid {
    enum Kind { case exact, wholePixels, thirds }
    let kind: Kind
    /// User space to raster pixels (x right, rows down).
    let toRaster: CGAffineTransform

    /// The glyph transform (font units to user space) with its origin moved onto the grid; the
    /// transform unchanged where the grid does not apply or the numbers are not usable.
    func place(_ t: CGAffineTransform) -> CGAffineTransform {
        guard kind != .exact else { return t }
        let m = t.concatenating(toRaster)
        guard m.tx.isFinite, m.ty.isFinite, abs(m.tx) < 1e7, abs(m.ty) < 1e7 else { return t }
        var x = m.tx.rounded(), y = m.ty.rounded()
        if kind == .thirds {
            guard m.b == 0, m.c == 0 else { return t }
            x = (m.tx * 3).rounded() / 3
        }
        let dx = x - m.tx, dy = y - m.ty
        guard dx != 0 || dy != 0 else { return t }
        // The move in raster pixels, taken back to user space.
        let r = toRaster
        let det = r.a * r.d - r.b * r.c
        guard det.isFinite, det != 0 else { return t }
        var out = t
        out.tx += (r.d * dx - r.c * dy) / det
        out.ty += (-r.b * dx + r.a * dy) / det
        return out
    }
}

extension CGContext {
    /// The grid glyph origins are placed on with the current settings and transform.
    var glyphGrid: GlyphGrid {
        let kind: GlyphGrid.Kind = !(allowsSubpixelPositioning && state.subpixelPositionsFonts) ? .wholePixels
            : allowsSubpixelQuantization && state.subpixelQuantizesFonts ? .thirds : .exact
        return GlyphGrid(kind: kind, toRaster: state.ctm.concatenating(rasterTransform))
    }

    /// Moves each glyph's origin onto the pixel grid the context's positioning and quantization
    /// settings ask for (``GlyphGrid``); outlines and cached masks are then drawn at the same
    /// places.
    @_spi(Lamina) public func placeOnGlyphGrid(_ placements: inout [GlyphPlacement]) {
        let grid = glyphGrid
        guard grid.kind != .exact else { return }
        for i in placements.indices { placements[i].transform = grid.place(placements[i].transform) }
    }

    /// A glyph origin in user space moved onto the grid (a bitmap glyph is placed by it).
    @_spi(Lamina) public func placeOnGlyphGrid(_ origin: CGPoint) -> CGPoint {
        let t = glyphGrid.place(CGAffineTransform(translationX: origin.x, y: origin.y))
        return CGPoint(x: t.tx, y: t.ty)
    }
}
