import Foundation

/// What a view controller shows in a navigation bar (UIKit's `UINavigationItem`): its title
/// and the bar button items at each side.
///
/// Every view controller has one (`navigationItem`); a `UINavigationController`'s bar shows the
/// top controller's.
@preconcurrency @MainActor
open class UINavigationItem: NSObject {
    /// How a large title is shown.
    public enum LargeTitleDisplayMode: Int, Sendable { case automatic, always, never, inline }

    /// The title shown for it.
    open var title: String?
    /// A view shown in place of the title.
    open var titleView: UIView?
    /// A line of text above the title (kept; not drawn).
    open var prompt: String?
    /// The item the next controller's back button shows.
    open var backBarButtonItem: UIBarButtonItem?
    /// The title the next controller's back button shows.
    open var backButtonTitle: String?
    /// Whether the back button is hidden.
    open var hidesBackButton = false
    /// Whether the left items are shown beside the back button rather than instead of it.
    open var leftItemsSupplementBackButton = false
    /// How a large title is shown (kept; titles are drawn in the standard size).
    open var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic
    /// This item's bar look (nil: the bar's own).
    open var standardAppearance: UINavigationBarAppearance? {
        get { itemAppearances["standardAppearance"] }
        set { itemAppearances["standardAppearance"] = newValue?.copy(); changed?() }
    }
    /// This item's look in a compact height.
    open var compactAppearance: UINavigationBarAppearance? {
        get { itemAppearances["compactAppearance"] }
        set { itemAppearances["compactAppearance"] = newValue?.copy(); changed?() }
    }
    /// This item's look at the scroll edge.
    open var scrollEdgeAppearance: UINavigationBarAppearance? {
        get { itemAppearances["scrollEdgeAppearance"] }
        set { itemAppearances["scrollEdgeAppearance"] = newValue?.copy(); changed?() }
    }
    /// This item's look at the scroll edge in a compact height.
    open var compactScrollEdgeAppearance: UINavigationBarAppearance? {
        get { itemAppearances["compactScrollEdgeAppearance"] }
        set { itemAppearances["compactScrollEdgeAppearance"] = newValue?.copy(); changed?() }
    }
    /// The search controller whose bar shows under the navigation bar's title row.
    open var searchController: UISearchController? { didSet { changed?() } }
    /// Whether the search bar hides as the content scrolls (true; Lamina keeps it shown).
    open var hidesSearchBarWhenScrolling = true
    private var itemAppearances: [String: UINavigationBarAppearance] = [:]
    /// Tells the bar showing the item that it changed.
    var changed: (() -> Void)?

    /// The items at the leading side, first one outermost.
    open var leftBarButtonItems: [UIBarButtonItem]?
    /// The items at the trailing side, first one outermost.
    open var rightBarButtonItems: [UIBarButtonItem]?

    /// The first of `leftBarButtonItems`; setting it makes it the only one.
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }

    /// The first of `rightBarButtonItems`; setting it makes it the only one.
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }

    public init(title: String) {
        self.title = title
        super.init()
    }

    public override init() { super.init() }

    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { rightBarButtonItems = items }
    open func setHidesBackButton(_ hides: Bool, animated: Bool) { hidesBackButton = hides }
}
