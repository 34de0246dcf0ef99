import Foundation

/// Where a property animation writes, as the model and the renderer both need to know it:
/// resolved once, when the animation is added to a layer.
package final class AnimationTargetInfo: @unchecked Sendable {
    /// The animation's key path (`"position.x"`, `"transform.rotation.z"`, a custom key).
    package let keyPath: String
    /// The property (or undeclared key) the key path starts with.
    package let topKey: String
    /// The kind of the animated value (of the component when there is one).
    package let kind: AnimatedKind
    /// Whether a change redraws the layer's content (`needsDisplay(forKey:)` of the property):
    /// such animations are drawn by the model's thread, frame by frame.
    package let redraws: Bool
    /// Whether the property is part of the layer's own drawn content (shape, gradient, text).
    package let isContent: Bool
    /// A digest of the key path (for frame fingerprints).
    package let keyPathHash: UInt64
    /// Where the value lands in the render tree; nil when the renderer draws nothing from it
    /// (custom keys, properties only the model uses).
    package let render: RenderTarget?
    /// The target's number within its animation (groups have several): how the model finds its
    /// own description of the same target.
    package let index: Int

    package init(keyPath: String, topKey: String, kind: AnimatedKind, redraws: Bool, isContent: Bool,
                 render: RenderTarget?, index: Int) {
        self.keyPath = keyPath
        self.topKey = topKey
        self.kind = kind
        self.redraws = redraws
        self.isContent = isContent
        self.render = render
        self.index = index
        keyPathHash = keyPath.utf8.reduce(0xCBF2_9CE4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }
}

/// A place in the render tree an animation writes: a property of a node and, for key paths
/// like `position.x` or `transform.rotation.z`, a component of it.
package struct RenderTarget: Equatable, Sendable {
    package var property: RenderProperty
    package var component: ValueComponent

    package init(property: RenderProperty, component: ValueComponent = .whole) {
        self.property = property
        self.component = component
    }
}

/// The properties of a layer the renderer draws from (Core Animation's key names).
package enum RenderProperty: String, Sendable, CaseIterable {
    // CALayer
    case bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform
    case hidden, doubleSided, masksToBounds
    case contents, contentsRect, contentsCenter, contentsScale
    case backgroundColor, cornerRadius, borderWidth, borderColor, opacity, compositingFilter
    case shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath
    // CAShapeLayer
    case path, fillColor, strokeColor, strokeStart, strokeEnd, lineWidth, miterLimit, lineDashPhase, lineDashPattern
    // CAGradientLayer
    case colors, locations, startPoint, endPoint
    // CAReplicatorLayer
    case instanceCount, instanceDelay, instanceTransform, instanceColor
    case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset
    // CAEmitterLayer
    case birthRate, lifetime, velocity, scale, spin, emitterPosition, emitterZPosition, emitterSize, emitterDepth

    /// Whether the property belongs to a subclass's own content (shape, gradient, copies,
    /// particles) rather than to every layer.
    package var isSubclassContent: Bool {
        switch self {
        case .path, .fillColor, .strokeColor, .strokeStart, .strokeEnd, .lineWidth, .miterLimit, .lineDashPhase,
             .lineDashPattern, .colors, .locations, .startPoint, .endPoint, .instanceCount, .instanceDelay,
             .instanceTransform, .instanceColor, .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset,
             .instanceAlphaOffset, .birthRate, .lifetime, .velocity, .scale, .spin, .emitterPosition, .emitterZPosition,
             .emitterSize, .emitterDepth:
            return true
        default:
            return false
        }
    }
}

/// A part of a value that a key path names below its property.
package enum ValueComponent: Equatable, Sendable {
    case whole
    /// `x`/`y` of a point.
    case x, y
    /// `width`/`height` of a size.
    case width, height
    /// Parts of a rectangle.
    case origin, size, originX, originY, sizeWidth, sizeHeight
    /// A part of a transform (`transform.rotation.z`, `transform.scale`, …).
    case transform(TransformComponent)

    /// The component named by key path parts below a property whose values are of `kind`
    /// (`["size", "width"]` of a rectangle); nil when they name none.
    package init?(_ parts: [String], of kind: AnimatedKind) {
        if parts.isEmpty { self = .whole; return }
        switch (kind, parts) {
        case (.point, ["x"]): self = .x
        case (.point, ["y"]): self = .y
        case (.size, ["width"]): self = .width
        case (.size, ["height"]): self = .height
        case (.rect, ["origin"]): self = .origin
        case (.rect, ["size"]): self = .size
        case (.rect, ["origin", "x"]): self = .originX
        case (.rect, ["origin", "y"]): self = .originY
        case (.rect, ["size", "width"]): self = .sizeWidth
        case (.rect, ["size", "height"]): self = .sizeHeight
        case (.transform, _):
            guard let c = TransformComponent(name: parts.joined(separator: ".")) else { return nil }
            self = .transform(c)
        default: return nil
        }
    }

    /// The component of `whole`.
    package func read(_ whole: AnimatedValue) -> AnimatedValue? {
        switch (self, whole) {
        case (.whole, _): return whole
        case let (.x, .point(p)): return .number(Double(p.x))
        case let (.y, .point(p)): return .number(Double(p.y))
        case let (.width, .size(s)): return .number(Double(s.width))
        case let (.height, .size(s)): return .number(Double(s.height))
        case let (.origin, .rect(r)): return .point(r.origin)
        case let (.size, .rect(r)): return .size(r.size)
        case let (.originX, .rect(r)): return .number(Double(r.origin.x))
        case let (.originY, .rect(r)): return .number(Double(r.origin.y))
        case let (.sizeWidth, .rect(r)): return .number(Double(r.size.width))
        case let (.sizeHeight, .rect(r)): return .number(Double(r.size.height))
        case let (.transform(c), .transform(t)): return c.read(t)
        default: return nil
        }
    }

    /// `whole` with this component replaced by `part`; nil when they do not fit.
    package func write(_ part: AnimatedValue, into whole: AnimatedValue) -> AnimatedValue? {
        func number() -> CGFloat? {
            if case .number(let n) = part, n.isFinite { return CGFloat(n) }
            return nil
        }
        switch (self, whole) {
        case (.whole, _): return part
        case (.x, .point(var p)): guard let n = number() else { return nil }; p.x = n; return .point(p)
        case (.y, .point(var p)): guard let n = number() else { return nil }; p.y = n; return .point(p)
        case (.width, .size(var s)): guard let n = number() else { return nil }; s.width = n; return .size(s)
        case (.height, .size(var s)): guard let n = number() else { return nil }; s.height = n; return .size(s)
        case (.origin, .rect(var r)):
            guard case .point(let p) = part, p.x.isFinite, p.y.isFinite else { return nil }
            r.origin = p; return .rect(r)
        case (.size, .rect(var r)):
            guard case .size(let s) = part, s.width.isFinite, s.height.isFinite else { return nil }
            r.size = s; return .rect(r)
        case (.originX, .rect(var r)): guard let n = number() else { return nil }; r.origin.x = n; return .rect(r)
        case (.originY, .rect(var r)): guard let n = number() else { return nil }; r.origin.y = n; return .rect(r)
        case (.sizeWidth, .rect(var r)): guard let n = number() else { return nil }; r.size.width = n; return .rect(r)
        case (.sizeHeight, .rect(var r)): guard let n = number() else { return nil }; r.size.height = n; return .rect(r)
        case let (.transform(c), .transform(t)): return c.write(part, into: t).map { .transform($0) }
        default: return nil
        }
    }
}
