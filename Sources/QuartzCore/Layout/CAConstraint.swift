import Foundation

/// A geometric attribute a `CAConstraint` sets or reads (macOS's `CAConstraintAttribute`).
/// Lamina's layers are y-down, so `minY` is the top edge.
public enum CAConstraintAttribute: Int32, Sendable {
    case minX = 0, midX, maxX, width, minY, midY, maxY, height
}

/// "The layer's `attribute` = the source's `sourceAttribute` × `scale` + `offset`", where the
/// source is a sibling layer found by `name`, or the superlayer (`"superlayer"`) (macOS's
/// `CAConstraint`). A layout manager (`CAConstraintLayoutManager`) on the superlayer applies
/// them; layer anchors (`layer.leftAnchor.constraint(equalTo:…)`) make ones that apply without one.
open class CAConstraint: NSObject, @unchecked Sendable {
    /// The attribute of the constrained layer.
    public let attribute: CAConstraintAttribute
    /// The name of the source layer (`"superlayer"` for the superlayer).
    public let sourceName: String
    /// The attribute of the source.
    public let sourceAttribute: CAConstraintAttribute
    public let scale: CGFloat
    public let offset: CGFloat
    /// For anchor constraints: the source layer itself, and the relation and priority.
    weak var sourceLayer: CALayer?
    var relation: LayoutConstraintRef.Relation = .equal
    var strength: LayoutStrength = .required
    var fromAnchor = false

    public init(attribute attr: CAConstraintAttribute, relativeTo srcId: String, attribute srcAttr: CAConstraintAttribute,
                scale m: CGFloat, offset c: CGFloat) {
        attribute = attr
        sourceName = srcId
        sourceAttribute = srcAttr
        scale = m.isFinite ? m : 1
        offset = c.isFinite ? c : 0
        super.init()
    }

    public convenience init(attribute attr: CAConstraintAttribute, relativeTo srcId: String, attribute srcAttr: CAConstraintAttribute,
                            offset c: CGFloat) {
        self.init(attribute: attr, relativeTo: srcId, attribute: srcAttr, scale: 1, offset: c)
    }

    public convenience init(attribute attr: CAConstraintAttribute, relativeTo srcId: String, attribute srcAttr: CAConstraintAttribute) {
        self.init(attribute: attr, relativeTo: srcId, attribute: srcAttr, scale: 1, offset: 0)
    }

    open override var description: String {
        "<CAConstraint \(attribute) = \(sourceName).\(sourceAttribute) × \(scale) + \(offset)>"
    }
}

extension CALayer {
    /// The layer's constraints (applied by its superlayer's `CAConstraintLayoutManager`, or by
    /// its superlayer's layout for constraints made from anchors).
    public var constraints: [CAConstraint]? { get { self[P.constraints] } set { self[P.constraints] = newValue } }

    /// Adds a constraint.
    public func addConstraint(_ c: CAConstraint) { constraints = (constraints ?? []) + [c] }
}

/// Lays out a layer's sublayers by their `constraints` (macOS's `CAConstraintLayoutManager`),
/// with Lamina's Cassowary solver: constrained attributes take their values; attributes no
/// constraint decides keep the layer's current frame.
open class CAConstraintLayoutManager: NSObject, CALayoutManager, @unchecked Sendable {
    public override init() { super.init() }

    /// A new layout manager.
    open class func layoutManager() -> CAConstraintLayoutManager { CAConstraintLayoutManager() }

    public func preferredSize(of layer: CALayer) -> CGSize { layer.bounds.size }
    public func invalidateLayout(of layer: CALayer) { layer.noteDefaultDelegateMethod() }

    public func layoutSublayers(of layer: CALayer) {
        ConstraintLayout.layOut(layer, anchorsOnly: false)
    }
}

/// Solving sublayer constraints.
enum ConstraintLayout {
    /// Whether `layer`'s sublayers have constraints from anchors (laid out without a manager).
    static func hasAnchorConstraints(_ layer: CALayer) -> Bool {
        layer._sublayers.contains { $0.constraints?.contains(where: \.fromAnchor) ?? false }
    }

