extension CALayer {
    /// The sublayers, back to front; nil when there are none and none were set.
    ///
    /// Setting it removes the old sublayers, moves each new one out of its previous superlayer,
    /// and marks the layer as needing layout.
    var baseSublayers: [CALayer]? {
        get {
            presentationChildrenReady()
            return sublayersIsNil && _sublayers.isEmpty ? nil : _sublayers
        }
        set {
            let incoming = newValue ?? []
            var seen = Set<ObjectIdentifier>()
            for layer in incoming {
                guard seen.insert(ObjectIdentifier(layer)).inserted else {
                    LaminaDiagnostics.report("CALayer.sublayers: \(layer) appears twice; the later entry is ignored")
                    continue
                }
                checkNoCycle(adding: layer, operation: "sublayers")
            }
            touch()
            let removed = _sublayers.filter { !seen.contains(ObjectIdentifier($0)) }
            for old in removed { old.touch(); old._superlayer = nil }
            var result: [CALayer] = []
            var added = Set<ObjectIdentifier>()
            for layer in incoming where added.insert(ObjectIdentifier(layer)).inserted {
                layer.touch()
                if layer._superlayer !== self || layer.isMaskLayer { layer.detachFromParent() }
                layer._superlayer = self
                result.append(layer)
            }
            _sublayers = result
            sublayersIsNil = newValue == nil
            sublayersDidChange()
            for layer in result { layer.propagateDirtyFlags() }
            for old in removed { old.orderedOut(from: self) }
            for layer in result { layer.orderedIn() }
        }
    }

