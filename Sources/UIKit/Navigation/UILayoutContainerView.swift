/// The view of a container controller (UIKit's `UILayoutContainerView`): it shows the
/// selected or top child's view and the container's bar, laid out by the container.
final class UILayoutContainerView: UIView {
    /// Lays out the container's children and bars.
    var layoutContainer: (() -> Void)?

    /// A container view the size of the main screen, without margins of its own, laid out by
    /// `layout`.
    convenience init(layout: @escaping () -> Void) {
        self.init(frame: UIScreen.main.bounds)
        layoutMargins = .zero
        layoutContainer = layout
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        layoutContainer?()
    }

    /// Shows `child`'s view, filling the container below `bar`, once the container is in a
    /// window (as on iOS, a container off screen has not loaded its shown child's view), and
    /// takes `old`'s out when it is another controller.
    func show(_ child: UIViewController?, replacing old: UIViewController? = nil, below bar: UIView) {
        if let old, old !== child, old.viewIfLoaded?.superview === self { old.view.removeFromSuperview() }
        if window != nil, let child, child.view.superview !== self {
            child.view.frame = bounds
            insertSubview(child.view, belowSubview: bar)
        }
    }
}

extension UIViewController {
    /// A container's new children: `list` with each controller once (and never this one);
    /// those of `current` not in it leave (the `shown` one's view taken out, its bar insets
    /// cleared), the new ones are added.
    func replaceChildren(_ current: [UIViewController], with list: [UIViewController],
                         shown: UIViewController?) -> [UIViewController] {
        var seen = Set<ObjectIdentifier>()
        let new = list.filter { seen.insert(ObjectIdentifier($0)).inserted && $0 !== self }
        for vc in current where !new.contains(where: { $0 === vc }) {
            vc.willMove(toParent: nil)
            if vc === shown { vc.viewIfLoaded?.removeFromSuperview() }
            vc.containerBarInsets = .zero
            vc.removeFromParent()
        }
        for vc in new where vc.parent !== self {
            addChild(vc)
            vc.didMove(toParent: self)
        }
        return new
    }
}

/// Bar metrics shared by the navigation bar and the tab bar (iOS's, in points).
enum BarMetrics {
    /// A navigation bar's height: 44 points, 32 on a phone in a compact height (landscape).
    static func navigationBarHeight(_ traits: UITraitCollection) -> CGFloat {
        traits.verticalSizeClass == .compact && traits.userInterfaceIdiom == .phone ? 32 : 44
    }

    /// A tab bar's height above the safe area: 49 points, 32 on a phone in a compact height.
    static func tabBarHeight(_ traits: UITraitCollection) -> CGFloat {
        traits.verticalSizeClass == .compact && traits.userInterfaceIdiom == .phone ? 32 : 49
    }

    /// The bars' hairline: black at 30% in light mode, white at 15% in dark mode.
    static var hairline: UIColor {
        UIColor(dynamicProvider: { $0.userInterfaceStyle == .dark ? UIColor(white: 1, alpha: 0.15) : UIColor(white: 0, alpha: 0.3) })
    }

    /// One pixel of the screen `view` is on, in points.
    @MainActor static func pixel(_ view: UIView) -> CGFloat { 1 / view.pixelScale }
}
