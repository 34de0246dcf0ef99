import Foundation

/// A bar of items at the bottom of the screen (UIKit's `UIToolbar`): 44 points tall, its items
/// laid out from the leading margin (16 points) with 8 points between them, flexible spaces
/// sharing what is left, on the system background with a hairline above.
@preconcurrency @MainActor
open class UIToolbar: UIView {
    /// The items, leading first.
    open var items: [UIBarButtonItem]? { didSet { rebuild() } }
    /// The bar's background colour (nil: the system background).
    open var barTintColor: UIColor? { didSet { setNeedsLayout() } }
    /// Whether the bar is translucent (kept; drawn opaque).
    open var isTranslucent = true
    /// The bar's look (iOS 13), copied when set.
    open var standardAppearance: UIToolbarAppearance {
        get { standardStore }
        set { standardStore = newValue.copy(); customizedAppearance = true; setNeedsLayout() }
    }
    private var standardStore = UIToolbarAppearance()
    /// The look in a compact height.
    open var compactAppearance: UIToolbarAppearance? {
        get { compactStore }
        set { compactStore = newValue?.copy(); setNeedsLayout() }
    }
    private var compactStore: UIToolbarAppearance?
    /// The look at the scroll edge (iOS 15).
    open var scrollEdgeAppearance: UIToolbarAppearance? {
        get { scrollEdgeStore }
        set { scrollEdgeStore = newValue?.copy(); setNeedsLayout() }
    }
    private var scrollEdgeStore: UIToolbarAppearance?
    private var customizedAppearance = false

    /// How far the background reaches below the bar (over the home indicator's area).
    var backgroundExtent: CGFloat = 0 { didSet { setNeedsLayout() } }
    private let background = UIView()
    private let hairline = UIView()
    private var itemViews: [BarButtonItemView] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(background)
        addSubview(hairline)
    }

    public convenience init() { self.init(frame: CGRect(x: 0, y: 0, width: UIScreen.main.bounds.width, height: 44)) }

    public required init?(coder: NSCoder) { return nil }

    /// Sets the items.
    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) { self.items = items }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: 44) }

    private func rebuild() {
        for v in itemViews { v.removeFromSuperview() }
        itemViews = (items ?? []).map { BarButtonItemView(item: $0) }
        for v in itemViews { addSubview(v) }
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let px = BarMetrics.pixel(self)
        let appearance = scrollEdgeAppearance ?? (customizedAppearance ? standardAppearance : nil)
        background.frame = CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height + backgroundExtent)
        background.backgroundColor = appearance?.resolvedBackground(fallback: barTintColor ?? .systemBackground) ?? barTintColor ?? .systemBackground
        hairline.frame = CGRect(x: 0, y: -px, width: bounds.width, height: px)
        hairline.backgroundColor = appearance.map { $0.resolvedShadow } ?? BarMetrics.hairline
        hairline.isHidden = hairline.backgroundColor == nil
        // Fixed widths first; flexible spaces share the rest.
        let margin: CGFloat = traitCollection.horizontalSizeClass == .regular ? 20 : 16
        let flexible = itemViews.filter { $0.item.systemItem == .flexibleSpace }.count
        let fixed = itemViews.reduce(0) { $0 + $1.width } + CGFloat(max(0, itemViews.count - 1)) * 8
        let share = flexible > 0 ? max(0, bounds.width - 2 * margin - fixed) / CGFloat(flexible) : 0
        var x = margin
        for v in itemViews {
            let w = v.item.systemItem == .flexibleSpace ? share : v.width
            v.frame = CGRect(x: x, y: 0, width: w, height: bounds.height)
            x += w + 8
        }
    }
}
