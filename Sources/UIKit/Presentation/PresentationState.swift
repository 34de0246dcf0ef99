import Foundation

/// One presentation: who presented whom, with which presentation controller, in which
/// container view of the window. The presenting controller holds it (and so the presented
/// controller, as UIKit's presenter does); the presented one refers to it weakly.
@MainActor final class PresentationLink {
    let presented: UIViewController
    weak var presenting: UIViewController?
    let controller: UIPresentationController
    /// The view in the window that holds the presented view (UIKit's `UITransitionView`).
    let container: PresentationContainerView
    /// The style the presentation was shown in, after adaptation.
    let style: UIModalPresentationStyle
    /// Where the presenting controller's view was before a full-screen presentation took it
    /// out of the window, to put it back when dismissed.
    var removedPresenterView: (view: UIView, superview: UIView, index: Int)?

    init(presented: UIViewController, presenting: UIViewController, controller: UIPresentationController,
         container: PresentationContainerView, style: UIModalPresentationStyle) {
        self.presented = presented
        self.presenting = presenting
        self.controller = controller
        self.container = container
        self.style = style
    }
}

/// A controller's part in presentations (kept by `UIViewController.presentationState`).
@MainActor struct PresentationState {
    enum Phase { case idle, presenting, dismissing }
    /// The presentation this controller made (it is the presenting controller).
    var presented: PresentationLink?
    /// The presentation showing this controller.
    weak var link: PresentationLink?
    /// The presentation controller made for this controller before it is presented (so a
    /// sheet can be configured first), or kept from its last presentation.
    var controller: UIPresentationController?
    /// Whether this controller is being presented or dismissed.
    var phase: Phase = .idle
    /// The coordinator of the transition this controller is in.
    var coordinator: TransitionContext?
    /// While a transition runs, the controllers' appearance callbacks come from it, not from
    /// their views entering or leaving the window.
    var appearanceHeld = false
}

extension UIViewController {
    /// Whether this controller's appearance callbacks are held by a transition (its own or an
    /// ancestor's).
    var isAppearanceHeld: Bool {
        var c: UIViewController? = self
        while let vc = c {
            if vc.presentationState.appearanceHeld {
                // Only the controllers its appearance transition told (children shown later
                // hear of it from their views, as usual).
                return vc.transitionTargets?.controllers.contains { $0 === self } ?? false
            }
            c = vc._parent
        }
        return false
    }

    /// The presentation this controller or its nearest ancestor made.
    var presentedLinkInChain: PresentationLink? {
        var c: UIViewController? = self
        while let vc = c {
            if let l = vc.presentationState.presented { return l }
            c = vc._parent
        }
        return nil
    }

    /// The presentation showing this controller or its nearest ancestor.
    var presentingLinkInChain: PresentationLink? {
        var c: UIViewController? = self
        while let vc = c {
            if let l = vc.presentationState.link { return l }
            c = vc._parent
        }
        return nil
    }

    var presentedControllerInChain: UIViewController? { presentedLinkInChain?.presented }
    var presentingControllerInChain: UIViewController? { presentingLinkInChain?.presenting }

    var coordinatorInChain: (any UIViewControllerTransitionCoordinator)? {
        var c: UIViewController? = self
        while let vc = c {
            if let t = vc.presentationState.coordinator, !t.hasEnded { return t }
            if let t = vc.presentationState.presented?.presented.presentationState.coordinator, !t.hasEnded { return t }
            c = vc._parent
        }
        return nil
    }

    /// The presentation controller showing this controller (or its nearest presented
    /// ancestor); before a presentation, the one its style would use, made now.
    var currentPresentationController: UIPresentationController? {
        if let l = presentingLinkInChain { return l.controller }
        guard _parent == nil else { return nil }
        return pendingPresentationController()
    }

    /// The presentation controller `modalPresentationStyle` asks for, made once and kept while
    /// it suits the style (`.custom` ones come from the transitioning delegate when presented).
    func pendingPresentationController() -> UIPresentationController? {
        let style = modalPresentationStyle
        if let pc = presentationState.controller, pc.madeForStyle == style { return pc }
        let pc = systemPresentationController(for: style)
        pc?.madeForStyle = style
        presentationState.controller = pc
        return pc
    }
}
