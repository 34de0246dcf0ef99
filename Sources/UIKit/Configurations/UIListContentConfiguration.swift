import Foundation

/// What a list's row, header or footer shows (UIKit's `UIListContentConfiguration`): an image,
/// a text and a secondary text, with iOS's fonts, colours and margins for each style. Assign it
/// to a cell's `contentConfiguration` (or make a `UIListContentView` of it).
///
/// The styles, as iOS 17 draws them on a phone at the default text size: rows (`cell()`,
/// `subtitleCell()`, `valueCell()`) in the body font (17 pt) with 11 pt above and below and the
/// cell's 16 pt side margins (20 pt on 414 pt wide phones), secondary text 15 pt under the text or,
/// in value cells, in the body font at the trailing edge; grouped headers and footers in the
/// footnote font (13 pt) in the secondary label colour, headers in capitals; plain headers in
/// the headline font (17 pt semibold); prominent inset-grouped headers 20 and 22 pt bold; sidebar
/// rows with tinted images.
public struct UIListContentConfiguration: UIContentConfiguration, Hashable, @unchecked Sendable {
    /// How a text is drawn.
    public struct TextProperties: Hashable, @unchecked Sendable {
        /// A change of case applied to the text.
        public enum TextTransform: Int, Sendable { case none, uppercase, lowercase, capitalized }
        /// The font (a style's font follows the content size category when
        /// `adjustsFontForContentSizeCategory`; one set by the app is kept as set).
        public var font: UIFont { didSet { scaling = nil } }
        public var color: UIColor
        /// How the style's font is remade for a content size category.
        var scaling: Scaling?
        public var colorTransformer: UIConfigurationColorTransformer?
        public var alignment: TextAlignment = .natural
        public var lineBreakMode: NSLineBreakMode = .byTruncatingTail
        /// The most lines (0: as many as the text needs).
        public var numberOfLines = 0
        public var adjustsFontSizeToFitWidth = false
        public var minimumScaleFactor: CGFloat = 0
        public var allowsDefaultTighteningForTruncation = true
        public var adjustsFontForContentSizeCategory = true
        public var showsExpansionTextWhenTruncated = false
        public var transform: TextTransform = .none

        /// Where the text sits in its line.
        public enum TextAlignment: Int, Sendable { case natural, center, justified }

        init(font: UIFont, color: UIColor, scaling: Scaling? = nil) { self.font = font; self.color = color; self.scaling = scaling }

        /// `base` scaled as the text style `s` is for `traits` (from its size at the default category).
        static func scaled(_ base: UIFont, like s: UIFont.TextStyle, _ traits: UITraitCollection) -> UIFont {
            let now = UIFont.preferredFont(forTextStyle: s, compatibleWith: traits).pointSize
            let standard = UIFont.preferredFont(forTextStyle: s, compatibleWith: UITraitCollection(preferredContentSizeCategory: .large)).pointSize
            return base.withSize(base.pointSize * now / max(standard, 1))
        }

        /// A text style's font, or a font scaled as a text style is.
        enum Scaling { case style(UIFont.TextStyle), metrics(UIFont.TextStyle, UIFont) }

        /// The font for `traits` (the content size category's).
        mutating func adjust(for traits: UITraitCollection) {
            guard adjustsFontForContentSizeCategory, let scaling else { return }
            let f: UIFont = switch scaling {
            case .style(let s): UIFont.preferredFont(forTextStyle: s, compatibleWith: traits)
            case .metrics(let s, let base): Self.scaled(base, like: s, traits)
            }
            font = f
            self.scaling = scaling
        }

        /// The colour drawn: `color` through `colorTransformer`.
        public func resolvedColor() -> UIColor { colorTransformer.map { $0(color) } ?? color }

        public static func == (a: Self, b: Self) -> Bool {
            a.font == b.font && a.color == b.color && a.alignment == b.alignment && a.lineBreakMode == b.lineBreakMode
                && a.numberOfLines == b.numberOfLines && a.adjustsFontSizeToFitWidth == b.adjustsFontSizeToFitWidth
                && a.minimumScaleFactor == b.minimumScaleFactor && a.transform == b.transform
                && a.allowsDefaultTighteningForTruncation == b.allowsDefaultTighteningForTruncation
                && a.adjustsFontForContentSizeCategory == b.adjustsFontForContentSizeCategory
                && a.showsExpansionTextWhenTruncated == b.showsExpansionTextWhenTruncated
                && (a.colorTransformer == nil) == (b.colorTransformer == nil)
        }

        public func hash(into h: inout Hasher) { h.combine(font); h.combine(color); h.combine(numberOfLines); h.combine(transform) }
    }

