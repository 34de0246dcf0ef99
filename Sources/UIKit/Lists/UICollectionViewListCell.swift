import Foundation

/// A row of a list layout (UIKit's `UICollectionViewListCell`): accessories at its edges,
/// indentation, the list's separator below it (starting at its text), and the background
/// and content configurations of its list's appearance by default.
open class UICollectionViewListCell: UICollectionViewCell {
    /// The accessories, in order from the edge inwards.
    open var accessories: [UICellAccessory] = [] { didSet { rebuildAccessories() } }
    /// How many indentation steps the content is moved in.
    open var indentationLevel = 0 { didSet { setNeedsLayout() } }
    /// The width of an indentation step (10 points).
    open var indentationWidth: CGFloat = 10 { didSet { setNeedsLayout() } }
    /// Whether leading accessories move with the indentation.
    open var indentsAccessories = true { didSet { setNeedsLayout() } }

    private var accessoryViews: [(accessory: UICellAccessory, view: UIView)] = []
    /// Whether the row's outline item is expanded (its disclosure points down, else right).
    var outlineExpanded = false { didSet { if oldValue != outlineExpanded { setNeedsLayout(); setNeedsUpdateConfiguration() } } }
    private let separator = UIView()
    private var list: ListSeparator?
    private var lastEditing = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpList()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpList()
    }

    private func setUpList() {
        separator.isUserInteractionEnabled = false
        separator.backgroundColor = .separator
        addSubview(separator)
        contentView.layoutMargins = UIEdgeInsets(top: 11, left: 16, bottom: 11, right: 16)
    }

    /// The content configuration of the cell's list appearance: a sidebar's row in sidebars,
    /// `cell()` otherwise.
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        if list?.supplementary == true {
            switch list?.appearance {
            case .plain?: return .plainHeader()
            case .sidebar?, .sidebarPlain?: return .sidebarHeader()
            default: return .groupedHeader()
            }
        }
        switch list?.appearance {
        case .sidebar?, .sidebarPlain?: return .sidebarCell()
        default: return .cell()
        }
    }

    /// The list's row background unless the app set one.
    override var currentBackground: UIBackgroundConfiguration? {
        if let b = backgroundConfiguration { return b }
        if list?.supplementary == true {
            switch list?.appearance {
            case .plain?: return .listPlainHeaderFooter()
            case .sidebar?, .sidebarPlain?: return .listSidebarHeader()
            default: return .listGroupedHeaderFooter()
            }
        }
        switch list?.appearance {
        case .plain?, nil: return .listPlainCell()
        case .grouped?, .insetGrouped?: return .listGroupedCell()
        case .sidebar?, .sidebarPlain?: return .listSidebarCell()
        }
    }

    override func applyListSeparator(_ s: ListSeparator?) {
        let changed = list?.appearance != s?.appearance || list?.first != s?.first || list?.last != s?.last
            || list?.supplementary != s?.supplementary
        list = s
        separator.isHidden = s?.hidden ?? true
        separator.backgroundColor = s?.color ?? .separator
        if changed {
            if !backgroundSetByApp { showBackground(currentBackground?.updated(for: configurationState)) }
            setNeedsLayout()
        }
    }

    private var editing: Bool { (superview as? UICollectionView)?.isEditing ?? ((superview?.superview as? UICollectionView)?.isEditing ?? false) }

    private func rebuildAccessories() {
        for (_, v) in accessoryViews { v.removeFromSuperview() }
        accessoryViews = accessories.map { ($0, $0.makeView()) }
        for (a, v) in accessoryViews {
            addSubview(v)
            var action = a.action
            if action == nil, case .outlineDisclosure = a.kind {
                // Without a handler, the disclosure expands and collapses the row's outline item.
                action = { [weak self] in self?.toggleOutline() }
            }
            if case .reorder = a.kind {
                // Dragging the handle moves the row (the collection view's interactive movement).
                v.isUserInteractionEnabled = true
                v.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: { me, g in me.dragReorder(g as! UIPanGestureRecognizer) }))
            }
            if let action {
                v.isUserInteractionEnabled = true
                v.addGestureRecognizer(UITapGestureRecognizer(target: v, action: { _, g in if g.state == .ended { action() } }))
            }
        }
        setNeedsLayout()
    }

    private var collectionView: UICollectionView? {
        var v = superview
        while let s = v, !(s is UICollectionView) { v = s.superview }
        return v as? UICollectionView
    }

    private func dragReorder(_ g: UIPanGestureRecognizer) {
        guard let cv = collectionView else { return }
        switch g.state {
        case .began:
            guard let path = cv.indexPath(for: self), cv.beginInteractiveMovementForItem(at: path) else { return }
            fallthrough
        case .changed:
            // Along the list only: the row keeps its horizontal place.
            let p = g.location(in: cv)
            cv.updateInteractiveMovementTargetPosition(CGPoint(x: center.x, y: p.y))
        case .ended: cv.endInteractiveMovement()
        case .cancelled, .failed: cv.cancelInteractiveMovement()
        default: break
        }
    }

    private func toggleOutline() {
        guard let cv = collectionView, let path = cv.indexPath(for: self) else { return }
        (cv.dataSource as? OutlineToggling)?.toggleOutline(at: path)
    }

    /// The side margin: 16 points, 20 in a regular-width environment.
    private var sideMargin: CGFloat { traitCollection.horizontalSizeClass == .regular ? 20 : 16 }

    override var contentFrame: CGRect {
        var lead = CGFloat(indentationLevel) * indentationWidth, trail: CGFloat = 0
        let shown = accessoryViews.filter { $0.accessory.shows(editing: editing) }
        for (a, v) in shown {
            let w = a.width(of: v)
            if a.leading { lead += w + (lead == 0 ? sideMargin : 8) } else { trail += w + (trail == 0 ? sideMargin : 8) }
        }
        // The content keeps its own margin next to a trailing accessory.
        if trail > 0 { trail -= sideMargin }
        return CGRect(x: lead, y: 0, width: max(0, bounds.width - lead - trail), height: bounds.height)
    }

    open override func layoutSubviews() {
        if editing != lastEditing { lastEditing = editing; setNeedsUpdateConfiguration() }
        if layoutMargins.left != sideMargin || layoutMargins.right != sideMargin {
            layoutMargins = UIEdgeInsets(top: layoutMargins.top, left: sideMargin, bottom: layoutMargins.bottom, right: sideMargin)
        }
        contentView.layoutMargins.left = sideMargin
        contentView.layoutMargins.right = sideMargin
        super.layoutSubviews()
        let ed = editing
        var lead = indentsAccessories ? CGFloat(indentationLevel) * indentationWidth + sideMargin : sideMargin
        var trail = bounds.width - sideMargin
        for (a, v) in accessoryViews {
            v.isHidden = !a.shows(editing: ed)
            guard !v.isHidden else { continue }
            let w = a.width(of: v)
            let h = min(bounds.height, max(v.sizeThatFits(CGSize(width: w, height: bounds.height)).height, 1))
            if case .outlineDisclosure = a.kind {
                // The chevron points down when expanded, toward the trailing edge when collapsed.
                v.transform = outlineExpanded ? .identity : CGAffineTransform(rotationAngle: effectiveUserInterfaceLayoutDirection == .rightToLeft ? .pi / 2 : -.pi / 2)
            }
            if a.leading {
                v.bounds.size = CGSize(width: w, height: h)
                v.center = CGPoint(x: lead + w / 2, y: ((bounds.height - h) / 2).rounded() + h / 2)
                lead += w + 8
            } else {
                v.bounds.size = CGSize(width: w, height: h)
                v.center = CGPoint(x: trail - w / 2, y: ((bounds.height - h) / 2).rounded() + h / 2)
                trail -= w + 8
            }
        }
        // The separator starts at the text (or the list's inset) and ends at the cell's edge.
        let scale = window?.screen.scale ?? UIScreen.main.scale
        let hairline = 1 / max(1, scale)
        let textStart = contentView.frame.minX + ((contentView as? UIListContentView)?.textLeadingOffset ?? contentView.layoutMargins.left)
        let start = list?.leadingInset ?? textStart
        let end = bounds.width - (list?.trailingInset ?? 0)
        separator.frame = CGRect(x: start, y: bounds.height - hairline, width: max(0, end - start), height: hairline)
        bringSubviewToFront(separator)
        // Inset-grouped rows round the section's ends.
        var corners: CACornerMask = []
        if list?.appearance == .insetGrouped && list?.supplementary != true {
            if list?.first == true { corners.formUnion([.layerMinXMinYCorner, .layerMaxXMinYCorner]) }
            if list?.last == true { corners.formUnion([.layerMinXMaxYCorner, .layerMaxXMaxYCorner]) }
        }
        layer.cornerRadius = corners.isEmpty ? 0 : 10
        layer.maskedCorners = corners
        clipsToBounds = !corners.isEmpty
    }

    open override var configurationState: UICellConfigurationState {
        var s = super.configurationState
        s.isEditing = editing
        s.isExpanded = outlineExpanded
        return s
    }

    /// List rows are at least 44 points tall.
    override func fittingSize(for a: UICollectionViewLayoutAttributes) -> CGSize {
        let s = super.fittingSize(for: a)
        return CGSize(width: s.width, height: a.selfSizingHeight ? max(44, s.height) : s.height)
    }
}
