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
        /// A bounds with a negative size is stored standardised, as Apple's is (the same rectangle
        /// with its origin at the minimum corner).
        static let bounds = CAProperty<CGRect>(LayerSlot.bounds.rawValue, "bounds", .zero, animatable: true,
                                               effects: [.layout, .superlayerLayout, .displayOnBoundsChange, .content],
                                               normalize: { $0.isFinite ? $0.standardized : $0 })
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
}
