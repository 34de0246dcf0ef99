extension NSAttributedString.Key {
    /// The font of a run: a font object providing a `CGFont` (UIKit's `UIFont`), a `CGFont`, or a
    /// font name (Apple's `NSAttributedString.Key.font`, raw value "NSFont").
    public static let font = NSAttributedString.Key("NSFont")
    /// The text colour of a run, a `CGColor` or a colour object providing one (raw value "NSColor").
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// Points added after each character (a number; raw value "NSKern"). 0 turns the font's own
    /// kerning off, as CoreText documents for `kCTKernAttributeName`; without it the font's
    /// kerning applies.
    public static let kern = NSAttributedString.Key("NSKern")
    /// Which ligatures are used (a number; raw value "NSLigature"): 0 only those the script
    /// requires (Arabic's lam-alef), 1 the default ones (fi, fl), 2 all of them.
    public static let ligature = NSAttributedString.Key("NSLigature")
    /// The underline (an `NSUnderlineStyle` or its raw value; raw value "NSUnderline").
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// The underline's colour (default: the text's; raw value "NSUnderlineColor").
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    /// A line through the text (an `NSUnderlineStyle`; raw value "NSStrikethrough").
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    /// The strikethrough's colour (default: the text's; raw value "NSStrikethroughColor").
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
    /// The glyph outline's width in percent of the font size: positive strokes the outline
    /// only, negative fills and strokes it (raw value "NSStrokeWidth").
    public static let strokeWidth = NSAttributedString.Key("NSStrokeWidth")
    /// The outline's colour (default: the text's; raw value "NSStrokeColor").
    public static let strokeColor = NSAttributedString.Key("NSStrokeColor")
    /// Points the text is raised above the baseline (lowered when negative; raw value
    /// "NSBaselineOffset").
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
    /// The shadow drawn under a run's glyphs (UIKit's `NSShadow`; raw value "NSShadow").
    public static let shadow = NSAttributedString.Key("NSShadow")
    /// The paragraph style of a run (UIKit's `NSParagraphStyle`; raw value "NSParagraphStyle").
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
}

/// CoreText's foreground colour key, which `CATextLayer` also honours.
public let kCTForegroundColorAttributeName = "CTForegroundColor"
/// CoreText's font key (a `CTFont`, a `CGFont` or a name).
public let kCTFontAttributeName = "NSFont"
/// CoreText's paragraph style key (a `CTParagraphStyle` or `NSParagraphStyle`).
public let kCTParagraphStyleAttributeName = "NSParagraphStyle"
/// CoreText's underline key (an `NSUnderlineStyle` raw value).
public let kCTUnderlineStyleAttributeName = "NSUnderline"
/// CoreText's underline colour key.
public let kCTUnderlineColorAttributeName = "NSUnderlineColor"
/// CoreText's stroke width key (percent of the font size).
public let kCTStrokeWidthAttributeName = "NSStrokeWidth"
/// CoreText's stroke colour key.
public let kCTStrokeColorAttributeName = "NSStrokeColor"
/// CoreText's kerning key, which `CATextLayer` also honours.
public let kCTKernAttributeName = "NSKern"
/// CoreText's ligature key, which `CATextLayer` also honours.
public let kCTLigatureAttributeName = "NSLigature"

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
