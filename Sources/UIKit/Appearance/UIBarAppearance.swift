import Foundation

/// A horizontal and vertical offset (UIKit's `UIOffset`).
public struct UIOffset: Hashable, Sendable {
    public var horizontal: CGFloat
    public var vertical: CGFloat
    public init() { horizontal = 0; vertical = 0 }
    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    public static let zero = UIOffset()
}

/// What a bar's background looks like (UIKit's `UIBarAppearance`): its colour, image, blur
/// effect and shadow line. The default background is the system's (on Lamina: the bar's
/// `barTintColor`, else the system background, opaque), the opaque one the system
/// background, the transparent one nothing and no shadow.
@preconcurrency @MainActor
open class UIBarAppearance: NSObject {
    /// The idiom the appearance is for.
    public let idiom: UIUserInterfaceIdiom
    /// The blur behind the bar (kept; Lamina draws bars opaque).
    open var backgroundEffect: UIBlurEffect?
    /// The bar's background colour.
    open var backgroundColor: UIColor?
    /// An image over the background colour.
    open var backgroundImage: UIImage?
    /// How the image fills the bar.
    open var backgroundImageContentMode: UIView.ContentMode = .scaleToFill
    /// The line under the bar (nil or clear: none).
    open var shadowColor: UIColor?
    /// An image for the line.
    open var shadowImage: UIImage?

    /// The system's default appearance.
    public init(idiom: UIUserInterfaceIdiom = .phone) {
        self.idiom = idiom
        super.init()
        configureWithDefaultBackground()
    }

    /// A copy of `barAppearance`'s background and shadow.
    public init(barAppearance: UIBarAppearance) {
        idiom = barAppearance.idiom
        super.init()
        copyBackground(from: barAppearance)
    }

    func copyBackground(from other: UIBarAppearance) {
        backgroundEffect = other.backgroundEffect
        backgroundColor = other.backgroundColor
        backgroundImage = other.backgroundImage
        backgroundImageContentMode = other.backgroundImageContentMode
        shadowColor = other.shadowColor
        shadowImage = other.shadowImage
    }

    /// NSObject's copy, as the appearance (so `appearance.copy()` is the typed copy below, as
    /// on iOS, not an ambiguous call).
    @_disfavoredOverload
    open override func copy() -> Any { MainActor.assumeIsolated { copy() as UIBarAppearance } }

    /// A copy.
    open func copy() -> Self {
        if let c = Self.makeCopy(of: self) as? Self { return c }
        // A subclass of the app's own: copied as its UIKit class would be, so it is returned
        // itself, with a diagnostic.
        LaminaDiagnostics.report("\(type(of: self)).copy(): a subclass of a bar appearance is not copied by Lamina; the appearance itself is returned")
        return self
    }

    class func makeCopy(of a: UIBarAppearance) -> UIBarAppearance { UIBarAppearance(barAppearance: a) }

    /// The translucent system background with its shadow line.
    open func configureWithDefaultBackground() {
        backgroundEffect = UIBlurEffect(style: .systemChromeMaterial)
        backgroundColor = nil
        backgroundImage = nil
        shadowColor = BarMetrics.hairline
        shadowImage = nil
    }

    /// An opaque system background with its shadow line.
    open func configureWithOpaqueBackground() {
        backgroundEffect = nil
        backgroundColor = .systemBackground
        backgroundImage = nil
        shadowColor = BarMetrics.hairline
        shadowImage = nil
    }

    /// No background and no shadow line.
    open func configureWithTransparentBackground() {
        backgroundEffect = nil
        backgroundColor = .clear
        backgroundImage = nil
        shadowColor = nil
        shadowImage = nil
    }
}

/// One state of a bar button item's look (UIKit's `UIBarButtonItemStateAppearance`).
@preconcurrency @MainActor
open class UIBarButtonItemStateAppearance: NSObject {
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    open var titlePositionAdjustment: UIOffset = .zero
    open var backgroundImage: UIImage?
    open var backgroundImagePositionAdjustment: UIOffset = .zero
}

/// A bar button item's look in each state (UIKit's `UIBarButtonItemAppearance`).
@preconcurrency @MainActor
open class UIBarButtonItemAppearance: NSObject {
    public let normal = UIBarButtonItemStateAppearance()
    public let highlighted = UIBarButtonItemStateAppearance()
    public let disabled = UIBarButtonItemStateAppearance()
    public let focused = UIBarButtonItemStateAppearance()

    public init(style: UIBarButtonItem.Style = .plain) { super.init() }
    /// Back to the system's look for `style`.
    open func configureWithDefault(for style: UIBarButtonItem.Style) {
        for s in [normal, highlighted, disabled, focused] {
            s.titleTextAttributes = [:]
            s.titlePositionAdjustment = .zero
            s.backgroundImage = nil
        }
    }
}

/// A navigation bar's look (UIKit's `UINavigationBarAppearance`): the background and shadow,
/// and the title's attributes (font, colour).
@preconcurrency @MainActor
open class UINavigationBarAppearance: UIBarAppearance {
    /// The title's attributes (`.font`, `.foregroundColor`).
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// The large title's attributes.
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// Where the title is moved.
    open var titlePositionAdjustment: UIOffset = .zero
    /// Plain buttons' look.
    open var buttonAppearance = UIBarButtonItemAppearance(style: .plain)
    /// Done buttons' look.
    open var doneButtonAppearance = UIBarButtonItemAppearance(style: .done)
    /// The back button's look.
    open var backButtonAppearance = UIBarButtonItemAppearance(style: .plain)
    /// The back indicator (nil: the chevron).
    open private(set) var backIndicatorImage: UIImage?
    open private(set) var backIndicatorTransitionMaskImage: UIImage?

