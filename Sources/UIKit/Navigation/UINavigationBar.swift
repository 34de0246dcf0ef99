import Foundation

/// The bar at the top of a navigation controller (UIKit's `UINavigationBar`): the top item's
/// title in the middle, its bar button items at the sides, a back button when an item lies
/// below it, on the system background with a hairline below.
///
/// Drawn as iOS draws its standard bar over plain content (measured on Point-Free's iOS
/// references: a white bar, the hairline black at 30% one pixel high, the "+" of
/// `.add` 17.7 points wide in the tint colour, 2 points inside the layout margin); the blur of
/// translucent bars over content that scrolls beneath is not drawn.
open class UINavigationBar: UIView {
    /// The items of the navigation stack, bottom first; the last is shown.
    open private(set) var items: [UINavigationItem]? {
        didSet { setNeedsLayout() }
    }

    /// The item on top of the stack.
    open var topItem: UINavigationItem? { items?.last }

    /// The item below the top one (its title is the back button's).
    open var backItem: UINavigationItem? {
        guard let items, items.count >= 2 else { return nil }
        return items[items.count - 2]
    }

    /// Whether the bar is translucent (kept; the bar is drawn opaque).
    open var isTranslucent = true
    /// The bar's background colour (nil: the system background).
    open var barTintColor: UIColor? { didSet { setNeedsLayout() } }
    /// Whether the top item's title shows large (34-point bold, under the row of buttons) while
    /// its content is at its top; it collapses into the standard title as the content scrolls.
    open var prefersLargeTitles = false { didSet { setNeedsLayout() } }

    /// The height of the large title's area now (52 points expanded, 0 collapsed).
    var largeTitleHeight: CGFloat = 0 { didSet { if oldValue != largeTitleHeight { setNeedsLayout() } } }
    private let largeTitle = UILabel()

    /// Whether the top item shows a large title: its mode, else the first below it with one
    /// other than automatic, else yes.
    var showsLargeTitle: Bool {
        guard prefersLargeTitles, let items else { return false }
        for item in items.reversed() {
            switch item.largeTitleDisplayMode {
            case .always: return true
            case .never, .inline: return false
            case .automatic: continue
            }
        }
        return true
    }

    /// The bar's look (iOS 13): background, shadow line and title attributes. Until one is
    /// set, the bar is drawn as iOS draws its standard bar over plain content.
    /// Appearances are copied when set, as UIKit copies them: change one, then set it again.
    open var standardAppearance: UINavigationBarAppearance {
        get { appearances.standard }
        set { appearances.standard = newValue.copy(); customizedAppearance = true; setNeedsLayout() }
    }
    /// The look in a compact height (nil: the standard one).
    open var compactAppearance: UINavigationBarAppearance? {
        get { appearances.compact }
        set { appearances.compact = newValue?.copy(); setNeedsLayout() }
    }
    /// The look while the content is scrolled to its top (nil: the standard one).
    open var scrollEdgeAppearance: UINavigationBarAppearance? {
        get { appearances.scrollEdge }
        set { appearances.scrollEdge = newValue?.copy(); setNeedsLayout() }
    }
    /// The look at the scroll edge in a compact height.
    open var compactScrollEdgeAppearance: UINavigationBarAppearance? {
        get { appearances.compactScrollEdge }
        set { appearances.compactScrollEdge = newValue?.copy(); setNeedsLayout() }
    }
    private var appearances: (standard: UINavigationBarAppearance, compact: UINavigationBarAppearance?,
                              scrollEdge: UINavigationBarAppearance?, compactScrollEdge: UINavigationBarAppearance?)
        = (UINavigationBarAppearance(), nil, nil, nil)
    private var customizedAppearance = false

    /// The appearance in effect: the top item's, else the bar's; the scroll edge one first
    /// (Lamina's content is taken as scrolled to its top), nil while nothing was set.
    var effectiveAppearance: UINavigationBarAppearance? {
        let compact = traitCollection.verticalSizeClass == .compact
        let item = topItem
        let edge = compact ? (item?.compactScrollEdgeAppearance ?? compactScrollEdgeAppearance) : nil
        if let a = edge ?? item?.scrollEdgeAppearance ?? scrollEdgeAppearance { return a }
        if compact, let a = item?.compactAppearance ?? compactAppearance { return a }
        if let a = item?.standardAppearance { return a }
        return customizedAppearance ? standardAppearance : nil
    }

