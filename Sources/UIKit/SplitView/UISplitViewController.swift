import Foundation

/// Columns of controllers side by side (UIKit's `UISplitViewController`, with iOS 14's column
/// API). Each column's controller is shown in a navigation controller of its own (made for it
/// unless it is one). In a regular width the columns tile: the primary column 320 points wide
/// (`preferredPrimaryColumnWidth`), the supplementary one 320 points, the secondary the rest,
/// separated by hairlines; `hide(_:)` and `show(_:)` take the primary and supplementary columns
/// away and back. In a compact width it collapses to one navigation stack: the compact
/// column's controller when set, else the primary column's stack with the secondary's on top
/// when the delegate chooses the secondary column.
@preconcurrency @MainActor
open class UISplitViewController: UIViewController {
    /// How many columns.
    public enum Style: Int, Sendable { case unspecified = 0, doubleColumn, tripleColumn }
    /// A column.
    public enum Column: Int, Sendable { case primary = 0, supplementary, secondary, compact }
    /// Which columns show and how.
    public enum DisplayMode: Int, Sendable {
        case automatic = 0, secondaryOnly, oneBesideSecondary, oneOverSecondary, twoBesideSecondary, twoOverSecondary, twoDisplaceSecondary
        public static let primaryHidden = DisplayMode.secondaryOnly
        public static let allVisible = DisplayMode.oneBesideSecondary
        public static let primaryOverlay = DisplayMode.oneOverSecondary
    }
    /// How the columns share the width.
    public enum SplitBehavior: Int, Sendable { case automatic = 0, tile, overlay, displace }
    /// The side the primary column is on.
    public enum PrimaryEdge: Int, Sendable { case leading = 0, trailing }
    /// The primary column's background.
    public enum BackgroundStyle: Int, Sendable { case none = 0, sidebar }
    /// Whether the display mode button shows.
    public enum DisplayModeButtonVisibility: Int, Sendable { case automatic = 0, never, always }

    /// The system's choice for a width.
    public static let automaticDimension: CGFloat = -1

    /// The style it was made with.
    public let style: Style
    /// Hears column changes (held weakly).
    open weak var delegate: (any UISplitViewControllerDelegate)?
    /// The display mode asked for.
    open var preferredDisplayMode: DisplayMode = .automatic { didSet { changeDisplayMode(preferredDisplayMode) } }
    /// The split behaviour asked for.
    open var preferredSplitBehavior: SplitBehavior = .automatic
    /// The split behaviour used (tiles).
    open var splitBehavior: SplitBehavior { .tile }
    /// The primary column's width asked for (automatic: 320 points).
    open var preferredPrimaryColumnWidth: CGFloat = UISplitViewController.automaticDimension { didSet { viewIfLoaded?.setNeedsLayout() } }
    /// The primary column's width as a fraction of the whole (automatic: none).
    open var preferredPrimaryColumnWidthFraction: CGFloat = UISplitViewController.automaticDimension { didSet { viewIfLoaded?.setNeedsLayout() } }
    open var minimumPrimaryColumnWidth: CGFloat = UISplitViewController.automaticDimension
    open var maximumPrimaryColumnWidth: CGFloat = UISplitViewController.automaticDimension
    /// The supplementary column's width asked for (automatic: 320 points).
    open var preferredSupplementaryColumnWidth: CGFloat = UISplitViewController.automaticDimension { didSet { viewIfLoaded?.setNeedsLayout() } }
    /// The side of the primary column.
    open var primaryEdge: PrimaryEdge = .leading { didSet { viewIfLoaded?.setNeedsLayout() } }
    /// The primary column's background.
    open var primaryBackgroundStyle: BackgroundStyle = .none
    /// Whether a swipe shows and hides the primary column (kept).
    open var presentsWithGesture = true
    /// Whether the button showing only the secondary column is offered (kept).
    open var showsSecondaryOnlyButton = false
    /// The display mode button's visibility (kept).
    open var displayModeButtonVisibility: DisplayModeButtonVisibility = .automatic
    /// A bar button item toggling the primary column.
    public private(set) lazy var displayModeButtonItem: UIBarButtonItem = UIBarButtonItem(
        image: UIImage(systemName: "sidebar.left"), primaryAction: UIAction { [unowned self] _ in
            isShown(.primary) ? hide(.primary) : show(.primary)
        })

    private var columns: [Column: UIViewController] = [:]
    private var hidden: Set<Column> = []
    private var collapsedNavigation: UINavigationController?
    private var wasCollapsed: Bool?
    private let separators = [UIView(), UIView()]

