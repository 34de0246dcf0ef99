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
        for a in layer.attachedAnimations { a.apply(to: c, model: layer, layerTime: t, state: &state) }
        return (c, state.needsDisplay)
    }

    private func shallowCopy(_ layer: CALayer) -> CALayer {
        let c = type(of: layer).init(presentationCopyOf: layer)
        c.flags.insert(.presentation)
        c.propertyStore = layer.committedStore ?? layer.propertyStore
        c.modelLayer = layer
        c.sublayersIsNil = layer.sublayersIsNil
        c.renderVersion = layer.renderVersion
        c.contentVersion = layer.contentVersion
        return c
    }

    private func build(_ layer: CALayer, parentTime: Double, depth: Int) -> CALayer {
        guard TreeDepth.allows(depth, "presented") else { return layer }
        let t = layer.timingModel.layerTime(parentTime)
        let subs = layer.committedSublayers ?? layer._sublayers
        var kids: [CALayer] = []
        kids.reserveCapacity(subs.count)
        for sub in subs { kids.append(build(sub, parentTime: t, depth: depth + 1)) }
        let mask: CALayer? = layer.committedMask ?? layer._mask
        let maskCopy = mask.map { build($0, parentTime: t, depth: depth + 1) }
        let c = shallowCopy(layer)
        c._sublayers = kids
        for k in kids where k.flags.contains(.presentation) { k._superlayer = c }
        if let m = maskCopy {
            c._mask = m
            if m !== mask { m.isMaskLayer = true; m._superlayer = c }
        }
        if !layer.attachedAnimations.isEmpty {
            var state = PresentationState()
            for a in layer.attachedAnimations { a.apply(to: c, model: layer, layerTime: t, state: &state) }
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
