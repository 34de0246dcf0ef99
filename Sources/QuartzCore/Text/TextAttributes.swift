extension NSAttributedString.Key {
    /// The font of a run: a font object providing a `CGFont` (UIKit's `UIFont`), a `CGFont`, or a
    /// font name (Apple's `NSAttributedString.Key.font`, raw value "NSFont").
    public static let font = NSAttributedString.Key("NSFont")
    /// The text colour of a run, a `CGColor` or a colour object providing one (raw value "NSColor").
    public static let foregroundColor = NSAttributedString.Key("NSColor")
}

/// CoreText's foreground colour key, which `CATextLayer` also honours.
public let kCTForegroundColorAttributeName = "CTForegroundColor"

/// A font object usable as `CATextLayer.font` or as a run's `.font` (UIKit's `UIFont` conforms).
public protocol CATextLayerFontProviding {
    /// The font's glyphs.
    var cgFontForTextLayer: CGFont? { get }
    /// The size the font object carries (used instead of `fontSize`, as with CTFont on Apple).
    var pointSizeForTextLayer: CGFloat { get }
}

/// A colour object usable as a run's `.foregroundColor` (UIKit's `UIColor` conforms).
public protocol CATextLayerColorProviding {
    /// The colour.
    var cgColorForTextLayer: CGColor { get }
}