    private let background = UIView()
    private let hairline = UIView()
    private var itemViews: [UIView] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(background)
        background.addSubview(hairline)
    }

    public required init?(coder: NSCoder) { nil }

    open func setItems(_ items: [UINavigationItem]?, animated: Bool) { self.items = items }
    open func pushItem(_ item: UINavigationItem, animated: Bool) { items = (items ?? []) + [item] }
    @discardableResult
    open func popItem(animated: Bool) -> UINavigationItem? {
        guard var list = items, !list.isEmpty else { return nil }
        let top = list.removeLast()
        items = list
        return top
    }

    /// What a tap on the back button does (the navigation controller pops its top).
    var backTapped: (() -> Void)?

    /// How far the bar's background reaches above it (over the status bar area).
    var backgroundExtent: CGFloat = 0 { didSet { setNeedsLayout() } }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let px = BarMetrics.pixel(self)
        background.frame = CGRect(x: 0, y: -backgroundExtent, width: bounds.width, height: bounds.height + backgroundExtent)
        let appearance = effectiveAppearance
        background.backgroundColor = appearance?.resolvedBackground(fallback: barTintColor ?? .systemBackground) ?? barTintColor ?? .systemBackground
        hairline.frame = CGRect(x: 0, y: background.bounds.height, width: bounds.width, height: px)
        hairline.backgroundColor = appearance.map { $0.resolvedShadow } ?? BarMetrics.hairline
        hairline.isHidden = hairline.backgroundColor == nil
        // The item views are made again only when what they show or where it goes changed, so
        // a layout pass during a tap keeps the view being tapped.
        let shown = shownState
        if shown != builtState {
            builtState = shown
            layoutItems()
        }
        layoutLargeTitle()
    }

    /// What the item views were last made for.
    private var builtState: [String]?

    /// What the item views show and their room: the items (by identity), titles and widths.
    private var shownState: [String] {
        func id(_ o: AnyObject?) -> String { o.map { "\(ObjectIdentifier($0).hashValue)" } ?? "-" }
        guard let item = topItem else { return ["\(bounds.size)"] }
        let back = backItem
        return ["\(bounds.size)", "\(sideMargin)", "\(largeTitleHeight < 10)", id(effectiveAppearance), "\(effectiveAppearance?.titleTextAttributes.count ?? 0)",
                id(item), item.title ?? "", id(item.titleView), "\(item.hidesBackButton)",
                "\(item.leftItemsSupplementBackButton)", id(back), back?.title ?? "", back?.backButtonTitle ?? "",
                (item.leftBarButtonItems ?? []).map { id($0) + ($0.title ?? "") }.joined(separator: ","),
                (item.rightBarButtonItems ?? []).map { id($0) + ($0.title ?? "") }.joined(separator: ",")]
    }

    /// The layout margin at the sides: 16 points in a compact width, 20 in a regular one.
    private var sideMargin: CGFloat { traitCollection.horizontalSizeClass == .regular ? 20 : 16 }

    private func layoutItems() {
        itemViews.forEach { $0.removeFromSuperview() }
        itemViews = []
        guard let item = topItem else { return }
        let h = bounds.height - largeTitleHeight
        var x = sideMargin
        // The back button: when an item lies below and the left items do not replace it.
        if let back = backItem, !item.hidesBackButton, item.leftBarButtonItems == nil || item.leftItemsSupplementBackButton {
            let title = back.backButtonTitle ?? back.backBarButtonItem?.title ?? back.title ?? "Back"
            let v = BackButtonView(title: title)
            // A tap pops the top item, as the back button does (a navigation controller pops
            // its top controller with it).
            v.addGestureRecognizer(UITapGestureRecognizer(target: self, action: { me, g in
                if g.state == .ended { me.backTapped?() }
            }))
            v.frame = CGRect(x: sideMargin - 8, y: 0, width: v.width, height: h)
            add(v)
            x = v.frame.maxX + 8
        }
        for b in item.leftBarButtonItems ?? [] {
            let v = BarButtonItemView(item: b)
            v.frame = CGRect(x: x, y: 0, width: v.width, height: h)
            add(v)
            x += v.width + 8
        }
        var right = bounds.width - sideMargin
        for b in item.rightBarButtonItems ?? [] {
            let v = BarButtonItemView(item: b)
            right -= v.width
            v.frame = CGRect(x: right, y: 0, width: v.width, height: h)
            add(v)
            right -= 8
        }
        // The title (or the item's title view), centred in the bar where it fits.
        if let titleView = item.titleView {
            let s = titleView.bounds.size
            titleView.frame = CGRect(x: (bounds.width - s.width) / 2, y: (h - s.height) / 2, width: s.width, height: s.height)
            add(titleView)
        } else if let title = item.title, !title.isEmpty, largeTitleHeight < 10 {
            let label = UILabel()
            label.text = title
            label.accessibilityTraits = [.staticText, .header]
            let attributes = effectiveAppearance?.titleTextAttributes ?? [:]
            label.font = attributes[.font] as? UIFont ?? .systemFont(ofSize: 17, weight: .semibold)
            label.textColor = attributes[.foregroundColor] as? UIColor ?? .label
            label.textAlignment = .center
            let w = min(label.intrinsicContentSize.width, max(0, right - x))
            var left = (bounds.width - w) / 2
            left = min(max(left, x), right - w)
            label.frame = CGRect(x: left, y: 0, width: w, height: h)
            add(label)
        }
    }

    /// The large title under the row of buttons, fading as it collapses.
    private func layoutLargeTitle() {
        guard largeTitleHeight > 0, let title = topItem?.title, topItem?.titleView == nil else {
            largeTitle.removeFromSuperview()
            return
        }
        if largeTitle.superview !== self { addSubview(largeTitle) }
        let attributes = effectiveAppearance?.largeTitleTextAttributes ?? [:]
        largeTitle.text = title
        largeTitle.accessibilityTraits = [.staticText, .header]
        largeTitle.font = attributes[.font] as? UIFont ?? .systemFont(ofSize: 34, weight: .bold)
        largeTitle.textColor = attributes[.foregroundColor] as? UIColor ?? .label
        let row = bounds.height - largeTitleHeight
        largeTitle.frame = CGRect(x: sideMargin, y: row + largeTitleHeight - 52 + 3, width: max(0, bounds.width - 2 * sideMargin), height: 41)
        largeTitle.alpha = min(1, largeTitleHeight / 52)
        clipsToBounds = false
    }

    private func add(_ v: UIView) {
        addSubview(v)
        itemViews.append(v)
    }
}

