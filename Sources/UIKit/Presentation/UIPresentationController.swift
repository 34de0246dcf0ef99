import Foundation

/// Manages a presented controller on screen (UIKit's `UIPresentationController`): the
/// container view, where the presented view goes, the views it adds around it, and how the
/// presentation adapts to the traits. Subclass it for a `.custom` presentation (given by the
/// transitioning delegate's `presentationController(forPresented:presenting:source:)`).
///
/// The base class covers the container with the presented view; for `.fullScreen` and
/// `.currentContext` it removes the presenting view once the presentation is shown.
@preconcurrency @MainActor
open class UIPresentationController: NSObject, UITraitEnvironment {
    /// The controller presented.
    public private(set) unowned var presentedViewController: UIViewController
    private weak var _presenting: UIViewController?

    /// A presentation controller for `presentedViewController`, presented by
    /// `presentingViewController` (nil until it is presented, as when made before).
    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        self._presenting = presentingViewController
        super.init()
    }

    /// The controller presenting (before the presentation, the presented controller itself).
    public var presentingViewController: UIViewController { _presenting ?? presentedViewController }

    /// The style the presentation runs in (after adaptation).
    open var presentationStyle: UIModalPresentationStyle {
        presentedViewController.presentationState.link?.style ?? madeForStyle ?? .custom
    }

    /// The view the presentation's views are in (nil before it begins).
    public internal(set) var containerView: UIView?

    /// Hears of adaptation and of sheets dragged away.
    open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?

    /// The view that is animated and placed: the presented controller's view.
    open var presentedView: UIView? { presentedViewController.view }

    /// Where the presented view goes in the container (the base class: the whole container).
    open var frameOfPresentedViewInContainerView: CGRect { containerView?.bounds ?? .zero }

    /// Whether the presentation covers the screen (true for the base class).
    open var shouldPresentInFullscreen: Bool { true }

    /// Whether the presenting controller's view leaves the window once the presentation is
    /// shown (true for `.fullScreen` and `.currentContext`, false for styles that show it).
    open var shouldRemovePresentersView: Bool {
        switch madeForStyle {
        case .fullScreen?, .currentContext?: true
        default: false
        }
    }

    /// Traits given to the presented controller over those of the presenting one.
    open var overrideTraitCollection: UITraitCollection?

    /// The traits of the presentation: the presenting controller's.
    open var traitCollection: UITraitCollection {
        _presenting?.traitCollection ?? UIScreen.main.traitCollection
    }

    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// The style the presentation adapts to in a compact width (`.none`: none; a popover gives
    /// a sheet).
    open var adaptivePresentationStyle: UIModalPresentationStyle { .none }

    /// The style the presentation adapts to in `traitCollection`.
    open func adaptivePresentationStyle(for traitCollection: UITraitCollection) -> UIModalPresentationStyle {
        traitCollection.horizontalSizeClass == .compact ? adaptivePresentationStyle : .none
    }

    /// Called before the container lays out its views.
    open func containerViewWillLayoutSubviews() {}
    /// Called after the container laid out its views.
    open func containerViewDidLayoutSubviews() {}
    /// Called as the presentation begins: add views around the presented one here and
    /// animate them with the presented controller's `transitionCoordinator`.
    open func presentationTransitionWillBegin() {}
    /// Called when the presentation ended (`completed` false when it was cancelled).
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    /// Called as the dismissal begins.
    open func dismissalTransitionWillBegin() {}
    /// Called when the dismissal ended (`completed` false when it was cancelled).
    open func dismissalTransitionDidEnd(_ completed: Bool) {}

    /// The size of a child content container (the presented controller): the parent's size.
    open func size(forChildContentContainer container: UIViewController, withParentContainerSize parentSize: CGSize) -> CGSize {
        parentSize
    }

    /// Called when the presented controller's `preferredContentSize` changed: lays out again.
    open func preferredContentSizeDidChange(forChildContentContainer container: UIViewController) {
        containerView?.setNeedsLayout()
    }

    // MARK: Lamina's

    /// The style this controller was made for (nil: made by a delegate for `.custom`).
    var madeForStyle: UIModalPresentationStyle?
    /// Whether UIKit made it (it then places the presented view at every layout): UIKit's are
    /// made for a style, a delegate's are not.
    var isSystemController: Bool { madeForStyle != nil }

    /// Binds the controller to its presenting controller.
    func attach(presenting: UIViewController) { _presenting = presenting }

    /// The animator of a presentation (`presenting`) or dismissal without a delegate's.
    func systemAnimator(presenting: Bool) -> any UIViewControllerAnimatedTransitioning {
        let style: UIModalTransitionStyle = presentedViewController.modalTransitionStyle
        return SystemTransitionAnimator(kind: .init(style), presenting: presenting)
    }

    /// Puts `dimming` (black at 20%, transparent until animated in) under everything in the
    /// container.
    func installDimming(_ dimming: UIView) {
        guard let c = containerView else { return }
        dimming.backgroundColor = UIColor(white: 0, alpha: 0.2)
        dimming.frame = c.bounds
        dimming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        dimming.alpha = 0
        c.insertSubview(dimming, at: 0)
    }

    /// Adds the views the system style puts around the presented view (none here).
    func addSystemChrome(animated: Bool) {}
    /// Takes them away (none here).
    func removeSystemChrome(animated: Bool) {}

    /// The presentation controller UIKit uses for `style`.
    static func system(for style: UIModalPresentationStyle, presented: UIViewController) -> UIPresentationController? {
        switch style {
        case .automatic, .pageSheet, .formSheet:
            UISheetPresentationController(presentedViewController: presented, presenting: nil)
        case .popover:
            UIPopoverPresentationController(presentedViewController: presented, presenting: nil)
        case .custom:
            nil
        default:
            UIPresentationController(presentedViewController: presented, presenting: nil)
        }
    }
}
