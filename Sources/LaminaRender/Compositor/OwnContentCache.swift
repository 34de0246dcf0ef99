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

/// What a renderer keeps from frame to frame, shared by every band and thread drawing for it:
/// each node's rasterized own content and the shadow it casts (one entry of each per node,
/// replaced when its key changes), each within a bound on the memory it holds.
package final class RenderCaches: @unchecked Sendable {
    /// The bytes the own-content images may take by default (64 MiB: a few full 1179x2556
    /// screens of shapes and gradients).
    package static let defaultOwnContentBytes = 64 << 20
    /// The bytes the shadow masks may take by default (32 MiB: one byte per pixel).
    package static let defaultShadowBytes = 32 << 20

    let ownContents: SlotCache<OwnContentKey, CGImage>
    let shadows: SlotCache<ShadowMaskKey, CachedShadow>
    /// The shadows of `shadowPath`s (a node casts one or the other).
    let pathShadows: SlotCache<PathShadowKey, CachedShadow>

    package init(ownContentBytes: Int = RenderCaches.defaultOwnContentBytes,
                 shadowBytes: Int = RenderCaches.defaultShadowBytes) {
        ownContents = SlotCache(byteLimit: ownContentBytes)
        shadows = SlotCache(byteLimit: shadowBytes)
        pathShadows = SlotCache(byteLimit: shadowBytes)
    }

    /// The largest cached content, in pixels and pixels per side; bigger content is drawn
    /// directly each time.
    static let maximumPixels = 4096 * 4096
    static let maximumSide = 8192

    /// The image for `key` of node `slot`, made by `make` when not cached; nil when `make` fails.
    func ownContent(_ slot: Int32, _ key: OwnContentKey, _ make: () -> CGImage?) -> CGImage? {
        ownContents.value(slot, key, size: { $0.bytesPerRow * $0.height }, make: make)
    }

    /// How many times node `slot`'s own content was rasterized (tests and statistics).
    package func ownContentBuilds(_ slot: Int32) -> Int { ownContents.builds(slot) }

    /// How many times the shadow node `slot` casts was made (tests and statistics).
    package func shadowBuilds(_ slot: Int32) -> Int { shadows.builds(slot) + pathShadows.builds(slot) }

    /// The own-content cache's counts.
    package var ownContentStatistics: CacheStatistics { ownContents.statistics }
    /// The shadow cache's counts.
    package var shadowStatistics: CacheStatistics {
        let a = shadows.statistics, b = pathShadows.statistics
        return CacheStatistics(hits: a.hits + b.hits, misses: a.misses + b.misses, evictions: a.evictions + b.evictions,
                               oversized: a.oversized + b.oversized, entries: a.entries + b.entries, bytes: a.bytes + b.bytes)
    }

    /// Changes the bounds (in bytes), evicting what no longer fits; 0 keeps nothing (every
    /// frame makes what it draws again: the same pixels, slower).
    package func setByteLimits(ownContent: Int, shadows limit: Int) {
        ownContents.setByteLimit(ownContent)
        shadows.setByteLimit(limit)
        pathShadows.setByteLimit(limit)
        backdropCachesIfMade?.setByteLimits(ownContent: ownContent, shadows: limit)
    }

    /// Whether anything is kept from frame to frame. Off, every drawing makes the content and
    /// shadows it draws again (the same pixels, slower): tests compare the two.
    package var isEnabled: Bool {
        get { ownContents.isEnabled }
        set {
            ownContents.isEnabled = newValue
            shadows.isEnabled = newValue
            pathShadows.isEnabled = newValue
            backdropCachesIfMade?.isEnabled = newValue
        }
    }

    /// Forgets the content of nodes that are gone (or whose slot was reused).
    package func forget(_ live: (Int32) -> Bool) {
        ownContents.forget(live)
        shadows.forget(live)
        pathShadows.forget(live)
        backdropCachesIfMade?.forget(live)
    }

    private let lock = NSLock()
    private var backdropCachesStorage: RenderCaches?
    private var backdropCachesIfMade: RenderCaches? {
        lock.lock()
        defer { lock.unlock() }
        return backdropCachesStorage
    }

    /// The caches of what backdrops draw again under themselves, at their lower resolution: a
    /// node has one entry here, so sharing them would replace each node's full-resolution content
    /// with its backdrop-resolution one and back on every frame.
    var backdropCaches: RenderCaches {
        lock.lock()
        defer { lock.unlock() }
        if let c = backdropCachesStorage { return c }
        let c = RenderCaches(ownContentBytes: ownContents.byteLimit, shadowBytes: shadows.byteLimit)
        c.isEnabled = ownContents.isEnabled
        backdropCachesStorage = c
        return c
    }
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
