import Foundation

extension UIButton {
    /// How an iOS 15 button looks (UIKit's `UIButton.Configuration`): made by one of the styles
    /// (`.plain()`, `.tinted()`, `.gray()`, `.filled()`, and the `bordered…` ones) and adjusted.
    ///
    /// Sizes follow `buttonSize`: `.medium` (the default) sets the title in the body font (17)
    /// with 7 points above and below and 12 at the sides; `.large` 14 and 20; `.small` 15 points
    /// with 5 and 10; `.mini` 13 with 3 and 8. `.dynamic` corners are 6 points (`.large` 8,
    /// `.small` 5, `.mini` 4).
    public struct Configuration: Hashable {
        /// The style a configuration was made from.
        enum Style: Hashable { case plain, tinted, gray, filled, bordered, borderedTinted, borderedProminent, borderless }
        /// Sizes of button.
        public enum Size: Int, Sendable { case mini, small, medium, large }
        /// How rounded the corners are.
        public enum CornerStyle: Int, Sendable { case dynamic, fixed, small, medium, large, capsule }
        /// Where the image goes relative to the title.
        public enum ImagePlacement: Int, Sendable { case leading, trailing, top, bottom }

        var style: Style
        public var title: String?
        public var subtitle: String?
        /// An attributed title: its text is shown in the configuration's font and colour (Lamina does
        /// not apply its attributes yet).
        public var attributedTitle: AttributedString?
        public var image: UIImage?
        /// The title and image colour (the style's when nil).
        public var baseForegroundColor: UIColor?
        /// The background colour the style derives its background from (the tint when nil).
        public var baseBackgroundColor: UIColor?
        public var background = UIBackgroundConfiguration()
        public var buttonSize: Size = .medium
        public var cornerStyle: CornerStyle = .dynamic
        /// Space around the content (the button size's unless set).
        public var contentInsets: NSDirectionalEdgeInsets {
            get { customInsets ?? Self.insets(buttonSize) }
            set { customInsets = newValue }
        }
        private var customInsets: NSDirectionalEdgeInsets?
        public var imagePlacement: ImagePlacement = .leading
        /// Space between image and title (4).
        public var imagePadding: CGFloat = 4
        public var titlePadding: CGFloat = 0
        /// Whether the button shows `showsActivityIndicator` (kept; Lamina draws no spinner in it).
        public var showsActivityIndicator = false

        init(style: Style) {
            self.style = style
        }

        public static func plain() -> Configuration { Configuration(style: .plain) }
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        public static func gray() -> Configuration { Configuration(style: .gray) }
        public static func filled() -> Configuration { Configuration(style: .filled) }
        public static func borderless() -> Configuration { Configuration(style: .borderless) }
        public static func bordered() -> Configuration { Configuration(style: .bordered) }
        public static func borderedTinted() -> Configuration { Configuration(style: .borderedTinted) }
        public static func borderedProminent() -> Configuration { Configuration(style: .borderedProminent) }

        static func insets(_ size: Size) -> NSDirectionalEdgeInsets {
            switch size {
            case .mini: NSDirectionalEdgeInsets(top: 3, leading: 8, bottom: 3, trailing: 8)
            case .small: NSDirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
            case .medium: NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
            case .large: NSDirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20)
            }
        }

        public static func == (a: Configuration, b: Configuration) -> Bool {
            a.style == b.style && a.title == b.title && a.subtitle == b.subtitle && a.image === b.image
                && a.baseForegroundColor == b.baseForegroundColor && a.baseBackgroundColor == b.baseBackgroundColor
                && a.buttonSize == b.buttonSize && a.cornerStyle == b.cornerStyle && a.contentInsets == b.contentInsets
                && a.imagePlacement == b.imagePlacement && a.imagePadding == b.imagePadding && a.background == b.background
        }

        public func hash(into h: inout Hasher) {
            h.combine(style); h.combine(title); h.combine(buttonSize); h.combine(cornerStyle)
        }

        /// The look in `state` with `tint`, for a button `height` tall.
        func look(for state: UIControl.State, tint: UIColor, height: CGFloat) -> UIButton.LookValues {
            let base = baseBackgroundColor ?? tint
            var fg: UIColor
            var bg: UIColor?
            var stroke: (UIColor, CGFloat)?
            switch style {
            case .plain, .borderless:
                fg = baseForegroundColor ?? tint
            case .tinted, .borderedTinted:
                fg = baseForegroundColor ?? tint
                bg = base.withAlphaComponent(0.15)
            case .gray, .bordered:
                fg = baseForegroundColor ?? tint
                bg = .tertiarySystemFill
            case .filled, .borderedProminent:
                fg = baseForegroundColor ?? .white
                bg = base
            }
            if let c = background.backgroundColor { bg = c }
            if let s = background.strokeColor, background.strokeWidth > 0 { stroke = (s, background.strokeWidth) }
            if state.contains(.disabled) {
                fg = .tertiaryLabel
                if bg != nil { bg = .quaternarySystemFill }
            } else if state.contains(.highlighted) {
                // Pressed: the content (and a filled background) dim, as on iOS.
                fg = fg.withAlphaComponent(0.7)
                if style == .filled || style == .borderedProminent { bg = bg?.withAlphaComponent(0.8) }
            }
            let font: UIFont = switch buttonSize {
            case .mini: .systemFont(ofSize: 13)
            case .small: .systemFont(ofSize: 15)
            case .medium, .large: .systemFont(ofSize: 17)
            }
            let radius: CGFloat = switch cornerStyle {
            case .capsule: .greatestFiniteMagnitude
            case .small: 4
            case .medium: 8
            case .large: 12
            case .fixed: background.cornerRadius
            case .dynamic: switch buttonSize { case .mini: 4; case .small: 5; case .medium: 6; case .large: 8 }
            }
            let i = contentInsets
            return UIButton.LookValues(
                title: title ?? attributedTitle.map { String($0.characters) }, attributedTitle: nil, font: font, foreground: fg,
                image: image, backgroundImage: nil, background: bg, stroke: stroke, cornerRadius: radius,
                insets: UIEdgeInsets(top: i.top, left: i.leading, bottom: i.bottom, right: i.trailing),
                imagePadding: imagePadding, imageOnTrailing: imagePlacement == .trailing, alpha: 1)
        }
    }

    /// What a button shows in a state: what its configuration decides, or its per-state values.
    struct LookValues {
        var title: String?
        var attributedTitle: NSAttributedString?
        var font: UIFont
        var foreground: UIColor
        var image: UIImage?
        var backgroundImage: UIImage?
        var background: UIColor?
        var stroke: (UIColor, CGFloat)?
        var cornerRadius: CGFloat
        var insets: UIEdgeInsets
        var imagePadding: CGFloat
        var imageOnTrailing: Bool
        /// The title's opacity (system buttons fade theirs while pressed).
        var alpha: CGFloat
    }
}
