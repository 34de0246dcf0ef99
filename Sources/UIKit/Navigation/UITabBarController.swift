import Foundation

/// What a tab bar shows for a view controller (UIKit's `UITabBarItem`).
open class UITabBarItem: UIBarItem {
    /// The image shown while the tab is selected (nil: `image`).
    open var selectedImage: UIImage?
    /// The text of the badge (kept; not drawn).
    open var badgeValue: String?

    public override init() { super.init() }

    public init(title: String?, image: UIImage?, tag: Int) {
        super.init()
        self.title = title; self.image = image; self.tag = tag
    }

    public init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        super.init()
        self.title = title; self.image = image; self.selectedImage = selectedImage
    }
}

/// The bar at the bottom of a tab bar controller (UIKit's `UITabBar`): one slot per item,
/// the selected one in the tint colour, the others grey, on the system background with a
/// hairline above (as iOS draws it over plain content: measured on Point-Free's references).
open class UITabBar: UIView {
    /// The items shown, one slot each.
    open var items: [UITabBarItem]? { didSet { setNeedsLayout() } }
    /// The item shown selected.
    open weak var selectedItem: UITabBarItem? { didSet { setNeedsLayout() } }
    /// The colour of the unselected items (nil: system grey).
    open var unselectedItemTintColor: UIColor? { didSet { setNeedsLayout() } }
    /// The bar's background colour (nil: the system background).
    open var barTintColor: UIColor? { didSet { setNeedsLayout() } }
    /// The bar's look (iOS 13): background and shadow line; until one is set, iOS's standard
    /// bar over plain content.
    /// Copied when set, as UIKit copies it.
    open var standardAppearance: UITabBarAppearance {
        get { standardStore }
        set { standardStore = newValue.copy(); customizedAppearance = true; setNeedsLayout() }
    }
    private var standardStore = UITabBarAppearance()
    /// The look while the content is scrolled to its end (iOS 15; nil: the standard one).
    open var scrollEdgeAppearance: UITabBarAppearance? {
        get { scrollEdgeStore }
        set { scrollEdgeStore = newValue?.copy(); setNeedsLayout() }
    }
    private var scrollEdgeStore: UITabBarAppearance?
    private var customizedAppearance = false
    /// Whether the bar is translucent (kept; the bar is drawn opaque).
    open var isTranslucent = true

    /// The height of the bar's items (above the safe area it also covers).
    var itemHeight: CGFloat = 49 { didSet { setNeedsLayout() } }

    private let hairline = UIView()
    private var slots: [UIView] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(hairline)
    }

    public required init?(coder: NSCoder) { nil }

    open func setItems(_ items: [UITabBarItem]?, animated: Bool) { self.items = items }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let appearance = scrollEdgeAppearance ?? (customizedAppearance ? standardAppearance : nil)
        backgroundColor = appearance?.resolvedBackground(fallback: barTintColor ?? .systemBackground) ?? barTintColor ?? .systemBackground
        let px = BarMetrics.pixel(self)
        hairline.frame = CGRect(x: 0, y: -px, width: bounds.width, height: px)
        hairline.backgroundColor = appearance.map { $0.resolvedShadow } ?? BarMetrics.hairline
        hairline.isHidden = hairline.backgroundColor == nil
        // The slots are made again only when what they show changed (a layout pass during a
        // tap keeps the slot being tapped).
        let list = items ?? []
        let shown = list.map { "\(ObjectIdentifier($0).hashValue)\($0 === selectedItem)\($0.title ?? "")" }
            + ["\(bounds.size)", "\(itemHeight)", "\(String(describing: unselectedItemTintColor))"]
        guard shown != builtState else { return }
        builtState = shown
        slots.forEach { $0.removeFromSuperview() }
        slots = []
        guard !list.isEmpty else { return }
        let w = bounds.width / CGFloat(list.count)
        for (i, item) in list.enumerated() {
            let slot = TabSlotView(item: item, selected: item === selectedItem,
                                   unselectedColor: unselectedItemTintColor ?? .systemGray)
            slot.frame = CGRect(x: CGFloat(i) * w, y: 0, width: w, height: itemHeight)
            // A tap selects the tab (its controller shows, when the bar is a controller's).
            slot.addGestureRecognizer(UITapGestureRecognizer(target: self, action: { me, g in
                if g.state == .ended { me.tabTapped?(i) }
            }))
            addSubview(slot)
            slots.append(slot)
        }
    }

    /// What the slots were last made for.
    private var builtState: [String]?

    /// What a tap on the tab at an index does (the tab bar controller selects it).
    var tabTapped: ((Int) -> Void)?
}

/// One tab: the item's image (25 points, centred, 7 from the top) and its title in 10-point
/// medium type below; in a compact bar (32 points, a phone in landscape) the image (20 points)
/// and the title (13 points) side by side.
final class TabSlotView: UIView {
    let item: UITabBarItem
    let selected: Bool
    let unselectedColor: UIColor
    private let label = UILabel()

    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityLabel: String? { item.accessibilityLabel ?? item.title }
    override var defaultAccessibilityTraits: UIAccessibilityTraits {
        var t: UIAccessibilityTraits = .button
        if selected { t.insert(.selected) }
        if !item.isEnabled { t.insert(.notEnabled) }
        return t
    }

