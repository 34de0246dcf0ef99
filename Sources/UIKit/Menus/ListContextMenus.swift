import Foundation

/// A table's context menus: a long press on a row asks the delegate's
/// `tableView(_:contextMenuConfigurationForRowAt:point:)` and lifts the row.
final class TableRowContextMenu: UIContextMenuInteraction {
    init(table: UITableView) {
        weak let weakTable = table
        super.init(provider: { point in
            guard let table = weakTable, let indexPath = table.indexPathForRow(at: point) else { return nil }
            return table.delegate.flatMap { ($0 as? UITableViewDelegate)?.tableView(table, contextMenuConfigurationForRowAt: indexPath, point: point) }
        })
        sourceViewProvider = { point in
            guard let table = weakTable, let indexPath = table.indexPathForRow(at: point) else { return nil }
            return table.cellForRow(at: indexPath)
        }
    }
}

/// A collection view's context menus: a long press on an item asks the delegate's
/// `collectionView(_:contextMenuConfigurationForItemsAt:point:)` and lifts the item.
final class ItemContextMenu: UIContextMenuInteraction {
    init(collection: UICollectionView) {
        weak let weakCollection = collection
        super.init(provider: { point in
            guard let c = weakCollection, let indexPath = c.indexPathForItem(at: point) else { return nil }
            return (c.delegate as? UICollectionViewDelegate)?.collectionView(c, contextMenuConfigurationForItemsAt: [indexPath], point: point)
        })
        sourceViewProvider = { point in
            guard let c = weakCollection, let indexPath = c.indexPathForItem(at: point) else { return nil }
            return c.cellForItem(at: indexPath)
        }
    }
}
