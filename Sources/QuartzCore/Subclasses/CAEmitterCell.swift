/// One kind of particle an emitter layer emits, with the same keyed property store, KVC and
/// `style`/`defaultValue(forKey:)` defaults as layers.
open class CAEmitterCell: NSObject, CAMediaTiming, PropertyOwner {
    var propertyStore = PropertyStore()
    let propertyClassInfo: PropertyClassInfo

    enum Slot: Int, CaseIterable {
        case name, enabled, birthRate, lifetime, lifetimeRange, emissionLatitude, emissionLongitude, emissionRange
        case velocity, velocityRange, xAcceleration, yAcceleration, zAcceleration, scale, scaleRange, scaleSpeed
        case spin, spinRange, color, redRange, greenRange, blueRange, alphaRange, redSpeed, greenSpeed, blueSpeed, alphaSpeed
        case contents, contentsRect, contentsScale, minificationFilter, magnificationFilter, minificationFilterBias
        case emitterCells, style
        case beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode
    }

    enum CP {
        static func f(_ s: Slot, _ k: String, _ d: Float = 0) -> CAProperty<Float> { CAProperty(s.rawValue, k, d, animatable: true) }
        static func g(_ s: Slot, _ k: String, _ d: CGFloat = 0) -> CAProperty<CGFloat> { CAProperty(s.rawValue, k, d, animatable: true) }
        static let name = CAProperty<String?>(Slot.name.rawValue, "name", nil)
        static let enabled = CAProperty<Bool>(Slot.enabled.rawValue, "enabled", true, animatable: true, aliases: ["isEnabled"])
        static let birthRate = f(.birthRate, "birthRate")
        static let lifetime = f(.lifetime, "lifetime")
        static let lifetimeRange = f(.lifetimeRange, "lifetimeRange")
        static let emissionLatitude = g(.emissionLatitude, "emissionLatitude")
        static let emissionLongitude = g(.emissionLongitude, "emissionLongitude")
        static let emissionRange = g(.emissionRange, "emissionRange")
        static let velocity = g(.velocity, "velocity")
        static let velocityRange = g(.velocityRange, "velocityRange")
        static let xAcceleration = g(.xAcceleration, "xAcceleration")
        static let yAcceleration = g(.yAcceleration, "yAcceleration")
        static let zAcceleration = g(.zAcceleration, "zAcceleration")
        static let scale = g(.scale, "scale", 1)
        static let scaleRange = g(.scaleRange, "scaleRange")
        static let scaleSpeed = g(.scaleSpeed, "scaleSpeed")
        static let spin = g(.spin, "spin")
        static let spinRange = g(.spinRange, "spinRange")
        static let color = CAProperty<CGColor?>(Slot.color.rawValue, "color", CGColor.white, animatable: true)
        static let redRange = f(.redRange, "redRange"), greenRange = f(.greenRange, "greenRange")
        static let blueRange = f(.blueRange, "blueRange"), alphaRange = f(.alphaRange, "alphaRange")
        static let redSpeed = f(.redSpeed, "redSpeed"), greenSpeed = f(.greenSpeed, "greenSpeed")
        static let blueSpeed = f(.blueSpeed, "blueSpeed"), alphaSpeed = f(.alphaSpeed, "alphaSpeed")
        static let contents = CAProperty<Any?>(Slot.contents.rawValue, "contents", nil, animatable: true)
        static let contentsRect = CAProperty<CGRect>(Slot.contentsRect.rawValue, "contentsRect",
                                                     CGRect(x: 0, y: 0, width: 1, height: 1), animatable: true)
        static let contentsScale = g(.contentsScale, "contentsScale", 1)
        static let minificationFilter = CAProperty<CALayerContentsFilter>(Slot.minificationFilter.rawValue, "minificationFilter", .linear)
        static let magnificationFilter = CAProperty<CALayerContentsFilter>(Slot.magnificationFilter.rawValue, "magnificationFilter", .linear)
        static let minificationFilterBias = f(.minificationFilterBias, "minificationFilterBias")
        static let emitterCells = CAProperty<[CAEmitterCell]?>(Slot.emitterCells.rawValue, "emitterCells", nil)
        static let style = CAProperty<[AnyHashable: Any]?>(Slot.style.rawValue, "style", nil, usesStyle: false)
        static let beginTime = CAProperty<CFTimeInterval>(Slot.beginTime.rawValue, "beginTime", 0)
        static let duration = CAProperty<CFTimeInterval>(Slot.duration.rawValue, "duration", 0)
        static let speed = CAProperty<Float>(Slot.speed.rawValue, "speed", 1)
        static let timeOffset = CAProperty<CFTimeInterval>(Slot.timeOffset.rawValue, "timeOffset", 0)
        static let repeatCount = CAProperty<Float>(Slot.repeatCount.rawValue, "repeatCount", 0, allowsInfinity: true)
        static let repeatDuration = CAProperty<CFTimeInterval>(Slot.repeatDuration.rawValue, "repeatDuration", 0, allowsInfinity: true)
        static let autoreverses = CAProperty<Bool>(Slot.autoreverses.rawValue, "autoreverses", false)
        static let fillMode = CAProperty<CAMediaTimingFillMode>(Slot.fillMode.rawValue, "fillMode", .removed)

