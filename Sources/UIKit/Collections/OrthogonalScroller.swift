import Foundation

/// A section a layout scrolls across the collection view's own axis (a compositional layout's
/// `orthogonalScrollingBehavior`).
struct OrthogonalSection: Equatable {
    /// How the section's scroll view comes to rest.
    enum Resting: Equatable { case free, page, groupLeading, groupPaging, groupPagingCentered }
    var section: Int
    /// The strip the section's scroll view occupies, in the collection view's content.
    var frame: CGRect
    /// The size of the section's content (its elements' frames, less the strip's origin).
    var contentSize: CGSize
    var resting: Resting
    /// Where each group starts and ends along the section's axis, in the strip's coordinates.
    var groups: [ClosedRange<CGFloat>]
    var horizontal: Bool
}

/// The scroll view a collection view puts an orthogonal section's cells in (iOS does the same:
/// the cells of a carousel are subviews of a scroll view of their own).
final class OrthogonalScroller: UIScrollView {
    var section: OrthogonalSection
    private let behaviour = OrthogonalScrollerDelegate()
    /// Where the finger started a drag (for group paging: one group per swipe).
    fileprivate var dragStartOffset: CGPoint = .zero

    init(section: OrthogonalSection, onScroll: @escaping (OrthogonalScroller) -> Void) {
        self.section = section
        super.init(frame: section.frame)
        behaviour.onScroll = onScroll
        delegate = behaviour
        showsHorizontalScrollIndicator = false
        showsVerticalScrollIndicator = false
        contentInsetAdjustmentBehavior = .never
        clipsToBounds = false
        apply(section)
    }

    required init?(coder: NSCoder) { nil }

    func apply(_ s: OrthogonalSection) {
        section = s
        if frame != s.frame { frame = s.frame }
        if contentSize != s.contentSize { contentSize = s.contentSize }
        isPagingEnabled = s.resting == .page
        decelerationRate = s.resting == .free ? .normal : .fast
        alwaysBounceHorizontal = s.horizontal
        alwaysBounceVertical = !s.horizontal
    }

    /// Where a drag released with `velocity` (points per millisecond) comes to rest.
    func restingOffset(proposed: CGPoint, velocity: CGPoint) -> CGPoint {
        let s = section
        guard !s.groups.isEmpty else { return proposed }
        let along = s.horizontal ? proposed.x : proposed.y
        let extent = s.horizontal ? bounds.width : bounds.height
        let maxOffset = max(0, (s.horizontal ? contentSize.width : contentSize.height) - extent)
        let v = s.horizontal ? velocity.x : velocity.y
        let start = s.horizontal ? dragStartOffset.x : dragStartOffset.y
        var target = along
        switch s.resting {
        case .free, .page:
            return proposed
        case .groupLeading:
            // The group boundary nearest where the flick would stop.
            target = s.groups.map(\.lowerBound).min { abs($0 - along) < abs($1 - along) } ?? along
        case .groupPaging, .groupPagingCentered:
            // One group on from where the drag began, in the flick's direction.
            let centred = s.resting == .groupPagingCentered
            let stops = s.groups.map { centred ? ($0.lowerBound + $0.upperBound) / 2 - extent / 2 : $0.lowerBound }
            let current = stops.indices.min { abs(stops[$0] - start) < abs(stops[$1] - start) } ?? 0
            var i = current
            if v > 0.2 { i += 1 } else if v < -0.2 { i -= 1 } else {
                i = stops.indices.min { abs(stops[$0] - along) < abs(stops[$1] - along) } ?? current
            }
            target = stops[min(max(i, 0), stops.count - 1)]
        }
        target = min(max(target, 0), maxOffset)
        return s.horizontal ? CGPoint(x: target, y: proposed.y) : CGPoint(x: proposed.x, y: target)
    }
}

/// Tells the collection view an orthogonal section scrolled, and makes it rest where the
/// section's behaviour says.
private final class OrthogonalScrollerDelegate: UIScrollViewDelegate {
    var onScroll: ((OrthogonalScroller) -> Void)?

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        if let s = scrollView as? OrthogonalScroller { onScroll?(s) }
    }

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
        (scrollView as? OrthogonalScroller)?.dragStartOffset = scrollView.contentOffset
    }

    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        guard let s = scrollView as? OrthogonalScroller else { return }
        targetContentOffset.pointee = s.restingOffset(proposed: targetContentOffset.pointee, velocity: velocity)
    }
}
