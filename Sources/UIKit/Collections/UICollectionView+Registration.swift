import Foundation

extension UICollectionView {
    /// How cells of one class are made and configured for an item (UIKit's
    /// `UICollectionView.CellRegistration`): made once, outside the cell provider, and used
    /// with `dequeueConfiguredReusableCell(using:for:item:)`.
    public struct CellRegistration<Cell: UICollectionViewCell, Item> {
        public typealias Handler = @MainActor (Cell, IndexPath, Item) -> Void
        let handler: Handler
        let identifier: String

        /// A registration configuring each cell with `handler`.
        public init(handler: @escaping Handler) {
            self.handler = handler
            identifier = "CellRegistration-\(Cell.self)-\(RegistrationCounter.next())"
        }
    }

    /// How supplementary views of one class and kind are made and configured (UIKit's
    /// `UICollectionView.SupplementaryRegistration`).
    public struct SupplementaryRegistration<Supplementary: UICollectionReusableView> {
        public typealias Handler = @MainActor (Supplementary, String, IndexPath) -> Void
        public let elementKind: String
        let handler: Handler
        let identifier: String

        public init(elementKind: String, handler: @escaping Handler) {
            self.elementKind = elementKind
            self.handler = handler
            identifier = "SupplementaryRegistration-\(Supplementary.self)-\(RegistrationCounter.next())"
        }
    }

    /// A cell of the registration's class, configured for `item` at `indexPath`.
    public func dequeueConfiguredReusableCell<Cell: UICollectionViewCell, Item>(using registration: CellRegistration<Cell, Item>,
                                                                                  for indexPath: IndexPath, item: Item?) -> Cell {
        if registrationsSeen.insert(registration.identifier).inserted {
            register(Cell.self, forCellWithReuseIdentifier: registration.identifier)
        }
        let cell = dequeueReusableCell(withReuseIdentifier: registration.identifier, for: indexPath)
        guard let typed = cell as? Cell else {
            preconditionFailure("UICollectionView: a cell registration for \(Cell.self) dequeued a \(type(of: cell))")
        }
        if let item { registration.handler(typed, indexPath, item) }
        return typed
    }

    /// A supplementary view of the registration's class and kind, configured for `indexPath`.
    public func dequeueConfiguredReusableSupplementary<Supplementary: UICollectionReusableView>(
        using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath) -> Supplementary {
        if registrationsSeen.insert(registration.identifier).inserted {
            register(Supplementary.self, forSupplementaryViewOfKind: registration.elementKind, withReuseIdentifier: registration.identifier)
        }
        let v = dequeueReusableSupplementaryView(ofKind: registration.elementKind, withReuseIdentifier: registration.identifier, for: indexPath)
        guard let typed = v as? Supplementary else {
            preconditionFailure("UICollectionView: a supplementary registration for \(Supplementary.self) dequeued a \(type(of: v))")
        }
        registration.handler(typed, registration.elementKind, indexPath)
        return typed
    }
}

/// Numbers registrations so each has a reuse identifier of its own.
enum RegistrationCounter {
    private static let counter = Locked(0)
    static func next() -> Int { counter.withLock { $0 += 1; return $0 } }
}
