import Foundation

/// The Swift accessors of CALayer's declared properties, by key: key-value coding sets a
/// property through its accessor, so a subclass's `override var bounds { didSet { … } }` runs
/// for `setValue(_:forKey:)`, `setValue(_:forKeyPath:)` (`"bounds.size.width"`), archives and
/// state changes, as on Apple's platforms. Each Lamina layer class lists its keys' accessors
/// (`kvcAccessors`, its superclass's plus its own).
///
/// A class's KVC accessors: for each declared key, a setter and a getter that go through the
/// Swift property (and so through a subclass's override of it).
struct KVCAccessors: Sendable {
    typealias Setter = @Sendable (CALayer, Any) -> Bool
    typealias Getter = @Sendable (CALayer) -> Any?
    var setters: [String: Setter] = [:]
    var getters: [String: Getter] = [:]

    init() {}

    /// These accessors plus those of `entries` (a subclass's own keys).
    func adding(_ entries: [Entry]) -> KVCAccessors {
        var a = self
        for e in entries {
            a.setters[e.key] = e.set
            a.getters[e.key] = e.get
        }
        return a
    }

    /// One key's accessors, through `keyPath` on the class that declares it.
    struct Entry: Sendable {
        let key: String
        let set: Setter
        let get: Getter

        init<Root: CALayer, V>(_ key: String, _ keyPath: ReferenceWritableKeyPath<Root, V>) {
            nonisolated(unsafe) let kp = keyPath
            self.key = key
            set = { layer, value in
                guard let l = layer as? Root, let v = value as? V else { return false }
                l[keyPath: kp] = v
                return true
            }
            get = { layer in (layer as? Root).map { $0[keyPath: kp] } }
        }
    }
}

extension CALayer {
    /// CALayer's own keys.
    static let baseKVCAccessors = KVCAccessors().adding([
        .init("frame", \CALayer.frame),
        .init("sublayers", \CALayer.sublayers),
        .init("mask", \CALayer.mask),
        .init("bounds", \CALayer.bounds),
        .init("position", \CALayer.position),
        .init("zPosition", \CALayer.zPosition),
        .init("anchorPoint", \CALayer.anchorPoint),
        .init("anchorPointZ", \CALayer.anchorPointZ),
        .init("transform", \CALayer.transform),
        .init("sublayerTransform", \CALayer.sublayerTransform),
        .init("hidden", \CALayer.isHidden),
        .init("doubleSided", \CALayer.isDoubleSided),
        .init("geometryFlipped", \CALayer.isGeometryFlipped),
        .init("masksToBounds", \CALayer.masksToBounds),
        .init("contents", \CALayer.contents),
        .init("contentsRect", \CALayer.contentsRect),
        .init("contentsCenter", \CALayer.contentsCenter),
        .init("contentsGravity", \CALayer.contentsGravity),
        .init("contentsScale", \CALayer.contentsScale),
        .init("contentsFormat", \CALayer.contentsFormat),
        .init("minificationFilter", \CALayer.minificationFilter),
        .init("magnificationFilter", \CALayer.magnificationFilter),
        .init("minificationFilterBias", \CALayer.minificationFilterBias),
        .init("opaque", \CALayer.isOpaque),
        .init("needsDisplayOnBoundsChange", \CALayer.needsDisplayOnBoundsChange),
        .init("drawsAsynchronously", \CALayer.drawsAsynchronously),
        .init("edgeAntialiasingMask", \CALayer.edgeAntialiasingMask),
        .init("allowsEdgeAntialiasing", \CALayer.allowsEdgeAntialiasing),
        .init("backgroundColor", \CALayer.backgroundColor),
        .init("cornerRadius", \CALayer.cornerRadius),
        .init("maskedCorners", \CALayer.maskedCorners),
        .init("cornerCurve", \CALayer.cornerCurve),
        .init("borderWidth", \CALayer.borderWidth),
        .init("borderColor", \CALayer.borderColor),
        .init("opacity", \CALayer.opacity),
        .init("allowsGroupOpacity", \CALayer.allowsGroupOpacity),
        .init("compositingFilter", \CALayer.compositingFilter),
        .init("shouldRasterize", \CALayer.shouldRasterize),
        .init("rasterizationScale", \CALayer.rasterizationScale),
        .init("shadowColor", \CALayer.shadowColor),
        .init("shadowOpacity", \CALayer.shadowOpacity),
        .init("shadowOffset", \CALayer.shadowOffset),
        .init("shadowRadius", \CALayer.shadowRadius),
        .init("shadowPath", \CALayer.shadowPath),
        .init("name", \CALayer.name),
        .init("autoresizingMask", \CALayer.autoresizingMask),
        .init("beginTime", \CALayer.beginTime),
        .init("duration", \CALayer.duration),
        .init("speed", \CALayer.speed),
        .init("timeOffset", \CALayer.timeOffset),
        .init("repeatCount", \CALayer.repeatCount),
        .init("repeatDuration", \CALayer.repeatDuration),
        .init("autoreverses", \CALayer.autoreverses),
        .init("fillMode", \CALayer.fillMode),
        .init("isHidden", \CALayer.isHidden),
    ])

    /// The classes Lamina declares: their accessors are Lamina's own, so KVC writes their
    /// stores directly; an instance of any other class (a subclass in user code) goes through
    /// the accessors, which it may have overridden.
    static let laminaClasses: Set<ObjectIdentifier> = [
        ObjectIdentifier(CALayer.self), ObjectIdentifier(CAShapeLayer.self), ObjectIdentifier(CAGradientLayer.self),
        ObjectIdentifier(CATextLayer.self), ObjectIdentifier(CAReplicatorLayer.self), ObjectIdentifier(CAEmitterLayer.self),
        ObjectIdentifier(CAScrollLayer.self), ObjectIdentifier(CATransformLayer.self),
    ]

    /// Whether KVC should go through this layer's Swift accessors (it is a user subclass).
    var kvcUsesAccessors: Bool { !CALayer.laminaClasses.contains(ObjectIdentifier(type(of: self))) }
}
