import Foundation

/// A collection view's data source that takes its items from snapshots (UIKit's
/// `UICollectionViewDiffableDataSource`). Applying a snapshot works out what changed and runs
/// it as the collection view's batch update: kept cells move to their new places, inserted
/// items fade in and deleted ones out (animated when `animatingDifferences`).
@preconcurrency @MainActor
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    NSObject, UICollectionViewDataSource {
    /// Makes the cell of an item.
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    /// Makes a supplementary view (a header, a footer) of a kind at an index path.
    public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?

    /// What makes the supplementary views.
    open var supplementaryViewProvider: SupplementaryViewProvider?

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

    open func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                             at indexPath: IndexPath) -> UICollectionReusableView {
        if let v = supplementaryViewProvider?(collectionView, kind, indexPath) { return v }
        LaminaDiagnostics.report("UICollectionViewDiffableDataSource: no supplementary view of kind \(kind) at \(indexPath) (UIKit raises); an empty view shown")
        return UICollectionReusableView(frame: .zero)
    }

    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        if let item = current.item(at: indexPath), let cell = cellProvider(collectionView, indexPath, item) { return cell }
        LaminaDiagnostics.report("UICollectionViewDiffableDataSource: no cell for \(indexPath) (UIKit raises); an empty cell shown")
        return UICollectionViewCell(frame: .zero)
    }
}
