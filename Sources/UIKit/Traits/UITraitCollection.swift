import Foundation
@_spi(Lamina) import CoreGraphics

/// The interface environment of a view or view controller: idiom, size classes, scale, style,
/// text size and the rest, as UIKit defines them.
///
/// A trait collection is immutable. Each trait has an "unspecified" value (the default of
/// `init()`); `init(traitsFrom:)` combines collections, later specified values winning, as
/// UIKit documents. Views and view controllers get theirs from the screen through the window,
/// the view-controller hierarchy (with `setOverrideTraitCollection(_:forChild:)`) and the
/// superview chain (`UITraitEnvironment`).
open class UITraitCollection: NSObject, NSCopying, @unchecked Sendable {
    /// Phone, pad, TV... (`.unspecified` by default).
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    /// Light or dark.
    public let userInterfaceStyle: UIUserInterfaceStyle
    /// Pixels per point; 0 when unspecified.
    public let displayScale: CGFloat
    /// The width's size class.
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    /// The height's size class.
    public let verticalSizeClass: UIUserInterfaceSizeClass
    /// Left to right or right to left.
    public let layoutDirection: UITraitEnvironmentLayoutDirection
    /// The Dynamic Type text size the user chose.
    public let preferredContentSizeCategory: UIContentSizeCategory
    /// Whether the user asked for bold text.
    public let legibilityWeight: UILegibilityWeight
    /// Whether 3D Touch is available.
    public let forceTouchCapability: UIForceTouchCapability
    /// The display's colour gamut.
    public let displayGamut: UIDisplayGamut
    /// Normal or increased contrast.
    public let accessibilityContrast: UIAccessibilityContrast
    /// Base or elevated interface level.
    public let userInterfaceLevel: UIUserInterfaceLevel

    /// A collection with every trait unspecified.
    public override convenience init() { self.init(Values()) }

    struct Values: Hashable {
        var idiom = UIUserInterfaceIdiom.unspecified
        var style = UIUserInterfaceStyle.unspecified
        var scale: CGFloat = 0
        var horizontal = UIUserInterfaceSizeClass.unspecified
        var vertical = UIUserInterfaceSizeClass.unspecified
        var direction = UITraitEnvironmentLayoutDirection.unspecified
        var category = UIContentSizeCategory.unspecified
        var legibility = UILegibilityWeight.unspecified
        var forceTouch = UIForceTouchCapability.unknown
        var gamut = UIDisplayGamut.unspecified
        var contrast = UIAccessibilityContrast.unspecified
        var level = UIUserInterfaceLevel.unspecified
    }

    var values: Values {
        Values(idiom: userInterfaceIdiom, style: userInterfaceStyle, scale: displayScale,
               horizontal: horizontalSizeClass, vertical: verticalSizeClass, direction: layoutDirection,
               category: preferredContentSizeCategory, legibility: legibilityWeight,
               forceTouch: forceTouchCapability, gamut: displayGamut, contrast: accessibilityContrast,
               level: userInterfaceLevel)
    }

    init(_ v: Values) {
        userInterfaceIdiom = v.idiom
        userInterfaceStyle = v.style
        // A scale that is not a positive finite number is unspecified.
        displayScale = v.scale.isFinite && v.scale > 0 ? v.scale : 0
        horizontalSizeClass = v.horizontal
        verticalSizeClass = v.vertical
        layoutDirection = v.direction
        preferredContentSizeCategory = v.category
        legibilityWeight = v.legibility
        forceTouchCapability = v.forceTouch
        displayGamut = v.gamut
        accessibilityContrast = v.contrast
        userInterfaceLevel = v.level
        super.init()
    }

