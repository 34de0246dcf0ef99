import Foundation

/// A stack of view controllers with a navigation bar (UIKit's `UINavigationController`): the
/// top controller's view fills the container beneath the bar, its safe area starting below the
/// bar; pushing and popping change the top (without animation: Lamina shows the end state).
open class UINavigationController: UIViewController {
    /// The bar showing the top controller's `navigationItem`.
    public let navigationBar = UINavigationBar()

    /// Whether the bar is hidden.
    open var isNavigationBarHidden = false {
        didSet { viewIfLoaded?.setNeedsLayout() }
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

    /// The controller whose view is shown (the top one; Lamina presents nothing modally over it).
    open var visibleViewController: UIViewController? { stack.last }

    open func setViewControllers(_ controllers: [UIViewController], animated: Bool) {
        // Each controller once, in order.
        var seen = Set<ObjectIdentifier>()
        let list = controllers.filter { seen.insert(ObjectIdentifier($0)).inserted && $0 !== self }
        let oldTop = stack.last
        for vc in stack where !list.contains(where: { $0 === vc }) {
            vc.willMove(toParent: nil)
            if vc === oldTop { vc.viewIfLoaded?.removeFromSuperview() }
            vc.containerBarInsets = .zero
            vc.removeFromParent()
        }
        for vc in list where vc.parent !== self {
            addChild(vc)
            vc.didMove(toParent: self)
        }
        stack = list
        navigationBar.setItems(list.map(\.navigationItem), animated: false)
        showTop(replacing: oldTop)
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

    open override func loadView() {
        let container = UILayoutContainerView(frame: UIScreen.main.bounds)
        container.layoutMargins = .zero
        container.layoutContainer = { [unowned self] in layoutContainer() }
        view = container
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(navigationBar)
        showTop(replacing: nil)
    }

    /// Puts the top controller's view in the container (below the bar), the previous top's out.
    private func showTop(replacing old: UIViewController?) {
        guard let container = viewIfLoaded else { return }
        if let old, old !== stack.last, old.viewIfLoaded?.superview === container { old.view.removeFromSuperview() }
        // The top's view is loaded and shown once the container is in a window (as on iOS,
        // where a navigation controller off screen has not loaded its top's view).
        if container.window != nil, let top = stack.last, top.view.superview !== container {
            top.view.frame = container.bounds
            container.insertSubview(top.view, belowSubview: navigationBar)
        }
        container.setNeedsLayout()
    }

    private func layoutContainer() {
        guard let container = viewIfLoaded else { return }
        let safeTop = container.safeAreaInsets.top
        let height = BarMetrics.navigationBarHeight(traitCollection)
        navigationBar.isHidden = isNavigationBarHidden
        navigationBar.frame = CGRect(x: 0, y: safeTop, width: container.bounds.width, height: height)
        navigationBar.backgroundExtent = safeTop
        navigationBar.setNeedsLayout()
        if container.window != nil, let top = stack.last, top.view.superview !== container {
            top.view.frame = container.bounds
            container.insertSubview(top.view, belowSubview: navigationBar)
        }
        if let top = stack.last {
            top.containerBarInsets = UIEdgeInsets(top: isNavigationBarHidden ? 0 : height, left: 0, bottom: 0, right: 0)
            if top.view.superview === container { top.view.frame = container.bounds }
        }
    }
}
