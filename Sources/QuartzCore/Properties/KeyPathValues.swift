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
        let d = t.decomposed ?? .identity
        let name = path.joined(separator: ".")
        switch name {
        case "rotation", "rotation.z": return preferredEuler(d).z
        case "rotation.x": return preferredEuler(d).x
        case "rotation.y": return preferredEuler(d).y
        case "scale": return (d.scale.x + d.scale.y + d.scale.z) / 3
        case "scale.x": return d.scale.x
        case "scale.y": return d.scale.y
        case "scale.z": return d.scale.z
        case "scale.xy": return (d.scale.x + d.scale.y) / 2
        case "translation": return CGSize(width: d.translation.x, height: d.translation.y)
        case "translation.x": return d.translation.x
        case "translation.y": return d.translation.y
        case "translation.z": return d.translation.z
        default: return nil
        }
    }

    static func setTransformComponent(_ t: CATransform3D, path: ArraySlice<String>, to newValue: Any?) -> Any? {
        var d = t.decomposed ?? .identity
        let name = path.joined(separator: ".")
        if name == "translation" {
            guard let s = kvcCoerce(newValue, to: CGSize.self), s.isFinite else { return nil }
            d.translation.x = s.width; d.translation.y = s.height
            return d.transform
        }
        guard let n = kvcCoerce(newValue, to: CGFloat.self), n.isFinite else { return nil }
        switch name {
        case "rotation", "rotation.z", "rotation.x", "rotation.y":
            var e = preferredEuler(d)
            switch name { case "rotation.x": e.x = n; case "rotation.y": e.y = n; default: e.z = n }
            d.setEulerAngles(x: e.x, y: e.y, z: e.z)
        case "scale": d.scale = (n, n, n)
        case "scale.x": d.scale.x = n
        case "scale.y": d.scale.y = n
        case "scale.z": d.scale.z = n
        case "scale.xy": d.scale.x = n; d.scale.y = n
        case "translation.x": d.translation.x = n
        case "translation.y": d.translation.y = n
        case "translation.z": d.translation.z = n
        default: return nil
        }
        return d.transform
    }

    /// Euler angles, choosing between the two equivalent solutions the one with the smaller
    /// total turn, so a rotation set about one axis reads back about that axis
    /// (rotation.y = π reads (0, π, 0), not (π, 0, π)).
    static func preferredEuler(_ d: CATransform3DDecomposition) -> (x: CGFloat, y: CGFloat, z: CGFloat) {
        let e = d.eulerAngles
        func wrap(_ a: CGFloat) -> CGFloat {
            var r = a.truncatingRemainder(dividingBy: 2 * .pi)
            if r > .pi { r -= 2 * .pi } else if r <= -.pi { r += 2 * .pi }
            return r
        }
        let alt = (x: wrap(e.x + .pi), y: wrap(.pi - e.y), z: wrap(e.z + .pi))
        let cost = { (a: (x: CGFloat, y: CGFloat, z: CGFloat)) in abs(a.x) + abs(a.y) + abs(a.z) }
        return cost(alt) + 1e-9 < cost(e) ? alt : e
    }
}
