import Foundation
@_spi(Lamina) import QuartzCore

/// A font at a size (UIKit's `UIFont`), backed by an installed font: Apple's names map to
/// installed families (the system font San Francisco to Inter Display with San Francisco's
/// vertical metrics, Helvetica to Liberation Sans, PingFang to WenQuanYi Micro Hei…, see `CGFont`).
///
/// It is CoreText's `CTFont` (toll-free bridged on Apple's platforms): a `UIFont` goes wherever
/// a `CTFont` is expected and back, with `as`. Its UIKit API is added here.
public typealias UIFont = CTFont

extension CTFont {
    /// A font weight (UIKit's `UIFont.Weight`), from −1 (ultra light) to 1 (black).
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)

        /// The next heavier weight, as Bold Text makes text (regular → semibold, semibold →
        /// bold…).
        var bolder: Weight {
            let ramp: [Weight] = [.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black]
            if self == .regular { return .semibold }
            guard let i = ramp.firstIndex(where: { $0.rawValue >= rawValue }) else { return .black }
            return ramp[min(ramp.count - 1, i + 1)]
        }

        var suffix: String {
            switch rawValue {
            case ..<(-0.7): "Ultralight"
            case ..<(-0.5): "Thin"
            case ..<(-0.2): "Light"
            case ..<0.1: "Regular"
            case ..<0.26: "Medium"
            case ..<0.35: "Semibold"
            case ..<0.5: "Bold"
            case ..<0.6: "Heavy"
            default: "Black"
            }
        }
    }

    /// The font's name as given (Apple's name, e.g. ".SFUI-Regular" for the system font).
    public var fontName: String { requestedName }
    /// The size in points.
    public var pointSize: CGFloat { size }
    /// The installed font drawn.
    public var cgFont: CGFont { graphicsFont }

    convenience init(name: String, cgFont: CGFont, size: CGFloat) {
        self.init(cgFont, size: size.isFinite && size > 0 ? size : 12, matrix: nil, name: name)
    }

    /// The font named `fontName` at `fontSize`; nil when no installed font matches.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard let f = CGFont.named(fontName, size: fontSize) else { return nil }
        self.init(name: fontName, cgFont: f, size: fontSize)
    }

    /// The system font.
    public class func systemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .regular) }

    /// The system font at a weight.
    public class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        systemFont(UIFontDescriptor.systemName(.default, weight, false), size: fontSize)
    }

    /// The system font (any design) by Lamina's name for it, at `size`: Apple's own fonts when in
    /// use (`AppleFonts`, the optical size chosen by `size`), else the stand-in; with no font at
    /// all, an empty one (text draws nothing, with a diagnostic).
    static func systemFont(_ name: String, size: CGFloat) -> UIFont {
        guard let f = CGFont.named(name, size: size) ?? CGFont.named(".SFUI-Regular", size: size) ?? CGFont("Helvetica" as CFString) else {
            LaminaDiagnostics.report("UIFont.systemFont: no font is found for the system font; text draws nothing")
            return UIFont(name: name, cgFont: BundledFonts.emptyFont, size: size)
        }
        return UIFont(name: name, cgFont: f, size: size)
    }

    /// The bold system font.
    public class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .bold) }

    /// The italic system font.
    public class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(UIFontDescriptor.systemName(.default, .regular, true), size: fontSize)
    }

    /// A monospaced-digit system font (digits are already fixed-width in the stand-in).
    public class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        systemFont(ofSize: fontSize, weight: weight)
    }

    /// A monospaced system font.
    public class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        systemFont(UIFontDescriptor.systemName(.monospaced, weight, false), size: fontSize)
    }

    /// The text styles of Dynamic Type (UIKit's raw values).
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// The point size at `category`: Apple's Dynamic Type sizes (Human Interface
        /// Guidelines), from extra small to the largest accessibility size; "Large" when
        /// unspecified.
        func size(for category: UIContentSizeCategory) -> CGFloat {
            let sizes: [CGFloat]
            switch self {
            case .largeTitle: sizes = [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
            case .title1: sizes = [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
            case .title2: sizes = [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
            case .title3: sizes = [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
            case .headline, .body: sizes = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
            case .callout: sizes = [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
            case .subheadline: sizes = [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
            case .footnote: sizes = [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
            case .caption1: sizes = [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
            case .caption2: sizes = [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41]
            default: return metrics.size
            }
            let rank = category.rank
            return rank >= 0 && rank < sizes.count ? sizes[rank] : metrics.size
        }

        /// Size and weight at the default ("Large") content size, as Apple's type ramp gives them.
        var metrics: (size: CGFloat, weight: Weight) {
            switch self {
            case .largeTitle: (34, .regular)
            case .title1: (28, .regular)
            case .title2: (22, .regular)
            case .title3: (20, .regular)
            case .headline: (17, .semibold)
            case .subheadline: (15, .regular)
            case .callout: (16, .regular)
            case .footnote: (13, .regular)
            case .caption1: (12, .regular)
            case .caption2: (11, .regular)
            default: (17, .regular)
            }
        }
    }

    /// The system font for a text style at the content size category of
    /// `UITraitCollection.current` ("Large" unless a trait collection says otherwise).
    public class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        preferredFont(forTextStyle: style, compatibleWith: UITraitCollection.current)
    }

    /// The system font for a text style at the content size category of `traitCollection`
    /// (iOS's Dynamic Type sizes, "Large" when unspecified), bolder when its `legibilityWeight`
    /// is `.bold` (the Bold Text setting).
    public class func preferredFont(forTextStyle style: TextStyle, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        let category = traitCollection?.preferredContentSizeCategory ?? .unspecified
        let m = style.metrics
        var weight = m.weight
        if traitCollection?.legibilityWeight == .bold { weight = weight.bolder }
        let font = systemFont(ofSize: style.size(for: category), weight: weight)
        font.textStyle = style
        return font
    }

    /// The text style a `preferredFont` was made for (labels that adjust to the content size
    /// category make it again).
    var textStyle: TextStyle? {
        get { textStyleName.map(TextStyle.init(rawValue:)) }
        set { textStyleName = newValue?.rawValue }
    }

    /// The size `UILabel`s use by default (17 points).
    public class var labelFontSize: CGFloat { 17 }
    /// The system font size (14 points).
    public class var systemFontSize: CGFloat { 14 }

    /// The same font at another size.
    public func withSize(_ fontSize: CGFloat) -> UIFont {
        // The system font may change optical size (Apple's San Francisco: Text below 20 pt).
        let f = AppleFonts.isSystemFontName(fontName) ? (CGFont.named(fontName, size: fontSize) ?? cgFont) : cgFont
        let font = UIFont(name: fontName, cgFont: f, size: fontSize)
        font.textStyleName = textStyleName
        return font
    }

    /// The installed family's name.
    public var familyName: String { cgFont.familyName }

    private var unit: CGFloat { pointSize / CGFloat(max(1, cgFont.unitsPerEm)) }
    /// The top of the tallest glyphs above the baseline.
    public var ascender: CGFloat { CGFloat(cgFont.ascent) * unit }
    /// The bottom of the lowest glyphs, below the baseline (negative).
    public var descender: CGFloat { CGFloat(cgFont.descent) * unit }
    /// Extra space between lines.
    public var leading: CGFloat { CGFloat(cgFont.leading) * unit }
    /// The height of a line: ascender − descender + leading.
    public var lineHeight: CGFloat { ascender - descender + leading }
    /// The height of capital letters.
    public var capHeight: CGFloat { CGFloat(cgFont.capHeight) * unit }
    /// The height of lower-case x.
    public var xHeight: CGFloat { CGFloat(cgFont.xHeight) * unit }

}
