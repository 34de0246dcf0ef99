import Foundation

/// A collection view's data source that takes its items from snapshots (UIKit's
/// `UICollectionViewDiffableDataSource`). Applying a snapshot works out what changed and runs
/// it as the collection view's batch update: kept cells move to their new places, inserted
/// items fade in and deleted ones out (animated when `animatingDifferences`).
@preconcurrency @MainActor
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    NSObject, UICollectionViewDataSource, OutlineToggling {
    /// Makes the cell of an item.
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    /// Makes a supplementary view (a header, a footer) of a kind at an index path.
    public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?

    /// What makes the supplementary views.
    open var supplementaryViewProvider: SupplementaryViewProvider?

    /// What an outline's expanding and collapsing asks and tells (UIKit's
    /// `NSDiffableDataSourceSectionSnapshotHandlers`).
    public struct SectionSnapshotHandlers<Item> {
        public var shouldExpandItem: ((Item) -> Bool)?
        public var willExpandItem: ((Item) -> Void)?
        public var shouldCollapseItem: ((Item) -> Bool)?
        public var willCollapseItem: ((Item) -> Void)?
        /// The children to show when a parent is expanded (iOS 14: loaded lazily).
        public var snapshotForExpandingParent: ((Item, NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>) -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>)?
        public init() {}
    }
    /// The handlers of outline sections.
    open var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemIdentifierType>()

    /// What the user's reordering of items asks and tells (UIKit's
    /// `UICollectionViewDiffableDataSource.ReorderingHandlers`): without `canReorderItem`, no
    /// item moves.
    public struct ReorderingHandlers {
        public var canReorderItem: ((ItemIdentifierType) -> Bool)?
        public var willReorder: ((NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
        public var didReorder: ((NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
        public init() {}
    }
    /// The handlers of the user's reordering.
    open var reorderingHandlers = ReorderingHandlers()
    private var sectionSnapshots: [SectionIdentifierType: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>] = [:]

    private weak var collectionView: UICollectionView?
    private let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

    /// A data source for `collectionView`, which it becomes the data source of.
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        super.init()
        collectionView.dataSource = self
    }

    /// Makes `snapshot` the collection view's contents; `completion` runs after.
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                    animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        applyFull(snapshot, animatingDifferences: animatingDifferences, completion: completion)
        // A whole snapshot replaces the outlines of sections whose items it changed.
        for (section, outline) in sectionSnapshots where outline.visibleItems != current.itemIdentifiers(inSection: section) {
            sectionSnapshots[section] = nil
        }
    }

    /// Makes `snapshot` the outline of `section` (appended when the section is new): its
    /// visible items become the section's items.
    open func apply(_ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
                    animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        var full = current
        if full.indexOfSection(section) == nil { full.appendSections([section]) } else { full.deleteItems(full.itemIdentifiers(inSection: section)) }
        full.appendItems(snapshot.visibleItems, toSection: section)
        sectionSnapshots[section] = snapshot
        applyFull(full, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// The outline of `section` (its items as roots when none was applied).
    open func snapshot(for section: SectionIdentifierType) -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType> {
        if let s = sectionSnapshots[section] { return s }
        var s = NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>()
        s.append(current.itemIdentifiers(inSection: section))
        return s
    }

    /// Where an item sits in its section's outline.
    func outlineState(at indexPath: IndexPath) -> (level: Int, expanded: Bool, hasChildren: Bool)? {
        guard let item = current.item(at: indexPath), let section = current.section(at: indexPath.section),
              let outline = sectionSnapshots[section], outline.contains(item) else { return nil }
        return (outline.level(of: item), outline.isExpanded(item), !outline.snapshot(of: item).items.isEmpty)
    }

    /// Expands or collapses the item at `indexPath` (an outline disclosure accessory's tap).
    func toggleOutline(at indexPath: IndexPath) {
        guard let item = current.item(at: indexPath), let section = current.section(at: indexPath.section),
              var outline = sectionSnapshots[section], outline.contains(item) else { return }
        let h = sectionSnapshotHandlers
        if outline.isExpanded(item) {
            guard h.shouldCollapseItem?(item) ?? true else { return }
            h.willCollapseItem?(item)
            outline.collapse([item])
        } else {
            guard h.shouldExpandItem?(item) ?? true else { return }
            h.willExpandItem?(item)
            if let make = h.snapshotForExpandingParent {
                outline.replace(childrenOf: item, using: make(item, outline.snapshot(of: item)))
            }
            outline.expand([item])
        }
        apply(outline, to: section, animatingDifferences: true)
    }

    private func applyFull(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                           animatingDifferences: Bool, completion: (() -> Void)?) {
        let old = current
        current = snapshot.withoutMarks()
        guard let cv = collectionView else { completion?(); return }
        if old.numberOfSections == 0 && old.numberOfItems == 0 {
            cv.reloadData()
            completion?()
            return
        }
        let changes = old.changes(to: snapshot)
        cv.applyUpdates(changes, animated: animatingDifferences && UIView.areAnimationsEnabled) { _ in completion?() }
    }

    /// Makes `snapshot` the contents by reloading (iOS 15).
    open func applySnapshotUsingReloadData(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                                           completion: (() -> Void)? = nil) {
        current = snapshot.withoutMarks()
        collectionView?.reloadData()
        completion?()
    }

    /// The snapshot shown.
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// The item at `indexPath`.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }

    /// Where `itemIdentifier` is.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPath(of: itemIdentifier) }

    /// The section at `index` (iOS 15).
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { current.section(at: index) }

    /// The index of `sectionIdentifier` (iOS 15).
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    open func numberOfSections(in collectionView: UICollectionView) -> Int { current.numberOfSections }

    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        current.numberOfItems(atSection: section)
    }

    open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        guard let item = current.item(at: indexPath), let can = reorderingHandlers.canReorderItem else { return false }
        return can(item)
    }

    /// The user moved an item: the snapshot follows (the collection view moves the cells) and
    /// the reordering handlers hear of it.
    open func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        guard let item = current.item(at: sourceIndexPath), let section = current.section(at: destinationIndexPath.section) else { return }
        let initial = current
        var final = current
        final.deleteItems([item])
        let rest = final.itemIdentifiers(inSection: section)
        if destinationIndexPath.item < rest.count {
            final.insertItems([item], beforeItem: rest[max(0, destinationIndexPath.item)])
        } else {
            final.appendItems([item], toSection: section)
        }
        let transaction = NSDiffableDataSourceTransaction(initial: initial, final: final)
        reorderingHandlers.willReorder?(transaction)
        current = final.withoutMarks()
        reorderingHandlers.didReorder?(transaction)
    }

    open func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                             at indexPath: IndexPath) -> UICollectionReusableView {
        if let v = supplementaryViewProvider?(collectionView, kind, indexPath) { return v }
        LaminaDiagnostics.report("UICollectionViewDiffableDataSource: no supplementary view of kind \(kind) at \(indexPath) (UIKit raises); an empty view shown")
        return UICollectionReusableView(frame: .zero)
    }

    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        if let item = current.item(at: indexPath), let cell = cellProvider(collectionView, indexPath, item) {
            // Outline rows are indented by their level, their disclosure turned by their state.
            if let list = cell as? UICollectionViewListCell, let o = outlineState(at: indexPath) {
                list.indentationLevel = o.level
                list.outlineExpanded = o.expanded
            }
            return cell
        }
        LaminaDiagnostics.report("UICollectionViewDiffableDataSource: no cell for \(indexPath) (UIKit raises); an empty cell shown")
        return UICollectionViewCell(frame: .zero)
    }
}
