import UIKit

/// The measurements the app's cards share: main-actor state, as UIKit's own is.
@MainActor enum CardStyle {
    static var cornerRadius: CGFloat = 16
    static var compactScreenWidth: CGFloat = 375
}

// Extensions of UIKit's types that use the app's main-actor state: in Swift 6 they compile
// because UIView, UILabel and UIScreen are @MainActor, and so are their extensions' members.
extension UIView {
    /// Rounds the view's corners as the app's cards are.
    public func roundAsCard() {
        layer.cornerRadius = CardStyle.cornerRadius
        layer.cornerCurve = .continuous
    }
}

extension UILabel {
    /// Styles the label as a card's title.
    public func styleAsCardTitle() {
        font = .preferredFont(forTextStyle: .headline)
        textColor = .secondaryLabel
    }
}

extension UIScreen {
    /// Whether the screen is narrower than a standard phone's.
    public var isCompactWidth: Bool { bounds.width < CardStyle.compactScreenWidth }
}