    init(item: UITabBarItem, selected: Bool, unselectedColor: UIColor) {
        self.item = item; self.selected = selected; self.unselectedColor = unselectedColor
        super.init(frame: .zero)
        backgroundColor = .clear
        isOpaque = false
        label.text = item.title
        label.font = .systemFont(ofSize: 10, weight: .medium)
        label.textAlignment = .center
        addSubview(label)
    }

    required init?(coder: NSCoder) { nil }

    private var color: UIColor { selected ? tintColor : unselectedColor }

    /// Whether the bar is compact (image and title side by side).
    private var compact: Bool { bounds.height < 40 }
    private var imageSide: CGFloat { compact ? 20 : 25 }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.textColor = color
        label.font = .systemFont(ofSize: compact ? 13 : 10, weight: .medium)
        let s = label.intrinsicContentSize
        if compact {
            let hasImage = item.image != nil
            let total = (hasImage ? imageSide + 6 : 0) + s.width
            let x = (bounds.width - total) / 2 + (hasImage ? imageSide + 6 : 0)
            label.frame = CGRect(x: x, y: (bounds.height - s.height) / 2, width: s.width, height: s.height)
        } else {
            label.frame = CGRect(x: 0, y: 35 - s.height / 2, width: bounds.width, height: s.height)
        }
        setNeedsDisplay()
    }

    override func tintColorDidChange() { setNeedsLayout() }

    override class var drawsThroughDrawRect: Bool { true }

    override func draw(_ rect: CGRect) {
        guard let image = (selected ? item.selectedImage : nil) ?? item.image else { return }
        let s = image.size, side = imageSide
        let k = s.width > 0 && s.height > 0 ? min(side / s.width, side / s.height, 1) : 1
        let w = s.width * k, h = s.height * k
        let r: CGRect
        if compact {
            let total = side + 6 + label.intrinsicContentSize.width
            r = CGRect(x: (bounds.width - total) / 2 + (side - w) / 2, y: (bounds.height - h) / 2, width: w, height: h)
        } else {
            r = CGRect(x: (bounds.width - w) / 2, y: 7 + (side - h) / 2, width: w, height: h)
        }
        (image.renderingMode == .alwaysOriginal ? image : image.withTintColor(color)).draw(in: r)
    }
}

/// Controllers shown one at a time, chosen with a tab bar at the bottom (UIKit's
/// `UITabBarController`): the selected controller's view fills the container, its safe area
/// ending above the bar.
open class UITabBarController: UIViewController {
    /// The bar showing the controllers' `tabBarItem`s.
    public let tabBar = UITabBar()

    public override init() { super.init() }
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The controllers, one per tab.
    open var viewControllers: [UIViewController]? {
        get { controllers.isEmpty && !hasControllers ? nil : controllers }
        set { setViewControllers(newValue, animated: false) }
    }
    private var controllers: [UIViewController] = []
    private var hasControllers = false

    /// The index of the selected controller (`NSNotFound` when there is none).
    open var selectedIndex: Int {
        get { controllers.isEmpty ? NSNotFound : selected }
        set {
            guard controllers.indices.contains(newValue), newValue != selected else { return }
            let old = selectedViewController
            selected = newValue
            showSelected(replacing: old)
        }
    }
    private var selected = 0

    /// The selected controller.
    open var selectedViewController: UIViewController? {
        get { controllers.indices.contains(selected) ? controllers[selected] : nil }
        set {
            guard let vc = newValue, let i = controllers.firstIndex(where: { $0 === vc }) else { return }
            selectedIndex = i
        }
    }

    open func setViewControllers(_ list: [UIViewController]?, animated: Bool) {
        let old = selectedViewController
        controllers = replaceChildren(controllers, with: list ?? [], shown: old)
        hasControllers = list != nil
        if let old, let i = controllers.firstIndex(where: { $0 === old }) { selected = i } else { selected = 0 }
        showSelected(replacing: old)
    }

    open override func loadView() { view = UILayoutContainerView { [unowned self] in layoutContainer() } }

    open override func viewDidLoad() {
        super.viewDidLoad()
        tabBar.tabTapped = { [unowned self] in selectedIndex = $0 }
        view.addSubview(tabBar)
        showSelected(replacing: nil)
    }

    private func showSelected(replacing old: UIViewController?) {
        tabBar.items = controllers.map { $0.tabBarItem }
        tabBar.selectedItem = selectedViewController?.tabBarItem
        guard let container = viewIfLoaded as? UILayoutContainerView else { return }
        // As on iOS, the navigation controllers of the other tabs have their (container) views
        // loaded, not in the window; their own top controllers' views are not loaded.
        for case let nav as UINavigationController in controllers { nav.loadViewIfNeeded() }
        container.show(selectedViewController, replacing: old, below: tabBar)
        container.setNeedsLayout()
    }

    private func layoutContainer() {
        guard let container = viewIfLoaded as? UILayoutContainerView else { return }
        let b = container.bounds
        let safeBottom = container.safeAreaInsets.bottom
        let height = BarMetrics.tabBarHeight(traitCollection)
        tabBar.itemHeight = height
        tabBar.frame = CGRect(x: 0, y: b.height - height - safeBottom, width: b.width, height: height + safeBottom)
        tabBar.setNeedsLayout()
        container.show(selectedViewController, below: tabBar)
        if let vc = selectedViewController {
            vc.containerBarInsets = UIEdgeInsets(top: 0, left: 0, bottom: height, right: 0)
            if vc.view.superview === container { vc.view.frame = b }
        }
    }
}
