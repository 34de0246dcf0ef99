/// Finds what changed between two frames of a layer tree: each layer's render version and
/// device-space rectangle (its subtree's visible extent) are remembered, and the damage is the
/// union of the old and new rectangles of every layer that changed, appeared or disappeared.
struct DamageTracker {
    private var last: [ObjectIdentifier: (version: UInt64, rect: CGRect)] = [:]
    /// Shadowed layers' device rectangles, kept to widen damage that touches their shadows.
    private var shadowed: [CGRect] = []

    /// The damaged device rectangle for `root` drawn through `toDevice`, or nil when the whole
    /// frame must be drawn (first frame). Updates the remembered state.
    mutating func damage(root: CALayer, toDevice: CGAffineTransform, firstFrame: Bool, time: CFTimeInterval = 0) -> CGRect? {
        // Emitters change with time alone.
        let timeBits = time.bitPattern
        var current: [ObjectIdentifier: (version: UInt64, rect: CGRect)] = [:]
        var shadows: [CGRect] = []
        var damage = CGRect.null
        func walk(_ layer: CALayer, _ t: CGAffineTransform, _ ancestorChanged: Bool) {
            TreeDepth.descend("drawn", fallback: ()) { level(layer, t, ancestorChanged) }
        }
        func level(_ layer: CALayer, _ t: CGAffineTransform, _ ancestorChanged: Bool) {
            var extent = LayerRenderer.visibleExtent(of: layer, depth: TreeDepth.current).applying(t)
            var version = layer.renderVersion
            if layer is CAEmitterLayer {
                version ^= timeBits
                // Particles fly beyond the bounds: the whole frame is their reach.
                extent = .infinite
            }
            if let rep = layer as? CAReplicatorLayer {
                // The copies are not layers of their own: any change below redraws them all,
                // and delayed copies move with time alone.
                version ^= LayerRenderer.subtreeVersion(rep, depth: TreeDepth.current)
                if rep.instanceDelay != 0 { version ^= timeBits }
            }
            let id = ObjectIdentifier(layer.identityLayer)
            current[id] = (version, extent)
            let old = last[id]
            let changed = ancestorChanged || old == nil || old!.version != version || old!.rect != extent
            if changed {
                damage = damage.union(extent)
                if let o = old { damage = damage.union(o.rect) }
            }
            if layer.shadowOpacity > 0 { shadows.append(extent) }
            if let m = layer._mask { walk(m, t, changed) }
            for sub in layer._sublayers where !sub.isHidden {
                let h = Homography(sub.transformToSuperlayer)
                if let affine = h.affine, !sub.preservesSublayerDepth {
                    walk(sub, affine.concatenating(t), changed)
                } else {
                    // A projected or 3D subtree is one unit: any change in it redraws all of it.
                    let ext = LayerRenderer.extentInSuperlayer(of: sub, depth: TreeDepth.current).applying(t)
                    let version = LayerRenderer.subtreeVersion(sub, depth: TreeDepth.current)
                    let sid = ObjectIdentifier(sub.identityLayer)
                    current[sid] = (version, ext)
                    let o = last[sid]
                    if changed || o == nil || o!.version != version || o!.rect != ext {
                        damage = damage.union(ext)
                        if let o { damage = damage.union(o.rect) }
                    }
                }
            }
        }
        walk(root, toDevice, false)
        for (id, old) in last where current[id] == nil { damage = damage.union(old.rect) }
        // Damage touching a shadow takes in the whole shadowed layer, so its blur sees all of it.
        var grown = true
        var rounds = 0
        while grown && !damage.isNull && rounds < 8 {
            grown = false
            rounds += 1
            for r in shadows + shadowed where r.intersects(damage) && !damage.contains(r) {
                damage = damage.union(r); grown = true
            }
        }
        last = current
        shadowed = shadows
        return firstFrame ? nil : damage
    }
}

extension LayerRenderer {
    /// A version number that changes when anything in a subtree changes.
    static func subtreeVersion(_ layer: CALayer, depth: Int = 0) -> UInt64 {
        guard TreeDepth.allows(depth) else { return 0 }
        var v = layer.renderVersion &* 0x9E37_79B9_7F4A_7C15
        if let m = layer._mask { v = v &+ subtreeVersion(m, depth: depth + 1) &* 31 }
        for sub in layer._sublayers { v = (v &* 1_000_003) &+ subtreeVersion(sub, depth: depth + 1) }
        return v
    }
}
