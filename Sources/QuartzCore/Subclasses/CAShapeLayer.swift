/// The fill rule of a shape layer.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable, KVCStringEnum {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = Self(rawValue: "non-zero")
    public static let evenOdd = Self(rawValue: "even-odd")
}

/// The line cap of a shape layer's stroke.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable, KVCStringEnum {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = Self(rawValue: "butt")
    public static let round = Self(rawValue: "round")
    public static let square = Self(rawValue: "square")
}

/// The line join of a shape layer's stroke.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable, KVCStringEnum {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = Self(rawValue: "miter")
    public static let round = Self(rawValue: "round")
    public static let bevel = Self(rawValue: "bevel")
}

/// A layer that draws a path: fill first, stroke on top, between the contents and the first
/// sublayer, not clipped to the bounds (spec §2). Drawing arrives with the compositor.
open class CAShapeLayer: CALayer {
    override class var kvcAccessors: KVCAccessors { ownKVCAccessors }

    enum Slot: Int, CaseIterable {
        case path, fillColor, fillRule, strokeColor, strokeStart, strokeEnd, lineWidth, miterLimit
        case lineCap, lineJoin, lineDashPhase, lineDashPattern
        var slot: Int { LayerSlot.allCases.count + rawValue }
    }

    enum SP {
        // Animatable by explicit animations only: no implied animation (header).
        static let path = CAProperty<CGPath?>(Slot.path.slot, "path", nil, animatable: true, implicit: false, effects: [.content])
        static let fillColor = CAProperty<CGColor?>(Slot.fillColor.slot, "fillColor", CGColor.black, animatable: true, effects: [.content])
        static let fillRule = CAProperty<CAShapeLayerFillRule>(Slot.fillRule.slot, "fillRule", .nonZero, effects: [.content])
        static let strokeColor = CAProperty<CGColor?>(Slot.strokeColor.slot, "strokeColor", nil, animatable: true, effects: [.content])
        static let strokeStart = CAProperty<CGFloat>(Slot.strokeStart.slot, "strokeStart", 0, animatable: true, effects: [.content])
        static let strokeEnd = CAProperty<CGFloat>(Slot.strokeEnd.slot, "strokeEnd", 1, animatable: true, effects: [.content])
        static let lineWidth = CAProperty<CGFloat>(Slot.lineWidth.slot, "lineWidth", 1, animatable: true, effects: [.content])
        static let miterLimit = CAProperty<CGFloat>(Slot.miterLimit.slot, "miterLimit", 10, animatable: true, effects: [.content])
        static let lineCap = CAProperty<CAShapeLayerLineCap>(Slot.lineCap.slot, "lineCap", .butt, effects: [.content])
        static let lineJoin = CAProperty<CAShapeLayerLineJoin>(Slot.lineJoin.slot, "lineJoin", .miter, effects: [.content])
        static let lineDashPhase = CAProperty<CGFloat>(Slot.lineDashPhase.slot, "lineDashPhase", 0, animatable: true, effects: [.content])
        // [U] The header does not say whether the dash pattern animates; Lamina animates it element-wise.
        static let lineDashPattern = CAProperty<[NSNumber]?>(Slot.lineDashPattern.slot, "lineDashPattern", nil, animatable: true,
                                                             effects: [.content])
        static let all: [CAPropertyDescriptor] = [path, fillColor, fillRule, strokeColor, strokeStart, strokeEnd, lineWidth,
                                                  miterLimit, lineCap, lineJoin, lineDashPhase, lineDashPattern]
    }

    static let descriptors = CALayer.layerDescriptors + SP.all
    override class var builtInPropertyDescriptors: [CAPropertyDescriptor] { CAShapeLayer.descriptors }
    override class var builtInSlotCount: Int { LayerSlot.allCases.count + Slot.allCases.count }



    /// The path drawn (copied on assignment). Animatable by explicit animations.
    open var path: CGPath? { get { self[SP.path] } set { self[SP.path] = newValue?.copy() } }
    /// The fill colour; nil for no fill. Opaque black by default. Animatable.
    open var fillColor: CGColor? { get { self[SP.fillColor] } set { self[SP.fillColor] = newValue } }
    /// The fill rule.
    open var fillRule: CAShapeLayerFillRule { get { self[SP.fillRule] } set { self[SP.fillRule] = newValue } }
    /// The stroke colour; nil (the default) for no stroke. Animatable.
    open var strokeColor: CGColor? { get { self[SP.strokeColor] } set { self[SP.strokeColor] = newValue } }
    /// Where the stroke starts, as a fraction of the path's length. Animatable.
    open var strokeStart: CGFloat { get { self[SP.strokeStart] } set { self[SP.strokeStart] = newValue } }
    /// Where the stroke ends, as a fraction of the path's length. Animatable.
    open var strokeEnd: CGFloat { get { self[SP.strokeEnd] } set { self[SP.strokeEnd] = newValue } }
    /// The stroke width. Animatable.
    open var lineWidth: CGFloat { get { self[SP.lineWidth] } set { self[SP.lineWidth] = newValue } }
    /// The miter limit. Animatable.
    open var miterLimit: CGFloat { get { self[SP.miterLimit] } set { self[SP.miterLimit] = newValue } }
    /// The line cap.
    open var lineCap: CAShapeLayerLineCap { get { self[SP.lineCap] } set { self[SP.lineCap] = newValue } }
    /// The line join.
    open var lineJoin: CAShapeLayerLineJoin { get { self[SP.lineJoin] } set { self[SP.lineJoin] = newValue } }
    /// The dash phase. Animatable.
    open var lineDashPhase: CGFloat { get { self[SP.lineDashPhase] } set { self[SP.lineDashPhase] = newValue } }
    /// The dash lengths; nil for a solid line.
    open var lineDashPattern: [NSNumber]? { get { self[SP.lineDashPattern] } set { self[SP.lineDashPattern] = newValue } }
}

extension CAShapeLayer {
    /// KVC goes through these accessors for user subclasses (see OverridableAccessors.swift).
    static let ownKVCAccessors = CALayer.baseKVCAccessors.adding([
        .init("path", \CAShapeLayer.path),
        .init("fillColor", \CAShapeLayer.fillColor),
        .init("fillRule", \CAShapeLayer.fillRule),
        .init("strokeColor", \CAShapeLayer.strokeColor),
        .init("strokeStart", \CAShapeLayer.strokeStart),
        .init("strokeEnd", \CAShapeLayer.strokeEnd),
        .init("lineWidth", \CAShapeLayer.lineWidth),
        .init("miterLimit", \CAShapeLayer.miterLimit),
        .init("lineCap", \CAShapeLayer.lineCap),
        .init("lineJoin", \CAShapeLayer.lineJoin),
        .init("lineDashPhase", \CAShapeLayer.lineDashPhase),
        .init("lineDashPattern", \CAShapeLayer.lineDashPattern),
    ])
}
