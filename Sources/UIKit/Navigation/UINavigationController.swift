import Foundation

/// A stack of view controllers with a navigation bar (UIKit's `UINavigationController`): the
/// top controller's view fills the container beneath the bar, its safe area starting below the
/// bar; pushing and popping change the top, animated as iOS slides them when asked to and the
/// controller is in a window (see NavigationTransition.swift).
open class UINavigationController: UIViewController {
    /// The bar showing the top controller's `navigationItem`.
    public let navigationBar = UINavigationBar()

    /// What a change of the stack does to the top (a push or a pop).
    public enum Operation: Int, Sendable { case none, push, pop }

    /// Hears of transitions and gives their animators (held weakly).
    open weak var delegate: (any UINavigationControllerDelegate)?

    /// The transition under way.
    var transitionContext: TransitionContext?
    /// The interaction driving the next transition (the edge swipe's pop).
    var pendingInteraction: UIPercentDrivenInteractiveTransition?
    /// The edge swipe's interaction while the finger is down.
    var edgeDriver: UIPercentDrivenInteractiveTransition?

    /// Sets the stack and the bar without a transition or callbacks of its own.
    func setStackWithoutTransition(_ controllers: [UIViewController]) {
        stack = replaceChildren(stack, with: controllers, shown: nil)
        navigationBar.setItems(stack.map(\.navigationItem), animated: false)
        showTop(replacing: nil)
    }

    /// The swipe from the left edge that pops the top controller, following the finger.
    open var interactivePopGestureRecognizer: UIGestureRecognizer? { edgePop }
    private lazy var edgePop: UIScreenEdgePanGestureRecognizer = {
        let g = UIScreenEdgePanGestureRecognizer(target: self) { nav, g in nav.edgeSwiped(g as! UIScreenEdgePanGestureRecognizer) }
        g.edges = .left
        return g
    }()

    /// Whether the bar is hidden.
    open var isNavigationBarHidden = false {
        didSet { viewIfLoaded?.setNeedsLayout() }
    }

    /// The toolbar at the bottom, showing the top controller's `toolbarItems` while shown.
    public private(set) lazy var toolbar: UIToolbar! = UIToolbar()
    /// Whether the toolbar is hidden (true).
    open var isToolbarHidden = true {
        didSet { viewIfLoaded?.setNeedsLayout() }
    }
    /// Shows or hides the toolbar.
    open func setToolbarHidden(_ hidden: Bool, animated: Bool) { isToolbarHidden = hidden }

    /// The top controller's toolbar items changed.
    func toolbarItemsChanged(of vc: UIViewController) {
        if vc === topViewController { viewIfLoaded?.setNeedsLayout() }
    }