    static func layOut(_ layer: CALayer, anchorsOnly: Bool) {
        let subs = layer._sublayers
        guard subs.contains(where: { !($0.constraints ?? []).isEmpty }) else { return }
        let solver = LayoutSolver()
        // Variables per sublayer: minX, minY, width, height in the superlayer's bounds space.
        var vars: [ObjectIdentifier: (x: LayoutVariable, y: LayoutVariable, w: LayoutVariable, h: LayoutVariable)] = [:]
        for s in subs {
            let n = s.name ?? "layer"
            vars[ObjectIdentifier(s)] = (LayoutVariable("\(n).minX"), LayoutVariable("\(n).minY"), LayoutVariable("\(n).width"),
                                         LayoutVariable("\(n).height"))
        }
        let b = layer.bounds
        func expr(_ l: CALayer, _ a: CAConstraintAttribute) -> LayoutExpression? {
            if l === layer {
                // The superlayer: constants of its bounds.
                let v: CGFloat
                switch a {
                case .minX: v = b.minX
                case .midX: v = b.midX
                case .maxX: v = b.maxX
                case .width: v = b.width
                case .minY: v = b.minY
                case .midY: v = b.midY
                case .maxY: v = b.maxY
                case .height: v = b.height
                }
                return LayoutExpression([], constant: Double(v))
            }
            guard let q = vars[ObjectIdentifier(l)] else { return nil }
            let x = LayoutExpression(q.x), y = LayoutExpression(q.y), w = LayoutExpression(q.w), h = LayoutExpression(q.h)
            switch a {
            case .minX: return x
            case .midX: return x + w * 0.5
            case .maxX: return x + w
            case .width: return w
            case .minY: return y
            case .midY: return y + h * 0.5
            case .maxY: return y + h
            case .height: return h
            }
        }
        for s in subs {
            guard let q = vars[ObjectIdentifier(s)] else { continue }
            // Sizes are never negative; unconstrained attributes keep the current frame.
            try? solver.add(LayoutConstraintRef(LayoutExpression(q.w), .greaterOrEqual))
            try? solver.add(LayoutConstraintRef(LayoutExpression(q.h), .greaterOrEqual))
            let f = s.frame
            try? solver.add(LayoutConstraintRef(LayoutExpression(q.x) - Double(f.minX), .equal, strength: .weak))
            try? solver.add(LayoutConstraintRef(LayoutExpression(q.y) - Double(f.minY), .equal, strength: .weak))
            try? solver.add(LayoutConstraintRef(LayoutExpression(q.w) - Double(f.width), .equal, strength: LayoutStrength(2)))
            try? solver.add(LayoutConstraintRef(LayoutExpression(q.h) - Double(f.height), .equal, strength: LayoutStrength(2)))
            for c in s.constraints ?? [] where !anchorsOnly || c.fromAnchor {
                let source: CALayer?
                if let direct = c.sourceLayer {
                    source = direct
                } else if c.sourceName == "superlayer" {
                    source = layer
                } else {
                    source = subs.first { $0.name == c.sourceName && $0 !== s }
                }
                guard let src = source, let lhs = expr(s, c.attribute), let rhs = expr(src, c.sourceAttribute) else {
                    LaminaDiagnostics.report("CAConstraint: no layer named \"\(c.sourceName)\" beside \(s.diagnosticName); \(c) ignored")
                    continue
                }
                do {
                    try solver.add(LayoutConstraintRef(lhs - rhs * Double(c.scale) - Double(c.offset), c.relation, strength: c.strength,
                                                       name: c.description))
                } catch {
                    LaminaDiagnostics.report("CAConstraint: \(error); \(c) ignored")
                }
            }
        }
        solver.updateVariables()
        for s in subs {
            guard let q = vars[ObjectIdentifier(s)], !(s.constraints ?? []).isEmpty else { continue }
            func clean(_ v: Double) -> CGFloat { CGFloat((v * 1e6).rounded() / 1e6) }
            let f = CGRect(x: clean(q.x.value), y: clean(q.y.value), width: clean(q.w.value), height: clean(q.h.value))
            if s.frame != f { s.frame = f }
        }
    }
}

/// One attribute of a bare layer, to constrain it like a view's anchor (Lamina API):
///
/// ```swift
/// let gradient = CAGradientLayer()
/// view.layer.addSublayer(gradient)
/// NSLayoutConstraint-style, on layers:
/// gradient.leftAnchor.constraint(equalTo: view.layer.leftAnchor, constant: 16).isActive = true
/// gradient.rightAnchor.constraint(equalTo: view.layer.rightAnchor, constant: -16).isActive = true
/// gradient.topAnchor.constraint(equalTo: view.layer.topAnchor).isActive = true
/// gradient.heightAnchor.constraint(equalToConstant: 44).isActive = true
/// ```
///
/// The constrained layer's superlayer lays it out whenever it lays out (its bounds change, or
/// `setNeedsLayout()`); the other layer must be that superlayer or a sibling.
public struct CALayerAnchor {
    weak var layer: CALayer?
    let attribute: CAConstraintAttribute

