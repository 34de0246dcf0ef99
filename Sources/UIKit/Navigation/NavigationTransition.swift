import Foundation

/// A navigation controller's animated push and pop, as iOS runs them: the incoming view
/// slides in from the right edge over the outgoing one, which moves a third of the width left
/// under a dimming view (black at 10%), the incoming view casting a shadow on it; a pop runs
/// backwards; 0.35 s, ease in and out; the bar's titles cross-fade. A delegate's animator
/// replaces the slide (with its interaction controller), run with a transition context whose
/// container is the navigation controller's view.
extension UINavigationController {
    /// Animates from `old` to `new` (both in the stack's change just made).
    func animateTransition(from old: UIViewController, to new: UIViewController, operation: Operation,
                           in container: UILayoutContainerView, barBefore: UIView?, previousStack: [UIViewController]) {
        let window = container.window
        let animator = delegate?.navigationController(self, animationControllerFor: operation, from: old, to: new)
        var interaction = animator.flatMap { delegate?.navigationController(self, interactionControllerFor: $0) }
        let systemAnimator = SystemNavigationAnimator(operation: operation)
        if interaction == nil, let pending = pendingInteraction {
            interaction = pending
            pending.animator = animator ?? systemAnimator
        } else {
            (interaction as? UIPercentDrivenInteractiveTransition)?.animator = animator
        }
        pendingInteraction = nil
        let context = TransitionContext(container: container, animated: true, style: .none, from: old, to: new,
                                        fromView: old.view, toView: new.view)
        context.window = window
        context.setFrames(of: old, initial: container.bounds, final: container.bounds)
        context.setFrames(of: new, initial: .zero, final: container.bounds)
        context.transitionDuration = animator?.transitionDuration(using: context) ?? 0.35
        transitionContext = context
        new.presentationState.coordinator = context
        old.presentationState.coordinator = context
        presentationState.coordinator = context

        old.beginHeldAppearance(false, animated: true)
        new.beginHeldAppearance(true, animated: true)
        delegate?.navigationController(self, willShow: new, animated: true)

        context.onComplete = { [weak self, unowned old, unowned new] completed in
            guard let self else { return }
            self.transitionContext = nil
            UIView.performWithoutAnimation {
                if completed {
                    if old !== self.topViewController { old.viewIfLoaded?.removeFromSuperview() }
                } else {
                    new.viewIfLoaded?.removeFromSuperview()
                }
            }
            if completed {
                old.endHeldAppearance()
                new.endHeldAppearance()
            } else {
                // Cancelled (an edge swipe let go too early): the stack is as it was; the
                // controller that was coming goes, the one that was leaving stays.
                for vc in [old, new] {
                    vc.presentationState.appearanceHeld = false
                    vc.transitionTargets = nil
                }
                new.beginAppearanceTransition(false, animated: true)
                new.endAppearanceTransition()
                old.beginAppearanceTransition(true, animated: true)
                old.endAppearanceTransition()
                self.restoreStack(previousStack)
            }
            new.presentationState.coordinator = nil
            old.presentationState.coordinator = nil
            self.presentationState.coordinator = nil
            container.setNeedsLayout()
            if completed { self.delegate?.navigationController(self, didShow: new, animated: true) }
            animator?.animationEnded(completed)
        }

        // The bar's titles and buttons cross-fade: a picture of the bar as it was fades out
        // over the new one (drawn once, not the bar's layers twice a frame).
        if let barBefore {
            UIView.performWithoutAnimation {
                barBefore.frame = navigationBar.frame
                container.insertSubview(barBefore, aboveSubview: navigationBar)
            }
            context.animate(alongsideTransition: { _ in barBefore.alpha = 0 },
                            completion: { _ in barBefore.removeFromSuperview() })
        }

        context.run(animator ?? systemAnimator, interaction: interaction)
    }

