extension CALayer {
    func defaultSetNeedsLayout() {
        markNeedsLayout()
        if let lm = layoutManager { lm.invalidateLayout(of: self) }
    }

    /// The automatic `setNeedsLayout()` of property changes; skipped while the layer is inside
    /// its own `layoutSublayers()` (spec §4).
    func setNeedsLayoutImplicitly() {
        if flags.contains(.inLayoutSublayers) { return }
        setNeedsLayout()
    }

    private func markNeedsLayout() {
        flags.insert(.needsLayout)
        var l = _superlayer
        while let p = l, !p.flags.contains(.descendantNeedsLayout) {
            p.flags.insert(.descendantNeedsLayout)
            l = p._superlayer
        }
    }

    func defaultLayoutIfNeeded() {
        var top = self
        while let s = top._superlayer, s.needsLayout() { top = s }
        top.layoutSubtreeIfNeeded()
    }

    /// Lays out every layer of this subtree that needs it, parents first. The commit's layout
    /// phase runs this on the root.
    public func layoutSubtreeIfNeeded() {
        if flags.contains(.needsLayout) {
            flags.remove(.needsLayout)
            flags.insert(.inLayoutSublayers)
            layoutSublayers()
            flags.remove(.inLayoutSublayers)
            lastLayoutSize = bounds.size
        }
        guard flags.contains(.descendantNeedsLayout) || _sublayers.contains(where: { $0.flags.contains(.needsLayout) })
                || _mask?.flags.contains(.needsLayout) == true
        else { return }
        flags.remove(.descendantNeedsLayout)
        TreeDepth.descend("laid out", fallback: ()) {
            for sub in _sublayers { sub.layoutSubtreeIfNeeded() }
            // A mask and its sublayers are laid out with the layer they mask, as on Apple's.
            _mask?.layoutSubtreeIfNeeded()
        }
    }

    func defaultLayoutSublayers() {
        defer {
            // Sublayers constrained through anchors are placed whoever else lays out.
            if !(layoutManager is CAConstraintLayoutManager), ConstraintLayout.hasAnchorConstraints(self) {
                ConstraintLayout.layOut(self, anchorsOnly: true)
            }
        }
        if let d = _delegate, callImplemented({ d.layoutSublayers(of: self) }) { return }
        if let lm = layoutManager {
            _ = callImplemented { lm.layoutSublayers(of: self) }
            return
        }
        if let old = lastLayoutSize, old != bounds.size { resizeSublayers(withOldSize: old) }
    }

    func defaultPreferredFrameSize() -> CGSize {
        if let lm = layoutManager {
            var size = CGSize.zero
            if callImplemented({ size = lm.preferredSize(of: self) }) { return size }
        }
        return frame.size
    }

    func defaultResizeSublayers(withOldSize size: CGSize) {
        for sub in _sublayers { sub.resize(withOldSuperlayerSize: size) }
    }

    func defaultResize(withOldSuperlayerSize size: CGSize) {
        guard let s = _superlayer else { return }
        let mask = autoresizingMask
        guard !mask.isEmpty else { return }
        let newSize = s.bounds.size
        var f = frame
        func distribute(_ delta: CGFloat, _ lo: CGFloat, _ len: CGFloat, _ hi: CGFloat,
                        _ loFlex: Bool, _ lenFlex: Bool, _ hiFlex: Bool) -> (CGFloat, CGFloat) {
            let parts = [(loFlex, lo), (lenFlex, len), (hiFlex, hi)].filter { $0.0 }
            guard !parts.isEmpty, delta != 0 else { return (lo, len) }
            let total = parts.reduce(0) { $0 + max(0, $1.1) }
            func share(_ flex: Bool, _ v: CGFloat) -> CGFloat {
                guard flex else { return 0 }
                return total > 0 ? delta * max(0, v) / total : delta / CGFloat(parts.count)
            }
            return (lo + share(loFlex, lo), len + share(lenFlex, len))
        }
        let x = distribute(newSize.width - size.width, f.minX, f.width, size.width - f.maxX,
                           mask.contains(.layerMinXMargin), mask.contains(.layerWidthSizable), mask.contains(.layerMaxXMargin))
        let y = distribute(newSize.height - size.height, f.minY, f.height, size.height - f.maxY,
                           mask.contains(.layerMinYMargin), mask.contains(.layerHeightSizable), mask.contains(.layerMaxYMargin))
        f = CGRect(x: x.0, y: y.0, width: max(0, x.1), height: max(0, y.1))
        frame = f
    }
}
