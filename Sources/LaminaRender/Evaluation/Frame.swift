import Foundation
import Synchronization
@_spi(Lamina) import CoreGraphics

/// A transition in progress on a node in one frame.
package struct FrameTransition: @unchecked Sendable {
    /// The transition animation's id.
    package let animationID: UInt64
    package let body: TransitionBody
    /// The node's subtree just before the change (nil when it had never been committed).
    package let before: RenderSnapshot?
    package let progress: Double
}

/// One frame's values: a render tree with its animations applied at the frame's media time.
/// Immutable once made, so any number of threads draw from it at once.
package final class Frame: @unchecked Sendable {
    /// The tree as committed (structure, animations, committed values).
    package private(set) var tree: RenderTree
    /// The values shown: the committed ones with the animations applied.
    package private(set) var values: NodeColumns
    /// Transitions in progress, by node.
    package let transitions: [Int32: [FrameTransition]]
    /// The frame's absolute media time.
    package let time: Double
    /// The node drawn.
    package let root: Int32
    /// Each node's visible extent in its own coordinates (see ``Extents``), for the nodes under
    /// the root.
    package private(set) var extents = ExtentTable(base: 0, count: 0)
    /// Offscreen planes made while drawing the frame (perspective layers, flips, transform
    /// layers' pieces), shared by the bands that draw it.
    package let offscreens = OnceMap<ProjectedKey, ProjectedImage?>()
    /// A replicator's copies shown as they were earlier (`instanceDelay`), by replicator and copy.
    package let delayedFrames = OnceMap<DelayedCopyKey, Frame>()
    /// What a replicator's delayed copies are made from, by replicator (see ``DelayedCopies``).
    package let delayedCopies = OnceMap<Int32, DelayedCopies>()
    /// For a frame of a compact copy of a subtree (``RenderTree/compactCopy(of:animations:rootMask:)``):
    /// the slot each node copies in the tree the renderer caches content for; nil when this
    /// frame's tree is that tree.
    package let sourceSlots: [Int32]?
    /// For a frame of a replicator's delayed copy: the local time its sublayers see (the
    /// replicator's, `copy × instanceDelay` earlier); nil when the frame's nodes take their
    /// time through their ancestors from ``time``.
    package let rootLocalTime: Double?
    /// Transitions' "before" frames, by transition.
    package let beforeFrames = OnceMap<UInt64, Frame>()
    /// What opaque layers hide (see ``Occlusion``), by device transform, shared by the bands.
    package let occlusions = OnceMap<OcclusionKey, Occlusion>()
    /// Backdrops (what lies under a backdrop layer, blurred), shared by the bands.
    package let backdrops = OnceMap<BackdropKey, BackdropImage?>()

    /// A frame of `tree` with `values` at `time`, drawn from `root`. `sublayersOnly`: only the
    /// root's sublayers are drawn from this frame (a replicator's delayed copies), so the root's
    /// own extent, which for a replicator covers every copy, is not computed.
    package init(tree: RenderTree, values: NodeColumns, transitions: [Int32: [FrameTransition]], time: Double, root: Int32,
                 sublayersOnly: Bool = false, sourceSlots: [Int32]? = nil, rootLocalTime: Double? = nil) {
        self.tree = tree
        self.sourceSlots = sourceSlots
        self.rootLocalTime = rootLocalTime
        self.values = values
        self.transitions = transitions
        self.time = time
        self.root = root
        extents = Extents.compute(self, sublayersOnly: sublayersOnly)
    }

    /// The slot under which node `slot`'s own content is cached (the node it copies, in a frame
    /// of a compact copy).
    @inline(__always)
    package func cacheSlot(_ slot: Int32) -> Int32 {
        guard let sourceSlots else { return slot }
        return sourceSlots[Int(slot)]
    }

    /// The local time of node `slot`'s superlayer in this frame.
    package func parentTime(of slot: Int32) -> Double {
        guard let rootLocalTime else { return tree.parentTime(of: slot, atAbsolute: time) }
        return tree.parentTime(of: slot, below: root, seeing: rootLocalTime)
    }

    deinit {
        // Done with the committed tree's storage: the next commit may write it in place. The
        // storage is let go under the store's lock (see `RenderStore.letGo`).
        RaceAnnotations.release(RenderStore.treeToken)
        RenderStore.shared.letGo(&tree, emptying: RenderTree())
        RenderStore.shared.letGo(&values, emptying: NodeColumns())
    }

    /// A frame showing a tree's committed values, without animations (render(in:), a
    /// transition's "before").
    package convenience init(still tree: RenderTree, root: Int32, time: Double) {
        self.init(tree: tree, values: tree.columns, transitions: [:], time: time, root: root)
    }
}

