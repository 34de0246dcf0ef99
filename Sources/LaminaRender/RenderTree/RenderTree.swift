import Foundation

/// An animation as the render tree holds it: its compiled body and its timing, with the begin
/// time the commit gave it. Immutable.
package final class RenderAnimation: @unchecked Sendable {
    /// Unique for each animation added to a layer (a transition's captured "before" is kept
    /// under it).
    package let id: UInt64
    package let timing: TimingModel
    package let body: AnimationBody
    package let timingFunction: TimingCurve?
    package let removedOnCompletion: Bool
    /// The direct route when the animation is a property animation that takes it.
    package let plan: VectorPlan?

    package init(id: UInt64, timing: TimingModel, body: AnimationBody, timingFunction: TimingCurve?, removedOnCompletion: Bool) {
        self.id = id; self.timing = timing; self.body = body
        self.timingFunction = timingFunction; self.removedOnCompletion = removedOnCompletion
        if case .property(let p) = body { plan = p.plan } else { plan = nil }
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

/// One of a node's animations in the form frames evaluate: timing, curve and (for the common
/// numeric animations) its direct plan inline, so evaluating it touches no reference counts.
/// Animations without a plan are found by index among the node's ``RenderAnimation``s.
package struct AnimationStep: @unchecked Sendable {
    package let timing: TimingModel
    package let timingFunction: TimingCurve?
    package let removedOnCompletion: Bool
    /// Whether the animation takes the direct route (``plan``).
    package let hasPlan: Bool
    /// The direct route (a placeholder when ``hasPlan`` is false); stored inline, so calling it
    /// borrows it rather than copying it.
    package let plan: VectorPlan
    /// The animation's index in the node's list.
    package let index: Int32
    /// Where the plan's keyframes are in the tree's keyframe pools (when ``hasTable``).
    package var hasTable = false
    package var tableDiscrete = false
    package var tableTimes: Int32 = 0, tableVectors: Int32 = 0, tableCount: Int32 = 0

    init(_ a: RenderAnimation, index: Int) {
        timing = a.timing
        timingFunction = a.timingFunction
        removedOnCompletion = a.removedOnCompletion
        hasPlan = a.plan != nil
        plan = a.plan ?? .placeholder
        self.index = Int32(index)
    }

    /// The animation's local time for its layer's local time, or nil when it has no effect then.
    @inline(__always)
    package func local(atLayerTime t: Double) -> TimingModel.Local? {
        guard let l = timing.local(t) else { return nil }
        if l.phase == .after && removedOnCompletion { return nil }
        return l
    }
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
    /// The same animations in evaluation form (see ``AnimationStep``), in one contiguous pool:
    /// node `i`'s are `stepPool[stepStart[i] ..< stepStart[i] + stepCount[i]]`. A frame walks
    /// them in order without chasing a pointer per node. Changed nodes' steps are appended;
    /// the pool is compacted when most of it is stale.
    package private(set) var stepPool: [AnimationStep] = []
    package private(set) var stepStart: [Int32] = []
    package private(set) var stepCount: [Int32] = []
    private var staleSteps = 0
    /// The steps' keyframe tables (``KeyframeTable``): key times, and keyframes as vectors.
    package private(set) var keyframeTimes: [Double] = []
    package private(set) var keyframeVectors: [SIMD4<Double>] = []
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
            stepStart.append(0); stepCount.append(0)
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
            if had || !n.animations.isEmpty {
                animations[i] = n.animations
                setSteps(i, n.animations)
            }
            animatedCount += (n.animations.isEmpty ? 0 : 1) - (had ? 1 : 0)
            if !alive[i] { alive[i] = true }
        }
        for slot in update.released where isLive(slot) { clear(slot) }
        if staleSteps > 1024 && staleSteps > stepPool.count / 2 { compactSteps() }
    }

    /// Replaces node `i`'s steps with those of `list`.
    private mutating func setSteps(_ i: Int, _ list: [RenderAnimation]) {
        staleSteps += Int(stepCount[i])
        stepStart[i] = Int32(stepPool.count)
        stepCount[i] = Int32(list.count)
        for (k, a) in list.enumerated() {
            var step = AnimationStep(a, index: k)
            if step.hasPlan, let curve = step.plan.keyframeRef?.takeUnretainedValue(), curve.isTabulable, let v = curve.vectors {
                step.hasTable = true
                step.tableDiscrete = curve.mode == .discrete
                step.tableTimes = Int32(keyframeTimes.count)
                step.tableVectors = Int32(keyframeVectors.count)
                step.tableCount = Int32(v.count)
                keyframeTimes += curve.keyTimes
                keyframeVectors += v
            }
            stepPool.append(step)
        }
    }

    /// Rebuilds the step pool without stale steps, in slot order.
    private mutating func compactSteps() {
        var pool: [AnimationStep] = []
        var times: [Double] = [], vectors: [SIMD4<Double>] = []
        pool.reserveCapacity(stepPool.count - staleSteps)
        for i in stepStart.indices where stepCount[i] > 0 {
            let start = Int(stepStart[i])
            stepStart[i] = Int32(pool.count)
            for var step in stepPool[start..<(start + Int(stepCount[i]))] {
                if step.hasTable {
                    let t0 = Int(step.tableTimes), v0 = Int(step.tableVectors), n = Int(step.tableCount)
                    let nt = step.tableDiscrete ? n + 1 : max(2, n)
                    step.tableTimes = Int32(times.count)
                    step.tableVectors = Int32(vectors.count)
                    times += keyframeTimes[t0..<(t0 + nt)]
                    vectors += keyframeVectors[v0..<(v0 + n)]
                }
                pool.append(step)
            }
        }
        stepPool = pool
        keyframeTimes = times
        keyframeVectors = vectors
        staleSteps = 0
    }

    /// Empties a slot (its layer is gone).
    private mutating func clear(_ slot: Int32) {
        let i = Int(slot)
        for a in animations[i] where a.isTransition { transitionBefore[a.id] = nil }
        if !animations[i].isEmpty { animatedCount -= 1 }
        columns.set(i, NodeState())
        parent[i] = -1; children[i] = []; mask[i] = -1; animations[i] = []; alive[i] = false
        staleSteps += Int(stepCount[i])
        stepCount[i] = 0
    }

    /// A frozen copy of the subtree under `root` (its committed values, without animations).
    package func snapshot(of root: Int32) -> RenderSnapshot {
        let copy = compactCopy(of: root, animations: false)
        return RenderSnapshot(tree: copy.tree, root: 0)
    }

    /// The subtree under `root` as a small tree of its own: slots renumbered from 0 (the root)
    /// in depth-first order, so its size is the subtree's, not the whole store's. With
    /// `animations`, the nodes below the root keep their animations (and transitions their
    /// captured "before"); the root never does. Without `rootMask`, the root's mask is left out.
    /// `source[k]` is the slot that node `k` copies.
    package func compactCopy(of root: Int32, animations withAnimations: Bool, rootMask: Bool = true)
        -> (tree: RenderTree, source: [Int32]) {
        var tree = RenderTree()
        var source: [Int32] = []
        var depth = 0
        @discardableResult
        func copy(_ i: Int32) -> Int32 {
            let slot = Int32(tree.slotCount)
            tree.ensureSlot(slot)
            source.append(i)
            let s = Int(slot), o = Int(i)
            tree.columns.set(s, columns.state(o))
            tree.alive[s] = true
            if withAnimations, depth > 0, !animations[o].isEmpty {
                tree.animations[s] = animations[o]
                tree.setSteps(s, animations[o])
                tree.animatedCount += 1
                for a in animations[o] where a.isTransition { tree.transitionBefore[a.id] = transitionBefore[a.id] }
            }
            guard depth < RenderTree.depthLimit else { return slot }
            depth += 1
            defer { depth -= 1 }
            if isLive(mask[o]), rootMask || depth > 1 {
                let m = copy(mask[o])
                tree.mask[s] = m
                tree.parent[Int(m)] = slot
            }
            var kids: [Int32] = []
            for c in children[o] where isLive(c) {
                let k = copy(c)
                tree.parent[Int(k)] = slot
                kids.append(k)
            }
            tree.children[s] = kids
            return slot
        }
        copy(root)
        return (tree, source)
    }

    /// How deep trees are followed (as the model's walks: ``TreeDepth``).
    package static let depthLimit = 512

    /// The local time of `slot`'s superlayer at absolute media time `time` (through every
    /// ancestor's timing).
    package func parentTime(of slot: Int32, atAbsolute time: Double) -> Double {
        parentTime(of: slot, below: -1, seeing: time)
    }

    /// The local time of `slot`'s superlayer when the sublayers of its ancestor `top` see time
    /// `t` (through the timing of the ancestors between them); `top` −1: `t` is absolute.
    package func parentTime(of slot: Int32, below top: Int32, seeing t: Double) -> Double {
        var chain: [Int32] = []
        var p = isLive(slot) ? parent[Int(slot)] : -1
        while p >= 0, p != top, chain.count < RenderTree.depthLimit { chain.append(p); p = parent[Int(p)] }
        var t = t
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
