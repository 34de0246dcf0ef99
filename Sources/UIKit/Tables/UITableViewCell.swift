import Foundation
import QuartzCore

/// A row of a table (UIKit's `UITableViewCell`): a content view holding the style's labels and
/// image, an accessory at the trailing edge, a hairline separator at the bottom, and selection.
///
/// Layout follows iOS's standard styles: text at the content view's leading layout margin (16
/// points on phones), in the body font (17 points); `.subtitle` stacks a 12-point secondary
/// label under it, `.value1` puts the detail right-aligned in the secondary label colour,
/// `.value2` (Contacts' style) puts the text as a small blue label right-aligned in a 67-point
/// column and the detail after it.
open class UITableViewCell: UIView {
    /// The built-in layouts.
    public enum CellStyle: Int, Sendable { case `default`, value1, value2, subtitle }
    /// What the trailing edge shows.
    public enum AccessoryType: Int, Sendable { case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton }
    /// How a selected cell looks.
    public enum SelectionStyle: Int, Sendable { case none, blue, gray, `default` }
    /// Editing controls (Lamina draws none).
    public enum EditingStyle: Int, Sendable { case none, delete, insert }

    /// The style the cell was made with.
    public let style: CellStyle
    /// The identifier the table reuses the cell by.
    public let reuseIdentifier: String?
    /// The view to add custom content to (inside the accessory and the separator).
    public let contentView = UIView()
    /// The main label (made on first use).
    open var textLabel: UILabel? {
        if let l = _textLabel { return l }
        // Contacts' style (.value2): a small blue label right-aligned in a column on the left.
        let l = style == .value2 ? addLabel(.footnote, .systemBlue, .right) : addLabel(.body, .label)
        _textLabel = l
        return l
    }
    /// The detail label of `.value1`, `.value2` and `.subtitle` cells (nil for `.default`).
    open var detailTextLabel: UILabel? {
        guard style != .default else { return nil }
        if let l = _detailTextLabel { return l }
        let l = switch style {
        case .value1: addLabel(.body, .secondaryLabel, .right)
        case .value2: addLabel(.body, .label)
        default: addLabel(.footnote, .secondaryLabel)
        }
        _detailTextLabel = l
        return l
    }

