import Foundation

/// A view that a collection view reuses (UIKit's `UICollectionReusableView`).
open class UICollectionReusableView: UIView {
    /// The identifier the view was registered and dequeued with.
    open internal(set) var reuseIdentifier: String?

    /// Called before the view is handed out again.
    open func prepareForReuse() {}

    /// Takes the attributes its layout gave it.
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    /// The attributes the view would like, given the layout's (asked of self-sizing elements,
    /// whose layout estimated a dimension): the size Auto Layout gives the view with its width
    /// (or height) held and the estimated side free.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        guard layoutAttributes.selfSizingWidth || layoutAttributes.selfSizingHeight else { return layoutAttributes }
        let size = fittingSize(for: layoutAttributes)
        let a = layoutAttributes
        a.size = CGSize(width: a.selfSizingWidth ? size.width : a.size.width, height: a.selfSizingHeight ? size.height : a.size.height)
        return a
    }

    /// The size the view's content asks for, its non-estimated side held at the layout's.
    func fittingSize(for a: UICollectionViewLayoutAttributes) -> CGSize {
        systemLayoutSizeFitting(a.size, withHorizontalFittingPriority: a.selfSizingWidth ? .fittingSizeLevel : .required,
                                verticalFittingPriority: a.selfSizingHeight ? .fittingSizeLevel : .required)
    }

    /// The key of the reuse pool the view returns to (supplementary and decoration views
    /// are pooled by kind and identifier).
    var poolKey: String?

    /// Shows or hides the separator a list layout gives the element (list cells draw one).
    func applyListSeparator(_ separator: ListSeparator?) {}

    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// How a collection view makes a registered class (Lamina SPI): `init(frame:)` of the
    /// dynamic class, its override included, called with the class by `CLaminaDynamicInit`, as
    /// Apple's runtime does (not `required`, so subclasses that declare initializers of their own
    /// need not repeat it).
    @_spi(LaminaRuntime) public convenience init(registeredWith reuseIdentifier: NSString) {
        self.init(frame: .zero)
        self.reuseIdentifier = String(describing: reuseIdentifier)
    }
}

