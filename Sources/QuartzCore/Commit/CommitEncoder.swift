import Foundation
import Synchronization
@_spi(Lamina) import CoreGraphics
import LaminaRender

/// Where layers' render-tree slots come from.
protocol SlotSpace {
    /// The slot of `layer`, and whether it was just assigned (the layer must then be encoded).
    mutating func slot(for layer: CALayer) -> (slot: Int32, isNew: Bool)
}

/// The shared store's slots: each layer keeps its own, from its first commit until it is freed.
/// (Not an empty struct: an empty value passed `inout` has no address of its own, and
/// ThreadSanitizer then reports two threads' commits as one access race.)
struct SharedSlots: SlotSpace {
    /// How many slots this commit handed out.
    private(set) var assigned = 0
    mutating func slot(for layer: CALayer) -> (slot: Int32, isNew: Bool) {
        let existing = layer.renderSlot
        if existing >= 0 { return (existing, false) }
        let s = RenderStore.shared.allocateSlot()
        layer.renderSlot = s
        assigned += 1
        return (s, true)
    }
}

/// Slots of a private tree made for one drawing (`render(in:)`), numbered from 0.
struct LocalSlots: SlotSpace {
    private(set) var slots: [ObjectIdentifier: Int32] = [:]
    private(set) var layers: [CALayer] = []
    mutating func slot(for layer: CALayer) -> (slot: Int32, isNew: Bool) {
        if let s = slots[ObjectIdentifier(layer)] { return (s, false) }
        let s = Int32(layers.count)
        slots[ObjectIdentifier(layer)] = s
        layers.append(layer)
        return (s, true)
    }
}

/// The commit's last step: what changed in the model, encoded as values for the renderer
/// (``RenderUpdate``). Each changed layer is encoded whole (its properties, its place in the
/// tree, its animations), so a commit costs in proportion to what it changed.
enum CommitEncoder {
    /// The update for `layers`, and for any layer they reference that has no slot yet.
    /// Presentation copies are left out of commits; a private tree (`privateTree(of:)`) takes
    /// them when it is made of a presentation (`presentation()?.render(in:)`).
    static func encode(_ layers: [CALayer], in space: inout some SlotSpace, animations: Bool = true,
                       presentations: Bool = false) -> RenderUpdate {
        var update = RenderUpdate()
        update.nodes.reserveCapacity(layers.count)
        var work = layers
        var done = Set<ObjectIdentifier>()
        var k = 0
        while k < work.count {
            let layer = work[k]
            k += 1
            guard presentations || !layer.flags.contains(.presentation), done.insert(ObjectIdentifier(layer)).inserted else { continue }
            func slot(_ l: CALayer) -> Int32 {
                let (s, isNew) = space.slot(for: l)
                if isNew { work.append(l) }
                return s
            }
            let me = slot(layer)
            let parent = layer._superlayer.map(slot) ?? -1
            let children = layer._sublayers.map(slot)
            let mask = layer._mask.map(slot) ?? -1
            update.nodes.append(RenderUpdate.Node(slot: me, state: state(of: layer), parent: parent, children: children, mask: mask,
                                                  animations: animations ? renderAnimations(of: layer) : []))
        }
        return update
    }

    /// A whole subtree encoded into a private tree (no animations): what `render(in:)` draws.
    static func privateTree(of root: CALayer) -> (tree: RenderTree, root: Int32) {
        var space = LocalSlots()
        var all: [CALayer] = []
        func collect(_ l: CALayer, depth: Int) {
            guard TreeDepth.allows(depth) else { return }
            all.append(l)
            l.presentationChildrenReady()
            if let m = l._mask { collect(m, depth: depth + 1) }
            for s in l._sublayers { collect(s, depth: depth + 1) }
        }
        collect(root, depth: TreeDepth.current)
        var update = encode(all, in: &space, animations: false, presentations: root.flags.contains(.presentation))
        // The root is drawn on its own: no superlayer.
        if let i = update.nodes.firstIndex(where: { $0.slot == space.slots[ObjectIdentifier(root)] }) {
            update.nodes[i].parent = -1
            update.nodes[i].state.flags.remove(.isMask)
        }
        // Layers outside the subtree that were referenced (the root's superlayer) are not drawn.
        var tree = RenderTree()
        tree.apply(update)
        return (tree, space.slots[ObjectIdentifier(root)] ?? 0)
    }

    /// The animations the renderer runs for `layer`.
    static func renderAnimations(of layer: CALayer) -> [RenderAnimation] {
        layer.attachedAnimations.compactMap { a in
            guard !a.beginPending else { return nil }
            return RenderAnimation(id: a.id, timing: a.timing, body: a.body, timingFunction: a.timingFunction,
                                   removedOnCompletion: a.removedOnCompletion)
        }
    }

