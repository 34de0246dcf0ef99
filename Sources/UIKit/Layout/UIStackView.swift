import Foundation

/// Lays out its arranged subviews in a row or a column with constraints it manages (UIKit's
/// `UIStackView`): distribution along the axis, alignment across it, spacing, margins; hidden
/// arranged views take no space.
open class UIStackView: UIView {
    /// How arranged views share the axis.
    public enum Distribution: Int, Sendable { case fill = 0, fillEqually, fillProportionally, equalSpacing, equalCentering }

    /// How arranged views sit across the axis (top is leading, bottom trailing).
    public enum Alignment: Int, Sendable {
        case fill = 0, leading = 1, firstBaseline = 2, center = 3, trailing = 4, lastBaseline = 5
        public static var top: Alignment { .leading }
        public static var bottom: Alignment { .trailing }
    }

    private var _arranged: [UIView] = []
    private var managed: [NSLayoutConstraint] = []
    private var managedGuides: [UILayoutGuide] = []
    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]

    /// The axis (horizontal by default).
    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { setNeedsUpdateConstraints() } }
    open var distribution: Distribution = .fill { didSet { setNeedsUpdateConstraints() } }
    open var alignment: Alignment = .fill { didSet { setNeedsUpdateConstraints() } }
    /// The space between neighbours (0 by default).
    open var spacing: CGFloat = 0 { didSet { setNeedsUpdateConstraints() } }
    /// Whether the arrangement is inset by the layout margins.
    open var isLayoutMarginsRelativeArrangement = false { didSet { setNeedsUpdateConstraints() } }
    /// Whether baselines are measured from the view's own baseline (kept; baselines are labels').
    open var isBaselineRelativeArrangement = false

    /// The arranged views, in order.
    open var arrangedSubviews: [UIView] { _arranged }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isOpaque = false
    }

    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for v in views { addArrangedSubview(v) }
    }

    /// Adds `view` at the end (as a subview too).
    open func addArrangedSubview(_ view: UIView) { insertArrangedSubview(view, at: _arranged.count) }

    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        _arranged.removeAll { $0 === view }
        _arranged.insert(view, at: max(0, min(stackIndex, _arranged.count)))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        setNeedsUpdateConstraints()
    }

    /// Stops arranging `view` (it stays a subview).
    open func removeArrangedSubview(_ view: UIView) {
        _arranged.removeAll { $0 === view }
        setNeedsUpdateConstraints()
    }

    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        if _arranged.contains(where: { $0 === subview }) { removeArrangedSubview(subview) }
    }

    /// Extra space after `arrangedSubview` instead of `spacing`.
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing
        setNeedsUpdateConstraints()
    }

    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? spacing
    }

    open override func updateConstraints() {
        NSLayoutConstraint.deactivate(managed)
        for g in managedGuides { removeLayoutGuide(g) }
        managed = []
        managedGuides = []
        buildConstraints()
        NSLayoutConstraint.activate(managed)
        super.updateConstraints()
    }

    private func buildConstraints() {
        let horizontal = axis == .horizontal
        let visible = _arranged.filter { !$0.isHidden }
        let container: AnyObject = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
        func c(_ a: AnyObject, _ aa: NSLayoutConstraint.Attribute, _ r: NSLayoutConstraint.Relation, _ b: AnyObject?,
               _ ba: NSLayoutConstraint.Attribute, _ m: CGFloat = 1, _ k: CGFloat = 0, _ p: UILayoutPriority = .required,
               _ id: String) {
            let x = NSLayoutConstraint(item: a, attribute: aa, relatedBy: r, toItem: b, attribute: ba, multiplier: m, constant: k)
            x.priority = p
            x.identifier = id
            managed.append(x)
        }
        let lead: NSLayoutConstraint.Attribute = horizontal ? .leading : .top
        let trail: NSLayoutConstraint.Attribute = horizontal ? .trailing : .bottom
        let size: NSLayoutConstraint.Attribute = horizontal ? .width : .height
        let crossLead: NSLayoutConstraint.Attribute = horizontal ? .top : .leading
        let crossTrail: NSLayoutConstraint.Attribute = horizontal ? .bottom : .trailing
        let crossCenter: NSLayoutConstraint.Attribute = horizontal ? .centerY : .centerX
        let crossSize: NSLayoutConstraint.Attribute = horizontal ? .height : .width
        // Hidden views collapse at the leading edge.
        for v in _arranged where v.isHidden {
            c(v, size, .equal, nil, .notAnAttribute, 1, 0, .required, "UISV-hiding")
            c(v, lead, .equal, container, lead, 1, 0, .required, "UISV-hiding")
            c(v, crossLead, .equal, container, crossLead, 1, 0, .required, "UISV-hiding")
        }
        guard let first = visible.first, let last = visible.last else { return }
        // Along the axis.
        c(first, lead, .equal, container, lead, 1, 0, .required, "UISV-canvas-connection")
        c(last, trail, .equal, container, trail, 1, 0, .required, "UISV-canvas-connection")
        var gapGuides: [UILayoutGuide] = []
        for (a, b) in zip(visible, visible.dropFirst()) {
            let gap = customSpacing(after: a)
            switch distribution {
            case .equalSpacing, .equalCentering:
                let g = UILayoutGuide()
                g.identifier = "UISV-distributing"
                addLayoutGuide(g)
                managedGuides.append(g)
                gapGuides.append(g)
                if distribution == .equalSpacing {
                    c(g, lead, .equal, a, trail, 1, 0, .required, "UISV-distributing-edge")
                    c(g, trail, .equal, b, lead, 1, 0, .required, "UISV-distributing-edge")
                } else {
                    let center: NSLayoutConstraint.Attribute = horizontal ? .centerX : .centerY
                    c(g, lead, .equal, a, center, 1, 0, .required, "UISV-distributing-edge")
                    c(g, trail, .equal, b, center, 1, 0, .required, "UISV-distributing-edge")
                    c(b, lead, .greaterThanOrEqual, a, trail, 1, gap, .required, "UISV-spacing")
                }
                if distribution == .equalSpacing { c(g, size, .greaterThanOrEqual, nil, .notAnAttribute, 1, gap, .required, "UISV-spacing") }
            default:
                c(b, lead, .equal, a, trail, 1, gap, .required, "UISV-spacing")
            }
        }
        if let g0 = gapGuides.first {
            for g in gapGuides.dropFirst() { c(g, size, .equal, g0, size, 1, 0, .required, "UISV-fill-equally") }
        }
        switch distribution {
        case .fillEqually:
            for v in visible.dropFirst() { c(v, size, .equal, first, size, 1, 0, .required, "UISV-fill-equally") }
        case .fillProportionally:
            let sizes = visible.map { horizontal ? $0.intrinsicContentSize.width : $0.intrinsicContentSize.height }
            if let s0 = sizes.first, s0 > 0 {
                for (v, s) in zip(visible, sizes).dropFirst() where s > 0 {
                    c(v, size, .equal, first, size, s / s0, 0, UILayoutPriority(999), "UISV-fill-proportionally")
                }
            }
        default: break
        }
        // Across the axis.
        for v in visible {
            switch alignment {
            case .fill:
                c(v, crossLead, .equal, container, crossLead, 1, 0, .required, "UISV-alignment")
                c(v, crossTrail, .equal, container, crossTrail, 1, 0, .required, "UISV-alignment")
            case .leading:
                c(v, crossLead, .equal, container, crossLead, 1, 0, .required, "UISV-alignment")
                c(v, crossTrail, .lessThanOrEqual, container, crossTrail, 1, 0, .required, "UISV-spanning-boundary")
            case .trailing:
                c(v, crossTrail, .equal, container, crossTrail, 1, 0, .required, "UISV-alignment")
                c(v, crossLead, .greaterThanOrEqual, container, crossLead, 1, 0, .required, "UISV-spanning-boundary")
            case .center:
                c(v, crossCenter, .equal, container, crossCenter, 1, 0, .required, "UISV-alignment")
                c(v, crossLead, .greaterThanOrEqual, container, crossLead, 1, 0, .required, "UISV-spanning-boundary")
            case .firstBaseline, .lastBaseline:
                let attr: NSLayoutConstraint.Attribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
                if horizontal {
                    if v !== first { c(v, attr, .equal, first, attr, 1, 0, .required, "UISV-alignment") }
                } else {
                    c(v, .leading, .equal, container, .leading, 1, 0, .required, "UISV-alignment")
                }
                c(v, crossLead, .greaterThanOrEqual, container, crossLead, 1, 0, .required, "UISV-spanning-boundary")
                c(v, crossTrail, .lessThanOrEqual, container, crossTrail, 1, 0, .required, "UISV-spanning-boundary")
            }
            if alignment != .fill {
                // The stack hugs its tallest (widest) view across the axis.
                c(v, crossSize, .equal, container, crossSize, 1, 0, .fittingSizeLevel, "UISV-canvas-fit")
            }
        }
    }

    /// Called when an arranged view is shown or hidden.
    func arrangedSubviewVisibilityChanged() { setNeedsUpdateConstraints() }
}
