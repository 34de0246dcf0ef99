import Foundation

/// Updates search results as the query changes (UIKit's `UISearchResultsUpdating`).
@preconcurrency @MainActor
public protocol UISearchResultsUpdating: AnyObject {
    /// The search bar's text or scope changed, or the search became active.
    func updateSearchResults(for searchController: UISearchController)
}

/// Hears a search controller becoming active and inactive (UIKit's
/// `UISearchControllerDelegate`; every method optional).
@preconcurrency @MainActor
public protocol UISearchControllerDelegate: AnyObject {
    func willPresentSearchController(_ searchController: UISearchController)
    func didPresentSearchController(_ searchController: UISearchController)
    func willDismissSearchController(_ searchController: UISearchController)
    func didDismissSearchController(_ searchController: UISearchController)
    func presentSearchController(_ searchController: UISearchController)
}

extension UISearchControllerDelegate {
    public func willPresentSearchController(_ searchController: UISearchController) {}
    public func didPresentSearchController(_ searchController: UISearchController) {}
    public func willDismissSearchController(_ searchController: UISearchController) {}
    public func didDismissSearchController(_ searchController: UISearchController) {}
    public func presentSearchController(_ searchController: UISearchController) {}
}

/// A search bar and the results it shows (UIKit's `UISearchController`), usually in a
/// navigation item's `searchController`. Editing the bar makes it active: the Cancel button
/// shows, the content below the bar is dimmed while the query is empty
/// (`obscuresBackgroundDuringPresentation`), and the results controller's view covers it once
/// there is a query; every change of the text or scope reaches the results updater. Cancel
/// ends it.
@preconcurrency @MainActor
open class UISearchController: UIViewController {
    /// The bar.
    public let searchBar = UISearchBar()
    /// The controller showing the results (nil: the searching controller shows them itself).
    public let searchResultsController: UIViewController?
    /// Updates the results (held weakly).
    open weak var searchResultsUpdater: (any UISearchResultsUpdating)?
    /// Hears activation (held weakly).
    open weak var delegate: (any UISearchControllerDelegate)?
    /// Whether the content is dimmed while searching with an empty query (true).
    open var obscuresBackgroundDuringPresentation = true
    /// The same, the iOS 8 name.
    open var dimsBackgroundDuringPresentation: Bool {
        get { obscuresBackgroundDuringPresentation }
        set { obscuresBackgroundDuringPresentation = newValue }
    }
    /// Whether the navigation bar hides while searching (true; Lamina keeps it).
    open var hidesNavigationBarDuringPresentation = true
    /// Whether the results controller shows by itself once there is a query (true).
    open var automaticallyShowsSearchResultsController = true
    /// Whether the results controller shows (set it to show or hide it yourself).
    open var showsSearchResultsController = false { didSet { placeResults() } }
    /// Whether Cancel shows while active (true).
    open var automaticallyShowsCancelButton = true
    /// Whether the scope bar shows while active (true).
    open var automaticallyShowsScopeBar = true

    /// Whether the search is active.
    open var isActive: Bool {
        get { active }
        set { newValue ? activate() : deactivate() }
    }
    private var active = false
    private let dimming = UIView()

    public init(searchResultsController: UIViewController?) {
        self.searchResultsController = searchResultsController
        super.init()
        searchBar.changed = { [unowned self] in
            if automaticallyShowsSearchResultsController { showsSearchResultsController = !(searchBar.text ?? "").isEmpty }
            searchResultsUpdater?.updateSearchResults(for: self)
            placeResults()
        }
        searchBar.beganEditing = { [unowned self] in activate() }
        searchBar.cancelled = { [unowned self] in deactivate() }
    }

    public convenience override init() { self.init(searchResultsController: nil) }

    public required init?(coder: NSCoder) { return nil }

    /// The controller whose navigation item holds this search controller (its presentation
    /// context).
    weak var host: UIViewController?

    private func activate() {
        guard !active else { return }
        delegate?.willPresentSearchController(self)
        active = true
        if automaticallyShowsCancelButton { searchBar.setShowsCancelButton(true, animated: true) }
        if automaticallyShowsScopeBar, searchBar.scopeButtonTitles != nil { searchBar.setShowsScope(true, animated: true) }
        if !searchBar.searchTextField.isFirstResponder { searchBar.searchTextField.becomeFirstResponder() }
        searchResultsUpdater?.updateSearchResults(for: self)
        placeResults()
        delegate?.didPresentSearchController(self)
    }

    private func deactivate() {
        guard active else { return }
        delegate?.willDismissSearchController(self)
        active = false
        searchBar.text = ""
        if automaticallyShowsCancelButton { searchBar.setShowsCancelButton(false, animated: true) }
        if automaticallyShowsScopeBar { searchBar.setShowsScope(false, animated: true) }
        _ = searchBar.searchTextField.resignFirstResponder()
        showsSearchResultsController = false
        placeResults()
        searchResultsUpdater?.updateSearchResults(for: self)
        delegate?.didDismissSearchController(self)
    }

    /// Covers the host's content below the bar: dimmed with an empty query, the results once
    /// shown.
    func placeResults() {
        let results = searchResultsController
        guard active, let hostView = host?.viewIfLoaded, let container = hostView.superview else {
            dimming.removeFromSuperview()
            if let r = results, r.parent === self {
                r.willMove(toParent: nil)
                r.viewIfLoaded?.removeFromSuperview()
                r.removeFromParent()
            }
            return
        }
        let top = searchBar.superview.map { $0.convert(CGPoint(x: 0, y: searchBar.frame.maxY), to: container).y } ?? hostView.frame.minY
        let area = CGRect(x: hostView.frame.minX, y: top, width: hostView.frame.width, height: max(0, hostView.frame.maxY - top))
        let dims = obscuresBackgroundDuringPresentation && (searchBar.text ?? "").isEmpty
        if dims {
            dimming.backgroundColor = UIColor(white: 0, alpha: 0.2)
            dimming.frame = area
            if dimming.superview !== container { container.addSubview(dimming) }
        } else {
            dimming.removeFromSuperview()
        }
        if let r = results {
            if showsSearchResultsController {
                if r.parent !== self { addChild(r); r.didMove(toParent: self) }
                r.view.frame = area
                if r.view.superview !== container { container.addSubview(r.view) }
            } else if r.parent === self {
                r.willMove(toParent: nil)
                r.viewIfLoaded?.removeFromSuperview()
                r.removeFromParent()
            }
        }
    }
}