    typealias P = CALayer.P

    /// The backdrop a layer's `backgroundFilters` ask for: the first `LaminaBackdropFilter`
    /// (its values clamped); any other filter is reported and not drawn.
    static func backdrop(of filters: [Any]) -> BackdropEffect? {
        var found: BackdropEffect?
        for f in filters {
            if let b = f as? LaminaBackdropFilter {
                guard found == nil else { continue }
                let radius = b.blurRadius.isFinite ? min(max(0, b.blurRadius), 200) : 0
                let saturation = b.saturation.isFinite ? min(max(0, b.saturation), 10) : 1
                if radius != b.blurRadius || saturation != b.saturation {
                    LaminaDiagnostics.report("LaminaBackdropFilter: blurRadius \(b.blurRadius), saturation \(b.saturation) clamped to \(radius), \(saturation)")
                }
                found = BackdropEffect(blurRadius: radius, saturation: saturation)
            } else {
                LaminaDiagnostics.report("backgroundFilters: \(type(of: f)) is not drawn (only LaminaBackdropFilter is)")
            }
        }
        return found
    }

    /// The layer's properties as values (read from its store: what was set, else its style,
    /// else its class's defaults; never through overridable accessors).
    static func state(of layer: CALayer) -> NodeState {
        var s = NodeState()
        s.bounds = layer[P.bounds]
        s.position = layer[P.position]
        s.zPosition = layer[P.zPosition]
        s.anchorPoint = layer[P.anchorPoint]
        s.anchorPointZ = layer[P.anchorPointZ]
        s.transform = layer[P.transform]
        s.sublayerTransform = layer[P.sublayerTransform]
        s.opacity = layer[P.opacity]
        var f: NodeFlags = []
        if layer[P.hidden] { f.insert(.hidden) }
        if layer[P.doubleSided] { f.insert(.doubleSided) }
        if layer[P.masksToBounds] { f.insert(.masksToBounds) }
        if layer[P.geometryFlipped] { f.insert(.geometryFlipped) }
        if layer[P.allowsGroupOpacity] { f.insert(.allowsGroupOpacity) }
        if layer.isMaskLayer { f.insert(.isMask) }
        if layer.preservesSublayerDepth { f.insert(.preservesDepth) }
        if layer[P.cornerCurve] == .continuous { f.insert(.continuousCorners) }
        s.flags = f
        s.backgroundColor = layer[P.backgroundColor].map(RGBA.init)
        s.cornerRadius = layer[P.cornerRadius]
        s.borderWidth = layer[P.borderWidth]
        s.borderColor = layer[P.borderColor].map(RGBA.init)
        s.shadowColor = layer[P.shadowColor].map(RGBA.init)
        s.shadowOpacity = layer[P.shadowOpacity]
        s.shadowOffset = layer[P.shadowOffset]
        s.shadowRadius = layer[P.shadowRadius]
        s.shadowPath = CGPathBox(layer[P.shadowPath])
        s.contents = RenderContents(kvcFlatten(layer[P.contents]))
        s.contentsRect = layer[P.contentsRect]
        s.contentsCenter = layer[P.contentsCenter]
        s.contentsScale = layer[P.contentsScale]
        var style = NodeStyle()
        style.maskedCorners = layer[P.maskedCorners].rawValue
        style.contentsGravity = layer[P.contentsGravity].rawValue
        style.minificationFilter = filter(layer[P.minificationFilter])
        style.magnificationFilter = filter(layer[P.magnificationFilter])
        style.blendMode = blendMode(forCompositingFilter: kvcFlatten(layer[P.compositingFilter]))
        if let filters = layer[P.backgroundFilters], !filters.isEmpty { style.backdrop = backdrop(of: filters) }
        switch layer {
        case is CATransformLayer: style.kind = .transformLayer
        case let shape as CAShapeLayer: style.kind = .shape; s.content = .shape(content(of: shape))
        case let gradient as CAGradientLayer: style.kind = .gradient; s.content = .gradient(content(of: gradient))
        case let replicator as CAReplicatorLayer: style.kind = .replicator; s.content = .replicator(content(of: replicator))
        case let emitter as CAEmitterLayer: style.kind = .emitter; s.content = .emitter(content(of: emitter))
        default: break
        }
        s.style = style
        s.timing = layer.timingModel
        if s.timing != TimingModel() { s.flags.insert(.timed) }
        s.renderVersion = layer.renderVersion
        s.contentVersion = layer.contentVersion
        return s
    }

    static func filter(_ f: CALayerContentsFilter) -> CGImageFilter {
        switch f {
        case .nearest: .nearest
        case .trilinear: .trilinear
        default: .linear
        }
    }

