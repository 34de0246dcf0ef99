/// `NSCoding` for layers: the set properties whose values are numbers, Booleans, strings,
/// string options, bit masks, points, sizes and rectangles, each under its KVC key, plus
/// undeclared keys holding such values. Colours, images, paths and sublayers are not archived
/// this way (Core Animation archives, `.caml`, are the project's archive format); each key that
/// is skipped is named in a diagnostic.
enum LayerArchiving {
    static func encode(_ layer: CALayer, to coder: NSCoder) {
        for d in layer.propertyDescriptors where d.isStored && layer.propertyStore.contains(d.slot) {
            guard layer.shouldArchiveValue(forKey: d.key) else { continue }
            encodeValue(layer.value(forKey: d.key), key: d.key, layer: layer, coder: coder)
        }
        for (key, v) in layer.propertyStore.extras where layer.shouldArchiveValue(forKey: key) {
            encodeValue(v, key: key, layer: layer, coder: coder)
        }
    }

    private static func encodeValue(_ value: Any?, key: String, layer: CALayer, coder: NSCoder) {
        guard let value else { return }
        switch value {
        // Numbers and Booleans go in as NSNumber objects so that decoding is uniform:
        // `decodeObject(forKey:)` on a primitive fails and poisons the whole unarchiver.
        case let v as Bool: coder.encode(NSNumber(value: v), forKey: key)
        case let v as CGFloat: coder.encode(NSNumber(value: Double(v)), forKey: key)
        case let v as Double: coder.encode(NSNumber(value: v), forKey: key)
        case let v as Float: coder.encode(NSNumber(value: v), forKey: key)
        case let v as Int: coder.encode(NSNumber(value: v), forKey: key)
        case let v as NSNumber: coder.encode(v, forKey: key)
        case let v as String: coder.encode(v as NSString, forKey: key)
        case let v as any RawRepresentable:
            if let s = v.rawValue as? String { coder.encode(s as NSString, forKey: key) }
            else if let n = kvcDouble(v.rawValue) { coder.encode(NSNumber(value: n), forKey: key) }
        case let v as CGPoint: coder.encode(NSValue(point: v), forKey: key)
        case let v as CGSize: coder.encode(NSValue(size: v), forKey: key)
        case let v as CGRect: coder.encode(NSValue(rect: v), forKey: key)
        default:
            LaminaDiagnostics.report("\(layer.diagnosticName).encode(with:): \"\(key)\" (\(type(of: value))) is not archived")
        }
    }

    static func decode(_ layer: CALayer, from coder: NSCoder) {
        for d in layer.propertyDescriptors where d.isStored && coder.containsValue(forKey: d.key) {
            if let v = coder.decodeObject(forKey: d.key) { layer.setValue(v, forKey: d.key) }
        }
        if let keyed = coder as? NSKeyedUnarchiver, let error = keyed.error {
            LaminaDiagnostics.report("\(layer.diagnosticName).init(coder:): the archive could not be read: \(error)")
        }
    }
}
