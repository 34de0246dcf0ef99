import Foundation
import LaminaRender

/// Layers whose drawing animates: a property that `needsDisplay(forKey:)` names is animating, so
/// the layer's content must be redrawn for every frame with the animated value. The renderer
/// cannot call `draw(in:)` (it never touches layers), so the thread that owns the layers does,
/// on a presentation copy, before the frame is evaluated, and hands the frame the pictures
/// (Core Animation likewise redraws such layers in the application, not in its render server).
enum AnimatedDisplay {
    /// The contents to show at absolute media time `time`, by node slot, for the layers under
    /// `root` that have such animations running then.
    static func redraw(under root: CALayer, at time: CFTimeInterval) -> [Int32: CGImage] {
        var out: [Int32: CGImage] = [:]
        // No layer has ever had such an animation: nothing to look for.
        guard CALayer.redrawingAnimationsAdded.load(ordering: .relaxed) else { return out }
        func walk(_ layer: CALayer, _ parentTime: Double, _ depth: Int) {
            guard TreeDepth.allows(depth, "redrawn") else { return }
            let t = layer.timingModel.layerTime(parentTime)
            if layer.renderSlot >= 0, layer.attachedAnimations.contains(where: { $0.body.redraws }) {
                let (copy, needsDisplay) = PresentationBuilder().single(layer, parentTime: parentTime)
                if needsDisplay {
                    copy._superlayer = layer._superlayer
                    copy.display()
                    if let image = contentsImage(kvcFlatten(copy.contents)) { out[layer.renderSlot] = image }
                }
            }
            if let m = layer._mask { walk(m, t, depth + 1) }
            for s in layer._sublayers { walk(s, t, depth + 1) }
        }
        let parentTime = root._superlayer.map { $0.convertTime(time, from: nil) } ?? time
        walk(root, parentTime, TreeDepth.current)
        return out
    }
}
