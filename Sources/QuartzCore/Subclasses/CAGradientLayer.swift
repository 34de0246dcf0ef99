/// The geometry of a gradient layer's gradient.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable, KVCStringEnum {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let axial = Self(rawValue: "axial")
    public static let radial = Self(rawValue: "radial")
    public static let conic = Self(rawValue: "conic")
}

/// A layer that fills its shape (rounded corners included) with a gradient drawn over its
/// background colour (spec §2). Drawing arrives with the compositor.
open class CAGradientLayer: CALayer {
    override class var kvcAccessors: KVCAccessors { ownKVCAccessors }

    enum Slot: Int, CaseIterable {
        case colors, locations, startPoint, endPoint, type
        var slot: Int { LayerSlot.allCases.count + rawValue }
    }

    enum GP {
        static let colors = CAProperty<[Any]?>(Slot.colors.slot, "colors", nil, animatable: true, effects: [.content])
        static let locations = CAProperty<[NSNumber]?>(Slot.locations.slot, "locations", nil, animatable: true, effects: [.content])
        static let startPoint = CAProperty<CGPoint>(Slot.startPoint.slot, "startPoint", CGPoint(x: 0.5, y: 0), animatable: true,
                                                    effects: [.content])
        static let endPoint = CAProperty<CGPoint>(Slot.endPoint.slot, "endPoint", CGPoint(x: 0.5, y: 1), animatable: true,
                                                  effects: [.content])
        static let type = CAProperty<CAGradientLayerType>(Slot.type.slot, "type", .axial, effects: [.content])
        static let all: [CAPropertyDescriptor] = [colors, locations, startPoint, endPoint, type]
    }

    static let descriptors = CALayer.layerDescriptors + GP.all
    override class var builtInPropertyDescriptors: [CAPropertyDescriptor] { CAGradientLayer.descriptors }
    override class var builtInSlotCount: Int { LayerSlot.allCases.count + Slot.allCases.count }



    /// The colours (`CGColor`s) of the stops. Animatable.
    open var colors: [Any]? { get { self[GP.colors] } set { self[GP.colors] = newValue } }
    /// The stop locations in [0, 1], increasing; nil spreads the stops evenly. Animatable.
    open var locations: [NSNumber]? { get { self[GP.locations] } set { self[GP.locations] = newValue } }
    /// Where the first stop sits, in unit coordinates ((0.5, 0) by default). Animatable.
    open var startPoint: CGPoint { get { self[GP.startPoint] } set { self[GP.startPoint] = newValue } }
    /// Where the last stop sits, in unit coordinates ((0.5, 1) by default). Animatable.
    open var endPoint: CGPoint { get { self[GP.endPoint] } set { self[GP.endPoint] = newValue } }
    /// Axial (the default), radial or conic.
    open var type: CAGradientLayerType { get { self[GP.type] } set { self[GP.type] = newValue } }
}

extension CAGradientLayer {
    /// KVC goes through these accessors for user subclasses (see OverridableAccessors.swift).
    static let ownKVCAccessors = CALayer.baseKVCAccessors.adding([
        .init("colors", \CAGradientLayer.colors),
        .init("locations", \CAGradientLayer.locations),
        .init("startPoint", \CAGradientLayer.startPoint),
        .init("endPoint", \CAGradientLayer.endPoint),
        .init("type", \CAGradientLayer.type),
    ])
}
