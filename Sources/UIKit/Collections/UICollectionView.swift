import Foundation

/// Supplies a collection view's items (UIKit's `UICollectionViewDataSource`).
@preconcurrency @MainActor
public protocol UICollectionViewDataSource: AnyObject {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    func numberOfSections(in collectionView: UICollectionView) -> Int
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
}

/// Hears a collection view's selection and display (UIKit's `UICollectionViewDelegate`;
/// every method is optional).
@preconcurrency @MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    /// The context menu of a long press on items (iOS 16; by default the single-item method's
    /// for the first).
    func collectionView(_ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
                        point: CGPoint) -> UIContextMenuConfiguration?
    /// The context menu of a long press on an item (iOS 13–15).
    func collectionView(_ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath,
                        point: CGPoint) -> UIContextMenuConfiguration?
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
                               point: CGPoint) -> UIContextMenuConfiguration? {
        indexPaths.first.flatMap { self.collectionView(collectionView, contextMenuConfigurationForItemAt: $0, point: point) }
    }
    public func collectionView(_ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath,
                               point: CGPoint) -> UIContextMenuConfiguration? { nil }
}

/// A view that a collection view reuses (UIKit's `UICollectionReusableView`).
open class UICollectionReusableView: UIView {
    /// The identifier the view was registered and dequeued with.
    open internal(set) var reuseIdentifier: String?

    /// Called before the view is handed out again.
    open func prepareForReuse() {}

    /// Takes the attributes its layout gave it.
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// How a collection view makes a registered class (Lamina SPI): `init(frame:)` of the
    /// dynamic class, its override included, called with the class by `CLaminaDynamicInit`, as
    /// Apple's runtime does (not `required`, so subclasses that declare initializers of their own
    /// need not repeat it).
    @_spi(LaminaRuntime) public convenience init(registeredWith reuseIdentifier: NSString) {
        self.init(frame: .zero)
        self.reuseIdentifier = String(describing: reuseIdentifier)
    }
}

/// A collection view's cell (UIKit's `UICollectionViewCell`): put content in `contentView`,
/// which fills the cell above its background views.
open class UICollectionViewCell: UICollectionReusableView {
    /// The view the cell's content goes in (it fills the cell).
    public let contentView = UIView()
    /// A view behind the content.
    open var backgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let v = backgroundView { insertSubview(v, at: 0) }; setNeedsLayout() }
    }
    /// A view behind the content while selected or highlighted.
    open var selectedBackgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); updateSelection() }
    }
    /// Whether it is shown selected.
    open var isSelected = false { didSet { updateSelection() } }
    /// Whether the cell is shown highlighted.
    open var isHighlighted = false { didSet { updateSelection() } }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.frame = bounds
        addSubview(contentView)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        contentView.frame = bounds
        addSubview(contentView)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
        isSelected = false
        isHighlighted = false
    }

    private func updateSelection() {
        guard let v = selectedBackgroundView else { return }
        if isSelected || isHighlighted {
            if v.superview !== self { insertSubview(v, belowSubview: contentView) }
            v.frame = bounds
        } else {
            v.removeFromSuperview()
        }
    }
}

/// Items placed by a layout in a scroll view (UIKit's `UICollectionView`): the data source
/// gives the counts and the cells, the layout (a `UICollectionViewFlowLayout` or a subclass of
/// `UICollectionViewLayout`) their frames; only the cells in the visible bounds exist, the
/// others go back to a reuse pool. A tap selects an item and tells the delegate.
open class UICollectionView: UIScrollView {
    /// What gives the pages (or the items).
    open weak var dataSource: UICollectionViewDataSource? { didSet { reloadData() } }

