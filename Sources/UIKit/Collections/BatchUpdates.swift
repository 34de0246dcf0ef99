import Foundation

/// The changes of one batch update of a collection or table view, and where each item that
/// was there before is afterwards. As in UIKit, deletes and reloads name index paths before
/// the update, inserts name index paths after it, and a move names one of each; everything
/// else keeps its order.
struct BatchUpdates {
    enum Change: CustomStringConvertible {
        case insertItem(IndexPath), deleteItem(IndexPath), reloadItem(IndexPath), moveItem(IndexPath, IndexPath)
        case insertSection(Int), deleteSection(Int), reloadSection(Int), moveSection(Int, Int)

        var description: String {
            func p(_ i: IndexPath) -> String { "\(i.section).\(i.item)" }
            switch self {
            case .insertItem(let i): return "insert \(p(i))"
            case .deleteItem(let i): return "delete \(p(i))"
            case .reloadItem(let i): return "reload \(p(i))"
            case .moveItem(let a, let b): return "move \(p(a))->\(p(b))"
            case .insertSection(let s): return "insert section \(s)"
            case .deleteSection(let s): return "delete section \(s)"
            case .reloadSection(let s): return "reload section \(s)"
            case .moveSection(let a, let b): return "move section \(a)->\(b)"
            }
        }
    }

    /// For each old section, the new index of each of its items (-1: deleted).
    private var itemMap: [[Int]]
    /// For each old section, its new index (-1: deleted).
    private var sectionMap: [Int]
    private var reloaded: Set<IndexPath> = []
    /// Items moved to another section.
    private var movedAcross: [IndexPath: IndexPath] = [:]

    /// Where `old` is after the update (nil when it was deleted).
    func newIndexPath(for old: IndexPath) -> IndexPath? {
        if let to = movedAcross[old] { return to }
        guard itemMap.indices.contains(old.section), itemMap[old.section].indices.contains(old.item) else { return nil }
        let i = itemMap[old.section][old.item]
        let s = sectionMap[old.section]
        return i >= 0 && s >= 0 ? IndexPath(item: i, section: s) : nil
    }

    /// Whether the item at `old` was reloaded (its cell is made again).
    func isReloaded(_ old: IndexPath) -> Bool { reloaded.contains(old) }

