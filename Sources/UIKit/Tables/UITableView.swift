import Foundation
import QuartzCore

/// Supplies a table's rows (UIKit's `UITableViewDataSource`).
@preconcurrency @MainActor
public protocol UITableViewDataSource: AnyObject {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    func numberOfSections(in tableView: UITableView) -> Int
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
}

extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
}

/// Sizes a table's rows and hears selection (UIKit's `UITableViewDelegate`; every method is
/// optional). Set it as the table's `delegate`.
@preconcurrency @MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView?
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    /// The context menu of a long press on a row (nil: none).
    func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
                   point: CGPoint) -> UIContextMenuConfiguration?
    /// The actions a swipe toward the trailing edge reveals at the row's leading edge (nil: none).
    func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration?
    /// The actions a swipe toward the leading edge reveals at the row's trailing edge (nil: none).
    func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration?
}

extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { UITableView.automaticDimension }
    public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat { UITableView.automaticDimension }
    public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
                          point: CGPoint) -> UIContextMenuConfiguration? { nil }
    public func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    public func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
}

/// Rows in sections, scrolling (UIKit's `UITableView`): cells are asked of the data source for
/// the rows on screen and reused as they scroll off; a tap selects a row and tells the
/// delegate. The plain style draws separators under every row and, below the last, empty rows'
/// separators to the bottom (unless a `tableFooterView` is set), as iOS does; headers and
/// footers show the data source's titles.
open class UITableView: UIScrollView {
    /// The table's look.
    public enum Style: Int, Sendable { case plain, grouped, insetGrouped }
    /// Where `scrollToRow` puts the row.
    public enum ScrollPosition: Int, Sendable { case none, top, middle, bottom }
    /// Separator lines.
    public enum SeparatorStyle: Int, Sendable { case none, singleLine, singleLineEtched }
    /// How rows animate in `insertRows` and friends (Lamina fades every kind in and out, and
    /// slides moved rows; `.none` does not animate).
    public enum RowAnimation: Int, Sendable { case fade, right, left, top, bottom, none, middle, automatic = 100 }

    /// "Use the default height": rows as tall as their cells' content, plain headers 28 with a title.
    public static let automaticDimension: CGFloat = -1

