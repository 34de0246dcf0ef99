/// The shape particles are emitted from.
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable, KVCStringEnum {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let point = Self(rawValue: "point")
    public static let line = Self(rawValue: "line")
    public static let rectangle = Self(rawValue: "rectangle")
    public static let cuboid = Self(rawValue: "cuboid")
    public static let circle = Self(rawValue: "circle")
    public static let sphere = Self(rawValue: "sphere")
}

/// Where on the shape particles are emitted.
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable, KVCStringEnum {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let points = Self(rawValue: "points")
    public static let outline = Self(rawValue: "outline")
    public static let surface = Self(rawValue: "surface")
    public static let volume = Self(rawValue: "volume")
}

/// The order and blending of particles.
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable, KVCStringEnum {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unordered = Self(rawValue: "unordered")
    public static let oldestFirst = Self(rawValue: "oldestFirst")
    public static let oldestLast = Self(rawValue: "oldestLast")
    public static let backToFront = Self(rawValue: "backToFront")
    public static let additive = Self(rawValue: "additive")
}

/// A particle emitter (spec §2), simulated deterministically from its seed at the time drawn
/// (see `EmitterSimulation`): particles draw above the background and border.
open class CAEmitterLayer: CALayer {
    override class var kvcAccessors: KVCAccessors { ownKVCAccessors }

    enum Slot: Int, CaseIterable {
        case emitterCells, birthRate, lifetime, velocity, scale, spin, emitterPosition, emitterZPosition
        case emitterSize, emitterDepth, emitterShape, emitterMode, renderMode, preservesDepth, seed
        var slot: Int { LayerSlot.allCases.count + rawValue }
    }

    enum EP {
        static let emitterCells = CAProperty<[CAEmitterCell]?>(Slot.emitterCells.slot, "emitterCells", nil, effects: [.content])
        static let birthRate = CAProperty<Float>(Slot.birthRate.slot, "birthRate", 1, animatable: true, effects: [.content])
        static let lifetime = CAProperty<Float>(Slot.lifetime.slot, "lifetime", 1, animatable: true, effects: [.content])
        static let velocity = CAProperty<Float>(Slot.velocity.slot, "velocity", 1, animatable: true, effects: [.content])
        static let scale = CAProperty<Float>(Slot.scale.slot, "scale", 1, animatable: true, effects: [.content])
        static let spin = CAProperty<Float>(Slot.spin.slot, "spin", 1, animatable: true, effects: [.content])
        static let emitterPosition = CAProperty<CGPoint>(Slot.emitterPosition.slot, "emitterPosition", .zero, animatable: true,
                                                         effects: [.content])
        static let emitterZPosition = CAProperty<CGFloat>(Slot.emitterZPosition.slot, "emitterZPosition", 0, animatable: true,
                                                          effects: [.content])
        static let emitterSize = CAProperty<CGSize>(Slot.emitterSize.slot, "emitterSize", .zero, animatable: true, effects: [.content])
        static let emitterDepth = CAProperty<CGFloat>(Slot.emitterDepth.slot, "emitterDepth", 0, animatable: true, effects: [.content])
        static let emitterShape = CAProperty<CAEmitterLayerEmitterShape>(Slot.emitterShape.slot, "emitterShape", .point,
                                                                         effects: [.content])
        static let emitterMode = CAProperty<CAEmitterLayerEmitterMode>(Slot.emitterMode.slot, "emitterMode", .volume,
                                                                       effects: [.content])
        static let renderMode = CAProperty<CAEmitterLayerRenderMode>(Slot.renderMode.slot, "renderMode", .unordered,
                                                                     effects: [.content])
        static let preservesDepth = CAProperty<Bool>(Slot.preservesDepth.slot, "preservesDepth", false, effects: [.content])
        static let seed = CAProperty<UInt32>(Slot.seed.slot, "seed", 0, effects: [.content])
        static let all: [CAPropertyDescriptor] = [emitterCells, birthRate, lifetime, velocity, scale, spin, emitterPosition,
                                                  emitterZPosition, emitterSize, emitterDepth, emitterShape, emitterMode,
                                                  renderMode, preservesDepth, seed]
    }

