import Foundation

/// What a page view controller asks for the pages around the shown one.
@preconcurrency @MainActor
public protocol UIPageViewControllerDataSource: AnyObject {
    func pageViewController(_ pageViewController: UIPageViewController,
                            viewControllerBefore viewController: UIViewController) -> UIViewController?
    func pageViewController(_ pageViewController: UIPageViewController,
                            viewControllerAfter viewController: UIViewController) -> UIViewController?
}

/// Told when a page view controller changed pages.
@preconcurrency @MainActor
public protocol UIPageViewControllerDelegate: AnyObject {
    func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                            previousViewControllers: [UIViewController], transitionCompleted completed: Bool)
}

extension UIPageViewControllerDelegate {
    public func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                                   previousViewControllers: [UIViewController], transitionCompleted completed: Bool) {}
}

/// Pages of view controllers, one shown at a time (UIKit's `UIPageViewController`): the shown
/// page is a child whose view fills the controller's. Pages change with
/// `setViewControllers(_:direction:animated:completion:)`, or (Lamina SPI) `goToNextPage()` /
/// `goToPreviousPage()` through the data source (as a swipe does; without the animation).
open class UIPageViewController: UIViewController {
    public enum TransitionStyle: Int, Sendable { case pageCurl, scroll }
    public enum NavigationOrientation: Int, Sendable { case horizontal, vertical }
    public enum NavigationDirection: Int, Sendable { case forward, reverse }
    public enum SpineLocation: Int, Sendable { case none, min, mid, max }

    /// Option keys for `init(transitionStyle:navigationOrientation:options:)`.
    public struct OptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let spineLocation = OptionsKey(rawValue: "UIPageViewControllerOptionSpineLocationKey")
        public static let interPageSpacing = OptionsKey(rawValue: "UIPageViewControllerOptionInterPageSpacingKey")
    }

    /// Page curl or scroll (pages are shown without the transition).
    public let transitionStyle: TransitionStyle
    /// The direction pages turn in.
    public let navigationOrientation: NavigationOrientation
    /// What gives the pages (or the items).
    open weak var dataSource: UIPageViewControllerDataSource?
    /// What hears page changes.
    open weak var delegate: UIPageViewControllerDelegate?
    /// Whether pages have a back (kept).
    open var isDoubleSided = false
    /// Where the spine of a page-curl controller is.
    public let spineLocation: SpineLocation

    public init(transitionStyle style: TransitionStyle, navigationOrientation: NavigationOrientation,
                options: [OptionsKey: Any]? = nil) {
        transitionStyle = style
        self.navigationOrientation = navigationOrientation
        spineLocation = style == .pageCurl ? .min : .none
        super.init()
    }

    public required init?(coder: NSCoder) {
        transitionStyle = .scroll; navigationOrientation = .horizontal; spineLocation = .none
        super.init(coder: coder)
    }

    /// The shown pages (one).
    open private(set) var viewControllers: [UIViewController]?

    open func setViewControllers(_ controllers: [UIViewController]?, direction: NavigationDirection, animated: Bool,
                                 completion: ((Bool) -> Void)? = nil) {
        let previous = viewControllers ?? []
        for vc in previous where !(controllers ?? []).contains(where: { $0 === vc }) {
            vc.willMove(toParent: nil)
            vc.viewIfLoaded?.removeFromSuperview()
            vc.removeFromParent()
        }
        viewControllers = controllers.map { Array($0.prefix(1)) }
        for vc in viewControllers ?? [] where vc.parent !== self {
            addChild(vc)
            vc.didMove(toParent: self)
        }
        showPage()
        completion?(true)
    }

    /// Shows the data source's page after the shown one, as a swipe does (Lamina SPI, not on
    /// UIKit's type for code that imports it plainly); false when there is none.
    @discardableResult
    @_spi(Lamina) open func goToNextPage() -> Bool { turn(forward: true) }

    /// Shows the data source's page before the shown one, as a swipe does (Lamina SPI, not on
    /// UIKit's type for code that imports it plainly); false when there is none.
    @discardableResult
    @_spi(Lamina) open func goToPreviousPage() -> Bool { turn(forward: false) }

    private func turn(forward: Bool) -> Bool {
        guard let current = viewControllers?.first, let dataSource else { return false }
        let next = forward ? dataSource.pageViewController(self, viewControllerAfter: current)
                           : dataSource.pageViewController(self, viewControllerBefore: current)
        guard let next else { return false }
        setViewControllers([next], direction: forward ? .forward : .reverse, animated: false)
        delegate?.pageViewController(self, didFinishAnimating: true, previousViewControllers: [current], transitionCompleted: true)
        return true
    }

    open override func loadView() {
        let v = _UIPageViewControllerContentView(frame: UIScreen.main.bounds)
        v.layoutMargins = .zero
        v.layoutPage = { [unowned self] in
            if let page = viewControllers?.first, page.viewIfLoaded?.superview === view { page.view.frame = view.bounds }
        }
        view = v
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        showPage()
    }

    private func showPage() {
        guard let container = viewIfLoaded, let page = viewControllers?.first else { return }
        if page.view.superview !== container {
            page.view.frame = container.bounds
            container.addSubview(page.view)
        }
        container.setNeedsLayout()
    }
}

/// A page view controller's view (named as UIKit's).
final class _UIPageViewControllerContentView: UIView {
    var layoutPage: (() -> Void)?
    override func layoutSubviews() {
        super.layoutSubviews()
        layoutPage?()
    }
}
