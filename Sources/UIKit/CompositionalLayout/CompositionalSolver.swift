import Foundation

/// The arithmetic of a compositional layout: groups resolved in their containers, repeated
/// through a section, along the layout's axis or across it.
@MainActor
struct CompositionalSolver {
    /// Sizes views asked for (self-sizing), by element.
    var measured: [ElementKey: CGSize]
    let environment: LayoutEnvironment
    /// The most elements one section places (a data source claiming more is cut, reported).
    static let maximumItemsPerSection = 1_000_000

    /// One laid-out leaf item.
    struct Leaf {
        var frame: CGRect
        var item: NSCollectionLayoutItem
        var index: Int
    }

    /// Lays out one instance of `group` at `origin`, in a container of `container`, taking
    /// items from `next` (of `available`); returns its frame and its leaves.
    mutating func layoutGroup(_ group: NSCollectionLayoutGroup, origin: CGPoint, container: CGSize, section: Int,
                              next: inout Int, available: Int) -> (frame: CGRect, leaves: [Leaf]) {
        var size = group.layoutSize.resolve(in: container)
        let estimatedW = group.layoutSize.widthDimension.isEstimated, estimatedH = group.layoutSize.heightDimension.isEstimated
        var leaves: [Leaf] = []
        if group.arrangement == .custom {
            let frames = group.itemProvider?(environment) ?? []
            for f in frames.prefix(10_000) where next < available {
                let r = CGRect(x: origin.x + clean(f.frame.minX), y: origin.y + clean(f.frame.minY),
                               width: clean(f.frame.width), height: clean(f.frame.height))
                leaves.append(Leaf(frame: r, item: group, index: next))
                next += 1
            }
            return (CGRect(origin: origin, size: size), leaves)
        }
        let horizontal = group.arrangement == .horizontal
        let groupAlong = horizontal ? size.width : size.height
        let spacing = group.interItemSpacing?.spacing ?? 0
        var cursor: CGFloat = 0
        var crossMax: CGFloat = 0
        var placed: [(item: NSCollectionLayoutItem, along: CGFloat, rect: CGRect, leaves: [Leaf])] = []
        var i = 0
        let limit = group.count ?? 10_000
        while placed.count < limit, next < available, !group.subitems.isEmpty {
            let sub = group.subitems[i % group.subitems.count]
            i += 1
            var subSize = sub.layoutSize.resolve(in: size)
            if let count = group.count {
                let share = max(0, (groupAlong - spacing * CGFloat(count - 1)) / CGFloat(count))
                if horizontal { subSize.width = share } else { subSize.height = share }
            }
            let lead = leadingEdgeSpacing(sub, horizontal: horizontal)
            let along = (horizontal ? subSize.width : subSize.height) + lead
            if group.count == nil, !placed.isEmpty, cursor + along > groupAlong + 0.5 { break }
            let start = horizontal ? CGPoint(x: origin.x + cursor + lead, y: origin.y + crossEdge(sub, horizontal: horizontal))
                : CGPoint(x: origin.x + crossEdge(sub, horizontal: horizontal), y: origin.y + cursor + lead)
            var rect = CGRect(origin: start, size: subSize)
            var subLeaves: [Leaf] = []
            if let g = sub as? NSCollectionLayoutGroup {
                let r = layoutGroup(g, origin: start, container: size, section: section, next: &next, available: available)
                rect = r.frame
                subLeaves = r.leaves
            } else {
                let key = ElementKey(category: .cell, kind: nil, indexPath: IndexPath(item: next, section: section))
                if let m = measured[key] {
                    if sub.layoutSize.widthDimension.isEstimated { rect.size.width = m.width }
                    if sub.layoutSize.heightDimension.isEstimated { rect.size.height = m.height }
                }
                subLeaves = [Leaf(frame: rect, item: sub, index: next)]
                next += 1
            }
            let advance = horizontal ? rect.width : rect.height
            cursor += lead + advance + trailingEdgeSpacing(sub, horizontal: horizontal)
            crossMax = max(crossMax, horizontal ? rect.maxY - origin.y : rect.maxX - origin.x)
            placed.append((sub, advance, rect, subLeaves))
            cursor += spacing
            // Items with no length along the group would repeat forever: one round of them.
            if group.count == nil, advance <= 0, i >= group.subitems.count { break }
        }
        if !placed.isEmpty { cursor -= spacing }
        // Flexible spacing shares the spare room between the items.
        if let s = group.interItemSpacing, s.isFlexibleSpacing, placed.count > 1, cursor < groupAlong {
            let extra = (groupAlong - cursor) / CGFloat(placed.count - 1)
            for k in placed.indices {
                let d = extra * CGFloat(k)
                placed[k].leaves = placed[k].leaves.map { var l = $0; l.frame = horizontal ? l.frame.offsetBy(dx: d, dy: 0) : l.frame.offsetBy(dx: 0, dy: d); return l }
            }
        }
        // Items of uniform estimated height share the tallest measured one.
        if placed.contains(where: { $0.item.layoutSize.heightDimension.isUniformAcrossSiblings || $0.item.layoutSize.widthDimension.isUniformAcrossSiblings }) {
            let tallest = placed.flatMap(\.leaves).map { horizontal ? $0.frame.height : $0.frame.width }.max() ?? 0
            for k in placed.indices {
                placed[k].leaves = placed[k].leaves.map { l in
                    var l = l
                    if horizontal && l.item.layoutSize.heightDimension.isUniformAcrossSiblings { l.frame.size.height = tallest }
                    if !horizontal && l.item.layoutSize.widthDimension.isUniformAcrossSiblings { l.frame.size.width = tallest }
                    return l
                }
            }
            crossMax = max(crossMax, tallest)
        }
        // An estimated group takes its items' extent.
        if horizontal {
            if estimatedH { size.height = crossMax }
            if estimatedW { size.width = cursor }
        } else {
            if estimatedW { size.width = crossMax }
            if estimatedH { size.height = cursor }
        }
        return (CGRect(origin: origin, size: size), placed.flatMap(\.leaves))
    }

