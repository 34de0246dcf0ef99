import Synchronization
@_spi(Lamina) import CoreGraphics

/// Per-class facts about properties, computed once per class the first time an instance is made:
/// the property table (built-in properties plus `@Managed` ones), each stored property's default
/// as the class's `defaultValue(forKey:)` gives it, and which keys `needsDisplay(forKey:)` claims.
///
/// Core Animation likewise asks a class for these once (article 4: `needsDisplay(forKey:)` "is
/// called only once, when the layer is initialised"); Lamina does the same for defaults, so a
/// `defaultValue(forKey:)` override must return the same value every time it is asked.
final class PropertyClassInfo: @unchecked Sendable {
    let className: String
    /// Descriptors by slot (stored) followed by derived ones.
    let descriptors: [CAPropertyDescriptor]
    private let byKey: [String: CAPropertyDescriptor]
    /// Resolved default per slot, boxed in the property's type.
    let defaults: [AnyPropertyBox]
    /// `needsDisplay(forKey:)` per slot.
    let needsDisplayBySlot: [Bool]
    /// The slot of `style`, or -1.
    let styleSlot: Int
    /// The number of slots.
    let slotCount: Int
    /// False for a provisional info made before the class's `@Managed` properties were found.
    let isComplete: Bool
    private let needsDisplayForKey: (String) -> Bool
    private let extraNeedsDisplay = Locked<[String: Bool]>([:])
    private let managedByKeyPath = Locked<[KeyPathKey: CAPropertyDescriptor]>([:])

    init(className: String, descriptors: [CAPropertyDescriptor], classDefault: (String) -> Any?,
         needsDisplay: @escaping (String) -> Bool, isComplete: Bool = true) {
        self.className = className
        self.isComplete = isComplete
        self.descriptors = descriptors
        var byKey: [String: CAPropertyDescriptor] = [:]
        for d in descriptors {
            for k in [d.key] + d.aliases where byKey[k] == nil { byKey[k] = d }
        }
        self.byKey = byKey
        let stored = descriptors.filter(\.isStored)
        slotCount = (stored.map(\.slot).max() ?? -1) + 1
        var defaults = [AnyPropertyBox](repeating: PropertyBox(()), count: slotCount)
        var nd = [Bool](repeating: false, count: slotCount)
        for d in stored {
            if let given = classDefault(d.key), let converted = d.coerce(given), let c = converted {
                defaults[d.slot] = d.makeBox(c)
            } else {
                defaults[d.slot] = d.makeBox(d.zeroValue)
            }
            nd[d.slot] = needsDisplay(d.key)
        }
        self.defaults = defaults
        self.needsDisplayBySlot = nd
        self.styleSlot = byKey["style"]?.slot ?? -1
        self.needsDisplayForKey = needsDisplay
    }

    /// The descriptor for a key or alias.
    func descriptor(forKey key: String) -> CAPropertyDescriptor? { byKey[key] }

    /// `needsDisplay(forKey:)` for any key, cached.
    func needsDisplay(forKey key: String) -> Bool {
        if let d = byKey[key], d.isStored { return needsDisplayBySlot[d.slot] }
        if let cached = extraNeedsDisplay.withLock({ $0[key] }) { return cached }
        let v = needsDisplayForKey(key)
        extraNeedsDisplay.withLock { $0[key] = v }
        return v
    }

    func managedDescriptor(for keyPath: AnyKeyPath) -> CAPropertyDescriptor? {
        managedByKeyPath.withLock { $0[KeyPathKey(keyPath: keyPath)] }
    }

    func remember(_ d: CAPropertyDescriptor, for keyPath: AnyKeyPath) {
        managedByKeyPath.withLock { $0[KeyPathKey(keyPath: keyPath)] = d }
    }
}

/// A key path as a dictionary key. Key paths are immutable values, so sharing them between
/// threads is safe even though `AnyKeyPath` is not declared `Sendable`.
struct KeyPathKey: Hashable, @unchecked Sendable {
    let keyPath: AnyKeyPath
}

/// The cache of class infos, by class.
enum PropertyClassRegistry {
    private static let infos = Locked<[ObjectIdentifier: PropertyClassInfo]>([:])

    /// The info already built for `cls`, if any.
    static func existing(for cls: AnyClass) -> PropertyClassInfo? {
        infos.withLock { $0[ObjectIdentifier(cls)] }
    }

    /// The info for `cls`, built by `make` the first time.
    static func info(for cls: AnyClass, make: () -> PropertyClassInfo) -> PropertyClassInfo {
        let id = ObjectIdentifier(cls)
        if let i = infos.withLock({ $0[id] }) { return i }
        let made = make()
        return infos.withLock { dict in
            if let existing = dict[id] { return existing }
            dict[id] = made
            return made
        }
    }
}
