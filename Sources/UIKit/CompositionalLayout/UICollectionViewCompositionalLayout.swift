import Foundation

/// Makes the section at an index (UIKit's `UICollectionViewCompositionalLayoutSectionProvider`).
public typealias UICollectionViewCompositionalLayoutSectionProvider = @MainActor (Int, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

/// Options of a whole compositional layout (UIKit's `UICollectionViewCompositionalLayoutConfiguration`).
@preconcurrency @MainActor
open class UICollectionViewCompositionalLayoutConfiguration: NSObject, @preconcurrency NSCopying {
    /// The axis sections follow each other along.
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical
    /// The space between sections.
    open var interSectionSpacing: CGFloat = 0
    /// Headers and footers of the whole layout.
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    open var contentInsetsReference: UIContentInsetsReference = .automatic
    public override init() { super.init() }
    public func copy(with zone: NSZone? = nil) -> Any {
        let c = UICollectionViewCompositionalLayoutConfiguration()
        c.scrollDirection = scrollDirection
        c.interSectionSpacing = interSectionSpacing
        c.boundarySupplementaryItems = boundarySupplementaryItems
        c.contentInsetsReference = contentInsetsReference
        return c
    }
}

extension UICollectionView {
    /// The axis a collection view's layout scrolls along (UIKit's `UICollectionView.ScrollDirection`).
    public typealias ScrollDirection = UICollectionViewFlowLayout.ScrollDirection
}

/// A layout made of sections, groups and items (UIKit's `UICollectionViewCompositionalLayout`):
/// each section's group is resolved against the collection view's size (fractions of it,
/// absolute lengths or estimates corrected by self-sizing cells) and repeated until the
/// section's items are placed; sections may scroll across the layout's axis
/// (`orthogonalScrollingBehavior`), pin headers, carry decorations and change their visible
/// items as they scroll (`visibleItemsInvalidationHandler`).
@preconcurrency @MainActor
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    private let provider: UICollectionViewCompositionalLayoutSectionProvider
    /// The layout's options (a copy is kept; setting one lays out again).
    open var configuration: UICollectionViewCompositionalLayoutConfiguration {
        didSet { invalidateLayout() }
    }
    /// A list configuration for every section (`list(using:)`).
    var wholeList: UICollectionLayoutListConfiguration?

    public convenience init(section: NSCollectionLayoutSection) {
        self.init(section: section, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    public init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        provider = { _, _ in section }
        self.configuration = configuration
        super.init()
    }

    public convenience init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        self.init(sectionProvider: sectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider,
                configuration: UICollectionViewCompositionalLayoutConfiguration) {
        provider = sectionProvider
        self.configuration = configuration
        super.init()
    }

    /// A layout whose every section is a list.
    public static func list(using configuration: UICollectionLayoutListConfiguration) -> UICollectionViewCompositionalLayout {
        let layout = UICollectionViewCompositionalLayout(sectionProvider: { _, env in
            NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: env)
        })
        layout.wholeList = configuration
        return layout
    }

    // MARK: The computed layout

    private struct Boundary {
        var attributes: UICollectionViewLayoutAttributes
        var pinned: Bool
        var leading: Bool
    }

    /// One cell or item supplementary view as the layout keeps it: its attributes are made
    /// when asked for (only the visible ones, as a screen shows them).
    private struct Record {
        var frame: CGRect
        var item: Int32
        /// -1 for a cell; otherwise the index of the supplementary item's kind in `kinds`.
        var kind: Int32
        var zIndex: Int32
        var selfSizingWidth: Bool
        var selfSizingHeight: Bool
    }

    private struct SectionResult {
        var frame: CGRect = .zero
        /// Cells and their supplementary items, in item order.
        var records: [Record] = []
        /// For each item, its record.
        var cellIndex: [Int32] = []
        var list: UICollectionLayoutListConfiguration?
        var boundary: [Boundary] = []
        var decorations: [UICollectionViewLayoutAttributes] = []
        var orthogonal: OrthogonalSection?
        var handler: NSCollectionLayoutSection.VisibleItemsInvalidationHandler?
        /// The longest element along the layout's axis (for searching by position).
        var maxExtent: CGFloat = 0
        /// The content's extent, less boundary items (pinned headers stay inside it).
        var contentRange: ClosedRange<CGFloat> = 0...0
    }

    private var sections: [SectionResult] = []
    private var global: [Boundary] = []
    /// The kinds of item supplementary views (records name them by index).
    private var kinds: [String] = []
    /// Attributes made since the layout was last computed (the same object each time asked).
    private var made: [ElementKey: UICollectionViewLayoutAttributes] = [:]
    private var contentSize: CGSize = .zero
    private var environment: LayoutEnvironment?
    /// Sizes self-sizing supplementary views asked for.
    private var measured: [ElementKey: CGSize] = [:]
    /// Sizes self-sizing cells asked for.
    private var cellSizes: [CellKey: CGSize] = [:]
    private var measuredForWidth: CGFloat = -1

    open override var collectionViewContentSize: CGSize { contentSize }

    override func dataReloaded() { measured = [:]; cellSizes = [:] }

    /// Cells that survive a batch update keep their measured sizes at their new index paths.
    override func dataUpdated(_ map: BatchUpdates) {
        var moved: [CellKey: CGSize] = [:]
        moved.reserveCapacity(cellSizes.count)
        for (k, size) in cellSizes {
            let old = IndexPath(item: Int(k.item), section: Int(k.section))
            if !map.isReloaded(old), let p = map.newIndexPath(for: old) { moved[CellKey(p)] = size }
        }
        cellSizes = moved
    }

    override func acceptsPreferredAttributes(_ preferred: UICollectionViewLayoutAttributes, original: UICollectionViewLayoutAttributes) -> Bool {
        let s = preferred.size
        guard s.width.isFinite, s.height.isFinite, s.width >= 0, s.height >= 0 else {
            LayoutDiagnostics.once("UICollectionViewCompositionalLayout: a view measured itself at \(s); its estimate kept")
            return false
        }
        let clamped = CGSize(width: min(s.width, NSCollectionLayoutDimension.maximumLength), height: min(s.height, NSCollectionLayoutDimension.maximumLength))
        if original.representedElementCategory == .cell { cellSizes[CellKey(original.indexPath)] = clamped } else { measured[original.elementKey] = clamped }
        return true
    }

    override var orthogonalSections: [OrthogonalSection] { sections.compactMap(\.orthogonal) }

    open override func prepare() {
        sections = []
        global = []
        made = [:]
        contentSize = .zero
        guard let cv = collectionView else { return }
        let vertical = configuration.scrollDirection == .vertical
        let inset = cv.adjustedContentInset
        let size = CGSize(width: max(0, cv.bounds.width - inset.left - inset.right), height: max(0, cv.bounds.height - inset.top - inset.bottom))
        // Sizes measured at another width are stale.
        if measuredForWidth != (vertical ? size.width : size.height) {
            measured = [:]
            cellSizes = [:]
            measuredForWidth = vertical ? size.width : size.height
        }
        let reference = referenceInsets(configuration.contentInsetsReference, cv, vertical: vertical)
        let containerInsets = NSDirectionalEdgeInsets(top: inset.top, leading: inset.left, bottom: inset.bottom, trailing: inset.right)
        let env = LayoutEnvironment(container: LayoutContainer(contentSize: size, contentInsets: containerInsets, effectiveContentInsets: reference),
                                    traitCollection: cv.traitCollection)
        environment = env
        if let list = wholeList, cv.backgroundView == nil {
            let color = list.backgroundColor ?? list.defaultBackgroundColor
            if cv.backgroundColor != color { cv.backgroundColor = color }
        }
        var solver = CompositionalSolver(cellSizes: cellSizes, environment: env)
        var along: CGFloat = 0
        // The layout's own headers.
        for item in configuration.boundarySupplementaryItems where item.isLeading(vertical: vertical) {
            along += placeBoundary(item, section: nil, at: along, crossStart: 0, crossExtent: vertical ? size.width : size.height,
                                   container: size, vertical: vertical, into: &global)
        }
        let count = cv.numberOfSections
        for s in 0..<count {
            if s > 0 { along += clean(configuration.interSectionSpacing) }
            guard let section = provider(s, env) else {
                LayoutDiagnostics.once("UICollectionViewCompositionalLayout: the section provider returned no section for section \(s) (UIKit raises); its items are not shown")
                sections.append(SectionResult())
                continue
            }
            let n = min(cv.numberOfItems(inSection: s), CompositionalSolver.maximumItemsPerSection)
            if cv.numberOfItems(inSection: s) > n {
                LayoutDiagnostics.once("UICollectionViewCompositionalLayout: more than \(n) items in a section; the rest are not placed")
            }
            var result = layoutSection(section, index: s, items: n, start: along, size: size, vertical: vertical, cv: cv, solver: &solver)
            along = vertical ? result.frame.maxY : result.frame.maxX
            result.handler = section.visibleItemsInvalidationHandler
            sections.append(result)
        }
        for item in configuration.boundarySupplementaryItems where item.isTrailing(vertical: vertical) {
            along += placeBoundary(item, section: nil, at: along, crossStart: 0, crossExtent: vertical ? size.width : size.height,
                                   container: size, vertical: vertical, into: &global)
        }
        contentSize = vertical ? CGSize(width: size.width, height: along) : CGSize(width: along, height: size.height)
    }

    /// The insets a section keeps clear of across the layout's axis, by reference.
    private func referenceInsets(_ r: UIContentInsetsReference, _ cv: UICollectionView, vertical: Bool) -> NSDirectionalEdgeInsets {
        let inset = cv.adjustedContentInset
        let rtl = cv.effectiveUserInterfaceLayoutDirection == .rightToLeft
        var e: UIEdgeInsets
        switch r {
        case .none: e = .zero
        case .automatic, .safeArea: e = cv.safeAreaInsets
        case .layoutMargins, .readableContent: e = cv.layoutMargins
        }
        // What the scroll view's adjusted inset already keeps clear is not kept twice.
        e = UIEdgeInsets(top: max(0, e.top - inset.top), left: max(0, e.left - inset.left),
                         bottom: max(0, e.bottom - inset.bottom), right: max(0, e.right - inset.right))
        if vertical { e.top = 0; e.bottom = 0 } else { e.left = 0; e.right = 0 }
        return NSDirectionalEdgeInsets(top: e.top, leading: rtl ? e.right : e.left, bottom: e.bottom, trailing: rtl ? e.left : e.right)
    }

    private func clean(_ v: CGFloat) -> CGFloat { v.isFinite ? min(max(0, v), NSCollectionLayoutDimension.maximumLength) : 0 }

    /// Places a header or footer at `at` along the axis; returns the length it adds.
    private func placeBoundary(_ item: NSCollectionLayoutBoundarySupplementaryItem, section: Int?, at: CGFloat, crossStart: CGFloat,
                               crossExtent: CGFloat, container: CGSize, vertical: Bool, into list: inout [Boundary]) -> CGFloat {
        let path = IndexPath(item: 0, section: section ?? 0)
        let room = vertical ? CGSize(width: crossExtent, height: container.height) : CGSize(width: container.width, height: crossExtent)
        var s = item.layoutSize.resolve(in: room)
        let key = ElementKey(category: .supplementaryView, kind: item.elementKind, indexPath: path)
        let a = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: item.elementKind, with: path)
        a.selfSizingWidth = item.layoutSize.widthDimension.isEstimated
        a.selfSizingHeight = item.layoutSize.heightDimension.isEstimated
        if let m = measured[key] {
            if a.selfSizingWidth { s.width = m.width }
            if a.selfSizingHeight { s.height = m.height }
        }
        let crossLength = vertical ? s.width : s.height
        // Across: leading, trailing or centred in the room.
        let e = item.containerAnchor.edges
        let cross = e.contains(.trailing) && vertical || e.contains(.bottom) && !vertical ? crossStart + crossExtent - crossLength
            : (e.contains(.leading) && vertical || e.contains(.top) && !vertical || e.isEmpty) ? crossStart
            : crossStart + (crossExtent - crossLength) / 2
        let o = item.offset
        a.frame = vertical ? CGRect(x: cross + o.x, y: at + o.y, width: s.width, height: s.height)
            : CGRect(x: at + o.x, y: cross + o.y, width: s.width, height: s.height)
        a.zIndex = item.zIndex
        list.append(Boundary(attributes: a, pinned: item.pinToVisibleBounds, leading: item.isLeading(vertical: vertical)))
        return item.extendsBoundary ? (vertical ? s.height : s.width) : 0
    }

    private func layoutSection(_ section: NSCollectionLayoutSection, index s: Int, items n: Int, start: CGFloat, size: CGSize,
                               vertical: Bool, cv: UICollectionView, solver: inout CompositionalSolver) -> SectionResult {
        var r = SectionResult()
        r.records.reserveCapacity(n)
        r.cellIndex.reserveCapacity(n)
        let ref = section.contentInsetsReference == .automatic && configuration.contentInsetsReference != .automatic
            ? referenceInsets(configuration.contentInsetsReference, cv, vertical: vertical)
            : referenceInsets(section.contentInsetsReference, cv, vertical: vertical)
        let ins = section.contentInsets
        let crossExtent = vertical ? size.width : size.height
        let refLead = vertical ? ref.leading : ref.top, refTrail = vertical ? ref.trailing : ref.bottom
        let insLead = vertical ? ins.leading : ins.top, insTrail = vertical ? ins.trailing : ins.bottom
        let insBefore = vertical ? ins.top : ins.leading, insAfter = vertical ? ins.bottom : ins.trailing
        let contentCrossStart = refLead + insLead
        let contentCross = max(0, crossExtent - refLead - refTrail - insLead - insTrail)
        let suppCrossStart = section.supplementariesFollowContentInsets ? contentCrossStart : refLead
        let suppCross = section.supplementariesFollowContentInsets ? contentCross : max(0, crossExtent - refLead - refTrail)
        var along = start
        for item in section.boundarySupplementaryItems where item.isLeading(vertical: vertical) {
            along += placeBoundary(item, section: s, at: along, crossStart: suppCrossStart, crossExtent: suppCross,
                                   container: size, vertical: vertical, into: &r.boundary)
        }
        along += insBefore
        let contentStart = along
        // The group's container: the section's content across, the collection view along.
        let groupContainer = vertical ? CGSize(width: contentCross, height: size.height) : CGSize(width: size.width, height: contentCross)
        let orthogonal = section.orthogonalScrollingBehavior != .none
        var next = 0
        var groups: [ClosedRange<CGFloat>] = []
        var thickness: CGFloat = 0
        var cursor: CGFloat = orthogonal ? contentCrossStart : contentStart
        var guardCount = 0
        var leafBuffer: [CompositionalSolver.Leaf] = []
        solver.beginSection(s)
        var maxExtent: CGFloat = 0
        while next < n {
            let before = next
            let origin = orthogonal
                ? (vertical ? CGPoint(x: cursor, y: contentStart) : CGPoint(x: contentStart, y: cursor))
                : (vertical ? CGPoint(x: contentCrossStart, y: cursor) : CGPoint(x: cursor, y: contentCrossStart))
            leafBuffer.removeAll(keepingCapacity: true)
            let frame = solver.layoutGroup(section.group, origin: origin, container: groupContainer, section: s, next: &next,
                                           available: n, into: &leafBuffer)
            for leaf in leafBuffer {
                append(leaf, section: s, orthogonal: orthogonal, into: &r)
                maxExtent = max(maxExtent, vertical ? leaf.frame.height : leaf.frame.width)
            }
            let groupAlongCross = orthogonal ? (vertical ? frame.width : frame.height) : (vertical ? frame.height : frame.width)
            groups.append(cursor...(cursor + groupAlongCross))
            cursor += groupAlongCross + clean(section.interGroupSpacing)
            if orthogonal { thickness = max(thickness, vertical ? frame.height : frame.width) }
            // A group that takes no item would repeat forever.
            if next == before {
                LayoutDiagnostics.once("UICollectionViewCompositionalLayout: a group of section \(s) holds no item (its items do not fit); the section's other items are not placed")
                break
            }
            guardCount += 1
            if guardCount > CompositionalSolver.maximumItemsPerSection { break }
        }
        if !groups.isEmpty { cursor -= clean(section.interGroupSpacing) }
        if orthogonal {
            along = contentStart + thickness
            // The strip spans the whole width; its content ends after the last group and the inset.
            let stripStart = contentStart
            let frame = vertical ? CGRect(x: 0, y: stripStart, width: crossExtent, height: thickness)
                : CGRect(x: stripStart, y: 0, width: thickness, height: crossExtent)
            let contentLength = max(crossExtent, groups.isEmpty ? 0 : cursor + insTrail + refTrail)
            let resting: OrthogonalSection.Resting = switch section.orthogonalScrollingBehavior {
            case .none, .continuous: .free
            case .continuousGroupLeadingBoundary: .groupLeading
            case .paging: .page
            case .groupPaging: .groupPaging
            case .groupPagingCentered: .groupPagingCentered
            }
            // Group boundaries in the strip's coordinates, where resting puts the group's
            // leading edge at the content inset.
            let stops = groups.map { ($0.lowerBound - contentCrossStart)...($0.upperBound - contentCrossStart) }
            r.orthogonal = OrthogonalSection(section: s, frame: frame,
                                             contentSize: vertical ? CGSize(width: contentLength, height: thickness) : CGSize(width: thickness, height: contentLength),
                                             resting: resting, groups: resting == .groupPagingCentered ? groups : stops, horizontal: vertical)
        } else {
            along = groups.isEmpty ? contentStart : cursor
        }
        along += insAfter
        for item in section.boundarySupplementaryItems where item.isTrailing(vertical: vertical) {
            along += placeBoundary(item, section: s, at: along, crossStart: suppCrossStart, crossExtent: suppCross,
                                   container: size, vertical: vertical, into: &r.boundary)
        }
        // A list's headers and footers know their list (a list cell drawn as one takes the
        // header's background).
        if let list = section.list {
            for b in r.boundary {
                b.attributes.listSeparator = ListSeparator(hidden: true, color: .separator, leadingInset: nil, trailingInset: nil,
                                                           appearance: list.appearance, first: false, last: false,
                                                           leadingSwipe: nil, trailingSwipe: nil, supplementary: true)
            }
        }
        r.frame = vertical ? CGRect(x: 0, y: start, width: crossExtent, height: along - start)
            : CGRect(x: start, y: 0, width: along - start, height: crossExtent)
        r.contentRange = start...max(start, along)
        for (k, d) in section.decorationItems.enumerated() {
            let a = UICollectionViewLayoutAttributes(forDecorationViewOfKind: d.elementKind, with: IndexPath(item: k, section: s))
            let full = vertical ? CGRect(x: refLead, y: start, width: max(0, crossExtent - refLead - refTrail), height: along - start)
                : CGRect(x: start, y: refLead, width: along - start, height: max(0, crossExtent - refLead - refTrail))
            let i = d.contentInsets
            a.frame = CGRect(x: full.minX + i.leading, y: full.minY + i.top, width: max(0, full.width - i.leading - i.trailing),
                             height: max(0, full.height - i.top - i.bottom))
            a.zIndex = d.zIndex
            r.decorations.append(a)
        }
        // Supplementary items of items (badges) may reach farther than their cells.
        if r.records.count != r.cellIndex.count {
            for rec in r.records where rec.kind >= 0 { maxExtent = max(maxExtent, vertical ? rec.frame.height : rec.frame.width) }
        }
        r.maxExtent = maxExtent
        r.list = section.list
        return r
    }

    private func append(_ leaf: CompositionalSolver.Leaf, section s: Int, orthogonal: Bool, into r: inout SectionResult) {
        let frame = CompositionalSolver.inset(leaf)
        let isGroup = leaf.item is NSCollectionLayoutGroup
        r.cellIndex.append(Int32(truncatingIfNeeded: r.records.count))
        r.records.append(Record(frame: frame, item: Int32(truncatingIfNeeded: leaf.index), kind: -1, zIndex: 0,
                                selfSizingWidth: !isGroup && leaf.item.layoutSize.widthDimension.isEstimated,
                                selfSizingHeight: !isGroup && leaf.item.layoutSize.heightDimension.isEstimated))
        for supp in leaf.item.supplementaryItems {
            let size = supp.layoutSize.resolve(in: frame.size)
            let f = CGRect(origin: supp.containerAnchor.place(size, in: frame, itemAnchor: supp.itemAnchor), size: size)
            let k: Int
            if let i = kinds.firstIndex(of: supp.elementKind) { k = i } else { kinds.append(supp.elementKind); k = kinds.count - 1 }
            r.records.append(Record(frame: f, item: Int32(truncatingIfNeeded: leaf.index), kind: Int32(k),
                                    zIndex: Int32(truncatingIfNeeded: supp.zIndex), selfSizingWidth: false, selfSizingHeight: false))
        }
    }

    /// The attributes of a record (made once per layout computation).
    private func attributes(_ rec: Record, section s: Int) -> UICollectionViewLayoutAttributes {
        let path = IndexPath(item: Int(rec.item), section: s)
        let kind: String? = rec.kind >= 0 ? kinds[Int(rec.kind)] : nil
        let key = ElementKey(category: kind == nil ? .cell : .supplementaryView, kind: kind, indexPath: path)
        if let a = made[key] { return a }
        let a = kind.map { UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: $0, with: path) }
            ?? UICollectionViewLayoutAttributes(forCellWith: path)
        a.frame = rec.frame
        a.zIndex = Int(rec.zIndex)
        a.selfSizingWidth = rec.selfSizingWidth
        a.selfSizingHeight = rec.selfSizingHeight
        let sec = sections[s]
        if sec.orthogonal != nil { a.orthogonalSection = s }
        if kind == nil, let list = sec.list { a.listSeparator = list.placement(of: Int(rec.item), count: sec.cellIndex.count, path: path) }
        made[key] = a
        return a
    }

    // MARK: Queries

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let cv = collectionView else { return [] }
        let vertical = configuration.scrollDirection == .vertical
        var out: [UICollectionViewLayoutAttributes] = []
        func hits(_ f: CGRect, _ r: CGRect) -> Bool { f.minX < r.maxX && f.maxX > r.minX && f.minY < r.maxY && f.maxY > r.minY }
        for b in global where hits(b.attributes.frame, rect) { out.append(b.attributes) }
        for (s, sec) in sections.enumerated() where hits(sec.frame, rect) {
            var found: [UICollectionViewLayoutAttributes] = []
            if let o = sec.orthogonal {
                // Elements of a carousel: those its scroll view shows.
                let offset = orthogonalOffsets[s] ?? .zero
                let visible = CGRect(x: o.frame.minX + offset.x, y: o.frame.minY + offset.y, width: o.frame.width, height: o.frame.height)
                for rec in sec.records where hits(rec.frame, visible) { found.append(attributes(rec, section: s)) }
            } else {
                found = search(sec, rect, vertical: vertical).map { attributes($0, section: s) }
            }
            if let handler = sec.handler, let env = environment {
                let copies = found.map { $0.copy() as! UICollectionViewLayoutAttributes }
                let offset: CGPoint = sec.orthogonal != nil ? (orthogonalOffsets[s] ?? .zero) : cv.contentOffset
                handler(copies.map { VisibleItem($0) }, offset, env)
                found = copies
            }
            out.append(contentsOf: found)
            for d in sec.decorations where hits(d.frame, rect) { out.append(d) }
            for b in sec.boundary {
                let a = b.pinned ? pinned(b, in: sec, cv: cv, vertical: vertical) : b.attributes
                if hits(a.frame, rect) { out.append(a) }
            }
        }
        return out
    }

    /// The elements of a section meeting `rect`, found by position (elements are in order
    /// along the axis).
    private func search(_ sec: SectionResult, _ rect: CGRect, vertical: Bool) -> [Record] {
        let els = sec.records
        let lo = (vertical ? rect.minY : rect.minX) - sec.maxExtent, hi = vertical ? rect.maxY : rect.maxX
        var a = 0, b = els.count
        while a < b {
            let m = (a + b) / 2
            if (vertical ? els[m].frame.minY : els[m].frame.minX) < lo { a = m + 1 } else { b = m }
        }
        var out: [Record] = []
        var i = a
        while i < els.count {
            let f = els[i].frame
            if (vertical ? f.minY : f.minX) >= hi { break }
            if f.minX < rect.maxX && f.maxX > rect.minX && f.minY < rect.maxY && f.maxY > rect.minY { out.append(els[i]) }
            i += 1
        }
        return out
    }

    /// A pinned header kept at the visible top (a footer at the bottom) while its section shows.
    private func pinned(_ b: Boundary, in sec: SectionResult, cv: UICollectionView, vertical: Bool) -> UICollectionViewLayoutAttributes {
        let a = b.attributes.copy() as! UICollectionViewLayoutAttributes
        let inset = cv.adjustedContentInset
        if vertical {
            let top = cv.contentOffset.y + inset.top, bottom = cv.contentOffset.y + cv.bounds.height - inset.bottom
            if b.leading {
                a.frame.origin.y = min(max(a.frame.minY, top), max(a.frame.minY, sec.contentRange.upperBound - a.frame.height))
            } else {
                a.frame.origin.y = max(min(a.frame.minY, bottom - a.frame.height), sec.contentRange.lowerBound)
            }
        } else {
            let left = cv.contentOffset.x + inset.left, right = cv.contentOffset.x + cv.bounds.width - inset.right
            if b.leading {
                a.frame.origin.x = min(max(a.frame.minX, left), max(a.frame.minX, sec.contentRange.upperBound - a.frame.width))
            } else {
                a.frame.origin.x = max(min(a.frame.minX, right - a.frame.width), sec.contentRange.lowerBound)
            }
        }
        return a
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard sections.indices.contains(indexPath.section) else { return nil }
        let sec = sections[indexPath.section]
        guard sec.cellIndex.indices.contains(indexPath.item) else { return nil }
        return attributes(sec.records[Int(sec.cellIndex[indexPath.item])], section: indexPath.section)
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        if let g = global.first(where: { $0.attributes.representedElementKind == elementKind && $0.attributes.indexPath == indexPath }) {
            return g.attributes
        }
        guard sections.indices.contains(indexPath.section) else { return nil }
        let sec = sections[indexPath.section]
        if let b = sec.boundary.first(where: { $0.attributes.representedElementKind == elementKind }), indexPath.item == 0 {
            if b.pinned, let cv = collectionView { return pinned(b, in: sec, cv: cv, vertical: configuration.scrollDirection == .vertical) }
            return b.attributes
        }
        guard let k = kinds.firstIndex(of: elementKind), sec.cellIndex.indices.contains(indexPath.item) else { return nil }
        var i = Int(sec.cellIndex[indexPath.item]) + 1
        while i < sec.records.count, sec.records[i].kind >= 0 {
            if sec.records[i].kind == Int32(k) { return attributes(sec.records[i], section: indexPath.section) }
            i += 1
        }
        return nil
    }

    open override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard sections.indices.contains(indexPath.section) else { return nil }
        return sections[indexPath.section].decorations.first { $0.representedElementKind == elementKind && $0.indexPath == indexPath }
    }
}
