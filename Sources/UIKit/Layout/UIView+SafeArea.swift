import Foundation

extension UIView {
    /// `safeAreaInsets`: the screen's insets for a window (where the window covers them), the
    /// overlap with the superview's safe area for other views, plus the owning controller's
    /// `additionalSafeAreaInsets`; never more than the view's own size.
    var computedSafeAreaInsets: UIEdgeInsets {
        var insets = UIEdgeInsets.zero
        if let w = self as? UIWindow {
            insets = overlap(w.screen.safeAreaInsets, in: w.screen.bounds, of: w.frame)
        } else if let sv = _superview {
            let si = sv.safeAreaInsets
            if si != .zero { insets = overlap(si, in: sv.bounds, of: frame) }
        }
        if let vc = owningViewController {
            // The controller's own additions, and the bars of the container showing it (a
            // navigation bar above, a tab bar below).
            let a = vc.additionalSafeAreaInsets, c = vc.containerBarInsets
            insets = UIEdgeInsets(top: insets.top + a.top + c.top, left: insets.left + a.left + c.left,
                                  bottom: insets.bottom + a.bottom + c.bottom, right: insets.right + a.right + c.right)
        }
        let b = bounds.size
        func clamp(_ v: CGFloat, _ limit: CGFloat) -> CGFloat { v.isFinite ? min(max(0, v), max(0, limit)) : 0 }
        return UIEdgeInsets(top: clamp(insets.top, b.height), left: clamp(insets.left, b.width),
                            bottom: clamp(insets.bottom, b.height), right: clamp(insets.right, b.width))
    }

    /// How far `insets` of the rectangle `container` reach into `rect` (both in the same space).
    private func overlap(_ insets: UIEdgeInsets, in container: CGRect, of rect: CGRect) -> UIEdgeInsets {
        UIEdgeInsets(top: max(0, container.minY + insets.top - rect.minY),
                     left: max(0, container.minX + insets.left - rect.minX),
                     bottom: max(0, rect.maxY - (container.maxY - insets.bottom)),
                     right: max(0, rect.maxX - (container.maxX - insets.right)))
    }

    /// The safe area of this view and those below it may have changed: lay out again.
    func safeAreaChanged() {
        if safeAreaGuideUsed || subtreeUsesAutoLayout { autoLayoutChanged() }
        setNeedsLayout()
    }
}
