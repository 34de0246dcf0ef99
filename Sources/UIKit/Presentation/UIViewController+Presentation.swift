import Foundation

/// How `present(_:animated:completion:)` and `dismiss(animated:completion:)` run, as UIKit
/// runs them: the presenting controller is the root of the presenter's hierarchy (or the
/// controller that defines the context, for the context styles); its presentation controller
/// adapts the style to the traits and gives the container view; the animator (the
/// transitioning delegate's, else the system's) moves the views; appearance callbacks and the
/// completion follow the end of the animation.
extension UIViewController {
    func performPresentation(of vc: UIViewController, animated: Bool, completion: (() -> Void)?) {
        let name = { (c: UIViewController) in String(describing: type(of: c)) }
        guard vc !== self else {
            LaminaDiagnostics.report("present: \(name(vc)) cannot present itself (UIKit raises \"Application tried to present modally an active controller\"); nothing presented")
            return
        }
        guard vc.presentationState.link == nil, vc.presentationState.phase == .idle else {
            LaminaDiagnostics.report("present: \(name(vc)) is already presented; nothing presented")
            return
        }
        guard vc._parent == nil else {
            LaminaDiagnostics.report("present: \(name(vc)) is a child of \(name(vc._parent!)); a controller with a parent cannot be presented (UIKit raises); nothing presented")
            return
        }
        let presenter = presentationContextController(for: vc.modalPresentationStyle)
        if let current = presenter.presentationState.presented {
            LaminaDiagnostics.report("present: attempt to present \(name(vc)) on \(name(presenter)) which is already presenting \(name(current.presented)); nothing presented")
            return
        }
        guard presenter.presentationState.phase == .idle, presenter.presentationState.coordinator?.hasEnded ?? true else {
            LaminaDiagnostics.report("present: attempt to present \(name(vc)) on \(name(presenter)) while a presentation is in progress; nothing presented")
            return
        }
        guard let window = presenter.viewIfLoaded?.window else {
            LaminaDiagnostics.report("present: attempt to present \(name(vc)) on \(name(presenter)) whose view is not in the window hierarchy; nothing presented")
            return
        }

        // The presentation controller: the delegate's for `.custom`, else UIKit's for the
        // style (the one made before, if the caller set it up).
        var style = vc.modalPresentationStyle
        var controller: UIPresentationController
        if style == .custom, let pc = vc.transitioningDelegate?.presentationController(forPresented: vc, presenting: presenter, source: self) {
            controller = pc
            vc.presentationState.controller = pc
        } else if let pc = vc.pendingPresentationController() {
            controller = pc
        } else {
            controller = UIPresentationController(presentedViewController: vc, presenting: presenter)
            controller.madeForStyle = style
            vc.presentationState.controller = controller
        }
        controller.attach(presenting: presenter)
        if style == .automatic { style = .pageSheet }

        // Adaptation to the traits: the delegate's choice, else the controller's.
        let traits = presenter.traitCollection
        let adapted = controller.delegate?.adaptivePresentationStyle(for: controller, traitCollection: traits)
            ?? controller.adaptivePresentationStyle(for: traits)
        if adapted != .none, adapted != style, adapted != .automatic {
            let adaptedController: UIPresentationController
            switch adapted {
            case .pageSheet, .formSheet:
                adaptedController = controller is UISheetPresentationController ? controller
                    : (vc.systemPresentationController(for: adapted) ?? controller)
            default:
                adaptedController = UIPresentationController(presentedViewController: vc, presenting: presenter)
            }
            if adaptedController !== controller {
                adaptedController.delegate = controller.delegate
                adaptedController.madeForStyle = adapted
                adaptedController.attach(presenting: presenter)
                (controller as? UIPopoverPresentationController)?.adaptiveSheet = adaptedController as? UISheetPresentationController
                controller = adaptedController
            }
            style = adapted
        }
        controller.delegate?.presentationController(controller, willPresentWithAdaptiveStyle: adapted == .automatic ? .none : adapted,
                                                    transitionCoordinator: nil)

        // The container over the context's view.
        let container = PresentationContainerView()
        if style == .currentContext || style == .overCurrentContext, let contextView = presenter.viewIfLoaded {
            container.frame = contextView.convert(contextView.bounds, to: window)
        } else {
            container.frame = window.bounds
            container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        }
        let link = PresentationLink(presented: vc, presenting: presenter, controller: controller, container: container, style: style)
        container.link = link
        presenter.presentationState.presented = link
        vc.presentationState.link = link
        controller.containerView = container
        UIView.performWithoutAnimation { window.addSubview(container) }

        // The transition.
        let removesPresenter = controller.shouldRemovePresentersView
        let presentedView = controller.presentedView ?? vc.view!
        let context = TransitionContext(container: container, animated: animated, style: style, from: presenter, to: vc,
                                        fromView: removesPresenter ? presenter.view : nil, toView: presentedView)
        let finalFrame = controller.frameOfPresentedViewInContainerView
        context.setFrames(of: vc, initial: .zero, final: finalFrame)
        if let pv = presenter.viewIfLoaded { context.setFrames(of: presenter, initial: pv.frame, final: pv.frame) }
        let animator: (any UIViewControllerAnimatedTransitioning)? = animated
            ? (vc.transitioningDelegate?.animationController(forPresented: vc, presenting: presenter, source: self)
               ?? controller.systemAnimator(presenting: true))
            : nil
        let interaction = animator.flatMap { vc.transitioningDelegate?.interactionControllerForPresentation(using: $0) }
        (interaction as? UIPercentDrivenInteractiveTransition)?.animator = animator
        context.transitionDuration = animator?.transitionDuration(using: context) ?? 0
        vc.presentationState.phase = .presenting
        vc.presentationState.coordinator = context

        context.onComplete = { [unowned vc, weak presenter] completed in
            vc.presentationState.phase = .idle
            if completed {
                if removesPresenter, let presenter, let pv = presenter.viewIfLoaded, let sv = pv.superview {
                    link.removedPresenterView = (pv, sv, sv.subviews.firstIndex { $0 === pv } ?? 0)
                    pv.removeFromSuperview()
                }
                if context.view(forKey: .to)?.superview !== container {
                    // An animator that did not add the view: UIKit's container still shows it.
                    container.addSubview(presentedView)
                    presentedView.frame = finalFrame
                }
            } else {
                presentedView.removeFromSuperview()
                container.removeFromSuperview()
                presenter?.presentationState.presented = nil
                vc.presentationState.link = nil
            }
            vc.endHeldAppearance()
            if removesPresenter { presenter?.endHeldAppearance() }
            controller.presentationTransitionDidEnd(completed)
            animator?.animationEnded(completed)
        }
        if let completion { context.animate(alongsideTransition: nil, completion: { _ in completion() }) }

        vc.beginHeldAppearance(true, animated: animated)
        if removesPresenter { presenter.beginHeldAppearance(false, animated: animated) }
        controller.presentationTransitionWillBegin()
        controller.addSystemChrome(animated: animated)
        if let sheet = controller as? UISheetPresentationController {
            context.animate(alongsideTransition: { _ in sheet.placeChrome(in: container, presented: true) }, completion: nil)
        }

        context.window = window
        guard let animator else {
            container.addSubview(presentedView)
            presentedView.frame = finalFrame
            context.beginAnimations()
            context.completeTransition(true)
            return
        }
        context.run(animator, interaction: interaction)
    }

