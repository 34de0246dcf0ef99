import Foundation
import LaminaRender

/// Where an animation's value lives on a layer: a key path resolved once, when the animation is
/// added, into a property (or an undeclared key) and the components below it.
final class AnimationTarget {
    let keyPath: String
    let topKey: String
    /// The stored property, or nil for an undeclared (KVC container) key.
    let descriptor: CAPropertyDescriptor?
    /// Struct fields or transform components below the property (`["size", "width"]`).
    let components: [String]
    /// The kind of the animated value (of the component when there is one).
    let kind: AnimatedKind
    /// Whether a change redraws the layer (`needsDisplay(forKey:)` of the property).
    let redraws: Bool
    /// Whether the property is part of the layer's own drawn content (shape, gradient, text).
    let isContent: Bool
    /// A digest of the key path (for frame fingerprints).
    var keyPathHash: UInt64 { info.keyPathHash }
    /// The description of this target that the animation body carries (shared with the renderer).
    private(set) var info: AnimationTargetInfo!

    /// Resolves `keyPath` on `layer`; nil (with a diagnostic) when it names nothing animatable.
    /// `index` numbers the target within its animation.
    init?(keyPath: String, layer: CALayer, sample: Any?, index: Int) {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let top = parts.first, !top.isEmpty, !parts.contains("") else {
            LaminaDiagnostics.report("\(layer.diagnosticName): cannot animate the key path \"\(keyPath)\"")
            return nil
        }
        self.keyPath = keyPath
        topKey = top
        components = Array(parts.dropFirst())
        let classInfo = layer.propertyClassInfo
        let d = classInfo.descriptor(forKey: top)
        if let d, !d.isStored {
            LaminaDiagnostics.report("\(layer.diagnosticName).\(top) is derived and cannot be animated; animate its parts (e.g. position and bounds)")
            return nil
        }
        if let d, d.key == "sublayers" || d.key == "mask" || d.key == "delegate" {
            LaminaDiagnostics.report("\(layer.diagnosticName): animating \"\(keyPath)\" (a layer-valued key path) is not supported; animate the layer itself")
            return nil
        }
        descriptor = d
        redraws = classInfo.needsDisplay(forKey: top)
        isContent = d.map { !$0.effects.isDisjoint(with: [.content, .display]) } ?? false
        if !components.isEmpty {
            // The component's kind from its current value (CGFloat, CGPoint or CGSize).
            let current = KeyPathValues.value(of: layer, atPath: keyPath)
            switch current {
            case is CGPoint: kind = .point
            case is CGSize: kind = .size
            case is CGRect: kind = .rect
            case nil:
                LaminaDiagnostics.report("\(layer.diagnosticName): \"\(keyPath)\" names no part of \"\(top)\"; not animated")
                return nil
            default: kind = .number
            }
        } else if let d {
            switch d.key {
            case "contents": kind = .image
            case "colors": kind = .colors
            default: kind = AnimatedKind.of(d.valueType)
            }
        } else {
            // An undeclared key: the kind of the values given.
            switch (sample as? KVCOptional)?.kvcFlattened ?? sample {
            case is CGPoint: kind = .point
            case is CGSize: kind = .size
            case is CGRect: kind = .rect
            case is CATransform3D: kind = .transform
            case let v? where kvcCoerce(v, to: Double.self) != nil && !(v is String): kind = .number
            case let v? where kvcCoerce(v, to: CGColor.self) != nil: kind = .color
            default: kind = .discrete
            }
        }
        info = AnimationTargetInfo(keyPath: keyPath, topKey: top, kind: kind, redraws: redraws, isContent: isContent,
                                   render: AnimationTarget.renderTarget(descriptor: d, components: components, layer: layer),
                                   index: index)
    }

    /// Where the property lands in the render tree: a built-in property the renderer draws from
    /// (not a subclass's `@Managed` one of the same name), with the component the key path names.
    static func renderTarget(descriptor d: CAPropertyDescriptor?, components: [String], layer: CALayer) -> RenderTarget? {
        guard let d, let property = RenderProperty(rawValue: d.key),
              type(of: layer).builtInPropertyDescriptors.contains(where: { $0 === d }) else { return nil }
        let whole: AnimatedKind = d.key == "contents" ? .image : d.key == "colors" ? .colors : AnimatedKind.of(d.valueType)
        guard let component = ValueComponent(components, of: whole) else { return nil }
        return RenderTarget(property: property, component: component)
    }

    /// The current value on `layer` (model or presentation copy).
    func read(_ layer: CALayer) -> AnimatedValue? {
        let raw: Any?
        if components.isEmpty {
            if let d = descriptor { raw = d.read(layer) } else { raw = layer.propertyStore.extras[topKey] }
        } else {
            raw = KeyPathValues.value(of: layer, atPath: keyPath)
        }
        return AnimatedValue.from(raw, kind: kind)
    }

    /// Writes `value` into `layer` without side effects (no actions, layout or versions): the
    /// presentation copy's store. Returns false when the value does not fit the property.
    @discardableResult
    func write(_ value: AnimatedValue, to layer: CALayer) -> Bool {
        if components.isEmpty, let d = descriptor, kind != .image, d.storeAnimated(value, in: &layer.propertyStore) {
            return true
        }
        let v = value.anyValue
        guard let d = descriptor else {
            if components.isEmpty {
                layer.propertyStore.extras[topKey] = v
            } else if let top = layer.propertyStore.extras[topKey], let u = KeyPathValues.setComponent(of: top, path: components[...], to: v) {
                layer.propertyStore.extras[topKey] = u
            } else { return false }
            return true
        }
        let topValue: Any?
        if components.isEmpty {
            topValue = v
        } else {
            guard let current = d.read(layer), let u = KeyPathValues.setComponent(of: current, path: components[...], to: v)
            else { return false }
            topValue = u
        }
        if kind == .image && components.isEmpty {
            // contents may hold a cross-fade in progress.
            layer.propertyStore.set(d.makeBox(topValue as Any), at: d.slot)
            return true
        }
        guard let converted = d.coerce(topValue), let c = converted, d.isAcceptable(c) else { return false }
        layer.propertyStore.set(d.makeBox(c), at: d.slot)
        return true
    }
}
