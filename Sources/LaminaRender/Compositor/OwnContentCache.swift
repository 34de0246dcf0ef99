@_spi(Lamina) import CoreGraphics
import Foundation

/// A shape or gradient node's own content, rasterized once at the resolution it is drawn at
/// and reused while it stays valid: the same content version, bounds and corners, and the same
/// device transform up to a whole-pixel translation (so a layer that moves by whole pixels, or
/// whose neighbours change, is not redrawn).
///
/// The content is drawn into the cache at full opacity and composited with the layer's alpha,
/// so a fill under a translucent stroke shows as it would in a flattened bitmap.
struct OwnContentKey: Equatable {
    var version: UInt64
    var bounds: CGRect
    var cornerRadius: CGFloat
    var corners: UInt
    var continuous: Bool
    /// The device transform's linear part and sub-pixel offset.
    var a, b, c, d, fx, fy: CGFloat
    /// The cached pixels relative to the whole-pixel part of the translation.
    var x0, y0, width, height: Int
}

extension Compositor {
    /// Where node `i`'s own content can draw, in its coordinates, when it may be cached as a
    /// bitmap; nil draws it directly every time (particles, plain layers).
    static func ownContentCacheExtent(_ v: NodeColumns, _ i: Int, shape: CGPath) -> CGRect? {
        switch v.content[i] {
        case .gradient: return shape.boundingBox
        case .shape(let s):
            guard let path = s.path, !path.isEmpty else { return .zero }
            var r = path.boundingBox
            if s.strokeColor != nil, s.lineWidth > 0 {
                // Half the width, times the miter limit for miter joins or √2 for square caps.
                let reach = s.lineWidth / 2 * max(s.lineJoin == .miter ? max(1, s.miterLimit) : 1,
                                                  s.lineCap == .square ? 2.squareRoot() : 1)
                r = r.insetBy(dx: -reach, dy: -reach)
            }
            return r
        default: return nil
        }
    }

    /// Draws node `i`'s own content (gradient, shape) without caching.
    static func drawOwnContentDirectly(_ v: NodeColumns, _ i: Int, in ctx: CGContext, alpha: CGFloat, shape: CGPath) {
        switch v.content[i] {
        case .gradient(let g): g.draw(in: ctx, bounds: v.bounds[i], alpha: alpha, shape: shape)
        case .shape(let s): s.draw(in: ctx, alpha: alpha)
        default: break
        }
    }

    /// Draws a node's own content (gradient, shape) through the cache where it can.
    func drawOwnContent(_ f: Frame, _ slot: Int32, alpha: CGFloat, shape: CGPath) {
        let v = f.values
        let i = Int(slot)
        guard let extent = Compositor.ownContentCacheExtent(v, i, shape: shape),
              let cached = cachedContent(v, slot, cacheSlot: f.cacheSlot(slot), extent: extent, shape: shape) else {
            Compositor.drawOwnContentDirectly(v, i, in: ctx, alpha: alpha, shape: shape)
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
    private func cachedContent(_ v: NodeColumns, _ slot: Int32, cacheSlot: Int32, extent: CGRect, shape: CGPath) -> (CGImage, Int, Int)?? {
        let i = Int(slot)
        let place: PixelPlacement
        switch PixelPlacement.of(extent, through: ctx.userToPixels) {
        case .cannot: return nil
        case .empty: return .some(nil)
        case .placed(let p): place = p
        }
        let (m, local, x0, y0, w, h) = (place.m, place.local, place.x0, place.y0, place.width, place.height)
        guard w * h <= RenderCaches.maximumPixels, max(w, h) <= RenderCaches.maximumSide else { return nil }
        let key = OwnContentKey(version: v.contentVersion[i], bounds: v.bounds[i], cornerRadius: v.cornerRadius[i],
                                corners: v.style[i].maskedCorners, continuous: v.flags[i].contains(.continuousCorners),
                                a: m.a, b: m.b, c: m.c, d: m.d, fx: local.tx, fy: local.ty, x0: x0, y0: y0, width: w, height: h)
        let origin = (place.ix + x0, place.iy + y0)
        let image = caches.ownContent(cacheSlot, key) { () -> CGImage? in
            guard let c = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                    space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
            else { return nil }
            c.setUserToPixels(local.concatenating(CGAffineTransform(translationX: CGFloat(-x0), y: CGFloat(-y0))))
            Compositor.drawOwnContentDirectly(v, i, in: c, alpha: 1, shape: shape)
            return c.makeImage()
        }
        guard let image else { return nil }
        return (image, origin.0, origin.1)
    }
}
