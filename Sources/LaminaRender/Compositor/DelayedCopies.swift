import Foundation

/// What a replicator's delayed copies (`instanceDelay`) are drawn from in one frame: its
/// sublayers' subtrees as a compact tree of their own, with their animations, so that each
/// copy's frame (the subtrees evaluated `copy × instanceDelay` seconds earlier) costs as much
/// as the subtrees, never as much as every layer the process has committed.
///
/// When nothing under the replicator animates, every copy looks the same at any time, and the
/// copies are drawn from the frame itself.
package final class DelayedCopies: @unchecked Sendable {
    /// The replicator (slot 0, showing the frame's values for its geometry) and its sublayers'
    /// subtrees (not its mask), with their animations.
    let tree: RenderTree
    /// The slot each compact node copies in the frame's tree.
    let source: [Int32]
    /// The slot each compact node's own content is cached under (see ``Frame/cacheSlot(_:)``).
    let cacheSlots: [Int32]
    /// The replicator's sublayers, in the frame's drawing order, as compact slots.
    let sublayers: [Int32]
    /// The replicator's local time at the frame's time.
    let replicatorTime: Double
    /// Whether anything under the replicator animates (else no copy needs a frame of its own).
    let animated: Bool

    /// The largest number of compact nodes a frame keeps for one replicator's copies; beyond it
    /// (many copies of a large animated subtree) each copy's frame is made where it is drawn
    /// and dropped after, so memory stays bounded and the picture is the same.
    static let maximumKeptNodes = 1 << 20

    init(_ f: Frame, _ slot: Int32) {
        let i = Int(slot)
        var copy = f.tree.compactCopy(of: slot, animations: true, rootMask: false)
        // The replicator itself shows this frame's values.
        copy.tree.columns.bounds[0] = f.values.bounds[i]
        copy.tree.columns.anchorPoint[0] = f.values.anchorPoint[i]
        copy.tree.columns.anchorPointZ[0] = f.values.anchorPointZ[i]
        copy.tree.columns.sublayerTransform[0] = f.values.sublayerTransform[i]
        tree = copy.tree
        source = copy.source
        cacheSlots = copy.source.map { f.cacheSlot($0) }
        var compact: [Int32: Int32] = [:]
        for c in tree.children[0] { compact[source[Int(c)]] = c }
        sublayers = f.sublayersInDrawingOrder(i).compactMap { compact[$0] }
        replicatorTime = f.tree.columns.timing[i].layerTime(f.parentTime(of: slot))
        animated = tree.animatedCount > 0
    }

    /// Copy `k`'s frame: the sublayers as they were `k × delay` seconds earlier.
    func frame(_ f: Frame, copy k: Int, delay: Double) -> Frame {
        var values = tree.columns
        var transitions: [Int32: [FrameTransition]] = [:]
        for sub in tree.children[0] {
            FrameEvaluator.evaluate(tree, root: sub, parentTime: replicatorTime - Double(k) * delay, into: &values,
                                    transitions: &transitions)
        }
        return Frame(tree: tree, values: values, transitions: transitions, time: f.time, root: 0, sublayersOnly: true,
                     sourceSlots: cacheSlots, rootLocalTime: replicatorTime - Double(k) * delay)
    }
}
