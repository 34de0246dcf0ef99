import Foundation
@_spi(Lamina) import QuartzCore

/// A description of a font (UIKit's `UIFontDescriptor`): a name or the system font with a design,
/// weight and traits, at a size, from which `UIFont(descriptor:size:)` makes the font. The
/// system font's designs (`.rounded`, `.monospaced`, `.serif`) are SF Pro Rounded, SF Mono and
/// New York when Apple's fonts are in use (`AppleFonts`), else Lamina's stand-ins (Inter Display,
/// DejaVu Sans Mono, Liberation Serif).
open class UIFontDescriptor: NSObject, @unchecked Sendable {
    /// An attribute name (UIKit's raw values).
    public struct AttributeName: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let family = AttributeName(rawValue: "NSFontFamilyAttribute")
        public static let name = AttributeName(rawValue: "NSFontNameAttribute")
        public static let face = AttributeName(rawValue: "NSFontFaceAttribute")
        public static let size = AttributeName(rawValue: "NSFontSizeAttribute")
        public static let traits = AttributeName(rawValue: "NSCTFontTraitsAttribute")
        public static let textStyle = AttributeName(rawValue: "NSCTFontUIUsageAttribute")
    }

    /// Keys of the `traits` attribute's dictionary.
    public struct TraitKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let symbolic = TraitKey(rawValue: "NSCTFontSymbolicTrait")
        public static let weight = TraitKey(rawValue: "NSCTFontWeightTrait")
        public static let width = TraitKey(rawValue: "NSCTFontProportionTrait")
        public static let slant = TraitKey(rawValue: "NSCTFontSlantTrait")
    }

    /// Stylistic traits (UIKit's raw values).
    public struct SymbolicTraits: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
        public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
        public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
        public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
        public static let traitVertical = SymbolicTraits(rawValue: 1 << 11)
        public static let traitUIOptimized = SymbolicTraits(rawValue: 1 << 12)
        public static let traitTightLeading = SymbolicTraits(rawValue: 1 << 15)
        public static let traitLooseLeading = SymbolicTraits(rawValue: 1 << 16)
    }

    /// The system font's designs (UIKit's raw values).
    public struct SystemDesign: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let `default` = SystemDesign(rawValue: "NSCTFontUIFontDesignDefault")
        public static let rounded = SystemDesign(rawValue: "NSCTFontUIFontDesignRounded")
        public static let monospaced = SystemDesign(rawValue: "NSCTFontUIFontDesignMonospaced")
        public static let serif = SystemDesign(rawValue: "NSCTFontUIFontDesignSerif")
    }

    /// The attributes given (and the ones Lamina derives: name, size).
    public let fontAttributes: [AttributeName: Any]
    /// For the system font: its design, weight and whether italic.
    let system: (design: SystemDesign, weight: UIFont.Weight, italic: Bool)?

    /// A descriptor of `attributes`.
    public init(fontAttributes attributes: [AttributeName: Any] = [:]) {
        fontAttributes = attributes
        let traits = attributes[.traits] as? [TraitKey: Any]
        let weight = (traits?[.weight] as? CGFloat).map(UIFont.Weight.init(rawValue:))
        let symbolic = SymbolicTraits(rawValue: (traits?[.symbolic] as? UInt32) ?? 0)
        if let name = attributes[.name] as? String, let s = UIFontDescriptor.parseSystem(name) {
            system = (s.design, weight ?? s.weight, s.italic || symbolic.contains(.traitItalic))
        } else if attributes[.name] == nil, attributes[.family] == nil {
            system = (.default, weight ?? (symbolic.contains(.traitBold) ? .bold : .regular), symbolic.contains(.traitItalic))
        } else {
            system = nil
        }
        super.init()
    }

    /// A descriptor of the font named `fontName` at `size`.
    public convenience init(name fontName: String, size: CGFloat) {
        self.init(fontAttributes: [.name: fontName, .size: size])
    }

    /// The size (0 when none was given).
    open var pointSize: CGFloat { (fontAttributes[.size] as? CGFloat) ?? 0 }

    /// The stylistic traits.
    open var symbolicTraits: SymbolicTraits {
        var t = SymbolicTraits(rawValue: ((fontAttributes[.traits] as? [TraitKey: Any])?[.symbolic] as? UInt32) ?? 0)
        if let s = system {
            if s.weight.rawValue >= UIFont.Weight.semibold.rawValue { t.insert(.traitBold) }
            if s.italic { t.insert(.traitItalic) }
            if s.design == .monospaced { t.insert(.traitMonoSpace) }
        }
        return t
    }

    /// The same font in the system font's `design`; nil for a font that is not the system font.
    open func withDesign(_ design: SystemDesign) -> UIFontDescriptor? {
        guard let s = system else { return nil }
        return UIFontDescriptor(fontAttributes: attributes(name: UIFontDescriptor.systemName(design, s.weight, s.italic)))
    }

    /// The same font with `traits` (bold and italic are honoured); nil for a named font the
    /// installed families cannot give them to.
    open func withSymbolicTraits(_ traits: SymbolicTraits) -> UIFontDescriptor? {
        guard let s = system else {
            guard let name = fontAttributes[.name] as? String else { return nil }
            let (family, _, _) = FontCatalog.splitStyle(name)
            let style = (traits.contains(.traitBold) ? "Bold" : "") + (traits.contains(.traitItalic) ? "Italic" : "")
            return UIFontDescriptor(fontAttributes: attributes(name: style.isEmpty ? family : "\(family)-\(style)"))
        }
        let weight: UIFont.Weight = traits.contains(.traitBold) ? (s.weight.rawValue > UIFont.Weight.bold.rawValue ? s.weight : .bold) : .regular
        return UIFontDescriptor(fontAttributes: attributes(name: UIFontDescriptor.systemName(s.design, weight, traits.contains(.traitItalic))))
    }

    /// The same font at `newPointSize`.
    open func withSize(_ newPointSize: CGFloat) -> UIFontDescriptor {
        var a = fontAttributes
        a[.size] = newPointSize
        return UIFontDescriptor(fontAttributes: a)
    }

    /// The same font with `attributes` added.
    open func addingAttributes(_ attributes: [AttributeName: Any]) -> UIFontDescriptor {
        UIFontDescriptor(fontAttributes: fontAttributes.merging(attributes) { $1 })
    }

    /// The descriptor of a text style's font at the current content size category.
    open class func preferredFontDescriptor(withTextStyle style: UIFont.TextStyle) -> UIFontDescriptor {
        UIFont.preferredFont(forTextStyle: style).fontDescriptor
    }

    private func attributes(name: String) -> [AttributeName: Any] {
        var a = fontAttributes
        a[.name] = name
        a[.family] = nil
        a[.traits] = nil
        return a
    }

    // MARK: System font names

    /// The name Lamina gives the system font in `design` at `weight` (the names Apple's fonts
    /// answer to: `AppleFonts`).
    static func systemName(_ design: SystemDesign, _ weight: UIFont.Weight, _ italic: Bool) -> String {
        let prefix: String
        switch design {
        case .rounded: prefix = ".SFUIRounded"
        case .monospaced: prefix = "SFMono"
        case .serif: prefix = "NewYork"
        default: prefix = ".SFUI"
        }
        let style = italic ? (weight == .regular ? "Italic" : weight.suffix + "Italic") : weight.suffix
        return "\(prefix)-\(style)"
    }

    /// The design, weight and italic a system-font name asks for; nil for other names.
    static func parseSystem(_ name: String) -> (design: SystemDesign, weight: UIFont.Weight, italic: Bool)? {
        let (family, weight, italic) = FontCatalog.splitStyle(name)
        let key = FontCatalog.key(family)
        let design: SystemDesign
        if key.hasPrefix("sfuirounded") || key.hasPrefix("sfprorounded") { design = .rounded }
        else if key.hasPrefix("sfmono") { design = .monospaced }
        else if key.hasPrefix("newyork") { design = .serif }
        else if key.hasPrefix("sfui") || key.hasPrefix("sfpro") || key == "system" { design = .default }
        else { return nil }
        let w: UIFont.Weight
        switch weight ?? 400 {
        case ..<150: w = .thin
        case ..<250: w = .ultraLight
        case ..<350: w = .light
        case ..<450: w = .regular
        case ..<550: w = .medium
        case ..<650: w = .semibold
        case ..<750: w = .bold
        case ..<850: w = .heavy
        default: w = .black
        }
        return (design, w, italic)
    }
}

extension CTFont {
    /// The font's descriptor: its name and size, and for the system font its design and traits.
    public var fontDescriptor: UIFontDescriptor {
        var a: [UIFontDescriptor.AttributeName: Any] = [.name: fontName, .size: pointSize]
        if let style = textStyle { a[.textStyle] = style.rawValue }
        return UIFontDescriptor(fontAttributes: a)
    }

    /// The font `descriptor` describes at `pointSize` (0: the descriptor's size, else 12). A name
    /// nothing installed matches gives the system font, as UIKit does.
    public convenience init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
        let size = pointSize > 0 ? pointSize : (descriptor.pointSize > 0 ? descriptor.pointSize : 12)
        let name: String
        if let s = descriptor.system {
            name = UIFontDescriptor.systemName(s.design, s.weight, s.italic)
        } else {
            name = (descriptor.fontAttributes[.name] as? String) ?? (descriptor.fontAttributes[.family] as? String) ?? ".SFUI-Regular"
        }
        let font = CGFont.named(name, size: size) ?? CGFont.named(".SFUI-Regular", size: size) ?? BundledFonts.emptyFont
        self.init(name: name, cgFont: font, size: size)
        if let style = descriptor.fontAttributes[.textStyle] as? String { textStyleName = style }
    }
}
