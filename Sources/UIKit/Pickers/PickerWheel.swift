import Foundation

/// One wheel of a picker view: a scroll view for the drag (its content one row per row, the
/// offset of row r being r times the row height) over row views drawn on a cylinder.
final class PickerWheel: UIView, UIScrollViewDelegate {
    private unowned let picker: UIPickerView
    let component: Int
    private let scroller = UIScrollView()
    private(set) var count = 0
    private(set) var rowHeight: CGFloat = 32
    private(set) var selected = 0
    private var shown: [Int: UIView] = [:]
    private var spare: [UIView] = []

    init(picker: UIPickerView, component: Int) {
        self.picker = picker
        self.component = component
        super.init(frame: .zero)
        clipsToBounds = true
        scroller.showsVerticalScrollIndicator = false
        scroller.contentInsetAdjustmentBehavior = .never
        scroller.decelerationRate = .fast
        scroller.alwaysBounceVertical = true
        scroller.delegate = self
        addSubview(scroller)
        scroller.addGestureRecognizer(UITapGestureRecognizer(target: self, action: { me, g in
            if g.state == .ended { me.tapped(at: g.location(in: me)) }
        }))
    }

    required init?(coder: NSCoder) { nil }

    /// The cylinder's radius: rows within a quarter turn of the middle show.
    private var radius: CGFloat { bounds.height / 2 }

    func reload(count: Int, rowHeight: CGFloat) {
        self.count = count
        self.rowHeight = rowHeight
        for (_, v) in shown { v.removeFromSuperview(); spare.append(v) }
        shown = [:]
        selected = min(max(0, selected), max(0, count - 1))
        setNeedsLayout()
    }

    func select(_ row: Int, animated: Bool) {
        guard count > 0 else { return }
        selected = min(max(0, row), count - 1)
        layoutScroller()
        scroller.setContentOffset(CGPoint(x: 0, y: CGFloat(selected) * rowHeight - scroller.contentInset.top), animated: animated)
        setNeedsLayout()
    }

    func shownView(_ row: Int) -> UIView? { shown[row] }

    private func layoutScroller() {
        if scroller.frame != bounds { scroller.frame = bounds }
        let pad = (bounds.height - rowHeight) / 2
        let inset = UIEdgeInsets(top: pad, left: 0, bottom: pad, right: 0)
        if scroller.contentInset != inset { scroller.contentInset = inset }
        let size = CGSize(width: bounds.width, height: CGFloat(count) * rowHeight)
        if scroller.contentSize != size { scroller.contentSize = size }
    }

    private var laidOutBounds: CGRect = .zero

    override func layoutSubviews() {
        super.layoutSubviews()
        if laidOutBounds.size != bounds.size {
            laidOutBounds = bounds
            layoutScroller()
            scroller.contentOffset = CGPoint(x: 0, y: CGFloat(selected) * rowHeight - scroller.contentInset.top)
        }
        layoutScroller()
        placeRows()
        bringSubviewToFront(scroller)
    }

    /// Rows on the cylinder: a row whose centre is d points along the wheel from the middle is
    /// drawn at radius·sin(d/radius) from the middle, squashed by cos(d/radius) and faded.
    private func placeRows() {
        let position = scroller.contentOffset.y + scroller.contentInset.top  // the middle, in rows × height
        let r = max(radius, 1)
        let reach = Int((r * .pi / 2) / max(rowHeight, 1)) + 1
        let middle = Int((position / max(rowHeight, 1)).rounded())
        let wanted = count > 0 ? max(0, middle - reach)...min(count - 1, max(0, middle + reach)) : 1...0
        for (row, v) in shown where !wanted.contains(row) {
            v.removeFromSuperview()
            spare.append(v)
            shown[row] = nil
        }
        guard count > 0 else { return }
        for row in wanted {
            let d = CGFloat(row) * rowHeight - position
            let angle = d / r
            let view: UIView
            if let v = shown[row] { view = v } else {
                let reused = spare.popLast()
                view = picker.delegate?.pickerView(picker, viewForRow: row, forComponent: component, reusing: reused)
                    ?? UIPickerView.defaultRowView(picker, row: row, component: component, reusing: reused)
                view.isUserInteractionEnabled = false
                insertSubview(view, belowSubview: scroller)
                shown[row] = view
            }
            guard abs(angle) < .pi / 2 else { view.isHidden = true; continue }
            view.isHidden = false
            view.transform = .identity
            view.bounds.size = CGSize(width: bounds.width, height: rowHeight)
            view.center = CGPoint(x: bounds.midX, y: bounds.midY + r * sin(angle))
            view.transform = CGAffineTransform(scaleX: 1, y: max(0.01, cos(angle)))
            view.alpha = max(0.15, cos(angle) * cos(angle))
        }
    }

    private func tapped(at p: CGPoint) {
        let r = max(radius, 1)
        let s = max(-0.999, min(0.999, (p.y - bounds.midY) / r))
        let rows = Int((asin(s) * r / max(rowHeight, 1)).rounded())
        guard rows != 0, count > 0 else { return }
        let target = min(max(0, selected + rows), count - 1)
        select(target, animated: true)
        picker.wheel(component, didSettleOn: target)
    }

    // MARK: Scrolling

    func scrollViewDidScroll(_ scrollView: UIScrollView) { placeRows() }

    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        let top = scroller.contentInset.top
        let row = ((targetContentOffset.pointee.y + top) / max(rowHeight, 1)).rounded()
        let clamped = min(max(0, row), CGFloat(max(0, count - 1)))
        targetContentOffset.pointee.y = clamped * rowHeight - top
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { settle() }
    }

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { settle() }

    private func settle() {
        guard count > 0 else { return }
        let row = Int(((scroller.contentOffset.y + scroller.contentInset.top) / max(rowHeight, 1)).rounded())
        let clamped = min(max(0, row), count - 1)
        let changed = clamped != selected
        selected = clamped
        if changed { picker.wheel(component, didSettleOn: clamped) }
    }
}
