import Foundation
@_spi(Lamina) import QuartzCore

/// A button (UIKit's `UIButton`): a title and an image per control state, or (iOS 15) a
/// `UIButton.Configuration` (`.plain()`, `.tinted()`, `.gray()`, `.filled()`…) that draws the
/// background and picks the colours.
///
/// Without a configuration the button works as before iOS 15: `setTitle(_:for:)`,
/// `setTitleColor(_:for:)`, `setImage(_:for:)`, `setBackgroundImage(_:for:)` per state, a
/// state without its own value falling back to `.normal`; system buttons draw their title in the
/// tint colour at 15 points and dim it while highlighted; content sits inside
/// `contentEdgeInsets`, the image before the title.
open class UIButton: UIControl {
    /// The kind of button (UIKit's raw values).
    public enum ButtonType: Int, Sendable {
        case custom = 0, system = 1, detailDisclosure = 2, infoLight = 3, infoDark = 4, contactAdd = 5, plain = 6, close = 7
        public static let roundedRect = ButtonType.system
    }

    /// The button's type.
    public private(set) var buttonType: ButtonType = .custom

    private var titles: [UInt: String] = [:]
    private var attributedTitles: [UInt: NSAttributedString] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private var backgroundImages: [UInt: UIImage] = [:]

    private let label: UILabel = UIButtonLabel()
    private let imageHolder = UIImageView()
    private let backgroundHolder = UIImageView()
    private let background = CALayer()

    /// The label showing the title (nil until there is one, as in UIKit… here it always exists).
    open var titleLabel: UILabel? { label }
    /// The view showing the image.
    open var imageView: UIImageView? { imageHolder }

    /// Space around the content (title and image).
    open var contentEdgeInsets: UIEdgeInsets = .zero { didSet { contentChanged() } }
    /// Moves the title within its place.
    open var titleEdgeInsets: UIEdgeInsets = .zero { didSet { contentChanged() } }
    /// Moves the image within its place.
    open var imageEdgeInsets: UIEdgeInsets = .zero { didSet { contentChanged() } }
    /// Whether the image darkens while highlighted (true).
    open var adjustsImageWhenHighlighted = true
    /// Whether the image greys while disabled (true).
    open var adjustsImageWhenDisabled = true

    /// The iOS 15 configuration; when set it decides the look.
    open var configuration: Configuration? { didSet { contentChanged() } }
    /// Called before each update; change `button.configuration` for the state there.
    open var configurationUpdateHandler: ((UIButton) -> Void)?
    /// The button's menu: opened by a tap when `showsMenuAsPrimaryAction`, else by a long press
    /// (`isContextMenuInteractionEnabled` follows it, as in UIKit).
    open var menu: UIMenu? {
        didSet { isContextMenuInteractionEnabled = menu != nil }
    }
    /// Whether choosing in the menu changes the button's selection (iOS 15; kept).
    open var changesSelectionAsPrimaryAction = false
    override var primaryMenu: UIMenu? { menu }

