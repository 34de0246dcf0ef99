import Foundation

/// Manages a view (UIKit's `UIViewController`): its view is made on first use (`loadView()`,
/// then `viewDidLoad()`), and the controller is the view's next responder.
open class UIViewController: UIResponder {
    private var _view: UIView?

    public override init() { super.init() }
    /// Made without an interface file (Lamina has none).
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    /// A controller decoded from an archive: Lamina has no interface files.
    public required init?(coder: NSCoder) { super.init() }

    /// The identifier state restoration saves the controller under (kept; Lamina restores no
    /// state).
    open var restorationIdentifier: String?

    /// The root view, made by `loadView()` on first access.
    open var view: UIView! {
        get {
            if _view == nil { loadViewIfNeeded() }
            return _view
        }
        set {
            _view?.owningViewController = nil
            _view = newValue
            newValue?.owningViewController = self
        }
    }

    /// Whether the view has been made.
    open var isViewLoaded: Bool { _view != nil }

    /// The insets a container's bars add to this controller's safe area (a navigation
    /// controller's bar, a tab bar controller's tab bar).
    var containerBarInsets: UIEdgeInsets = .zero {
        didSet { if oldValue != containerBarInsets { _view?.safeAreaChanged() } }
    }

    /// The nearest navigation controller above this controller (itself excluded).
    public var navigationController: UINavigationController? {
        var p = _parent
        while let c = p { if let n = c as? UINavigationController { return n }; p = c._parent }
        return nil
    }

    /// The nearest tab bar controller above this controller (itself excluded).
    public var tabBarController: UITabBarController? {
        var p = _parent
        while let c = p { if let t = c as? UITabBarController { return t }; p = c._parent }
        return nil
    }

    /// What a tab bar shows for this controller (made on first use, titled with `title`).
    open var tabBarItem: UITabBarItem! {
        get {
            if let item = _tabBarItem { return item }
            let item = UITabBarItem(title: title, image: nil, tag: 0)
            _tabBarItem = item
            return item
        }
        set { _tabBarItem = newValue }
    }
    private var _tabBarItem: UITabBarItem?

    /// The controller's title; setting it sets `navigationItem.title` too, as in UIKit.
    open var title: String? {
        didSet {
            navigationItem.title = title
            _tabBarItem?.title = title
            navigationController?.navigationBar.setNeedsLayout()
            tabBarController?.tabBar.setNeedsLayout()
        }
    }

    /// What a navigation bar would show for this controller (made on first use, titled with
    /// `title`).
    open var navigationItem: UINavigationItem {
        if let item = _navigationItem { return item }
        let item = UINavigationItem()
        item.title = title
        _navigationItem = item
        return item
    }
    private var _navigationItem: UINavigationItem?

    /// The view if it has been made, without making it.
    open var viewIfLoaded: UIView? { _view }

    /// Makes the view now if it was not made yet.
    open func loadViewIfNeeded() {
        guard _view == nil else { return }
        loadView()
        if _view == nil { view = UIViewController.plainRootView() }
        viewDidLoad()
    }

    /// Makes the view; the default makes a plain view the size of the screen, with no layout
    /// margins of its own (`systemMinimumLayoutMargins` keep it off the sides).
    open func loadView() { view = UIViewController.plainRootView() }

    private static func plainRootView() -> UIView {
        let v = UIView(frame: UIScreen.main.bounds)
        v.layoutMargins = .zero
        return v
    }

    /// Whether the view's margins are kept at least `systemMinimumLayoutMargins` (true).
    open var viewRespectsSystemMinimumLayoutMargins = true {
        didSet { _view?.autoLayoutChanged() }
    }

    /// The least margins UIKit keeps for a controller's view: 20 points at the sides in a
    /// regular width and on phones 414 points wide or more in portrait (the larger phones:
    /// measured on Point-Free's iPhone XS Max reference), 16 otherwise (a smaller phone in
    /// landscape too); none at the top and bottom.
    public var systemMinimumLayoutMargins: NSDirectionalEdgeInsets {
        let own = viewIfLoaded?.bounds.size ?? .zero
        let screen = viewIfLoaded?.window?.screen.bounds.size ?? own
        let wide = min(screen.width, screen.height) >= 414 && own.width >= 414
        let side: CGFloat = traitCollection.horizontalSizeClass == .regular || wide ? 20 : 16
        return NSDirectionalEdgeInsets(top: 0, leading: side, bottom: 0, trailing: side)
    }