    /// The mapping; nil when the counts before and after do not agree with the changes (UIKit
    /// raises "Invalid update").
    init?(changes: [Change], oldCounts: [Int], newCounts: [Int]) {
        var deletedSections = Set<Int>(), insertedSections = Set<Int>(), reloadedSections = Set<Int>()
        var sectionMovesFrom: [Int: Int] = [:], sectionMovesTo = Set<Int>()
        var deletedItems: [Int: Set<Int>] = [:], insertedItems: [Int: Set<Int>] = [:]
        var movesFrom: [IndexPath: IndexPath] = [:], movesTo: [Int: Set<Int>] = [:]
        for c in changes {
            switch c {
            case .insertItem(let p): insertedItems[p.section, default: []].insert(p.item)
            case .deleteItem(let p): deletedItems[p.section, default: []].insert(p.item)
            case .reloadItem(let p): reloaded.insert(p)
            case .moveItem(let a, let b): movesFrom[a] = b; movesTo[b.section, default: []].insert(b.item)
            case .insertSection(let s): insertedSections.insert(s)
            case .deleteSection(let s): deletedSections.insert(s)
            case .reloadSection(let s): reloadedSections.insert(s)
            case .moveSection(let a, let b): sectionMovesFrom[a] = b; sectionMovesTo.insert(b)
            }
        }
        // Sections: the ones that stay, in order, fill the places neither inserted nor moved to.
        var sectionMap = [Int](repeating: -1, count: oldCounts.count)
        let staying = oldCounts.indices.filter { !deletedSections.contains($0) && sectionMovesFrom[$0] == nil }
        let free = newCounts.indices.filter { !insertedSections.contains($0) && !sectionMovesTo.contains($0) }
        guard staying.count == free.count else { return nil }
        for (o, n) in zip(staying, free) { sectionMap[o] = n }
        for (o, n) in sectionMovesFrom {
            guard oldCounts.indices.contains(o), newCounts.indices.contains(n) else { return nil }
            sectionMap[o] = n
        }
        // Items: within each surviving section, those not deleted or moved away fill the
        // places of the new section neither inserted nor moved to.
        var itemMap = oldCounts.map { [Int](repeating: -1, count: $0) }
        var oldOfNew = [Int](repeating: -1, count: newCounts.count)
        for (o, n) in sectionMap.enumerated() where n >= 0 { oldOfNew[n] = o }
        for n in newCounts.indices {
            let o = oldOfNew[n]
            guard o >= 0, !reloadedSections.contains(o) else {
                // A new (or reloaded) section: everything in it is new.
                continue
            }
            // Places of the new section neither inserted nor moved to, and items of the old
            // one neither deleted nor moved away, paired in order (masks, not sets: linear).
            var taken = [Bool](repeating: false, count: newCounts[n])
            for i in insertedItems[n] ?? [] where i >= 0 && i < taken.count { taken[i] = true }
            for i in movesTo[n] ?? [] where i >= 0 && i < taken.count { taken[i] = true }
            var gone = [Bool](repeating: false, count: oldCounts[o])
            for i in deletedItems[o] ?? [] where i >= 0 && i < gone.count { gone[i] = true }
            if !movesFrom.isEmpty {
                for (from, _) in movesFrom where from.section == o && from.item >= 0 && from.item < gone.count { gone[from.item] = true }
            }
            var a = 0, b = 0
            while true {
                while a < gone.count && gone[a] { a += 1 }
                while b < taken.count && taken[b] { b += 1 }
                if a >= gone.count || b >= taken.count { break }
                itemMap[o][a] = b
                a += 1
                b += 1
            }
            // Both run out together, or the counts disagree with the changes.
            while a < gone.count && gone[a] { a += 1 }
            while b < taken.count && taken[b] { b += 1 }
            guard a == gone.count && b == taken.count else { return nil }
        }
        for (from, to) in movesFrom {
            guard itemMap.indices.contains(from.section), itemMap[from.section].indices.contains(from.item),
                  newCounts.indices.contains(to.section), to.item >= 0, to.item < newCounts[to.section] else { return nil }
            // A moved item keeps its place in the section it moved to.
            itemMap[from.section][from.item] = to.item
            if sectionMap[from.section] != to.section { movedAcross[from] = to }
        }
        for s in reloadedSections where oldCounts.indices.contains(s) {
            for i in 0..<oldCounts[s] { reloaded.insert(IndexPath(item: i, section: s)) }
        }
        self.itemMap = itemMap
        self.sectionMap = sectionMap
    }

    /// Splits the views shown before the update: those of surviving items at their new index
    /// paths, and those leaving (deleted or reloaded items').
    func partition<V>(_ visible: [IndexPath: V]) -> (kept: [IndexPath: V], leaving: [V]) {
        var kept: [IndexPath: V] = [:], leaving: [V] = []
        for (path, v) in visible {
            if let to = newIndexPath(for: path), !isReloaded(path) { kept[to] = v } else { leaving.append(v) }
        }
        return (kept, leaving)
    }
}

extension UIView {
    /// Lays a batch update out as UIKit animates it (0.3 s, ease in and out, on the window's
    /// clock): views of leaving items fade out and are then `recycled`; kept ones slide to
    /// their new places; new ones are placed by the layout. Without a window or animation, at once.
    func animateBatchUpdate(leaving: [UIView], animated: Bool, recycle: @escaping (UIView) -> Void, completion: ((Bool) -> Void)?) {
        guard animated, window != nil else {
            for v in leaving { recycle(v) }
            layoutIfNeeded()
            completion?(true)
            return
        }
        onWindowClock {
            UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseInOut], animations: {
                for v in leaving { v.alpha = 0 }
                self.layoutIfNeeded()
            }, completion: { finished in
                for v in leaving { v.alpha = 1; recycle(v) }
                completion?(finished)
            })
        }
    }
}
