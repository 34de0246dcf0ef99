/// The view of a container controller (UIKit's `UILayoutContainerView`): it shows the
/// selected or top child's view and the container's bar, laid out by the container.
final class UILayoutContainerView: UIView {
    /// Lays out the container's children and bars.
    var layoutContainer: (() -> Void)?

    override func layoutSubviews() {
        super.layoutSubviews()
        layoutContainer?()
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
    static func pixel(_ view: UIView) -> CGFloat {
        let s = view.window?.screen.scale ?? UIScreen.main.scale
        return s.isFinite && s >= 1 ? 1 / s : 1
    }
}
