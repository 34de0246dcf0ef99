import Foundation

/// The view of a `UIAlertController`: it fills the presentation's container and lays out the
/// alert's card in its middle, or the action sheet's groups at its bottom, with iOS 17's
/// metrics (see `UIAlertController`).
final class AlertContentView: UIView {
    unowned let controller: UIAlertController
    /// The alert's card, or the action sheet's main group.
    let card = UIVisualEffectView(effect: UIBlurEffect(style: .systemThickMaterial))
    /// The action sheet's cancel group.
    let cancelCard = UIVisualEffectView(effect: UIBlurEffect(style: .systemThickMaterial))
    private let titleLabel = UILabel()
    private let messageLabel = UILabel()
    private(set) var rows: [AlertActionRow] = []
    private var cancelRow: AlertActionRow?
    private var separators: [AlertSeparator] = []
    private var fieldBoxes: [UIView] = []

    /// An alert's width.
    static let alertWidth: CGFloat = 270

    init(controller: UIAlertController) {
        self.controller = controller
        super.init(frame: UIScreen.main.bounds)
        for c in [card, cancelCard] {
            c.clipsToBounds = true
            addSubview(c)
        }
        for l in [titleLabel, messageLabel] {
            l.numberOfLines = 0
            l.textAlignment = .center
            card.contentView.addSubview(l)
        }
        rebuild()
    }

    required init?(coder: NSCoder) { return nil }

    private var isSheet: Bool { controller.preferredStyle == .actionSheet }