    public convenience init(userInterfaceIdiom idiom: UIUserInterfaceIdiom) { self.init(Values(idiom: idiom)) }
    public convenience init(userInterfaceStyle style: UIUserInterfaceStyle) { self.init(Values(style: style)) }
    public convenience init(displayScale scale: CGFloat) { self.init(Values(scale: scale)) }
    public convenience init(horizontalSizeClass sizeClass: UIUserInterfaceSizeClass) { self.init(Values(horizontal: sizeClass)) }
    public convenience init(verticalSizeClass sizeClass: UIUserInterfaceSizeClass) { self.init(Values(vertical: sizeClass)) }
    public convenience init(layoutDirection direction: UITraitEnvironmentLayoutDirection) { self.init(Values(direction: direction)) }
    public convenience init(preferredContentSizeCategory category: UIContentSizeCategory) { self.init(Values(category: category)) }
    public convenience init(legibilityWeight weight: UILegibilityWeight) { self.init(Values(legibility: weight)) }
    public convenience init(forceTouchCapability capability: UIForceTouchCapability) { self.init(Values(forceTouch: capability)) }
    public convenience init(displayGamut gamut: UIDisplayGamut) { self.init(Values(gamut: gamut)) }
    public convenience init(accessibilityContrast contrast: UIAccessibilityContrast) { self.init(Values(contrast: contrast)) }
    public convenience init(userInterfaceLevel level: UIUserInterfaceLevel) { self.init(Values(level: level)) }

    /// The collections combined: for each trait, the value of the last collection that specifies
    /// it (UIKit's rule), unspecified where none does.
    public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
        var v = Values()
        for t in traitCollections { v = Self.merge(v, t.values) }
        self.init(v)
    }

    /// `over`'s specified traits on top of `base`.
    static func merge(_ base: Values, _ over: Values) -> Values {
        var v = base
        if over.idiom != .unspecified { v.idiom = over.idiom }
        if over.style != .unspecified { v.style = over.style }
        if over.scale > 0 { v.scale = over.scale }
        if over.horizontal != .unspecified { v.horizontal = over.horizontal }
        if over.vertical != .unspecified { v.vertical = over.vertical }
        if over.direction != .unspecified { v.direction = over.direction }
        if over.category != .unspecified { v.category = over.category }
        if over.legibility != .unspecified { v.legibility = over.legibility }
        if over.forceTouch != .unknown { v.forceTouch = over.forceTouch }
        if over.gamut != .unspecified { v.gamut = over.gamut }
        if over.contrast != .unspecified { v.contrast = over.contrast }
        if over.level != .unspecified { v.level = over.level }
        return v
    }

    /// Whether every trait `trait` specifies has the same value here.
    open func containsTraits(in trait: UITraitCollection?) -> Bool {
        guard let trait else { return true }
        return Self.merge(values, trait.values) == values
    }

    /// Whether `previous` differs from this collection in a trait that changes colours
    /// (`userInterfaceStyle`, `accessibilityContrast`, `userInterfaceLevel`, `displayGamut`).
    open func hasDifferentColorAppearance(comparedTo previous: UITraitCollection?) -> Bool {
        let p = previous?.values ?? Values()
        return p.style != userInterfaceStyle || p.contrast != accessibilityContrast
            || p.level != userInterfaceLevel || p.gamut != displayGamut
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UITraitCollection else { return false }
        return other.values == values
    }

    open override var hash: Int { values.hashValue }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    open override var description: String {
        var parts: [String] = []
        let v = values
        if v.idiom != .unspecified { parts.append("UserInterfaceIdiom = \(v.idiom)") }
        if v.scale > 0 { parts.append("DisplayScale = \(v.scale)") }
        if v.horizontal != .unspecified { parts.append("HorizontalSizeClass = \(v.horizontal)") }
        if v.vertical != .unspecified { parts.append("VerticalSizeClass = \(v.vertical)") }
        if v.style != .unspecified { parts.append("UserInterfaceStyle = \(v.style)") }
        if v.direction != .unspecified { parts.append("LayoutDirection = \(v.direction)") }
        if v.category != .unspecified { parts.append("PreferredContentSizeCategory = \(v.category.rawValue)") }
        if v.legibility != .unspecified { parts.append("LegibilityWeight = \(v.legibility)") }
        return "<UITraitCollection; \(parts.joined(separator: ", "))>"
    }

    // MARK: The current trait collection

    @TaskLocal static var taskCurrent: UITraitCollection?
    private static let fallback = Locked<UITraitCollection?>(nil)

    /// The trait collection colours and images resolve against: inside `performAsCurrent` that
    /// collection, otherwise the main screen's.
    public class var current: UITraitCollection {
        get { taskCurrent ?? fallback.withLock { $0 } ?? UIScreen.mainTraitCollection }
        set { fallback.withLock { $0 = newValue } }
    }

    /// Runs `actions` with this collection as `UITraitCollection.current`.
    open func performAsCurrent(_ actions: () throws -> Void) rethrows {
        try Self.$taskCurrent.withValue(self) { try actions() }
    }
}

