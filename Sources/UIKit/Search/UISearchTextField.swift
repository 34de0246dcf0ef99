import Foundation

/// A token in a search field (UIKit's `UISearchToken`).
@preconcurrency @MainActor
open class UISearchToken: NSObject {
    /// What the token stands for.
    open var representedObject: Any?
    let text: String
    let icon: UIImage?

    public init(icon: UIImage?, text: String) {
        self.icon = icon
        self.text = text
        super.init()
    }
}

/// A search bar's text field (UIKit's `UISearchTextField`): a magnifying glass at its leading
/// side, a rounded 10-point fill, 17-point text, a clear button while editing; tokens are kept
/// in order (Lamina draws them as text before the query).
@preconcurrency @MainActor
open class UISearchTextField: UITextField {
    /// A search field has the search field trait.
    override var defaultAccessibilityTraits: UIAccessibilityTraits { super.defaultAccessibilityTraits.union(.searchField) }
    /// The tokens before the text.
    open var tokens: [UISearchToken] = [] { didSet { setNeedsDisplay() } }
    /// Whether tokens may be deleted (true).
    open var allowsDeletingTokens = true
    /// Whether tokens may be copied (false).
    open var allowsCopyingTokens = false
    /// The tokens' background (nil: the tint).
    open var tokenBackgroundColor: UIColor?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        font = .systemFont(ofSize: 17)
        backgroundColor = .tertiarySystemFill
        layer.cornerRadius = 10
        clipsToBounds = true
        clearButtonMode = .whileEditing
        returnKeyType = .search
        let glass = UIImageView(image: UIImage(systemName: "magnifyingglass"))
        glass.tintColor = .secondaryLabel
        glass.contentMode = .center
        glass.frame = CGRect(x: 0, y: 0, width: 28, height: 36)
        leftView = glass
        leftViewMode = .always
        placeholder = "Search"
    }

    public required init?(coder: NSCoder) { return nil }

    /// A search bar's delegate may refuse the editing first (`searchBarShouldBeginEditing`).
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if !isFirstResponder, let bar = superview as? UISearchBar, bar.delegate?.searchBarShouldBeginEditing(bar) == false {
            return false
        }
        return super.becomeFirstResponder()
    }

    open override func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: 6, y: 0, width: 24, height: bounds.height)
    }

    open override func textRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: 34, y: 0, width: max(0, bounds.width - 34 - (isEditing ? 28 : 8)), height: bounds.height)
    }

    /// Inserts `token` at `tokenIndex`.
    open func insertToken(_ token: UISearchToken, at tokenIndex: Int) {
        tokens.insert(token, at: min(max(0, tokenIndex), tokens.count))
    }

    /// Removes the token at `tokenIndex`.
    open func removeToken(at tokenIndex: Int) {
        guard tokens.indices.contains(tokenIndex) else { return }
        tokens.remove(at: tokenIndex)
    }
}