/// Evaluates animations into frames.
package enum FrameEvaluator {
    /// Numbers the contents redrawn for frames (see ``frame(_:root:time:redrawn:)``).
    static let redrawSerial = Atomic<UInt64>(0)

    /// The frame of the subtree under `root` at absolute media time `time`: every node's
    /// animations applied at its local time (through its ancestors' timing), then `contents`
    /// replaced for the nodes the model redrew for this frame (layers whose `needsDisplay(forKey:)`
    /// properties animate).
    package static func frame(_ tree: RenderTree, root: Int32, time: Double, redrawn: [Int32: CGImage] = [:]) -> Frame {
        var values = tree.columns
        var transitions: [Int32: [FrameTransition]] = [:]
        if tree.isLive(root) {
            evaluate(tree, root: root, parentTime: tree.parentTime(of: root, atAbsolute: time), into: &values,
                     transitions: &transitions)
        }
        for (slot, image) in redrawn.sorted(by: { $0.key < $1.key }) where tree.isLive(slot) {
            let i = Int(slot)
            values.contents[i] = .image(image)
            // A serial, not the image's identity: a new image may reuse a freed one's address.
            let serial = FrameEvaluator.redrawSerial.add(1, ordering: .relaxed).newValue
            values.renderVersion[i] = values.renderVersion[i] &+ serial &* 0x9E37_79B9_7F4A_7C15
            values.contentVersion[i] = values.contentVersion[i] &+ serial &* 0x9E37_79B9_7F4A_7C15
        }
        return Frame(tree: tree, values: values, transitions: transitions, time: time, root: root)
    }

    /// Applies the animations of the subtree under `root`, whose superlayer's local time is
    /// `parentTime`, into `values`.
    package static func evaluate(_ tree: RenderTree, root: Int32, parentTime: Double, into values: inout NodeColumns,
                                 transitions: inout [Int32: [FrameTransition]]) {
        // The committed columns are read through buffers taken once (reading them through the
        // tree for each node would copy and retain the column set every time).
        tree.columns.timing.withUnsafeBufferPointer { timing in
        tree.columns.flags.withUnsafeBufferPointer { flags in
        tree.keyframeTimes.withUnsafeBufferPointer { keyframeTimes in
        tree.keyframeVectors.withUnsafeBufferPointer { keyframeVectors in
        tree.stepPool.withUnsafeBufferPointer { stepPool in
        tree.stepStart.withUnsafeBufferPointer { stepStart in
        tree.stepCount.withUnsafeBufferPointer { stepCount in
        tree.animations.withUnsafeBufferPointer { animationLists in
        tree.children.withUnsafeBufferPointer { children in
        tree.mask.withUnsafeBufferPointer { masks in
        tree.columns.renderVersion.withUnsafeBufferPointer { baseRender in
        tree.columns.contentVersion.withUnsafeBufferPointer { baseContent in
        withUnsafeMutablePointer(to: &values) { out in
            var walker = Walker(timing: timing, flags: flags, keyframeTimes: keyframeTimes, keyframeVectors: keyframeVectors,
                                stepPool: stepPool, stepStart: stepStart, stepCount: stepCount, animationLists: animationLists, children: children, masks: masks,
                                baseRender: baseRender, baseContent: baseContent, out: out, sink: RenderSink(tree: tree, values: out))
            walker.walk(root, parentTime, 0)
            for (slot, list) in walker.transitions { transitions[slot] = list }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
    }

    /// The walk over a subtree: its state in one value, so the compiler checks every access
    /// statically (state captured by a nested function is checked at run time, per access).
    private struct Walker {
        let timing: UnsafeBufferPointer<TimingModel>
        let flags: UnsafeBufferPointer<NodeFlags>
        let keyframeTimes: UnsafeBufferPointer<Double>
        let keyframeVectors: UnsafeBufferPointer<SIMD4<Double>>
        let stepPool: UnsafeBufferPointer<AnimationStep>
        let stepStart: UnsafeBufferPointer<Int32>
        let stepCount: UnsafeBufferPointer<Int32>
        let animationLists: UnsafeBufferPointer<[RenderAnimation]>
        let children: UnsafeBufferPointer<[Int32]>
        let masks: UnsafeBufferPointer<Int32>
        let baseRender: UnsafeBufferPointer<UInt64>
        let baseContent: UnsafeBufferPointer<UInt64>
        let out: UnsafeMutablePointer<NodeColumns>
        var sink: RenderSink
        var springs = SpringMemo()
        var transitions: [Int32: [FrameTransition]] = [:]

        init(timing: UnsafeBufferPointer<TimingModel>, flags: UnsafeBufferPointer<NodeFlags>,
             keyframeTimes: UnsafeBufferPointer<Double>, keyframeVectors: UnsafeBufferPointer<SIMD4<Double>>, stepPool: UnsafeBufferPointer<AnimationStep>,
             stepStart: UnsafeBufferPointer<Int32>, stepCount: UnsafeBufferPointer<Int32>,
             animationLists: UnsafeBufferPointer<[RenderAnimation]>,
             children: UnsafeBufferPointer<[Int32]>, masks: UnsafeBufferPointer<Int32>, baseRender: UnsafeBufferPointer<UInt64>,
             baseContent: UnsafeBufferPointer<UInt64>, out: UnsafeMutablePointer<NodeColumns>, sink: RenderSink) {
            self.timing = timing; self.flags = flags; self.keyframeTimes = keyframeTimes; self.keyframeVectors = keyframeVectors
            self.stepPool = stepPool; self.stepStart = stepStart
            self.stepCount = stepCount; self.animationLists = animationLists; self.children = children; self.masks = masks
            self.baseRender = baseRender; self.baseContent = baseContent; self.out = out; self.sink = sink
        }

        mutating func walk(_ slot: Int32, _ parentTime: Double, _ depth: Int) {
            guard depth < RenderTree.depthLimit else {
                LaminaDiagnostics.report("a layer tree deeper than \(RenderTree.depthLimit) levels: the deeper layers are not presented")
                return
            }
            let i = Int(slot)
            // Most layers have no timing of their own: their time is their parent's.
            let t = flags[i].contains(.timed) ? timing[i].layerTime(parentTime) : parentTime
            let count = Int(stepCount[i])
            if count > 0 {
                var digest = EvaluationDigest()
                let first = stepPool.baseAddress! + Int(stepStart[i])
                do {
                    for k in 0..<count {
                        let step = first + k
                        guard let l = step.pointee.local(atLayerTime: t) else { continue }
                        if step.pointee.hasPlan {
                            var table: KeyframeTableRef?
                            if step.pointee.hasTable {
                                table = KeyframeTableRef(times: keyframeTimes.baseAddress! + Int(step.pointee.tableTimes),
                                                         vectors: keyframeVectors.baseAddress! + Int(step.pointee.tableVectors),
                                                         count: Int(step.pointee.tableCount), discrete: step.pointee.tableDiscrete)
                            }
                            step.pointee.plan.apply(local: l, timing: step.pointee.timing, timingFunction: step.pointee.timingFunction,
                                                    columns: &out.pointee, i, digest: &digest, springs: &springs, table: table)
                            continue
                        }
                        let a = animationLists[i][Int(step.pointee.index)]
                        sink.slot = i
                        sink.animationID = a.id
                        a.body.apply(local: l, timing: a.timing, timingFunction: a.timingFunction, sink: &sink, digest: &digest)
                    }
                }
                if digest.fingerprint != 0 { out.pointee.renderVersion[i] = baseRender[i] &+ digest.fingerprint }
                if digest.contentFingerprint != 0 { out.pointee.contentVersion[i] = baseContent[i] &+ digest.contentFingerprint }
                if !sink.transitions.isEmpty {
                    transitions[slot] = sink.transitions
                    sink.transitions = []
                }
            }
            let m = masks[i]
            if m >= 0 { walk(m, t, depth + 1) }
            let kids = children[i]
            for c in kids { walk(c, t, depth + 1) }
        }
    }
}

/// A replicator's copy: which replicator, which copy.
package struct DelayedCopyKey: Hashable, Sendable {
    package let replicator: Int32
    package let copy: Int
    package init(replicator: Int32, copy: Int) { self.replicator = replicator; self.copy = copy }
}