    private func leadingEdgeSpacing(_ item: NSCollectionLayoutItem, horizontal: Bool) -> CGFloat {
        guard let e = item.edgeSpacing else { return 0 }
        return (horizontal ? e.leading : e.top)?.spacing ?? 0
    }

    private func trailingEdgeSpacing(_ item: NSCollectionLayoutItem, horizontal: Bool) -> CGFloat {
        guard let e = item.edgeSpacing else { return 0 }
        return (horizontal ? e.trailing : e.bottom)?.spacing ?? 0
    }

    private func crossEdge(_ item: NSCollectionLayoutItem, horizontal: Bool) -> CGFloat {
        guard let e = item.edgeSpacing else { return 0 }
        return (horizontal ? e.top : e.leading)?.spacing ?? 0
    }

    /// An item's frame inside the room it was given: less its content insets, except along
    /// estimated sides (as on iOS).
    static func inset(_ leaf: Leaf) -> CGRect {
        let i = leaf.item.contentInsets
        guard !(leaf.item is NSCollectionLayoutGroup) else { return leaf.frame }
        let w = leaf.item.layoutSize.widthDimension.isEstimated, h = leaf.item.layoutSize.heightDimension.isEstimated
        var r = leaf.frame
        if !w { r.origin.x += i.leading; r.size.width = max(0, r.width - i.leading - i.trailing) }
        if !h { r.origin.y += i.top; r.size.height = max(0, r.height - i.top - i.bottom) }
        return r
    }

    private func clean(_ v: CGFloat) -> CGFloat {
        guard v.isFinite else { return 0 }
        return min(max(v, -NSCollectionLayoutDimension.maximumLength), NSCollectionLayoutDimension.maximumLength)
    }
}
