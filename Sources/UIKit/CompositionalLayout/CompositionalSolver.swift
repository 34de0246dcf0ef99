import Foundation

/// A cell's index path as a cheap dictionary key.
struct CellKey: Hashable {
    let section: Int32, item: Int32
    init(_ section: Int, _ item: Int) {
        self.section = Int32(truncatingIfNeeded: section)
        self.item = Int32(truncatingIfNeeded: item)
    }
    init(_ p: IndexPath) { self.init(p.section, p.item) }
}

/// The arithmetic of a compositional layout: groups resolved in their containers, repeated
/// through a section, along the layout's axis or across it.
@MainActor
struct CompositionalSolver {
    /// Sizes cells asked for (self-sizing), by index path.
    var cellSizes: [CellKey: CGSize] { didSet { sortedSizes = nil } }
    /// The measured sizes of the section being laid out, in item order, and how far the
    /// layout has read them (items are placed in order, so no hashing per item).
    private var sortedSizes: [Int: [(item: Int, size: CGSize)]]?
    private var sectionSizes: [(item: Int, size: CGSize)] = []
    private var sizeCursor = 0

    init(cellSizes: [CellKey: CGSize], environment: LayoutEnvironment) {
        self.cellSizes = cellSizes
        self.environment = environment
    }

    /// Starts a section: its measured sizes in item order.
    mutating func beginSection(_ section: Int) {
        if sortedSizes == nil {
            var by: [Int: [(item: Int, size: CGSize)]] = [:]
            for (k, v) in cellSizes { by[Int(k.section), default: []].append((Int(k.item), v)) }
            for k in by.keys { by[k]?.sort { $0.item < $1.item } }
            sortedSizes = by
        }
        sectionSizes = sortedSizes?[section] ?? []
        sizeCursor = 0
    }

    /// The measured size of item `item` of the current section (items asked in order).
    private mutating func measuredSize(_ item: Int) -> CGSize? {
        while sizeCursor < sectionSizes.count && sectionSizes[sizeCursor].item < item { sizeCursor += 1 }
        return sizeCursor < sectionSizes.count && sectionSizes[sizeCursor].item == item ? sectionSizes[sizeCursor].size : nil
    }
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
    /// items from `next` (of `available`) and appending them to `leaves`; returns its frame.
    mutating func layoutGroup(_ group: NSCollectionLayoutGroup, origin: CGPoint, container: CGSize, section: Int,
                              next: inout Int, available: Int, into leaves: inout [Leaf]) -> CGRect {
        var size = group.layoutSize.resolve(in: container)
        let estimatedW = group.layoutSize.widthDimension.isEstimated, estimatedH = group.layoutSize.heightDimension.isEstimated
        if group.arrangement == .custom {
            let frames = group.itemProvider?(environment) ?? []
            for f in frames.prefix(10_000) where next < available {
                let r = CGRect(x: origin.x + clean(f.frame.minX), y: origin.y + clean(f.frame.minY),
                               width: clean(f.frame.width), height: clean(f.frame.height))
                leaves.append(Leaf(frame: r, item: group, index: next))
                next += 1
            }
            return CGRect(origin: origin, size: size)
        }
        let horizontal = group.arrangement == .horizontal
        let groupAlong = horizontal ? size.width : size.height
        let spacing = group.interItemSpacing?.spacing ?? 0
        let flexible = group.interItemSpacing?.isFlexibleSpacing == true
        let uniform = group.hasUniformSubitems
        let firstLeaf = leaves.count
        // Where each subitem's leaves start (only kept when flexible spacing needs it).
        var starts: [Int] = []
        var cursor: CGFloat = 0
        var crossMax: CGFloat = 0
        var placedCount = 0
        var i = 0
        let limit = group.count ?? 10_000
        let subitems = group.subitems
        while placedCount < limit, next < available, !subitems.isEmpty {
            let sub = subitems[i % subitems.count]
            i += 1
            var subSize = sub.layoutSize.resolve(in: size)
            if let count = group.count {
                let share = max(0, (groupAlong - spacing * CGFloat(count - 1)) / CGFloat(count))
                if horizontal { subSize.width = share } else { subSize.height = share }
            }
            let lead = leadingEdgeSpacing(sub, horizontal: horizontal)
            let along = (horizontal ? subSize.width : subSize.height) + lead
            if group.count == nil, placedCount > 0, cursor + along > groupAlong + 0.5 { break }
            let start = horizontal ? CGPoint(x: origin.x + cursor + lead, y: origin.y + crossEdge(sub, horizontal: horizontal))
                : CGPoint(x: origin.x + crossEdge(sub, horizontal: horizontal), y: origin.y + cursor + lead)
            var rect = CGRect(origin: start, size: subSize)
            if flexible { starts.append(leaves.count) }
            if let g = sub.asGroup {
                rect = layoutGroup(g, origin: start, container: size, section: section, next: &next, available: available, into: &leaves)
            } else {
                let estimatedWidth = sub.layoutSize.widthDimension.isEstimated, estimatedHeight = sub.layoutSize.heightDimension.isEstimated
                if (estimatedWidth || estimatedHeight) && !sectionSizes.isEmpty, let m = measuredSize(next) {
                    if estimatedWidth { rect.size.width = m.width }
                    if estimatedHeight { rect.size.height = m.height }
                }
                leaves.append(Leaf(frame: rect, item: sub, index: next))
                next += 1
            }
            let advance = horizontal ? rect.width : rect.height
            cursor += lead + advance + trailingEdgeSpacing(sub, horizontal: horizontal)
            crossMax = max(crossMax, horizontal ? rect.maxY - origin.y : rect.maxX - origin.x)
            placedCount += 1
            cursor += spacing
            // Items with no length along the group would repeat forever: one round of them.
            if group.count == nil, advance <= 0, i >= subitems.count { break }
        }
        if placedCount > 0 { cursor -= spacing }
        // Flexible spacing shares the spare room between the items.
        if flexible, placedCount > 1, cursor < groupAlong {
            let extra = (groupAlong - cursor) / CGFloat(placedCount - 1)
            for (k, first) in starts.enumerated() {
                let end = k + 1 < starts.count ? starts[k + 1] : leaves.count
                let d = extra * CGFloat(k)
                for j in first..<end { leaves[j].frame = horizontal ? leaves[j].frame.offsetBy(dx: d, dy: 0) : leaves[j].frame.offsetBy(dx: 0, dy: d) }
            }
        }
        // Items of uniform estimated height share the tallest measured one.
        if uniform {
            var tallest: CGFloat = 0
            for j in firstLeaf..<leaves.count { tallest = max(tallest, horizontal ? leaves[j].frame.height : leaves[j].frame.width) }
            for j in firstLeaf..<leaves.count {
                if horizontal && leaves[j].item.layoutSize.heightDimension.isUniformAcrossSiblings { leaves[j].frame.size.height = tallest }
                if !horizontal && leaves[j].item.layoutSize.widthDimension.isUniformAcrossSiblings { leaves[j].frame.size.width = tallest }
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
        return CGRect(origin: origin, size: size)
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
