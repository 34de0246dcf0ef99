import Foundation

/// The animations UIKit runs for presentations without a delegate's animator: a slide from the
/// bottom (`.coverVertical` and sheets, 0.5 s without overshoot), a cross-dissolve (0.4 s), a
/// flip from the right (0.75 s), and an alert's fade from 1.2 times its size (0.4 s);
/// dismissals run them backwards.
@MainActor final class SystemTransitionAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    enum Kind {
        case coverVertical, crossDissolve, flip, sheet, alert

        init(_ style: UIModalTransitionStyle) {
            switch style {
            case .coverVertical: self = .coverVertical
            case .crossDissolve: self = .crossDissolve
            case .flipHorizontal: self = .flip
            case .partialCurl:
                LaminaDiagnostics.report("UIModalTransitionStyle.partialCurl is not drawn by Lamina: the presentation slides up (coverVertical)")
                self = .coverVertical
            }
        }
    }

    let kind: Kind
    let presenting: Bool

    init(kind: Kind, presenting: Bool) {
        self.kind = kind
        self.presenting = presenting
    }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        switch kind {
        case .coverVertical, .sheet: 0.5
        case .crossDissolve, .alert: 0.4
        case .flip: 0.75
        }
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let container = ctx.containerView
        let duration = transitionDuration(using: ctx)
        let key: UITransitionContextViewKey = presenting ? .to : .from
        let vcKey: UITransitionContextViewControllerKey = presenting ? .to : .from
        guard let view = ctx.view(forKey: key), let vc = ctx.viewController(forKey: vcKey) else {
            ctx.completeTransition(true)
            return
        }
        let shown = presenting ? ctx.finalFrame(for: vc) : ctx.initialFrame(for: vc)
        let below = shown.offsetBy(dx: 0, dy: container.bounds.height - shown.minY)
        let presenting = self.presenting
        let done: (Bool) -> Void = { _ in
            if !presenting {
                // The view is out of the container now: it leaves as it came.
                UIView.performWithoutAnimation {
                    view.alpha = 1
                    view.isHidden = false
                    view.transform = .identity
                }
            }
            ctx.completeTransition(!ctx.transitionWasCancelled)
        }
        if presenting, view.superview !== container { container.addSubview(view) }

        switch kind {
        case .coverVertical, .sheet:
            UIView.performWithoutAnimation { view.frame = presenting ? below : shown }
            UIView.animate(withDuration: duration, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
                           options: [], animations: { view.frame = self.presenting ? shown : below }, completion: done)
        case .crossDissolve:
            UIView.performWithoutAnimation {
                view.frame = shown
                view.alpha = presenting ? 0 : 1
            }
            UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseInOut],
                           animations: { view.alpha = self.presenting ? 1 : 0 }, completion: done)
        case .flip:
            UIView.performWithoutAnimation { view.frame = shown }
            if !presenting { view.isHidden = false }
            UIView.transition(with: container, duration: duration,
                              options: presenting ? .transitionFlipFromRight : .transitionFlipFromLeft,
                              animations: { view.isHidden = !self.presenting }, completion: done)
        case .alert:
            UIView.performWithoutAnimation {
                view.frame = shown
                if presenting {
                    view.alpha = 0
                    view.transform = CGAffineTransform(scaleX: 1.2, y: 1.2)
                }
            }
            UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseOut], animations: {
                view.alpha = self.presenting ? 1 : 0
                view.transform = .identity
            }, completion: done)
        }
    }
}
