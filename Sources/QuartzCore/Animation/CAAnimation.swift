import Foundation

/// Receives an animation's start and stop.
public protocol CAAnimationDelegate: AnyObject {
    /// The animation's active duration began.
    func animationDidStart(_ anim: CAAnimation)
    /// The animation ended: `flag` is true when it reached the end of its active duration, false
    /// when it was removed first.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The abstract animation: timing (``CAMediaTiming``), a timing function, a strong delegate and
/// removal on completion. Animations are actions: run for an event, one adds a copy of itself to
/// the layer under the event's key.
///
/// Every property lives in a keyed store shared with KVC, so `value(forKey:)` and
/// `setValue(_:forKey:)` reach declared properties and arbitrary keys alike (a KVC container, as
/// on Apple platforms), `defaultValue(forKey:)` supplies defaults, and copies are cheap.
/// `layer.add(_:forKey:)` copies the animation; changing the original later has no effect.
open class CAAnimation: NSObject, NSCopying, CAMediaTiming, CAAction, PropertyOwner {
    var propertyStore = PropertyStore()
    let propertyClassInfo: PropertyClassInfo

    /// The delegate (held strongly, as Core Animation does).
    public var delegate: (any CAAnimationDelegate)?

    /// Set on the animations `defaultAction(forKey:)` makes (implied animations).
    var isImplied = false

    /// When set, the animation begins this many seconds after the transaction that adds it
    /// commits, whatever its `beginTime` (SPI: UIKit's delayed animation blocks, whose commit
    /// time is not known when they are made).
    @_spi(Lamina) public var beginDelayAfterCommit: CFTimeInterval?

    /// Creates an animation with every property at its default.
    public required override init() {
        propertyClassInfo = CAAnimation.classInfo(for: Self.self)
        super.init()
    }

    /// The class's property descriptions; subclasses add theirs.
    class var animationDescriptors: [CAPropertyDescriptor] { CAAnimation.descriptors }

    static func classInfo(for cls: CAAnimation.Type) -> PropertyClassInfo {
        PropertyClassRegistry.info(for: cls) {
            PropertyClassInfo(className: String(describing: cls), descriptors: cls.animationDescriptors,
                              classDefault: { cls.defaultValue(forKey: $0) }, needsDisplay: { _ in false })
        }
    }

    // MARK: Properties

    enum Slot: Int, CaseIterable {
        case beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode
        case timingFunction, removedOnCompletion
    }
    static let firstSubclassSlot = Slot.allCases.count
    enum P {
        static let beginTime = CAProperty<CFTimeInterval>(Slot.beginTime.rawValue, "beginTime", 0, usesStyle: false)
        static let duration = CAProperty<CFTimeInterval>(Slot.duration.rawValue, "duration", 0, usesStyle: false)
        static let speed = CAProperty<Float>(Slot.speed.rawValue, "speed", 1, usesStyle: false)
        static let timeOffset = CAProperty<CFTimeInterval>(Slot.timeOffset.rawValue, "timeOffset", 0, usesStyle: false)
        static let repeatCount = CAProperty<Float>(Slot.repeatCount.rawValue, "repeatCount", 0, usesStyle: false, allowsInfinity: true)
        static let repeatDuration = CAProperty<CFTimeInterval>(Slot.repeatDuration.rawValue, "repeatDuration", 0, usesStyle: false, allowsInfinity: true)
        static let autoreverses = CAProperty<Bool>(Slot.autoreverses.rawValue, "autoreverses", false, usesStyle: false)
        static let fillMode = CAProperty<CAMediaTimingFillMode>(Slot.fillMode.rawValue, "fillMode", .removed, usesStyle: false)
        static let timingFunction = CAProperty<CAMediaTimingFunction?>(Slot.timingFunction.rawValue, "timingFunction", nil,
                                                                       usesStyle: false)
        static let removedOnCompletion = CAProperty<Bool>(Slot.removedOnCompletion.rawValue, "removedOnCompletion", true,
                                                          aliases: ["isRemovedOnCompletion"], usesStyle: false)
    }
    static let descriptors: [CAPropertyDescriptor] = [
        P.beginTime, P.duration, P.speed, P.timeOffset, P.repeatCount, P.repeatDuration, P.autoreverses, P.fillMode,
        P.timingFunction, P.removedOnCompletion,
    ]