    /// A new label in the content view in a text style, colour and alignment; the cell lays
    /// itself out again.
    private func addLabel(_ textStyle: UIFont.TextStyle, _ color: UIColor, _ alignment: NSTextAlignment = .natural) -> UILabel {
        let l = UILabel()
        l.font = .preferredFont(forTextStyle: textStyle)
        l.textColor = color
        l.textAlignment = alignment
        contentView.addSubview(l)
        setNeedsLayout()
        return l
    }
    /// The image at the leading edge (made on first use; nil for `.value2`).
    open var imageView: UIImageView? {
        guard style != .value2 else { return nil }
        if let v = _imageView { return v }
        let v = UIImageView()
        contentView.addSubview(v)
        _imageView = v
        setNeedsLayout()
        return v
    }
    /// The standard accessory.
    open var accessoryType: AccessoryType = .none { didSet { updateAccessory() } }
    /// A custom accessory (replaces `accessoryType`'s).
    open var accessoryView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            updateAccessory()
        }
    }
    /// How selection shows (`.default`: the system's gray).
    open var selectionStyle: SelectionStyle = .default
    /// Shown behind the content when selected or highlighted (the system's gray when nil).
    open var selectedBackgroundView: UIView?
    /// The view behind the content.
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }
    /// Where the separator starts and ends (left 16 on phones: the content's leading margin, or
    /// the text's leading edge when an image is shown).
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) { didSet { setNeedsLayout() } }
    /// Whether the table draws this cell's separator (set by the table).
    var showsSeparator = true { didSet { separator.isHidden = !showsSeparator } }
    /// The separator's colour (the table's `separatorColor`).
    var separatorColor: UIColor = .separator { didSet { separator.backgroundColor = separatorColor } }
    /// The table's accessory (indentation) width added for editing (unused).
    open var indentationLevel = 0
    open var indentationWidth: CGFloat = 10

    private var _textLabel: UILabel?
    private var _detailTextLabel: UILabel?
    private var _imageView: UIImageView?
    private var accessoryHolder: UIView?
    private let separator = UIView()
    private let highlight = UIView()
    /// The view showing `contentConfiguration`, filling the content view.
    private var configuredView: (UIView & UIContentView)?
    private var backgroundHost: BackgroundConfigurationView?
    private var needsConfigurationUpdate = true

    /// What the content view shows (iOS 14): its view fills `contentView` in place of the
    /// style's labels and image.
    open var contentConfiguration: (any UIContentConfiguration)? {
        didSet { installContent(contentConfiguration); setNeedsUpdateConfiguration() }
    }
    /// What the background shows (nil: `backgroundColor` and the background views).
    open var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet { showBackground(backgroundConfiguration); setNeedsUpdateConfiguration() }
    }
    /// Whether the content configuration is updated for each state.
    open var automaticallyUpdatesContentConfiguration = true
    /// Whether the background configuration is updated for each state.
    open var automaticallyUpdatesBackgroundConfiguration = true
    /// Called with the cell and its state whenever the configuration is updated.
    public typealias ConfigurationUpdateHandler = (UITableViewCell, UICellConfigurationState) -> Void
    /// Called with the cell and its state when the configuration is updated.
    open var configurationUpdateHandler: ConfigurationUpdateHandler? { didSet { setNeedsUpdateConfiguration() } }

    /// The row the cell was last measured for (a self-sizing table measures each row once).
    var measuredForRow: CellKey?

    /// The height the cell needs at `width` (a self-sizing row's): a list content view's own
    /// measure; otherwise what Auto Layout gives the content view's constraints; otherwise the
    /// style's labels with 11 points above and below; at least 44 points unless constraints
    /// say less.
    func selfSizedHeight(width: CGFloat) -> CGFloat {
        bounds.size.width = width
        updateConfigurationIfNeeded()
        // The cell's own layout only (its accessory narrows the content view): laying out
        // through the layer would lay out the table that is measuring it.
        layoutSubviews()
        let contentWidth = contentView.bounds.width
        if let list = configuredView as? UIListContentView {
            return max(44, list.sizeThatFits(CGSize(width: contentWidth, height: 0)).height)
        }
        let constrained = !contentView.constraints.isEmpty
            || contentView.subviews.contains { !$0.translatesAutoresizingMaskIntoConstraints }
        if constrained {
            let h = contentView.systemLayoutSizeFitting(CGSize(width: contentWidth, height: 0),
                                                         withHorizontalFittingPriority: .required,
                                                         verticalFittingPriority: .fittingSizeLevel).height
            if h > 0 && h.isFinite { return h.rounded(.up) }
            return 44
        }
        let labels = [_textLabel, _detailTextLabel].compactMap { $0 }.filter { !($0.text ?? "").isEmpty || $0.attributedText != nil }
        guard !labels.isEmpty else { return 44 }
        let m = contentView.layoutMargins
        let textWidth = max(0, contentWidth - m.left - m.right - (_imageView?.image.map { $0.size.width + 16 } ?? 0))
        let heights = labels.map { $0.sizeThatFits(CGSize(width: textWidth, height: .greatestFiniteMagnitude)).height }
        let content = style == .subtitle ? heights.reduce(0, +) : (heights.max() ?? 0)
        return max(44, (content + m.top + m.bottom).rounded(.up))
    }

    /// The content configuration of the cell's style: `cell()`, `subtitleCell()` or `valueCell()`.
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        switch style {
        case .subtitle: .subtitleCell()
        case .value1, .value2: .valueCell()
        case .default: .cell()
        }
    }

    /// The state configurations are updated for.
    open var configurationState: UICellConfigurationState {
        var s = UICellConfigurationState(traitCollection: traitCollection)
        s.isSelected = _selected
        s.isHighlighted = _highlighted
        s.isDisabled = !isUserInteractionEnabled
        return s
    }

    /// Asks for the configuration to be updated before the cell is next laid out.
    open func setNeedsUpdateConfiguration() { needsConfigurationUpdate = true; setNeedsLayout() }

    /// Updates the configurations for `state` (each configuration's `updated(for:)`).
    open func updateConfiguration(using state: UICellConfigurationState) {
        if automaticallyUpdatesContentConfiguration, let c = contentConfiguration { installContent(c.updated(for: state)) }
        if automaticallyUpdatesBackgroundConfiguration, let b = backgroundConfiguration { showBackground(b.updated(for: state)) }
    }

    func updateConfigurationIfNeeded() {
        guard needsConfigurationUpdate else { return }
        needsConfigurationUpdate = false
        let state = configurationState
        updateConfiguration(using: state)
        configurationUpdateHandler?(self, state)
    }

    private func installContent(_ c: (any UIContentConfiguration)?) {
        installContentConfiguration(c, in: contentView, shown: &configuredView)
    }

    private func showBackground(_ b: UIBackgroundConfiguration?) {
        BackgroundConfigurationView.show(b, in: self, host: &backgroundHost)
    }
    private var _selected = false
    private var _highlighted = false

    /// A cell of `style` the table reuses by `reuseIdentifier`.
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        setUp()
    }

    public required init?(coder: NSCoder) {
        style = .default
        reuseIdentifier = nil
        super.init(coder: coder)
        setUp()
    }

    /// How a table makes a registered class (Lamina SPI): `init(style: .default,
    /// reuseIdentifier:)` of the dynamic class, its override included, called with the class by
    /// `CLaminaDynamicInit`, as Apple's runtime does (not `required`, so subclasses that declare
    /// initializers of their own need not repeat it).
    @_spi(LaminaRuntime) public convenience init(registeredWith reuseIdentifier: NSString) {
        self.init(style: .default, reuseIdentifier: String(describing: reuseIdentifier))
    }

    private func setUp() {
        backgroundColor = .systemBackground
        highlight.backgroundColor = .systemGray4
        highlight.isHidden = true
        addSubview(highlight)
        contentView.layoutMargins = UIEdgeInsets(top: 11, left: 16, bottom: 11, right: 16)
        addSubview(contentView)
        separator.backgroundColor = separatorColor
        addSubview(separator)
    }

    // MARK: Selection

    /// Whether the cell is selected.
    open var isSelected: Bool {
        get { _selected }
        set { setSelected(newValue, animated: false) }
    }
    /// Whether the cell is highlighted (a finger on it).
    open var isHighlighted: Bool {
        get { _highlighted }
        set { setHighlighted(newValue, animated: false) }
    }
    /// Selects or deselects the cell (its background shows the selection).
    open func setSelected(_ selected: Bool, animated: Bool) {
        if _selected != selected { setNeedsUpdateConfiguration() }
        _selected = selected
        updateHighlight()
    }
    /// Highlights or unhighlights the cell.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        if _highlighted != highlighted { setNeedsUpdateConfiguration() }
        _highlighted = highlighted
        updateHighlight()
    }
    private func updateHighlight() {
        let on = (_selected || _highlighted) && selectionStyle != .none
        if let custom = selectedBackgroundView {
            if on, custom.superview !== self { insertSubview(custom, aboveSubview: backgroundView ?? highlight) }
            custom.isHidden = !on
            highlight.isHidden = true
        } else {
            highlight.isHidden = !on
        }
        setNeedsLayout()
    }

    /// Called before the table hands the cell out again: resets selection (override to reset
    /// your content; call super).
    open func prepareForReuse() {
        setSelected(false, animated: false)
        setHighlighted(false, animated: false)
    }

    // MARK: Layout

    private func updateAccessory() {
        accessoryHolder?.removeFromSuperview()
        accessoryHolder = nil
        if let v = accessoryView {
            addSubview(v)
            accessoryHolder = v
        } else {
            let name: String? = switch accessoryType {
            case .none: nil
            case .disclosureIndicator: "chevron.right"
            case .checkmark: "checkmark"
            case .detailButton, .detailDisclosureButton: "info.circle"
            }
            if let name, let image = UIImage(systemName: name) {
                let v = UIImageView(image: image.withRenderingMode(.alwaysTemplate))
                v.tintColor = accessoryType == .disclosureIndicator ? .tertiaryLabel : nil
                v.contentMode = .center
                addSubview(v)
                accessoryHolder = v
            }
        }
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        updateConfigurationIfNeeded()
        super.layoutSubviews()
        let b = bounds
        backgroundView?.frame = b
        if let host = backgroundHost { host.frame = host.frame(in: b.size, margins: layoutMargins) }
        highlight.frame = b
        selectedBackgroundView?.frame = b
        var contentWidth = b.width
        if let a = accessoryHolder {
            let size = a.sizeThatFits(CGSize(width: 44, height: b.height))
            let w = min(44, max(size.width, 1)), h = min(b.height, max(size.height, 1))
            // iOS: the accessory sits 16 points (the margin) from the trailing edge.
            a.frame = CGRect(x: b.width - 16 - w, y: ((b.height - h) / 2).rounded(), width: w, height: h)
            contentWidth = a.frame.minX - 4
        }
        contentView.frame = CGRect(x: 0, y: 0, width: max(0, contentWidth), height: b.height)
        let m = contentView.layoutMargins
        let c = contentView.bounds
        var x = m.left
        if let iv = _imageView, let image = iv.image {
            let s = image.size
            iv.frame = CGRect(x: x, y: ((c.height - s.height) / 2).rounded(), width: s.width, height: s.height)
            x = iv.frame.maxX + 16
        }
        let right = c.width - (accessoryHolder == nil ? m.right : 0)
        let text = _textLabel, detail = _detailTextLabel
        switch style {
        case .default:
            text?.frame = CGRect(x: x, y: 0, width: max(0, right - x), height: c.height)
        case .subtitle:
            let th = text?.sizeThatFits(CGSize(width: right - x, height: c.height)).height ?? 0
            let hasDetail = !(detail?.text ?? "").isEmpty
            let dh = hasDetail ? (detail?.sizeThatFits(CGSize(width: right - x, height: c.height)).height ?? 0) : 0
            let top = ((c.height - th - dh) / 2).rounded()
            text?.frame = CGRect(x: x, y: top, width: max(0, right - x), height: th)
            detail?.frame = CGRect(x: x, y: top + th, width: max(0, right - x), height: dh)
        case .value1:
            let dw = detail?.sizeThatFits(CGSize(width: right - x, height: c.height)).width ?? 0
            detail?.frame = CGRect(x: right - dw, y: 0, width: dw, height: c.height)
            text?.frame = CGRect(x: x, y: 0, width: max(0, right - dw - 8 - x), height: c.height)
        case .value2:
            text?.frame = CGRect(x: x, y: 0, width: 67, height: c.height)
            detail?.frame = CGRect(x: x + 67 + 6, y: 0, width: max(0, right - x - 73), height: c.height)
        }
        configuredView?.frame = contentView.bounds
        // A hairline: one pixel of the screen drawn on.
        let hairline = 1 / pixelScale
        var inset = separatorInset
        if let iv = _imageView, iv.image != nil, inset.left == 16 { inset.left = (_textLabel?.frame.minX ?? 16) }
        // A list content view's separator starts at its text.
        if let list = configuredView as? UIListContentView, inset.left == 16 { inset.left = list.textLeadingOffset }
        separator.frame = CGRect(x: inset.left, y: b.height - hairline, width: max(0, b.width - inset.left - inset.right), height: hairline)
        bringSubviewToFront(separator)
    }
}