    static func content(of l: CAShapeLayer) -> ShapeContent {
        typealias SP = CAShapeLayer.SP
        var c = ShapeContent()
        c.path = l[SP.path]
        c.fillColor = l[SP.fillColor].map(RGBA.init)
        c.evenOdd = l[SP.fillRule] == .evenOdd
        c.strokeColor = l[SP.strokeColor].map(RGBA.init)
        c.strokeStart = l[SP.strokeStart]
        c.strokeEnd = l[SP.strokeEnd]
        c.lineWidth = l[SP.lineWidth]
        c.miterLimit = l[SP.miterLimit]
        let cap = l[SP.lineCap]
        c.lineCap = cap == .round ? .round : cap == .square ? .square : .butt
        let join = l[SP.lineJoin]
        c.lineJoin = join == .round ? .round : join == .bevel ? .bevel : .miter
        c.lineDashPhase = l[SP.lineDashPhase]
        c.lineDashPattern = l[SP.lineDashPattern].map { $0.map { CGFloat($0.doubleValue) } }
        return c
    }

    static func content(of l: CAGradientLayer) -> GradientContent {
        typealias GP = CAGradientLayer.GP
        var c = GradientContent()
        c.colors = (l[GP.colors] ?? []).compactMap { kvcCoerce($0, to: CGColor.self) }
        c.locations = l[GP.locations].map { $0.map { CGFloat($0.doubleValue) } }
        c.startPoint = l[GP.startPoint]
        c.endPoint = l[GP.endPoint]
        switch l[GP.type] {
        case .radial: c.geometry = .radial
        case .conic: c.geometry = .conic
        default: c.geometry = .axial
        }
        return c
    }

    static func content(of l: CAReplicatorLayer) -> ReplicatorContent {
        typealias RP = CAReplicatorLayer.RP
        var c = ReplicatorContent()
        c.instanceCount = l[RP.instanceCount]
        c.instanceDelay = l[RP.instanceDelay]
        c.instanceTransform = l[RP.instanceTransform]
        c.instanceColor = l[RP.instanceColor].map(RGBA.init)
        c.redOffset = l[RP.instanceRedOffset]
        c.greenOffset = l[RP.instanceGreenOffset]
        c.blueOffset = l[RP.instanceBlueOffset]
        c.alphaOffset = l[RP.instanceAlphaOffset]
        return c
    }

    static func content(of l: CAEmitterLayer) -> EmitterContent {
        typealias EP = CAEmitterLayer.EP
        var c = EmitterContent()
        c.cells = (l[EP.emitterCells] ?? []).map { content(of: $0, depth: 0) }
        c.birthRate = l[EP.birthRate]
        c.lifetime = l[EP.lifetime]
        c.velocity = l[EP.velocity]
        c.scale = l[EP.scale]
        c.spin = l[EP.spin]
        c.emitterPosition = l[EP.emitterPosition]
        c.emitterZPosition = l[EP.emitterZPosition]
        c.emitterSize = l[EP.emitterSize]
        c.emitterDepth = l[EP.emitterDepth]
        c.emitterShape = l[EP.emitterShape].rawValue
        c.emitterMode = l[EP.emitterMode].rawValue
        c.renderMode = l[EP.renderMode].rawValue
        c.seed = l[EP.seed]
        c.beginTime = l[P.beginTime]
        return c
    }

    /// Cells nested deeper than the simulation follows are not encoded (it reports them).
    static func content(of cell: CAEmitterCell, depth: Int) -> EmitterCellContent {
        var c = EmitterCellContent()
        c.isEnabled = cell.isEnabled
        c.birthRate = cell.birthRate; c.lifetime = cell.lifetime; c.lifetimeRange = cell.lifetimeRange
        c.emissionLongitude = cell.emissionLongitude; c.emissionRange = cell.emissionRange
        c.velocity = cell.velocity; c.velocityRange = cell.velocityRange
        c.xAcceleration = cell.xAcceleration; c.yAcceleration = cell.yAcceleration
        c.scale = cell.scale; c.scaleRange = cell.scaleRange; c.scaleSpeed = cell.scaleSpeed
        c.spin = cell.spin; c.spinRange = cell.spinRange
        c.color = RGBA(cell.color ?? CGColor.white)
        c.redRange = cell.redRange; c.greenRange = cell.greenRange; c.blueRange = cell.blueRange; c.alphaRange = cell.alphaRange
        c.redSpeed = cell.redSpeed; c.greenSpeed = cell.greenSpeed; c.blueSpeed = cell.blueSpeed; c.alphaSpeed = cell.alphaSpeed
        c.contents = contentsImage(cell.contents)
        c.contentsRect = cell.contentsRect
        c.contentsScale = cell.contentsScale
        c.beginTime = cell.beginTime
        c.duration = cell.duration
        if depth < 8 { c.cells = (cell.emitterCells ?? []).map { content(of: $0, depth: depth + 1) } }
        return c
    }
}