    // MARK: Making

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    /// A button of `buttonType`.
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
        if let artwork = UIButton.artwork(for: buttonType) {
            // The system buttons with artwork are their image's size, as on iOS.
            images[State.normal.rawValue] = artwork
            frame.size = artwork.size
        }
        contentChanged()
    }

    /// A system button sending `primaryAction` (its title and image become the button's).
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction {
            addAction(primaryAction, for: .primaryActionTriggered)
            if !primaryAction.title.isEmpty { setTitle(primaryAction.title, for: .normal) }
            if let image = primaryAction.image { setImage(image, for: .normal) }
        }
    }

    /// A button drawn by `configuration`, sending `primaryAction`.
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .system, primaryAction: primaryAction)
        self.configuration = configuration
    }

    private func setUp() {
        layer.addSublayer(background)
        // The label and image views join the button when it has a title or an image, as in
        // UIKit (so its recursive description lists only those).
        isOpaque = false
        imageHolder.clipsToBounds = true
        label.textAlignment = .center
        label.font = .systemFont(ofSize: 15)
        label.isUserInteractionEnabled = false
        imageHolder.isUserInteractionEnabled = false
        backgroundHolder.isUserInteractionEnabled = false
        contentChanged()
    }

    // MARK: Values per state

    private func value<T>(_ table: [UInt: T], _ state: State) -> T? {
        table[state.rawValue] ?? (state.contains(.disabled) ? table[State.disabled.rawValue] : nil)
            ?? (state.contains(.highlighted) ? table[State.highlighted.rawValue] : nil)
            ?? (state.contains(.selected) ? table[State.selected.rawValue] : nil)
            ?? table[State.normal.rawValue]
    }

    /// Sets the title for `state`.
    open func setTitle(_ title: String?, for state: State) { titles[state.rawValue] = title; contentChanged() }
    /// Sets the attributed title for `state` (it wins over the plain title).
    open func setAttributedTitle(_ title: NSAttributedString?, for state: State) { attributedTitles[state.rawValue] = title; contentChanged() }
    /// Sets the title colour for `state`.
    open func setTitleColor(_ color: UIColor?, for state: State) { titleColors[state.rawValue] = color; contentChanged() }
    /// Sets the image for `state`.
    open func setImage(_ image: UIImage?, for state: State) { images[state.rawValue] = image; contentChanged() }
    /// Sets the background image for `state` (stretched over the bounds).
    open func setBackgroundImage(_ image: UIImage?, for state: State) { backgroundImages[state.rawValue] = image; contentChanged() }

    open func title(for state: State) -> String? { value(titles, state) }
    open func attributedTitle(for state: State) -> NSAttributedString? { value(attributedTitles, state) }
    open func titleColor(for state: State) -> UIColor? { value(titleColors, state) ?? defaultTitleColor(state) }
    open func image(for state: State) -> UIImage? { value(images, state) }
    open func backgroundImage(for state: State) -> UIImage? { value(backgroundImages, state) }

    open var currentTitle: String? { title(for: state) }
    open var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }
    open var currentTitleColor: UIColor { titleColor(for: state) ?? .white }
    open var currentImage: UIImage? { image(for: state) }
    open var currentBackgroundImage: UIImage? { backgroundImage(for: state) }

    /// UIKit's title colours when none was set: the tint colour for system buttons, white for
    /// custom ones; greyed when disabled.
    private func defaultTitleColor(_ state: State) -> UIColor? {
        if buttonType == .custom { return .white }
        if state.contains(.disabled) { return .tertiaryLabel }
        return tintColor ?? .systemBlue
    }

    // MARK: Layout and drawing

    private func contentChanged() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    override func stateChanged() {
        configurationUpdateHandler?(self)
        contentChanged()
        layoutIfNeeded()
    }

    override func colorAppearanceChanged() { super.colorAppearanceChanged(); setNeedsLayout() }

    /// What is shown now, from the configuration or the per-state values.
    private typealias Look = LookValues

    private func currentLook() -> Look {
        let s = state
        if let c = configuration {
            return c.look(for: s, tint: tintColor ?? .systemBlue, height: bounds.height)
        }
        let system = buttonType != .custom
        var fg = titleColor(for: s) ?? .white
        var alpha: CGFloat = 1
        if system && s.contains(.highlighted) && value(titleColors, s) == nil { alpha = 0.2 }
        if s.contains(.highlighted), value(titleColors, s) == nil, !system { fg = fg.withAlphaComponent(0.6) }
        return Look(title: title(for: s), attributedTitle: attributedTitle(for: s),
                    font: label.font ?? .systemFont(ofSize: 15), foreground: fg, image: image(for: s),
                    backgroundImage: backgroundImage(for: s), background: nil, stroke: nil, cornerRadius: 0,
                    insets: contentEdgeInsets, imagePadding: 0, imageOnTrailing: false, alpha: alpha)
    }

    /// The size of the title and image side by side.
    private func contentSize(_ look: Look) -> (title: CGSize, image: CGSize) {
        label.font = look.font
        if let a = look.attributedTitle { label.attributedText = a } else { label.text = look.title }
        let t = (look.title?.isEmpty == false || look.attributedTitle != nil) ? label.intrinsicContentSize : .zero
        let i = look.image?.size ?? .zero
        return (CGSize(width: max(0, t.width), height: max(0, t.height)), i)
    }

    open override var intrinsicContentSize: CGSize {
        let look = currentLook()
        let (t, i) = contentSize(look)
        let gap = (t.width > 0 && i.width > 0) ? look.imagePadding : 0
        var w = t.width + i.width + gap + look.insets.left + look.insets.right
        var h = max(t.height, i.height) + look.insets.top + look.insets.bottom
        if configuration == nil && buttonType != .custom && look.insets == .zero {
            // UIKit's system buttons have 6 points above and below the title.
            h = max(h, t.height + 12)
        }
        if let bg = look.backgroundImage?.size { w = max(w, bg.width); h = max(h, bg.height) }
        return CGSize(width: w.rounded(.up), height: h.rounded(.up))
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let look = currentLook()
        let traits = traitCollection
        let (t, i) = contentSize(look)
        ControlParts.update(animated: false) {
            background.frame = bounds
            background.backgroundColor = look.background?.resolvedColor(with: traits).cgColor
            background.cornerRadius = min(look.cornerRadius, min(bounds.width, bounds.height) / 2)
            background.borderColor = look.stroke?.0.resolvedColor(with: traits).cgColor
            background.borderWidth = look.stroke?.1 ?? 0
        }
        attach(backgroundHolder, when: look.backgroundImage != nil, at: 0)
        attach(imageHolder, when: look.image != nil, at: backgroundHolder.superview === self ? 1 : 0)
        attach(label, when: look.title?.isEmpty == false || look.attributedTitle != nil, at: subviews.count)
        backgroundHolder.image = look.backgroundImage
        backgroundHolder.frame = bounds
        backgroundHolder.isHidden = look.backgroundImage == nil

        let area = bounds.inset(by: look.insets)
        let gap = (t.width > 0 && i.width > 0) ? look.imagePadding : 0
        let total = t.width + i.width + gap
        let startX: CGFloat
        switch contentHorizontalAlignment {
        case .left, .leading: startX = area.minX
        case .right, .trailing: startX = area.maxX - total
        default: startX = area.minX + (area.width - total) / 2
        }
        func y(_ h: CGFloat) -> CGFloat {
            switch contentVerticalAlignment {
            case .top: area.minY
            case .bottom: area.maxY - h
            default: area.minY + (area.height - h) / 2
            }
        }
        let imageX = look.imageOnTrailing ? startX + t.width + gap : startX
        let titleX = look.imageOnTrailing ? startX : startX + i.width + gap
        imageHolder.image = look.image
        imageHolder.frame = CGRect(x: imageX, y: y(i.height), width: i.width, height: i.height).inset(by: imageEdgeInsets)
        imageHolder.isHidden = look.image == nil
        imageHolder.alpha = (look.image != nil && state.contains(.highlighted) && adjustsImageWhenHighlighted && configuration == nil) ? 0.7 : 1
        label.frame = CGRect(x: titleX, y: y(t.height), width: min(t.width, max(0, area.maxX - titleX)), height: t.height)
            .inset(by: titleEdgeInsets)
        label.textColor = look.foreground
        label.isHidden = t.width == 0
        label.alpha = look.alpha
        if configuration != nil { imageHolder.tintColor = look.foreground }
    }

    /// Adds `view` at `index` among the subviews when `needed` (once added it stays, hidden
    /// when not needed).
    private func attach(_ view: UIView, when needed: Bool, at index: Int) {
        guard needed, view.superview !== self else { return }
        insertSubview(view, at: min(index, subviews.count))
    }

    /// The artwork of the system buttons that have one: drawn by Lamina (Apple's symbols cannot
    /// be shipped) in the button's tint, at the size iOS gives `.contactAdd` (73 x 71 pixels at
    /// 3x).
    static func artwork(for type: ButtonType) -> UIImage? {
        let size = CGSize(width: 73.0 / 3, height: 71.0 / 3)
        let draw: ((CGContext, CGPoint, CGFloat) -> Void)?
        switch type {
        case .contactAdd:
            draw = { ctx, c, r in
                let arm = r * 0.5
                ctx.move(to: CGPoint(x: c.x - arm, y: c.y)); ctx.addLine(to: CGPoint(x: c.x + arm, y: c.y))
                ctx.move(to: CGPoint(x: c.x, y: c.y - arm)); ctx.addLine(to: CGPoint(x: c.x, y: c.y + arm))
                ctx.strokePath()
            }
        case .detailDisclosure, .infoLight, .infoDark:
            draw = { ctx, c, r in
                ctx.fillEllipse(in: CGRect(x: c.x - 1, y: c.y - r * 0.5 - 1, width: 2, height: 2))
                ctx.move(to: CGPoint(x: c.x, y: c.y - r * 0.15)); ctx.addLine(to: CGPoint(x: c.x, y: c.y + r * 0.5))
                ctx.strokePath()
            }
        case .close:
            draw = { ctx, c, r in
                let arm = r * 0.35
                ctx.move(to: CGPoint(x: c.x - arm, y: c.y - arm)); ctx.addLine(to: CGPoint(x: c.x + arm, y: c.y + arm))
                ctx.move(to: CGPoint(x: c.x + arm, y: c.y - arm)); ctx.addLine(to: CGPoint(x: c.x - arm, y: c.y + arm))
                ctx.strokePath()
            }
        default: draw = nil
        }
        guard let draw else { return nil }
        let format = UIGraphicsImageRendererFormat()
        format.scale = 3
        let image = UIGraphicsImageRenderer(size: size, format: format).image { renderer in
            let ctx = renderer.cgContext
            ctx.setStrokeColor(gray: 0, alpha: 1)
            ctx.setFillColor(gray: 0, alpha: 1)
            ctx.setLineWidth(1.5)
            ctx.setLineCap(.round)
            let c = CGPoint(x: size.width / 2, y: size.height / 2)
            let r = min(size.width, size.height) / 2 - 1.9
            ctx.strokeEllipse(in: CGRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
            draw(ctx, c, r)
        }
        return image.withRenderingMode(.alwaysTemplate)
    }

    override var defaultAccessibilityLabel: String? { currentTitle ?? configuration?.title }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { super.defaultAccessibilityTraits.union(.button) }
}