    /// A split view of `style`'s columns.
    public init(style: Style) {
        self.style = style
        super.init()
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        style = .unspecified
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public required init?(coder: NSCoder) {
        style = .unspecified
        super.init(coder: coder)
    }

    /// The controllers in the classic API: the primary and the secondary.
    open var viewControllers: [UIViewController] {
        get { [Column.primary, .supplementary, .secondary].compactMap { columns[$0].map(wrapper) } }
        set {
            setViewController(newValue.first, for: .primary)
            setViewController(newValue.count > 1 ? newValue.last : nil, for: .secondary)
        }
    }

    /// Whether the split view shows one column (in a compact width).
    open var isCollapsed: Bool { traitCollection.horizontalSizeClass == .compact }

    /// The display mode in effect.
    open var displayMode: DisplayMode {
        if isCollapsed { return .secondaryOnly }
        if hidden.contains(.primary) { return hidden.contains(.supplementary) || style != .tripleColumn ? .secondaryOnly : .oneBesideSecondary }
        return style == .tripleColumn && !hidden.contains(.supplementary) ? .twoBesideSecondary : .oneBesideSecondary
    }

    /// The primary column's width now.
    open var primaryColumnWidth: CGFloat { isCollapsed ? 0 : resolvedPrimaryWidth(in: viewIfLoaded?.bounds.width ?? UIScreen.main.bounds.width) }
    /// The supplementary column's width now.
    open var supplementaryColumnWidth: CGFloat {
        style == .tripleColumn && !isCollapsed ? (preferredSupplementaryColumnWidth > 0 ? preferredSupplementaryColumnWidth : 320) : 0
    }

    /// Sets the controller of `column` (nil removes it).
    open func setViewController(_ vc: UIViewController?, for column: Column) {
        if let old = columns[column] {
            let w = wrapper(old)
            w.willMove(toParent: nil)
            w.viewIfLoaded?.removeFromSuperview()
            w.removeFromParent()
        }
        columns[column] = vc
        if let vc {
            let w = wrapper(vc)
            addChild(w)
            w.didMove(toParent: self)
        }
        collapsedNavigation = nil
        viewIfLoaded?.setNeedsLayout()
    }

    /// The controller set for `column` (as set, not its navigation controller).
    open func viewController(for column: Column) -> UIViewController? { columns[column] }

    /// Shows `column`.
    open func show(_ column: Column) {
        if isCollapsed {
            if column == .secondary, let secondary = columns[.secondary], let nav = collapsedNavigation,
               !nav.viewControllers.contains(where: { $0 === secondary }) {
                delegate?.splitViewController(self, willShow: column)
                nav.pushViewController(secondary, animated: true)
            }
            return
        }
        guard hidden.contains(column) else { return }
        delegate?.splitViewController(self, willShow: column)
        hidden.remove(column)
        if column == .primary, style == .tripleColumn { hidden.remove(.supplementary) }
        viewIfLoaded?.setNeedsLayout()
    }

    /// Hides `column` (the primary or supplementary one).
    open func hide(_ column: Column) {
        guard !isCollapsed, column == .primary || column == .supplementary, !hidden.contains(column) else { return }
        delegate?.splitViewController(self, willHide: column)
        hidden.insert(column)
        viewIfLoaded?.setNeedsLayout()
    }

    private func isShown(_ column: Column) -> Bool { !hidden.contains(column) }

    /// Shows `vc` as the secondary column's: pushed on the collapsed stack, else set.
    open override func showDetailViewController(_ vc: UIViewController, sender: Any?) {
        if isCollapsed, let nav = collapsedNavigation {
            nav.pushViewController(vc, animated: true)
        } else {
            setViewController(vc, for: .secondary)
        }
    }

    private func changeDisplayMode(_ mode: DisplayMode) {
        delegate?.splitViewController(self, willChangeTo: mode)
        switch mode {
        case .secondaryOnly: hidden = [.primary, .supplementary]
        case .oneBesideSecondary, .oneOverSecondary: hidden = style == .tripleColumn ? [.primary] : []
        default: hidden = []
        }
        viewIfLoaded?.setNeedsLayout()
    }

    /// The navigation controller `vc` is shown in: itself when it is one, else one made for it
    /// (the column style; the classic style shows controllers as they are).
    private var wrappers: [ObjectIdentifier: UINavigationController] = [:]
    private func wrapper(_ vc: UIViewController) -> UIViewController {
        guard style != .unspecified, !(vc is UINavigationController) else { return vc }
        if let w = wrappers[ObjectIdentifier(vc)] { return w }
        let w = UINavigationController(rootViewController: vc)
        wrappers[ObjectIdentifier(vc)] = w
        return w
    }

    private func resolvedPrimaryWidth(in total: CGFloat) -> CGFloat {
        var w: CGFloat = 320
        if preferredPrimaryColumnWidthFraction > 0, preferredPrimaryColumnWidthFraction.isFinite {
            w = total * min(preferredPrimaryColumnWidthFraction, 1)
        }
        if preferredPrimaryColumnWidth > 0, preferredPrimaryColumnWidth.isFinite { w = preferredPrimaryColumnWidth }
        if minimumPrimaryColumnWidth > 0 { w = max(w, minimumPrimaryColumnWidth) }
        if maximumPrimaryColumnWidth > 0 { w = min(w, maximumPrimaryColumnWidth) }
        return min(w, total)
    }

    open override func loadView() {
        view = UILayoutContainerView { [unowned self] in layoutColumns() }
    }

    private func layoutColumns() {
        guard let container = viewIfLoaded as? UILayoutContainerView else { return }
        let collapsed = isCollapsed
        if wasCollapsed != collapsed {
            let changed = wasCollapsed != nil
            wasCollapsed = collapsed
            for v in container.subviews { v.removeFromSuperview() }
            collapsedNavigation = nil
            if !collapsed {
                // Each column's navigation controller gets its own controller back, the
                // primary's first (it held the others').
                for column in [Column.primary, .supplementary, .secondary, .compact] {
                    guard let vc = columns[column], let nav = wrappers[ObjectIdentifier(vc)] else { continue }
                    if nav.viewControllers.count != 1 || nav.viewControllers.first !== vc || vc.parent !== nav {
                        nav.setViewControllers([vc], animated: false)
                    }
                }
            }
            if changed { collapsed ? delegate?.splitViewControllerDidCollapse(self) : delegate?.splitViewControllerDidExpand(self) }
        }
        if collapsed { layoutCollapsed(in: container) } else { layoutExpanded(in: container) }
    }

    private func layoutCollapsed(in container: UIView) {
        for s in separators { s.removeFromSuperview() }
        let shown: UIViewController
        if let compact = columns[.compact] {
            shown = wrapper(compact)
        } else {
            if collapsedNavigation == nil {
                // The primary column's stack, with the secondary's on top when chosen.
                let top = delegate?.splitViewController(self, topColumnForCollapsingToProposedTopColumn: .primary) ?? .primary
                var stack: [UIViewController] = []
                for column in [Column.primary, .supplementary] { if let vc = columns[column] { stack += unwrapped(vc) } }
                if top == .secondary, let vc = columns[.secondary] { stack += unwrapped(vc) }
                if let nav = columns[.primary].map(wrapper) as? UINavigationController {
                    nav.setViewControllers(stack, animated: false)
                    collapsedNavigation = nav
                }
            }
            guard let nav = collapsedNavigation ?? columns[.primary].map(wrapper) else { return }
            shown = nav
        }
        for v in container.subviews where v !== shown.view { v.removeFromSuperview() }
        if shown.view.superview !== container { container.addSubview(shown.view) }
        shown.view.frame = container.bounds
    }

    private func unwrapped(_ vc: UIViewController) -> [UIViewController] {
        (vc as? UINavigationController)?.viewControllers ?? [vc]
    }

    private func layoutExpanded(in container: UIView) {
        let bounds = container.bounds
        let px = BarMetrics.pixel(container)
        var x: CGFloat = 0
        var placed: [UIView] = []
        let order: [Column] = [.primary, .supplementary]
        for (i, column) in order.enumerated() {
            guard let vc = columns[column] else { continue }
            let w = wrapper(vc)
            guard !hidden.contains(column) else {
                w.viewIfLoaded?.removeFromSuperview()
                separators[i].removeFromSuperview()
                continue
            }
            let width = column == .primary ? resolvedPrimaryWidth(in: bounds.width) : supplementaryColumnWidth
            if w.view.superview !== container { container.addSubview(w.view) }
            w.view.frame = CGRect(x: x, y: 0, width: width, height: bounds.height)
            w.view.layoutMargins = .zero
            placed.append(w.view)
            x += width
            separators[i].backgroundColor = .separator
            separators[i].frame = CGRect(x: x - px, y: 0, width: px, height: bounds.height)
            if separators[i].superview !== container { container.addSubview(separators[i]) }
        }
        if let vc = columns[.secondary] {
            let w = wrapper(vc)
            if w.view.superview !== container { container.insertSubview(w.view, at: 0) }
            w.view.frame = CGRect(x: x, y: 0, width: max(0, bounds.width - x), height: bounds.height)
            placed.append(w.view)
        }
        if primaryEdge == .trailing {
            for v in placed + separators { v.frame.origin.x = bounds.width - v.frame.maxX }
        }
        for v in container.subviews where !placed.contains(where: { $0 === v }) && !separators.contains(where: { $0 === v }) {
            v.removeFromSuperview()
        }
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        viewIfLoaded?.setNeedsLayout()
    }
}
