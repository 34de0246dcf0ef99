/// A layer that draws `instanceCount` copies of its sublayers, each transformed, delayed and
/// tinted relative to the previous one (spec §2). Drawing arrives with the compositor.
open class CAReplicatorLayer: CALayer {
    override class var kvcAccessors: KVCAccessors { ownKVCAccessors }

    enum Slot: Int, CaseIterable {
        case instanceCount, preservesDepth, instanceDelay, instanceTransform, instanceColor
        case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset
        var slot: Int { LayerSlot.allCases.count + rawValue }
    }

    enum RP {
        static let instanceCount = CAProperty<Int>(Slot.instanceCount.slot, "instanceCount", 1, animatable: true, effects: [.content])
        static let preservesDepth = CAProperty<Bool>(Slot.preservesDepth.slot, "preservesDepth", false, effects: [.content])
        static let instanceDelay = CAProperty<CFTimeInterval>(Slot.instanceDelay.slot, "instanceDelay", 0, animatable: true,
                                                              effects: [.content])
        static let instanceTransform = CAProperty<CATransform3D>(Slot.instanceTransform.slot, "instanceTransform",
                                                                 CATransform3DIdentity, animatable: true, effects: [.content])
        static let instanceColor = CAProperty<CGColor?>(Slot.instanceColor.slot, "instanceColor", CGColor.white, animatable: true,
                                                        effects: [.content])
        static let instanceRedOffset = CAProperty<Float>(Slot.instanceRedOffset.slot, "instanceRedOffset", 0, animatable: true,
                                                         effects: [.content])
        static let instanceGreenOffset = CAProperty<Float>(Slot.instanceGreenOffset.slot, "instanceGreenOffset", 0,
                                                           animatable: true, effects: [.content])
        static let instanceBlueOffset = CAProperty<Float>(Slot.instanceBlueOffset.slot, "instanceBlueOffset", 0, animatable: true,
                                                          effects: [.content])
        static let instanceAlphaOffset = CAProperty<Float>(Slot.instanceAlphaOffset.slot, "instanceAlphaOffset", 0,
                                                           animatable: true, effects: [.content])
        static let all: [CAPropertyDescriptor] = [instanceCount, preservesDepth, instanceDelay, instanceTransform, instanceColor,
                                                  instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset]
    }

    static let descriptors = CALayer.layerDescriptors + RP.all
    override class var builtInPropertyDescriptors: [CAPropertyDescriptor] { CAReplicatorLayer.descriptors }
    override class var builtInSlotCount: Int { LayerSlot.allCases.count + Slot.allCases.count }
    override var preservesSublayerDepth: Bool { preservesDepth }

    /// How many copies are drawn, the original included (1 by default). Animatable.
    open var instanceCount: Int { get { self[RP.instanceCount] } set { self[RP.instanceCount] = newValue } }
    /// Whether copies keep their depth like a transform layer's sublayers.
    open var preservesDepth: Bool { get { self[RP.preservesDepth] } set { self[RP.preservesDepth] = newValue } }
    /// The time offset from one copy to the next. Animatable.
    open var instanceDelay: CFTimeInterval { get { self[RP.instanceDelay] } set { self[RP.instanceDelay] = newValue } }
    /// The transform from one copy to the next, about the replicator's centre. Animatable.
    open var instanceTransform: CATransform3D {
        get { self[RP.instanceTransform] } set { self[RP.instanceTransform] = newValue }
    }
    /// The colour multiplying the first copy (opaque white by default). Animatable.
    open var instanceColor: CGColor? { get { self[RP.instanceColor] } set { self[RP.instanceColor] = newValue } }
    /// Added to the red of each copy's tint relative to the previous one. Animatable.
    open var instanceRedOffset: Float { get { self[RP.instanceRedOffset] } set { self[RP.instanceRedOffset] = newValue } }
    /// Added to the green of each copy's tint. Animatable.
    open var instanceGreenOffset: Float {
        get { self[RP.instanceGreenOffset] } set { self[RP.instanceGreenOffset] = newValue }
    }
    /// Added to the blue of each copy's tint. Animatable.
    open var instanceBlueOffset: Float { get { self[RP.instanceBlueOffset] } set { self[RP.instanceBlueOffset] = newValue } }
    /// Added to the alpha of each copy's tint. Animatable.
    open var instanceAlphaOffset: Float {
        get { self[RP.instanceAlphaOffset] } set { self[RP.instanceAlphaOffset] = newValue }
    }
}

extension CAReplicatorLayer {
    /// KVC goes through these accessors for user subclasses (see OverridableAccessors.swift).
    static let ownKVCAccessors = CALayer.baseKVCAccessors.adding([
        .init("instanceCount", \CAReplicatorLayer.instanceCount),
        .init("preservesDepth", \CAReplicatorLayer.preservesDepth),
        .init("instanceDelay", \CAReplicatorLayer.instanceDelay),
        .init("instanceTransform", \CAReplicatorLayer.instanceTransform),
        .init("instanceColor", \CAReplicatorLayer.instanceColor),
        .init("instanceRedOffset", \CAReplicatorLayer.instanceRedOffset),
        .init("instanceGreenOffset", \CAReplicatorLayer.instanceGreenOffset),
        .init("instanceBlueOffset", \CAReplicatorLayer.instanceBlueOffset),
        .init("instanceAlphaOffset", \CAReplicatorLayer.instanceAlphaOffset),
    ])
}
