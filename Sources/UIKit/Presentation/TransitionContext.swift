import Foundation

/// The context and coordinator of one presentation or dismissal (UIKit's private transition
/// context): what the animator is given, what `transitionCoordinator` returns, and the end of
/// the transition.
@MainActor final class TransitionContext: NSObject, UIViewControllerContextTransitioning, UIViewControllerTransitionCoordinator {
    let containerView: UIView
    let isAnimated: Bool
    private(set) var isInteractive = false
    private(set) var initiallyInteractive = false
    private(set) var transitionWasCancelled = false
    let presentationStyle: UIModalPresentationStyle
    private let controllers: [UITransitionContextViewControllerKey: UIViewController]
    private let views: [UITransitionContextViewKey: UIView]
    private var initialFrames: [ObjectIdentifier: CGRect] = [:]
    private var finalFrames: [ObjectIdentifier: CGRect] = [:]
    var transitionDuration: TimeInterval = 0
    private(set) var percentComplete: CGFloat = 0
    var completionVelocity: CGFloat = 1
    var completionCurve: UIView.AnimationCurve = .easeInOut
    var isInterruptible: Bool { false }
    var isCancelled: Bool { transitionWasCancelled }
    var targetTransform: CGAffineTransform { .identity }

    /// Runs once, when the animator calls `completeTransition(_:)`.
    var onComplete: ((Bool) -> Void)?
    /// Whether the transition ended.
    private(set) var hasEnded = false
    /// Whether the animations began (alongside animations added later start at once).
    private var animationsBegan = false
    private var alongside: [((any UIViewControllerTransitionCoordinatorContext) -> Void)] = []
    private var completions: [((any UIViewControllerTransitionCoordinatorContext) -> Void)] = []
    private var interactionHandlers: [((any UIViewControllerTransitionCoordinatorContext) -> Void)] = []

    init(container: UIView, animated: Bool, style: UIModalPresentationStyle,
         from: UIViewController, to: UIViewController, fromView: UIView?, toView: UIView?) {
        containerView = container
        isAnimated = animated
        presentationStyle = style
        controllers = [.from: from, .to: to]
        var v: [UITransitionContextViewKey: UIView] = [:]
        if let fromView { v[.from] = fromView }
        if let toView { v[.to] = toView }
        views = v
    }

    func setFrames(of vc: UIViewController, initial: CGRect, final: CGRect) {
        initialFrames[ObjectIdentifier(vc)] = initial
        finalFrames[ObjectIdentifier(vc)] = final
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { controllers[key] }
    func view(forKey key: UITransitionContextViewKey) -> UIView? { views[key] }
    func initialFrame(for vc: UIViewController) -> CGRect { initialFrames[ObjectIdentifier(vc)] ?? .zero }
    func finalFrame(for vc: UIViewController) -> CGRect { finalFrames[ObjectIdentifier(vc)] ?? .zero }

    // MARK: Interaction

    func beginInteraction() {
        isInteractive = true
        initiallyInteractive = true
    }
    func updateInteractiveTransition(_ percentComplete: CGFloat) {
        self.percentComplete = percentComplete.isFinite ? min(max(percentComplete, 0), 1) : self.percentComplete
    }
    func finishInteractiveTransition() { endInteraction(cancelled: false) }
    func cancelInteractiveTransition() { endInteraction(cancelled: true) }
    func pauseInteractiveTransition() { isInteractive = true }

    private func endInteraction(cancelled: Bool) {
        guard isInteractive else { return }
        isInteractive = false
        transitionWasCancelled = cancelled
        let handlers = interactionHandlers
        interactionHandlers = []
        for h in handlers { h(self) }
    }

    // MARK: End

    func completeTransition(_ didComplete: Bool) {
        guard !hasEnded else { return }
        hasEnded = true
        if !didComplete { transitionWasCancelled = true }
        if !didComplete || transitionWasCancelled { percentComplete = 0 } else { percentComplete = 1 }
        onComplete?(didComplete && !transitionWasCancelled)
        onComplete = nil
        let list = completions
        completions = []
        for c in list { c(self) }
    }

    // MARK: Coordinator

    /// The window the transition runs in: its animations use the window's clock.
    weak var window: UIWindow?

    /// Runs `body` on the window's clock (a headless window's own).
    func inWindowTime<R>(_ body: () -> R) -> R {
        if let window { return window.run(body) }
        return body()
    }

    /// Starts the transition on the window's clock: the interaction controller when it wants
    /// an interactive start, else the animator; then the alongside animations.
    func run(_ animator: any UIViewControllerAnimatedTransitioning, interaction: (any UIViewControllerInteractiveTransitioning)?) {
        inWindowTime {
            if let interaction, interaction.wantsInteractiveStart {
                beginInteraction()
                interaction.startInteractiveTransition(self)
            } else {
                animator.animateTransition(using: self)
            }
        }
        beginAnimations()
        // The changes commit now, on the window's clock, as at the end of a run-loop turn: the
        // animations begin at the window's current time.
        inWindowTime { CATransaction.flush() }
    }

    /// Runs the alongside animations registered so far in an animation of the transition's
    /// duration (or at once when it does not animate).
    func beginAnimations() {
        animationsBegan = true
        let list = alongside
        alongside = []
        run(list)
    }

    private func run(_ list: [((any UIViewControllerTransitionCoordinatorContext) -> Void)]) {
        guard !list.isEmpty else { return }
        inWindowTime {
            if isAnimated, transitionDuration > 0 {
                UIView.animate(withDuration: transitionDuration, delay: 0, options: [.curveEaseInOut],
                               animations: { for a in list { a(self) } })
            } else {
                UIView.performWithoutAnimation { for a in list { a(self) } }
            }
        }
    }

    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        guard !hasEnded else { return false }
        if let animation {
            if animationsBegan { run([animation]) } else { alongside.append(animation) }
        }
        if let completion { completions.append(completion) }
        return true
    }

    @discardableResult
    func animateAlongsideTransition(in view: UIView?, animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: completion)
    }

    func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void) {
        interactionHandlers.append(handler)
    }
}

extension UIViewControllerTransitionCoordinator {
    /// Runs `animation` alongside the transition, without a completion.
    @discardableResult
    public func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: nil)
    }
}