/// A collection view's cell (UIKit's `UICollectionViewCell`): put content in `contentView`,
/// which fills the cell above its background views, or give it a `contentConfiguration`
/// (whose view becomes the content view) and a `backgroundConfiguration`, updated for each
/// state (`updateConfiguration(using:)`, `configurationUpdateHandler`) as on iOS 14 and later.
open class UICollectionViewCell: UICollectionReusableView {
    /// The view the cell's content goes in (it fills the cell; a content configuration's view
    /// replaces it).
    open private(set) var contentView: UIView = UIView()
    /// A view behind the content.
    open var backgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let v = backgroundView { insertSubview(v, at: 0) }; setNeedsLayout() }
    }
    /// A view behind the content while selected or highlighted.
    open var selectedBackgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); updateSelection() }
    }
    /// Whether it is shown selected.
    open var isSelected = false { didSet { if oldValue != isSelected { updateSelection(); setNeedsUpdateConfiguration() } } }
    /// Whether the cell is shown highlighted.
    open var isHighlighted = false { didSet { if oldValue != isHighlighted { updateSelection(); setNeedsUpdateConfiguration() } } }

    /// What the content view shows (its view replaces `contentView`).
    open var contentConfiguration: (any UIContentConfiguration)? {
        didSet { installContent(contentConfiguration); setNeedsUpdateConfiguration() }
    }
    /// What the background shows (nil: the background views, or a list cell's default).
    open var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet { backgroundSetByApp = backgroundConfiguration != nil; showBackground(backgroundConfiguration); setNeedsUpdateConfiguration() }
    }
    /// Whether the content configuration is updated for each state (`updated(for:)`).
    open var automaticallyUpdatesContentConfiguration = true
    /// Whether the background configuration is updated for each state.
    open var automaticallyUpdatesBackgroundConfiguration = true
    /// Called with the cell and its state whenever the configuration is updated.
    public typealias ConfigurationUpdateHandler = (UICollectionViewCell, UICellConfigurationState) -> Void
    /// Called with the cell and its state when the configuration is updated.
    open var configurationUpdateHandler: ConfigurationUpdateHandler? { didSet { setNeedsUpdateConfiguration() } }

    var backgroundSetByApp = false
    private var backgroundHost: BackgroundConfigurationView?
    private var needsConfigurationUpdate = true

    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.frame = bounds
        addSubview(contentView)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        contentView.frame = bounds
        addSubview(contentView)
    }

    /// The state configurations are updated for.
    open var configurationState: UICellConfigurationState {
        var s = UICellConfigurationState(traitCollection: traitCollection)
        s.isSelected = isSelected
        s.isHighlighted = isHighlighted
        s.isEditing = (superview as? UICollectionView)?.isEditing ?? false
        s.isDisabled = !isUserInteractionEnabled
        return s
    }

    /// Asks for the configuration to be updated before the cell is next laid out.
    open func setNeedsUpdateConfiguration() {
        needsConfigurationUpdate = true
        setNeedsLayout()
    }

    /// Updates the configurations for `state`: by default each configuration's
    /// `updated(for:)`, then `configurationUpdateHandler`. Subclasses override it.
    open func updateConfiguration(using state: UICellConfigurationState) {
        if automaticallyUpdatesContentConfiguration, let c = contentConfiguration {
            setContentQuietly(c.updated(for: state))
        }
        if automaticallyUpdatesBackgroundConfiguration, let b = currentBackground {
            showBackground(b.updated(for: state))
        }
    }

    /// The background configuration in use (the app's, or a list cell's default).
    var currentBackground: UIBackgroundConfiguration? { backgroundConfiguration }

    /// Runs a pending configuration update now.
    func updateConfigurationIfNeeded() {
        guard needsConfigurationUpdate else { return }
        needsConfigurationUpdate = false
        let state = configurationState
        updateConfiguration(using: state)
        configurationUpdateHandler?(self, state)
    }

    private func setContentQuietly(_ c: any UIContentConfiguration) {
        if let v = contentView as? UIContentView, v.supports(c) { v.configuration = c } else { installContent(c) }
    }

    private func installContent(_ c: (any UIContentConfiguration)?) {
        guard let c else {
            if contentView is UIContentView { replaceContentView(with: UIView()) }
            return
        }
        if let v = contentView as? UIContentView, v.supports(c) {
            v.configuration = c
        } else {
            replaceContentView(with: c.makeContentView())
        }
    }

    private func replaceContentView(with v: UIView) {
        let margins = contentView.layoutMargins
        contentView.removeFromSuperview()
        contentView = v
        v.layoutMargins = margins
        v.frame = contentFrame
        if let host = backgroundHost, host.superview === self { insertSubview(v, aboveSubview: host) } else { addSubview(v) }
        bringSelectionAndContentOrder()
        setNeedsLayout()
    }

    func showBackground(_ b: UIBackgroundConfiguration?) {
        BackgroundConfigurationView.show(b, in: self, host: &backgroundHost)
    }

    private func bringSelectionAndContentOrder() {
        if let v = selectedBackgroundView, v.superview === self { insertSubview(v, belowSubview: contentView) }
    }

    /// The content view's frame (a list cell narrows it for its accessories).
    var contentFrame: CGRect { bounds }

    open override func layoutSubviews() {
        updateConfigurationIfNeeded()
        super.layoutSubviews()
        contentView.frame = contentFrame
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
        if let host = backgroundHost { host.frame = host.frame(in: bounds.size, margins: layoutMargins) }
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        setNeedsUpdateConfiguration()
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
        isSelected = false
        isHighlighted = false
    }

    /// A self-sizing cell measures its content view: a list content view by its own
    /// metrics, any other by Auto Layout.
    override func fittingSize(for a: UICollectionViewLayoutAttributes) -> CGSize {
        updateConfigurationIfNeeded()
        bounds.size = a.size
        // No layout through the layer: it would lay out the collection view measuring the cell.
        let content = contentFrame
        let extraWidth = a.size.width - content.width
        if let list = contentView as? UIListContentView, a.selfSizingHeight, !a.selfSizingWidth {
            return CGSize(width: a.size.width, height: list.sizeThatFits(CGSize(width: content.width, height: 0)).height)
        }
        let target = CGSize(width: content.width, height: a.size.height)
        let s = contentView.systemLayoutSizeFitting(target, withHorizontalFittingPriority: a.selfSizingWidth ? .fittingSizeLevel : .required,
                                                    verticalFittingPriority: a.selfSizingHeight ? .fittingSizeLevel : .required)
        return CGSize(width: s.width + extraWidth, height: s.height)
    }

    private func updateSelection() {
        guard let v = selectedBackgroundView else { return }
        if isSelected || isHighlighted {
            if v.superview !== self { insertSubview(v, belowSubview: contentView) }
            v.frame = bounds
        } else {
            v.removeFromSuperview()
        }
    }
}