    /// Sets the back indicator and its transition mask.
    open func setBackIndicatorImage(_ backIndicatorImage: UIImage?, transitionMaskImage: UIImage?) {
        self.backIndicatorImage = backIndicatorImage
        backIndicatorTransitionMaskImage = transitionMaskImage
    }

    override class func makeCopy(of a: UIBarAppearance) -> UIBarAppearance {
        let c = UINavigationBarAppearance(barAppearance: a)
        if let n = a as? UINavigationBarAppearance {
            c.titleTextAttributes = n.titleTextAttributes
            c.largeTitleTextAttributes = n.largeTitleTextAttributes
            c.titlePositionAdjustment = n.titlePositionAdjustment
            c.buttonAppearance = n.buttonAppearance
            c.doneButtonAppearance = n.doneButtonAppearance
            c.backButtonAppearance = n.backButtonAppearance
            c.setBackIndicatorImage(n.backIndicatorImage, transitionMaskImage: n.backIndicatorTransitionMaskImage)
        }
        return c
    }
}

/// A toolbar's look (UIKit's `UIToolbarAppearance`).
@preconcurrency @MainActor
open class UIToolbarAppearance: UIBarAppearance {
    open var buttonAppearance = UIBarButtonItemAppearance(style: .plain)
    open var doneButtonAppearance = UIBarButtonItemAppearance(style: .done)

    override class func makeCopy(of a: UIBarAppearance) -> UIBarAppearance {
        let c = UIToolbarAppearance(barAppearance: a)
        if let t = a as? UIToolbarAppearance {
            c.buttonAppearance = t.buttonAppearance
            c.doneButtonAppearance = t.doneButtonAppearance
        }
        return c
    }
}

/// One state of a tab bar item's look (UIKit's `UITabBarItemStateAppearance`).
@preconcurrency @MainActor
open class UITabBarItemStateAppearance: NSObject {
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    open var titlePositionAdjustment: UIOffset = .zero
    open var iconColor: UIColor?
    open var badgePositionAdjustment: UIOffset = .zero
    open var badgeBackgroundColor: UIColor?
    open var badgeTextAttributes: [NSAttributedString.Key: Any] = [:]
    open var badgeTitlePositionAdjustment: UIOffset = .zero
}

/// A tab bar item's look in each state (UIKit's `UITabBarItemAppearance`).
@preconcurrency @MainActor
open class UITabBarItemAppearance: NSObject {
    /// Tab bar item layouts.
    public enum Style: Int, Sendable { case stacked = 0, inline, compactInline }
    public let normal = UITabBarItemStateAppearance()
    public let selected = UITabBarItemStateAppearance()
    public let disabled = UITabBarItemStateAppearance()
    public let focused = UITabBarItemStateAppearance()
    public init(style: Style = .stacked) { super.init() }
    open func configureWithDefault(for style: Style) {}
}

/// A tab bar's look (UIKit's `UITabBarAppearance`).
@preconcurrency @MainActor
open class UITabBarAppearance: UIBarAppearance {
    /// How items share the width (kept).
    public enum ItemPositioning: Int, Sendable { case automatic = 0, fill, centered }
    open var stackedLayoutAppearance = UITabBarItemAppearance(style: .stacked)
    open var inlineLayoutAppearance = UITabBarItemAppearance(style: .inline)
    open var compactInlineLayoutAppearance = UITabBarItemAppearance(style: .compactInline)
    open var selectionIndicatorTintColor: UIColor?
    open var selectionIndicatorImage: UIImage?
    open var stackedItemPositioning: ItemPositioning = .automatic
    open var stackedItemWidth: CGFloat = 0
    open var stackedItemSpacing: CGFloat = 0

    override class func makeCopy(of a: UIBarAppearance) -> UIBarAppearance {
        let c = UITabBarAppearance(barAppearance: a)
        if let t = a as? UITabBarAppearance {
            c.stackedLayoutAppearance = t.stackedLayoutAppearance
            c.inlineLayoutAppearance = t.inlineLayoutAppearance
            c.compactInlineLayoutAppearance = t.compactInlineLayoutAppearance
            c.selectionIndicatorTintColor = t.selectionIndicatorTintColor
            c.selectionIndicatorImage = t.selectionIndicatorImage
            c.stackedItemPositioning = t.stackedItemPositioning
            c.stackedItemWidth = t.stackedItemWidth
            c.stackedItemSpacing = t.stackedItemSpacing
        }
        return c
    }
}

extension UIBarAppearance {
    /// The background colour to draw (`fallback` for the system's default background).
    func resolvedBackground(fallback: UIColor) -> UIColor { backgroundColor ?? fallback }
    /// The shadow line's colour (nil: none).
    var resolvedShadow: UIColor? {
        guard let c = shadowColor else { return nil }
        return c.cgColor.alpha == 0 ? nil : c
    }
}