    /// How the image is drawn.
    public struct ImageProperties: Hashable, @unchecked Sendable {
        /// A reserved size meaning "the standard one for the style" (symbol images get a
        /// 28-point-wide column so texts line up).
        public static let standardDimension: CGFloat = -CGFloat.greatestFiniteMagnitude
        public var preferredSymbolConfiguration: UIImage.SymbolConfiguration?
        public var tintColor: UIColor?
        public var tintColorTransformer: UIConfigurationColorTransformer?
        public var cornerRadius: CGFloat = 0
        /// The largest size the image is drawn at (zero: its own size).
        public var maximumSize: CGSize = .zero
        /// The room kept for the image (zero: its size; `standardDimension`: the style's).
        public var reservedLayoutSize: CGSize = .zero
        public var accessibilityIgnoresInvertColors = false

        public init() {}

        /// The tint drawn (nil: the view's tint colour).
        public func resolvedTintColor(for tintColor: UIColor) -> UIColor {
            let c = self.tintColor ?? tintColor
            return tintColorTransformer.map { $0(c) } ?? c
        }

        public static func == (a: Self, b: Self) -> Bool {
            a.preferredSymbolConfiguration == b.preferredSymbolConfiguration && a.tintColor == b.tintColor
                && a.cornerRadius == b.cornerRadius && a.maximumSize == b.maximumSize
                && a.reservedLayoutSize == b.reservedLayoutSize
                && a.accessibilityIgnoresInvertColors == b.accessibilityIgnoresInvertColors
                && (a.tintColorTransformer == nil) == (b.tintColorTransformer == nil)
        }

        public func hash(into h: inout Hasher) { h.combine(tintColor); h.combine(cornerRadius) }
    }

    /// The style a configuration was made for (its metrics).
    enum Style: Hashable, Sendable {
        case cell, subtitleCell, valueCell, plainHeader, plainFooter, groupedHeader, groupedFooter
        case sidebarCell, sidebarSubtitleCell, accompaniedSidebarCell, accompaniedSidebarSubtitleCell, sidebarHeader
        case prominentInsetGroupedHeader, extraProminentInsetGroupedHeader
    }

    let style: Style

    public var image: UIImage?
    public var imageProperties = ImageProperties()
    public var text: String?
    public var attributedText: NSAttributedString?
    public var textProperties: TextProperties
    public var secondaryText: String?
    public var secondaryAttributedText: NSAttributedString?
    public var secondaryTextProperties: TextProperties
    /// The sides along which the cell's own layout margins add to `directionalLayoutMargins`
    /// (horizontal by default: texts line up with the cell's margins).
    public var axesPreservingSuperviewLayoutMargins: UIAxis = .horizontal
    /// The space around the content.
    public var directionalLayoutMargins: NSDirectionalEdgeInsets
    /// Whether the text and secondary text sit side by side when they fit.
    public var prefersSideBySideTextAndSecondaryText: Bool
    public var imageToTextPadding: CGFloat = 16
    public var textToSecondaryTextHorizontalPadding: CGFloat = 8
    public var textToSecondaryTextVerticalPadding: CGFloat

    init(style: Style) {
        self.style = style
        func styled(_ s: UIFont.TextStyle, _ color: UIColor) -> TextProperties {
            TextProperties(font: .preferredFont(forTextStyle: s), color: color, scaling: .style(s))
        }
        func bold(_ size: CGFloat, like s: UIFont.TextStyle) -> TextProperties {
            let base = UIFont.boldSystemFont(ofSize: size)
            return TextProperties(font: TextProperties.scaled(base, like: s, UITraitCollection.current), color: .label, scaling: .metrics(s, base))
        }
        var text = styled(.body, .label)
        var secondary = styled(.subheadline, .secondaryLabel)
        var margins = NSDirectionalEdgeInsets(top: 11, leading: 0, bottom: 11, trailing: 0)
        var sideBySide = false
        var vertical: CGFloat = 3
        switch style {
        case .cell, .subtitleCell:
            break
        case .valueCell:
            secondary = styled(.body, .secondaryLabel)
            sideBySide = true
            vertical = 3
        case .plainHeader:
            text = styled(.headline, .label)
            margins = NSDirectionalEdgeInsets(top: 6, leading: 0, bottom: 6, trailing: 0)
        case .plainFooter:
            text = styled(.footnote, .secondaryLabel)
            margins = NSDirectionalEdgeInsets(top: 6, leading: 0, bottom: 6, trailing: 0)
        case .groupedHeader:
            text = styled(.footnote, .secondaryLabel)
            text.transform = .uppercase
            margins = NSDirectionalEdgeInsets(top: 16, leading: 0, bottom: 7, trailing: 0)
        case .groupedFooter:
            text = styled(.footnote, .secondaryLabel)
            margins = NSDirectionalEdgeInsets(top: 7, leading: 0, bottom: 11, trailing: 0)
        case .sidebarCell, .sidebarSubtitleCell, .accompaniedSidebarCell, .accompaniedSidebarSubtitleCell:
            margins = NSDirectionalEdgeInsets(top: 11, leading: 0, bottom: 11, trailing: 0)
        case .sidebarHeader:
            text = styled(.headline, .label)
            margins = NSDirectionalEdgeInsets(top: 11, leading: 0, bottom: 6, trailing: 0)
        case .prominentInsetGroupedHeader:
            text = bold(20, like: .title3)
            margins = NSDirectionalEdgeInsets(top: 16, leading: 0, bottom: 10, trailing: 0)
        case .extraProminentInsetGroupedHeader:
            text = bold(22, like: .title2)
            margins = NSDirectionalEdgeInsets(top: 16, leading: 0, bottom: 10, trailing: 0)
        }
        textProperties = text
        secondaryTextProperties = secondary
        directionalLayoutMargins = margins
        prefersSideBySideTextAndSecondaryText = sideBySide
        textToSecondaryTextVerticalPadding = vertical
    }

