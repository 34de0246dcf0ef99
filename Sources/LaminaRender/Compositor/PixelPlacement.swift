@_spi(Lamina) import CoreGraphics

/// Where content drawn in an area of a node's coordinates lands in raster pixels, for a bitmap
/// that is reused while the node moves by whole pixels: the device transform, the same with only
/// its sub-pixel translation, the whole-pixel translation, and the bitmap (one pixel of margin
/// for antialiasing) relative to that translation.
struct PixelPlacement {
    let m: CGAffineTransform
    let local: CGAffineTransform
    let ix: Int, iy: Int
    let x0: Int, y0: Int, width: Int, height: Int

    enum Result {
        /// Not finite, or a singular transform: drawn directly.
        case cannot
        /// Covers no pixels (or lies a billion pixels away, on no bitmap).
        case empty
        case placed(PixelPlacement)
    }

    static func of(_ area: CGRect, through m: CGAffineTransform) -> Result {
        guard m.a.isFinite, m.b.isFinite, m.c.isFinite, m.d.isFinite, m.tx.isFinite, m.ty.isFinite,
              m.a * m.d - m.b * m.c != 0, area.isFinite, !area.isNull else { return .cannot }
        let ix = m.tx.rounded(.down), iy = m.ty.rounded(.down)
        let local = CGAffineTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx - ix, ty: m.ty - iy)
        let r = area.applying(local).insetBy(dx: -1, dy: -1)
        let far: CGFloat = 1_073_741_824
        guard abs(ix) < far, abs(iy) < far, abs(r.minX) < far, abs(r.maxX) < far, abs(r.minY) < far, abs(r.maxY) < far
        else { return .empty }
        let x0 = Int(r.minX.rounded(.down)), y0 = Int(r.minY.rounded(.down))
        let w = Int(r.maxX.rounded(.up)) - x0, h = Int(r.maxY.rounded(.up)) - y0
        guard w > 0, h > 0 else { return .empty }
        return .placed(PixelPlacement(m: m, local: local, ix: Int(ix), iy: Int(iy), x0: x0, y0: y0, width: w, height: h))
    }
}
