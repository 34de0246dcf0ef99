import Synchronization

/// Declares a stored property of a `CALayer` subclass that behaves like Apple's `@NSManaged`
/// layer properties:
///
/// ```swift
/// final class ProgressLayer: CALayer {
///     @Managed var progress: CGFloat = 0
///     override class func needsDisplay(forKey key: String) -> Bool {
///         key == "progress" || super.needsDisplay(forKey: key)
///     }
/// }
/// ```
///
/// The value lives in the layer's keyed property store under the property's name (here
/// `"progress"`), so it is reachable by `value(forKey:)`/`setValue(_:forKey:)`, copied by
/// `init(layer:)` (and so present on presentation copies), animatable by key path, and a change
/// redraws the layer when `needsDisplay(forKey:)` says so. The initial value is the property's
/// default unless the class's `defaultValue(forKey:)` returns one.
///
/// This is the Linux spelling of `@NSManaged`. `@NSManaged` compiles on Linux but the program
/// then fails to link with `undefined reference to '$s…8progress…Vvg'` (and `…Vvs`): the
/// getter and setter that only the Objective-C runtime supplies.
@propertyWrapper
public struct Managed<Value> {
    let initialValue: Value
    let identity: UInt64
    /// The descriptor, once this instance has looked it up.
    var descriptor: CAProperty<Value>?

    public init(wrappedValue: Value) {
        initialValue = wrappedValue
        identity = managedIdentities.add(1, ordering: .relaxed).newValue
        descriptor = nil
    }

    @available(*, unavailable, message: "@Managed is only for stored properties of CALayer subclasses")
    public var wrappedValue: Value {
        get { fatalError("@Managed is only for stored properties of CALayer subclasses") }
        set { fatalError("@Managed is only for stored properties of CALayer subclasses") }
    }

    public static subscript<Layer: CALayer>(
        _enclosingInstance layer: Layer,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Layer, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Layer, Managed<Value>>
    ) -> Value {
        get { layer.get(resolve(layer, storageKeyPath)) }
        set { layer.set(resolve(layer, storageKeyPath), newValue) }
    }

    private static func resolve<Layer: CALayer>(_ layer: Layer, _ storage: ReferenceWritableKeyPath<Layer, Managed<Value>>) -> CAProperty<Value> {
        if let d = layer[keyPath: storage].descriptor { return d }
        let info = layer.propertyClassInfo
        let found: CAProperty<Value>
        if let d = info.managedDescriptor(for: storage) as? CAProperty<Value> {
            found = d
        } else {
            let id = layer[keyPath: storage].identity
            guard let key = ManagedDiscovery.key(of: id, in: layer),
                  let d = info.descriptor(forKey: key) as? CAProperty<Value> else {
                fatalError("@Managed: cannot find the property of \(type(of: layer)) that holds this wrapper")
            }
            info.remember(d, for: storage)
            found = d
        }
        layer[keyPath: storage].descriptor = found
        return found
    }
}

let managedIdentities = Atomic<UInt64>(0)

/// What `ManagedDiscovery` needs from any `Managed<Value>`.
protocol ManagedPropertyMarker {
    var identity: UInt64 { get }
    func makeDescriptor(slot: Int, key: String) -> CAPropertyDescriptor
}

extension Managed: ManagedPropertyMarker {
    func makeDescriptor(slot: Int, key: String) -> CAPropertyDescriptor {
        CAProperty<Value>(slot, key, initialValue, animatable: true, implicit: false, zeroWhenNoClassDefault: false)
    }
}

/// Finds the `@Managed` properties a layer class declares, by reflection.
enum ManagedDiscovery {
    /// `(key, marker)` for each `@Managed` stored property of `object`'s class chain, base first.
    static func properties(of object: AnyObject) -> [(String, ManagedPropertyMarker)] {
        var mirrors: [Mirror] = []
        var m: Mirror? = Mirror(reflecting: object)
        while let mirror = m { mirrors.append(mirror); m = mirror.superclassMirror }
        var out: [(String, ManagedPropertyMarker)] = []
        for mirror in mirrors.reversed() {
            for child in mirror.children {
                guard let label = child.label, let marker = child.value as? ManagedPropertyMarker else { continue }
                out.append((label.hasPrefix("_") ? String(label.dropFirst()) : label, marker))
            }
        }
        return out
    }

    static func key(of identity: UInt64, in object: AnyObject) -> String? {
        properties(of: object).first { $0.1.identity == identity }?.0
    }
}