    static let descriptors = CALayer.layerDescriptors + EP.all
    override class var builtInPropertyDescriptors: [CAPropertyDescriptor] { CAEmitterLayer.descriptors }
    override class var builtInSlotCount: Int { LayerSlot.allCases.count + Slot.allCases.count }
    override var preservesSublayerDepth: Bool { preservesDepth }


    /// The cells emitted.
    open var emitterCells: [CAEmitterCell]? { get { self[EP.emitterCells] } set { self[EP.emitterCells] = newValue } }
    /// Multiplies every cell's birth rate (1 by default). Animatable.
    open var birthRate: Float { get { self[EP.birthRate] } set { self[EP.birthRate] = newValue } }
    /// Multiplies every cell's lifetime. Animatable.
    open var lifetime: Float { get { self[EP.lifetime] } set { self[EP.lifetime] = newValue } }
    /// Multiplies every cell's velocity. Animatable.
    open var velocity: Float { get { self[EP.velocity] } set { self[EP.velocity] = newValue } }
    /// Multiplies every cell's scale. Animatable.
    open var scale: Float { get { self[EP.scale] } set { self[EP.scale] = newValue } }
    /// Multiplies every cell's spin. Animatable.
    open var spin: Float { get { self[EP.spin] } set { self[EP.spin] = newValue } }
    /// The centre of the emission shape. Animatable.
    open var emitterPosition: CGPoint { get { self[EP.emitterPosition] } set { self[EP.emitterPosition] = newValue } }
    /// The z of the centre of the emission shape. Animatable.
    open var emitterZPosition: CGFloat { get { self[EP.emitterZPosition] } set { self[EP.emitterZPosition] = newValue } }
    /// The size of the emission shape. Animatable.
    open var emitterSize: CGSize { get { self[EP.emitterSize] } set { self[EP.emitterSize] = newValue } }
    /// The depth of the emission shape. Animatable.
    open var emitterDepth: CGFloat { get { self[EP.emitterDepth] } set { self[EP.emitterDepth] = newValue } }
    /// The emission shape.
    open var emitterShape: CAEmitterLayerEmitterShape { get { self[EP.emitterShape] } set { self[EP.emitterShape] = newValue } }
    /// Where on the shape particles start.
    open var emitterMode: CAEmitterLayerEmitterMode { get { self[EP.emitterMode] } set { self[EP.emitterMode] = newValue } }
    /// The order and blending of particles.
    open var renderMode: CAEmitterLayerRenderMode { get { self[EP.renderMode] } set { self[EP.renderMode] = newValue } }
    /// Whether particles keep their depth.
    open var preservesDepth: Bool { get { self[EP.preservesDepth] } set { self[EP.preservesDepth] = newValue } }
    /// The seed of the particle simulation's random numbers.
    open var seed: UInt32 { get { self[EP.seed] } set { self[EP.seed] = newValue } }
}

extension CAEmitterLayer {
    /// KVC goes through these accessors for user subclasses (see OverridableAccessors.swift).
    static let ownKVCAccessors = CALayer.baseKVCAccessors.adding([
        .init("emitterCells", \CAEmitterLayer.emitterCells),
        .init("birthRate", \CAEmitterLayer.birthRate),
        .init("lifetime", \CAEmitterLayer.lifetime),
        .init("velocity", \CAEmitterLayer.velocity),
        .init("scale", \CAEmitterLayer.scale),
        .init("spin", \CAEmitterLayer.spin),
        .init("emitterPosition", \CAEmitterLayer.emitterPosition),
        .init("emitterZPosition", \CAEmitterLayer.emitterZPosition),
        .init("emitterSize", \CAEmitterLayer.emitterSize),
        .init("emitterDepth", \CAEmitterLayer.emitterDepth),
        .init("emitterShape", \CAEmitterLayer.emitterShape),
        .init("emitterMode", \CAEmitterLayer.emitterMode),
        .init("renderMode", \CAEmitterLayer.renderMode),
        .init("preservesDepth", \CAEmitterLayer.preservesDepth),
        .init("seed", \CAEmitterLayer.seed),
    ])
}
