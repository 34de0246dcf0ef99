import Foundation

/// Makes presentation copies (`presentation()`): each layer's committed properties with its
/// running animations applied at its local time, through the same evaluation the renderer
/// uses, with sublayers and mask copied the same way.
struct PresentationBuilder {
    /// The presentation of `layer` whose superlayer's local time is `parentTime`.
    func copy(_ layer: CALayer, parentTime: Double) -> CALayer {
        let s = TransactionState.current
        s.buildingPresentation += 1
        defer { s.buildingPresentation -= 1 }
        return build(layer, parentTime: parentTime, depth: TreeDepth.current)
    }

    /// A copy of `layer` alone (no sublayers or mask) with its animations applied at its local
    /// time, and whether a property that redraws it (`needsDisplay(forKey:)`) changed.
    func single(_ layer: CALayer, parentTime: Double) -> (copy: CALayer, needsDisplay: Bool) {
        let s = TransactionState.current
        s.buildingPresentation += 1
        defer { s.buildingPresentation -= 1 }
        let c = shallowCopy(layer)
        let t = layer.timingModel.layerTime(parentTime)
        var state = PresentationState()
        for a in layer.committedAnimations ?? layer.attachedAnimations { a.apply(to: c, model: layer, layerTime: t, state: &state) }
        return (c, state.needsDisplay)
    }

    /// A sublayer's or mask's presentation (its own children again copied on demand).
    func child(_ layer: CALayer, parentTime: Double, depth: Int) -> CALayer {
        build(layer, parentTime: parentTime, depth: depth)
    }

    private func shallowCopy(_ layer: CALayer) -> CALayer {
        let c = DynamicInit.presentationCopy(of: layer)
        c.flags.insert(.presentation)
        c.propertyStore = layer.committedStore ?? layer.propertyStore
        c.modelLayer = layer
        c.sublayersIsNil = layer.sublayersIsNil
        c.renderVersion = layer.renderVersion
        c.contentVersion = layer.contentVersion
        return c
    }

    /// The presentation of `layer` alone; its sublayers and mask are copied when first asked
    /// for (``CALayer/presentationChildrenReady()``), as Apple makes presentation layers on
    /// demand: `presentation()` of a layer with a large subtree copies one layer, and a sublayer
    /// whose class cannot be copied (no `init(layer:)`) is only a problem if it is reached.
    private func build(_ layer: CALayer, parentTime: Double, depth: Int) -> CALayer {
        guard TreeDepth.allows(depth, "presented") else { return layer }
        let t = layer.timingModel.layerTime(parentTime)
        let c = shallowCopy(layer)
        c.pendingPresentation = PendingPresentation(time: t, depth: depth)
        // The committed properties with the committed animations (see `committedAnimations`).
        let animations = layer.committedAnimations ?? layer.attachedAnimations
        if !animations.isEmpty {
            var state = PresentationState()
            for a in animations { a.apply(to: c, model: layer, layerTime: t, state: &state) }
            c.renderVersion = c.renderVersion &+ state.fingerprint
            c.contentVersion = c.contentVersion &+ state.contentFingerprint
            if state.needsDisplay {
                // A property that needsDisplay(forKey:) changed: redraw the copy with it.
                if c._superlayer == nil { c._superlayer = layer._superlayer }
                c.display()
            }
        }
        return c
    }
}

/// What a presentation copy still has to copy: its model's sublayers and mask, at the model's
/// local time when the copy was made.
struct PendingPresentation {
    let time: Double
    let depth: Int
}

extension CALayer {
    /// Copies a presentation copy's sublayers and mask if not done yet (a no-op on model layers).
    /// Every walk through a presentation tree's children calls it first.
    @inline(__always)
    func presentationChildrenReady() {
        if pendingPresentation != nil { copyPresentationChildren() }
    }

    private func copyPresentationChildren() {
        guard let p = pendingPresentation, let model = modelLayer else { return }
        pendingPresentation = nil
        let s = TransactionState.current
        s.buildingPresentation += 1
        defer { s.buildingPresentation -= 1 }
        let builder = PresentationBuilder()
        let subs = model.committedSublayers ?? model._sublayers
        var kids: [CALayer] = []
        kids.reserveCapacity(subs.count)
        for sub in subs { kids.append(builder.child(sub, parentTime: p.time, depth: p.depth + 1)) }
        _sublayers = kids
        for k in kids where k.flags.contains(.presentation) { k._superlayer = self }
        let mask: CALayer? = model.committedMask ?? model._mask
        if let m = mask.map({ builder.child($0, parentTime: p.time, depth: p.depth + 1) }) {
            _mask = m
            if m !== mask { m.isMaskLayer = true; m._superlayer = self }
        }
    }
}