    /// Called once the view has been made.
    open func viewDidLoad() {}
    /// Called before the view appears: its view is about to enter a window (as a window's root,
    /// or inside a parent's view that is in one).
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view appeared (entered a window).
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view disappears: it is about to leave its window.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view disappeared (left its window).
    open func viewDidDisappear(_ animated: Bool) {}

    /// Where the controller is in appearing and disappearing.
    enum AppearanceState { case disappeared, appearing, appeared, disappearing }
    var appearanceState: AppearanceState = .disappeared

    /// The appearance state as UIKit prints it ("appeared", "disappearing"…; Lamina SPI for
    /// the snapshot library's `.hierarchy`).
    @_spi(Lamina) public var appearanceStateName: String {
        switch appearanceState {
        case .disappeared: "disappeared"
        case .appearing: "appearing"
        case .appeared: "appeared"
        case .disappearing: "disappearing"
        }
    }

    /// Whether the appearance calls of `beginAppearanceTransition(_:animated:)` reach the
    /// children too (true).
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// The controllers a begun appearance transition told, which its end tells too (even those
    /// that left in between, as UIKit does).
    var transitionTargets: (appearing: Bool, animated: Bool, controllers: [UIViewController])?

    /// Tells the controller that its view is about to appear (`true`) or disappear: calls
    /// `viewWillAppear(_:)` or `viewWillDisappear(_:)` on it and, while it forwards appearance
    /// methods, on the children whose views are in its view (parents first). Every call is delivered, as in UIKit, whatever
    /// the controller's state.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        var targets: [UIViewController] = []
        // The children shown in the controller's view (a container's selected or top child,
        // not the others), as UIKit forwards them.
        func collect(_ vc: UIViewController) {
            targets.append(vc)
            guard vc.shouldAutomaticallyForwardAppearanceMethods, let parentView = vc.viewIfLoaded else { return }
            for child in vc._children where child.viewIfLoaded?.isDescendant(of: parentView) == true { collect(child) }
        }
        collect(self)
        transitionTargets = (isAppearing, animated, targets)
        for vc in targets {
            vc.appearanceState = isAppearing ? .appearing : .disappearing
            if isAppearing { vc.viewWillAppear(animated) } else { vc.viewWillDisappear(animated) }
        }
    }

    /// Ends the transition `beginAppearanceTransition(_:animated:)` began: `viewDidAppear(_:)`
    /// or `viewDidDisappear(_:)` on the controllers it told (children first).
    open func endAppearanceTransition() {
        guard let (appearing, animated, targets) = transitionTargets else { return }
        transitionTargets = nil
        for vc in targets.reversed() {
            vc.appearanceState = appearing ? .appeared : .disappeared
            if appearing { vc.viewDidAppear(animated) } else { vc.viewDidDisappear(animated) }
        }
    }
    /// Called before the view lays out its subviews.
    open func viewWillLayoutSubviews() {}
    /// Called after the view laid out its subviews.
    open func viewDidLayoutSubviews() {}

    /// The next responder: the view's superview.
    open override var next: UIResponder? { _view?.superview }

    // MARK: Containment and traits (see UITraitEnvironment+Views.swift)

    weak var _parent: UIViewController?
    var _children: [UIViewController] = []
    var traitOverrides: [(child: ObjectIdentifier, traits: UITraitCollection)] = []
    /// The traits `traitCollectionDidChange(_:)` last reported.
    var deliveredTraits: UITraitCollection?

    /// Light or dark for this controller and its views (`.unspecified`: inherit).
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        didSet {
            guard oldValue != overrideUserInterfaceStyle else { return }
            if let v = viewIfLoaded { v.updateTraits() } else { deliverTraits(traitCollection) }
        }
    }

    /// Insets added to the safe area of the controller's view (and so of the views in it).
    open var additionalSafeAreaInsets: UIEdgeInsets = .zero {
        didSet { if oldValue != additionalSafeAreaInsets { viewIfLoaded?.safeAreaChanged() } }
    }

    /// Called when the controller's `traitCollection` changed; override to react.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    // MARK: Children

    /// The controller this one is a child of.
    public var parent: UIViewController? { _parent }
    /// The child controllers, in the order they were added.
    public var children: [UIViewController] { _children }

    /// Adds `childController` as a child (removing it from a previous parent); calls its
    /// `willMove(toParent:)`. The container adds the child's view and then calls
    /// `didMove(toParent:)`, as in UIKit.
    open func addChild(_ childController: UIViewController) {
        guard childController !== self else { return }
        if childController._parent === self { return }
        childController.removeFromParent()
        childController.willMove(toParent: self)
        _children.append(childController)
        childController._parent = self
        childController.viewIfLoaded?.updateTraits()
    }

    /// Removes the controller from its parent (its view stays where it is; remove it too).
    open func removeFromParent() {
        guard let p = _parent else { return }
        p._children.removeAll { $0 === self }
        p.traitOverrides.removeAll { $0.child == ObjectIdentifier(self) }
        _parent = nil
        didMove(toParent: nil)
        viewIfLoaded?.updateTraits()
    }

    /// Gives `childViewController` these traits on top of this controller's (nil removes the
    /// override); its views are told of the change.
    open func setOverrideTraitCollection(_ collection: UITraitCollection?, forChild childViewController: UIViewController) {
        let id = ObjectIdentifier(childViewController)
        traitOverrides.removeAll { $0.child == id }
        if let collection { traitOverrides.append((id, collection)) }
        if let v = childViewController.viewIfLoaded {
            v.updateTraits()
        } else {
            childViewController.deliverTraits(childViewController.traitCollection)
        }
    }

    /// The override traits set for `childViewController`, or nil.
    open func overrideTraitCollection(forChild childViewController: UIViewController) -> UITraitCollection? {
        let id = ObjectIdentifier(childViewController)
        return traitOverrides.first { $0.child == id }?.traits
    }

    // MARK: Status bar and orientation (Lamina draws no status bar and does not rotate: the
    // values are kept for the code that reads them)

    /// The orientations the controller supports (a phone's: all but upside down).
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .allButUpsideDown }
    /// The orientation to present the controller in.
    open var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation { .portrait }
    /// Whether the controller rotates with the device.
    open var shouldAutorotate: Bool { true }
    /// The status bar's colours over this controller.
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// Whether the status bar is hidden over this controller.
    open var prefersStatusBarHidden: Bool { false }
    /// How the status bar hides and shows.
    open var preferredStatusBarUpdateAnimation: UIStatusBarAnimation { .fade }
    /// The child whose status bar style applies instead (nil: this controller's).
    open var childForStatusBarStyle: UIViewController? { nil }
    /// The child whose status bar visibility applies instead.
    open var childForStatusBarHidden: UIViewController? { nil }
    /// Whether the home indicator may hide.
    open var prefersHomeIndicatorAutoHidden: Bool { false }
    /// The child whose home indicator preference applies instead.
    open var childForHomeIndicatorAutoHidden: UIViewController? { nil }
    /// Asks the system to read the status bar preferences again (nothing to redraw on Lamina).
    open func setNeedsStatusBarAppearanceUpdate() {}
    /// Asks the system to read the home indicator preference again.
    open func setNeedsUpdateOfHomeIndicatorAutoHidden() {}
    /// Asks the system to read the supported orientations again (iOS 16).
    open func setNeedsUpdateOfSupportedInterfaceOrientations() {}

    /// The items a navigation controller's toolbar shows for this controller.
    open var toolbarItems: [UIBarButtonItem]? {
        didSet { navigationController?.toolbarItemsChanged(of: self) }
    }

    /// Sets `toolbarItems`.
    open func setToolbarItems(_ toolbarItems: [UIBarButtonItem]?, animated: Bool) { self.toolbarItems = toolbarItems }

    // MARK: Presentation (Presentation/UIViewController+Presentation.swift does the work)

    /// How the controller is shown when presented: `.automatic` is a page sheet on a phone, as
    /// from iOS 13.
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// The animation a presentation of the controller runs (`.coverVertical`: from the bottom).
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    /// Whether a sheet showing the controller refuses to be dragged away (the
    /// presentation controller's delegate hears of the attempt).
    open var isModalInPresentation = false
    /// Gives the animator, interaction controller and presentation controller of the
    /// controller's presentations (held weakly, as in UIKit).
    open weak var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?
    /// Whether `.currentContext` and `.overCurrentContext` presentations from this controller
    /// or its children cover this controller's view (false: the window's).
    open var definesPresentationContext = false
    /// Whether a presentation in this controller's context uses this controller's
    /// `modalTransitionStyle`.
    open var providesPresentationContextTransitionStyle = false
    /// The size the controller would like when a container or a form sheet sizes it (zero: no
    /// preference).
    open var preferredContentSize: CGSize = .zero {
        didSet { if oldValue != preferredContentSize { presentationState.link?.controller.preferredContentSizeDidChange(forChildContentContainer: self) } }
    }

    /// The controller this one (or the nearest of its ancestors) presented.
    open var presentedViewController: UIViewController? { presentedControllerInChain }
    /// The controller that presented this one, or the nearest of its ancestors.
    open var presentingViewController: UIViewController? { presentingControllerInChain }
    /// The presentation controller managing this controller or its nearest presented ancestor;
    /// before a presentation, the one it would use (made on first use, so a sheet can be set up
    /// before `present(_:animated:completion:)`).
    open var presentationController: UIPresentationController? { currentPresentationController }
    /// The presentation controller when it is a sheet's (page and form sheets), else nil.
    open var sheetPresentationController: UISheetPresentationController? {
        currentPresentationController as? UISheetPresentationController
    }
    /// The presentation controller when the controller is presented as a popover, else nil.
    open var popoverPresentationController: UIPopoverPresentationController? {
        currentPresentationController as? UIPopoverPresentationController
    }
    /// The coordinator of the transition under way that involves this controller or an
    /// ancestor (presentation, dismissal), else nil.
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { coordinatorInChain }
    /// Whether the controller is being presented (between `present` and its end).
    open var isBeingPresented: Bool { presentationState.phase == .presenting }
    /// Whether the controller is being dismissed.
    open var isBeingDismissed: Bool { presentationState.phase == .dismissing }

    /// Presents `viewControllerToPresent` modally over this controller's context, as its
    /// `modalPresentationStyle` and `modalTransitionStyle` say; `completion` runs once it is
    /// shown. The presenting controller must be in a window.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        performPresentation(of: viewControllerToPresent, animated: flag, completion: completion)
    }

    /// Dismisses the controller this one presented (with those it presented in turn), or this
    /// controller if it was presented; `completion` runs once it is gone.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        performDismissal(animated: flag, completion: completion)
    }

    /// Shows `vc` as this controller's container does: a navigation controller pushes it,
    /// otherwise it is presented.
    open func show(_ vc: UIViewController, sender: Any?) {
        if let nav = self as? UINavigationController ?? navigationController {
            nav.pushViewController(vc, animated: true)
        } else {
            present(vc, animated: true)
        }
    }

    /// Shows `vc` as the detail of a split view; without one, as `show(_:sender:)`.
    open func showDetailViewController(_ vc: UIViewController, sender: Any?) {
        present(vc, animated: true)
    }

    /// The controller's links to presentations (internal).
    var presentationState = PresentationState()

    /// The presentation controller UIKit gives a presentation of this controller in `style`
    /// (an alert controller gives its own).
    func systemPresentationController(for style: UIModalPresentationStyle) -> UIPresentationController? {
        UIPresentationController.system(for: style, presented: self)
    }

    /// Called before the controller is added to or removed from a parent (nil).
    open func willMove(toParent parent: UIViewController?) {}
    /// Called after the controller was added to or removed from a parent (nil).
    open func didMove(toParent parent: UIViewController?) {}
}
