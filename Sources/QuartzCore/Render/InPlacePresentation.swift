import Foundation

/// The model's own state of a layer presenting animated values in place.
struct RenderSavedState {
    var store: PropertyStore
    var sublayers: [CALayer]?
    var mask: CALayer??
    var renderVersion: UInt64
    var contentVersion: UInt64
}

/// A frame's presentation made in place: each animated layer (or one with uncommitted changes)
/// shows its committed properties with its animations applied at the frame's time, through its
/// own property store, and gets its own state back when the frame is done. Nothing is copied
/// except the stores' value arrays (copy on write), so a frame of thousands of animated layers
/// costs only the animations themselves.
///
/// Rendering code reads the presented values through the ordinary properties. Changing a layer
/// while it presents is not allowed (as changing a tree while it renders never is).
final class InPlacePresentation {
    private var presenting: [CALayer] = []

    /// Presents the tree under `root`, whose superlayer's local time is `parentTime`.
    init(root: CALayer, parentTime: Double) {
        let s = TransactionState.current
        s.buildingPresentation += 1
        defer { s.buildingPresentation -= 1 }
        present(root, parentTime, depth: TreeDepth.current)
    }

    private func present(_ layer: CALayer, _ parentTime: Double, depth: Int) {
        guard TreeDepth.allows(depth, "presented") else { return }
        let t = layer.timingModel.layerTime(parentTime)
        let animated = !layer.attachedAnimations.isEmpty
        if animated || layer.committedStore != nil || layer.committedSublayers != nil || layer.committedMask != nil {
            begin(layer, time: t, animated: animated)
        }
        if let m = layer._mask { present(m, t, depth: depth + 1) }
        for sub in layer._sublayers { present(sub, t, depth: depth + 1) }
    }

    private func begin(_ layer: CALayer, time t: Double, animated: Bool) {
        guard layer.renderSaved == nil else { return }
        let saved = RenderSavedState(store: layer.propertyStore,
                                     sublayers: layer.committedSublayers.map { _ in layer._sublayers },
                                     mask: layer.committedMask.map { _ in layer._mask },
                                     renderVersion: layer.renderVersion, contentVersion: layer.contentVersion)
        layer.renderSaved = saved
        presenting.append(layer)
        if let c = layer.committedStore { layer.propertyStore = c }
        if let c = layer.committedSublayers { layer._sublayers = c }
        if let c = layer.committedMask { layer._mask = c }
        guard animated else { return }
        var state = PresentationState()
        for a in layer.attachedAnimations { a.apply(to: layer, model: layer, layerTime: t, state: &state) }
        layer.renderVersion = saved.renderVersion &+ state.fingerprint
        layer.contentVersion = saved.contentVersion &+ state.contentFingerprint
        layer.activeTransitions = state.transitions
        if state.needsDisplay {
            // A property that needsDisplay(forKey:) changed: draw a copy showing the animated
            // values and present its contents.
            let copy = type(of: layer).init(layer: layer)
            copy.flags.insert(.presentation)
            copy.propertyStore = layer.propertyStore
            copy._superlayer = layer._superlayer
            copy.display()
            if let d = layer.propertyClassInfo.descriptor(forKey: "contents") {
                layer.propertyStore.set(d.makeBox(copy.contents as Any), at: d.slot)
            }
        }
    }

    /// Gives every presenting layer its own state back.
    func restore() {
        for layer in presenting {
            guard let saved = layer.renderSaved else { continue }
            layer.propertyStore = saved.store
            if let s = saved.sublayers { layer._sublayers = s }
            if let m = saved.mask { layer._mask = m }
            layer.renderVersion = saved.renderVersion
            layer.contentVersion = saved.contentVersion
            layer.activeTransitions = []
            layer.renderSaved = nil
        }
        presenting = []
    }

    deinit { restore() }
}
