import Foundation

/// Where a collection view shows one element: a cell, a supplementary view (a header, a
/// footer, a badge) or a decoration view (a section background) (UIKit's
/// `UICollectionViewLayoutAttributes`). Subclasses that add properties override
/// `copy(with:)` and `isEqual(_:)`, as on iOS.
@preconcurrency @MainActor
open class UICollectionViewLayoutAttributes: NSObject, @preconcurrency NSCopying {
    /// What kind of element the attributes place.
    public enum ElementCategory: UInt, Sendable { case cell, supplementaryView, decorationView }

    /// The element's frame in the collection view's content.
    open var frame: CGRect = .zero
    /// The element's centre.
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    /// The element's size (kept about its centre).
    open var size: CGSize {
        get { frame.size }
        set { let c = center; frame.size = newValue; center = c }
    }
    /// The element's bounds (its size at the origin).
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { size = newValue.size }
    }
    /// The element's transform about its centre.
    open var transform: CGAffineTransform = .identity
    /// The element's 3D transform about its centre.
    open var transform3D: CATransform3D = CATransform3DIdentity
    /// The element's opacity.
    open var alpha: CGFloat = 1
    /// The element's stacking order (above 0 in front of cells, below 0 behind them).
    open var zIndex = 0
    /// Whether the element is hidden.
    open var isHidden = false
    /// The element the attributes are for.
    open var indexPath: IndexPath
    /// What kind of element is placed.
    open private(set) var representedElementCategory: ElementCategory
    /// The kind of a supplementary or decoration view (nil for cells).
    open private(set) var representedElementKind: String?

    /// Which sides the element sizes itself along (a compositional layout's estimated
    /// dimensions): the collection view asks the view's `preferredLayoutAttributesFitting(_:)`.
    var selfSizingWidth = false, selfSizingHeight = false
    /// Whether a list cell is its section's last (it draws no separator below), and the
    /// separator's colour and leading and trailing insets from the list layout.
    var listSeparator: ListSeparator?
    /// The orthogonal section whose scroll view holds the element (its frame is then in the
    /// section's unscrolled content).
    var orthogonalSection: Int?

    /// Attributes of a cell at index path (0, 0) (what `copy(with:)` starts from).
    public required override init() {
        indexPath = IndexPath(item: 0, section: 0)
        representedElementCategory = .cell
        super.init()
    }

    /// Attributes of the cell at `indexPath`.
    public convenience init(forCellWith indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
    }

    /// Attributes of a supplementary view of kind `elementKind` at `indexPath`.
    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }

    /// Attributes of a decoration view of kind `decorationViewKind` at `indexPath`.
    public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .decorationView
        representedElementKind = decorationViewKind
    }

    /// A copy of the attributes, of the same class.
    open func copy(with zone: NSZone? = nil) -> Any {
        let c = type(of: self).init()
        c.frame = frame
        c.transform = transform
        c.transform3D = transform3D
        c.alpha = alpha
        c.zIndex = zIndex
        c.isHidden = isHidden
        c.indexPath = indexPath
        c.representedElementCategory = representedElementCategory
        c.representedElementKind = representedElementKind
        c.selfSizingWidth = selfSizingWidth
        c.selfSizingHeight = selfSizingHeight
        c.listSeparator = listSeparator
        c.orthogonalSection = orthogonalSection
        return c
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? UICollectionViewLayoutAttributes else { return false }
        return MainActor.assumeIsolated { o.frame == frame && o.alpha == alpha && o.zIndex == zIndex && o.isHidden == isHidden
            && o.indexPath == indexPath && o.representedElementCategory == representedElementCategory
            && o.representedElementKind == representedElementKind && o.transform == transform
            && CATransform3DEqualToTransform(o.transform3D, transform3D) }
    }

    open override var hash: Int {
        MainActor.assumeIsolated {
            var h = Hasher()
            h.combine(indexPath)
            h.combine(representedElementCategory)
            h.combine(representedElementKind)
            return h.finalize()
        }
    }

    /// The element's identity in a collection view: its category, kind and index path.
    var elementKey: ElementKey { ElementKey(category: representedElementCategory, kind: representedElementKind, indexPath: indexPath) }
}

/// One element's identity in a collection view.
struct ElementKey: Hashable {
    var category: UICollectionViewLayoutAttributes.ElementCategory
    var kind: String?
    var indexPath: IndexPath
}

/// Where a list layout puts a row: its separator (hidden for the last of a grouped
/// section), its place in the section (inset-grouped rows round their ends) and its swipe actions.
struct ListSeparator {
    var hidden: Bool
    var color: UIColor
    var leadingInset: CGFloat?
    var trailingInset: CGFloat?
    var appearance: UICollectionLayoutListConfiguration.Appearance
    var first: Bool
    var last: Bool
    var leadingSwipe: ((IndexPath) -> UISwipeActionsConfiguration?)?
    var trailingSwipe: ((IndexPath) -> UISwipeActionsConfiguration?)?
    /// Whether the element is a header or footer of the list (a list cell drawn as a header).
    var supplementary = false
}