/// A bar button item drawn in a bar: its custom view, its system glyph or its title, in the
/// tint colour.
final class BarButtonItemView: UIView {
    let item: UIBarButtonItem
    private let label = UILabel()

    override var defaultIsAccessibilityElement: Bool { item.customView == nil }
    override var defaultAccessibilityLabel: String? {
        item.accessibilityLabel ?? item.title ?? (item.systemItem == .add ? "Add" : nil)
    }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { item.isEnabled ? .button : [.button, .notEnabled] }

    init(item: UIBarButtonItem) {
        self.item = item
        super.init(frame: .zero)
        backgroundColor = .clear
        isOpaque = false
        if let custom = item.customView {
            addSubview(custom)
        } else if item.systemItem != .add, item.image == nil, let title = item.title {
            label.text = title
            label.font = .systemFont(ofSize: 17, weight: item.style == .done ? .semibold : .regular)
            addSubview(label)
        }
        if let tint = item.tintColor { tintColor = tint }
        // A tap runs the item's primary action.
        if item.customView == nil {
            addGestureRecognizer(UITapGestureRecognizer(target: self, action: { me, g in
                guard g.state == .ended else { return }
                // An item with a menu and no primary action opens its menu (iOS 14).
                if me.item.primaryAction == nil, me.item.isEnabled, let menu = me.item.menu, let window = me.window {
                    MenuOverlay.show(menu, in: window, anchor: me.convert(me.bounds, to: window), preview: nil, dims: false)
                } else {
                    me.item.sendAction()
                }
            }))
        }
    }