    /// Puts `previous` back as the stack, without animation (after a cancelled transition).
    func restoreStack(_ previous: [UIViewController]) {
        UIView.performWithoutAnimation {
            let shown = topViewController
            setStackWithoutTransition(previous)
            if let top = previous.last, top !== shown { shown?.viewIfLoaded?.removeFromSuperview() }
            viewIfLoaded?.setNeedsLayout()
        }
    }

    /// The swipe from the left edge: pops with the finger, finishing when let go past half the
    /// width or flicked right, going back otherwise.
    func edgeSwiped(_ g: UIScreenEdgePanGestureRecognizer) {
        guard let container = viewIfLoaded else { return }
        let width = max(container.bounds.width, 1)
        switch g.state {
        case .began:
            guard viewControllers.count > 1, transitionContext.map({ $0.hasEnded }) ?? true, container.window != nil else { return }
            let driver = UIPercentDrivenInteractiveTransition()
            pendingInteraction = driver
            edgeDriver = driver
            popViewController(animated: true)
            if pendingInteraction != nil { pendingInteraction = nil; edgeDriver = nil }
        case .changed:
            edgeDriver?.update(max(0, g.translation(in: container).x) / width)
        case .ended, .cancelled, .failed:
            guard let driver = edgeDriver else { return }
            edgeDriver = nil
            let progress = max(0, g.translation(in: container).x) / width
            let velocity = g.velocity(in: container).x
            if g.state == .ended, progress > 0.5 || velocity > 500 { driver.finish() } else { driver.cancel() }
        default:
            break
        }
    }
}

/// The system's push and pop.
@MainActor final class SystemNavigationAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let operation: UINavigationController.Operation
    init(operation: UINavigationController.Operation) { self.operation = operation }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.35 }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        guard let from = ctx.view(forKey: .from), let to = ctx.view(forKey: .to),
              let bar = ctx.containerView.subviews.first(where: { $0 is UINavigationBar }) else {
            ctx.completeTransition(true)
            return
        }
        let container = ctx.containerView
        let bounds = container.bounds
        let width = bounds.width
        let push = operation != .pop
        let dimming = UIView(frame: bounds)
        dimming.backgroundColor = UIColor(white: 0, alpha: 0.1)
        // The moving screen on top casts a shadow on the one under it.
        let top = push ? to : from
        let saved = (top.layer.shadowOpacity, top.layer.shadowRadius, top.layer.shadowOffset, top.layer.shadowPath)
        UIView.performWithoutAnimation {
            if push {
                container.insertSubview(to, belowSubview: bar)
                to.frame = bounds.offsetBy(dx: width, dy: 0)
                dimming.alpha = 0
                container.insertSubview(dimming, belowSubview: to)
            } else {
                container.insertSubview(to, belowSubview: from)
                to.frame = bounds.offsetBy(dx: -width / 3, dy: 0)
                dimming.alpha = 1
                container.insertSubview(dimming, belowSubview: from)
            }
            top.layer.shadowOpacity = 0.15
            top.layer.shadowRadius = 6
            top.layer.shadowOffset = .zero
            top.layer.shadowPath = CGPath(rect: top.bounds, transform: nil)
        }
        // Driven by a finger, the views follow it: a linear curve.
        UIView.animate(withDuration: 0.35, delay: 0, options: [ctx.isInteractive ? .curveLinear : .curveEaseInOut], animations: {
            if push {
                to.frame = bounds
                from.frame = bounds.offsetBy(dx: -width / 3, dy: 0)
                dimming.alpha = 1
            } else {
                to.frame = bounds
                from.frame = bounds.offsetBy(dx: width, dy: 0)
                dimming.alpha = 0
            }
        }, completion: { _ in
            UIView.performWithoutAnimation {
                dimming.removeFromSuperview()
                (top.layer.shadowOpacity, top.layer.shadowRadius, top.layer.shadowOffset, top.layer.shadowPath) = saved
                from.frame = bounds
            }
            ctx.completeTransition(!ctx.transitionWasCancelled)
        })
    }
}
