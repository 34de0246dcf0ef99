import Foundation

/// An animation as the render tree holds it: its compiled body and its timing, with the begin
/// time the commit gave it.
package struct RenderAnimation: @unchecked Sendable {
    /// Unique for each animation added to a layer (a transition's captured "before" is kept
    /// under it).
    package let id: UInt64
    package let timing: TimingModel
    package let body: AnimationBody
    package let timingFunction: TimingCurve?
    package let removedOnCompletion: Bool

    package init(id: UInt64, timing: TimingModel, body: AnimationBody, timingFunction: TimingCurve?, removedOnCompletion: Bool) {
        self.id = id; self.timing = timing; self.body = body
        self.timingFunction = timingFunction; self.removedOnCompletion = removedOnCompletion
    }

    /// The animation's local time for its layer's local time, or nil when it has no effect then.
    @inline(__always)
    package func local(atLayerTime t: Double) -> TimingModel.Local? {
        guard let l = timing.local(t) else { return nil }
        if l.phase == .after && removedOnCompletion { return nil }
        return l
    }

    package var isTransition: Bool { if case .transition = body { return true }; return false }
}

/// A layer tree as the renderer owns it: value types in flat arrays indexed by node slot, no
/// references back into the model. Commits write it (``apply(_:)``); frames read copies of it
/// (a copy is a handful of reference-counted arrays; a column is duplicated only when a later
/// commit writes it while a frame still reads it).
package struct RenderTree: @unchecked Sendable {
    package var columns = NodeColumns()
    /// Each node's superlayer (or the layer it masks), −1 for none.
    package var parent: [Int32] = []
    /// Each node's sublayers, back to front.
    package var children: [[Int32]] = []
    /// Each node's mask layer, −1 for none.
    package var mask: [Int32] = []
    /// Each node's animations, in the order they apply.
    package var animations: [[RenderAnimation]] = []
    /// Whether a slot holds a live node.
    package var alive: [Bool] = []
    /// The nodes with animations (evaluation visits them only through the tree walk; this
    /// counts them for statistics and tests).
    package private(set) var animatedCount = 0
    /// For each transition committed: the layer's subtree as it was just before, by the
    /// animation's id.
    package var transitionBefore: [UInt64: RenderSnapshot] = [:]

    package init() {}

    /// The number of slots (live or free).
    package var slotCount: Int { alive.count }

    /// Whether `i` names a live node.
    @inline(__always)
    package func isLive(_ i: Int32) -> Bool { i >= 0 && Int(i) < alive.count && alive[Int(i)] }

    /// Makes slots up to `slot` exist (new ones empty and not live).
    package mutating func ensureSlot(_ slot: Int32) {
        while alive.count <= Int(slot) {
            columns.append(NodeState())
            parent.append(-1); children.append([]); mask.append(-1); animations.append([]); alive.append(false)
        }
    }

    /// Applies a commit: transitions added in it first capture the subtree they start from (as
    /// the tree shows it before this commit), then every node's new state, structure and
    /// animations are written, then released slots are cleared.
    package mutating func apply(_ update: RenderUpdate) {
        for n in update.nodes {
            for a in n.animations where a.isTransition && transitionBefore[a.id] == nil {
                let existed = isLive(n.slot) && animations[Int(n.slot)].contains { $0.id == a.id }
                if !existed, isLive(n.slot) { transitionBefore[a.id] = snapshot(of: n.slot) }
            }
        }
        for n in update.nodes {
            ensureSlot(n.slot)
            let i = Int(n.slot)
            columns.set(i, n.state)
            if parent[i] != n.parent { parent[i] = n.parent }
            if children[i] != n.children { children[i] = n.children }
            if mask[i] != n.mask { mask[i] = n.mask }
            let had = !animations[i].isEmpty
            // Transitions that left the layer drop their captured "before".
            for a in animations[i] where a.isTransition && !n.animations.contains(where: { $0.id == a.id }) {
                transitionBefore[a.id] = nil
            }
            if had || !n.animations.isEmpty { animations[i] = n.animations }
            animatedCount += (n.animations.isEmpty ? 0 : 1) - (had ? 1 : 0)
            if !alive[i] { alive[i] = true }
        }
        for slot in update.released where isLive(slot) { clear(slot) }
    }

    /// Empties a slot (its layer is gone).
    private mutating func clear(_ slot: Int32) {
        let i = Int(slot)
        for a in animations[i] where a.isTransition { transitionBefore[a.id] = nil }
        if !animations[i].isEmpty { animatedCount -= 1 }
        columns.set(i, NodeState())
        parent[i] = -1; children[i] = []; mask[i] = -1; animations[i] = []; alive[i] = false
    }

    /// A frozen copy of the subtree under `root` (its committed values, without animations).
    package func snapshot(of root: Int32) -> RenderSnapshot {
        var tree = RenderTree()
        var depth = 0
        @discardableResult
        func copy(_ i: Int32) -> Int32 {
            let slot = Int32(tree.slotCount)
            tree.ensureSlot(slot)
            tree.columns.set(Int(slot), columns.state(Int(i)))
            tree.alive[Int(slot)] = true
            guard depth < RenderTree.depthLimit else { return slot }
            depth += 1
            defer { depth -= 1 }
            if isLive(mask[Int(i)]) {
                let m = copy(mask[Int(i)])
                tree.mask[Int(slot)] = m
                tree.parent[Int(m)] = slot
            }
            var kids: [Int32] = []
            for c in children[Int(i)] where isLive(c) {
                let k = copy(c)
                tree.parent[Int(k)] = slot
                kids.append(k)
            }
            tree.children[Int(slot)] = kids
            return slot
        }
        let r = copy(root)
        return RenderSnapshot(tree: tree, root: r)
    }

    /// How deep trees are followed (as the model's walks: ``TreeDepth``).
    package static let depthLimit = 512

    /// The local time of `slot`'s superlayer at absolute media time `time` (through every
    /// ancestor's timing).
    package func parentTime(of slot: Int32, atAbsolute time: Double) -> Double {
        var chain: [Int32] = []
        var p = isLive(slot) ? parent[Int(slot)] : -1
        while p >= 0, chain.count < RenderTree.depthLimit { chain.append(p); p = parent[Int(p)] }
        var t = time
        for a in chain.reversed() { t = columns.timing[Int(a)].layerTime(t) }
        return t
    }
}

/// A subtree frozen at one moment (a transition's "before"): a small render tree of its own.
package struct RenderSnapshot: @unchecked Sendable {
    package let tree: RenderTree
    package let root: Int32
}

/// What one commit hands the renderer: the complete state of every layer that changed (its
/// properties as values, its place in the tree, its animations), and the layers that are gone.
/// Its size is proportional to the change, not to the tree.
package struct RenderUpdate: Sendable {
    package struct Node: Sendable {
        package var slot: Int32
        package var state: NodeState
        package var parent: Int32
        package var children: [Int32]
        package var mask: Int32
        package var animations: [RenderAnimation]
        package init(slot: Int32, state: NodeState, parent: Int32, children: [Int32], mask: Int32, animations: [RenderAnimation]) {
            self.slot = slot; self.state = state; self.parent = parent; self.children = children; self.mask = mask
            self.animations = animations
        }
    }
    package var nodes: [Node] = []
    /// Slots whose layers were freed.
    package var released: [Int32] = []
    package init() {}
    package var isEmpty: Bool { nodes.isEmpty && released.isEmpty }
}
