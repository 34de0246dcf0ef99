import Foundation

/// A search field with optional cancel button and scope bar (UIKit's `UISearchBar`), iOS 17's
/// look: 56 points tall (52 in a navigation bar), the field 36 points tall 8 points from the
/// sides, the Cancel button at the trailing side while editing, the scope bar (a segmented
/// control) below. Typing tells the delegate; the search key and Cancel call its methods.
@preconcurrency @MainActor
open class UISearchBar: UIView {
    /// The bar's look.
    public enum Style: UInt, Sendable { case `default` = 0, prominent, minimal }

    /// The delegate (held weakly).
    open weak var delegate: (any UISearchBarDelegate)?
    /// The text field.
    public let searchTextField = UISearchTextField(frame: .zero)
    /// The look (default: prominent).
    open var searchBarStyle: Style = .default { didSet { setNeedsLayout() } }
    /// The bar's background tint (nil: none).
    open var barTintColor: UIColor? { didSet { setNeedsLayout() } }
    /// Whether the bar is translucent.
    open var isTranslucent = true
    /// A line above the field (kept; Lamina does not draw it).
    open var prompt: String?
    /// The query.
    open var text: String? {
        get { searchTextField.text }
        set { searchTextField.text = newValue }
    }
    /// The grey text shown when the field is empty ("Search").
    open var placeholder: String? {
        get { searchTextField.placeholder }
        set { searchTextField.placeholder = newValue }
    }
    /// Whether the Cancel button shows.
    open var showsCancelButton = false { didSet { setNeedsLayout() } }
    /// Whether a bookmark button shows in the field (kept).
    open var showsBookmarkButton = false
    /// Whether a results button shows in the field (kept).
    open var showsSearchResultsButton = false
    /// Whether the results button is selected (kept).
    open var isSearchResultsButtonSelected = false
    /// The scope bar's titles.
    open var scopeButtonTitles: [String]? { didSet { rebuildScopes() } }
    /// The selected scope.
    open var selectedScopeButtonIndex = 0 {
        didSet { scopeBar?.selectedSegmentIndex = selectedScopeButtonIndex }
    }
    /// Whether the scope bar shows.
    open var showsScopeBar = false { didSet { rebuildScopes() } }
    /// Whether the bar takes input (iOS 16.4).
    open var isEnabled = true { didSet { searchTextField.isEnabled = isEnabled } }
    /// The keyboard's return key and text traits come from the field.
    open var autocapitalizationType: UITextAutocapitalizationType {
        get { searchTextField.autocapitalizationType }
        set { searchTextField.autocapitalizationType = newValue }
    }
    open var autocorrectionType: UITextAutocorrectionType {
        get { searchTextField.autocorrectionType }
        set { searchTextField.autocorrectionType = newValue }
    }
    open var keyboardType: UIKeyboardType {
        get { searchTextField.keyboardType }
        set { searchTextField.keyboardType = newValue }
    }
    open var inputAccessoryView: UIView? {
        get { searchTextField.inputAccessoryView }
        set { searchTextField.inputAccessoryView = newValue }
    }

    private let cancelButton = UIButton(type: .system)
    private var scopeBar: UISegmentedControl?
    /// Inside a navigation bar (52 points, no background of its own).
    var isInNavigationBar = false { didSet { setNeedsLayout() } }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(searchTextField)
        cancelButton.setTitle("Cancel", for: .normal)
        cancelButton.titleLabel?.font = .systemFont(ofSize: 17)
        cancelButton.addAction(UIAction { [unowned self] _ in delegate?.searchBarCancelButtonClicked(self) }, for: .touchUpInside)
        addSubview(cancelButton)
        searchTextField.addAction(UIAction { [unowned self] _ in
            delegate?.searchBar(self, textDidChange: text ?? "")
            changed?()
        }, for: .editingChanged)
        searchTextField.addAction(UIAction { [unowned self] _ in
            delegate?.searchBarTextDidBeginEditing(self)
            beganEditing?()
        }, for: .editingDidBegin)
        searchTextField.addAction(UIAction { [unowned self] _ in delegate?.searchBarTextDidEndEditing(self) }, for: .editingDidEnd)
        searchTextField.addAction(UIAction { [unowned self] _ in delegate?.searchBarSearchButtonClicked(self) }, for: .editingDidEndOnExit)
    }

    public convenience init() { self.init(frame: CGRect(x: 0, y: 0, width: UIScreen.main.bounds.width, height: 56)) }

    public required init?(coder: NSCoder) { return nil }

    /// Called when the text changed (a search controller's hook).
    var changed: (() -> Void)?
    /// Called when editing began (a search controller's hook).
    var beganEditing: (() -> Void)?
    /// Called when Cancel was tapped, after the delegate (a search controller's hook).
    var cancelled: (() -> Void)? {
        didSet {
            cancelButton.addAction(UIAction { [unowned self] _ in cancelled?() }, for: .touchUpInside)
        }
    }

    /// Shows or hides the Cancel button.
    open func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) { self.showsCancelButton = showsCancelButton }
    /// Shows or hides the scope bar (iOS 16).
    open func setShowsScope(_ show: Bool, animated: Bool) { showsScopeBar = show }

    private func rebuildScopes() {
        scopeBar?.removeFromSuperview()
        scopeBar = nil
        guard showsScopeBar, let titles = scopeButtonTitles, !titles.isEmpty else { invalidateIntrinsicContentSize(); return }
        let s = UISegmentedControl(items: titles)
        s.selectedSegmentIndex = min(selectedScopeButtonIndex, titles.count - 1)
        s.addAction(UIAction { [unowned self, unowned s] _ in
            selectedScopeButtonIndex = s.selectedSegmentIndex
            delegate?.searchBar(self, selectedScopeButtonIndexDidChange: s.selectedSegmentIndex)
        }, for: .valueChanged)
        addSubview(s)
        scopeBar = s
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// The bar's height: 56 points (52 in a navigation bar), 44 more with the scope bar.
    var barHeight: CGFloat { (isInNavigationBar ? 52 : 56) + (scopeBar == nil ? 0 : 44) }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: barHeight) }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: barHeight) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if !isInNavigationBar, searchBarStyle != .minimal { backgroundColor = barTintColor ?? .systemBackground }
        let side: CGFloat = isInNavigationBar ? 16 : 8
        var trailing = bounds.width - side
        cancelButton.isHidden = !showsCancelButton
        if showsCancelButton {
            let w = ceil(cancelButton.sizeThatFits(CGSize(width: 200, height: 36)).width)
            cancelButton.frame = CGRect(x: bounds.width - side - w, y: isInNavigationBar ? 1 : 10, width: w, height: 36)
            trailing = cancelButton.frame.minX - 8
        }
        searchTextField.frame = CGRect(x: side, y: isInNavigationBar ? 1 : 10, width: max(0, trailing - side), height: 36)
        scopeBar?.frame = CGRect(x: side, y: searchTextField.frame.maxY + 10, width: bounds.width - 2 * side, height: 32)
    }
}
