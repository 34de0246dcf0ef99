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
        public var font: UIFont
        public var color: UIColor
        public var colorTransformer: UIConfigurationColorTransformer?
        public var alignment: Alignment = .natural
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
        public enum Alignment: Int, Sendable { case natural, center, justified }

        init(font: UIFont, color: UIColor) { self.font = font; self.color = color }

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
        let body = UIFont.preferredFont(forTextStyle: .body)
        var text = TextProperties(font: body, color: .label)
        var secondary = TextProperties(font: .preferredFont(forTextStyle: .subheadline), color: .secondaryLabel)
        var margins = NSDirectionalEdgeInsets(top: 11, leading: 0, bottom: 11, trailing: 0)
        var sideBySide = false
        var vertical: CGFloat = 3
        switch style {
        case .cell, .subtitleCell:
            break
        case .valueCell:
            secondary = TextProperties(font: body, color: .secondaryLabel)
            sideBySide = true
            vertical = 3
        case .plainHeader:
            text = TextProperties(font: .preferredFont(forTextStyle: .headline), color: .label)
            margins = NSDirectionalEdgeInsets(top: 6, leading: 0, bottom: 6, trailing: 0)
        case .plainFooter:
            text = TextProperties(font: .preferredFont(forTextStyle: .footnote), color: .secondaryLabel)
            margins = NSDirectionalEdgeInsets(top: 6, leading: 0, bottom: 6, trailing: 0)
        case .groupedHeader:
            text = TextProperties(font: .preferredFont(forTextStyle: .footnote), color: .secondaryLabel)
            text.transform = .uppercase
            margins = NSDirectionalEdgeInsets(top: 16, leading: 0, bottom: 7, trailing: 0)
        case .groupedFooter:
            text = TextProperties(font: .preferredFont(forTextStyle: .footnote), color: .secondaryLabel)
            margins = NSDirectionalEdgeInsets(top: 7, leading: 0, bottom: 11, trailing: 0)
        case .sidebarCell, .sidebarSubtitleCell, .accompaniedSidebarCell, .accompaniedSidebarSubtitleCell:
            margins = NSDirectionalEdgeInsets(top: 11, leading: 0, bottom: 11, trailing: 0)
        case .sidebarHeader:
            text = TextProperties(font: .preferredFont(forTextStyle: .headline), color: .label)
            margins = NSDirectionalEdgeInsets(top: 11, leading: 0, bottom: 6, trailing: 0)
        case .prominentInsetGroupedHeader:
            text = TextProperties(font: .boldSystemFont(ofSize: 20 * body.pointSize / 17), color: .label)
            margins = NSDirectionalEdgeInsets(top: 16, leading: 0, bottom: 10, trailing: 0)
        case .extraProminentInsetGroupedHeader:
            text = TextProperties(font: .boldSystemFont(ofSize: 22 * body.pointSize / 17), color: .label)
            margins = NSDirectionalEdgeInsets(top: 16, leading: 0, bottom: 10, trailing: 0)
        }
        textProperties = text
        secondaryTextProperties = secondary
        directionalLayoutMargins = margins
        prefersSideBySideTextAndSecondaryText = sideBySide
        textToSecondaryTextVerticalPadding = vertical
        if case .sidebarCell = style { imageProperties.tintColor = nil }
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