    required init?(coder: NSCoder) { nil }

    /// The item's width in the bar.
    var width: CGFloat {
        if let custom = item.customView { return custom.bounds.width }
        switch item.systemItem {
        case .add: return PlusGlyph.boxWidth
        case .fixedSpace: return item.width
        case .flexibleSpace: return 0
        default: break
        }
        if item.width > 0 { return item.width }
        if let image = item.image { return image.size.width }
        return label.intrinsicContentSize.width
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        if let custom = item.customView {
            let s = custom.bounds.size
            custom.frame = CGRect(x: 0, y: (bounds.height - s.height) / 2, width: s.width, height: s.height)
        }
        label.frame = bounds
        label.textColor = item.isEnabled ? tintColor : .systemGray
        setNeedsDisplay()
    }

    override func tintColorDidChange() { setNeedsLayout() }

    override class var drawsThroughDrawRect: Bool { true }

    override func draw(_ rect: CGRect) {
        let color: UIColor = item.isEnabled ? tintColor : .systemGray
        if item.systemItem == .add {
            PlusGlyph.draw(centeredAt: CGPoint(x: bounds.width / 2, y: bounds.height / 2), color: color)
        } else if item.customView == nil, let image = item.image {
            let s = image.size
            let r = CGRect(x: (bounds.width - s.width) / 2, y: (bounds.height - s.height) / 2, width: s.width, height: s.height)
            image.withTintColor(color).draw(in: r)
        }
    }
}

/// The "+" of `UIBarButtonItem.SystemItem.add` as iOS draws it (measured on Point-Free's 3x
/// references): two arms 17.7 points long with round ends, 1.67 points thick, in a box 21.83
/// points wide (its centre 10.9 points inside the layout margin).
enum PlusGlyph {
    static let boxWidth: CGFloat = 21.83
    static let halfLength: CGFloat = 8.85
    static let thickness: CGFloat = 1.67

    static func draw(centeredAt c: CGPoint, color: UIColor) {
        let path = UIBezierPath()
        let arm = halfLength - thickness / 2
        path.move(to: CGPoint(x: c.x - arm, y: c.y)); path.addLine(to: CGPoint(x: c.x + arm, y: c.y))
        path.move(to: CGPoint(x: c.x, y: c.y - arm)); path.addLine(to: CGPoint(x: c.x, y: c.y + arm))
        path.lineWidth = thickness
        path.lineCapStyle = .round
        color.setStroke()
        path.stroke()
    }
}

/// A navigation bar's back button: a chevron and the title of the item below, in the tint
/// colour.
final class BackButtonView: UIView {
    private let label = UILabel()

    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityLabel: String? { label.text }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .button }

    init(title: String) {
        super.init(frame: .zero)
        backgroundColor = .clear
        isOpaque = false
        label.text = title
        label.font = .systemFont(ofSize: 17)
        addSubview(label)
    }

    required init?(coder: NSCoder) { nil }

    /// The chevron's box (8 points of leading space, 12.5 wide) and the title after 6 points.
    var width: CGFloat { 8 + 12.5 + 6 + label.intrinsicContentSize.width }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.textColor = tintColor
        label.frame = CGRect(x: 8 + 12.5 + 6, y: 0, width: label.intrinsicContentSize.width, height: bounds.height)
        setNeedsDisplay()
    }

    override func tintColorDidChange() { setNeedsLayout() }

    override class var drawsThroughDrawRect: Bool { true }

    override func draw(_ rect: CGRect) {
        // A chevron 12.5 points wide and 21 high, 3 points thick with rounded joins.
        let c = CGPoint(x: 8 + 3, y: bounds.height / 2)
        let path = UIBezierPath()
        path.move(to: CGPoint(x: c.x + 9, y: c.y - 9))
        path.addLine(to: c)
        path.addLine(to: CGPoint(x: c.x + 9, y: c.y + 9))
        path.lineWidth = 3
        path.lineCapStyle = .round
        path.lineJoinStyle = .round
        tintColor.setStroke()
        path.stroke()
    }
}
