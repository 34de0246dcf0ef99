import Foundation

/// Makes presentation copies: each layer's committed properties with its running animations
/// applied at its local time, with sublayers and mask copied the same way.
///
/// For rendering, subtrees with no animations and no uncommitted changes are not copied: the
/// model layers themselves are drawn (they show the same thing), which keeps a mostly static
/// tree cheap to present.
struct PresentationBuilder {
    /// Whether unanimated, committed subtrees may be shared with the model.
    let forRendering: Bool
    var appliesAnimations = true

    init(forRendering: Bool) { self.forRendering = forRendering }

    /// The presentation of `layer` whose superlayer's local time is `parentTime`.
    func copy(_ layer: CALayer, parentTime: Double) -> CALayer {
        let s = TransactionState.current
        s.buildingPresentation += 1
        defer { s.buildingPresentation -= 1 }
        return build(layer, parentTime: parentTime, depth: TreeDepth.current)
    }

    /// A copy of `layer`'s subtree as last committed, without animations (a transition's
    /// "before").
    func committedCopy(of layer: CALayer) -> CALayer {
        var b = PresentationBuilder(forRendering: false)
        b.appliesAnimations = false
        return b.copy(layer, parentTime: 0)
    }

    private func build(_ layer: CALayer, parentTime: Double, depth: Int) -> CALayer {
        guard TreeDepth.allows(depth, "presented") else { return layer }
        let t = layer.timingModel.layerTime(parentTime)
        let subs = layer.committedSublayers ?? layer._sublayers
        var kids: [CALayer] = []
        kids.reserveCapacity(subs.count)
        var copiedKid = false
        for sub in subs {
            let k = build(sub, parentTime: t, depth: depth + 1)
            copiedKid = copiedKid || k !== sub
            kids.append(k)
        }
        let mask: CALayer? = layer.committedMask ?? layer._mask
        let maskCopy = mask.map { build($0, parentTime: t, depth: depth + 1) }
        if forRendering && !copiedKid && maskCopy === mask && layer.attachedAnimations.isEmpty && layer.committedStore == nil
            && layer.committedSublayers == nil && layer.committedMask == nil {
            return layer
        }
        let c = type(of: layer).init(layer: layer)
        c.flags.insert(.presentation)
        c.propertyStore = layer.renderSaved?.store ?? layer.committedStore ?? layer.propertyStore
        c.modelLayer = layer
        c.sublayersIsNil = layer.sublayersIsNil
        c._sublayers = kids
        // Copies for rendering skip superlayer links (weak references cost; nothing walks up a
        // render tree except a redraw, which links to the model's superlayer below).
        if !forRendering {
            for k in kids where k.flags.contains(.presentation) { k._superlayer = c }
        }
        if let m = maskCopy {
            c._mask = m
            if m !== mask { m.isMaskLayer = true; if !forRendering { m._superlayer = c } }
        }
        c.renderVersion = layer.renderSaved?.renderVersion ?? layer.renderVersion
        c.contentVersion = layer.renderSaved?.contentVersion ?? layer.contentVersion
        if appliesAnimations && !layer.attachedAnimations.isEmpty {
            var state = PresentationState()
            for a in layer.attachedAnimations { a.apply(to: c, model: layer, layerTime: t, state: &state) }
            c.renderVersion = c.renderVersion &+ state.fingerprint
            c.contentVersion = c.contentVersion &+ state.contentFingerprint
            c.activeTransitions = state.transitions
            if state.needsDisplay {
                // A property that needsDisplay(forKey:) changed: redraw the copy with it.
                if c._superlayer == nil { c._superlayer = layer._superlayer }
                c.display()
            }
        }
        return c
    }
}