    /// The style the table was made with.
    public let style: Style
    /// Supplies the rows.
    open weak var dataSource: UITableViewDataSource? { didSet { setNeedsReload() } }
    /// Every row's height unless the delegate says: `automaticDimension` by default, as since
    /// iOS 11, each row as tall as its cell's content (a list content configuration's measure,
    /// the content view's constraints, or the style's labels; 44 points for one line of text).
    open var rowHeight: CGFloat = UITableView.automaticDimension { didSet { setNeedsReload() } }
    /// The height a self-sizing row has until its cell is shown and measured
    /// (`automaticDimension`: 44 points).
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension { didSet { setNeedsReload() } }
    /// Header and footer heights unless the delegate says.
    open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension { didSet { setNeedsReload() } }
    open var sectionFooterHeight: CGFloat = UITableView.automaticDimension { didSet { setNeedsReload() } }
    /// Separator lines and their colour and inset.
    open var separatorStyle: SeparatorStyle = .singleLine { didSet { setNeedsLayout() } }
    open var separatorColor: UIColor? = .separator { didSet { setNeedsLayout() } }
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) { didSet { setNeedsLayout() } }
    /// Whether rows can be selected (tapped).
    open var allowsSelection = true
    open var allowsMultipleSelection = false
    /// A view above the first section and one below the last.
    open var tableHeaderView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let v = tableHeaderView { addSubview(v) }; setNeedsReload() }
    }
    open var tableFooterView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let v = tableFooterView { addSubview(v) }; setNeedsReload() }
    }

    private struct Row { var y: CGFloat; var height: CGFloat; var selfSizing = false }
    private struct Section { var headerY: CGFloat; var header: CGFloat; var rows: [Row]; var footerY: CGFloat; var footer: CGFloat; var title: String?; var footerTitle: String? }
    private var sections: [Section] = []
    private var needsReload = true
    private var registered: [String: (String) -> UITableViewCell] = [:]
    private var reusePool: [String: [UITableViewCell]] = [:]
    private var visible: [IndexPath: UITableViewCell] = [:]
    private var headerViews: [Int: UIView] = [:]
    private var footerViews: [Int: UIView] = [:]
    private var registeredHeaderFooters: [String: (String) -> UITableViewHeaderFooterView] = [:]
    private var headerFooterPool: [String: [UITableViewHeaderFooterView]] = [:]
    private var fillerSeparators: [UIView] = []
    private var selected: [IndexPath] = []
    private var highlighted: IndexPath?
    private var contentBottom: CGFloat = 0

    /// A table of `style`.
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        setUpTable()
    }

    public override convenience init(frame: CGRect) { self.init(frame: frame, style: .plain) }

    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
        setUpTable()
    }

    private func setUpTable() {
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
        alwaysBounceVertical = true
        // A long press on a row asks the delegate for its context menu; the row is lifted.
        addInteraction(TableRowContextMenu(table: self))
        let tap = UITapGestureRecognizer(target: self, action: { me, g in me.tapped(g) })
        tap.cancelsTouchesInView = false
        addGestureRecognizer(tap)
        // A horizontal drag on a row reveals the delegate's swipe actions.
        swipe = RowSwipeActions(host: self, rowAt: { [unowned self] p in
            guard let path = self.indexPathForRow(at: p), let cell = self.visible[path] else { return nil }
            return (cell, path)
        }, provider: { [unowned self] path, leading in
            leading ? self.tableDelegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: path)
                : self.tableDelegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: path)
        })
    }

    private var swipe: RowSwipeActions?

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        swipe?.shouldBegin(gestureRecognizer) ?? true
    }

    // MARK: Cells

    /// Registers the class the table makes cells of for `identifier` (nil unregisters). Cells
    /// are made through the class's own `init(style: .default, reuseIdentifier:)`, as on Apple.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        guard let cellClass else { registered[identifier] = nil; return }
        guard let cls = cellClass as? UITableViewCell.Type else {
            preconditionFailure("UITableView.register: \(cellClass) is not a UITableViewCell subclass")
        }
        registered[identifier] = { DynamicViews.cell(cls, $0) }
    }

    /// A reusable cell for `identifier`, or nil when none is waiting and none is registered.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if var pool = reusePool[identifier], let cell = pool.popLast() {
            reusePool[identifier] = pool
            cell.prepareForReuse()
            return cell
        }
        return registered[identifier]?(identifier)
    }

    /// A reusable cell for `identifier`, sized for the row at `indexPath`; the identifier must
    /// be registered (a programmer error otherwise, as on iOS).
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        guard let cell = dequeueReusableCell(withIdentifier: identifier) else {
            preconditionFailure("UITableView: unable to dequeue a cell with identifier \(identifier) - register a class for it first")
        }
        if let r = cellFrame(indexPath) { cell.frame = r }
        return cell
    }

    /// Registers the class the table makes section headers and footers of for `identifier`
    /// (nil unregisters); made through the class's own `init(reuseIdentifier:)`.
    open func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
        guard let aClass else { registeredHeaderFooters[identifier] = nil; return }
        guard let cls = aClass as? UITableViewHeaderFooterView.Type else {
            preconditionFailure("UITableView.register: \(aClass) is not a UITableViewHeaderFooterView subclass")
        }
        registeredHeaderFooters[identifier] = { DynamicViews.headerFooter(cls, $0) }
    }

    /// A reusable header or footer view for `identifier`, or nil when none is waiting and none
    /// is registered.
    open func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        if var pool = headerFooterPool[identifier], let v = pool.popLast() {
            headerFooterPool[identifier] = pool
            v.prepareForReuse()
            return v
        }
        // Made for this table: its default configuration follows the table's style.
        let v = registeredHeaderFooters[identifier]?(identifier)
        v?.tableStyle = style
        return v
    }

    /// The header view shown for `section`, if it is a `UITableViewHeaderFooterView`.
    open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? { headerViews[section] as? UITableViewHeaderFooterView }
    /// The footer view shown for `section`, if it is a `UITableViewHeaderFooterView`.
    open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? { footerViews[section] as? UITableViewHeaderFooterView }

    /// Takes a header or footer off the table (reusable ones go back to their pool).
    private func recycleHeaderFooter(_ v: UIView) {
        v.removeFromSuperview()
        guard let h = v as? UITableViewHeaderFooterView, let id = h.reuseIdentifier else { return }
        var pool = headerFooterPool[id] ?? []
        if pool.count < 32 { pool.append(h) }
        headerFooterPool[id] = pool
    }

    private func clearHeadersAndFooters() {
        for (_, v) in headerViews { recycleHeaderFooter(v) }
        for (_, v) in footerViews { recycleHeaderFooter(v) }
        headerViews = [:]
        footerViews = [:]
    }

    /// Forgets every row and asks the data source again.
    open func reloadData() {
        swipe?.close(animated: false)
        measuredHeights = [:]
        for (_, cell) in visible { recycle(cell) }
        visible = [:]
        clearHeadersAndFooters()
        needsReload = true
        setNeedsLayout()
    }

    // MARK: Batch updates

    private var pendingUpdates: [BatchUpdates.Change]?
    private var updateDepth = 0
    private var pendingAnimated = false

    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) { record(indexPaths.map { .reloadItem($0) }, animation) }
    /// Updates the rows' cells in place (iOS 15): Lamina asks the data source for them again.
    open func reconfigureRows(at indexPaths: [IndexPath]) { record(indexPaths.map { .reloadItem($0) }, .none) }
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) { record(indexPaths.map { .insertItem($0) }, animation) }
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) { record(indexPaths.map { .deleteItem($0) }, animation) }
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { record([.moveItem(indexPath, newIndexPath)], .automatic) }
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) { record(sections.map { .reloadSection($0) }, animation) }
    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) { record(sections.map { .insertSection($0) }, animation) }
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) { record(sections.map { .deleteSection($0) }, animation) }
    open func moveSection(_ section: Int, toSection newSection: Int) { record([.moveSection(section, newSection)], .automatic) }

    /// Starts a group of changes applied together at `endUpdates()`.
    open func beginUpdates() {
        if pendingUpdates == nil { pendingUpdates = []; pendingAnimated = false }
        updateDepth += 1
    }

    /// Applies the changes since `beginUpdates()`: kept rows slide to their new places, new
    /// ones fade in and removed ones fade out.
    open func endUpdates() { finishUpdates(completion: nil) }

    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        finishUpdates(completion: completion)
    }

    private func finishUpdates(completion: ((Bool) -> Void)?) {
        updateDepth -= 1
        guard updateDepth <= 0 else { return }
        updateDepth = 0
        let changes = pendingUpdates ?? []
        pendingUpdates = nil
        applyUpdates(changes, animated: pendingAnimated && UIView.areAnimationsEnabled, completion: completion)
    }

    private func record(_ changes: [BatchUpdates.Change], _ animation: RowAnimation) {
        if pendingUpdates != nil {
            pendingUpdates?.append(contentsOf: changes)
            if animation != .none { pendingAnimated = true }
            return
        }
        applyUpdates(changes, animated: animation != .none && UIView.areAnimationsEnabled, completion: nil)
    }

    /// The batch updates the table received last (Lamina SPI for tests).
    @_spi(LaminaTesting) public private(set) var lastBatchUpdates: [String] = []

    /// Keeps the cells of rows that survive, at their new index paths; fades the others.
    func applyUpdates(_ changes: [BatchUpdates.Change], animated: Bool, completion: ((Bool) -> Void)?) {
        swipe?.close(animated: false)
        lastBatchUpdates = changes.map(\.description)
        reloadIfNeeded()
        let oldCounts = sections.map(\.rows.count)
        needsReload = true
        reloadIfNeeded()
        let newCounts = sections.map(\.rows.count)
        guard let map = BatchUpdates(changes: changes, oldCounts: oldCounts, newCounts: newCounts) else {
            LaminaDiagnostics.report("UITableView: invalid batch update (the counts before and after do not match the inserts, deletes and moves; UIKit raises); reloaded instead")
            reloadData()
            completion?(false)
            return
        }
        let (kept, leaving) = map.partition(visible)
        visible = kept
        selected = selected.compactMap { map.newIndexPath(for: $0) }
        // Measured heights follow their rows; the kept cells are measured again where they land.
        var heights: [CellKey: CGFloat] = [:]
        for (k, h) in measuredHeights {
            let old = IndexPath(row: Int(k.item), section: Int(k.section))
            if !map.isReloaded(old), let p = map.newIndexPath(for: old) { heights[CellKey(p)] = h }
        }
        measuredHeights = heights
        for (_, c) in visible { c.measuredForRow = nil }
        repositionRows()
        clearHeadersAndFooters()
        for (path, cell) in visible { dress(cell, at: path) }
        setNeedsLayout()
        animateBatchUpdate(leaving: leaving, animated: animated, recycle: { [unowned self] v in
            if let cell = v as? UITableViewCell { self.recycle(cell) }
        }, completion: completion)
    }

    private func setNeedsReload() { needsReload = true; setNeedsLayout() }

    private func recycle(_ cell: UITableViewCell) {
        cell.removeFromSuperview()
        guard let id = cell.reuseIdentifier else { return }
        reusePool[id, default: []].append(cell)
    }

    // MARK: Geometry

    private var tableDelegate: UITableViewDelegate? { delegate as? UITableViewDelegate }

    /// The number of sections (as last loaded).
    open var numberOfSections: Int { reloadIfNeeded(); return sections.count }
    /// The number of rows in `section`.
    open func numberOfRows(inSection section: Int) -> Int {
        reloadIfNeeded()
        return sections.indices.contains(section) ? sections[section].rows.count : 0
    }

    private func reloadIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        sections = []
        var y: CGFloat = 0
        if let h = tableHeaderView { h.frame = CGRect(x: 0, y: 0, width: bounds.width, height: h.frame.height); y = h.frame.maxY }
        guard let ds = dataSource else { contentBottom = y; updateContentSize(); return }
        // The delegate cast once per reload, not per row.
        let d = tableDelegate
        let count = clampedCount(ds.numberOfSections(in: self), 100_000, "sections")
        for s in 0..<count {
            let title = ds.tableView(self, titleForHeaderInSection: s)
            let footerTitle = ds.tableView(self, titleForFooterInSection: s)
            var header = d?.tableView(self, heightForHeaderInSection: s) ?? sectionHeaderHeight
            if header == UITableView.automaticDimension { header = sectionHeaderHeight }
            if header == UITableView.automaticDimension { header = title == nil ? (style == .plain ? 0 : 18) : (style == .plain ? 28 : 38) }
            var footer = d?.tableView(self, heightForFooterInSection: s) ?? sectionFooterHeight
            if footer == UITableView.automaticDimension { footer = sectionFooterHeight }
            if footer == UITableView.automaticDimension { footer = footerTitle == nil ? (style == .plain ? 0 : 18) : 38 }
            let headerY = y
            y += clean(header)
            let n = clampedCount(ds.tableView(self, numberOfRowsInSection: s), 1_000_000, "rows in section \(s)")
            var rows: [Row] = []
            rows.reserveCapacity(n)
            for r in 0..<n {
                var h = d?.tableView(self, heightForRowAt: IndexPath(row: r, section: s)) ?? rowHeight
                // Automatic: the cell sizes itself when shown; until then, its estimate.
                let selfSizing = h == UITableView.automaticDimension
                if selfSizing { h = measuredHeights[CellKey(s, r)] ?? rowEstimate }
                h = clean(h)
                rows.append(Row(y: y, height: h, selfSizing: selfSizing))
                y += h
            }
            let footerY = y
            y += clean(footer)
            sections.append(Section(headerY: headerY, header: clean(header), rows: rows, footerY: footerY, footer: clean(footer),
                                    title: title, footerTitle: footerTitle))
        }
        if let f = tableFooterView { f.frame = CGRect(x: 0, y: y, width: bounds.width, height: f.frame.height); y = f.frame.maxY }
        if oddHeights.count > 0 {
            LaminaDiagnostics.report("UITableView: \(oddHeights.count) row, header or footer heights not in 0…100000 points (the first: \(oddHeights.first)); clamped, NaN and negative ones to 0")
            oddHeights = (0, 0)
        }
        contentBottom = y
        updateContentSize()
    }

    /// The height a self-sizing row has until its cell is measured.
    private var rowEstimate: CGFloat {
        estimatedRowHeight > 0 && estimatedRowHeight.isFinite ? estimatedRowHeight : 44
    }

    /// Heights self-sizing cells measured, by row (kept across reloads of the same width;
    /// following surviving rows through batch updates).
    private var measuredHeights: [CellKey: CGFloat] = [:]
    private var measuredWidth: CGFloat = -1

    /// Lays the rows out again from their heights (after self-sizing cells were measured),
    /// without asking the data source.
    private func repositionRows() {
        var y: CGFloat = tableHeaderView?.frame.maxY ?? 0
        for s in sections.indices {
            sections[s].headerY = y
            y += sections[s].header
            for r in sections[s].rows.indices {
                if sections[s].rows[r].selfSizing, let m = measuredHeights[CellKey(s, r)] { sections[s].rows[r].height = m }
                sections[s].rows[r].y = y
                y += sections[s].rows[r].height
            }
            sections[s].footerY = y
            y += sections[s].footer
        }
        if let f = tableFooterView { f.frame = CGRect(x: 0, y: y, width: bounds.width, height: f.frame.height); y = f.frame.maxY }
        contentBottom = y
        updateContentSize()
    }

    /// Heights outside 0…100,000 points met in this reload: how many and the first.
    private var oddHeights: (count: Int, first: CGFloat) = (0, 0)

    /// A height as drawn: 0 to 100,000 points; anything else is clamped (and reported once per
    /// reload).
    private func clean(_ v: CGFloat) -> CGFloat {
        guard v.isFinite, v >= 0, v <= 100_000 else {
            if oddHeights.count == 0 { oddHeights.first = v }
            oddHeights.count += 1
            return v.isFinite && v > 0 ? 100_000 : 0
        }
        return v
    }

    /// A count from the data source, clamped to `limit` with a diagnostic.
    private func clampedCount(_ n: Int, _ limit: Int, _ what: String) -> Int {
        guard n >= 0, n <= limit else {
            LaminaDiagnostics.report("UITableView: \(n) \(what) from the data source; \(n < 0 ? 0 : limit) are shown")
            return n < 0 ? 0 : limit
        }
        return n
    }

    private func updateContentSize() {
        let size = CGSize(width: bounds.width, height: contentBottom)
        if contentSize != size { contentSize = size }
    }

    private func rowFrame(_ p: IndexPath) -> CGRect? {
        guard sections.indices.contains(p.section), sections[p.section].rows.indices.contains(p.row) else { return nil }
        let r = sections[p.section].rows[p.row]
        return CGRect(x: 0, y: r.y, width: bounds.width, height: r.height)
    }

    /// Where a row's cell goes: the row's rectangle, inset from the sides in the inset-grouped
    /// style (16 points, 20 on regular width).
    private func cellFrame(_ p: IndexPath) -> CGRect? {
        guard var f = rowFrame(p) else { return nil }
        if style == .insetGrouped {
            let inset: CGFloat = traitCollection.horizontalSizeClass == .regular ? 20 : 16
            f = f.insetBy(dx: inset, dy: 0)
        }
        return f
    }

    /// Styles a cell for its place in its section: grouped cells on the grouped background
    /// colour, inset-grouped sections rounded at their ends, no separator under a grouped
    /// section's last row.
    private func dress(_ cell: UITableViewCell, at p: IndexPath) {
        let last = sections.indices.contains(p.section) && p.row == sections[p.section].rows.count - 1
        cell.showsSeparator = separatorStyle != .none && !(style != .plain && last)
        guard style != .plain else { return }
        if cell.backgroundColor == .systemBackground { cell.backgroundColor = .secondarySystemGroupedBackground }
        guard style == .insetGrouped else { return }
        var corners: CACornerMask = []
        if p.row == 0 { corners.formUnion([.layerMinXMinYCorner, .layerMaxXMinYCorner]) }
        if last { corners.formUnion([.layerMinXMaxYCorner, .layerMaxXMaxYCorner]) }
        cell.layer.cornerRadius = corners.isEmpty ? 0 : 10
        cell.layer.maskedCorners = corners
        cell.clipsToBounds = !corners.isEmpty
    }

    /// The row's rectangle in the table's coordinates.
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        reloadIfNeeded()
        return rowFrame(indexPath) ?? .zero
    }

    /// The row at `point` (table coordinates), nil between rows or outside.
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        reloadIfNeeded()
        guard point.x >= 0, point.x < bounds.width else { return nil }
        for (s, section) in sections.enumerated() {
            guard let first = section.rows.first, let last = section.rows.last,
                  point.y >= first.y, point.y < last.y + last.height else { continue }
            // Rows are in order: a binary search.
            var lo = 0, hi = section.rows.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if section.rows[mid].y <= point.y { lo = mid } else { hi = mid - 1 }
            }
            return IndexPath(row: lo, section: s)
        }
        return nil
    }

    /// The cell shown for the row, nil when it is not on screen.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? { visible[indexPath] }
    /// The cells on screen, in row order.
    open var visibleCells: [UITableViewCell] { indexPathsForVisibleRows?.compactMap { visible[$0] } ?? [] }
    /// The rows on screen, in order.
    open var indexPathsForVisibleRows: [IndexPath]? { visible.keys.sorted { ($0.section, $0.row) < ($1.section, $1.row) } }
    /// The row of a cell on screen.
    open func indexPath(for cell: UITableViewCell) -> IndexPath? { visible.first { $0.value === cell }?.key }

    /// Scrolls so the row shows at `position`.
    open func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        let r = rectForRow(at: indexPath)
        guard r != .zero else { return }
        let inset = adjustedContentInset
        let visibleHeight = bounds.height - inset.top - inset.bottom
        var y: CGFloat
        switch position {
        case .top: y = r.minY - inset.top
        case .middle: y = r.midY - inset.top - visibleHeight / 2
        case .bottom: y = r.maxY - inset.top - visibleHeight
        case .none:
            scrollRectToVisible(r, animated: animated)
            return
        }
        let maxY = max(-inset.top, contentSize.height - bounds.height + inset.bottom)
        y = min(max(y, -inset.top), maxY)
        setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: animated)
    }

    // MARK: Selection

    /// The selected row (the first, with multiple selection).
    open var indexPathForSelectedRow: IndexPath? { selected.first }
    /// Every selected row.
    open var indexPathsForSelectedRows: [IndexPath]? { selected.isEmpty ? nil : selected }

    /// Selects a row (the delegate is not told, as on iOS).
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for p in selected { visible[p]?.setSelected(false, animated: animated) }
            selected = []
            return
        }
        if !allowsMultipleSelection { for p in selected where p != indexPath { visible[p]?.setSelected(false, animated: animated) }; selected = [] }
        if !selected.contains(indexPath) { selected.append(indexPath) }
        visible[indexPath]?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects a row.
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        selected.removeAll { $0 == indexPath }
        visible[indexPath]?.setSelected(false, animated: animated)
    }

    private func tapped(_ g: UIGestureRecognizer) {
        guard g.state == .ended else { return }
        if swipe?.tap(at: g.location(in: self)) == true { return }
        guard allowsSelection else { return }
        let p = g.location(in: self)
        guard let path = indexPathForRow(at: p) else { return }
        // A control inside the row takes its own taps.
        if let hit = hitTest(p, with: nil), hit is UIControl { return }
        let d = tableDelegate
        guard d?.tableView(self, shouldHighlightRowAt: path) ?? true else { return }
        guard let target = d.map({ $0.tableView(self, willSelectRowAt: path) }) ?? path else { return }
        if allowsMultipleSelection, selected.contains(target) {
            deselectRow(at: target, animated: false)
            d?.tableView(self, didDeselectRowAt: target)
            return
        }
        let previous = selected
        selectRow(at: target, animated: false, scrollPosition: .none)
        if !allowsMultipleSelection {
            for p in previous where p != target { d?.tableView(self, didDeselectRowAt: p) }
        }
        d?.tableView(self, didSelectRowAt: target)
    }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        reloadIfNeeded()
        if contentSize.width != bounds.width { updateContentSize() }
        // Sizes measured at another width are stale.
        if measuredWidth != bounds.width {
            if !measuredHeights.isEmpty { measuredHeights = [:]; for (_, c) in visible { c.measuredForRow = nil } }
            measuredWidth = bounds.width
        }
        // Self-sizing rows shown for the first time may change height: place them again.
        for pass in 0..<8 {
            guard placeRows() else { break }
            repositionRows()
            if pass == 7 { LaminaDiagnostics.report("UITableView: self-sizing rows did not settle after 8 layout passes") }
        }
        layoutFiller(after: contentBottom)
    }

    /// Shows the rows in the visible bounds; true when a self-sizing cell measured a height
    /// other than its row's.
    private func placeRows() -> Bool {
        let visibleRect = bounds
        // Cells that scrolled away go back to the pool.
        for (path, cell) in visible {
            guard let f = cellFrame(path), f.intersects(visibleRect) else {
                recycle(cell)
                visible[path] = nil
                continue
            }
            // By centre and size: a row slid aside by a swipe keeps its transform.
            if cell.bounds.size != f.size { cell.bounds.size = f.size }
            cell.center = CGPoint(x: f.midX, y: f.midY)
        }
        guard let ds = dataSource else { return false }
        let d = tableDelegate
        var changed = false
        for (s, section) in sections.enumerated() {
            layoutHeader(s, section)
            layoutFooter(s, section)
            guard let first = section.rows.first, let last = section.rows.last,
                  last.y + last.height > visibleRect.minY, first.y < visibleRect.maxY else { continue }
            for (r, row) in section.rows.enumerated() where row.y + row.height > visibleRect.minY && row.y < visibleRect.maxY {
                let path = IndexPath(row: r, section: s)
                if let cell = visible[path] {
                    if row.selfSizing && measure(cell, row: row, s, r) { changed = true }
                    continue
                }
                let cell = ds.tableView(self, cellForRowAt: path)
                cell.frame = cellFrame(path) ?? CGRect(x: 0, y: row.y, width: bounds.width, height: row.height)
                cell.separatorColor = separatorColor ?? .separator
                if cell.separatorInset == UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) { cell.separatorInset = separatorInset }
                dress(cell, at: path)
                cell.setSelected(selected.contains(path), animated: false)
                d?.tableView(self, willDisplay: cell, forRowAt: path)
                insertSubview(cell, at: 0)
                visible[path] = cell
                cell.measuredForRow = nil
                if row.selfSizing && measure(cell, row: row, s, r) { changed = true }
                cell.layoutIfNeeded()
            }
        }
        return changed
    }

    /// Measures a self-sizing row's cell (once per row it shows); true when the row's height changes.
    private func measure(_ cell: UITableViewCell, row: Row, _ s: Int, _ r: Int) -> Bool {
        let key = CellKey(s, r)
        if cell.measuredForRow == key, measuredHeights[key] != nil { return false }
        let width = cellFrame(IndexPath(row: r, section: s))?.width ?? bounds.width
        let h = clean(cell.selfSizedHeight(width: width))
        cell.measuredForRow = key
        measuredHeights[key] = h
        return abs(h - row.height) > 0.25
    }

    private func layoutHeader(_ s: Int, _ section: Section) {
        guard section.header > 0 else { headerViews[s].map(recycleHeaderFooter); headerViews[s] = nil; return }
        let frame = CGRect(x: 0, y: section.headerY, width: bounds.width, height: section.header)
        if let v = headerViews[s] { v.frame = frame; return }
        let v = tableDelegate?.tableView(self, viewForHeaderInSection: s) ?? defaultHeader(section.title)
        (v as? UITableViewHeaderFooterView)?.tableStyle = style
        (v as? UITableViewHeaderFooterView)?.isFooter = false
        v.frame = frame
        addSubview(v)
        headerViews[s] = v
    }

    /// A section's footer: the delegate's view, or its title in the footnote font.
    private func layoutFooter(_ s: Int, _ section: Section) {
        guard section.footer > 0 else { footerViews[s].map(recycleHeaderFooter); footerViews[s] = nil; return }
        let frame = CGRect(x: 0, y: section.footerY, width: bounds.width, height: section.footer)
        if let v = footerViews[s] { v.frame = frame; return }
        let v = tableDelegate?.tableView(self, viewForFooterInSection: s) ?? defaultFooter(section.footerTitle)
        (v as? UITableViewHeaderFooterView)?.tableStyle = style
        (v as? UITableViewHeaderFooterView)?.isFooter = true
        v.frame = frame
        addSubview(v)
        footerViews[s] = v
    }

    private func defaultFooter(_ title: String?) -> UIView {
        let v = UIView()
        if let title {
            let l = UILabel()
            l.text = title
            l.numberOfLines = 0
            l.font = .preferredFont(forTextStyle: .footnote)
            l.textColor = .secondaryLabel
            let x: CGFloat = style == .insetGrouped ? 32 : 16
            l.frame = CGRect(x: x, y: 6, width: max(0, bounds.width - 2 * x), height: 26)
            l.autoresizingMask = [.flexibleWidth]
            v.addSubview(l)
        }
        return v
    }

    private func defaultHeader(_ title: String?) -> UIView {
        let v = UIView()
        v.backgroundColor = style == .plain ? .secondarySystemBackground : .clear
        if let title {
            let l = UILabel()
            l.text = style == .plain ? title : title.uppercased()
            l.font = style == .plain ? .boldSystemFont(ofSize: 17) : .systemFont(ofSize: 13)
            l.textColor = style == .plain ? .label : .secondaryLabel
            let x: CGFloat = style == .insetGrouped ? 32 : 16
            l.frame = CGRect(x: x, y: 0, width: max(0, bounds.width - 2 * x), height: style == .plain ? 28 : 32)
            l.autoresizingMask = [.flexibleWidth]
            if style != .plain { l.frame.origin.y = 6 }
            v.addSubview(l)
        }
        return v
    }

    /// Plain tables show empty rows' separators below the last row down to the bottom, unless
    /// a footer view ends the table.
    private func layoutFiller(after y: CGFloat) {
        let want: Int
        let pitch = rowHeight > 0 ? rowHeight : 44
        if style == .plain, tableFooterView == nil, separatorStyle != .none {
            let bottom = bounds.maxY
            want = bottom > y ? min(1000, Int(((bottom - y) / pitch).rounded(.up))) : 0
        } else {
            want = 0
        }
        while fillerSeparators.count > want { fillerSeparators.removeLast().removeFromSuperview() }
        while fillerSeparators.count < want {
            let v = UIView()
            v.isUserInteractionEnabled = false
            addSubview(v)
            fillerSeparators.append(v)
        }
        let hairline = 1 / pixelScale
        for (k, v) in fillerSeparators.enumerated() {
            v.backgroundColor = separatorColor ?? .separator
            v.frame = CGRect(x: separatorInset.left, y: y + CGFloat(k + 1) * pitch - hairline,
                             width: max(0, bounds.width - separatorInset.left - separatorInset.right), height: hairline)
        }
    }
}
