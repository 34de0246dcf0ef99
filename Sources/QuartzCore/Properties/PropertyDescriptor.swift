/// What a change to a property sets in motion on its layer.
public struct CAPropertyEffects: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// `setNeedsLayout()` on the layer.
    public static let layout = CAPropertyEffects(rawValue: 1 << 0)
    /// `setNeedsLayout()` on the layer's superlayer.
    public static let superlayerLayout = CAPropertyEffects(rawValue: 1 << 1)
    /// `setNeedsDisplay()` on the layer (content a subclass draws itself, e.g. text).
    public static let display = CAPropertyEffects(rawValue: 1 << 2)
    /// `setNeedsDisplay()` when `needsDisplayOnBoundsChange` is true.
    public static let displayOnBoundsChange = CAPropertyEffects(rawValue: 1 << 3)
    /// The layer's own rendered content (shape, gradient, replicated copies) must be rebuilt.
    public static let content = CAPropertyEffects(rawValue: 1 << 4)
}

/// The one description of a property of a layer (or emitter cell): its key, type, default,
/// whether it animates, and what a change triggers.
///
/// KVC, `defaultValue(forKey:)`, the `style` chain, `init(layer:)` copies, actions, animations
/// and archives all read these descriptions. Find one with `CALayer.propertyDescriptor(forKey:)`.
public class CAPropertyDescriptor: @unchecked Sendable, CustomStringConvertible {
    /// The KVC key (Apple's Objective-C property name, e.g. `"hidden"` for `isHidden`).
    public let key: String
    /// Other keys that reach the same property (e.g. `"isHidden"`).
    public let aliases: [String]
    /// The declared Swift type.
    public let valueType: Any.Type
    /// Whether the property can be animated (by an explicit animation on its key path).
    public let isAnimatable: Bool
    /// Whether a change produces an implied animation when actions are enabled.
    public let hasImplicitAnimation: Bool
    /// What a change triggers.
    public let effects: CAPropertyEffects
    /// Whether the property can only be read.
    public let isReadOnly: Bool
    /// Whether the property has storage of its own (false for derived ones like `frame`).
    public var isStored: Bool { slot >= 0 }
    /// Whether the value is read from the `style` chain when unset.
    let usesStyle: Bool
    /// The storage slot, or -1 for a derived property.
    let slot: Int

    init(key: String, aliases: [String], valueType: Any.Type, animatable: Bool, implicit: Bool,
         effects: CAPropertyEffects, readOnly: Bool, usesStyle: Bool, slot: Int) {
        precondition(slot < PropertyStore.slotLimit, "CALayer: property slot \(slot) for \"\(key)\" exceeds the limit of \(PropertyStore.slotLimit)")
        self.key = key; self.aliases = aliases; self.valueType = valueType
        self.isAnimatable = animatable; self.hasImplicitAnimation = implicit; self.effects = effects
        self.isReadOnly = readOnly; self.usesStyle = usesStyle; self.slot = slot
    }

    /// The built-in default, in the declared type (nil for an optional property without one).
    public var defaultValue: Any? { nil }

    /// `value` converted to the declared type, boxed; nil when it cannot be converted.
    /// A nil `value` converts to nil for optional types.
    public func coerce(_ value: Any?) -> Any?? { nil }

    /// The value a property takes when `defaultValue(forKey:)` returns nil.
    var zeroValue: Any { () }

    /// A box holding `value`, which must already have the declared type.
    func makeBox(_ value: Any) -> AnyPropertyBox { fatalError("abstract") }

    /// Reads the property of `owner` (flattened: nil for an unset optional).
    func read(_ owner: any PropertyOwner) -> Any? { nil }

    /// Writes a value already converted by ``coerce(_:)``.
    func write(_ owner: any PropertyOwner, coerced value: Any) {}

    /// Whether `value` (of the declared type) may be stored: finite numbers and geometry only.
    func isAcceptable(_ value: Any) -> Bool { true }

    /// Stores an animated value directly when it converts to the declared type without going
    /// through `Any` (numbers, geometry, transforms, colours); false otherwise.
    func storeAnimated(_ value: AnimatedValue, in store: inout PropertyStore) -> Bool { false }

