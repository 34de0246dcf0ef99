/// An object whose properties live in a ``PropertyStore`` described by ``CAPropertyDescriptor``s:
/// `CALayer` and `CAEmitterCell`.
protocol PropertyOwner: AnyObject {
    var propertyStore: PropertyStore { get set }
    var propertyClassInfo: PropertyClassInfo { get }
    /// Called before a stored property or an undeclared key is written (actions are looked up
    /// here, before the change, as Core Animation does).
    func propertyWillChange(_ key: String)
    /// Called after a stored property or an undeclared key was written.
    func propertyDidChange(_ key: String, descriptor: CAPropertyDescriptor?, changed: Bool)
    /// The type name used in diagnostics.
    var diagnosticName: String { get }
}

extension PropertyOwner {
    func propertyWillChange(_ key: String) {}

    /// The typed value of a stored property: set value, else `style` chain, else class default.
    @inline(__always)
    func get<V>(_ p: CAProperty<V>) -> V {
        if let v = propertyStore.value(at: p.slot, as: V.self) { return v }
        return unsetValue(p)
    }

    func unsetValue<V>(_ p: CAProperty<V>) -> V {
        let info = propertyClassInfo
        if p.usesStyle, info.styleSlot >= 0, propertyStore.contains(info.styleSlot),
           let s = styleValue(forKey: p.key), let v = kvcCoerce(s, to: V.self) { return v }
        return unsafeDowncast(info.defaults[p.slot], to: PropertyBox<V>.self).value
    }

    /// Sets a stored property, refusing non-finite numbers and geometry with a diagnostic.
    func set<V>(_ p: CAProperty<V>, _ value: V) {
        let newValue = p.normalize.map { $0(value) } ?? value
        if let finite = p.isFinite, !finite(newValue) {
            LaminaDiagnostics.report("\(diagnosticName).\(p.key): refused non-finite value \(newValue); the old value stays")
            return
        }
        // Setting the value a property already has changes nothing: no action is looked up or
        // run, no transaction opened, nothing redrawn (Apple's setters return early too).
        if let equal = p.equals, equal(get(p), newValue) { return }
        propertyWillChange(p.key)
        propertyStore.set(PropertyBox(newValue), at: p.slot)
        propertyDidChange(p.key, descriptor: p, changed: true)
    }

    /// The value of `key` in the `style` dictionary chain, or nil.
    func styleValue(forKey key: String) -> Any? {
        let info = propertyClassInfo
        guard info.styleSlot >= 0,
              var style = propertyStore.value(at: info.styleSlot, as: [AnyHashable: Any]?.self) ?? nil
        else { return nil }
        var depth = 0
        while depth < 64 {
            if let v = style[key] { return v }
            guard let next = style["style"] as? [AnyHashable: Any] else { return nil }
            style = next
            depth += 1
        }
        return nil
    }

    /// KVC read of one key: declared property, else undeclared value, else style, else class default.
    func kvcValue(forKey key: String, classDefault: (String) -> Any?) -> Any? {
        if let d = propertyClassInfo.descriptor(forKey: key) { return d.read(self) }
        if let v = propertyStore.extras[key] { return v }
        if let s = styleValue(forKey: key) { return s }
        return classDefault(key)
    }

    /// KVC write of one key. Declared properties convert the value to their type; a value that
    /// cannot be converted, a nil for a non-optional property, or a write to a read-only property
    /// is refused with a diagnostic. Undeclared keys store the value as given.
    func kvcSetValue(_ value: Any?, forKey key: String) {
        if let d = propertyClassInfo.descriptor(forKey: key) {
            guard !d.isReadOnly else {
                LaminaDiagnostics.report("\(diagnosticName): \"\(key)\" is read-only; setValue(_:forKey:) ignored")
                return
            }
            guard let converted = d.coerce(value), let c = converted else {
                LaminaDiagnostics.report("\(diagnosticName).\(key): cannot store \(value.map { "\($0)" } ?? "nil") (\(value.map { "\(type(of: $0))" } ?? "nil")) as \(d.valueType); ignored")
                return
            }
            guard d.isAcceptable(c) else {
                LaminaDiagnostics.report("\(diagnosticName).\(key): refused non-finite value \(c); the old value stays")
                return
            }
            // CALayer's own properties go through their (overridable) accessors.
            if let layer = self as? CALayer, layer.kvcUsesAccessors,
               let set = type(of: layer).kvcAccessors.setters[d.key], set(layer, c) { return }
            d.write(self, coerced: c)
            return
        }
        let old = propertyStore.extras[key]
        let new = kvcFlatten(value)
        switch (old, new) {
        case (nil, nil): return
        case let (o?, n?) where kvcEqual(o, n): return
        default: break
        }
        propertyWillChange(key)
        propertyStore.extras[key] = new
        propertyDidChange(key, descriptor: nil, changed: true)
    }
}
