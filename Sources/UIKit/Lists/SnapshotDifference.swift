import Foundation

extension NSDiffableDataSourceSnapshot {
    /// The batch update that turns this snapshot into `new`: deleted and inserted sections
    /// and items, moves for those whose order changed (the fewest: everything on a longest
    /// increasing run stays), and reloads for items and sections `new` marks. Linear in the
    /// items, but for the order of each section (n log n).
    func changes(to new: Self) -> [BatchUpdates.Change] {
        if let quick = quickChanges(to: new) { return quick }
        return fullChanges(to: new)
    }

    /// The common case, without hashing every item: the same sections in the same order, and
    /// within each section items only deleted or inserted (none moved). Walks each section's
    /// old and new items side by side, comparing them; an item that is in both but out of step
    /// means a move, and the full difference is worked out instead (nil).
    private func quickChanges(to new: Self) -> [BatchUpdates.Change]? {
        guard sectionIdentifiers == new.sectionIdentifiers, new.reloadedSectionIdentifiers.isEmpty else { return nil }
        var out: [BatchUpdates.Change] = []
        for s in 0..<numberOfSections {
            let o = itemIdentifiers(atSectionIndex: s), n = new.itemIdentifiers(atSectionIndex: s)
            var i = 0, j = 0
            while i < o.count || j < n.count {
                if i < o.count, j < n.count, o[i] == n[j] { i += 1; j += 1; continue }
                if i < o.count, !new.contains(o[i]) { out.append(.deleteItem(IndexPath(item: i, section: s))); i += 1; continue }
                if j < n.count, !contains(n[j]) { out.append(.insertItem(IndexPath(item: j, section: s))); j += 1; continue }
                return nil
            }
        }
        if !new.reloadedItemIdentifiers.isEmpty || !new.reconfiguredItemIdentifiers.isEmpty {
            for item in Set(new.reloadedItemIdentifiers).union(new.reconfiguredItemIdentifiers) {
                if let p = indexPath(of: item), new.contains(item) { out.append(.reloadItem(p)) }
            }
        }
        return out
    }

    private func fullChanges(to new: Self) -> [BatchUpdates.Change] {
        var out: [BatchUpdates.Change] = []
        let oldSections = sectionIdentifiers, newSections = new.sectionIdentifiers
        var oldSectionIndex: [SectionIdentifierType: Int] = [:]
        for (i, s) in oldSections.enumerated() { oldSectionIndex[s] = i }
        var newSectionIndex: [SectionIdentifierType: Int] = [:]
        for (i, s) in newSections.enumerated() { newSectionIndex[s] = i }
        for (i, s) in oldSections.enumerated() where newSectionIndex[s] == nil { out.append(.deleteSection(i)) }
        for (i, s) in newSections.enumerated() where oldSectionIndex[s] == nil { out.append(.insertSection(i)) }
        // Sections kept: those off the longest increasing run of old indices move.
        let keptSections = newSections.compactMap { oldSectionIndex[$0] }
        let stillSections = Set(longestIncreasingRun(keptSections))
        for (i, s) in newSections.enumerated() {
            if let o = oldSectionIndex[s], !stillSections.contains(o) { out.append(.moveSection(o, i)) }
        }
        let reloadedSections = Set(new.reloadedSectionIdentifiers)
        for s in reloadedSections { if let o = oldSectionIndex[s], newSectionIndex[s] != nil { out.append(.reloadSection(o)) } }
        // Items: where each was.
        var oldPlace: [ItemIdentifierType: IndexPath] = [:]
        for (si, s) in oldSections.enumerated() {
            for (i, item) in itemIdentifiers(inSection: s).enumerated() { oldPlace[item] = IndexPath(item: i, section: si) }
        }
        var newPlace: [ItemIdentifierType: IndexPath] = [:]
        for (si, s) in newSections.enumerated() {
            let items = new.itemIdentifiers(inSection: s)
            for (i, item) in items.enumerated() { newPlace[item] = IndexPath(item: i, section: si) }
        }
        for (item, p) in oldPlace where newPlace[item] == nil {
            if let s = oldSections[safe: p.section], newSectionIndex[s] == nil { continue }   // goes with its section
            out.append(.deleteItem(p))
        }
        for (si, s) in newSections.enumerated() {
            let items = new.itemIdentifiers(inSection: s)
            let sectionIsNew = oldSectionIndex[s] == nil || reloadedSections.contains(s)
            // Items that stay in this section (same section before), in their new order.
            var staying: [Int] = []
            var stayingIndex: [Int: Int] = [:]
            for (i, item) in items.enumerated() {
                guard let o = oldPlace[item] else {
                    if !sectionIsNew { out.append(.insertItem(IndexPath(item: i, section: si))) }
                    continue
                }
                if sectionIsNew {
                    if oldSectionIndex[s] == nil, let os = oldSections[safe: o.section], newSectionIndex[os] != nil {
                        out.append(.moveItem(o, IndexPath(item: i, section: si)))
                    }
                    continue
                }
                if oldSectionIndex[s] == o.section {
                    stayingIndex[o.item] = i
                    staying.append(o.item)
                } else {
                    out.append(.moveItem(o, IndexPath(item: i, section: si)))
                }
            }
            let still = Set(longestIncreasingRun(staying))
            if let os = oldSectionIndex[s] {
                for o in staying where !still.contains(o) {
                    out.append(.moveItem(IndexPath(item: o, section: os), IndexPath(item: stayingIndex[o]!, section: si)))
                }
            }
        }
        for item in Set(new.reloadedItemIdentifiers).union(new.reconfiguredItemIdentifiers) {
            if let p = oldPlace[item], newPlace[item] != nil { out.append(.reloadItem(p)) }
        }
        return out
    }
}

/// The values of the longest strictly increasing subsequence of `a` (patience sorting).
func longestIncreasingRun(_ a: [Int]) -> [Int] {
    guard !a.isEmpty else { return [] }
    var tails: [Int] = []          // index into a of the smallest tail of each length
    var previous = [Int](repeating: -1, count: a.count)
    for (i, v) in a.enumerated() {
        var lo = 0, hi = tails.count
        while lo < hi { let m = (lo + hi) / 2; if a[tails[m]] < v { lo = m + 1 } else { hi = m } }
        if lo > 0 { previous[i] = tails[lo - 1] }
        if lo == tails.count { tails.append(i) } else { tails[lo] = i }
    }
    var out: [Int] = []
    var k = tails.last!
    while k >= 0 { out.append(a[k]); k = previous[k] }
    return out.reversed()
}

extension Array {
    fileprivate subscript(safe i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}
