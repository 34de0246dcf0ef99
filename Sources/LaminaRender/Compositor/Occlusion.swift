@_spi(Lamina) import CoreGraphics

/// What a frame's opaque layers hide: rectangles of device pixels that a layer's opaque
/// background covers completely, each with its place in drawing order, and every node's span
/// of drawing order. A subtree whose whole extent lies inside a rectangle drawn after it is not
/// drawn at all: every pixel it would touch is then set to the occluder's colour regardless of
/// what was there, so the bytes are those of drawing it.
///
/// Made once per frame (and device transform), front to back not needed: the walk follows the
/// compositor's drawing order. Conservative by construction: only layers drawn straight into
/// the frame (no group opacity, mask, blend mode or shadow layer above them), whose background
/// colour is opaque, whose corners are square, with an axis-aligned mapping to the device, and
/// only the pixels they cover fully (their inner pixel rectangle, cut to rectangular clips
/// above them). Inside subtrees drawn through transparency layers nothing is culled (a group's
/// shadow or mask sees all of it).
package final class Occlusion: @unchecked Sendable {
    struct Occluder {
        var x0, y0, x1, y1: Int
        var order: Int
    }
    /// The largest occluders, at most ``maximumOccluders``.
    let occluders: [Occluder]
    /// Each node's first and last place in drawing order; -1 where the node may not be culled.
    private let first: [Int32]
    private let last: [Int32]
    private let base: Int

    /// How many occluders a frame keeps (the largest): each drawn sublayer is tested against
    /// every one.
    static let maximumOccluders = 16
    /// How deep in the tree layers are culled or occlude (deeper ones are drawn as usual).
    static let maximumDepth = 64
    /// The smallest occluder kept, in pixels (smaller ones hide little).
    static let minimumArea = 64 * 64

    private init(occluders: [Occluder], first: [Int32], last: [Int32], base: Int) {
        self.occluders = occluders; self.first = first; self.last = last; self.base = base
    }

    /// What is left to draw of node `slot`, drawing within device pixels `rect` (a conservative
    /// bound), once the occluders drawn after its whole subtree are taken away: nil when nothing
    /// is hidden; an empty rectangle when all of it is; else the pixel rectangle still seen (an
    /// occluder covering a whole side of it cuts that side off).
    package func visiblePart(_ slot: Int32, device rect: CGRect) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let k = Int(slot) - base
        guard k >= 0, k < first.count, first[k] >= 0, !occluders.isEmpty, !rect.isNull,
              abs(rect.minX) < 1e9, abs(rect.minY) < 1e9, abs(rect.maxX) < 1e9, abs(rect.maxY) < 1e9 else { return nil }
        let end = Int(last[k])
        var r = (x0: Int(rect.minX.rounded(.down)), y0: Int(rect.minY.rounded(.down)),
                 x1: Int(rect.maxX.rounded(.up)), y1: Int(rect.maxY.rounded(.up)))
        var cut = false
        // Two rounds: a cut by one occluder can let another cover a whole side.
        for _ in 0..<2 {
            for o in occluders where o.order > end {
                guard o.x0 < r.x1, o.x1 > r.x0, o.y0 < r.y1, o.y1 > r.y0 else { continue }
                let spansRows = o.y0 <= r.y0 && o.y1 >= r.y1, spansColumns = o.x0 <= r.x0 && o.x1 >= r.x1
                if spansRows && spansColumns { return (0, 0, 0, 0) }
                if spansRows {
                    if o.x0 <= r.x0 { r.x0 = o.x1; cut = true } else if o.x1 >= r.x1 { r.x1 = o.x0; cut = true }
                } else if spansColumns {
                    if o.y0 <= r.y0 { r.y0 = o.y1; cut = true } else if o.y1 >= r.y1 { r.y1 = o.y0; cut = true }
                }
                if r.x0 >= r.x1 || r.y0 >= r.y1 { return (0, 0, 0, 0) }
            }
        }
        return cut ? r : nil
    }

    /// The largest opaque rectangle drawn after node `slot`'s first drawing (its shadow), in
    /// device pixels: a shadow the node casts is overwritten there. Nil when there is none or
    /// the node is not drawn straight into the frame.
    package func hole(after slot: Int32) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let k = Int(slot) - base
        guard k >= 0, k < first.count, first[k] >= 0 else { return nil }
        let mine = Int(first[k])
        // Sorted largest first.
        guard let o = occluders.first(where: { $0.order >= mine }) else { return nil }
        return (o.x0, o.y0, o.x1, o.y1)
    }

    /// Whether one occluder covers the device pixels [x0, x1) x [y0, y1) completely: every one
    /// of them is then set to an opaque colour whatever it held before, so a bitmap need not be
    /// cleared there before the frame is drawn.
    package func covers(x0: Int, y0: Int, x1: Int, y1: Int) -> Bool {
        occluders.contains { $0.x0 <= x0 && $0.y0 <= y0 && $0.x1 >= x1 && $0.y1 >= y1 }
    }

    /// The occlusion of frame `f` drawn from its root with `toDevice` (root coordinates to raster
    /// pixels, rows down).
    package static func of(_ f: Frame, toDevice: CGAffineTransform) -> Occlusion {
        let count = f.extents.count
        let base = f.extents.base
        var first = [Int32](repeating: -1, count: count), last = [Int32](repeating: -1, count: count)
        var found: [Occluder] = []
        var order: Int32 = 0
        let v = f.values
        let everywhere = (x0: Int.min / 4, y0: Int.min / 4, x1: Int.max / 4, y1: Int.max / 4)

        /// Walks node `slot` mapped to the device by `t`, inside rectangular clip `clip`; `direct`:
        /// drawn straight into the frame (it may be culled and may occlude).
        func walk(_ slot: Int32, _ t: CGAffineTransform?, _ clip: (x0: Int, y0: Int, x1: Int, y1: Int), _ direct: Bool, _ depth: Int) {
            let i = Int(slot), k = i - base
            // Deeper layers are neither culled nor occluders (a bounded recursion: its frames are
            // larger than the compositor's).
            guard depth < maximumDepth, k >= 0, k < count, !v.flags[i].contains(.hidden) else { return }
            let mine = order
            order += 1
            if direct { first[k] = mine }
            defer { if direct { last[k] = order - 1 } }
            guard direct, let t else { return }
            // Kinds the walk does not follow into: their sublayers are drawn another way (copies,
            // depth sorting, transitions, particles) or through a transparency layer.
            if f.transitions[slot] != nil || f.isTransformLayer(i) { return }
            switch v.content[i] {
            case .replicator, .emitter: return
            default: break
            }
            let raw = v.opacity[i]
            let opaque = raw.isFinite && raw >= 1
            let flags = v.flags[i]
            let shadowLayer = v.shadowOpacity[i] > 0 && (v.shadowColor[i]?.a ?? 0) > 0 && v.shadowPath[i].path == nil
            let plain = opaque && f.tree.mask[i] < 0 && v.style[i].blendMode == nil && v.style[i].backdrop == nil && !shadowLayer
            guard plain else { return }
            let b = v.bounds[i]
            let axisAligned = t.b == 0 && t.c == 0
            // Drawn whichever way it faces, and not mirrored (a mirrored layer that is not
            // double-sided may face away and not be drawn).
            let facesUs = flags.contains(.doubleSided) || (t.a > 0 && t.d > 0 && f.translationToSuperlayer(slot) != nil)
            if axisAligned, facesUs, let bg = v.backgroundColor[i], bg.a >= 1, v.cornerRadius[i] == 0, b.isFinite, !b.isEmpty {
                let r = b.applying(t)
                let x0 = max(clip.x0, Int(max(-1e9, r.minX).rounded(.up))), y0 = max(clip.y0, Int(max(-1e9, r.minY).rounded(.up)))
                let x1 = min(clip.x1, Int(min(1e9, r.maxX).rounded(.down))), y1 = min(clip.y1, Int(min(1e9, r.maxY).rounded(.down)))
                if x1 > x0, y1 > y0, (x1 - x0) * (y1 - y0) >= minimumArea {
                    found.append(Occluder(x0: x0, y0: y0, x1: x1, y1: y1, order: Int(mine)))
                }
            }
            // Sublayers: through a flip, inside this layer's clip when it clips (a rounded clip is
            // not followed: its corners are not rectangles).
            var inner = t
            if flags.contains(.geometryFlipped) {
                inner = CGAffineTransform(translationX: 0, y: b.minY + b.maxY).scaledBy(x: 1, y: -1).concatenating(t)
            }
            var subClip = clip
            if flags.contains(.masksToBounds) {
                guard v.cornerRadius[i] == 0, axisAligned, b.isFinite else { return }
                let r = b.applying(t)
                subClip = (max(clip.x0, Int(max(-1e9, r.minX).rounded(.up))), max(clip.y0, Int(max(-1e9, r.minY).rounded(.up))),
                           min(clip.x1, Int(min(1e9, r.maxX).rounded(.down))), min(clip.y1, Int(min(1e9, r.maxY).rounded(.down))))
            }
            for sub in f.sublayersInDrawingOrder(i) {
                let s = Int(sub)
                var st: CGAffineTransform?
                if !f.isTransformLayer(s) {
                    if let o = f.translationToSuperlayer(sub) {
                        st = CGAffineTransform(translationX: o.x, y: o.y).concatenating(inner)
                    } else if let a = Homography(f.transformToSuperlayer(sub)).affine {
                        st = a.concatenating(inner)
                    }
                }
                walk(sub, st, subClip, true, depth + 1)
            }
        }
        walk(f.root, toDevice, everywhere, true, 0)
        // The root is drawn first of all: it hides nothing and is never hidden.
        if count > 0, Int(f.root) - base >= 0 { first[Int(f.root) - base] = -1 }
        let kept = found.sorted { ($0.x1 - $0.x0) * ($0.y1 - $0.y0) > ($1.x1 - $1.x0) * ($1.y1 - $1.y0) }
            .prefix(maximumOccluders)
        return Occlusion(occluders: Array(kept), first: first, last: last, base: base)
    }
}

/// A frame's occlusion is made for one device transform (the bands of a frame share it).
package struct OcclusionKey: Hashable, Sendable {
    let a, b, c, d, tx, ty: CGFloat
    init(_ t: CGAffineTransform) { a = t.a; b = t.b; c = t.c; d = t.d; tx = t.tx; ty = t.ty }
}
