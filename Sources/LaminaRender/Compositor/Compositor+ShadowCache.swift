@_spi(Lamina) import CoreGraphics

/// What the shadow a layer casts depends on: its own values (where it is, its transform, its
/// opacity and its shadow's colour set aside: they move or tint the shadow, not its shape), its
/// sublayers' versions, the alpha its body is drawn with, and the device transform's linear part
/// and sub-pixel offset. A layer that moves by whole pixels, fades or changes its shadow colour
/// keeps its shadow; anything that changes the alpha it draws makes a new one.
struct ShadowMaskKey: Equatable {
    var node: NodeState
    var sublayers: UInt64
    var bodyAlpha: CGFloat
    /// Whether the body was drawn as `render(in:)` draws.
    var asRenderInContext: Bool
    var a, b, c, d, fx, fy: CGFloat
    var offset: CGSize
    var blur: CGFloat
}

/// What the shadow of a layer's `shadowPath` depends on: the path (paths are immutable: the
/// same object is the same path), and the device transform's linear part and sub-pixel offset.
struct PathShadowKey: Equatable {
    var path: CGPathBox
    var a, b, c, d, fx, fy: CGFloat
    var offset: CGSize
    var blur: CGFloat
}

/// A layer's shadow, blurred once, and where it goes relative to the whole-pixel part of the
/// layer's device translation.
final class CachedShadow: @unchecked Sendable {
    let mask: CGShadowMask
    let x: Int, y: Int
    init(mask: CGShadowMask, x: Int, y: Int) { self.mask = mask; self.x = x; self.y = y }
}

extension Compositor {
    /// The versions of the subtrees under node `slot` (not itself), or nil when something in
    /// them draws differently with time or with what lies behind it (particles, delayed
    /// replicator copies, transitions, backdrops), so the shadow is cast anew every frame.
    static func cacheableSublayerVersion(_ f: Frame, _ slot: Int32, depth: Int = 0) -> UInt64? {
        var version: UInt64 = 0
        for sub in f.tree.children[Int(slot)] {
            guard let v = DamageTracker.timelessSubtreeVersion(f, sub, depth: depth + 1) else { return nil }
            version = (version &* 1_000_003) &+ v
        }
        return version
    }

    /// The shadow of node `slot`'s `shadowPath`, blurred once and kept in the renderer's caches,
    /// and the raster pixel of its top-left corner; nil when it cannot be cached (drawn directly
    /// instead), `.some(nil)` when it covers no pixels.
    func cachedPathShadow(_ f: Frame, _ slot: Int32, path: CGPath, offset: CGSize, blur: CGFloat) -> (CGShadowMask, Int, Int)?? {
        guard f.sourceSlots == nil, stop == nil else { return nil }
        guard let placement = shadowPlacement(path.boundingBoxOfPath, offset: offset, blur: blur) else { return nil }
        guard let place = placement else { return .some(nil) }
        let (m, local, ix, iy, x0, y0, w, h) = (place.m, place.local, place.ix, place.iy, place.x0, place.y0, place.width, place.height)
        let key = PathShadowKey(path: CGPathBox(path), a: m.a, b: m.b, c: m.c, d: m.d, fx: local.tx, fy: local.ty, offset: offset,
                                blur: blur)
        let shadow = caches.pathShadows.value(f.cacheSlot(slot), key, size: { $0.mask.byteCount }) { () -> CachedShadow? in
            // Filled straight into the mask's plane (no colour bitmap).
            guard let mask = CGShadowMask.ofFilledPath(path, userToPixels: local.concatenating(
                CGAffineTransform(translationX: CGFloat(-x0), y: CGFloat(-y0))), width: w, height: h, offset: offset, blur: blur)
            else { return nil }
            return CachedShadow(mask: mask, x: x0 + mask.x0, y: y0 + mask.y0)
        }
        guard let shadow else { return .some(nil) }
        return .some((shadow.mask, ix + shadow.x, iy + shadow.y))
    }