        static let all: [CAPropertyDescriptor] = {
            let list: [CAPropertyDescriptor] = [
                name, enabled, birthRate, lifetime, lifetimeRange, emissionLatitude, emissionLongitude, emissionRange,
                velocity, velocityRange, xAcceleration, yAcceleration, zAcceleration, scale, scaleRange, scaleSpeed,
                spin, spinRange, color, redRange, greenRange, blueRange, alphaRange, redSpeed, greenSpeed, blueSpeed, alphaSpeed,
                contents, contentsRect, contentsScale, minificationFilter, magnificationFilter, minificationFilterBias,
                emitterCells, style, beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode,
            ]
            precondition(list.map(\.slot) == Slot.allCases.map(\.rawValue), "CAEmitterCell property table out of slot order")
            return list
        }()
    }

    /// A cell with every property at its default.
    public override init() {
        let cls = type(of: self)
        propertyClassInfo = PropertyClassRegistry.info(for: cls) {
            PropertyClassInfo(className: String(describing: cls), descriptors: CP.all,
                              classDefault: { cls.defaultValue(forKey: $0) }, needsDisplay: { _ in false })
        }
        super.init()
    }

    /// Creates a cell from an archive (number, Boolean and string properties).
    public required convenience init?(coder: NSCoder) {
        self.init()
        for d in CP.all where coder.containsValue(forKey: d.key) {
            if let v = coder.decodeObject(forKey: d.key) { setValue(v, forKey: d.key) }
        }
    }

    /// The default value of `key`, or nil; subclasses override and call `super`.
    open class func defaultValue(forKey key: String) -> Any? {
        CP.all.first { $0.key == key || $0.aliases.contains(key) }?.defaultValue
    }

    /// Whether `key` should be archived.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// The value of a property or an arbitrary key (KVC).
    open func value(forKey key: String) -> Any? {
        kvcValue(forKey: key) { type(of: self).defaultValue(forKey: $0) }
    }

    /// Sets a property or an arbitrary key (KVC).
    open func setValue(_ value: Any?, forKey key: String) { kvcSetValue(value, forKey: key) }

    func propertyDidChange(_ key: String, descriptor: CAPropertyDescriptor?, changed: Bool) {}
    var diagnosticName: String { propertyClassInfo.className }

