import Foundation

/// Places a collection view's cells (UIKit's `UICollectionViewLayout`): subclasses compute
/// the attributes in `prepare()` and answer for a rectangle.
@preconcurrency @MainActor
open class UICollectionViewLayout: NSObject {
    /// The collection view the layout places cells for.
    open internal(set) weak var collectionView: UICollectionView?
    var isValid = false

    public override init() { super.init() }

    /// Computes the layout (called before the collection view asks for attributes).
    open func prepare() {}
    /// The size of the whole content.
    open var collectionViewContentSize: CGSize { .zero }
    /// The attributes of the elements that intersect `rect`.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }
    /// The attributes of one item.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    /// The attributes of one supplementary view (a header, a footer, a badge).
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    /// The attributes of one decoration view.
    open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// Registers the class the collection view makes decoration views of `elementKind` from
    /// (nil unregisters); made through the class's own `init(frame:)`.
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        guard let viewClass else { decorationClasses[elementKind] = nil; return }
        guard let cls = viewClass as? UICollectionReusableView.Type else {
            preconditionFailure("UICollectionViewLayout.register: \(viewClass) is not a UICollectionReusableView subclass")
        }
        decorationClasses[elementKind] = cls
    }
    var decorationClasses: [String: UICollectionReusableView.Type] = [:]

    /// Whether a view's preferred attributes (a self-sizing cell's measured size) need a new
    /// layout; layouts that size elements themselves say no (the default).
    open func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                     withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        acceptsPreferredAttributes(preferredAttributes, original: originalAttributes)
    }

    /// Keeps a self-sized element's measured size; true when the layout must be computed again.
    func acceptsPreferredAttributes(_ preferred: UICollectionViewLayoutAttributes, original: UICollectionViewLayoutAttributes) -> Bool { false }

    /// Sections the layout scrolls across the main axis (a compositional layout's orthogonal
    /// sections): the collection view puts their elements in a scroll view of their own.
    var orthogonalSections: [OrthogonalSection] { [] }
    /// The data changed: measured sizes of self-sizing elements are forgotten.
    func dataReloaded() {}
    /// A batch update changed the data: sizes measured for surviving elements may follow them.
    func dataUpdated(_ map: BatchUpdates) { dataReloaded() }
    /// How far each orthogonal section is scrolled (set by its scroll view).
    var orthogonalOffsets: [Int: CGPoint] = [:]
    /// Whether a change of the collection view's bounds needs a new layout (a new size does).
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.size != (collectionView?.bounds.size ?? newBounds.size)
    }
    /// Marks the layout to be computed again.
    open func invalidateLayout() {
        isValid = false
        collectionView?.setNeedsLayout()
    }
}

/// Sizes and spacing a flow layout asks its collection view's delegate for (every method is
/// optional; the defaults are the layout's own properties).
@preconcurrency @MainActor
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        insetForSectionAt section: Int) -> UIEdgeInsets
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        minimumLineSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
}

extension UICollectionViewDelegateFlowLayout {
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               sizeForItemAt indexPath: IndexPath) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? CGSize(width: 50, height: 50)
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               insetForSectionAt section: Int) -> UIEdgeInsets {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 10
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 10
    }
}