    /// Where a cached shadow of what draws in `area` (node coordinates) goes: the device
    /// transform, its sub-pixel part, the whole-pixel offset, and the bitmap the caster is drawn
    /// into (relative to that offset). Nil when it cannot be cached (non-finite, or larger than
    /// the cache holds: one diagnostic); `.some(nil)` when it covers no pixels.
    private func shadowPlacement(_ area: CGRect, offset: CGSize, blur: CGFloat)
        -> PixelPlacement?? {
        let place: PixelPlacement
        switch PixelPlacement.of(area, through: ctx.userToPixels) {
        case .cannot: return nil
        case .empty: return .some(nil)
        case .placed(let p): place = p
        }
        let (w, h) = (place.width, place.height)
        guard let pixels = CGShadowMask.pixelCount(width: w, height: h, offset: offset, blur: blur) else { return nil }
        // Drawn directly when the caster or its mask is larger than the caches keep.
        guard w * h <= RenderCaches.maximumPixels, max(w, h) <= RenderCaches.maximumSide,
              pixels <= caches.shadows.byteLimit else {
            LaminaDiagnostics.report("a layer's shadow is larger than the shadow cache holds: it is blurred again on every frame")
            return nil
        }
        return .some(place)
    }

    /// The shadow node `slot` casts (its body drawn with `bodyAlpha`), blurred once and kept in
    /// the renderer's caches, and the raster pixel of its top-left corner. Nil when it cannot be
    /// cached (the transparency layer casts it instead); `.some(nil)` when it covers no pixels.
    func cachedShadow(_ f: Frame, _ slot: Int32, bodyAlpha: CGFloat, offset: CGSize, blur: CGFloat,
                      depth: Int) -> (CGShadowMask, Int, Int)?? {
        guard f.sourceSlots == nil, f.rootLocalTime == nil, stop == nil else { return nil }
        guard !DamageTracker.dependsOnTimeOrBackdrop(f, slot) else { return nil }
        let i = Int(slot)
        let v = f.values
        guard let placement = shadowPlacement(f.extents[i], offset: offset, blur: blur) else { return nil }
        guard let place = placement else { return .some(nil) }
        let (m, local, ix, iy, x0, y0, w, h) = (place.m, place.local, place.ix, place.iy, place.x0, place.y0, place.width, place.height)
        guard let sublayers = Compositor.cacheableSublayerVersion(f, slot, depth: depth) else { return nil }
        var node = v.state(i)
        node.position = .zero; node.zPosition = 0; node.anchorPoint = .zero; node.anchorPointZ = 0
        node.transform = CATransform3DIdentity; node.opacity = 1; node.renderVersion = 0
        node.shadowColor = nil; node.shadowOpacity = 0; node.timing = TimingModel()
        let key = ShadowMaskKey(node: node, sublayers: sublayers, bodyAlpha: bodyAlpha, asRenderInContext: asRenderInContext, a: m.a, b: m.b, c: m.c, d: m.d,
                                fx: local.tx, fy: local.ty, offset: offset, blur: blur)
        let caches = self.caches
        let shadow = caches.shadows.value(f.cacheSlot(slot), key, size: { $0.mask.byteCount }) { () -> CachedShadow? in
            guard let c = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                    space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
            else { return nil }
            c.setUserToPixels(local.concatenating(CGAffineTransform(translationX: CGFloat(-x0), y: CGFloat(-y0))))
            drawing(into: c).drawBody(f, slot, alpha: bodyAlpha, depth: depth)
            guard let mask = c.shadowMask(offset: offset, blur: blur) else { return nil }
            return CachedShadow(mask: mask, x: x0 + mask.x0, y: y0 + mask.y0)
        }
        guard let shadow else { return .some(nil) }
        return .some((shadow.mask, ix + shadow.x, iy + shadow.y))
    }
}
