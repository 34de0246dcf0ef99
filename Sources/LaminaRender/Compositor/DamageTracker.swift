import Foundation

/// Finds what changed between two frames: each node's version and device-space rectangle (its
/// subtree's visible extent) are remembered, and the damage is the union of the old and new
/// rectangles of every node that changed, appeared or disappeared.
package struct DamageTracker {
    /// Each node's version and device rectangle in the last frame, and the ones of this frame
    /// (kept in arrays by slot and swapped: a frame touches every node, so dictionaries rebuilt
    /// per frame cost more than the walk).
    private var last = NodeRecords()
    private var current = NodeRecords()
    /// Shadowed nodes' device rectangles, kept to widen damage that touches their shadows.
    private var shadowed: [CGRect] = []
    /// Backdrop layers' device rectangles, and how far their blur reaches beyond them.
    private var backdropped: [(rect: CGRect, reach: CGRect)] = []

    package init() {}

    /// The damaged device rectangle for frame `f` drawn through `toDevice`, or nil when the
    /// whole frame must be drawn (first frame). Updates the remembered state.
    package mutating func damage(_ f: Frame, toDevice: CGAffineTransform, firstFrame: Bool) -> CGRect? {
        // Emitters change with time alone.
        let timeBits = f.time.bitPattern
        current.reset(slots: f.values.count)
        var shadows: [CGRect] = []
        var backdrops: [(rect: CGRect, reach: CGRect)] = []
        var damage = CGRect.null
        let v = f.values
        func walk(_ slot: Int32, _ t: CGAffineTransform, _ ancestorChanged: Bool, _ depth: Int) {
            guard depth < RenderTree.depthLimit else { return }
            let i = Int(slot)
            var extent = f.extents[i].applying(t)
            var version = v.renderVersion[i]
            switch v.content[i] {
            case .emitter:
                version ^= timeBits
                // Particles fly beyond the bounds: the whole frame is their reach.
                extent = .infinite
            case .replicator(let rep):
                // The copies are not nodes of their own: any change below redraws them all,
                // and delayed copies move with time alone.
                version ^= DamageTracker.subtreeVersion(f, slot, depth: depth)
                if rep.instanceDelay != 0 { version ^= timeBits }
            default:
                break
            }
            // A transition in progress changes the node's appearance with its progress.
            if let ts = f.transitions[slot] {
                for tr in ts { version = (version &* 31) ^ tr.progress.bitPattern }
            }
            current.set(slot, version, extent)
            let old = last[slot]
            let changed = ancestorChanged || old == nil || old!.version != version || old!.rect != extent
            if changed {
                damage = damage.union(extent)
                if let o = old { damage = damage.union(o.rect) }
            }
            if v.shadowOpacity[i] > 0 { shadows.append(extent) }
            if let b = v.style[i].backdrop {
                // What changes under a backdrop within its blur's reach changes all of it.
                let scale = abs(t.a * t.d - t.b * t.c).squareRoot()
                let k = 3 * b.blurRadius * scale + 3 * 16   // the blur and the sampling grid (at most 16 px)
                backdrops.append((extent, extent.insetBy(dx: -k, dy: -k)))
            }
            let m = f.tree.mask[i]
            if m >= 0 { walk(m, t, changed, depth + 1) }
            for sub in f.tree.children[i] where !v.flags[Int(sub)].contains(.hidden) {
                if !f.isTransformLayer(Int(sub)), let o = f.translationToSuperlayer(sub) {
                    // Most sublayers only move (the matrix's affine part, exactly).
                    walk(sub, CGAffineTransform(translationX: o.x, y: o.y).concatenating(t), changed, depth + 1)
                    continue
                }
                let h = Homography(f.transformToSuperlayer(sub))
                if let affine = h.affine, !f.isTransformLayer(Int(sub)) {
                    walk(sub, affine.concatenating(t), changed, depth + 1)
                } else {
                    // A projected or 3D subtree is one unit: any change in it redraws all of it.
                    let ext = Extents.extentInSuperlayer(f, sub, f.extents, depth: depth + 1).applying(t)
                    let version = DamageTracker.subtreeVersion(f, sub, depth: depth + 1)
                    let o = last[sub]
                    current.set(sub, version, ext)
                    if changed || o == nil || o!.version != version || o!.rect != ext {
                        damage = damage.union(ext)
                        if let o { damage = damage.union(o.rect) }
                    }
                }
            }
        }
        walk(f.root, toDevice, false, 0)
        for id in last.slots where current[id] == nil { if let old = last[id] { damage = damage.union(old.rect) } }
        // Damage touching a shadow takes in the whole shadowed node, so its blur sees all of it.
        var grown = true
        var rounds = 0
        while grown && !damage.isNull && rounds < 8 {
            grown = false
            rounds += 1
            for r in shadows + shadowed where r.intersects(damage) && !damage.contains(r) {
                damage = damage.union(r); grown = true
            }
            for b in backdrops + backdropped where b.reach.intersects(damage) && !damage.contains(b.rect) {
                damage = damage.union(b.rect); grown = true
            }
        }
        swap(&last, &current)
        shadowed = shadows
        backdropped = backdrops
        return firstFrame ? nil : damage
    }

    /// A version number that changes when anything in a subtree changes.
    static func subtreeVersion(_ f: Frame, _ slot: Int32, depth: Int) -> UInt64 {
        version(f, slot, depth: depth, timeless: false) ?? 0
    }

    /// ``subtreeVersion(_:_:depth:)`` for a subtree whose drawing is a function of its values
    /// alone; nil when something in it draws differently with time or with what lies behind it
    /// (see ``dependsOnTimeOrBackdrop(_:_:)``), or lies deeper than the tree's depth limit.
    static func timelessSubtreeVersion(_ f: Frame, _ slot: Int32, depth: Int) -> UInt64? {
        version(f, slot, depth: depth, timeless: true)
    }

    /// Whether node `slot` draws differently with time alone or with what lies behind it:
    /// particles, delayed replicator copies, a transition in progress, a backdrop.
    static func dependsOnTimeOrBackdrop(_ f: Frame, _ slot: Int32) -> Bool {
        let i = Int(slot)
        if f.transitions[slot] != nil || f.values.style[i].backdrop != nil { return true }
        switch f.values.content[i] {
        case .emitter: return true
        case .replicator(let r): return r.instanceDelay != 0
        default: return false
        }
    }

    private static func version(_ f: Frame, _ slot: Int32, depth: Int, timeless: Bool) -> UInt64? {
        guard depth < RenderTree.depthLimit else { return timeless ? nil : 0 }
        if timeless && dependsOnTimeOrBackdrop(f, slot) { return nil }
        let i = Int(slot)
        var v = f.values.renderVersion[i] &* 0x9E37_79B9_7F4A_7C15
        if let ts = f.transitions[slot] { for tr in ts { v = (v &* 31) ^ tr.progress.bitPattern } }
        let m = f.tree.mask[i]
        if m >= 0 {
            guard let mv = version(f, m, depth: depth + 1, timeless: timeless) else { return nil }
            v = v &+ mv &* 31
        }
        for sub in f.tree.children[i] {
            guard let sv = version(f, sub, depth: depth + 1, timeless: timeless) else { return nil }
            v = (v &* 1_000_003) &+ sv
        }
        return v
    }
}