/// Items in lines (UIKit's `UICollectionViewFlowLayout`): with vertical scrolling, rows filled
/// left to right and stacked down; with horizontal scrolling, columns filled top to bottom and
/// laid side by side. Lines are `minimumLineSpacing` apart; within a line items are at least
/// `minimumInteritemSpacing` apart, a full line's spare room shared between them, the last line
/// of a section at the minimum spacing, and one item alone centred across its line. Sizes and spacing come from the
/// delegate (`UICollectionViewDelegateFlowLayout`) when it answers.
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    public enum ScrollDirection: Int, Sendable { case vertical, horizontal }

    /// Whether lines stack down (vertical) or side by side (horizontal).
    open var scrollDirection: ScrollDirection = .vertical { didSet { invalidateLayout() } }
    /// The items' size when the delegate gives none.
    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// Accepted; items are sized by `itemSize` or the delegate.
    open var estimatedItemSize: CGSize = .zero
    /// The least space between lines.
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// The least space between items in a line.
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// The space around each section.
    open var sectionInset: UIEdgeInsets = .zero { didSet { invalidateLayout() } }

    /// The automatic size (for `estimatedItemSize`; Lamina sizes items by `itemSize` or the delegate).
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)

    private var attributes: [UICollectionViewLayoutAttributes] = []
    private var contentSize: CGSize = .zero

    /// The most items a layout places (a data source claiming more is cut, with a diagnostic).
    public static let maximumItemCount = 1_000_000

    open override var collectionViewContentSize: CGSize { contentSize }

    open override func prepare() {
        attributes = []
        contentSize = .zero
        guard let cv = collectionView else { return }
        let d = cv.delegate as? UICollectionViewDelegateFlowLayout
        let horizontal = scrollDirection == .horizontal
        // The extent across the lines (the height when scrolling horizontally).
        let inset = cv.adjustedContentInset
        let across = horizontal ? cv.bounds.height - inset.top - inset.bottom : cv.bounds.width - inset.left - inset.right
        var along: CGFloat = 0    // where the next section starts along the scrolling axis
        var total = 0
        for s in 0..<cv.numberOfSections {
            let n = cv.numberOfItems(inSection: s)
            let si = d?.collectionView(cv, layout: self, insetForSectionAt: s) ?? sectionInset
            let lineSpacing = d?.collectionView(cv, layout: self, minimumLineSpacingForSectionAt: s) ?? minimumLineSpacing
            let itemSpacing = d?.collectionView(cv, layout: self, minimumInteritemSpacingForSectionAt: s) ?? minimumInteritemSpacing
            let (startInset, endInset) = horizontal ? (si.left, si.right) : (si.top, si.bottom)
            let (crossStart, crossEnd) = horizontal ? (si.top, si.bottom) : (si.left, si.right)
            let room = max(0, across - crossStart - crossEnd)
            along += startInset
            // Items as (index, size along, size across).
            var line: [(Int, CGFloat, CGFloat)] = []
            var lineUsed: CGFloat = 0
            var firstLine = true
            func flush(last: Bool = false) {
                guard !line.isEmpty else { return }
                if !firstLine { along += lineSpacing }
                firstLine = false
                let thickness = line.map(\.1).max() ?? 0
                let sizes = line.map(\.2).reduce(0, +)
                // A full line shares its spare room; the section's last line keeps the minimum.
                let gap = line.count > 1 ? (last ? itemSpacing : max(itemSpacing, (room - sizes) / CGFloat(line.count - 1))) : 0
                var cross = crossStart + (line.count == 1 ? max(0, (room - line[0].2) / 2) : 0)
                for (i, a, c) in line {
                    let attr = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: i, section: s))
                    // Centred along the line's thickness.
                    let off = along + (thickness - a) / 2
                    attr.frame = horizontal ? CGRect(x: off, y: cross, width: a, height: c) : CGRect(x: cross, y: off, width: c, height: a)
                    attributes.append(attr)
                    cross += c + gap
                }
                along += thickness
                line = []
                lineUsed = 0
            }
            for i in 0..<n {
                guard total < Self.maximumItemCount else {
                    LaminaDiagnostics.report("UICollectionViewFlowLayout: more than \(Self.maximumItemCount) items; the rest are not placed")
                    break
                }
                total += 1
                let size = d?.collectionView(cv, layout: self, sizeForItemAt: IndexPath(item: i, section: s)) ?? itemSize
                let w = size.width.isFinite ? max(0, size.width) : 0, h = size.height.isFinite ? max(0, size.height) : 0
                let (a, c) = horizontal ? (w, h) : (h, w)
                if !line.isEmpty && lineUsed + itemSpacing + c > room { flush() }
                lineUsed += (line.isEmpty ? 0 : itemSpacing) + c
                line.append((i, a, c))
            }
            flush(last: true)
            along += endInset
        }
        contentSize = horizontal ? CGSize(width: along, height: across) : CGSize(width: across, height: along)
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        // Overlapping, not only touching (an item just below the visible bounds is not shown).
        attributes.filter { a in
            let f = a.frame
            return f.minX < rect.maxX && f.maxX > rect.minX && f.minY < rect.maxY && f.maxY > rect.minY
        }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        attributes.first { $0.indexPath == indexPath }
    }
}