    open var name: String? { get { self[CP.name] } set { self[CP.name] = newValue } }
    open var isEnabled: Bool { get { self[CP.enabled] } set { self[CP.enabled] = newValue } }
    open var birthRate: Float { get { self[CP.birthRate] } set { self[CP.birthRate] = newValue } }
    open var lifetime: Float { get { self[CP.lifetime] } set { self[CP.lifetime] = newValue } }
    open var lifetimeRange: Float { get { self[CP.lifetimeRange] } set { self[CP.lifetimeRange] = newValue } }
    open var emissionLatitude: CGFloat { get { self[CP.emissionLatitude] } set { self[CP.emissionLatitude] = newValue } }
    open var emissionLongitude: CGFloat { get { self[CP.emissionLongitude] } set { self[CP.emissionLongitude] = newValue } }
    open var emissionRange: CGFloat { get { self[CP.emissionRange] } set { self[CP.emissionRange] = newValue } }
    open var velocity: CGFloat { get { self[CP.velocity] } set { self[CP.velocity] = newValue } }
    open var velocityRange: CGFloat { get { self[CP.velocityRange] } set { self[CP.velocityRange] = newValue } }
    open var xAcceleration: CGFloat { get { self[CP.xAcceleration] } set { self[CP.xAcceleration] = newValue } }
    open var yAcceleration: CGFloat { get { self[CP.yAcceleration] } set { self[CP.yAcceleration] = newValue } }
    open var zAcceleration: CGFloat { get { self[CP.zAcceleration] } set { self[CP.zAcceleration] = newValue } }
    open var scale: CGFloat { get { self[CP.scale] } set { self[CP.scale] = newValue } }
    open var scaleRange: CGFloat { get { self[CP.scaleRange] } set { self[CP.scaleRange] = newValue } }
    open var scaleSpeed: CGFloat { get { self[CP.scaleSpeed] } set { self[CP.scaleSpeed] = newValue } }
    open var spin: CGFloat { get { self[CP.spin] } set { self[CP.spin] = newValue } }
    open var spinRange: CGFloat { get { self[CP.spinRange] } set { self[CP.spinRange] = newValue } }
    open var color: CGColor? { get { self[CP.color] } set { self[CP.color] = newValue } }
    open var redRange: Float { get { self[CP.redRange] } set { self[CP.redRange] = newValue } }
    open var greenRange: Float { get { self[CP.greenRange] } set { self[CP.greenRange] = newValue } }
    open var blueRange: Float { get { self[CP.blueRange] } set { self[CP.blueRange] = newValue } }
    open var alphaRange: Float { get { self[CP.alphaRange] } set { self[CP.alphaRange] = newValue } }
    open var redSpeed: Float { get { self[CP.redSpeed] } set { self[CP.redSpeed] = newValue } }
    open var greenSpeed: Float { get { self[CP.greenSpeed] } set { self[CP.greenSpeed] = newValue } }
    open var blueSpeed: Float { get { self[CP.blueSpeed] } set { self[CP.blueSpeed] = newValue } }
    open var alphaSpeed: Float { get { self[CP.alphaSpeed] } set { self[CP.alphaSpeed] = newValue } }
    open var contents: Any? { get { kvcFlatten(self[CP.contents]) } set { self[CP.contents] = newValue } }
    open var contentsRect: CGRect { get { self[CP.contentsRect] } set { self[CP.contentsRect] = newValue } }
    open var contentsScale: CGFloat { get { self[CP.contentsScale] } set { self[CP.contentsScale] = newValue } }
    open var minificationFilter: CALayerContentsFilter {
        get { self[CP.minificationFilter] } set { self[CP.minificationFilter] = newValue }
    }
    open var magnificationFilter: CALayerContentsFilter {
        get { self[CP.magnificationFilter] } set { self[CP.magnificationFilter] = newValue }
    }
    open var minificationFilterBias: Float {
        get { self[CP.minificationFilterBias] } set { self[CP.minificationFilterBias] = newValue }
    }
    open var emitterCells: [CAEmitterCell]? { get { self[CP.emitterCells] } set { self[CP.emitterCells] = newValue } }
    open var style: [AnyHashable: Any]? { get { self[CP.style] } set { self[CP.style] = newValue } }
    open var beginTime: CFTimeInterval { get { self[CP.beginTime] } set { self[CP.beginTime] = newValue } }
    open var duration: CFTimeInterval { get { self[CP.duration] } set { self[CP.duration] = newValue } }
    open var speed: Float { get { self[CP.speed] } set { self[CP.speed] = newValue } }
    open var timeOffset: CFTimeInterval { get { self[CP.timeOffset] } set { self[CP.timeOffset] = newValue } }
    open var repeatCount: Float { get { self[CP.repeatCount] } set { self[CP.repeatCount] = newValue } }
    open var repeatDuration: CFTimeInterval { get { self[CP.repeatDuration] } set { self[CP.repeatDuration] = newValue } }
    open var autoreverses: Bool { get { self[CP.autoreverses] } set { self[CP.autoreverses] = newValue } }
    open var fillMode: CAMediaTimingFillMode { get { self[CP.fillMode] } set { self[CP.fillMode] = newValue } }
}