/// The kind of device an interface is for.
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1, phone = 0, pad = 1, tv = 2, carPlay = 3, mac = 5, vision = 6
}

/// Light or dark appearance.
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified = 0, light = 1, dark = 2
}

/// A size class: how much room a dimension has.
public enum UIUserInterfaceSizeClass: Int, Sendable {
    case unspecified = 0, compact = 1, regular = 2
}

/// The direction of the interface's layout.
public enum UITraitEnvironmentLayoutDirection: Int, Sendable {
    case unspecified = -1, leftToRight = 0, rightToLeft = 1
}

/// How a view's content is laid out for right-to-left languages (UIKit's raw values).
public enum UISemanticContentAttribute: Int, Sendable {
    /// Follows the interface's direction.
    case unspecified = 0
    /// Media controls: always left to right.
    case playback = 1
    /// Directional controls (arrows): always left to right.
    case spatial = 2
    case forceLeftToRight = 3
    case forceRightToLeft = 4
}

/// The weight text is drawn at (bold with the Bold Text setting).
public enum UILegibilityWeight: Int, Sendable {
    case unspecified = -1, regular = 0, bold = 1
}

/// Whether the device supports 3D Touch.
public enum UIForceTouchCapability: Int, Sendable {
    case unknown = 0, unavailable = 1, available = 2
}

/// A display's colour gamut.
public enum UIDisplayGamut: Int, Sendable {
    case unspecified = -1, SRGB = 0, P3 = 1
}

/// Whether the user asked for increased contrast.
public enum UIAccessibilityContrast: Int, Sendable {
    case unspecified = -1, normal = 0, high = 1
}

/// Whether content sits at the base level or above it (a sheet).
public enum UIUserInterfaceLevel: Int, Sendable {
    case unspecified = -1, base = 0, elevated = 1
}

/// A thing with a trait collection that it tells about changes (views, view controllers,
/// screens).
@preconcurrency @MainActor
public protocol UITraitEnvironment: AnyObject {
    /// The environment's traits.
    var traitCollection: UITraitCollection { get }
    /// Called when `traitCollection` changed; `previousTraitCollection` is what it was.
    func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}

extension UIScreen: UITraitEnvironment {
    /// The main screen's traits, read from any thread (``UITraitCollection/current`` outside
    /// `performAsCurrent`, which Apple lets any thread read).
    nonisolated static var mainTraitCollection: UITraitCollection {
        let (size, scale) = mainSizeAndScale
        return traits(size: size, scale: scale)
    }

    nonisolated static func traits(size: CGSize, scale: CGFloat) -> UITraitCollection {
        let portrait = size.height >= size.width
        return UITraitCollection(UITraitCollection.Values(
            idiom: .phone, style: .light, scale: scale, horizontal: .compact,
            vertical: portrait ? .regular : .compact, direction: .leftToRight, category: .large,
            legibility: UIAccessibility.isBoldTextEnabled ? .bold : .regular, forceTouch: .unavailable, gamut: .SRGB, contrast: .normal, level: .base))
    }
}
