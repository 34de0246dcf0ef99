import Foundation

/// Names the two controllers of a transition (UIKit's `UITransitionContextViewControllerKey`).
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The controller visible at the start of the transition.
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewController")
    /// The controller visible at its end.
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewController")
}

/// Names the two views of a transition (UIKit's `UITransitionContextViewKey`).
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The view leaving (nil when it stays, as a sheet's presenting view does).
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromView")
    /// The view arriving (nil when it is already shown).
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToView")
}

/// What an animator is given to run a transition between two controllers (UIKit's
/// `UIViewControllerContextTransitioning`): the container view, the controllers and their
/// views, their start and end frames, and the calls that end it.
@preconcurrency @MainActor
public protocol UIViewControllerContextTransitioning: AnyObject {
    /// The view the transition's views are in.
    var containerView: UIView { get }
    /// Whether the transition animates.
    var isAnimated: Bool { get }
    /// Whether an interaction controller drives it now.
    var isInteractive: Bool { get }
    /// Whether it was cancelled.
    var transitionWasCancelled: Bool { get }
    /// The presentation style of the transition (`.none` for a navigation push or pop).
    var presentationStyle: UIModalPresentationStyle { get }
    /// Tells the context how far an interactive transition has gone (0 to 1).
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    /// The interaction ended and the transition is to finish.
    func finishInteractiveTransition()
    /// The interaction ended and the transition is to go back.
    func cancelInteractiveTransition()
    /// The interaction paused.
    func pauseInteractiveTransition()
    /// Ends the transition: the animator calls it once its animations are done (false when
    /// it was cancelled).
    func completeTransition(_ didComplete: Bool)
    /// The controller under `key`.
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The view under `key`: nil for a view the transition must not move.
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// The rotation the transition applies (identity: none).
    var targetTransform: CGAffineTransform { get }
    /// Where `vc`'s view starts (zero when unknown: for an arriving controller).
    func initialFrame(for vc: UIViewController) -> CGRect
    /// Where `vc`'s view ends (zero when it leaves).
    func finalFrame(for vc: UIViewController) -> CGRect
}

/// Animates a transition (UIKit's `UIViewControllerAnimatedTransitioning`).
@preconcurrency @MainActor
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
    /// How long the animation takes.
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval
    /// Runs the animation; call `transitionContext.completeTransition(_:)` when it is done.
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)
    /// An interruptible animator for the transition (optional: nil).
    func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning) -> (any UIViewImplicitlyAnimating)?
    /// Called after the transition ended (optional).
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    public func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning) -> (any UIViewImplicitlyAnimating)? { nil }
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// Drives a transition from a gesture (UIKit's `UIViewControllerInteractiveTransitioning`).
@preconcurrency @MainActor
public protocol UIViewControllerInteractiveTransitioning: AnyObject {
    /// Starts the interactive transition.
    func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning)
    /// The speed of the rest of the animation once the interaction ends (optional: 1).
    var completionSpeed: CGFloat { get }
    /// The curve of the rest of the animation (optional: ease in and out).
    var completionCurve: UIView.AnimationCurve { get }
    /// Whether the transition starts interactive (optional: true).
    var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
    public var completionSpeed: CGFloat { 1 }
    public var completionCurve: UIView.AnimationCurve { .easeInOut }
    public var wantsInteractiveStart: Bool { true }
}

/// Gives a presentation's animators and presentation controller (UIKit's
/// `UIViewControllerTransitioningDelegate`; every method optional, nil by default: the
/// system's).
@preconcurrency @MainActor
public protocol UIViewControllerTransitioningDelegate: AnyObject {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)?
    func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)?
    /// The presentation controller of a `.custom` presentation.
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController?
}

extension UIViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)? { nil }
    public func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)? { nil }
    public func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                       source: UIViewController) -> UIPresentationController? { nil }
}

/// What a transition coordinator tells about the transition under way (UIKit's
/// `UIViewControllerTransitionCoordinatorContext`).
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    var isAnimated: Bool { get }
    var presentationStyle: UIModalPresentationStyle { get }
    var initiallyInteractive: Bool { get }
    var isInterruptible: Bool { get }
    var isInteractive: Bool { get }
    var isCancelled: Bool { get }
    var transitionDuration: TimeInterval { get }
    var percentComplete: CGFloat { get }
    var completionVelocity: CGFloat { get }
    var completionCurve: UIView.AnimationCurve { get }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    var containerView: UIView { get }
    var targetTransform: CGAffineTransform { get }
}

/// Runs animations alongside a transition and hears of its end (UIKit's
/// `UIViewControllerTransitionCoordinator`), from a controller's `transitionCoordinator`.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// Runs `animation` in the transition's animation (or at once when it does not animate)
    /// and `completion` after it; false when the transition has already ended.
    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
    /// As `animate(alongsideTransition:completion:)`, for animations of a view outside the
    /// container.
    @discardableResult
    func animateAlongsideTransition(in view: UIView?, animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
    /// Calls `handler` when an interactive transition stops being interactive.
    func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void)
}
