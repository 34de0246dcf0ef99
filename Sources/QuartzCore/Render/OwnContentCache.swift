@_spi(Lamina) import CoreGraphics

/// A shape or gradient layer's own content, rasterized once at the resolution it is drawn at
/// and reused while it stays valid: the same content version, bounds and corners, and the same
/// device transform up to a whole-pixel translation (so a layer that moves by whole pixels, or
/// whose neighbours change, is not redrawn).
///
/// The content is drawn into the cache at full opacity and composited with the layer's alpha,
/// so a fill under a translucent stroke shows as it would in a flattened bitmap.
final class OwnContentCache {
    struct Key: Equatable {
        var version: UInt64
        var bounds: CGRect
        var cornerRadius: CGFloat
        var corners: UInt
        var curve: CALayerCornerCurve
        /// The device transform's linear part and sub-pixel offset.
        var a, b, c, d, fx, fy: CGFloat
        /// The cached pixels relative to the whole-pixel part of the translation.
        var x0, y0, width, height: Int
    }
    let key: Key
    let image: CGImage
    init(key: Key, image: CGImage) { self.key = key; self.image = image }

    /// The largest cached content, in pixels and pixels per side; bigger content is drawn
    /// directly each frame.
    static let maximumPixels = 4096 * 4096
    static let maximumSide = 8192
}

extension LayerRenderer {
    /// Draws a layer's own content (gradient, shape) through its cache where it has one.
    func drawOwnContent(_ layer: CALayer, alpha: CGFloat, shape: CGPath) {
        guard let extent = layer.ownContentExtent(shape: shape), let cached = cachedContent(layer, extent: extent, shape: shape) else {
            layer.drawOwnContent(in: ctx, alpha: alpha, shape: shape, time: time)
            return
        }
        guard let (image, x, y) = cached else { return }   // nothing to draw
        ctx.saveGState()
        ctx.setAlpha(alpha)
        ctx.drawImage(image, atPixelX: x, y: y)
        ctx.restoreGState()
    }

    /// The cached image and where it goes in raster pixels; `.some(nil)` when the content covers
    /// no pixels; nil when the content cannot be cached here (drawn directly instead).
    private func cachedContent(_ layer: CALayer, extent: CGRect, shape: CGPath) -> (CGImage, Int, Int)?? {
        let m = ctx.userToPixels
        guard m.a.isFinite, m.b.isFinite, m.c.isFinite, m.d.isFinite, m.tx.isFinite, m.ty.isFinite,
              m.a * m.d - m.b * m.c != 0, extent.isFinite else { return nil }
        let ix = m.tx.rounded(.down), iy = m.ty.rounded(.down)
        let local = CGAffineTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx - ix, ty: m.ty - iy)
        // One pixel of margin for antialiasing.
        let r = extent.applying(local).insetBy(dx: -1, dy: -1)
        guard r.width * r.height <= CGFloat(OwnContentCache.maximumPixels),
              max(r.width, r.height) <= CGFloat(OwnContentCache.maximumSide) else { return nil }
        // Content a billion pixels away lands on no bitmap.
        let far: CGFloat = 1_073_741_824
        guard abs(ix) < far, abs(iy) < far, abs(r.minX) < far, abs(r.maxX) < far, abs(r.minY) < far, abs(r.maxY) < far
        else { return .some(nil) }
        let x0 = Int(r.minX.rounded(.down)), y0 = Int(r.minY.rounded(.down))
        let w = Int(r.maxX.rounded(.up)) - x0, h = Int(r.maxY.rounded(.up)) - y0
        guard w > 0, h > 0 else { return .some(nil) }
        let key = OwnContentCache.Key(version: layer.contentVersion, bounds: layer.bounds, cornerRadius: layer.cornerRadius,
                                      corners: layer.maskedCorners.rawValue, curve: layer.cornerCurve,
                                      a: m.a, b: m.b, c: m.c, d: m.d, fx: local.tx, fy: local.ty, x0: x0, y0: y0, width: w, height: h)
        let origin = (Int(ix) + x0, Int(iy) + y0)
        // Presentation copies share their model layer's cache.
        let owner = layer.identityLayer
        if let cache = owner.ownContentCache, cache.key == key { return (cache.image, origin.0, origin.1) }
        guard let c = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        c.setUserToPixels(local.concatenating(CGAffineTransform(translationX: CGFloat(-x0), y: CGFloat(-y0))))
        layer.drawOwnContent(in: c, alpha: 1, shape: shape, time: time)
        guard let image = c.makeImage() else { return nil }
        owner.ownContentBuilds += 1
        owner.ownContentCache = OwnContentCache(key: key, image: image)
        return (image, origin.0, origin.1)
    }
}
