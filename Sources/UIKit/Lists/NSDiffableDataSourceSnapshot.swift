import Foundation

/// The state of a list's data: sections and their items, each named by a unique identifier
/// (UIKit's `NSDiffableDataSourceSnapshot`). Build one, give it to a diffable data source's
/// `apply(_:animatingDifferences:completion:)`, which works out what changed.
///
/// Identifiers must be unique among sections and among items: a repeated one stops the program
/// with UIKit's message ("Fatal: supplied item identifiers are not unique…"), as UIKit does; an
/// identifier an operation names that the snapshot does not hold, or items appended when there
/// is no section, are reported and left out.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    private var sections: [SectionIdentifierType] = []
    private var items: [[ItemIdentifierType]] = []
    /// Where each item is: its section's index.
    private var sectionOfItem: [ItemIdentifierType: Int] = [:]
    private var sectionIndex: [SectionIdentifierType: Int] = [:]

    /// Sections reloaded since the snapshot was made.
    public private(set) var reloadedSectionIdentifiers: [SectionIdentifierType] = []
    /// Items reloaded since the snapshot was made.
    public private(set) var reloadedItemIdentifiers: [ItemIdentifierType] = []
    /// Items reconfigured since the snapshot was made (iOS 15).
    public private(set) var reconfiguredItemIdentifiers: [ItemIdentifierType] = []

    /// An empty snapshot.
    public init() {}

    /// The number of items in every section.
    public var numberOfItems: Int { sectionOfItem.count }
    /// The number of sections.
    public var numberOfSections: Int { sections.count }
    /// The sections, in order.
    public var sectionIdentifiers: [SectionIdentifierType] { sections }
    /// The items of every section, in order.
    public var itemIdentifiers: [ItemIdentifierType] { items.flatMap { $0 } }

    /// The number of items in `identifier`'s section (0 when there is none).
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        sectionIndex[identifier].map { items[$0].count } ?? 0
    }

    /// The items of `identifier`'s section.
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        sectionIndex[identifier].map { items[$0] } ?? []
    }

    /// The section holding `identifier`.
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        sectionOfItem[identifier].map { sections[$0] }
    }

    /// The item's index among all items.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let s = sectionOfItem[identifier], let i = items[s].firstIndex(of: identifier) else { return nil }
        return items[..<s].reduce(0) { $0 + $1.count } + i
    }

    /// The section's index.
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { sectionIndex[identifier] }

    /// The index path of an item (Lamina's data sources use it).
    func indexPath(of identifier: ItemIdentifierType) -> IndexPath? {
        guard let s = sectionOfItem[identifier], let i = items[s].firstIndex(of: identifier) else { return nil }
        return IndexPath(item: i, section: s)
    }

    /// The snapshot as a data source holds it: reload and reconfigure marks are for applying.
    func withoutMarks() -> Self {
        var s = self
        s.reloadedSectionIdentifiers = []
        s.reloadedItemIdentifiers = []
        s.reconfiguredItemIdentifiers = []
        return s
    }

    /// The section at `index`, if there is one.
    func section(at index: Int) -> SectionIdentifierType? {
        sections.indices.contains(index) ? sections[index] : nil
    }

    /// The items of the section at `index` (Lamina's data sources use it).
    func itemIdentifiers(atSectionIndex index: Int) -> [ItemIdentifierType] {
        items.indices.contains(index) ? items[index] : []
    }

    /// Whether the snapshot holds `identifier`.
    func contains(_ identifier: ItemIdentifierType) -> Bool { sectionOfItem[identifier] != nil }

    /// The number of items in the section at `index` (0 when there is none).
    func numberOfItems(atSection index: Int) -> Int {
        sections.indices.contains(index) ? items[index].count : 0
    }

    /// The item at an index path.
    func item(at indexPath: IndexPath) -> ItemIdentifierType? {
        guard sections.indices.contains(indexPath.section), items[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return items[indexPath.section][indexPath.item]
    }

    // MARK: Items

    /// Adds items at the end of `sectionIdentifier`'s section (the last section when nil).
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {
        guard let s = sectionIdentifier.map({ sectionIndex[$0] }) ?? (sections.isEmpty ? nil : sections.count - 1) else {
            report("appendItems: there is no section \(sectionIdentifier.map { "\($0)" } ?? "(the snapshot has none)"); append sections first")
            return
        }
        insert(identifiers, inSection: s, at: items[s].count)
    }

    /// Inserts items before `beforeIdentifier`.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        guard let p = indexPath(of: beforeIdentifier) else { return report("insertItems: no item \(beforeIdentifier)") }
        insert(identifiers, inSection: p.section, at: p.item)
    }

    /// Inserts items after `afterIdentifier`.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        guard let p = indexPath(of: afterIdentifier) else { return report("insertItems: no item \(afterIdentifier)") }
        insert(identifiers, inSection: p.section, at: p.item + 1)
    }

    private mutating func insert(_ identifiers: [ItemIdentifierType], inSection s: Int, at index: Int) {
        var seen = Set<ItemIdentifierType>()
        let repeated = identifiers.filter { sectionOfItem[$0] != nil || !seen.insert($0).inserted }
        if !repeated.isEmpty { Self.trapOnRepeated("item", repeated) }
        let fresh = identifiers
        items[s].insert(contentsOf: fresh, at: min(index, items[s].count))
        for id in fresh { sectionOfItem[id] = s }
    }

    /// Removes items.
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        let gone = Set(identifiers)
        var touched = Set<Int>()
        for id in gone { if let s = sectionOfItem.removeValue(forKey: id) { touched.insert(s) } }
        for s in touched { items[s].removeAll { gone.contains($0) } }
    }

    /// Removes every item and every section, as UIKit does.
    public mutating func deleteAllItems() {
        items = []
        sections = []
        sectionOfItem = [:]
        sectionIndex = [:]
    }

    /// Moves an item before another.
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        move(identifier, next: toIdentifier, after: false)
    }

    /// Moves an item after another.
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        move(identifier, next: toIdentifier, after: true)
    }

    private mutating func move(_ identifier: ItemIdentifierType, next other: ItemIdentifierType, after: Bool) {
        guard identifier != other, sectionOfItem[identifier] != nil, sectionOfItem[other] != nil else {
            return report("moveItem: \(identifier) and \(other) must be two items of the snapshot")
        }
        deleteItems([identifier])
        guard let p = indexPath(of: other) else { return }
        insert([identifier], inSection: p.section, at: p.item + (after ? 1 : 0))
    }

    /// Marks items to be made again (their cells asked for anew).
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        for id in identifiers where sectionOfItem[id] != nil && !reloadedItemIdentifiers.contains(id) { reloadedItemIdentifiers.append(id) }
    }

    /// Marks items whose cells are to be configured again in place (iOS 15).
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        for id in identifiers where sectionOfItem[id] != nil && !reconfiguredItemIdentifiers.contains(id) { reconfiguredItemIdentifiers.append(id) }
    }

    // MARK: Sections

    /// Adds sections at the end.
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) { insertSections(identifiers, at: sections.count) }

    /// Inserts sections before `toIdentifier`.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
        guard let i = sectionIndex[toIdentifier] else { return report("insertSections: no section \(toIdentifier)") }
        insertSections(identifiers, at: i)
    }

    /// Inserts sections after `toIdentifier`.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType) {
        guard let i = sectionIndex[toIdentifier] else { return report("insertSections: no section \(toIdentifier)") }
        insertSections(identifiers, at: i + 1)
    }

    private mutating func insertSections(_ identifiers: [SectionIdentifierType], at index: Int) {
        var seen = Set<SectionIdentifierType>()
        let repeated = identifiers.filter { sectionIndex[$0] != nil || !seen.insert($0).inserted }
        if !repeated.isEmpty { Self.trapOnRepeated("section", repeated) }
        let fresh = identifiers
        sections.insert(contentsOf: fresh, at: index)
        items.insert(contentsOf: Array(repeating: [], count: fresh.count), at: index)
        reindex()
    }

    /// Removes sections and their items.
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        let gone = Set(identifiers)
        for (s, id) in sections.enumerated() where gone.contains(id) { for item in items[s] { sectionOfItem[item] = nil } }
        let keep = sections.indices.filter { !gone.contains(sections[$0]) }
        items = keep.map { items[$0] }
        sections = keep.map { sections[$0] }
        reindex()
    }

    /// Moves a section before another.
    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, next: toIdentifier, after: false)
    }

    /// Moves a section after another.
    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, next: toIdentifier, after: true)
    }

    private mutating func moveSection(_ identifier: SectionIdentifierType, next other: SectionIdentifierType, after: Bool) {
        guard identifier != other, let from = sectionIndex[identifier], sectionIndex[other] != nil else {
            return report("moveSection: \(identifier) and \(other) must be two sections of the snapshot")
        }
        let moving = items.remove(at: from)
        sections.remove(at: from)
        reindex()
        let to = sectionIndex[other]! + (after ? 1 : 0)
        sections.insert(identifier, at: to)
        items.insert(moving, at: to)
        reindex()
    }

    /// Marks sections to be made again.
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        for id in identifiers where sectionIndex[id] != nil && !reloadedSectionIdentifiers.contains(id) { reloadedSectionIdentifiers.append(id) }
    }

    /// Rebuilds the indexes after sections moved.
    private mutating func reindex() {
        sectionIndex = [:]
        for (i, s) in sections.enumerated() { sectionIndex[s] = i }
        for (s, list) in items.enumerated() { for id in list { sectionOfItem[id] = s } }
    }

    /// Stops the program as UIKit does when identifiers repeat (a programmer error).
    private static func trapOnRepeated(_ kind: String, _ ids: [some Hashable]) -> Never {
        let list = ids.prefix(10).map { String(describing: $0) }.joined(separator: ",\n    ")
        fatalError("Fatal: supplied \(kind) identifiers are not unique. Duplicate identifiers: {(\n    \(list)\n)}")
    }

    private func report(_ message: String) {
        LaminaDiagnostics.report("NSDiffableDataSourceSnapshot: \(message)")
    }
}
