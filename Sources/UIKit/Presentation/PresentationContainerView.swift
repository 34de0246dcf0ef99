import Foundation

/// The view a presentation's views are in, over the window's (UIKit's `UITransitionView`):
/// at each layout its presentation controller hears of it, and UIKit's own presentation
/// controllers place the presented view and their chrome.
final class PresentationContainerView: UIView {
    weak var link: PresentationLink?

    override func layoutSubviews() {
        super.layoutSubviews()
        guard let link else { return }
        let pc = link.controller
        pc.containerViewWillLayoutSubviews()
        if pc.isSystemController, link.presented.presentationState.phase == .idle,
           let v = pc.presentedView, v.superview === self {
            v.frame = pc.frameOfPresentedViewInContainerView
            if let sheet = pc as? UISheetPresentationController { sheet.placeChrome(in: self, presented: true) }
        }
        pc.containerViewDidLayoutSubviews()
    }

    /// Touches on the container itself (not on the presented view) stop here, unless a sheet
    /// leaves the views behind it undimmed.
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        guard let sheet = link?.controller as? UISheetPresentationController, hit === self || hit === sheet.dimming else { return hit }
        return sheet.dimsPresentingView(in: self) ? hit : nil
    }
}
