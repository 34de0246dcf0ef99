import Foundation

/// Swipe actions on a table's or list's rows: a horizontal drag on a row slides it aside and
/// reveals its actions' buttons behind it (leading actions when dragged toward the trailing
/// edge, trailing ones the other way). Released past half the buttons, the row stays open;
/// a tap on a button runs its action; dragged most of the way across, the first action runs
/// (`performsFirstActionWithFullSwipe`). Scrolling, a tap elsewhere or an action's completion
/// closes the row. Buttons are at least 74 points wide, their titles in 15-point medium text.
@MainActor
final class RowSwipeActions {
    /// The row under a point of the host (its view and index path).
    typealias RowFinder = (CGPoint) -> (view: UIView, indexPath: IndexPath)?
    /// The actions of a row at one edge (`leading` true for the leading edge).
    typealias Provider = (IndexPath, _ leading: Bool) -> UISwipeActionsConfiguration?

    private unowned let host: UIScrollView
    private let rowAt: RowFinder
    private let provider: Provider
    private(set) var pan: UIPanGestureRecognizer!

    private struct Open {
        var view: UIView
        var indexPath: IndexPath
        var leading: Bool
        var configuration: UISwipeActionsConfiguration
        var buttons: UIView
        var widths: [CGFloat]
        var offset: CGFloat
        var total: CGFloat { widths.reduce(0, +) }
    }
    private var open: Open?
    private var dragStartOffset: CGFloat = 0
    private var dragRow: (view: UIView, indexPath: IndexPath)?

    /// The least width of an action's button.
    static let minimumButtonWidth: CGFloat = 74

    init(host: UIScrollView, rowAt: @escaping RowFinder, provider: @escaping Provider) {
        self.host = host
        self.rowAt = rowAt
        self.provider = provider
        let pan = UIPanGestureRecognizer(target: self, action: { me, g in me.panned(g as! UIPanGestureRecognizer) })
        pan.maximumNumberOfTouches = 1
        self.pan = pan
        host.addGestureRecognizer(pan)
    }

    /// The index path of the open row.
    var openIndexPath: IndexPath? { open?.indexPath }

    /// How far `view` is slid aside (nil unless it is the open row): a layout pass placing
    /// the row keeps it there.
    func offset(of view: UIView) -> CGFloat? { open.flatMap { $0.view === view ? $0.offset : nil } }

    /// Whether a recognizer of the host may begin: the swipe takes horizontal drags on rows
    /// with actions; the scroll view's own pan takes the rest (and closes an open row).
    func shouldBegin(_ g: UIGestureRecognizer) -> Bool {
        if g === pan {
            let t = pan.translation(in: host)
            guard abs(t.x) > abs(t.y) else { return false }
            let start = startPoint()
            if let o = open, o.view.frame.contains(start) || o.buttons.frame.contains(start) { return true }
            guard let row = rowAt(start) else { return false }
            return provider(row.indexPath, leadingFor(t.x))?.actions.isEmpty == false
        }
        if g === host.panGestureRecognizer {
            let t = host.panGestureRecognizer.translation(in: host)
            if abs(t.x) > abs(t.y), let row = rowAt(startPoint(of: host.panGestureRecognizer)),
               provider(row.indexPath, leadingFor(t.x))?.actions.isEmpty == false || open != nil {
                return false
            }
            close(animated: true)
        }
        return true
    }

    /// Whether a drag by `dx` reveals leading actions (toward the trailing edge).
    private func leadingFor(_ dx: CGFloat) -> Bool {
        host.effectiveUserInterfaceLayoutDirection == .rightToLeft ? dx < 0 : dx > 0
    }

    private func startPoint(of g: UIPanGestureRecognizer? = nil) -> CGPoint {
        let g = g ?? pan!
        let p = g.location(in: host), t = g.translation(in: host)
        return CGPoint(x: p.x - t.x, y: p.y - t.y)
    }

    /// A tap while a row is open: on a button it runs that action, elsewhere it closes the
    /// row; either way it is not a selection. False when no row is open.
    func tap(at point: CGPoint) -> Bool {
        guard let o = open else { return false }
        let local = o.buttons.convert(point, from: host)
        if let i = o.buttons.subviews.firstIndex(where: { $0.frame.contains(local) }), o.configuration.actions.indices.contains(i) {
            perform(o.configuration.actions[i], in: o.buttons.subviews[i])
        } else {
            close(animated: true)
        }
        return true
    }

