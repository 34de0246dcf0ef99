import Foundation

extension UICollectionView {
    /// Starts moving an item with the user's finger (iOS 9): the data source must allow it
    /// (`collectionView(_:canMoveItemAt:)`); the item's cell lifts above the others. False when
    /// the item cannot move, is not shown, or a movement is already under way.
    @discardableResult
    public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
        guard movement == nil, let ds = dataSource, let cell = cellForItem(at: indexPath),
              ds.collectionView(self, canMoveItemAt: indexPath) else { return false }
        movement = InteractiveMovement(from: indexPath, target: indexPath, cell: cell, restingCenter: cell.center)
        cell.layer.zPosition = 1000
        return true
    }

    /// Moves the lifted cell's centre to `targetPosition` (content coordinates); the item it is
    /// over becomes where it will land.
    public func updateInteractiveMovementTargetPosition(_ targetPosition: CGPoint) {
        guard var m = movement, targetPosition.x.isFinite, targetPosition.y.isFinite else { return }
        m.cell.center = targetPosition
        if let over = indexPathForItem(at: targetPosition) { m.target = over }
        movement = m
    }

    /// Ends the movement: the data source is told (`collectionView(_:moveItemAt:to:)`) and
    /// the cells move to their new places, animated.
    public func endInteractiveMovement() {
        guard let m = movement else { return }
        movement = nil
        m.cell.layer.zPosition = 0
        guard m.target != m.from else { settle(m); return }
        dataSource?.collectionView(self, moveItemAt: m.from, to: m.target)
        applyUpdates([.moveItem(m.from, m.target)], animated: UIView.areAnimationsEnabled, completion: nil)
    }

    /// Cancels the movement: the cell goes back to its place.
    public func cancelInteractiveMovement() {
        guard let m = movement else { return }
        movement = nil
        m.cell.layer.zPosition = 0
        settle(m)
    }

    private func settle(_ m: InteractiveMovement) {
        onWindowClock { UIView.animate(withDuration: 0.25) { m.cell.center = m.restingCenter } }
        setNeedsLayout()
    }
}

/// An item being moved by the user's finger.
struct InteractiveMovement {
    var from: IndexPath
    var target: IndexPath
    let cell: UICollectionViewCell
    let restingCenter: CGPoint
}