    /// Appends `layer` to the sublayers (moving it from any previous superlayer).
    func baseAddSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: .max)
    }

    /// Inserts `layer` at `idx` in the sublayers (clamped to the end).
    func baseInsertSublayer(_ layer: CALayer, at idx: UInt32) {
        checkNoCycle(adding: layer, operation: "insertSublayer")
        touch()
        layer.touch()
        layer.detachFromParent()
        let i = min(Int(idx), _sublayers.count)
        _sublayers.insert(layer, at: i)
        sublayersIsNil = false
        layer._superlayer = self
        sublayersDidChange()
        layer.propagateDirtyFlags()
        layer.orderedIn()
    }

    /// Inserts `layer` just below `sibling` (at the start when `sibling` is not a sublayer).
    func baseInsertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        guard layer !== sibling else { return }
        layer.detachFromParentIfChild(of: self)
        let i = sibling.flatMap { s in _sublayers.firstIndex { $0 === s } } ?? 0
        insertSublayer(layer, at: UInt32(i))
    }

    /// Inserts `layer` just above `sibling` (at the end when `sibling` is not a sublayer).
    func baseInsertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        guard layer !== sibling else { return }
        layer.detachFromParentIfChild(of: self)
        let i = sibling.flatMap { s in _sublayers.firstIndex { $0 === s }.map { $0 + 1 } } ?? _sublayers.count
        insertSublayer(layer, at: UInt32(i))
    }

    /// Replaces the sublayer `oldLayer` with `newLayer`; does nothing (with a diagnostic) when
    /// `oldLayer` is not a sublayer of this layer.
    func baseReplaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard oldLayer !== newLayer else { return }
        guard let i = _sublayers.firstIndex(where: { $0 === oldLayer }) else {
            LaminaDiagnostics.report("CALayer.replaceSublayer(_:with:): \(oldLayer) is not a sublayer of \(self)")
            return
        }
        checkNoCycle(adding: newLayer, operation: "replaceSublayer")
        touch(); oldLayer.touch(); newLayer.touch()
        newLayer.detachFromParent()
        let index = _sublayers.firstIndex { $0 === oldLayer } ?? i
        oldLayer._superlayer = nil
        _sublayers[index] = newLayer
        newLayer._superlayer = self
        sublayersDidChange()
        newLayer.propagateDirtyFlags()
        if flags.contains(.committed) { newLayer.runEvent(kCATransition, inCommittedTree: true) }
        oldLayer.orderedOut(from: self)
        newLayer.orderedIn()
    }

    /// Removes the layer from its superlayer's sublayers, or from the layer it masks.
    func baseRemoveFromSuperlayer() {
        guard let parent = _superlayer else { return }
        parent.touch()
        touch()
        if isMaskLayer {
            parent._mask = nil
            isMaskLayer = false
            _superlayer = nil
            parent.contentVersion &+= 1
            parent.renderVersion &+= 1
            return
        }
        parent._sublayers.removeAll { $0 === self }
        _superlayer = nil
        parent.sublayersDidChange()
        orderedOut(from: parent)
    }

    /// A layer whose alpha masks this layer's content; it is detached from any previous parent.
    /// Its `superlayer` is the masked layer, but it is not one of its sublayers.
    var baseMask: CALayer? {
        get {
            presentationChildrenReady()
            return _mask
        }
        set {
            if newValue === _mask { return }
            touch()
            if let m = newValue {
                checkNoCycle(adding: m, operation: "mask")
                m.detachFromParent()
            }
            if let old = _mask { old._superlayer = nil; old.isMaskLayer = false }
            _mask = newValue
            if let m = newValue {
                m._superlayer = self
                m.isMaskLayer = true
                m.propagateDirtyFlags()     // a mask that needs display is displayed with its layer
                m.setNeedsLayout()          // and is laid out with it
            }
            contentVersion &+= 1
            renderVersion &+= 1
        }
    }

    /// The sublayers in drawing order: sorted by `zPosition` (higher in front), ties kept in
    /// array order. This is how a flattening layer orders its sublayers (spec §8).
    public var sublayersInDrawingOrder: [CALayer] {
        presentationChildrenReady()
        let subs = _sublayers
        guard subs.count > 1, subs.contains(where: { $0.zPosition != subs[0].zPosition }) else { return subs }
        return subs.enumerated().sorted {
            let za = $0.element.zPosition, zb = $1.element.zPosition
            return za != zb ? za < zb : $0.offset < $1.offset
        }.map(\.element)
    }

    /// Whether this layer is `layer` or one of its ancestors (through sublayer and mask links).
    public func isAncestor(of layer: CALayer) -> Bool {
        var l: CALayer? = layer
        while let current = l {
            if current === self { return true }
            l = current._superlayer
        }
        return false
    }

    // MARK: Internals

    func checkNoCycle(adding layer: CALayer, operation: String) {
        if layer.isAncestor(of: self) {
            fatalError("CALayer.\(operation): adding \(layer) under \(self) would make the layer its own ancestor (a layer cycle)")
        }
    }

    func detachFromParent() {
        if _superlayer != nil { removeFromSuperlayer() }
    }

    private func detachFromParentIfChild(of parent: CALayer) {
        if _superlayer === parent && !isMaskLayer {
            parent.touch()
            touch()
            parent._sublayers.removeAll { $0 === self }
            _superlayer = nil
        }
    }

    /// After this layer joins a tree, tells its new ancestors about pending layout and display
    /// in its subtree so the commit's passes reach it.
    func propagateDirtyFlags() {
        let layout = flags.contains(.needsLayout) || flags.contains(.descendantNeedsLayout)
        let display = flags.contains(.needsDisplay) || flags.contains(.descendantNeedsDisplay)
        var l = _superlayer
        while let p = l, layout || display {
            if layout { p.flags.insert(.descendantNeedsLayout) }
            if display { p.flags.insert(.descendantNeedsDisplay) }
            l = p._superlayer
        }
    }

    /// Sends `onOrderIn` when the layer joined a committed, visible tree.
    func orderedIn() {
        guard let p = _superlayer, p.flags.contains(.committed), !isHidden else { return }
        runEvent(kCAOnOrderIn, inCommittedTree: true)
    }

    /// Sends `onOrderOut` when the layer left a committed tree.
    func orderedOut(from parent: CALayer) {
        guard parent.flags.contains(.committed), flags.contains(.committed) else { return }
        runEvent(kCAOnOrderOut)
    }

    func sublayersDidChange() {
        setNeedsLayoutImplicitly()
        contentVersion &+= 1
        renderVersion &+= 1
    }
}
