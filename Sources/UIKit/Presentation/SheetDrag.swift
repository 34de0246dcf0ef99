import Foundation

/// A sheet following a finger (iOS 15+): dragged down it follows; let go, it rests at the
/// nearest detent, taking the release speed into account (a fifth of a second of travel), or
/// is dismissed when that point is below half the smallest detent. A sheet that may not be
/// dismissed (`isModalInPresentation`, or a delegate saying no) resists, and its delegate hears
/// of the attempt.
extension UISheetPresentationController {
    /// Adds the drag to the card (once).
    func installDrag(on card: UIView) {
        guard !(card.gestureRecognizers ?? []).contains(where: { $0 is SheetPanGestureRecognizer }) else { return }
        let pan = SheetPanGestureRecognizer(target: self) { sheet, g in sheet.dragChanged(g as! UIPanGestureRecognizer) }
        card.addGestureRecognizer(pan)
    }

    private var mayDismiss: Bool {
        !presentedViewController.isModalInPresentation && (delegate?.presentationControllerShouldDismiss(self) ?? true)
    }

    func dragChanged(_ pan: UIPanGestureRecognizer) {
        guard let container = containerView, presentedViewController.presentationState.phase == .idle,
              let card = presentedView else { return }
        let resting = frameOfPresentedViewInContainerView
        let dy = pan.translation(in: container).y
        switch pan.state {
        case .began, .changed:
            if pan.state == .began, mayDismiss { delegate?.presentationControllerWillDismiss(self) }
            // Down freely when the sheet may go (or towards a smaller detent); up and, for a
            // sheet that must stay, down only with growing resistance.
            let values = resolvedDetents(in: container).map(\.value)
            let current = currentDetentValue(in: container)
            let canShrink = mayDismiss || values.contains { $0 < current }
            let largest = values.max() ?? current
            let offset: CGFloat
            if dy >= 0 { offset = canShrink ? dy : rubberBand(dy) }
            else { offset = largest > current ? max(dy, current - largest) : -rubberBand(-dy) }
            UIView.performWithoutAnimation {
                card.frame = CGRect(x: resting.minX, y: resting.minY + offset, width: resting.width, height: max(resting.height - offset, resting.height))
            }
        case .ended, .cancelled, .failed:
            let velocity = pan.state == .ended ? pan.velocity(in: container).y : 0
            let projectedTop = resting.minY + dy + 0.2 * (velocity.isFinite ? velocity : 0)
            settle(at: projectedTop, in: container)
        default:
            break
        }
    }

    /// Movement that resists: a tenth of the drag, at most 20 points.
    private func rubberBand(_ d: CGFloat) -> CGFloat { min(20, d / 10) }

    /// Lets go with the sheet's top heading for `projectedTop`.
    private func settle(at projectedTop: CGFloat, in container: UIView) {
        let geometry = SheetGeometry(container: container, traits: traitCollection)
        let bottom = container.bounds.height - (geometry.isCardLayout ? geometry.safe.bottom : 20)
        let resolved = resolvedDetents(in: container)
        let projectedValue = bottom - projectedTop
        let smallest = resolved.map(\.value).min() ?? geometry.maximumValue
        if projectedValue < smallest / 2 {
            if mayDismiss {
                presentedViewController.dismiss(animated: true) { [weak self] in
                    guard let self else { return }
                    delegate?.presentationControllerDidDismiss(self)
                }
                return
            }
            if presentedViewController.isModalInPresentation || !(delegate?.presentationControllerShouldDismiss(self) ?? true) {
                delegate?.presentationControllerDidAttemptToDismiss(self)
            }
        }
        // The nearest detent.
        if let nearest = resolved.min(by: { abs($0.value - projectedValue) < abs($1.value - projectedValue) }),
           nearest.id != (selectedDetentIdentifier ?? resolved.min(by: { $0.value < $1.value })?.id) {
            animateChanges { selectedDetentIdentifier = nearest.id }
            (delegate as? UISheetPresentationControllerDelegate)?.sheetPresentationControllerDidChangeSelectedDetentIdentifier(self)
        } else {
            container.window?.run {
                UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0, options: [],
                               animations: { container.setNeedsLayout(); container.layoutIfNeeded() })
            }
        }
    }
}

/// The pan recognizer a sheet's card carries.
final class SheetPanGestureRecognizer: UIPanGestureRecognizer {}