    public var description: String {
        "\(key): \(valueType)\(isAnimatable ? ", animatable" : "")\(isStored ? "" : ", derived")"
    }
}

/// A property with its declared type.
public final class CAProperty<Value>: CAPropertyDescriptor, @unchecked Sendable {
    let builtInDefault: Value
    /// `PropertyBox<Value>`'s metadata, resolved once: boxes made in unspecialized code through
    /// it skip the runtime's generic-metadata lookup.
    let boxType: PropertyBox<Value>.Type = PropertyBox<Value>.self
    let zero: Value
    let getter: ((AnyObject) -> Value)?
    let setter: ((AnyObject, Value) -> Void)?
    /// Equality, when `Value` is Equatable (a change to an equal value triggers no effects).
    let equals: ((Value, Value) -> Bool)?
    /// Finiteness, for numbers and geometry (non-finite values are refused).
    let isFinite: ((Value) -> Bool)?
    /// The canonical form a written value is stored in (`bounds` is standardised), or nil.
    let normalize: ((Value) -> Value)?

    /// A stored property. `zeroWhenNoClassDefault` says what an unset property reads when the
    /// class's `defaultValue(forKey:)` returns nil: the type's zero (built-in properties, as Apple
    /// documents) or the declared default (`@Managed` properties' initial values).
    init(slot: Int, key: String, defaultValue: Value, animatable: Bool, implicit: Bool?,
         effects: CAPropertyEffects, aliases: [String], usesStyle: Bool, zeroWhenNoClassDefault: Bool,
         equals: ((Value, Value) -> Bool)?, isFinite: ((Value) -> Bool)?, normalize: ((Value) -> Value)? = nil) {
        builtInDefault = defaultValue
        zero = zeroWhenNoClassDefault ? (kvcZeroValue(Value.self) ?? defaultValue) : defaultValue
        getter = nil; setter = nil
        self.equals = equals; self.isFinite = isFinite; self.normalize = normalize
        super.init(key: key, aliases: aliases, valueType: Value.self, animatable: animatable,
                   implicit: implicit ?? animatable, effects: effects, readOnly: false, usesStyle: usesStyle, slot: slot)
    }

    /// A derived property, read and written through accessors.
    init(derived key: String, default defaultValue: Value, animatable: Bool = false, implicit: Bool? = nil,
         aliases: [String] = [], get: @escaping (AnyObject) -> Value, set: ((AnyObject, Value) -> Void)?) {
        builtInDefault = defaultValue
        zero = kvcZeroValue(Value.self) ?? defaultValue
        getter = get; setter = set
        equals = nil; isFinite = nil; normalize = nil
        super.init(key: key, aliases: aliases, valueType: Value.self, animatable: animatable,
                   implicit: implicit ?? animatable, effects: [], readOnly: set == nil, usesStyle: false, slot: -1)
    }

    public override var defaultValue: Any? { kvcFlatten(builtInDefault) }
    override var zeroValue: Any { zero }

    public override func coerce(_ value: Any?) -> Any?? {
        guard let v = kvcCoerce(value, to: Value.self) else { return nil }
        return .some(v)
    }

    override func read(_ owner: any PropertyOwner) -> Any? {
        if let getter { return kvcFlatten(getter(owner)) }
        return kvcFlatten(owner.get(self))
    }

    override func write(_ owner: any PropertyOwner, coerced value: Any) {
        let v = value as! Value
        if let setter { setter(owner, v) } else if slot >= 0 { owner.set(self, v) }
    }

    override func isAcceptable(_ value: Any) -> Bool {
        guard let isFinite, let v = value as? Value else { return true }
        return isFinite(v)
    }

    override func makeBox(_ value: Any) -> AnyPropertyBox { PropertyBox(value as! Value) }

    override func storeAnimated(_ value: AnimatedValue, in store: inout PropertyStore) -> Bool {
        guard slot >= 0, let v = AnimatedValue.typed(value, as: Value.self) else { return false }
        if let isFinite, !isFinite(v) { return false }
        store.set(boxType.init(v), at: slot)
        return true
    }
}

