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
        let oldTop = stack.last
        stack = replaceChildren(stack, with: controllers, shown: oldTop)
        navigationBar.setItems(stack.map(\.navigationItem), animated: false)
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

    open override func loadView() { view = UILayoutContainerView { [unowned self] in layoutContainer() } }

    open override func viewDidLoad() {
        super.viewDidLoad()
        navigationBar.backTapped = { [unowned self] in popViewController(animated: true) }
        view.addSubview(navigationBar)
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
        navigationBar.frame = CGRect(x: 0, y: safeTop, width: container.bounds.width, height: height)
        navigationBar.backgroundExtent = safeTop
        navigationBar.setNeedsLayout()
        container.show(stack.last, below: navigationBar)
        if let top = stack.last {
            top.containerBarInsets = UIEdgeInsets(top: isNavigationBarHidden ? 0 : height, left: 0, bottom: 0, right: 0)
            if top.view.superview === container { top.view.frame = container.bounds }
        }
    }
}