/// Per-slot records of one frame: a version and a rectangle for the slots set since the last
/// ``reset(slots:)`` (a generation stamp tells them from older ones).
private struct NodeRecords {
    private var versions: [UInt64] = []
    private var rects: [CGRect] = []
    private var stamps: [UInt32] = []
    private var generation: UInt32 = 0
    /// The slots set, in order.
    private(set) var slots: [Int32] = []

    mutating func reset(slots count: Int) {
        generation &+= 1
        if generation == 0 {
            // Wrapped: no stamp may match the new generation.
            for k in stamps.indices { stamps[k] = 0 }
            generation = 1
        }
        slots.removeAll(keepingCapacity: true)
        if versions.count < count {
            versions += [UInt64](repeating: 0, count: count - versions.count)
            rects += [CGRect](repeating: .null, count: count - rects.count)
            stamps += [UInt32](repeating: 0, count: count - stamps.count)
        }
    }

    subscript(_ slot: Int32) -> (version: UInt64, rect: CGRect)? {
        let i = Int(slot)
        guard i >= 0, i < stamps.count, stamps[i] == generation else { return nil }
        return (versions[i], rects[i])
    }

    mutating func set(_ slot: Int32, _ version: UInt64, _ rect: CGRect) {
        let i = Int(slot)
        guard i >= 0, i < stamps.count else { return }
        if stamps[i] != generation { stamps[i] = generation; slots.append(slot) }
        versions[i] = version
        rects[i] = rect
    }
}
