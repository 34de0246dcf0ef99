import Foundation

/// The Swift accessors of CALayer's declared properties, by key: key-value coding sets a
/// property through its accessor, so a subclass's `override var bounds { didSet { … } }` runs
/// for `setValue(_:forKey:)`, `setValue(_:forKeyPath:)` (`"bounds.size.width"`), archives and
/// state changes, as on Apple's platforms.
extension CALayer {
    typealias Setter = @Sendable (CALayer, Any) -> Bool
    typealias Getter = @Sendable (CALayer) -> Any?

    private static func setter<V>(_ kp: ReferenceWritableKeyPath<CALayer, V>) -> Setter {
        nonisolated(unsafe) let kp = kp
        return { layer, value in
            guard let v = value as? V else { return false }
            layer[keyPath: kp] = v
            return true
        }
    }

    private static func getter<V>(_ kp: KeyPath<CALayer, V>) -> Getter {
        nonisolated(unsafe) let kp = kp
        return { layer in layer[keyPath: kp] }
    }

    /// The getter for each declared key whose accessor a subclass may override, keyed like
    /// ``overridableSetters`` (KVC reads through them for subclasses).
    static let overridableGetters: [String: Getter] = [
        "frame": getter(\.frame), "bounds": getter(\.bounds), "position": getter(\.position), "zPosition": getter(\.zPosition),
        "anchorPoint": getter(\.anchorPoint), "transform": getter(\.transform), "hidden": getter(\.isHidden),
        "masksToBounds": getter(\.masksToBounds), "contents": getter(\.contents), "opacity": getter(\.opacity),
        "backgroundColor": getter(\.backgroundColor), "cornerRadius": getter(\.cornerRadius),
        "borderWidth": getter(\.borderWidth), "borderColor": getter(\.borderColor), "shadowOpacity": getter(\.shadowOpacity),
        "shadowColor": getter(\.shadowColor), "shadowOffset": getter(\.shadowOffset), "shadowRadius": getter(\.shadowRadius),
        "shadowPath": getter(\.shadowPath), "name": getter(\.name), "isHidden": getter(\.isHidden),
    ]

    /// The setter for each declared key (the descriptors' primary keys).
    static let overridableSetters: [String: Setter] = [
        "frame": setter(\.frame), "sublayers": setter(\.sublayers), "mask": setter(\.mask),
        "bounds": setter(\.bounds), "position": setter(\.position), "zPosition": setter(\.zPosition),
        "anchorPoint": setter(\.anchorPoint), "anchorPointZ": setter(\.anchorPointZ),
        "transform": setter(\.transform), "sublayerTransform": setter(\.sublayerTransform),
        "hidden": setter(\.isHidden), "doubleSided": setter(\.isDoubleSided),
        "geometryFlipped": setter(\.isGeometryFlipped), "masksToBounds": setter(\.masksToBounds),
        "contents": setter(\.contents), "contentsRect": setter(\.contentsRect), "contentsCenter": setter(\.contentsCenter),
        "contentsGravity": setter(\.contentsGravity), "contentsScale": setter(\.contentsScale),
        "contentsFormat": setter(\.contentsFormat), "minificationFilter": setter(\.minificationFilter),
        "magnificationFilter": setter(\.magnificationFilter), "minificationFilterBias": setter(\.minificationFilterBias),
        "opaque": setter(\.isOpaque), "needsDisplayOnBoundsChange": setter(\.needsDisplayOnBoundsChange),
        "drawsAsynchronously": setter(\.drawsAsynchronously), "edgeAntialiasingMask": setter(\.edgeAntialiasingMask),
        "allowsEdgeAntialiasing": setter(\.allowsEdgeAntialiasing), "backgroundColor": setter(\.backgroundColor),
        "cornerRadius": setter(\.cornerRadius), "maskedCorners": setter(\.maskedCorners), "cornerCurve": setter(\.cornerCurve),
        "borderWidth": setter(\.borderWidth), "borderColor": setter(\.borderColor), "opacity": setter(\.opacity),
        "allowsGroupOpacity": setter(\.allowsGroupOpacity), "compositingFilter": setter(\.compositingFilter),
        "shouldRasterize": setter(\.shouldRasterize), "rasterizationScale": setter(\.rasterizationScale),
        "shadowColor": setter(\.shadowColor), "shadowOpacity": setter(\.shadowOpacity), "shadowOffset": setter(\.shadowOffset),
        "shadowRadius": setter(\.shadowRadius), "shadowPath": setter(\.shadowPath), "name": setter(\.name),
        "autoresizingMask": setter(\.autoresizingMask), "beginTime": setter(\.beginTime), "duration": setter(\.duration),
        "speed": setter(\.speed), "timeOffset": setter(\.timeOffset), "repeatCount": setter(\.repeatCount),
        "repeatDuration": setter(\.repeatDuration), "autoreverses": setter(\.autoreverses), "fillMode": setter(\.fillMode),
    ]
}