    func make(_ other: CALayerAnchor?, _ relation: LayoutConstraintRef.Relation, scale: CGFloat, constant: CGFloat) -> CALayerConstraint {
        CALayerConstraint(layer: layer, attribute: attribute, source: other, relation: relation, scale: scale, offset: constant)
    }

    /// `self == anchor + constant`.
    public func constraint(equalTo anchor: CALayerAnchor, constant: CGFloat = 0) -> CALayerConstraint {
        make(anchor, .equal, scale: 1, constant: constant)
    }
    /// `self >= anchor + constant`.
    public func constraint(greaterThanOrEqualTo anchor: CALayerAnchor, constant: CGFloat = 0) -> CALayerConstraint {
        make(anchor, .greaterOrEqual, scale: 1, constant: constant)
    }
    /// `self <= anchor + constant`.
    public func constraint(lessThanOrEqualTo anchor: CALayerAnchor, constant: CGFloat = 0) -> CALayerConstraint {
        make(anchor, .lessOrEqual, scale: 1, constant: constant)
    }
    /// `self == multiplier × anchor + constant` (sizes).
    public func constraint(equalTo anchor: CALayerAnchor, multiplier: CGFloat, constant: CGFloat = 0) -> CALayerConstraint {
        make(anchor, .equal, scale: multiplier, constant: constant)
    }
    /// `self == constant` (sizes).
    public func constraint(equalToConstant constant: CGFloat) -> CALayerConstraint { make(nil, .equal, scale: 0, constant: constant) }
    public func constraint(greaterThanOrEqualToConstant constant: CGFloat) -> CALayerConstraint {
        make(nil, .greaterOrEqual, scale: 0, constant: constant)
    }
    public func constraint(lessThanOrEqualToConstant constant: CGFloat) -> CALayerConstraint {
        make(nil, .lessOrEqual, scale: 0, constant: constant)
    }
}

/// A constraint between layer anchors; activate it to use it.
public final class CALayerConstraint: @unchecked Sendable {
    weak var layer: CALayer?
    let constraint: CAConstraint

    init(layer: CALayer?, attribute: CAConstraintAttribute, source: CALayerAnchor?, relation: LayoutConstraintRef.Relation,
         scale: CGFloat, offset: CGFloat) {
        self.layer = layer
        constraint = CAConstraint(attribute: attribute, relativeTo: source?.layer?.name ?? "superlayer",
                                  attribute: source?.attribute ?? attribute, scale: scale, offset: offset)
        constraint.sourceLayer = source?.layer
        constraint.relation = relation
        constraint.fromAnchor = true
    }

    /// The priority, 1…1000 (required by default).
    public var priority: Float = 1000 {
        didSet { constraint.strength = LayoutStrength.priority(priority) }
    }

    /// Whether the constraint applies.
    public var isActive: Bool {
        get { layer?.constraints?.contains { $0 === constraint } ?? false }
        set {
            guard let layer, newValue != isActive else { return }
            if newValue {
                if let s = constraint.sourceLayer, s !== layer._superlayer, s._superlayer !== layer._superlayer {
                    LaminaDiagnostics.report("CALayerConstraint: the other layer must be the superlayer or a sibling; not activated")
                    return
                }
                layer.addConstraint(constraint)
            } else {
                layer.constraints = layer.constraints?.filter { $0 !== constraint }
            }
            layer._superlayer?.setNeedsLayout()
        }
    }

    /// Activates every constraint.
    public static func activate(_ constraints: [CALayerConstraint]) { for c in constraints { c.isActive = true } }
    /// Deactivates every constraint.
    public static func deactivate(_ constraints: [CALayerConstraint]) { for c in constraints { c.isActive = false } }
}

extension CALayer {
    public var leftAnchor: CALayerAnchor { CALayerAnchor(layer: self, attribute: .minX) }
    public var rightAnchor: CALayerAnchor { CALayerAnchor(layer: self, attribute: .maxX) }
    public var topAnchor: CALayerAnchor { CALayerAnchor(layer: self, attribute: .minY) }
    public var bottomAnchor: CALayerAnchor { CALayerAnchor(layer: self, attribute: .maxY) }
    public var leadingAnchor: CALayerAnchor { leftAnchor }
    public var trailingAnchor: CALayerAnchor { rightAnchor }
    public var widthAnchor: CALayerAnchor { CALayerAnchor(layer: self, attribute: .width) }
    public var heightAnchor: CALayerAnchor { CALayerAnchor(layer: self, attribute: .height) }
    public var centerXAnchor: CALayerAnchor { CALayerAnchor(layer: self, attribute: .midX) }
    public var centerYAnchor: CALayerAnchor { CALayerAnchor(layer: self, attribute: .midY) }
}