    /// The layout placing the cells.
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            collectionViewLayout.invalidateLayout()
        }
    }

    /// Whether a tap selects an item.
    open var allowsSelection = true
    /// Whether several items can be selected at once (a second tap deselects).
    open var allowsMultipleSelection = false
    /// A view behind the content.
    open var backgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let v = backgroundView { insertSubview(v, at: 0) }; setNeedsLayout() }
    }

    private var registered: [String: (String) -> UICollectionViewCell] = [:]
    private var reusePool: [String: [UICollectionViewCell]] = [:]
    private var visible: [IndexPath: UICollectionViewCell] = [:]
    private var selected: Set<IndexPath> = []
    private var counts: [Int]?

    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        collectionViewLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        collectionViewLayout.collectionView = self
        // A long press on an item asks the delegate for its context menu; the item is lifted.
        addInteraction(ItemContextMenu(collection: self))
        let tap = UITapGestureRecognizer(target: self, action: { me, g in me.tapped(g) })
        tap.cancelsTouchesInView = false
        addGestureRecognizer(tap)
    }

    private func tapped(_ g: UIGestureRecognizer) {
        guard g.state == .ended else { return }
        let p = g.location(in: self)
        // A control inside the cell takes its own taps.
        if let hit = hitTest(p, with: nil), hit is UIControl { return }
        tapItem(at: p)
    }

    // MARK: Data

    /// The number of sections (the data source's; 0 without one).
    open var numberOfSections: Int { loadCounts().count }

    /// The number of items in `section`.
    open func numberOfItems(inSection section: Int) -> Int {
        let c = loadCounts()
        return c.indices.contains(section) ? c[section] : 0
    }

    private func loadCounts() -> [Int] {
        if let counts { return counts }
        guard let ds = dataSource else { counts = []; return [] }
        let sections = min(max(0, ds.numberOfSections(in: self)), 100_000)
        let c = (0..<sections).map { max(0, ds.collectionView(self, numberOfItemsInSection: $0)) }
        counts = c
        return c
    }

    /// Forgets every item and asks the data source again.
    open func reloadData() {
        for (_, cell) in visible { recycle(cell) }
        visible = [:]
        counts = nil
        collectionViewLayout.invalidateLayout()
        setNeedsLayout()
    }

    open func reloadItems(at indexPaths: [IndexPath]) { reloadData() }
    open func insertItems(at indexPaths: [IndexPath]) { reloadData() }
    open func deleteItems(at indexPaths: [IndexPath]) { reloadData() }
    open func reloadSections(_ sections: IndexSet) { reloadData() }
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        updates?()
        reloadData()
        completion?(true)
    }

    // MARK: Cells

    /// Registers the class the collection view makes cells of for `identifier` (nil
    /// unregisters); made through the class's own `init(frame:)`, as on Apple.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard let cellClass else { registered[identifier] = nil; return }
        guard let cls = cellClass as? UICollectionViewCell.Type else {
            preconditionFailure("UICollectionView.register: \(cellClass) is not a UICollectionViewCell subclass")
        }
        registered[identifier] = { DynamicViews.cell(cls, $0) }
    }

    /// A reusable cell for `identifier`, placed for `indexPath`; the identifier must be
    /// registered (a programmer error otherwise, as on iOS).
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        let cell: UICollectionViewCell
        if var pool = reusePool[identifier], let c = pool.popLast() {
            reusePool[identifier] = pool
            c.prepareForReuse()
            cell = c
        } else if let make = registered[identifier] {
            cell = make(identifier)
        } else {
            preconditionFailure("UICollectionView: unable to dequeue a cell with identifier \(identifier) - register a class for it first")
        }
        if let a = collectionViewLayout.layoutAttributesForItem(at: indexPath) { cell.frame = a.frame }
        return cell
    }

    /// The cell shown for `indexPath` (nil when it is not visible).
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { visible[indexPath] }

    /// The cells shown.
    open var visibleCells: [UICollectionViewCell] { indexPathsForVisibleItems.compactMap { visible[$0] } }

    /// The index paths of the cells shown, in order.
    open var indexPathsForVisibleItems: [IndexPath] { visible.keys.sorted() }

    /// The index path of `cell` when it is shown.
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? { visible.first { $0.value === cell }?.key }

    /// The item at `point` (content coordinates).
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForElements(in: CGRect(origin: point, size: CGSize(width: 1, height: 1)))?
            .first { $0.frame.contains(point) }?.indexPath
    }

    // MARK: Selection

    /// The selected items, in order (nil when none is).
    open var indexPathsForSelectedItems: [IndexPath]? { selected.isEmpty ? nil : selected.sorted() }

    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        if !allowsMultipleSelection { for p in selected where p != indexPath { deselectItem(at: p, animated: false) } }
        guard let indexPath else { return }
        selected.insert(indexPath)
        visible[indexPath]?.isSelected = true
    }

    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selected.remove(indexPath)
        visible[indexPath]?.isSelected = false
    }

    /// Where an item lands when scrolled to (accepted; selection does not scroll).
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// A tap on an item: selects it (or deselects it with multiple selection) and tells the delegate.
    func tapItem(at point: CGPoint) {
        guard allowsSelection, let path = indexPathForItem(at: point) else { return }
        let d = delegate as? UICollectionViewDelegate
        if allowsMultipleSelection && selected.contains(path) {
            deselectItem(at: path, animated: false)
            d?.collectionView(self, didDeselectItemAt: path)
            return
        }
        let before = selected
        selectItem(at: path, animated: false, scrollPosition: [])
        for p in before where p != path && !selected.contains(p) { d?.collectionView(self, didDeselectItemAt: p) }
        d?.collectionView(self, didSelectItemAt: path)
    }

    // MARK: Layout

    private var laidOutSize: CGSize?

    private func prepareLayoutIfNeeded() {
        // A new size lays the items out again (as a flow layout invalidates itself).
        if laidOutSize != bounds.size { collectionViewLayout.isValid = false }
        guard !collectionViewLayout.isValid else { return }
        collectionViewLayout.isValid = true
        collectionViewLayout.prepare()
        laidOutSize = bounds.size
        contentSize = collectionViewLayout.collectionViewContentSize
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        backgroundView?.frame = bounds
        prepareLayoutIfNeeded()
        let rect = bounds
        let shown = collectionViewLayout.layoutAttributesForElements(in: rect) ?? []
        let wanted = Set(shown.map(\.indexPath))
        for (path, cell) in visible where !wanted.contains(path) {
            recycle(cell)
            visible[path] = nil
        }
        guard let ds = dataSource else { return }
        let d = delegate as? UICollectionViewDelegate
        for a in shown where a.representedElementCategory == .cell {
            if let cell = visible[a.indexPath] {
                cell.frame = a.frame
                continue
            }
            let cell = ds.collectionView(self, cellForItemAt: a.indexPath)
            cell.frame = a.frame
            cell.alpha = a.alpha
            cell.isHidden = a.isHidden
            cell.layer.zPosition = CGFloat(a.zIndex)
            cell.apply(a)
            cell.isSelected = selected.contains(a.indexPath)
            d?.collectionView(self, willDisplay: cell, forItemAt: a.indexPath)
            insertSubview(cell, at: backgroundView == nil ? 0 : 1)
            visible[a.indexPath] = cell
        }
    }

    private func recycle(_ cell: UICollectionViewCell) {
        cell.removeFromSuperview()
        guard let id = cell.reuseIdentifier else { return }
        var pool = reusePool[id] ?? []
        if pool.count < 64 { pool.append(cell) }
        reusePool[id] = pool
    }
}
