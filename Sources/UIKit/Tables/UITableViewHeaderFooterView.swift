import Foundation

/// A table's section header or footer that the table reuses (UIKit's
/// `UITableViewHeaderFooterView`): a content view for custom content, the style's labels, or a
/// `contentConfiguration` (the table style's header or footer by default), updated for its state.
open class UITableViewHeaderFooterView: UIView {
    /// The identifier the table reuses the view by.
    open private(set) var reuseIdentifier: String?
    /// The view custom content goes in (it fills the header).
    public let contentView = UIView()
    /// A view behind the content.
    open var backgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let v = backgroundView { insertSubview(v, at: 0) }; setNeedsLayout() }
    }
    /// What the content view shows (iOS 14).
    open var contentConfiguration: (any UIContentConfiguration)? {
        didSet { installContent(contentConfiguration); setNeedsUpdateConfiguration() }
    }
    /// What the background shows.
    open var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet { BackgroundConfigurationView.show(backgroundConfiguration, in: self, host: &backgroundHost); setNeedsUpdateConfiguration() }
    }
    /// Whether the content configuration is updated for each state.
    open var automaticallyUpdatesContentConfiguration = true
    /// Whether the background configuration is updated for each state.
    open var automaticallyUpdatesBackgroundConfiguration = true
    /// Called with the view and its state whenever the configuration is updated.
    public typealias ConfigurationUpdateHandler = (UITableViewHeaderFooterView, UIViewConfigurationState) -> Void
    /// Called with the view and its state when the configuration is updated.
    open var configurationUpdateHandler: ConfigurationUpdateHandler? { didSet { setNeedsUpdateConfiguration() } }

    /// The style of the table showing it (its default configuration follows it).
    var tableStyle: UITableView.Style = .plain
    /// Whether the table shows it as a footer.
    var isFooter = false
    private var configuredView: (UIView & UIContentView)?
    private var backgroundHost: BackgroundConfigurationView?
    private var needsConfigurationUpdate = true
    private var _textLabel: UILabel?

    /// A header or footer the table reuses by `reuseIdentifier`.
    public init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        addSubview(contentView)
    }

    public override convenience init(frame: CGRect) {
        self.init(reuseIdentifier: nil)
        self.frame = frame
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        addSubview(contentView)
    }

    /// How a table makes a registered class (Lamina SPI): `init(reuseIdentifier:)` of the
    /// dynamic class, called with the class by `CLaminaDynamicInit`, as Apple's runtime does.
    @_spi(LaminaRuntime) public convenience init(registeredWith reuseIdentifier: NSString) {
        self.init(reuseIdentifier: String(describing: reuseIdentifier))
    }

    /// The title label (made on first use), in the table style's header font.
    open var textLabel: UILabel? {
        if let l = _textLabel { return l }
        let l = UILabel()
        contentView.addSubview(l)
        _textLabel = l
        setNeedsLayout()
        return l
    }

    /// The header or footer configuration of the table's style.
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        switch (tableStyle, isFooter) {
        case (.plain, false): .plainHeader()
        case (.plain, true): .plainFooter()
        case (_, false): .groupedHeader()
        case (_, true): .groupedFooter()
        }
    }

    /// The state configurations are updated for.
    open var configurationState: UIViewConfigurationState { UIViewConfigurationState(traitCollection: traitCollection) }

    /// Asks for the configuration to be updated before the view is next laid out.
    open func setNeedsUpdateConfiguration() { needsConfigurationUpdate = true; setNeedsLayout() }

    /// Updates the configurations for `state` (each configuration's `updated(for:)`).
    open func updateConfiguration(using state: UIViewConfigurationState) {
        if automaticallyUpdatesContentConfiguration, let c = contentConfiguration { installContent(c.updated(for: state)) }
        if automaticallyUpdatesBackgroundConfiguration, let b = backgroundConfiguration {
            BackgroundConfigurationView.show(b.updated(for: state), in: self, host: &backgroundHost)
        }
    }

    /// Called before the table hands the view out again.
    open func prepareForReuse() {}

    private func installContent(_ c: (any UIContentConfiguration)?) {
        installContentConfiguration(c, in: contentView, shown: &configuredView)
    }

    open override func layoutSubviews() {
        if needsConfigurationUpdate {
            needsConfigurationUpdate = false
            let state = configurationState
            updateConfiguration(using: state)
            configurationUpdateHandler?(self, state)
        }
        super.layoutSubviews()
        contentView.frame = bounds
        backgroundView?.frame = bounds
        if let host = backgroundHost { host.frame = host.frame(in: bounds.size, margins: layoutMargins) }
        let inset: CGFloat = tableStyle == .insetGrouped ? 32 : 16
        contentView.layoutMargins = UIEdgeInsets(top: 0, left: inset, bottom: 0, right: inset)
        configuredView?.frame = contentView.bounds
        if let l = _textLabel {
            l.font = tableStyle == .plain ? .boldSystemFont(ofSize: 17) : .systemFont(ofSize: 13)
            l.textColor = tableStyle == .plain ? .label : .secondaryLabel
            l.frame = CGRect(x: inset, y: 0, width: max(0, bounds.width - 2 * inset), height: bounds.height)
        }
    }
}
