import Foundation

/// Items placed by a layout in a scroll view (UIKit's `UICollectionView`): the data source
/// gives the counts, the cells and the supplementary views (headers, footers), the layout (a
/// `UICollectionViewFlowLayout`, a `UICollectionViewCompositionalLayout` or a subclass of
/// `UICollectionViewLayout`) their frames; only the elements in the visible bounds exist, the
/// others go back to a reuse pool. A tap selects an item and tells the delegate. Sections a
/// compositional layout scrolls orthogonally get a scroll view of their own, as on iOS; cells
/// with estimated sizes are measured (`preferredLayoutAttributesFitting(_:)`) and laid out
/// again. Batch updates keep the cells of surviving items, move them to their new places and
/// fade inserted and deleted items in and out, animated as UIKit does.
open class UICollectionView: UIScrollView {
    /// The kind of a flow layout's section headers (and a list's).
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of a flow layout's section footers (and a list's).
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// What gives the items.
    open weak var dataSource: UICollectionViewDataSource? { didSet { reloadData() } }

    /// The layout placing the elements.
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            collectionViewLayout.invalidateLayout()
        }
    }

    /// Changes the layout (animated changes are shown at once).
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        collectionViewLayout = layout
        completion?(true)
    }

    /// Whether a tap selects an item.
    open var allowsSelection = true
    /// Whether several items can be selected at once (a second tap deselects).
    open var allowsMultipleSelection = false
    /// Whether the collection view is in editing mode (list cells show their editing accessories).
    open var isEditing = false {
        didSet { if oldValue != isEditing { for cell in visible.values { cell.setNeedsUpdateConfiguration() } } }
    }
    /// A view behind the content.
    open var backgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let v = backgroundView { insertSubview(v, at: 0) }; setNeedsLayout() }
    }

    private var registered: [String: (String) -> UICollectionViewCell] = [:]
    private var registeredSupplementary: [String: (String) -> UICollectionReusableView] = [:]
    private var reusePool: [String: [UICollectionReusableView]] = [:]
    private var visible: [IndexPath: UICollectionViewCell] = [:]
    private var visibleOther: [ElementKey: UICollectionReusableView] = [:]
    /// What each view was measured at: the size its layout gave it and the size it asked for.
    private var measured: [ObjectIdentifier: (given: CGSize, wanted: CGSize)] = [:]
    private var selected: Set<IndexPath> = []
    private var counts: [Int]?
    private var scrollers: [Int: OrthogonalScroller] = [:]
    /// Registrations already made here (cell and supplementary registrations register once).
    var registrationsSeen: Set<String> = []
    /// The item the user is moving, if any (its cell is not placed by layout meanwhile).
    var movement: InteractiveMovement?

    /// A collection view placing its items with `layout`.
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
        // A horizontal drag on a list row reveals its list configuration's swipe actions.
        swipe = RowSwipeActions(host: self, rowAt: { [unowned self] p in
            guard let path = self.indexPathForItem(at: p), let cell = self.visible[path] else { return nil }
            return (cell, path)
        }, provider: { [unowned self] path, leading in
            guard let list = self.collectionViewLayout.layoutAttributesForItem(at: path)?.listSeparator else { return nil }
            return leading ? list.leadingSwipe?(path) : list.trailingSwipe?(path)
        })
    }

    private var swipe: RowSwipeActions?

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        // A drag that starts on a view with a pan of its own inside a cell (a reorder handle)
        // is that view's, not a scroll.
        if gestureRecognizer === panGestureRecognizer {
            let p = panGestureRecognizer.location(in: self), t = panGestureRecognizer.translation(in: self)
            if let hit = hitTest(CGPoint(x: p.x - t.x, y: p.y - t.y), with: nil), hit !== self,
               hit.gestureRecognizers?.contains(where: { $0 is UIPanGestureRecognizer }) == true,
               visible.values.contains(where: { hit.isDescendant(of: $0) }) {
                return false
            }
        }
        return swipe?.shouldBegin(gestureRecognizer) ?? true
    }

    private func tapped(_ g: UIGestureRecognizer) {
        guard g.state == .ended else { return }
        if swipe?.tap(at: g.location(in: self)) == true { return }
        // A control inside the cell takes its own taps.
        if let hit = hitTest(g.location(in: self), with: nil), hit is UIControl { return }
        if let path = itemIndexPath(atWindowPoint: g.location(in: nil)) { tapItem(path) }
    }

    /// The item under a point in the window: cells of orthogonal sections are found where
    /// their scroll view shows them.
    private func itemIndexPath(atWindowPoint p: CGPoint) -> IndexPath? {
        for (path, cell) in visible where !cell.isHidden {
            if cell.bounds.contains(cell.convert(p, from: nil)) { return path }
        }
        return indexPathForItem(at: convert(p, from: nil))
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

    /// Forgets every element and asks the data source again.
    open func reloadData() {
        swipe?.close(animated: false)
        for (_, cell) in visible { recycle(cell) }
        for (_, v) in visibleOther { recycle(v) }
        visible = [:]
        visibleOther = [:]
        measured = [:]
        counts = nil
        collectionViewLayout.dataReloaded()
        collectionViewLayout.invalidateLayout()
        setNeedsLayout()
    }

    // MARK: Batch updates

    private var pendingUpdates: [BatchUpdates.Change]?

    /// Inserts items at index paths after the update (animated, within `performBatchUpdates` or alone).
    open func insertItems(at indexPaths: [IndexPath]) { record(indexPaths.map { .insertItem($0) }) }
    /// Deletes the items at index paths before the update.
    open func deleteItems(at indexPaths: [IndexPath]) { record(indexPaths.map { .deleteItem($0) }) }
    /// Asks the data source again for the items' cells.
    open func reloadItems(at indexPaths: [IndexPath]) { record(indexPaths.map { .reloadItem($0) }) }
    /// Updates the items' cells in place (iOS 15): Lamina asks the data source for them again.
    open func reconfigureItems(at indexPaths: [IndexPath]) { record(indexPaths.map { .reloadItem($0) }) }
    /// Moves an item (its cell kept, sliding to the new place).
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { record([.moveItem(indexPath, newIndexPath)]) }
    /// Inserts sections at indexes after the update.
    open func insertSections(_ sections: IndexSet) { record(sections.map { .insertSection($0) }) }
    /// Deletes the sections at indexes before the update.
    open func deleteSections(_ sections: IndexSet) { record(sections.map { .deleteSection($0) }) }
    /// Asks the data source again for the sections' items.
    open func reloadSections(_ sections: IndexSet) { record(sections.map { .reloadSection($0) }) }
    /// Moves a section with its items.
    open func moveSection(_ section: Int, toSection newSection: Int) { record([.moveSection(section, newSection)]) }

    /// Applies the changes made in `updates` together, animating cells to their new places.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let outer = pendingUpdates == nil
        if outer { pendingUpdates = [] }
        updates?()
        guard outer else { return }
        let changes = pendingUpdates ?? []
        pendingUpdates = nil
        applyUpdates(changes, animated: UIView.areAnimationsEnabled, completion: completion)
    }

    private func record(_ changes: [BatchUpdates.Change]) {
        if pendingUpdates != nil { pendingUpdates?.append(contentsOf: changes); return }
        applyUpdates(changes, animated: UIView.areAnimationsEnabled, completion: nil)
    }

    /// The batch updates the collection view received last (Lamina SPI for tests: what a
    /// diffable data source told it).
    @_spi(LaminaTesting) public private(set) var lastBatchUpdates: [String] = []

    /// Moves surviving cells to their items' new index paths, drops deleted ones (fading them
    /// out), then lays out again: inserted items fade in, moved ones slide.
    func applyUpdates(_ changes: [BatchUpdates.Change], animated: Bool, completion: ((Bool) -> Void)?) {
        swipe?.close(animated: false)
        lastBatchUpdates = changes.map(\.description)
        let oldCounts = loadCounts()
        counts = nil
        let newCounts = loadCounts()
        guard let map = BatchUpdates(changes: changes, oldCounts: oldCounts, newCounts: newCounts) else {
            LaminaDiagnostics.report("UICollectionView: invalid batch update (the counts before and after do not match the inserts, deletes and moves; UIKit raises); reloaded instead")
            reloadData()
            completion?(false)
            return
        }
        let (kept, leaving) = map.partition(visible)
        visible = kept
        selected = Set(selected.compactMap { map.newIndexPath(for: $0) })
        // Supplementary views follow their sections; the layout places them again.
        for (key, v) in visibleOther { recycle(v); visibleOther[key] = nil }
        for cell in leaving { measured[ObjectIdentifier(cell)] = nil }
        collectionViewLayout.dataUpdated(map)
        collectionViewLayout.invalidateLayout()
        animatingUpdate = animated && window != nil
        animateBatchUpdate(leaving: leaving, animated: animated, recycle: { [unowned self] v in
            if let cell = v as? UICollectionViewCell { self.recycle(cell) }
        }, completion: completion)
        animatingUpdate = false
    }

    /// Scrolling shows other elements (and moves pinned headers): layout runs again.
    open override var bounds: CGRect {
        didSet { if oldValue.origin != bounds.origin { setNeedsLayout() } }
    }

    /// Whether views now appearing fade in (inside an animated batch update).
    private var animatingUpdate = false

    // MARK: Cells and supplementary views

    /// Registers the class the collection view makes cells of for `identifier` (nil
    /// unregisters); made through the class's own `init(frame:)`, as on Apple.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard let cellClass else { registered[identifier] = nil; return }
        guard let cls = cellClass as? UICollectionViewCell.Type else {
            preconditionFailure("UICollectionView.register: \(cellClass) is not a UICollectionViewCell subclass")
        }
        registered[identifier] = { DynamicViews.cell(cls, $0) }
    }

    /// Registers the class of supplementary views of `elementKind` for `identifier`.
    open func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String) {
        let key = elementKind + "\u{0}" + identifier
        guard let viewClass else { registeredSupplementary[key] = nil; return }
        guard let cls = viewClass as? UICollectionReusableView.Type else {
            preconditionFailure("UICollectionView.register: \(viewClass) is not a UICollectionReusableView subclass")
        }
        registeredSupplementary[key] = { DynamicViews.cell(cls, $0) }
    }

    /// A reusable cell for `identifier`, placed for `indexPath`; the identifier must be
    /// registered (a programmer error otherwise, as on iOS).
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        let cell: UICollectionViewCell
        if let c = fromPool(identifier) as? UICollectionViewCell {
            cell = c
        } else if let make = registered[identifier] {
            cell = make(identifier)
        } else {
            preconditionFailure("UICollectionView: unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
        }
        if let a = collectionViewLayout.layoutAttributesForItem(at: indexPath) { cell.frame = a.frame }
        return cell
    }

    /// A reusable supplementary view of `elementKind` for `identifier` at `indexPath`.
    open func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String,
                                               for indexPath: IndexPath) -> UICollectionReusableView {
        let key = elementKind + "\u{0}" + identifier
        if let v = fromPool(key) { return v }
        guard let make = registeredSupplementary[key] else {
            preconditionFailure("UICollectionView: could not dequeue a view of kind: \(elementKind) with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
        }
        let v = make(identifier)
        v.poolKey = key
        return v
    }

    private func fromPool(_ key: String) -> UICollectionReusableView? {
        guard var pool = reusePool[key], let v = pool.popLast() else { return nil }
        reusePool[key] = pool
        v.prepareForReuse()
        return v
    }

    /// The cell shown for `indexPath` (nil when it is not visible).
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { visible[indexPath] }

    /// The cells shown.
    open var visibleCells: [UICollectionViewCell] { indexPathsForVisibleItems.compactMap { visible[$0] } }

    /// The index paths of the cells shown, in order.
    open var indexPathsForVisibleItems: [IndexPath] { visible.keys.sorted() }

    /// The index path of `cell` when it is shown.
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? { visible.first { $0.value === cell }?.key }

    /// The supplementary view of `elementKind` shown at `indexPath`.
    open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        visibleOther[ElementKey(category: .supplementaryView, kind: elementKind, indexPath: indexPath)]
    }

    /// The supplementary views of `elementKind` shown.
    open func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        indexPathsForVisibleSupplementaryElements(ofKind: elementKind).compactMap { supplementaryView(forElementKind: elementKind, at: $0) }
    }

    /// The index paths of the supplementary views of `elementKind` shown, in order.
    open func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        visibleOther.keys.filter { $0.category == .supplementaryView && $0.kind == elementKind }.map(\.indexPath).sorted()
    }

    /// The item at `point` (content coordinates; items of orthogonal sections where they are shown).
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForElements(in: CGRect(origin: point, size: CGSize(width: 1, height: 1)))?
            .first { $0.representedElementCategory == .cell && shownFrame(of: $0).contains(point) }?.indexPath
    }

    /// Where the layout places the item.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// Where the layout places a supplementary view.
    open func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// Scrolls so the item shows at `scrollPosition` (an orthogonal section's scroll view
    /// scrolls along its own axis).
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        layoutIfNeeded()
        guard let a = collectionViewLayout.layoutAttributesForItem(at: indexPath) else { return }
        var f = a.frame
        if let s = a.orthogonalSection, let sc = scrollers[s] {
            // The carousel scrolls to the item; the collection view to the carousel.
            let local = f.offsetBy(dx: -sc.section.frame.minX, dy: -sc.section.frame.minY)
            var o = sc.contentOffset
            if sc.section.horizontal {
                o.x = scrollPosition.contains(.centeredHorizontally) ? local.midX - sc.bounds.width / 2
                    : scrollPosition.contains(.right) ? local.maxX - sc.bounds.width : local.minX
                o.x = min(max(0, o.x), max(0, sc.contentSize.width - sc.bounds.width))
            }
            sc.setContentOffset(o, animated: animated)
            f = sc.section.frame
        }
        let inset = adjustedContentInset
        var o = contentOffset
        let visibleHeight = bounds.height - inset.top - inset.bottom
        let visibleWidth = bounds.width - inset.left - inset.right
        if scrollPosition.contains(.top) { o.y = f.minY - inset.top }
        else if scrollPosition.contains(.centeredVertically) { o.y = f.midY - inset.top - visibleHeight / 2 }
        else if scrollPosition.contains(.bottom) { o.y = f.maxY - inset.top - visibleHeight }
        if scrollPosition.contains(.left) { o.x = f.minX - inset.left }
        else if scrollPosition.contains(.centeredHorizontally) { o.x = f.midX - inset.left - visibleWidth / 2 }
        else if scrollPosition.contains(.right) { o.x = f.maxX - inset.left - visibleWidth }
        o.y = min(max(-inset.top, o.y), max(-inset.top, contentSize.height - bounds.height + inset.bottom))
        o.x = min(max(-inset.left, o.x), max(-inset.left, contentSize.width - bounds.width + inset.right))
        setContentOffset(o, animated: animated)
    }

    // MARK: Selection

    /// The selected items, in order (nil when none is).
    open var indexPathsForSelectedItems: [IndexPath]? { selected.isEmpty ? nil : selected.sorted() }

    /// Selects an item (deselecting others without multiple selection) and scrolls it to `scrollPosition`; the delegate is not told.
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        if !allowsMultipleSelection { for p in selected where p != indexPath { deselectItem(at: p, animated: false) } }
        guard let indexPath else { return }
        selected.insert(indexPath)
        visible[indexPath]?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects an item; the delegate is not told.
    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selected.remove(indexPath)
        visible[indexPath]?.isSelected = false
    }

    /// Where an item lands when scrolled to.
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
        if let path = indexPathForItem(at: point) { tapItem(path) }
    }

    private func tapItem(_ path: IndexPath) {
        guard allowsSelection else { return }
        let d = delegate as? UICollectionViewDelegate
        if allowsMultipleSelection && selected.contains(path) {
            deselectItem(at: path, animated: false)
            d?.collectionView(self, didDeselectItemAt: path)
            return
        }
        guard d?.collectionView(self, shouldSelectItemAt: path) ?? true else { return }
        let before = selected
        selectItem(at: path, animated: false, scrollPosition: [])
        for p in before where p != path && !selected.contains(p) { d?.collectionView(self, didDeselectItemAt: p) }
        d?.collectionView(self, didSelectItemAt: path)
    }

    // MARK: Layout

    private var laidOutSize: CGSize?
    private var laidOutInsets: UIEdgeInsets?

    private func prepareLayoutIfNeeded() {
        // A new size (or safe area) lays the items out again.
        if laidOutSize != bounds.size || laidOutInsets != adjustedContentInset { collectionViewLayout.isValid = false }
        guard !collectionViewLayout.isValid else { return }
        collectionViewLayout.isValid = true
        collectionViewLayout.prepare()
        laidOutSize = bounds.size
        laidOutInsets = adjustedContentInset
        let size = collectionViewLayout.collectionViewContentSize
        if contentSize != size { contentSize = size }
    }

    /// Where an element shows in the collection view's content (an orthogonal section's
    /// element moved by its scroll view's offset).
    private func shownFrame(of a: UICollectionViewLayoutAttributes) -> CGRect {
        guard let s = a.orthogonalSection, let sc = scrollers[s] else { return a.frame }
        return a.frame.offsetBy(dx: -sc.contentOffset.x, dy: -sc.contentOffset.y)
    }

    /// The most passes a layout makes while self-sizing views settle.
    private static let maximumSizingPasses = 8
    private var reportedUnsettled = false

    open override func layoutSubviews() {
        super.layoutSubviews()
        backgroundView?.frame = bounds
        for pass in 0..<Self.maximumSizingPasses {
            prepareLayoutIfNeeded()
            syncScrollers()
            if !placeElements() { return }
            if pass == Self.maximumSizingPasses - 1, !reportedUnsettled {
                reportedUnsettled = true
                LaminaDiagnostics.report("UICollectionView: self-sizing cells did not settle after \(Self.maximumSizingPasses) layout passes; shown as last measured")
            }
        }
    }

    /// One scroll view per orthogonal section, placed over the section's strip.
    private func syncScrollers() {
        let wanted = collectionViewLayout.orthogonalSections
        let ids = Set(wanted.map(\.section))
        for (s, sc) in scrollers where !ids.contains(s) {
            sc.removeFromSuperview()
            scrollers[s] = nil
            collectionViewLayout.orthogonalOffsets[s] = nil
        }
        for w in wanted {
            if let sc = scrollers[w.section] {
                sc.apply(w)
            } else {
                let sc = OrthogonalScroller(section: w) { [weak self] sc in
                    guard let self else { return }
                    self.collectionViewLayout.orthogonalOffsets[sc.section.section] = sc.contentOffset
                    self.setNeedsLayout()
                }
                insertSubview(sc, at: backgroundView == nil ? 0 : 1)
                scrollers[w.section] = sc
            }
        }
    }

    /// Shows the elements in the visible bounds; true when a self-sizing view asked for a
    /// different size and the layout must be computed again.
    private func placeElements() -> Bool {
        let shown = collectionViewLayout.layoutAttributesForElements(in: bounds) ?? []
        let d = delegate as? UICollectionViewDelegate
        var wantedCells = Set<IndexPath>(), wantedOther = Set<ElementKey>()
        for a in shown {
            if a.representedElementCategory == .cell { wantedCells.insert(a.indexPath) } else { wantedOther.insert(a.elementKey) }
        }
        for (path, cell) in visible where !wantedCells.contains(path) {
            recycle(cell)
            visible[path] = nil
            d?.collectionView(self, didEndDisplaying: cell, forItemAt: path)
        }
        for (key, v) in visibleOther where !wantedOther.contains(key) {
            recycle(v)
            visibleOther[key] = nil
            if key.category == .supplementaryView, let kind = key.kind {
                d?.collectionView(self, didEndDisplayingSupplementaryView: v, forElementOfKind: kind, at: key.indexPath)
            }
        }
        guard let ds = dataSource else { return false }
        var relayout = false
        for a in shown {
            let view: UICollectionReusableView
            var isNew = false
            switch a.representedElementCategory {
            case .cell:
                if let cell = visible[a.indexPath] { view = cell } else {
                    let cell = ds.collectionView(self, cellForItemAt: a.indexPath)
                    cell.isSelected = selected.contains(a.indexPath)
                    visible[a.indexPath] = cell
                    view = cell
                    isNew = true
                }
            case .supplementaryView:
                if let v = visibleOther[a.elementKey] { view = v } else {
                    view = ds.collectionView(self, viewForSupplementaryElementOfKind: a.representedElementKind ?? "", at: a.indexPath)
                    visibleOther[a.elementKey] = view
                    isNew = true
                }
            case .decorationView:
                if let v = visibleOther[a.elementKey] { view = v } else {
                    let kind = a.representedElementKind ?? ""
                    let key = "decoration\u{0}" + kind
                    if let v = fromPool(key) { view = v } else if let cls = collectionViewLayout.decorationClasses[kind] {
                        view = DynamicViews.cell(cls, kind)
                        view.poolKey = key
                    } else {
                        LaminaDiagnostics.report("UICollectionView: no class registered for decoration views of kind \(kind) (UIKit raises); none shown")
                        continue
                    }
                    visibleOther[a.elementKey] = view
                    isNew = true
                }
            }
            if let m = movement, view === m.cell { continue }
            if isNew && animatingUpdate {
                UIView.performWithoutAnimation { place(view, a); view.alpha = 0 }
                view.alpha = a.alpha
            } else {
                place(view, a)
            }
            if isNew {
                if let cell = view as? UICollectionViewCell {
                    d?.collectionView(self, willDisplay: cell, forItemAt: a.indexPath)
                } else if a.representedElementCategory == .supplementaryView, let kind = a.representedElementKind {
                    d?.collectionView(self, willDisplaySupplementaryView: view, forElementKind: kind, at: a.indexPath)
                }
            }
            if (a.selfSizingWidth || a.selfSizingHeight) && measure(view, a) { relayout = true }
        }
        return relayout
    }

    /// Asks a self-sizing view its size; true when the layout takes a new one.
    private func measure(_ view: UICollectionReusableView, _ a: UICollectionViewLayoutAttributes) -> Bool {
        let id = ObjectIdentifier(view)
        if let m = measured[id], m.given == a.size || m.wanted == a.size { return false }
        let preferred = view.preferredLayoutAttributesFitting(a.copy() as! UICollectionViewLayoutAttributes)
        measured[id] = (a.size, preferred.size)
        guard abs(preferred.size.width - a.size.width) > 0.01 || abs(preferred.size.height - a.size.height) > 0.01 else { return false }
        if collectionViewLayout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: a) {
            collectionViewLayout.isValid = false
            return true
        }
        return false
    }

    /// Puts a view where its attributes say: in the collection view, or in its orthogonal
    /// section's scroll view.
    private func place(_ view: UICollectionReusableView, _ a: UICollectionViewLayoutAttributes) {
        var container: UIView = self
        var frame = a.frame
        if let s = a.orthogonalSection, let sc = scrollers[s] {
            container = sc
            frame = frame.offsetBy(dx: -sc.section.frame.minX, dy: -sc.section.frame.minY)
        }
        if view.superview !== container {
            view.removeFromSuperview()
            switch a.representedElementCategory {
            case .decorationView: container.insertSubview(view, at: container === self && backgroundView != nil ? 1 : 0)
            case .cell:
                if container === self, let firstSupplementary = subviews.first(where: { v in
                    visibleOther.contains { $0.key.category == .supplementaryView && $0.value === v } }) {
                    insertSubview(view, belowSubview: firstSupplementary)
                } else {
                    container.addSubview(view)
                }
            case .supplementaryView: container.addSubview(view)
            }
        }
        if view.transform != .identity || !CATransform3DIsIdentity(view.transform3D) { view.transform = .identity }
        if view.bounds.size != frame.size { view.bounds.size = frame.size }
        let center = CGPoint(x: frame.midX, y: frame.midY)
        if view.center != center { view.center = center }
        if a.transform != .identity { view.transform = a.transform }
        else if !CATransform3DIsIdentity(a.transform3D) { view.transform3D = a.transform3D }
        // A row slid aside by a swipe stays aside.
        if let dx = swipe?.offset(of: view) { view.transform = view.transform.concatenating(CGAffineTransform(translationX: dx, y: 0)) }
        view.alpha = a.alpha
        view.isHidden = a.isHidden
        view.layer.zPosition = CGFloat(a.zIndex)
        view.applyListSeparator(a.listSeparator)
        view.apply(a)
    }

    private func recycle(_ view: UICollectionReusableView) {
        view.removeFromSuperview()
        measured[ObjectIdentifier(view)] = nil
        guard let key = view.poolKey ?? view.reuseIdentifier else { return }
        var pool = reusePool[key] ?? []
        if pool.count < 64 { pool.append(view) }
        reusePool[key] = pool
    }
}