    public var beginTime: CFTimeInterval { get { self[P.beginTime] } set { self[P.beginTime] = newValue } }
    /// The basic duration; 0 (the default) becomes the transaction's `animationDuration`
    /// (0.25 s) when the animation is added.
    public var duration: CFTimeInterval { get { self[P.duration] } set { self[P.duration] = newValue } }
    public var speed: Float { get { self[P.speed] } set { self[P.speed] = newValue } }
    public var timeOffset: CFTimeInterval { get { self[P.timeOffset] } set { self[P.timeOffset] = newValue } }
    public var repeatCount: Float { get { self[P.repeatCount] } set { self[P.repeatCount] = newValue } }
    public var repeatDuration: CFTimeInterval { get { self[P.repeatDuration] } set { self[P.repeatDuration] = newValue } }
    public var autoreverses: Bool { get { self[P.autoreverses] } set { self[P.autoreverses] = newValue } }
    public var fillMode: CAMediaTimingFillMode { get { self[P.fillMode] } set { self[P.fillMode] = newValue } }
    /// The pacing of the animation; nil is linear.
    public var timingFunction: CAMediaTimingFunction? {
        get { self[P.timingFunction] } set { self[P.timingFunction] = newValue }
    }
    /// Whether the animation is removed from its layer when its active duration ends (true by
    /// default; set false, with a forwards fill, to keep the final state showing).
    public var isRemovedOnCompletion: Bool {
        get { self[P.removedOnCompletion] } set { self[P.removedOnCompletion] = newValue }
    }

    // MARK: KVC

    /// The default value of a property, or nil. Subclasses override it for their keys.
    open class func defaultValue(forKey key: String) -> Any? {
        guard let d = animationDescriptors.first(where: { $0.key == key || $0.aliases.contains(key) }) else { return nil }
        return d.defaultValue
    }

    /// Whether `key` should be archived; true by default.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// A property's value, or the value stored for an arbitrary key.
    open func value(forKey key: String) -> Any? {
        kvcValue(forKey: key) { type(of: self).defaultValue(forKey: $0) }
    }

    /// Sets a property (converting numbers and `NSValue`s) or stores an arbitrary key.
    open func setValue(_ value: Any?, forKey key: String) { kvcSetValue(value, forKey: key) }

    func propertyDidChange(_ key: String, descriptor: CAPropertyDescriptor?, changed: Bool) {}
    var diagnosticName: String { propertyClassInfo.className }

    // MARK: Copying and actions

    /// A copy: every property, arbitrary keys and the delegate.
    open func copy(with zone: NSZone? = nil) -> Any {
        let c = type(of: self).init()
        c.propertyStore = propertyStore
        c.delegate = delegate
        c.isImplied = isImplied
        c.beginDelayAfterCommit = beginDelayAfterCommit
        copyExtraState(to: c)
        return c
    }

    /// Copies state kept outside the property store (overridden by classes that have some).
    func copyExtraState(to copy: CAAnimation) {}

    /// Adds a copy of this animation to `anObject` (a layer) under `event`.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else {
            LaminaDiagnostics.report("\(diagnosticName).run(forKey: \(event)): the object is not a CALayer; nothing added")
            return
        }
        layer.add(self, forKey: event)
    }

    open override var description: String { "<\(diagnosticName) duration=\(duration)>" }
}

/// An animation of one property of the layer, named by a key path (`"position"`,
/// `"transform.rotation.z"`, `"bounds.size.width"`, or a custom `@Managed` property).
open class CAPropertyAnimation: CAAnimation {
    enum PSlot: Int, CaseIterable {
        case keyPath = 10, additive, cumulative, valueFunction
    }
    static let firstPropertySubclassSlot = 14
    enum PP {
        static let keyPath = CAProperty<String?>(PSlot.keyPath.rawValue, "keyPath", nil, usesStyle: false)
        static let additive = CAProperty<Bool>(PSlot.additive.rawValue, "additive", false, aliases: ["isAdditive"], usesStyle: false)
        static let cumulative = CAProperty<Bool>(PSlot.cumulative.rawValue, "cumulative", false, aliases: ["isCumulative"],
                                                 usesStyle: false)
        static let valueFunction = CAProperty<CAValueFunction?>(PSlot.valueFunction.rawValue, "valueFunction", nil,
                                                                usesStyle: false)
    }
    static let propertyDescriptors: [CAPropertyDescriptor] = CAAnimation.descriptors + [PP.keyPath, PP.additive, PP.cumulative,
                                                                                     PP.valueFunction]
    override class var animationDescriptors: [CAPropertyDescriptor] { propertyDescriptors }

    /// An animation of the property at `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    /// The animated key path.
    public var keyPath: String? { get { self[PP.keyPath] } set { self[PP.keyPath] = newValue } }
    /// Whether the animated value is added to the current presentation value (transforms are
    /// concatenated) rather than replacing it.
    public var isAdditive: Bool { get { self[PP.additive] } set { self[PP.additive] = newValue } }
    /// Whether each repeat cycle builds on the value the previous cycle ended with.
    public var isCumulative: Bool { get { self[PP.cumulative] } set { self[PP.cumulative] = newValue } }
    /// Turns interpolated numbers into a transform (`rotateZ`, `scale`, `translate`…).
    public var valueFunction: CAValueFunction? { get { self[PP.valueFunction] } set { self[PP.valueFunction] = newValue } }
}
