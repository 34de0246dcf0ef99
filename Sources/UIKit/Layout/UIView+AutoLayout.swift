import Foundation
@_spi(Lamina) import QuartzCore

extension NSLayoutConstraint {
    /// The axis of content hugging and compression resistance.
    public enum Axis: Int, Sendable { case horizontal = 0, vertical = 1 }
}

extension UIView {
    /// The smallest size constraints allow (for `systemLayoutSizeFitting`).
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    /// The largest size constraints allow.
    public static let layoutFittingExpandedSize = CGSize(width: 100_000, height: 100_000)

    /// The constraints installed on the view (by activation, on the closest common ancestor).
    public var constraints: [NSLayoutConstraint] { installedConstraints }

    /// Installs a constraint on this view (prefer `isActive = true`).
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        if let other = constraint.installedOn, other !== self { other.removeConstraint(constraint) }
        guard constraint.installedOn == nil else { return }
        installedConstraints.append(constraint)
        constraint.installedOn = self
        autoLayoutChanged()
    }

    public func addConstraints(_ constraints: [NSLayoutConstraint]) { for c in constraints { addConstraint(c) } }

    /// Removes an installed constraint.
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.installedOn === self else { return }
        installedConstraints.removeAll { $0 === constraint }
        constraint.installedOn = nil
        constraint.isBroken = false
        autoLayoutChanged()
    }

    public func removeConstraints(_ constraints: [NSLayoutConstraint]) { for c in constraints { removeConstraint(c) } }

    /// Tells the hierarchy's engine its constraints changed.
    func autoLayoutChanged() {
        if !installedConstraints.isEmpty || !translatesAutoresizingMaskIntoConstraints
            || _subviews.contains(where: { $0.subtreeUsesAutoLayout }) {
            // Mark the path to the root.
            var v: UIView? = self
            while let c = v, !c.subtreeUsesAutoLayout { c.subtreeUsesAutoLayout = true; v = c._superview }
        }
        guard let root = rootView else { return }
        if root.autoLayoutEngine == nil && root.subtreeUsesAutoLayout {
            root.autoLayoutEngine = AutoLayoutEngine(root: root)
        }
        // A view that joined another hierarchy leaves its own engine behind.
        if self !== root { autoLayoutEngine = nil }
        // A change to a view outside Auto Layout (a control's own label or image view) leaves
        // the engine as it is.
        if takesPartInAutoLayout { root.autoLayoutEngine?.invalidate() }
        root.setNeedsLayout()
    }

    /// Whether the view takes part in its hierarchy's Auto Layout: it or a view below it has
    /// constraints or does not translate its autoresizing mask (`subtreeUsesAutoLayout` marks
    /// the path up, and stays), or the engine placed or referred to it when it last built.
    var takesPartInAutoLayout: Bool {
        subtreeUsesAutoLayout || !translatesAutoresizingMaskIntoConstraints || !installedConstraints.isEmpty
            || (rootView?.autoLayoutEngine?.involves(self) ?? false)
    }

    /// Deactivates constraints installed on `ancestors` that reach into the removed subtree.
    func deactivateConstraints(into subtree: UIView, installedOn ancestors: [UIView]) {
        for a in ancestors {
            for c in a.installedConstraints {
                let touches = [c.firstItem, c.secondItem].contains { item in
                    NSLayoutConstraint.view(of: item)?.isDescendant(of: subtree) ?? false
                }
                if touches { a.removeConstraint(c) }
            }
        }
    }

    // MARK: Priorities

    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? huggingPriorities.horizontal : huggingPriorities.vertical
    }

    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { huggingPriorities.horizontal = priority } else { huggingPriorities.vertical = priority }
        autoLayoutChanged()
    }

    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? compressionPriorities.horizontal : compressionPriorities.vertical
    }

    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { compressionPriorities.horizontal = priority } else { compressionPriorities.vertical = priority }
        autoLayoutChanged()
    }

    // MARK: Guides and anchors

    func makeGuide(_ kind: UILayoutGuide.Kind, _ name: String) -> UILayoutGuide {
        let g = UILayoutGuide()
        g.kind = kind
        g.identifier = name
        g.owningView = self
        return g
    }

    /// The guide inset from the bounds by `layoutMargins` (from the safe area while
    /// `insetsLayoutMarginsFromSafeArea`; see `effectiveLayoutMargins`).
    public var layoutMarginsGuide: UILayoutGuide {
        // The engine follows the safe area's insets for this view from now on.
        if !safeAreaGuideUsed { safeAreaGuideUsed = true; autoLayoutChanged() }
        return marginsGuide
    }
    /// The guide of the area not covered by bars, notches and the home indicator: the bounds
    /// inset by `safeAreaInsets`.
    public var safeAreaLayoutGuide: UILayoutGuide {
        if !safeAreaGuideUsed { safeAreaGuideUsed = true; autoLayoutChanged() }
        return safeAreaGuide
    }
    /// The guide of a comfortable line length: the margins guide's height, centred in its
    /// width and no wider than the readable width of the text size (672 points at the default
    /// Large size, as iOS; phones are narrower, so there it is the margins guide's width).
    public var readableContentGuide: UILayoutGuide {
        if let g = readableGuide { return g }
        let g = makeGuide(.readable, "UIViewReadableContentGuide")
        readableGuide = g
        safeAreaGuideUsed = true
        autoLayoutChanged()
        return g
    }

    /// The widest a readable-content guide gets at each text size (672 points at Large, as iOS
    /// gives on an iPad; the others as iOS's guide grows with the body text).
    static func readableWidth(_ category: UIContentSizeCategory) -> CGFloat {
        switch category {
        case .extraSmall: return 560
        case .small: return 600
        case .medium: return 632
        case .extraLarge: return 728
        case .extraExtraLarge: return 784
        case .extraExtraExtraLarge: return 836
        case .accessibilityMedium: return 944
        case .accessibilityLarge: return 1052
        case .accessibilityExtraLarge: return 1204
        case .accessibilityExtraExtraLarge: return 1356
        case .accessibilityExtraExtraExtraLarge: return 1496
        default: return 672
        }
    }

    /// The margins by leading and trailing edge (in a right-to-left interface the leading
    /// margin is the right one).
    public var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            let m = layoutMargins
            let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
            return NSDirectionalEdgeInsets(top: m.top, leading: rtl ? m.right : m.left, bottom: m.bottom, trailing: rtl ? m.left : m.right)
        }
        set {
            let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
            layoutMargins = UIEdgeInsets(top: newValue.top, left: rtl ? newValue.trailing : newValue.leading, bottom: newValue.bottom,
                                         right: rtl ? newValue.leading : newValue.trailing)
        }
    }

    /// The guides added to the view.
    public var layoutGuides: [UILayoutGuide] { guides }

    public func addLayoutGuide(_ guide: UILayoutGuide) {
        guide.owningView?.removeLayoutGuide(guide)
        guide.owningView = self
        guides.append(guide)
        autoLayoutChanged()
    }

    public func removeLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.owningView === self else { return }
        guides.removeAll { $0 === guide }
        guide.owningView = nil
        autoLayoutChanged()
    }

    // MARK: Debugging

    /// Whether the constraints leave the view's frame undetermined (more than one place
    /// satisfies them all equally).
    public var hasAmbiguousLayout: Bool { rootView?.autoLayoutEngine?.isAmbiguous(self) ?? false }

    /// Moves an ambiguously laid out view to another place its constraints allow (the next
    /// layout may put it back), as UIKit's debugging aid does.
    public func exerciseAmbiguityInLayout() { _ = rootView?.autoLayoutEngine?.isAmbiguous(self, exercise: true) }

    /// The view's anchor for `attribute`, made once (the same object each time, as UIKit's).
    private func cachedAnchor<A: NSObject>(_ attribute: NSLayoutConstraint.Attribute, _ make: () -> A) -> A {
        if let a = anchorCache[attribute.rawValue] as? A { return a }
        let a = make()
        anchorCache[attribute.rawValue] = a
        return a
    }

    public var leadingAnchor: NSLayoutXAxisAnchor { cachedAnchor(.leading) { NSLayoutXAxisAnchor(item: self, attribute: .leading) } }
    public var trailingAnchor: NSLayoutXAxisAnchor { cachedAnchor(.trailing) { NSLayoutXAxisAnchor(item: self, attribute: .trailing) } }
    public var leftAnchor: NSLayoutXAxisAnchor { cachedAnchor(.left) { NSLayoutXAxisAnchor(item: self, attribute: .left) } }
    public var rightAnchor: NSLayoutXAxisAnchor { cachedAnchor(.right) { NSLayoutXAxisAnchor(item: self, attribute: .right) } }
    public var topAnchor: NSLayoutYAxisAnchor { cachedAnchor(.top) { NSLayoutYAxisAnchor(item: self, attribute: .top) } }
    public var bottomAnchor: NSLayoutYAxisAnchor { cachedAnchor(.bottom) { NSLayoutYAxisAnchor(item: self, attribute: .bottom) } }
    public var widthAnchor: NSLayoutDimension { cachedAnchor(.width) { NSLayoutDimension(item: self, attribute: .width) } }
    public var heightAnchor: NSLayoutDimension { cachedAnchor(.height) { NSLayoutDimension(item: self, attribute: .height) } }
    public var centerXAnchor: NSLayoutXAxisAnchor { cachedAnchor(.centerX) { NSLayoutXAxisAnchor(item: self, attribute: .centerX) } }
    public var centerYAnchor: NSLayoutYAxisAnchor { cachedAnchor(.centerY) { NSLayoutYAxisAnchor(item: self, attribute: .centerY) } }
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { cachedAnchor(.firstBaseline) { NSLayoutYAxisAnchor(item: self, attribute: .firstBaseline) } }
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { cachedAnchor(.lastBaseline) { NSLayoutYAxisAnchor(item: self, attribute: .lastBaseline) } }

    // MARK: Fitting

    /// The smallest (or largest) size the view's constraints allow near `targetSize`.
    public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// The size the view's constraints give it when its width and height are pulled towards
    /// `targetSize` at the fitting priorities.
    public func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontal: UILayoutPriority,
                                        verticalFittingPriority vertical: UILayoutPriority) -> CGSize {
        AutoLayoutEngine.fittingSize(of: self, target: targetSize, horizontal: horizontal, vertical: vertical)
    }
}