    /// A row: an image and a text (secondary text under it).
    public static func cell() -> Self { Self(style: .cell) }
    /// A row with a secondary text under the text.
    public static func subtitleCell() -> Self { Self(style: .subtitleCell) }
    /// A row with a secondary text at the trailing edge.
    public static func valueCell() -> Self { Self(style: .valueCell) }
    /// A plain list's section header.
    public static func plainHeader() -> Self { Self(style: .plainHeader) }
    /// A plain list's section footer.
    public static func plainFooter() -> Self { Self(style: .plainFooter) }
    /// A grouped list's section header.
    public static func groupedHeader() -> Self { Self(style: .groupedHeader) }
    /// A grouped list's section footer.
    public static func groupedFooter() -> Self { Self(style: .groupedFooter) }
    /// A sidebar's row.
    public static func sidebarCell() -> Self { Self(style: .sidebarCell) }
    /// A sidebar's row with a secondary text under the text.
    public static func sidebarSubtitleCell() -> Self { Self(style: .sidebarSubtitleCell) }
    /// A row of a sidebar shown beside other content.
    public static func accompaniedSidebarCell() -> Self { Self(style: .accompaniedSidebarCell) }
    /// A row of a sidebar shown beside other content, with a secondary text.
    public static func accompaniedSidebarSubtitleCell() -> Self { Self(style: .accompaniedSidebarSubtitleCell) }
    /// A sidebar's section header.
    public static func sidebarHeader() -> Self { Self(style: .sidebarHeader) }
    /// A prominent header of an inset-grouped list.
    public static func prominentInsetGroupedHeader() -> Self { Self(style: .prominentInsetGroupedHeader) }
    /// An extra-prominent header of an inset-grouped list.
    public static func extraProminentInsetGroupedHeader() -> Self { Self(style: .extraProminentInsetGroupedHeader) }

    public func makeContentView() -> any UIView & UIContentView { UIListContentView(configuration: self) }

    /// The configuration for a state: a selected sidebar row's texts and image turn white.
    public func updated(for state: any UIConfigurationState) -> Self {
        var c = self
        // Fonts follow the state's content size category.
        c.textProperties.adjust(for: state.traitCollection)
        c.secondaryTextProperties.adjust(for: state.traitCollection)
        if let cell = state as? UICellConfigurationState, cell.isSelected || cell.isHighlighted {
            switch style {
            case .sidebarCell, .sidebarSubtitleCell, .accompaniedSidebarCell, .accompaniedSidebarSubtitleCell:
                c.textProperties.colorTransformer = UIConfigurationColorTransformer { _ in .white }
                c.secondaryTextProperties.colorTransformer = UIConfigurationColorTransformer { _ in .white }
                c.imageProperties.tintColorTransformer = UIConfigurationColorTransformer { _ in .white }
            default: break
            }
        }
        return c
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.style == b.style && a.image == b.image && a.imageProperties == b.imageProperties && a.text == b.text
            && a.attributedText == b.attributedText && a.textProperties == b.textProperties
            && a.secondaryText == b.secondaryText && a.secondaryAttributedText == b.secondaryAttributedText
            && a.secondaryTextProperties == b.secondaryTextProperties
            && a.axesPreservingSuperviewLayoutMargins == b.axesPreservingSuperviewLayoutMargins
            && a.directionalLayoutMargins == b.directionalLayoutMargins
            && a.prefersSideBySideTextAndSecondaryText == b.prefersSideBySideTextAndSecondaryText
            && a.imageToTextPadding == b.imageToTextPadding
            && a.textToSecondaryTextHorizontalPadding == b.textToSecondaryTextHorizontalPadding
            && a.textToSecondaryTextVerticalPadding == b.textToSecondaryTextVerticalPadding
    }

    public func hash(into h: inout Hasher) {
        h.combine(style); h.combine(text); h.combine(secondaryText); h.combine(image)
    }
}
