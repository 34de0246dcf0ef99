import Foundation

/// The items of one section as an outline (UIKit's `NSDiffableDataSourceSectionSnapshot`):
/// root items, each with children, expanded or collapsed. Applied to a section with a diffable
/// data source's `apply(_:to:animatingDifferences:completion:)`, its visible items (roots, and
/// the children of expanded items) become the section's items, indented by their level.
///
/// Identifiers must be unique: a repeated one stops the program with UIKit's message, as
/// UIKit does; an identifier an operation names that the snapshot does not hold is reported and
/// ignored.
public struct NSDiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable>: Sendable {
    private var roots: [ItemIdentifierType] = []
    private var children: [ItemIdentifierType: [ItemIdentifierType]] = [:]
    private var parents: [ItemIdentifierType: ItemIdentifierType] = [:]
    private var known: Set<ItemIdentifierType> = []
    private var expanded: Set<ItemIdentifierType> = []

    public init() {}

    /// Every item, depth first (a parent before its children).
    public var items: [ItemIdentifierType] {
        var out: [ItemIdentifierType] = []
        out.reserveCapacity(known.count)
        func walk(_ list: [ItemIdentifierType]) { for i in list { out.append(i); if let c = children[i] { walk(c) } } }
        walk(roots)
        return out
    }

    /// The items without a parent.
    public var rootItems: [ItemIdentifierType] { roots }

    /// The items shown: roots, and the children of expanded items whose parents show.
    public var visibleItems: [ItemIdentifierType] {
        var out: [ItemIdentifierType] = []
        func walk(_ list: [ItemIdentifierType]) {
            for i in list {
                out.append(i)
                if expanded.contains(i), let c = children[i] { walk(c) }
            }
        }
        walk(roots)
        return out
    }

    /// Adds `items` at the end of `parent`'s children (of the roots when nil).
    public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
        if let parent, !known.contains(parent) { report("append: the parent \(parent) is not in the snapshot; nothing appended"); return }
        admit(items)
        if let parent {
            children[parent, default: []].append(contentsOf: items)
            for i in items { parents[i] = parent }
        } else {
            roots.append(contentsOf: items)
        }
    }

    /// Inserts `items` before `item`, as its siblings.
    public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) { insert(items, next: item, after: false) }
    /// Inserts `items` after `item`, as its siblings.
    public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) { insert(items, next: item, after: true) }

    private mutating func insert(_ items: [ItemIdentifierType], next item: ItemIdentifierType, after: Bool) {
        guard known.contains(item) else { report("insert: \(item) is not in the snapshot; nothing inserted"); return }
        admit(items)
        let parent = parents[item]
        var list = parent.map { children[$0] ?? [] } ?? roots
        let at = (list.firstIndex(of: item) ?? list.count) + (after ? 1 : 0)
        list.insert(contentsOf: items, at: at)
        if let parent { children[parent] = list; for i in items { parents[i] = parent } } else { roots = list }
    }

    /// Inserts another section snapshot's items before `item`.
    public mutating func insert(_ snapshot: Self, before item: ItemIdentifierType) { merge(snapshot) { $0.insert($1, before: item) } }
    /// Inserts another section snapshot's items after `item`.
    public mutating func insert(_ snapshot: Self, after item: ItemIdentifierType) { merge(snapshot) { $0.insert($1, after: item) } }

    /// Replaces `parent`'s children by another snapshot's items.
    public mutating func replace(childrenOf parent: ItemIdentifierType, using snapshot: Self) {
        guard known.contains(parent) else { report("replace(childrenOf:): \(parent) is not in the snapshot"); return }
        delete(children[parent] ?? [])
        merge(snapshot) { me, roots in me.append(roots, to: parent) }
    }

    private mutating func merge(_ other: Self, _ placeRoots: (inout Self, [ItemIdentifierType]) -> Void) {
        placeRoots(&self, other.roots)
        func copyChildren(_ of: ItemIdentifierType) {
            guard let c = other.children[of] else { return }
            append(c, to: of)
            for i in c { copyChildren(i) }
        }
        for r in other.roots { copyChildren(r) }
        expanded.formUnion(other.expanded)
    }

    /// Removes `items` and their descendants.
    public mutating func delete(_ items: [ItemIdentifierType]) {
        for item in items where known.contains(item) {
            if let p = parents[item] { children[p]?.removeAll { $0 == item } } else { roots.removeAll { $0 == item } }
            var stack = [item]
            while let i = stack.popLast() {
                known.remove(i)
                expanded.remove(i)
                parents[i] = nil
                stack.append(contentsOf: children.removeValue(forKey: i) ?? [])
            }
        }
    }

    /// Removes every item.
    public mutating func deleteAll() { self = Self() }

    /// Shows the children of `items`.
    public mutating func expand(_ items: [ItemIdentifierType]) { for i in items where known.contains(i) { expanded.insert(i) } }
    /// Hides the children of `items`.
    public mutating func collapse(_ items: [ItemIdentifierType]) { for i in items { expanded.remove(i) } }

    public func isExpanded(_ item: ItemIdentifierType) -> Bool { expanded.contains(item) }
    public func contains(_ item: ItemIdentifierType) -> Bool { known.contains(item) }
    /// Whether `item` shows (its ancestors are all expanded).
    public func isVisible(_ item: ItemIdentifierType) -> Bool {
        guard known.contains(item) else { return false }
        var p = parents[item]
        while let q = p { if !expanded.contains(q) { return false }; p = parents[q] }
        return true
    }
    /// How deep `item` is (0 for roots).
    public func level(of item: ItemIdentifierType) -> Int {
        var n = 0, p = parents[item]
        while let q = p { n += 1; p = parents[q] }
        return n
    }
    /// The item's index among all items (depth first).
    public func index(of item: ItemIdentifierType) -> Int? { items.firstIndex(of: item) }
    /// The item's parent.
    public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? { parents[child] }

    /// `parent`'s descendants as a snapshot of their own (with `parent` as its root when
    /// `includingParent`).
    public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false) -> Self {
        var s = Self()
        guard known.contains(parent) else { return s }
        if includingParent { s.append([parent]) }
        func copy(_ of: ItemIdentifierType, into target: ItemIdentifierType?) {
            guard let c = children[of] else { return }
            s.append(c, to: target)
            for i in c { copy(i, into: i) }
        }
        copy(parent, into: includingParent ? parent : nil)
        s.expanded = expanded.intersection(s.known)
        return s
    }

    /// The outline drawn in text, one item per line, indented by level (UIKit's debugging aid).
    public func visualDescription() -> String {
        items.map { String(repeating: "  ", count: level(of: $0)) + (children[$0]?.isEmpty == false ? (expanded.contains($0) ? "- " : "+ ") : "* ") + "\($0)" }
            .joined(separator: "\n")
    }

    private mutating func admit(_ items: [ItemIdentifierType]) {
        var seen = Set<ItemIdentifierType>()
        let repeated = items.filter { known.contains($0) || !seen.insert($0).inserted }
        if !repeated.isEmpty {
            let list = repeated.prefix(10).map { String(describing: $0) }.joined(separator: ",\n    ")
            fatalError("Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    \(list)\n)}")
        }
        known.formUnion(items)
    }

    private func report(_ message: String) {
        LaminaDiagnostics.report("NSDiffableDataSourceSectionSnapshot: \(message)")
    }
}

/// A data source that keeps outlines (a collection view's diffable data source): list cells'
/// outline disclosure accessories expand and collapse through it.
@MainActor
protocol OutlineToggling: AnyObject {
    func toggleOutline(at indexPath: IndexPath)
}