    public override init() { super.init() }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }

    /// A stack holding `rootViewController`.
    public convenience init(rootViewController: UIViewController) {
        self.init()
        viewControllers = [rootViewController]
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The stack, root first.
    open var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }
    private var stack: [UIViewController] = []

    /// The controller on top of the stack.
    open var topViewController: UIViewController? { stack.last }

    /// The controller whose view is shown: one presented over the navigation controller, else
    /// the top one.
    open var visibleViewController: UIViewController? { presentedViewController ?? stack.last }

    open func setViewControllers(_ controllers: [UIViewController], animated: Bool) {
        if let t = transitionContext, !t.hasEnded {
            // A change during a transition: the transition ends first, as UIKit finishes it.
            t.completeTransition(true)
        }
        let oldTop = stack.last
        let oldStack = stack
        let container = viewIfLoaded as? UILayoutContainerView
        let animates = animated && UIView.areAnimationsEnabled && container?.window != nil && oldTop != nil
        // The bar as it was, to fade out over the new one.
        let barBefore = animates && !isNavigationBarHidden ? navigationBar.snapshotView(afterScreenUpdates: false) : nil
        stack = replaceChildren(stack, with: controllers, shown: animates ? nil : oldTop)
        navigationBar.setItems(stack.map(\.navigationItem), animated: false)
        guard animates, let container, let oldTop, let newTop = stack.last, newTop !== oldTop else {
            showTop(replacing: oldTop)
            if let top = stack.last, top !== oldTop { delegate?.navigationController(self, didShow: top, animated: false) }
            return
        }
        let operation: Operation = oldStack.contains(where: { $0 === newTop }) ? .pop : .push
        container.layoutIfNeeded()
        animateTransition(from: oldTop, to: newTop, operation: operation, in: container, barBefore: barBefore,
                          previousStack: oldStack)
    }

    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard !stack.contains(where: { $0 === viewController }) else { return }
        setViewControllers(stack + [viewController], animated: animated)
    }

    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard stack.count > 1, let top = stack.last else { return nil }
        setViewControllers(Array(stack.dropLast()), animated: animated)
        return top
    }

    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard stack.count > 1 else { return nil }
        let popped = Array(stack.dropFirst())
        setViewControllers([stack[0]], animated: animated)
        return popped
    }

    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let i = stack.firstIndex(where: { $0 === viewController }) else { return nil }
        let popped = Array(stack[(i + 1)...])
        setViewControllers(Array(stack[...i]), animated: animated)
        return popped
    }

    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) { isNavigationBarHidden = hidden }

    open override func loadView() { view = UILayoutContainerView { [unowned self] in layoutContainer() } }

    open override func viewDidLoad() {
        super.viewDidLoad()
        navigationBar.backTapped = { [unowned self] in popViewController(animated: true) }
        view.addSubview(navigationBar)
        view.addGestureRecognizer(edgePop)
        showTop(replacing: nil)
    }

    /// Puts the top controller's view in the container (below the bar), the previous top's out.
    private func showTop(replacing old: UIViewController?) {
        guard let container = viewIfLoaded as? UILayoutContainerView else { return }
        container.show(stack.last, replacing: old, below: navigationBar)
        container.setNeedsLayout()
    }

    private func layoutContainer() {
        guard let container = viewIfLoaded as? UILayoutContainerView else { return }
        let safeTop = container.safeAreaInsets.top
        let height = BarMetrics.navigationBarHeight(traitCollection)
        navigationBar.isHidden = isNavigationBarHidden
        // A large title: 52 points more while the top controller's content is at its top,
        // collapsing as it scrolls (the safe area keeps the expanded height, as on iOS).
        // Scrolling lays the bar out again only while a large title follows it.
        var large: CGFloat = 0
        let showsLarge = navigationBar.showsLargeTitle && traitCollection.verticalSizeClass != .compact
        let topView = stack.last?.viewIfLoaded
        let scroll = topView as? UIScrollView ?? topView?.subviews.first { $0 is UIScrollView } as? UIScrollView
        scroll?.scrolled = showsLarge ? { [weak container] in container?.setNeedsLayout() } : nil
        if showsLarge {
            large = 52
            if let scroll { large = min(52, max(0, 52 - (scroll.contentOffset.y + scroll.adjustedContentInset.top))) }
        }
        navigationBar.largeTitleHeight = large
        navigationBar.frame = CGRect(x: 0, y: safeTop, width: container.bounds.width, height: height + large)
        navigationBar.backgroundExtent = safeTop
        navigationBar.setNeedsLayout()
        let transitioning = transitionContext.map { !$0.hasEnded } ?? false
        if !transitioning { container.show(stack.last, below: navigationBar) }
        // The top item's search bar, under the bar's title row (laid out again when the item
        // gets or loses one).
        stack.last?.navigationItem.changed = { [weak container] in container?.setNeedsLayout() }
        let search = isNavigationBarHidden ? nil : stack.last?.navigationItem.searchController
        for case let bar as UISearchBar in container.subviews where bar !== search?.searchBar { bar.removeFromSuperview() }
        var barsHeight = height + (showsLarge ? 52 : 0)
        if let search, let top = stack.last {
            let bar = search.searchBar
            bar.isInNavigationBar = true
            search.host = top
            if bar.superview !== container { container.insertSubview(bar, aboveSubview: navigationBar) }
            bar.backgroundColor = navigationBar.barTintColor ?? .systemBackground
            bar.frame = CGRect(x: 0, y: navigationBar.frame.maxY, width: container.bounds.width, height: bar.barHeight)
            barsHeight += bar.barHeight
        }
        // The toolbar, above the bottom safe area, its background reaching the screen's edge.
        var bottomBar: CGFloat = 0
        if isToolbarHidden {
            toolbar.removeFromSuperview()
        } else {
            let safeBottom = container.safeAreaInsets.bottom
            if toolbar.superview !== container { container.addSubview(toolbar) }
            toolbar.frame = CGRect(x: 0, y: container.bounds.height - safeBottom - 44, width: container.bounds.width, height: 44)
            toolbar.backgroundExtent = safeBottom
            if let items = stack.last?.toolbarItems {
                if toolbar.items.map({ $0.count != items.count || zip($0, items).contains { $0 !== $1 } }) ?? true { toolbar.items = items }
            } else if toolbar.items != nil {
                toolbar.items = nil
            }
            bottomBar = 44
        }
        if let top = stack.last {
            top.containerBarInsets = UIEdgeInsets(top: isNavigationBarHidden ? 0 : barsHeight, left: 0, bottom: bottomBar, right: 0)
            if top.view.superview === container, !transitioning { top.view.frame = container.bounds }
        }
    }
}