    /// Makes the labels, fields and buttons again from the controller's content.
    func rebuild() {
        let sheet = isSheet
        titleLabel.text = controller.title
        messageLabel.text = controller.message
        titleLabel.font = .systemFont(ofSize: sheet ? 13 : 17, weight: .semibold)
        messageLabel.font = .systemFont(ofSize: 13)
        titleLabel.textColor = sheet ? .secondaryLabel : .label
        messageLabel.textColor = sheet ? .secondaryLabel : .label
        for r in rows { r.removeFromSuperview() }
        cancelRow?.removeFromSuperview()
        for s in separators { s.removeFromSuperview() }
        for f in fieldBoxes { f.removeFromSuperview() }
        rows = []
        cancelRow = nil
        separators = []
        fieldBoxes = []

        let preferred = controller.preferredAction
        let tint = tintColor ?? .systemBlue
        for action in controller.actions {
            let bold = preferred.map { $0 === action } ?? (action.style == .cancel)
            let size: CGFloat = sheet ? 20 : 17
            let color: UIColor = !action.isEnabled ? .tertiaryLabel : action.style == .destructive ? .systemRed : tint
            let row = AlertActionRow(action: action, font: .systemFont(ofSize: size, weight: bold ? .semibold : .regular), color: color)
            row.addAction(UIAction { [unowned self] _ in controller.tapped(action) }, for: .touchUpInside)
            if sheet, action.style == .cancel {
                cancelRow = row
                cancelCard.contentView.addSubview(row)
            } else {
                rows.append(row)
                card.contentView.addSubview(row)
            }
        }
        for field in controller.textFields ?? [] {
            let box = UIView()
            box.backgroundColor = .systemBackground
            box.layer.borderWidth = 1 / max(1, UIScreen.mainScale)
            box.layer.borderColor = UIColor.separator.cgColor
            box.layer.cornerRadius = 4
            box.addSubview(field)
            fieldBoxes.append(box)
            card.contentView.addSubview(box)
        }
        cancelCard.isHidden = cancelRow == nil
        setNeedsLayout()
    }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        rebuild()
    }

    // MARK: Layout

    override func layoutSubviews() {
        super.layoutSubviews()
        for s in separators { s.removeFromSuperview() }
        separators = []
        if isSheet { layoutActionSheet() } else { layoutAlert() }
    }

    /// Whether the header has text.
    private var hasTitle: Bool { !(controller.title ?? "").isEmpty }
    private var hasMessage: Bool { !(controller.message ?? "").isEmpty }

    /// Lays out the title and message from `y` in a column `width` wide; returns the bottom.
    private func layoutHeader(width: CGFloat, top: CGFloat, bottom: CGFloat, gap: CGFloat) -> CGFloat {
        guard hasTitle || hasMessage else {
            titleLabel.frame = .zero
            messageLabel.frame = .zero
            return 0
        }
        let inner = width - 32
        var y = top
        if hasTitle {
            let h = ceil(titleLabel.sizeThatFits(CGSize(width: inner, height: .greatestFiniteMagnitude)).height)
            titleLabel.frame = CGRect(x: 16, y: y, width: inner, height: h)
            y += h
        } else { titleLabel.frame = .zero }
        if hasMessage {
            if hasTitle { y += gap }
            let h = ceil(messageLabel.sizeThatFits(CGSize(width: inner, height: .greatestFiniteMagnitude)).height)
            messageLabel.frame = CGRect(x: 16, y: y, width: inner, height: h)
            y += h
        } else { messageLabel.frame = .zero }
        return y + bottom
    }

    private func separator(_ frame: CGRect, in parent: UIView) {
        let s = AlertSeparator(frame: frame)
        separators.append(s)
        parent.addSubview(s)
    }

    /// The alert: 270 points wide, in the middle of the safe area.
    private func layoutAlert() {
        let width = Self.alertWidth
        let hairline = 1 / pixelScale
        var y = layoutHeader(width: width, top: 20, bottom: fieldBoxes.isEmpty ? 20 : 0, gap: 2)
        for box in fieldBoxes {
            y += box === fieldBoxes.first ? 16 : 0
            box.frame = CGRect(x: 16, y: y, width: width - 32, height: 28)
            box.subviews.first?.frame = box.bounds.insetBy(dx: 6, dy: 0)
            y += 28
        }
        if !fieldBoxes.isEmpty { y += 16 }
        // Two actions whose titles fit side by side share a row, the cancel one on the left.
        let half = width / 2
        let sideBySide = rows.count == 2 && rows.allSatisfy { $0.titleWidth <= half - 16 }
        if sideBySide {
            let ordered = rows[1].action.style == .cancel ? [rows[1], rows[0]] : rows
            separator(CGRect(x: 0, y: y, width: width, height: hairline), in: card.contentView)
            separator(CGRect(x: half, y: y, width: hairline, height: 44), in: card.contentView)
            ordered[0].frame = CGRect(x: 0, y: y, width: half, height: 44)
            ordered[1].frame = CGRect(x: half, y: y, width: half, height: 44)
            y += 44
        } else {
            // Stacked, the cancel action last.
            let ordered = rows.filter { $0.action.style != .cancel } + rows.filter { $0.action.style == .cancel }
            for row in ordered {
                separator(CGRect(x: 0, y: y, width: width, height: hairline), in: card.contentView)
                row.frame = CGRect(x: 0, y: y, width: width, height: 44)
                y += 44
            }
        }
        let room = bounds.inset(by: safeAreaInsets)
        let height = min(y, max(0, room.height - 20))
        card.frame = AutoLayoutEngine.pixelAligned(CGRect(x: (bounds.width - width) / 2, y: room.midY - height / 2,
                                                          width: width, height: height), scale: pixelScale)
        card.layer.cornerRadius = 14
        cancelCard.frame = .zero
    }

    /// The action sheet: groups the width of the screen less 8 points at each side, above the
    /// bottom safe area.
    private func layoutActionSheet() {
        let hairline = 1 / pixelScale
        let side = max(8, max(safeAreaInsets.left, safeAreaInsets.right))
        let width = min(bounds.width, bounds.height) - 2 * 8 > 0 ? min(bounds.width - 2 * side, min(bounds.width, bounds.height) - 16) : 0
        var y = layoutHeader(width: width, top: 14, bottom: 14, gap: 2)
        for row in rows {
            if y > 0 { separator(CGRect(x: 0, y: y, width: width, height: hairline), in: card.contentView) }
            row.frame = CGRect(x: 0, y: y, width: width, height: 57)
            y += 57
        }
        let bottom = bounds.height - max(safeAreaInsets.bottom, 8)
        var cancelTop = bottom
        if let cancelRow {
            cancelTop = bottom - 57
            cancelCard.frame = CGRect(x: (bounds.width - width) / 2, y: cancelTop, width: width, height: 57)
            cancelRow.frame = cancelCard.bounds
            cancelCard.layer.cornerRadius = 13
            cancelTop -= 8
        }
        let top = max(safeAreaInsets.top + 8, cancelTop - y)
        card.frame = CGRect(x: (bounds.width - width) / 2, y: top, width: width, height: cancelTop - top)
        card.layer.cornerRadius = 13
    }

    /// The parts that take touches: the cards (a touch elsewhere goes to the view itself).
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesEnded(touches, with: event)
        // A tap outside an action sheet cancels it, when it has a cancel action.
        guard isSheet, let cancel = controller.actions.first(where: { $0.style == .cancel }),
              let p = touches.first?.location(in: self), !card.frame.contains(p), !cancelCard.frame.contains(p) else { return }
        controller.tapped(cancel)
    }
}
