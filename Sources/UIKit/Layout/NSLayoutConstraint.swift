import Foundation
@_spi(Lamina) import QuartzCore

/// The priority of a constraint (UIKit's `UILayoutPriority`): 1…1000, 1000 required.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public static let required = UILayoutPriority(1000)
    public static let defaultHigh = UILayoutPriority(750)
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    public static let sceneSizeStayPut = UILayoutPriority(500)
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    public static let defaultLow = UILayoutPriority(250)
    public static let fittingSizeLevel = UILayoutPriority(50)
    public static func < (l: UILayoutPriority, r: UILayoutPriority) -> Bool { l.rawValue < r.rawValue }
    var strength: LayoutStrength { LayoutStrength.priority(rawValue) }
}

/// Insets of a rectangle.
public struct UIEdgeInsets: Hashable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// Zero insets.
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// Insets by leading and trailing edge.
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    /// Zero insets.
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
    public static let zero = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}

extension CGRect {
    /// The rectangle inset by `insets`.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: minX + insets.left, y: minY + insets.top, width: width - insets.left - insets.right,
               height: height - insets.top - insets.bottom)
    }
}

/// A relation between two layout attributes: `first = multiplier × second + constant`, or an
/// inequality, at a priority (UIKit's `NSLayoutConstraint`). Activate it to use it.
@preconcurrency @MainActor
open class NSLayoutConstraint: NSObject {
    /// A layout attribute (UIKit's raw values).
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline
        case firstBaseline, leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0
    }

    /// A relation (UIKit's raw values).
    public enum Relation: Int, Sendable { case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1 }

    /// The first item (a view or layout guide).
    open private(set) weak var firstItem: AnyObject?
    public let firstAttribute: Attribute
    public let relation: Relation
    /// The second item, or nil for a constant.
    open private(set) weak var secondItem: AnyObject?
    public let secondAttribute: Attribute
    public let multiplier: CGFloat
    /// The constant (changing it re-solves the layout).
    open var constant: CGFloat { didSet { if oldValue != constant { changed() } } }
    /// The priority (a required constraint's cannot change to or from required while active).
    open var priority: UILayoutPriority = .required {
        didSet {
            if isActive && (oldValue == .required) != (priority == .required) {
                LaminaDiagnostics.report("NSLayoutConstraint: changing the priority of an active constraint to or from required is not allowed; \(self)")
                priority = oldValue
                return
            }
            if oldValue != priority { changed() }
        }
    }
    /// A name shown in logs.
    open var identifier: String?
    /// Whether the constraint is broken because required constraints conflicted.
    var isBroken = false
    weak var installedOn: UIView?

    /// A constraint `item1.attr1 relation multiplier × item2.attr2 + constant`.
    public init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
                attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        firstItem = view1 as AnyObject
        firstAttribute = attr1
        self.relation = relation
        secondItem = view2.map { $0 as AnyObject }
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        self.multiplier = multiplier.isFinite ? multiplier : 1
        constant = c.isFinite ? c : 0
        super.init()
    }

    /// A constraint with no items (what a subclass or a test double starts from): activating it
    /// is reported and does nothing, as it relates nothing.
    public override init() {
        firstItem = nil
        firstAttribute = .notAnAttribute
        relation = .equal
        secondItem = nil
        secondAttribute = .notAnAttribute
        multiplier = 1
        constant = 0
        super.init()
    }

    /// The first item's anchor for the first attribute.
    open var firstAnchor: NSLayoutAnchor<AnyObject> {
        NSLayoutAnchor<AnyObject>(item: firstItem ?? NSNull(), attribute: firstAttribute)
    }
    /// The second item's anchor, nil for a constant.
    open var secondAnchor: NSLayoutAnchor<AnyObject>? {
        secondItem.map { NSLayoutAnchor<AnyObject>(item: $0, attribute: secondAttribute) }
    }
    /// Whether an archive of the view keeps the constraint (kept; Lamina archives no views).
    open var shouldBeArchived = false

    /// Whether the constraint takes part in layout; setting it installs it on the items'
    /// closest common ancestor.
    open var isActive: Bool {
        get { installedOn != nil }
        set {
            if newValue {
                guard installedOn == nil else { return }
                guard let host = commonAncestor() else {
                    LaminaDiagnostics.report("NSLayoutConstraint: cannot activate \(self): its items have no common ancestor")
                    return
                }
                host.addConstraint(self)
            } else {
                installedOn?.removeConstraint(self)
            }
        }
    }

    /// The constraints a visual format describes, such as `H:|-[find]-[findNext]-[field(>=20)]-|`
    /// (UIKit's grammar: `|` the superview's edge, `-` the standard spacing, `-N-` or
    /// `-(>=N@priority,...)-` a spacing, `[view(predicates)]` a view and predicates on its width or
    /// height; `V:` for a vertical format). Metrics name numbers, views name views or layout guides.
    /// A malformed format stops the program with UIKit's message, which points at where reading stopped.
    open class func constraints(withVisualFormat format: String, options opts: FormatOptions = [],
                                metrics: [String: Any]?, views: [String: Any]) -> [NSLayoutConstraint] {
        switch VisualFormatParser.constraints(format, options: opts, metrics: metrics, views: views) {
        case .success(let constraints): return constraints
        case .failure(let failure): fatalError(failure.description)
        }
    }

    /// Activates every constraint.
    open class func activate(_ constraints: [NSLayoutConstraint]) { for c in constraints { c.isActive = true } }
    /// Deactivates every constraint.
    open class func deactivate(_ constraints: [NSLayoutConstraint]) { for c in constraints { c.isActive = false } }

    func changed() {
        guard let host = installedOn else { return }
        host.rootView?.autoLayoutEngine?.invalidate()
        host.rootView?.setNeedsLayout()
    }

    static func view(of item: AnyObject?) -> UIView? {
        if let v = item as? UIView { return v }
        if let g = item as? UILayoutGuide { return g.owningView }
        return nil
    }

    func commonAncestor() -> UIView? {
        guard let a = NSLayoutConstraint.view(of: firstItem) else { return nil }
        guard let second = secondItem else { return a }
        guard let b = NSLayoutConstraint.view(of: second) else { return nil }
        var v: UIView? = a
        while let c = v {
            if b.isDescendant(of: c) { return c }
            v = c.superview
        }
        return nil
    }

    open override var description: String {
        // NSObject's description is not isolated; a constraint is described on the main actor.
        MainActor.assumeIsolated { mainActorDescription }
    }

    private var mainActorDescription: String {
        func name(_ item: AnyObject?) -> String {
            guard let item else { return "" }
            if let g = item as? UILayoutGuide { return "\(g.identifier)" }
            return "\(type(of: item)):0x\(String(UInt(bitPattern: ObjectIdentifier(item).hashValue), radix: 16))"
        }
        let op = relation == .equal ? "==" : relation == .lessThanOrEqual ? "<=" : ">="
        var rhs = ""
        if secondItem != nil {
            rhs = "\(name(secondItem)).\(secondAttribute)"
            if multiplier != 1 { rhs = "\(multiplier)*" + rhs }
            if constant != 0 { rhs += constant > 0 ? " + \(constant)" : " - \(-constant)" }
        } else {
            rhs = "\(constant)"
        }
        let pri = priority == .required ? "" : " @\(Int(priority.rawValue))"
        let id = identifier.map { "'\($0)' " } ?? ""
        return "<NSLayoutConstraint \(id)\(name(firstItem)).\(firstAttribute) \(op) \(rhs)\(pri)\(isActive ? "   (active)" : "")>"
    }
}
