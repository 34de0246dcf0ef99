import Foundation

/// Manages a view (UIKit's `UIViewController`): its view is made on first use (`loadView()`,
/// then `viewDidLoad()`), and the controller is the view's next responder.
open class UIViewController: UIResponder {
    private var _view: UIView?

    public override init() { super.init() }
    /// Made without an interface file (Lamina has none).
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    /// A controller decoded from an archive: Lamina has no interface files.
    public required init?(coder: NSCoder) { super.init() }

    /// The identifier state restoration saves the controller under (kept; Lamina restores no
    /// state).
    open var restorationIdentifier: String?

    /// The root view, made by `loadView()` on first access.
    open var view: UIView! {
        get {
            if _view == nil { loadViewIfNeeded() }
            return _view
        }
        set {
            _view?.owningViewController = nil
            _view = newValue
            newValue?.owningViewController = self
        }
    }

    /// Whether the view has been made.
    open var isViewLoaded: Bool { _view != nil }

    /// The view if it has been made, without making it.
    open var viewIfLoaded: UIView? { _view }

    /// Makes the view now if it was not made yet.
    open func loadViewIfNeeded() {
        guard _view == nil else { return }
        loadView()
        if _view == nil { view = UIView(frame: UIScreen.main.bounds) }
        viewDidLoad()
    }

    /// Makes the view; the default makes a plain view the size of the screen.
    open func loadView() { view = UIView(frame: UIScreen.main.bounds) }

    /// Called once the view has been made.
    open func viewDidLoad() {}
    /// Called before the view appears (when set as a window's root).
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view appeared.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view lays out its subviews.
    open func viewWillLayoutSubviews() {}
    /// Called after the view laid out its subviews.
    open func viewDidLayoutSubviews() {}

    /// The next responder: the view's superview.
    open override var next: UIResponder? { _view?.superview }
}