    private func panned(_ g: UIPanGestureRecognizer) {
        switch g.state {
        case .began:
            let start = startPoint()
            if let o = open, o.view.frame.contains(start) || o.buttons.frame.contains(start) {
                dragRow = (o.view, o.indexPath)
                dragStartOffset = o.offset
            } else {
                close(animated: false)
                dragRow = rowAt(start)
                dragStartOffset = 0
            }
            fallthrough
        case .changed:
            guard let row = dragRow else { return }
            move(row, to: dragStartOffset + g.translation(in: host).x)
        case .ended, .cancelled:
            guard var o = open else { return }
            let width = o.view.bounds.width
            let v = g.velocity(in: host).x
            if g.state == .ended, o.configuration.performsFirstActionWithFullSwipe, abs(o.offset) > width * 0.6,
               let first = o.configuration.actions.first {
                o.offset = o.offset > 0 ? width : -width
                open = o
                layout(animated: true)
                perform(first, in: o.buttons.subviews.first ?? o.buttons)
                return
            }
            let opening = abs(o.offset) > o.total / 2 && !(o.offset > 0 ? v < -300 : v > 300)
            if opening {
                o.offset = o.offset > 0 ? o.total : -o.total
                open = o
                layout(animated: true)
            } else {
                close(animated: true)
            }
        default:
            break
        }
    }

    /// Slides the row by `offset`, making the buttons of the side it reveals.
    private func move(_ row: (view: UIView, indexPath: IndexPath), to offset: CGFloat) {
        let rtl = host.effectiveUserInterfaceLayoutDirection == .rightToLeft
        let leading = rtl ? offset < 0 : offset > 0
        if open == nil || open?.leading != leading || open?.view !== row.view {
            open?.buttons.removeFromSuperview()
            open?.view.transform = .identity
            open = nil
            guard offset != 0, let c = provider(row.indexPath, leading), !c.actions.isEmpty else { return }
            open = makeButtons(for: row, configuration: c, leading: leading)
        }
        guard var o = open else { return }
        // Past the buttons the row follows the finger less (a full swipe needs one).
        let limit = o.configuration.performsFirstActionWithFullSwipe ? o.view.bounds.width : o.total
        let magnitude = min(abs(offset), limit)
        o.offset = offset > 0 ? magnitude : -magnitude
        open = o
        layout(animated: false)
    }

    private func makeButtons(for row: (view: UIView, indexPath: IndexPath), configuration c: UISwipeActionsConfiguration,
                             leading: Bool) -> Open {
        let holder = UIView(frame: row.view.frame)
        holder.clipsToBounds = true
        var widths: [CGFloat] = []
        for action in c.actions {
            let b = UIView()
            b.backgroundColor = action.backgroundColor ?? (action.style == .destructive ? .systemRed : .systemGray)
            let label = UILabel()
            label.text = action.title
            label.font = .systemFont(ofSize: 15, weight: .medium)
            label.textColor = .white
            label.textAlignment = .center
            b.addSubview(label)
            if let image = action.image {
                let iv = UIImageView(image: image.withRenderingMode(.alwaysTemplate))
                iv.tintColor = .white
                iv.contentMode = .center
                b.addSubview(iv)
            }
            let w = max(RowSwipeActions.minimumButtonWidth, label.sizeThatFits(CGSize(width: 300, height: 44)).width.rounded(.up) + 30)
            widths.append(w)
            holder.addSubview(b)
        }
        if let parent = row.view.superview { parent.insertSubview(holder, belowSubview: row.view) }
        return Open(view: row.view, indexPath: row.indexPath, leading: leading, configuration: c, buttons: holder, widths: widths, offset: 0)
    }

    /// Places the row and the buttons for the current offset: the buttons share the revealed
    /// width in proportion, the first nearest the edge.
    private func layout(animated: Bool) {
        guard let o = open else { return }
        let apply = {
            o.view.transform = CGAffineTransform(translationX: o.offset, y: 0)
            o.buttons.frame = CGRect(x: o.view.center.x - o.view.bounds.width / 2, y: o.view.center.y - o.view.bounds.height / 2,
                                     width: o.view.bounds.width, height: o.view.bounds.height)
            let revealed = abs(o.offset), scale = o.total > 0 ? revealed / o.total : 0
            var edge: CGFloat = o.offset > 0 ? 0 : o.view.bounds.width
            for (i, b) in o.buttons.subviews.enumerated() where i < o.widths.count {
                // The first action sits at the edge the row left.
                let w = o.widths[i] * scale
                let x = o.offset > 0 ? edge : edge - w
                b.frame = CGRect(x: x, y: 0, width: w, height: o.view.bounds.height)
                for s in b.subviews { s.frame = b.bounds.insetBy(dx: 4, dy: 0) }
                edge = o.offset > 0 ? edge + w : edge - w
            }
        }
        if animated { host.onWindowClock { UIView.animate(withDuration: 0.25, animations: apply) } } else { apply() }
    }

    private func perform(_ action: UIContextualAction, in view: UIView) {
        action.handler(action, view) { [weak self] _ in self?.close(animated: true) }
    }

    /// Slides the open row back and drops its buttons.
    func close(animated: Bool) {
        guard let o = open else { return }
        open = nil
        let finish = { o.buttons.removeFromSuperview() }
        guard animated else { o.view.transform = .identity; finish(); return }
        host.onWindowClock {
            UIView.animate(withDuration: 0.25, animations: { o.view.transform = .identity }, completion: { _ in finish() })
        }
    }
}