extension CAProperty {
    /// A stored property. Whether values can be compared (Equatable) and must be finite
    /// (numbers and geometry) is found once, from the type, when the property is described.
    /// `allowsInfinity` accepts ±∞ (refusing only NaN): repeat counts and durations use
    /// `.infinity` for "forever".
    convenience init(_ slot: Int, _ key: String, _ defaultValue: Value, animatable: Bool = false, implicit: Bool? = nil,
                     effects: CAPropertyEffects = [], aliases: [String] = [], usesStyle: Bool = true,
                     zeroWhenNoClassDefault: Bool = true, allowsInfinity: Bool = false,
                     normalize: ((Value) -> Value)? = nil) {
        var finite = PropertyValueTraits.finiteness(Value.self)
        if allowsInfinity {
            if Value.self == Float.self { finite = { !unsafeBitCast($0, to: Float.self).isNaN } }
            if Value.self == Double.self { finite = { !unsafeBitCast($0, to: Double.self).isNaN } }
        }
        self.init(slot: slot, key: key, defaultValue: defaultValue, animatable: animatable, implicit: implicit,
                  effects: effects, aliases: aliases, usesStyle: usesStyle, zeroWhenNoClassDefault: zeroWhenNoClassDefault,
                  equals: PropertyValueTraits.equality(Value.self), isFinite: finite, normalize: normalize)
    }
}

/// Equality and finiteness checks for a property's value type, fast paths first.
enum PropertyValueTraits {
    static func equality<V>(_ type: V.Type) -> ((V, V) -> Bool)? {
        if V.self == CGFloat.self { return { unsafeBitCast($0, to: CGFloat.self) == unsafeBitCast($1, to: CGFloat.self) } }
        if V.self == Float.self { return { unsafeBitCast($0, to: Float.self) == unsafeBitCast($1, to: Float.self) } }
        if V.self == Bool.self { return { unsafeBitCast($0, to: Bool.self) == unsafeBitCast($1, to: Bool.self) } }
        if V.self == CGPoint.self { return { unsafeBitCast($0, to: CGPoint.self) == unsafeBitCast($1, to: CGPoint.self) } }
        if V.self == CGSize.self { return { unsafeBitCast($0, to: CGSize.self) == unsafeBitCast($1, to: CGSize.self) } }
        if V.self == CGRect.self { return { unsafeBitCast($0, to: CGRect.self) == unsafeBitCast($1, to: CGRect.self) } }
        if V.self == CATransform3D.self {
            return { unsafeBitCast($0, to: CATransform3D.self) == unsafeBitCast($1, to: CATransform3D.self) }
        }
        // Colours (compared by value) without the dynamic casts of `kvcEqual`.
        if V.self == CGColor?.self { return { unsafeBitCast($0, to: CGColor?.self) == unsafeBitCast($1, to: CGColor?.self) } }
        // (Read as optionals: the same bits, and `unsafeBitCast` to a class type is reserved for
        // `unsafeDowncast`, which takes an `AnyObject`, not an unconstrained `V`.)
        if V.self == CGColor.self { return { unsafeBitCast($0, to: CGColor?.self) == unsafeBitCast($1, to: CGColor?.self) } }
        guard V.self is any Equatable.Type else { return nil }
        return { kvcEqual($0, $1) }
    }

    static func finiteness<V>(_ type: V.Type) -> ((V) -> Bool)? {
        if V.self == CGFloat.self { return { unsafeBitCast($0, to: CGFloat.self).isFinite } }
        if V.self == Float.self { return { unsafeBitCast($0, to: Float.self).isFinite } }
        if V.self == CGPoint.self { return { unsafeBitCast($0, to: CGPoint.self).isFinite } }
        if V.self == CGSize.self { return { unsafeBitCast($0, to: CGSize.self).isFinite } }
        if V.self == CGRect.self { return { unsafeBitCast($0, to: CGRect.self).isFinite } }
        if V.self == CATransform3D.self { return { unsafeBitCast($0, to: CATransform3D.self).isFinite } }
        guard V.self is FiniteCheckable.Type else { return nil }
        return { ($0 as? FiniteCheckable)?.isFinite ?? true }
    }
}
