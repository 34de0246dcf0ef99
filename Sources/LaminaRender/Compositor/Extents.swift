@_spi(Lamina) import CoreGraphics
import Foundation

/// Where each node's subtree draws, in the node's own coordinates: its bounds, its sublayers'
/// extents (unless it clips), its own content beyond its bounds, its shadow's reach. Computed
/// once per frame, bottom up, for the nodes under the frame's root.
package enum Extents {
    static func compute(_ f: Frame, sublayersOnly: Bool = false) -> ExtentTable {
        guard f.tree.isLive(f.root) else { return ExtentTable(base: 0, count: 0) }
        // The nodes under the root in pre-order (a node before its mask and sublayers), each
        // with whether it lies at the depth limit. The table spans their slots only, not the
        // whole render store: a small tree drawn in a process with many layers alive costs what
        // it holds.
        let children = f.tree.children, mask = f.tree.mask
        // Slots in pre-order; a slot at the depth limit is stored as -1 - slot.
        var order: [Int32] = []
        var lo = Int(f.root), hi = Int(f.root)
        var stack: [(slot: Int32, depth: Int32)] = [(f.root, 0)]
        if sublayersOnly {
            // A replicator's delayed copy: its sublayers only (its own extent loops over every
            // copy, which made 10,000 delayed copies cost 10,000² steps).
            stack = children[Int(f.root)].reversed().map { ($0, 1) }
        }
        var deepest: Int32 = 0
        while let (slot, depth) = stack.popLast() {
            let i = Int(slot)
            lo = min(lo, i); hi = max(hi, i)
            deepest = max(deepest, depth)
            guard depth < RenderTree.depthLimit else { order.append(-1 - slot); continue }
            order.append(slot)
            // Pushed in reverse, so popped mask first, then sublayers in order.
            for c in children[i].reversed() { stack.append((c, depth + 1)) }
            let m = mask[i]
            if m >= 0 { stack.append((m, depth + 1)) }
        }
        // Plain leaves (most nodes) first: their extents depend on nothing else. Then the
        // others in reverse pre-order, every node after all of its descendants.
        let v = f.values
        let plainContext = f.transitions.isEmpty
        var rects = [CGRect](repeating: .null, count: hi - lo + 1)
        var others: [Int32] = []
        rects.withUnsafeMutableBufferPointer { r in
            for slot in order {
                if slot < 0 { let i = Int(-1 - slot); r[i - lo] = v.bounds[i]; continue }
                let i = Int(slot)
                if plainContext, children[i].isEmpty, let e = plainLeafExtent(v, i) { r[i - lo] = e } else { others.append(slot) }
            }
        }
        var out = ExtentTable(base: lo, rects: rects)
        out.depth = Int(deepest)
        for slot in others.reversed() { out[Int(slot)] = visibleExtent(f, Int(slot), out) }
        if sublayersOnly { out[Int(f.root)] = v.bounds[Int(f.root)] }
        return out
    }

    /// The extent of a plain leaf (most layers: no sublayers, no own content, no shadow,
    /// contents filling the bounds): its bounds, standardized. What the general rule gives it
    /// (the bounds cut to their own reach), without its rectangle calls; nil for other nodes.
    @inline(__always)
    private static func plainLeafExtent(_ v: NodeColumns, _ i: Int) -> CGRect? {
        guard !(v.shadowOpacity[i] > 0), case .none = v.content[i] else { return nil }
        let r = v.bounds[i]
        guard r.origin.x.isFinite, r.origin.y.isFinite, r.size.width.isFinite, r.size.height.isFinite else { return nil }
        if case .none = v.contents[i] {} else if v.style[i].contentsGravity != "resize" { return nil }
        let s = r.standardized
        return CGRect(x: s.minX, y: s.minY, width: s.maxX - s.minX, height: s.maxY - s.minY)
    }

    /// `a.union(b)` for two finite, standardized rectangles, inline: the same values.
    @inline(__always)
    static func union(_ a: CGRect, _ b: CGRect) -> CGRect {
        guard a.size.width >= 0, a.size.height >= 0, b.size.width >= 0, b.size.height >= 0,
              a.origin.x.isFinite, a.origin.y.isFinite, b.origin.x.isFinite, b.origin.y.isFinite,
              a.size.width.isFinite, a.size.height.isFinite, b.size.width.isFinite, b.size.height.isFinite else { return a.union(b) }
        let x0 = min(a.origin.x, b.origin.x), y0 = min(a.origin.y, b.origin.y)
        let x1 = max(a.origin.x + a.size.width, b.origin.x + b.size.width)
        let y1 = max(a.origin.y + a.size.height, b.origin.y + b.size.height)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The visible extent of node `i`, its descendants' already known.
    static func visibleExtent(_ f: Frame, _ i: Int, _ known: ExtentTable) -> CGRect {
        let v = f.values
        var r = v.bounds[i]
        let flags = v.flags[i]
        if !flags.contains(.masksToBounds) {
            r = r.union(ownContentExtent(f, i))
            var subs = CGRect.null
            // The sublayers that only move (`translationToSuperlayer`'s translation, the
            // superlayer's part checked once for all, read from the columns held here: on every
            // frame of many moving layers) mapped inline; the others through `extentInSuperlayer`.
            let plainSublayers = v.sublayerTransform[i].isIdentity
            let transforms = v.transform, flagColumn = v.flags, styles = v.style, positions = v.position
            let boundsColumn = v.bounds, anchors = v.anchorPoint
            for c in f.tree.children[Int(i)] {
                let k = Int(c)
                let cf = flagColumn[k]
                if cf.contains(.hidden) { continue }
                let mapped: CGRect
                if plainSublayers || cf.contains(.isMask), transforms[k].isIdentity,
                   !(styles[k].kind == .transformLayer && cf.contains(.preservesDepth)) {
                    let b = boundsColumn[k], a = anchors[k], p = positions[k]
                    mapped = translated(known[k], by: CGPoint(x: p.x - (b.minX + a.x * b.width), y: p.y - (b.minY + a.y * b.height)))
                } else {
                    mapped = extentInSuperlayer(f, c, known, depth: 0)
                }
                if !mapped.isNull { subs = subs.isNull ? mapped : union(subs, mapped) }
            }
            if case .replicator(let rep) = v.content[i], !subs.isNull {
                // Every copy's place.
                let b = v.bounds[i]
                let c = CGPoint(x: b.midX, y: b.midY)
                let step = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-c.x, -c.y, 0), rep.instanceTransform),
                                               CATransform3DMakeTranslation(c.x, c.y, 0))
                var acc = CATransform3DIdentity
                for _ in 0..<max(0, min(rep.instanceCount, 10_000)) {
                    let mapped = Homography(acc).mapRect(subs)
                    if !mapped.isNull { r = r.union(mapped) }
                    acc = CATransform3DConcat(acc, step)
                }
            } else if !subs.isNull {
                r = r.union(subs)
            }
        }
        if v.shadowOpacity[i] > 0 {
            let k = 3 * max(0, v.shadowRadius[i])
            // The shadow of a shadowPath is that path's; otherwise the shadow of what is drawn.
            let caster = v.shadowPath[i].path.map { $0.boundingBoxOfPath } ?? r
            let offset = v.shadowOffset[i]
            let shadow = caster.offsetBy(dx: offset.width, dy: offset.height).insetBy(dx: -k, dy: -k)
            if !caster.isNull && caster.isFinite { r = r.union(shadow) }
        }
        if !f.transitions.isEmpty, f.transitions[Int32(i)]?.contains(where: { $0.body.kind == .flip }) == true {
            // A flip's near edge comes towards the eye: at most 4/3 of its size (see renderFlip).
            let b = v.bounds[i]
            r = r.union(b.insetBy(dx: -b.width / 4, dy: -b.height / 4))
        }
        let reach = v.bounds[i].insetBy(dx: -4096, dy: -4096)
        // Extreme values (a shadow radius of 1e308…) reach everywhere they can.
        guard r.isFinite, reach.isFinite else { return reach }
        return r.intersection(reach)
    }

    /// Where node `sub`'s subtree draws in its superlayer's plane. A transform layer's sublayers
    /// keep their depth until they reach that plane.
    @inline(__always)
    static func extentInSuperlayer(_ f: Frame, _ sub: Int32, _ known: ExtentTable, depth: Int) -> CGRect {
        let i = Int(sub)
        if !f.isTransformLayer(i), let t = f.translationToSuperlayer(sub) { return translated(known[i], by: t) }
        return projectedExtent(f, sub, through: f.transformToSuperlayer(sub), known, depth: depth)
    }

    /// Most layers only move: the corners mapped as the general path maps them (x + tx,
    /// exactly), without building and applying a matrix. A rectangle that is not finite (a null
    /// one's origin is infinite) comes back as it is.
    @inline(__always)
    static func translated(_ r: CGRect, by t: CGPoint) -> CGRect {
        guard r.origin.x.isFinite, r.origin.y.isFinite, r.size.width.isFinite, r.size.height.isFinite else { return r }
        let s = r.standardized
        let x0 = s.minX + t.x, x1 = s.maxX + t.x, y0 = s.minY + t.y, y1 = s.maxY + t.y
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    private static func projectedExtent(_ f: Frame, _ slot: Int32, through m: CATransform3D, _ known: ExtentTable,
                                        depth: Int) -> CGRect {
        guard depth < RenderTree.depthLimit else { return .null }
        let i = Int(slot)
        guard f.isTransformLayer(i) else { return conservativelyMapped(known[i], Homography(m)) }
        var r = CGRect.null
        for s in f.tree.children[i] where !f.values.flags[Int(s)].contains(.hidden) {
            let e = projectedExtent(f, s, through: CATransform3DConcat(f.transformToSuperlayer(s), m), known, depth: depth + 1)
            if !e.isNull { r = r.union(e) }
        }
        return r
    }

    /// The bounding box of a rectangle under a projective map; when part of it falls behind the
    /// eye, where it lands is unbounded (it is clipped when drawn), so the answer is everything.
    static func conservativelyMapped(_ rect: CGRect, _ h: Homography) -> CGRect {
        guard !rect.isNull, rect.isFinite else { return rect }
        let s = rect.standardized
        guard let a = h.map(CGPoint(x: s.minX, y: s.minY)), let b = h.map(CGPoint(x: s.maxX, y: s.minY)),
              let c = h.map(CGPoint(x: s.minX, y: s.maxY)), let d = h.map(CGPoint(x: s.maxX, y: s.maxY)) else { return everywhere }
        let x0 = min(min(a.x, b.x), min(c.x, d.x)), x1 = max(max(a.x, b.x), max(c.x, d.x))
        let y0 = min(min(a.y, b.y), min(c.y, d.y)), y1 = max(max(a.y, b.y), max(c.y, d.y))
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// A rectangle that covers any frame (finite, so it survives further mapping).
    package static let everywhere = CGRect(x: -1e7, y: -1e7, width: 2e7, height: 2e7)

    /// Where a node's own drawing can reach beyond its bounds (when it does not clip): a shape
    /// layer's path with its stroke, contents placed by a gravity that overflows, an emitter's
    /// particles (anywhere).
    static func ownContentExtent(_ f: Frame, _ i: Int) -> CGRect {
        let v = f.values
        var r = CGRect.null
        if case .shape(let shape) = v.content[i], let path = shape.path, !path.isEmpty {
            var box = path.boundingBoxOfPath
            if shape.strokeColor != nil && shape.lineWidth > 0 {
                // Half the width; more where miter joins may spike (paths with straight segments)
                // and at square caps' corners.
                let hasCorners = path.elements.contains { if case .line = $0 { true } else { false } }
                let miter = shape.lineJoin == .miter && hasCorners ? max(1, shape.miterLimit) : 1
                let cap: CGFloat = shape.lineCap == .square ? 1.415 : 1
                let reach = shape.lineWidth / 2 * max(miter, cap) + 1
                box = box.insetBy(dx: -reach, dy: -reach)
            }
            if box.isFinite { r = r.union(box) }
        }
        if case .emitter = v.content[i] {
            r = r.union(v.bounds[i].insetBy(dx: -4096, dy: -4096))
        }
        if let image = v.contents[i].image, v.style[i].contentsGravity != "resize" {
            let dest = ContentsLayout.destination(bounds: v.bounds[i], pixelSize: CGSize(width: image.width, height: image.height),
                                                  contentsRect: v.contentsRect[i], scale: v.contentsScale[i],
                                                  gravity: v.style[i].contentsGravity)
            if dest.isFinite && !dest.isNull { r = r.union(dest) }
        }
        return r
    }

    /// The largest factor by which the mapping stretches lengths over `area` (at its corners).
    package static func maximumStretch(_ h: CGProjectiveTransform, _ area: CGRect) -> CGFloat {
        var best: CGFloat = 1
        for p in [CGPoint(x: area.minX, y: area.minY), CGPoint(x: area.maxX, y: area.minY),
                  CGPoint(x: area.minX, y: area.maxY), CGPoint(x: area.maxX, y: area.maxY)] {
            let m = h.m
            let w = p.x * m[2] + p.y * m[5] + m[8]
            guard w > 1e-6 else { continue }
            let x = (p.x * m[0] + p.y * m[3] + m[6]) / w, y = (p.x * m[1] + p.y * m[4] + m[7]) / w
            let dxdx = (m[0] - x * m[2]) / w, dydx = (m[1] - y * m[2]) / w
            let dxdy = (m[3] - x * m[5]) / w, dydy = (m[4] - y * m[5]) / w
            best = max(best, (dxdx * dxdx + dydx * dydx).squareRoot(), (dxdy * dxdy + dydy * dydy).squareRoot())
        }
        return best
    }
}

/// Each node's extent for the slots of one frame's subtree (`base` up); other slots read as
/// null.
package struct ExtentTable: Sendable {
    let base: Int
    private var rects: [CGRect]

    init(base: Int, count: Int) {
        self.base = base
        rects = [CGRect](repeating: .null, count: max(0, count))
    }

    init(base: Int, rects: [CGRect]) {
        self.base = base
        self.rects = rects
    }

    /// How many slots the table spans.
    package var count: Int { rects.count }
    /// How deep the deepest node under the root lies (the root: 0).
    package internal(set) var depth = 0

    package subscript(_ i: Int) -> CGRect {
        get {
            let k = i - base
            return k >= 0 && k < rects.count ? rects[k] : .null
        }
        set {
            let k = i - base
            if k >= 0 && k < rects.count { rects[k] = newValue }
        }
    }
}
