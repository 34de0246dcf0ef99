import Foundation

/// Questions about a committed tree that need no frame.
package enum RenderTreeQueries {
    /// When the subtree under `root` next changes by itself after absolute media time `t`: `t`
    /// while an animation runs or waits to begin, or an emitter emits; infinity otherwise.
    package static func nextChange(_ tree: RenderTree, root: Int32, after t: Double) -> Double {
        guard tree.isLive(root) else { return .infinity }
        var changes = false
        func walk(_ slot: Int32, _ parentTime: Double, _ depth: Int) {
            guard !changes, depth < RenderTree.depthLimit else { return }
            let i = Int(slot)
            let local = tree.columns.timing[i].layerTime(parentTime)
            if case .emitter = tree.columns.content[i] { changes = true; return }
            for a in tree.animations[i] {
                let a0 = (local - a.timing.beginTime) * abs(a.timing.speed)
                // Waiting to begin, or within its active time: the frame changes.
                if a0 < a.timing.activeDuration { changes = true; return }
            }
            let m = tree.mask[i]
            if m >= 0 { walk(m, local, depth + 1) }
            for c in tree.children[i] { walk(c, local, depth + 1) }
        }
        walk(root, tree.parentTime(of: root, atAbsolute: t), 0)
        return changes ? t : .infinity
    }
}
