import LaminaRender

/// Dotted key paths on layers: struct fields and `CATransform3D` components (spec §7).
enum KeyPathValues {
    static func value(of layer: CALayer, atPath path: String) -> Any? {
        let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let top = layer.value(forKey: parts[0])
        guard parts.count > 1 else { return top }
        let rest = Array(parts.dropFirst())
        if let sub = top as? CALayer { return sub.value(forKeyPath: rest.joined(separator: ".")) }
        return component(of: top, path: rest[...])
    }

    static func setValue(_ value: Any?, of layer: CALayer, atPath path: String) {
        let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1 else { layer.setValue(value, forKey: path); return }
        let rest = Array(parts.dropFirst())
        let top = layer.value(forKey: parts[0])
        if let sub = top as? CALayer { sub.setValue(value, forKeyPath: rest.joined(separator: ".")); return }
        guard let top, let updated = setComponent(of: top, path: rest[...], to: value) else {
            LaminaDiagnostics.report("\(layer.diagnosticName): cannot set key path \"\(path)\" to \(value.map { "\($0)" } ?? "nil")")
            return
        }
        layer.setValue(updated, forKey: parts[0])
    }

    /// A component of a value, or nil when the path does not name one.
    static func component(of value: Any?, path: ArraySlice<String>) -> Any? {
        guard let value, let key = path.first else { return value }
        let rest = path.dropFirst()
        if let p = kvcCoerce(value, to: CGPoint.self), !(value is CGRect) {
            switch key { case "x": return p.x; case "y": return p.y; default: break }
        }
        if let s = kvcCoerce(value, to: CGSize.self), !(value is CGRect) {
            switch key { case "width": return s.width; case "height": return s.height; default: break }
        }
        if let r = kvcCoerce(value, to: CGRect.self) {
            switch key {
            case "origin": return component(of: r.origin, path: rest)
            case "size": return component(of: r.size, path: rest)
            default: break
            }
        }
        if let t = kvcCoerce(value, to: CATransform3D.self) { return transformComponent(t, path: path) }
        return nil
    }

    /// `value` with one component replaced, or nil when the path or the new value does not fit.
    static func setComponent(of value: Any, path: ArraySlice<String>, to newValue: Any?) -> Any? {
        guard let key = path.first else { return newValue }
        let rest = path.dropFirst()
        if !(value is CGRect), var p = kvcCoerce(value, to: CGPoint.self), rest.isEmpty,
           let n = kvcCoerce(newValue, to: CGFloat.self), n.isFinite {
            switch key { case "x": p.x = n; return p; case "y": p.y = n; return p; default: break }
        }
        if !(value is CGRect), var s = kvcCoerce(value, to: CGSize.self), rest.isEmpty,
           let n = kvcCoerce(newValue, to: CGFloat.self), n.isFinite {
            switch key { case "width": s.width = n; return s; case "height": s.height = n; return s; default: break }
        }
        if var r = kvcCoerce(value, to: CGRect.self) {
            switch key {
            case "origin":
                guard let o = setComponent(of: r.origin, path: rest, to: newValue), let p = kvcCoerce(o, to: CGPoint.self)
                else { return nil }
                r.origin = p; return r
            case "size":
                guard let o = setComponent(of: r.size, path: rest, to: newValue), let s = kvcCoerce(o, to: CGSize.self)
                else { return nil }
                r.size = s; return r
            default: break
            }
        }
        if let t = kvcCoerce(value, to: CATransform3D.self) { return setTransformComponent(t, path: path, to: newValue) }
        return nil
    }

    static func transformComponent(_ t: CATransform3D, path: ArraySlice<String>) -> Any? {
        guard let c = TransformComponent(name: path.joined(separator: ".")) else { return nil }
        switch c.read(t) {
        case .number(let n): return CGFloat(n)
        case .size(let s): return s
        default: return nil
        }
    }

    static func setTransformComponent(_ t: CATransform3D, path: ArraySlice<String>, to newValue: Any?) -> Any? {
        guard let c = TransformComponent(name: path.joined(separator: ".")) else { return nil }
        if c.isSize {
            guard let s = kvcCoerce(newValue, to: CGSize.self) else { return nil }
            return c.write(.size(s), into: t)
        }
        guard let n = kvcCoerce(newValue, to: CGFloat.self) else { return nil }
        return c.write(.number(Double(n)), into: t)
    }

    /// See ``TransformComponent/preferredEuler(_:)``.
    static func preferredEuler(_ d: CATransform3DDecomposition) -> (x: CGFloat, y: CGFloat, z: CGFloat) {
        TransformComponent.preferredEuler(d)
    }
}