    func performDismissal(animated: Bool, completion: (() -> Void)?) {
        // What this controller presented (it or an ancestor), else its own presentation.
        guard let link = presentedLinkInChain ?? presentingLinkInChain else {
            completion?()
            return
        }
        let vc = link.presented
        guard vc.presentationState.phase == .idle else {
            LaminaDiagnostics.report("dismiss: \(String(describing: type(of: vc))) is being \(vc.presentationState.phase == .presenting ? "presented" : "dismissed"); the dismissal is ignored")
            return
        }
        // Presentations above it go at once, without animation.
        var above: [PresentationLink] = []
        var next = vc.presentationState.presented
        while let l = next { above.append(l); next = l.presented.presentationState.presented }
        for l in above.reversed() { l.presented.finishDismissal(of: l, animated: false) }
        vc.runDismissal(of: link, animated: animated, completion: completion)
    }

    /// Dismisses `link` (this controller's presentation) with its animation.
    private func runDismissal(of link: PresentationLink, animated: Bool, completion: (() -> Void)?) {
        let controller = link.controller
        let container = link.container
        let presenter = link.presenting
        let removesPresenter = controller.shouldRemovePresentersView
        // The appearance callbacks come from the transition, from here on.
        beginHeldAppearance(false, animated: animated)
        if removesPresenter { presenter?.beginHeldAppearance(true, animated: animated) }
        // A removed presenting view comes back under the container.
        if let r = link.removedPresenterView {
            UIView.performWithoutAnimation { r.superview.insertSubview(r.view, at: min(r.index, r.superview.subviews.count)) }
            link.removedPresenterView = nil
        }
        let presentedView = controller.presentedView ?? view!
        let context = TransitionContext(container: container, animated: animated, style: link.style, from: self,
                                        to: presenter ?? self, fromView: presentedView,
                                        toView: removesPresenter ? presenter?.viewIfLoaded : nil)
        context.setFrames(of: self, initial: presentedView.frame, final: .zero)
        if let presenter, let pv = presenter.viewIfLoaded { context.setFrames(of: presenter, initial: pv.frame, final: pv.frame) }
        let animator: (any UIViewControllerAnimatedTransitioning)? = animated
            ? (transitioningDelegate?.animationController(forDismissed: self) ?? controller.systemAnimator(presenting: false))
            : nil
        let interaction = animator.flatMap { transitioningDelegate?.interactionControllerForDismissal(using: $0) }
        (interaction as? UIPercentDrivenInteractiveTransition)?.animator = animator
        context.transitionDuration = animator?.transitionDuration(using: context) ?? 0
        presentationState.phase = .dismissing
        presentationState.coordinator = context

        context.onComplete = { [unowned self] completed in
            presentationState.phase = .idle
            if completed {
                finishDismissal(of: link, animated: animated, endAppearance: true)
            } else {
                // Cancelled: the presentation stays; the presenting view leaves again.
                if removesPresenter, let pv = presenter?.viewIfLoaded, let sv = pv.superview {
                    link.removedPresenterView = (pv, sv, sv.subviews.firstIndex { $0 === pv } ?? 0)
                    pv.removeFromSuperview()
                }
                endHeldAppearance()
                if removesPresenter { presenter?.endHeldAppearance() }
                controller.dismissalTransitionDidEnd(false)
            }
            animator?.animationEnded(completed)
        }
        if let completion { context.animate(alongsideTransition: nil, completion: { ctx in if !ctx.isCancelled { completion() } }) }

        controller.dismissalTransitionWillBegin()
        if let sheet = controller as? UISheetPresentationController {
            context.animate(alongsideTransition: { _ in sheet.placeChrome(in: container, presented: false) }, completion: nil)
        }
        context.window = container.window
        guard let animator else {
            context.beginAnimations()
            context.completeTransition(true)
            return
        }
        context.run(animator, interaction: interaction)
    }

