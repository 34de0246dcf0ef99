/// Storage slots of CALayer's own stored properties. Subclasses number theirs from
/// `LayerSlot.allCases.count` up.
enum LayerSlot: Int, CaseIterable {
    case bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform
    case hidden, doubleSided, geometryFlipped, masksToBounds
    case contents, contentsRect, contentsCenter, contentsGravity, contentsScale, contentsFormat
    case minificationFilter, magnificationFilter, minificationFilterBias
    case opaque, needsDisplayOnBoundsChange, drawsAsynchronously, edgeAntialiasingMask, allowsEdgeAntialiasing
    case backgroundColor, cornerRadius, maskedCorners, cornerCurve, borderWidth, borderColor
    case opacity, allowsGroupOpacity, compositingFilter, filters, backgroundFilters
    case shouldRasterize, rasterizationScale
    case shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath
    case name, actions, style, layoutManager, autoresizingMask
    case beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode
    case constraints
}

extension CALayer {
    /// CALayer's property descriptions (spec §1): key, type, default, animatable, effects.
    enum P {
        static let bounds = CAProperty<CGRect>(LayerSlot.bounds.rawValue, "bounds", .zero, animatable: true,
                                               effects: [.layout, .superlayerLayout, .displayOnBoundsChange, .content])
        static let position = CAProperty<CGPoint>(LayerSlot.position.rawValue, "position", .zero, animatable: true)
        static let zPosition = CAProperty<CGFloat>(LayerSlot.zPosition.rawValue, "zPosition", 0, animatable: true)
        static let anchorPoint = CAProperty<CGPoint>(LayerSlot.anchorPoint.rawValue, "anchorPoint",
                                                     CGPoint(x: 0.5, y: 0.5), animatable: true)
        static let anchorPointZ = CAProperty<CGFloat>(LayerSlot.anchorPointZ.rawValue, "anchorPointZ", 0, animatable: true)
        static let transform = CAProperty<CATransform3D>(LayerSlot.transform.rawValue, "transform", CATransform3DIdentity,
                                                         animatable: true, effects: [.layout, .superlayerLayout])
        static let sublayerTransform = CAProperty<CATransform3D>(LayerSlot.sublayerTransform.rawValue, "sublayerTransform",
                                                                 CATransform3DIdentity, animatable: true)
        static let hidden = CAProperty<Bool>(LayerSlot.hidden.rawValue, "hidden", false, animatable: true, aliases: ["isHidden"])
        // Animatable, but with no implied animation [G].
        static let doubleSided = CAProperty<Bool>(LayerSlot.doubleSided.rawValue, "doubleSided", true, animatable: true,
                                                  implicit: false, aliases: ["isDoubleSided"])
        // [U] the header does not mark it animatable.
        static let geometryFlipped = CAProperty<Bool>(LayerSlot.geometryFlipped.rawValue, "geometryFlipped", false,
                                                      aliases: ["isGeometryFlipped"])
        static let masksToBounds = CAProperty<Bool>(LayerSlot.masksToBounds.rawValue, "masksToBounds", false, animatable: true)
        static let contents = CAProperty<Any?>(LayerSlot.contents.rawValue, "contents", nil, animatable: true, effects: [.content])
        static let contentsRect = CAProperty<CGRect>(LayerSlot.contentsRect.rawValue, "contentsRect",
                                                     CGRect(x: 0, y: 0, width: 1, height: 1), animatable: true)
        static let contentsCenter = CAProperty<CGRect>(LayerSlot.contentsCenter.rawValue, "contentsCenter",
                                                       CGRect(x: 0, y: 0, width: 1, height: 1), animatable: true)
        static let contentsGravity = CAProperty<CALayerContentsGravity>(LayerSlot.contentsGravity.rawValue, "contentsGravity", .resize)
        static let contentsScale = CAProperty<CGFloat>(LayerSlot.contentsScale.rawValue, "contentsScale", 1, animatable: true,
                                                       effects: [.content])
        static let contentsFormat = CAProperty<CALayerContentsFormat>(LayerSlot.contentsFormat.rawValue, "contentsFormat", .RGBA8Uint)
        static let minificationFilter = CAProperty<CALayerContentsFilter>(LayerSlot.minificationFilter.rawValue,
                                                                          "minificationFilter", .linear)
        static let magnificationFilter = CAProperty<CALayerContentsFilter>(LayerSlot.magnificationFilter.rawValue,
                                                                           "magnificationFilter", .linear)
        static let minificationFilterBias = CAProperty<Float>(LayerSlot.minificationFilterBias.rawValue,
                                                              "minificationFilterBias", 0, animatable: true)
        static let opaque = CAProperty<Bool>(LayerSlot.opaque.rawValue, "opaque", false, aliases: ["isOpaque"])
        static let needsDisplayOnBoundsChange = CAProperty<Bool>(LayerSlot.needsDisplayOnBoundsChange.rawValue,
                                                                 "needsDisplayOnBoundsChange", false)
        static let drawsAsynchronously = CAProperty<Bool>(LayerSlot.drawsAsynchronously.rawValue, "drawsAsynchronously", false)
        static let edgeAntialiasingMask = CAProperty<CAEdgeAntialiasingMask>(
            LayerSlot.edgeAntialiasingMask.rawValue, "edgeAntialiasingMask",
            [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
        // Apple reads UIViewEdgeAntialiasing from Info.plist; Lamina has none, so false.
        static let allowsEdgeAntialiasing = CAProperty<Bool>(LayerSlot.allowsEdgeAntialiasing.rawValue,
                                                             "allowsEdgeAntialiasing", false)
        static let backgroundColor = CAProperty<CGColor?>(LayerSlot.backgroundColor.rawValue, "backgroundColor", nil, animatable: true)
        static let cornerRadius = CAProperty<CGFloat>(LayerSlot.cornerRadius.rawValue, "cornerRadius", 0, animatable: true)
        // [U] animatability not stated; corner masks switch discretely.
        static let maskedCorners = CAProperty<CACornerMask>(
            LayerSlot.maskedCorners.rawValue, "maskedCorners",
            [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        static let cornerCurve = CAProperty<CALayerCornerCurve>(LayerSlot.cornerCurve.rawValue, "cornerCurve", .circular)
        static let borderWidth = CAProperty<CGFloat>(LayerSlot.borderWidth.rawValue, "borderWidth", 0, animatable: true)
        static let borderColor = CAProperty<CGColor?>(LayerSlot.borderColor.rawValue, "borderColor", CGColor.black, animatable: true)
        static let opacity = CAProperty<Float>(LayerSlot.opacity.rawValue, "opacity", 1, animatable: true)
        // Apple: Info.plist UIViewGroupOpacity, else true for apps linked on iOS 7 or later.
        static let allowsGroupOpacity = CAProperty<Bool>(LayerSlot.allowsGroupOpacity.rawValue, "allowsGroupOpacity", true)
        static let compositingFilter = CAProperty<Any?>(LayerSlot.compositingFilter.rawValue, "compositingFilter", nil,
                                                        animatable: true)
        static let filters = CAProperty<[Any]?>(LayerSlot.filters.rawValue, "filters", nil, animatable: true)
        static let backgroundFilters = CAProperty<[Any]?>(LayerSlot.backgroundFilters.rawValue, "backgroundFilters", nil,
                                                          animatable: true)
        static let shouldRasterize = CAProperty<Bool>(LayerSlot.shouldRasterize.rawValue, "shouldRasterize", false, animatable: true)
        static let rasterizationScale = CAProperty<CGFloat>(LayerSlot.rasterizationScale.rawValue, "rasterizationScale", 1,
                                                            animatable: true)
        static let shadowColor = CAProperty<CGColor?>(LayerSlot.shadowColor.rawValue, "shadowColor", CGColor.black, animatable: true)
        static let shadowOpacity = CAProperty<Float>(LayerSlot.shadowOpacity.rawValue, "shadowOpacity", 0, animatable: true)
        static let shadowOffset = CAProperty<CGSize>(LayerSlot.shadowOffset.rawValue, "shadowOffset",
                                                     CGSize(width: 0, height: -3), animatable: true)
        static let shadowRadius = CAProperty<CGFloat>(LayerSlot.shadowRadius.rawValue, "shadowRadius", 3, animatable: true)
        static let shadowPath = CAProperty<CGPath?>(LayerSlot.shadowPath.rawValue, "shadowPath", nil, animatable: true)
        static let name = CAProperty<String?>(LayerSlot.name.rawValue, "name", nil)
        static let actions = CAProperty<[String: any CAAction]?>(LayerSlot.actions.rawValue, "actions", nil)
        static let style = CAProperty<[AnyHashable: Any]?>(LayerSlot.style.rawValue, "style", nil, usesStyle: false)
        static let layoutManager = CAProperty<(any CALayoutManager)?>(LayerSlot.layoutManager.rawValue, "layoutManager", nil,
                                                                      effects: [.layout])
        static let autoresizingMask = CAProperty<CAAutoresizingMask>(LayerSlot.autoresizingMask.rawValue, "autoresizingMask", [])
        static let constraints = CAProperty<[CAConstraint]?>(LayerSlot.constraints.rawValue, "constraints", nil,
                                                             effects: [.superlayerLayout])
        static let beginTime = CAProperty<CFTimeInterval>(LayerSlot.beginTime.rawValue, "beginTime", 0)
        static let duration = CAProperty<CFTimeInterval>(LayerSlot.duration.rawValue, "duration", 0)
        static let speed = CAProperty<Float>(LayerSlot.speed.rawValue, "speed", 1)
        static let timeOffset = CAProperty<CFTimeInterval>(LayerSlot.timeOffset.rawValue, "timeOffset", 0)
        static let repeatCount = CAProperty<Float>(LayerSlot.repeatCount.rawValue, "repeatCount", 0, allowsInfinity: true)
        static let repeatDuration = CAProperty<CFTimeInterval>(LayerSlot.repeatDuration.rawValue, "repeatDuration", 0, allowsInfinity: true)
        static let autoreverses = CAProperty<Bool>(LayerSlot.autoreverses.rawValue, "autoreverses", false)
        static let fillMode = CAProperty<CAMediaTimingFillMode>(LayerSlot.fillMode.rawValue, "fillMode", .removed)

        // Derived properties: no storage of their own.
        static let frame = CAProperty<CGRect>(derived: "frame", default: .zero,
                                              get: { ($0 as! CALayer).frame }, set: { ($0 as! CALayer).frame = $1 })
        static let superlayer = CAProperty<CALayer?>(derived: "superlayer", default: nil,
                                                     get: { ($0 as! CALayer).superlayer }, set: nil)
        static let sublayers = CAProperty<[CALayer]?>(derived: "sublayers", default: nil, animatable: true,
                                                      get: { ($0 as! CALayer).sublayers }, set: { ($0 as! CALayer).sublayers = $1 })
        static let mask = CAProperty<CALayer?>(derived: "mask", default: nil, animatable: true,
                                               get: { ($0 as! CALayer).mask }, set: { ($0 as! CALayer).mask = $1 })
        static let delegate = CAProperty<(any CALayerDelegate)?>(derived: "delegate", default: nil,
                                                                  get: { ($0 as! CALayer).delegate },
                                                                  set: { ($0 as! CALayer).delegate = $1 })
    }

    static let layerDescriptors: [CAPropertyDescriptor] = {
        let stored: [CAPropertyDescriptor] = [
            P.bounds, P.position, P.zPosition, P.anchorPoint, P.anchorPointZ, P.transform, P.sublayerTransform,
            P.hidden, P.doubleSided, P.geometryFlipped, P.masksToBounds,
            P.contents, P.contentsRect, P.contentsCenter, P.contentsGravity, P.contentsScale, P.contentsFormat,
            P.minificationFilter, P.magnificationFilter, P.minificationFilterBias,
            P.opaque, P.needsDisplayOnBoundsChange, P.drawsAsynchronously, P.edgeAntialiasingMask, P.allowsEdgeAntialiasing,
            P.backgroundColor, P.cornerRadius, P.maskedCorners, P.cornerCurve, P.borderWidth, P.borderColor,
            P.opacity, P.allowsGroupOpacity, P.compositingFilter, P.filters, P.backgroundFilters,
            P.shouldRasterize, P.rasterizationScale,
            P.shadowColor, P.shadowOpacity, P.shadowOffset, P.shadowRadius, P.shadowPath,
            P.name, P.actions, P.style, P.layoutManager, P.autoresizingMask,
            P.beginTime, P.duration, P.speed, P.timeOffset, P.repeatCount, P.repeatDuration, P.autoreverses, P.fillMode,
            P.constraints,
        ]
        precondition(stored.map(\.slot) == LayerSlot.allCases.map(\.rawValue), "CALayer property table out of slot order")
        return stored + [P.frame, P.superlayer, P.sublayers, P.mask, P.delegate]
    }()

    // MARK: Geometry

    /// The layer's own coordinate space: origin and size. Animatable.
    public var bounds: CGRect { get { self[P.bounds] } set { self[P.bounds] = newValue } }
    /// Where the anchor point sits, in the superlayer's coordinates. Animatable.
    public var position: CGPoint { get { self[P.position] } set { self[P.position] = newValue } }
    /// The z part of the position; also the drawing order among siblings. Animatable.
    public var zPosition: CGFloat { get { self[P.zPosition] } set { self[P.zPosition] = newValue } }
    /// The point transforms pivot about, in unit coordinates of the bounds. Animatable.
    public var anchorPoint: CGPoint { get { self[P.anchorPoint] } set { self[P.anchorPoint] = newValue } }
    /// The z of the pivot, in points. Animatable.
    public var anchorPointZ: CGFloat { get { self[P.anchorPointZ] } set { self[P.anchorPointZ] = newValue } }
    /// The transform applied about the anchor point. Animatable.
    public var transform: CATransform3D { get { self[P.transform] } set { self[P.transform] = newValue } }
    /// The transform applied to every sublayer (about this layer's anchor point). Animatable.
    public var sublayerTransform: CATransform3D {
        get { self[P.sublayerTransform] } set { self[P.sublayerTransform] = newValue }
    }
    /// Whether the layer and its subtree are hidden. Animatable.
    public var isHidden: Bool { get { self[P.hidden] } set { self[P.hidden] = newValue } }
    /// Whether the back of the layer is drawn when it faces away. Animatable, without implied animation.
    public var isDoubleSided: Bool { get { self[P.doubleSided] } set { self[P.doubleSided] = newValue } }
    /// Whether the geometry of the layer and its subtree is flipped vertically.
    public var isGeometryFlipped: Bool { get { self[P.geometryFlipped] } set { self[P.geometryFlipped] = newValue } }
    /// Whether sublayers and contents are clipped to the (rounded) bounds. Animatable.
    public var masksToBounds: Bool { get { self[P.masksToBounds] } set { self[P.masksToBounds] = newValue } }

    // MARK: Contents

    /// The layer's image, usually a `CGImage`. Animatable (cross-fade).
    public var contents: Any? { get { kvcFlatten(self[P.contents]) } set { self[P.contents] = newValue } }
    /// The part of the contents image shown, in unit coordinates. Animatable.
    public var contentsRect: CGRect { get { self[P.contentsRect] } set { self[P.contentsRect] = newValue } }
    /// The stretchable centre for nine-slice scaling, in unit coordinates. Animatable.
    public var contentsCenter: CGRect { get { self[P.contentsCenter] } set { self[P.contentsCenter] = newValue } }
    /// How the contents are placed in the bounds.
    public var contentsGravity: CALayerContentsGravity {
        get { self[P.contentsGravity] } set { self[P.contentsGravity] = newValue }
    }
    /// Pixels per point of the contents. Animatable.
    public var contentsScale: CGFloat { get { self[P.contentsScale] } set { self[P.contentsScale] = newValue } }
    /// The pixel format hint for drawn content.
    public var contentsFormat: CALayerContentsFormat { get { self[P.contentsFormat] } set { self[P.contentsFormat] = newValue } }
    /// The filter used when contents are drawn smaller than their size.
    public var minificationFilter: CALayerContentsFilter {
        get { self[P.minificationFilter] } set { self[P.minificationFilter] = newValue }
    }
    /// The filter used when contents are drawn larger than their size.
    public var magnificationFilter: CALayerContentsFilter {
        get { self[P.magnificationFilter] } set { self[P.magnificationFilter] = newValue }
    }
    /// The level-of-detail bias for trilinear filtering. Animatable.
    public var minificationFilterBias: Float {
        get { self[P.minificationFilterBias] } set { self[P.minificationFilterBias] = newValue }
    }
    /// A hint that drawn content is fully opaque.
    public var isOpaque: Bool { get { self[P.opaque] } set { self[P.opaque] = newValue } }
    /// Whether a bounds change calls `setNeedsDisplay()`.
    public var needsDisplayOnBoundsChange: Bool {
        get { self[P.needsDisplayOnBoundsChange] } set { self[P.needsDisplayOnBoundsChange] = newValue }
    }
    /// Whether drawing may be deferred (a hint; Lamina draws synchronously).
    public var drawsAsynchronously: Bool {
        get { self[P.drawsAsynchronously] } set { self[P.drawsAsynchronously] = newValue }
    }
    /// Which edges are antialiased when `allowsEdgeAntialiasing` is true.
    public var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { self[P.edgeAntialiasingMask] } set { self[P.edgeAntialiasingMask] = newValue }
    }
    /// Whether edges are antialiased as `edgeAntialiasingMask` says.
    public var allowsEdgeAntialiasing: Bool {
        get { self[P.allowsEdgeAntialiasing] } set { self[P.allowsEdgeAntialiasing] = newValue }
    }

    // MARK: Appearance

    /// The background fill. Animatable.
    public var backgroundColor: CGColor? { get { self[P.backgroundColor] } set { self[P.backgroundColor] = newValue } }
    /// The radius of the rounded corners of background, border and clip. Animatable.
    public var cornerRadius: CGFloat { get { self[P.cornerRadius] } set { self[P.cornerRadius] = newValue } }
    /// Which corners `cornerRadius` rounds.
    public var maskedCorners: CACornerMask { get { self[P.maskedCorners] } set { self[P.maskedCorners] = newValue } }
    /// The curve of the rounded corners.
    public var cornerCurve: CALayerCornerCurve { get { self[P.cornerCurve] } set { self[P.cornerCurve] = newValue } }
    /// How much further along each edge a corner of `curve` reaches than a circular corner of
    /// the same radius: 1 for `.circular`, about 1.53 for `.continuous`. A continuous corner
    /// needs `cornerRadius × factor` of each edge to be fully continuous; with less it blends
    /// towards circular.
    public class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? ContinuousCorner.expansionFactor : 1
    }
    /// The width of the border, inset from the bounds. Animatable.
    public var borderWidth: CGFloat { get { self[P.borderWidth] } set { self[P.borderWidth] = newValue } }
    /// The border colour (opaque black by default). Animatable.
    public var borderColor: CGColor? { get { self[P.borderColor] } set { self[P.borderColor] = newValue } }
    /// The opacity of the layer and its subtree. Animatable.
    public var opacity: Float { get { self[P.opacity] } set { self[P.opacity] = newValue } }
    /// Whether a partly transparent layer composites its subtree as one group.
    public var allowsGroupOpacity: Bool { get { self[P.allowsGroupOpacity] } set { self[P.allowsGroupOpacity] = newValue } }
    /// A filter composing the layer with what lies behind it. Animatable.
    public var compositingFilter: Any? {
        get { kvcFlatten(self[P.compositingFilter]) } set { self[P.compositingFilter] = newValue }
    }
    /// Filters applied to the layer's content. Animatable.
    public var filters: [Any]? { get { self[P.filters] } set { self[P.filters] = newValue } }
    /// Filters applied to what lies behind the layer. Animatable.
    public var backgroundFilters: [Any]? { get { self[P.backgroundFilters] } set { self[P.backgroundFilters] = newValue } }
    /// Whether the layer is rendered as a bitmap before compositing. Animatable.
    public var shouldRasterize: Bool { get { self[P.shouldRasterize] } set { self[P.shouldRasterize] = newValue } }
    /// The scale of that bitmap. Animatable.
    public var rasterizationScale: CGFloat {
        get { self[P.rasterizationScale] } set { self[P.rasterizationScale] = newValue }
    }

    // MARK: Shadow

    /// The shadow colour (opaque black by default). Animatable.
    public var shadowColor: CGColor? { get { self[P.shadowColor] } set { self[P.shadowColor] = newValue } }
    /// The shadow opacity (0 by default, so no shadow shows). Animatable.
    public var shadowOpacity: Float { get { self[P.shadowOpacity] } set { self[P.shadowOpacity] = newValue } }
    /// The shadow offset ((0, −3) by default). Animatable.
    public var shadowOffset: CGSize { get { self[P.shadowOffset] } set { self[P.shadowOffset] = newValue } }
    /// The shadow blur radius (3 by default). Animatable.
    public var shadowRadius: CGFloat { get { self[P.shadowRadius] } set { self[P.shadowRadius] = newValue } }
    /// The shape of the shadow (copied on assignment); nil follows the layer's alpha. Animatable.
    public var shadowPath: CGPath? { get { self[P.shadowPath] } set { self[P.shadowPath] = newValue?.copy() } }

    // MARK: Identity, actions and layout

    /// A name, used by layout managers and to find layers.
    public var name: String? { get { self[P.name] } set { self[P.name] = newValue } }
    /// Actions by event key (searched after the delegate).
    public var actions: [String: any CAAction]? { get { self[P.actions] } set { self[P.actions] = newValue } }
    /// Fallback values for unset properties; may contain a nested `"style"` dictionary.
    public var style: [AnyHashable: Any]? { get { self[P.style] } set { self[P.style] = newValue } }
    /// The object that lays out the sublayers (macOS).
    public var layoutManager: (any CALayoutManager)? { get { self[P.layoutManager] } set { self[P.layoutManager] = newValue } }
    /// How the layer resizes with its superlayer (macOS).
    public var autoresizingMask: CAAutoresizingMask {
        get { self[P.autoresizingMask] } set { self[P.autoresizingMask] = newValue }
    }

    // MARK: CAMediaTiming

    public var beginTime: CFTimeInterval { get { self[P.beginTime] } set { self[P.beginTime] = newValue } }
    public var duration: CFTimeInterval { get { self[P.duration] } set { self[P.duration] = newValue } }
    public var speed: Float { get { self[P.speed] } set { self[P.speed] = newValue } }
    public var timeOffset: CFTimeInterval { get { self[P.timeOffset] } set { self[P.timeOffset] = newValue } }
    public var repeatCount: Float { get { self[P.repeatCount] } set { self[P.repeatCount] = newValue } }
    public var repeatDuration: CFTimeInterval { get { self[P.repeatDuration] } set { self[P.repeatDuration] = newValue } }
    public var autoreverses: Bool { get { self[P.autoreverses] } set { self[P.autoreverses] = newValue } }
    public var fillMode: CAMediaTimingFillMode { get { self[P.fillMode] } set { self[P.fillMode] = newValue } }

    /// The weak delegate: drawing, layout and actions.
    public var delegate: (any CALayerDelegate)? {
        get { _delegate }
        set { _delegate = newValue }
    }
}
