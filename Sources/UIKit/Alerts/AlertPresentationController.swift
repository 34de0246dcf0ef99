import Foundation

/// How an alert controller is presented: over the whole window, which is dimmed (black at 20%);
/// an alert fades in from 1.2 times its size, an action sheet slides up.
final class AlertPresentationController: UIPresentationController {
    let dimming = UIView()

    override var shouldPresentInFullscreen: Bool { false }
    override var shouldRemovePresentersView: Bool { false }

    override func systemAnimator(presenting: Bool) -> any UIViewControllerAnimatedTransitioning {
        let sheet = (presentedViewController as? UIAlertController)?.preferredStyle == .actionSheet
        return SystemTransitionAnimator(kind: sheet ? .coverVertical : .alert, presenting: presenting)
    }

    override func addSystemChrome(animated: Bool) {
        installDimming(dimming)
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { [dimming] _ in dimming.alpha = 1 })
    }

    override func dismissalTransitionWillBegin() {
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { [dimming] _ in dimming.alpha = 0 })
    }
}