    /// Takes `link`'s views out and unlinks it. `endAppearance`: the appearance transitions
    /// begun by the dismissal end here; otherwise (a presentation above the one dismissed)
    /// they run now.
    fileprivate func finishDismissal(of link: PresentationLink, animated: Bool, endAppearance: Bool = false) {
        let controller = link.controller
        let presenter = link.presenting
        if !endAppearance {
            if let r = link.removedPresenterView {
                UIView.performWithoutAnimation { r.superview.insertSubview(r.view, at: min(r.index, r.superview.subviews.count)) }
                link.removedPresenterView = nil
            }
            controller.dismissalTransitionWillBegin()
        }
        UIView.performWithoutAnimation {
            (controller.presentedView ?? viewIfLoaded)?.removeFromSuperview()
            viewIfLoaded?.removeFromSuperview()
            link.container.removeFromSuperview()
        }
        (controller as? UISheetPresentationController)?.finishDismissal()
        presenter?.presentationState.presented = nil
        presentationState.link = nil
        controller.containerView = nil
        if endAppearance {
            endHeldAppearance()
            if controller.shouldRemovePresentersView { presenter?.endHeldAppearance() }
        }
        controller.dismissalTransitionDidEnd(true)
    }

    /// The controller that presents a controller in `style` asked of this one: the nearest
    /// ancestor defining the presentation context for the context styles, else the root of
    /// this controller's hierarchy.
    func presentationContextController(for style: UIModalPresentationStyle) -> UIViewController {
        var root = self
        if style == .currentContext || style == .overCurrentContext {
            var c: UIViewController? = self
            while let vc = c {
                if vc.definesPresentationContext { return vc }
                c = vc._parent
            }
        }
        while let p = root._parent { root = p }
        return root
    }

    /// Begins an appearance transition whose end the transition calls (the view entering or
    /// leaving the window does not).
    func beginHeldAppearance(_ appearing: Bool, animated: Bool) {
        presentationState.appearanceHeld = true
        beginAppearanceTransition(appearing, animated: animated)
    }

    func endHeldAppearance() {
        guard presentationState.appearanceHeld else { return }
        presentationState.appearanceHeld = false
        endAppearanceTransition()
    }
}
