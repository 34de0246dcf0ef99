import Foundation
@_spi(Lamina) import QuartzCore

/// What a scroll view tells its delegate (UIKit's `UIScrollViewDelegate`; every method has a
/// default that does nothing, as UIKit's are optional).
@preconcurrency @MainActor
public protocol UIScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>)
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}

/// A view whose bounds origin moves over larger content (UIKit's `UIScrollView`):
/// `contentOffset` is the bounds origin, `contentSize` how far it may go, `contentInset` and the
/// safe area (by `contentInsetAdjustmentBehavior`) extend the range. Dragging with a finger (the
/// window's touch methods) scrolls, clamped to the range, or past it by half the distance when
/// `bounces`, springing back when the finger lifts; paging snaps to pages. Zooming scales the
/// delegate's `viewForZooming(in:)`. Scroll indicators show while scrolling and when flashed.
open class UIScrollView: UIView {
    /// When the safe area is added to the content inset.
    public enum ContentInsetAdjustmentBehavior: Int, Sendable { case automatic, scrollableAxes, never, always }
    /// Light or dark indicators.
    public enum IndicatorStyle: Int, Sendable { case `default`, black, white }

    open weak var delegate: UIScrollViewDelegate?
    /// The size of the content.
    open var contentSize: CGSize = .zero { didSet { if oldValue != contentSize { setNeedsLayout() } } }
    /// Space around the content.
    open var contentInset: UIEdgeInsets = .zero { didSet { if oldValue != contentInset { insetsChanged() } } }
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic { didSet { insetsChanged() } }
    open var isScrollEnabled = true { didSet { panGestureRecognizer.isEnabled = isScrollEnabled } }
    open var isPagingEnabled = false
    /// How fast a flick slows down: the fraction of its speed kept each millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// 0.998, the default.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// 0.99, for short flicks (pickers).
        public static let fast = DecelerationRate(rawValue: 0.99)
    }
    /// How fast the content slows after the finger lifts.
    open var decelerationRate: DecelerationRate = .normal
    open var bounces = true
    open var alwaysBounceVertical = false
    open var alwaysBounceHorizontal = false
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    open var indicatorStyle: IndicatorStyle = .default
    open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero
    open var horizontalScrollIndicatorInsets: UIEdgeInsets = .zero
    open var scrollsToTop = true
    open var minimumZoomScale: CGFloat = 1
    open var maximumZoomScale: CGFloat = 1
    open var bouncesZoom = true
    open private(set) var isTracking = false
    open private(set) var isDragging = false
    open private(set) var isDecelerating = false
    open private(set) var isZooming = false
    private var lastAdjusted: UIEdgeInsets = .zero
    private let verticalIndicator = UIView()
    private let horizontalIndicator = UIView()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        clipsToBounds = true
        addGestureRecognizer(panGestureRecognizer)
        for i in [verticalIndicator, horizontalIndicator] {
            i.alpha = 0
            i.isUserInteractionEnabled = false
            i.layer.cornerRadius = 1.5
            addSubview(i)
        }
    }

    // MARK: Offset

    /// Where the content is scrolled to: the bounds origin.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set { setContentOffset(newValue, animated: false) }
    }

    open override var bounds: CGRect {
        didSet { if oldValue.origin != bounds.origin { didScroll() } }
    }

    /// Scrolls to `contentOffset` (any point: clamping is for dragging), over 0.3 s when
    /// `animated`, then tells the delegate `scrollViewDidEndScrollingAnimation`.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        guard contentOffset.x.isFinite, contentOffset.y.isFinite else {
            LaminaDiagnostics.report("UIScrollView.setContentOffset: \(contentOffset) is not finite; ignored")
            return
        }
        guard animated else {
            bounds.origin = contentOffset
            return
        }
        UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseInOut], animations: {
            self.bounds.origin = contentOffset
        }, completion: { _ in self.delegate?.scrollViewDidEndScrollingAnimation(self) })
    }

    /// Scrolls the least needed to show `rect` (in the content's coordinates).
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        guard rect.isFinite else { return }
        let b = bounds.inset(by: adjustedContentInset)
        var o = contentOffset
        if rect.minX < b.minX { o.x -= b.minX - rect.minX } else if rect.maxX > b.maxX { o.x += min(rect.maxX - b.maxX, rect.minX - b.minX) }
        if rect.minY < b.minY { o.y -= b.minY - rect.minY } else if rect.maxY > b.maxY { o.y += min(rect.maxY - b.maxY, rect.minY - b.minY) }
        let r = offsetRange
        o.x = min(max(o.x, r.minX), r.maxX)
        o.y = min(max(o.y, r.minY), r.maxY)
        setContentOffset(o, animated: animated)
    }

    /// The content inset plus the safe area where `contentInsetAdjustmentBehavior` adds it.
    open var adjustedContentInset: UIEdgeInsets {
        let s = safeAreaInsets, c = contentInset
        let addVertical: Bool, addHorizontal: Bool
        switch contentInsetAdjustmentBehavior {
        case .never: (addVertical, addHorizontal) = (false, false)
        case .always: (addVertical, addHorizontal) = (true, true)
        case .scrollableAxes:
            addVertical = contentSize.height > bounds.height || alwaysBounceVertical
            addHorizontal = contentSize.width > bounds.width || alwaysBounceHorizontal
        case .automatic:
            addVertical = true
            addHorizontal = contentSize.width > bounds.width || alwaysBounceHorizontal
        }
        return UIEdgeInsets(top: c.top + (addVertical ? s.top : 0) + refreshInset, left: c.left + (addHorizontal ? s.left : 0),
                            bottom: c.bottom + (addVertical ? s.bottom : 0), right: c.right + (addHorizontal ? s.right : 0))
    }

    /// The offsets scrolling may reach: from minus the top/left inset to the content's end.
    var offsetRange: CGRect {
        let i = adjustedContentInset, b = bounds.size
        let minX = -i.left, minY = -i.top
        let maxX = max(minX, contentSize.width + i.right - b.width)
        let maxY = max(minY, contentSize.height + i.bottom - b.height)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    private func insetsChanged() {
        let now = adjustedContentInset
        if now != lastAdjusted {
            // A scroll view resting at the top (or leading) edge stays there as the inset
            // changes, as UIKit keeps a table under a bar or the status bar showing its first
            // row: the offset moves from -old to -new inset.
            if !isDragging && !isDecelerating {
                var o = bounds.origin
                if o.y == -lastAdjusted.top { o.y = -now.top }
                if o.x == -lastAdjusted.left { o.x = -now.left }
                if o != bounds.origin { bounds.origin = o }
            }
            lastAdjusted = now
            delegate?.scrollViewDidChangeAdjustedContentInset(self)
        }
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if adjustedContentInset != lastAdjusted { insetsChanged() }
        placeIndicators()
    }

    /// The pull-to-refresh control above the content (UIKit's `refreshControl`): pulling the
    /// content down past it starts a refresh.
    open var refreshControl: UIRefreshControl? {
        didSet {
            guard oldValue !== refreshControl else { return }
            oldValue?.removeFromSuperview()
            refreshInset = 0
            if let r = refreshControl { insertSubview(r, at: 0); r.follow(self) }
        }
    }

    /// The room a refreshing control keeps above the content.
    var refreshInset: CGFloat = 0 { didSet { if oldValue != refreshInset { insetsChanged() } } }

    private func didScroll() {
        // Content pinned to the frame layout guide follows the scroll, as UIKit lays out then.
        if scrollFrameGuide != nil { setNeedsLayout() }
        refreshControl?.follow(self)
        placeIndicators()
        delegate?.scrollViewDidScroll(self)
        scrolled?()
    }

    /// Called after every scroll (a navigation bar collapsing its large title with it).
    var scrolled: (() -> Void)?

    // MARK: Indicators

    private func placeIndicators() {
        let b = bounds, r = offsetRange, inset = adjustedContentInset
        let color: UIColor = switch indicatorStyle {
        case .white: UIColor(white: 1, alpha: 0.35)
        case .black: UIColor(white: 0, alpha: 0.35)
        case .default: traitCollection.userInterfaceStyle == .dark ? UIColor(white: 1, alpha: 0.35) : UIColor(white: 0, alpha: 0.35)
        }
        let thickness: CGFloat = 3, margin: CGFloat = 3
        // Vertical: along the right edge, as long as the visible share of the content.
        let trackH = b.height - inset.top - inset.bottom - verticalScrollIndicatorInsets.top - verticalScrollIndicatorInsets.bottom - 2 * margin
        let totalH = max(1, contentSize.height + inset.top + inset.bottom)
        let lengthV = max(36, trackH * min(1, b.height / totalH))
        let fy = r.height > 0 ? (b.minY - r.minY) / r.height : 0
        verticalIndicator.backgroundColor = color
        verticalIndicator.frame = CGRect(x: b.maxX - thickness - margin - verticalScrollIndicatorInsets.right,
                                         y: b.minY + inset.top + verticalScrollIndicatorInsets.top + margin + (trackH - lengthV) * min(1, max(0, fy)),
                                         width: thickness, height: max(0, lengthV))
        verticalIndicator.isHidden = !showsVerticalScrollIndicator || r.height <= 0
        let trackW = b.width - inset.left - inset.right - horizontalScrollIndicatorInsets.left - horizontalScrollIndicatorInsets.right - 2 * margin
        let totalW = max(1, contentSize.width + inset.left + inset.right)
        let lengthH = max(36, trackW * min(1, b.width / totalW))
        let fx = r.width > 0 ? (b.minX - r.minX) / r.width : 0
        horizontalIndicator.backgroundColor = color
        horizontalIndicator.frame = CGRect(x: b.minX + inset.left + horizontalScrollIndicatorInsets.left + margin + (trackW - lengthH) * min(1, max(0, fx)),
                                           y: b.maxY - thickness - margin - horizontalScrollIndicatorInsets.bottom,
                                           width: max(0, lengthH), height: thickness)
        horizontalIndicator.isHidden = !showsHorizontalScrollIndicator || r.width <= 0
    }

    /// Shows the scroll indicators for a moment (they fade out after half a second).
    open func flashScrollIndicators() {
        placeIndicators()
        showIndicators(true)
        hideIndicatorsLater()
    }

    private func showIndicators(_ on: Bool) {
        UIView.performWithoutAnimation {
            verticalIndicator.alpha = on ? 1 : 0
            horizontalIndicator.alpha = on ? 1 : 0
        }
    }

    private func hideIndicatorsLater() {
        UIView.animate(withDuration: 0.3, delay: 0.5, options: [], animations: {
            self.verticalIndicator.alpha = 0
            self.horizontalIndicator.alpha = 0
        }, completion: nil)
    }

    // MARK: Dragging

    private var dragStart: (touch: CGPoint, offset: CGPoint)?

    /// Whether dragging may move along each axis.
    private var scrollsHorizontally: Bool { offsetRange.width > 0 || alwaysBounceHorizontal }
    private var scrollsVertically: Bool { offsetRange.height > 0 || alwaysBounceVertical }

    /// The recognizer that scrolls: a drag that begins in the scroll view or any view inside it
    /// (a button, a row) scrolls once it has moved 10 points, cancelling that view's touches,
    /// as on iOS.
    public private(set) lazy var panGestureRecognizer: UIPanGestureRecognizer = {
        let pan = UIPanGestureRecognizer(target: self, action: { me, g in me.handlePan(g as! UIPanGestureRecognizer) })
        pan.maximumNumberOfTouches = 1
        return pan
    }()

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if isScrollEnabled { isTracking = true }
        super.touchesBegan(touches, with: event)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !isDragging { isTracking = false }
        super.touchesEnded(touches, with: event)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !isDragging { isTracking = false }
        super.touchesCancelled(touches, with: event)
    }

    private func handlePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            isTracking = true
            isDragging = true
            dragStart = (.zero, contentOffset)
            delegate?.scrollViewWillBeginDragging(self)
            placeIndicators()
            showIndicators(true)
            fallthrough
        case .changed:
            guard let start = dragStart, let w = window else { return }
            let t = pan.translation(in: w)
            var o = start.offset
            if scrollsHorizontally { o.x -= t.x }
            if scrollsVertically { o.y -= t.y }
            bounds.origin = rubberBanded(o)
        case .ended, .cancelled, .failed:
            finishDrag(velocity: window.map { pan.velocity(in: $0) } ?? .zero)
        default:
            break
        }
    }

    /// Past the range, the content follows the finger half as far (when `bounces`; else it stops).
    private func rubberBanded(_ o: CGPoint) -> CGPoint {
        let r = offsetRange
        func band(_ v: CGFloat, _ lo: CGFloat, _ hi: CGFloat) -> CGFloat {
            if v < lo { return bounces ? lo - (lo - v) / 2 : lo }
            if v > hi { return bounces ? hi + (v - hi) / 2 : hi }
            return v
        }
        return CGPoint(x: band(o.x, r.minX, r.maxX), y: band(o.y, r.minY, r.maxY))
    }

    private func finishDrag(velocity: CGPoint = .zero) {
        if isDragging { refreshControl?.dragEnded(self) }
        let wasDragging = isDragging
        isTracking = false
        isDragging = false
        dragStart = nil
        guard wasDragging else { return }
        // UIKit reports the content's velocity in points per millisecond, opposite the finger's.
        let v = CGPoint(x: scrollsHorizontally ? -velocity.x / 1000 : 0, y: scrollsVertically ? -velocity.y / 1000 : 0)
        // A flick carries on, slowing by `decelerationRate` each millisecond: it travels
        // v·r/(1−r) points in all, stopping at the content's edge (bouncing past it first).
        let r = min(0.9999, max(0, decelerationRate.rawValue.isFinite ? decelerationRate.rawValue : 0.998))
        let projected = CGPoint(x: contentOffset.x + v.x * r / (1 - r), y: contentOffset.y + v.y * r / (1 - r))
        var target = clampedOffset(projected)
        if isPagingEnabled {
            // Pages: the nearest page, or the next one in a flick's direction.
            var o = clampedOffset(contentOffset)
            let page = bounds.size
            if page.width > 0 { o.x = ((o.x / page.width) + (v.x > 0.3 ? 0.5 : v.x < -0.3 ? -0.5 : 0)).rounded() * page.width }
            if page.height > 0 { o.y = ((o.y / page.height) + (v.y > 0.3 ? 0.5 : v.y < -0.3 ? -0.5 : 0)).rounded() * page.height }
            target = clampedOffset(o)
        }
        let proposed = target
        withUnsafeMutablePointer(to: &target) { delegate?.scrollViewWillEndDragging(self, withVelocity: v, targetContentOffset: $0) }
        guard target.x.isFinite, target.y.isFinite else { hideIndicatorsLater(); return }
        let moves = target != contentOffset
        delegate?.scrollViewDidEndDragging(self, willDecelerate: moves)
        if moves {
            isDecelerating = true
            delegate?.scrollViewWillBeginDecelerating(self)
            // Until the speed falls under half a point per second: ln(0.0005/|v|)/ln(r) ms.
            let speed = max(abs(v.x), abs(v.y))
            let flick = speed > 0.0005 ? Double(log(0.0005 / speed) / log(r)) / 1000 : 0
            let duration = min(2.5, max(0.3, flick.isFinite ? flick : 0.3))
            // A flick that would run past the content's edge (and was not redirected by the
            // delegate or paging) overshoots by part of the excess, at most a tenth of the view,
            // then springs back to the edge when `bounces`.
            var overshoot = target
            if bounces, !isPagingEnabled, target == proposed {
                let range = offsetRange
                // Only a flick from inside the range toward the edge overshoots; content already
                // pulled past the edge springs straight back.
                func over(_ p: CGFloat, _ t: CGFloat, _ now: CGFloat, _ lo: CGFloat, _ hi: CGFloat, _ extent: CGFloat) -> CGFloat {
                    let excess = p - t
                    guard abs(excess) > 0.5, extent > 0, now >= lo, now <= hi, (excess > 0) == (p > now) else { return t }
                    return t + (excess > 0 ? 1 : -1) * min(abs(excess) * 0.25, extent * 0.1)
                }
                let now = contentOffset
                if scrollsHorizontally { overshoot.x = over(projected.x, target.x, now.x, range.minX, range.maxX, bounds.width) }
                if scrollsVertically { overshoot.y = over(projected.y, target.y, now.y, range.minY, range.maxY, bounds.height) }
            }
            let finish: (Bool) -> Void = { _ in
                self.isDecelerating = false
                self.delegate?.scrollViewDidEndDecelerating(self)
            }
            if overshoot == target {
                UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseOut], animations: {
                    self.bounds.origin = target
                }, completion: finish)
            } else {
                UIView.animate(withDuration: max(0.2, duration * 0.5), delay: 0, options: [.curveEaseOut], animations: {
                    self.bounds.origin = overshoot
                }, completion: { _ in
                    UIView.animate(withDuration: 0.4, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0, options: [],
                                   animations: { self.bounds.origin = target }, completion: finish)
                })
            }
        }
        hideIndicatorsLater()
    }

    private func clampedOffset(_ o: CGPoint) -> CGPoint {
        let r = offsetRange
        return CGPoint(x: min(max(o.x, r.minX), r.maxX), y: min(max(o.y, r.minY), r.maxY))
    }

    // MARK: Zooming

    /// The scale of the delegate's zooming view (1 without one).
    open var zoomScale: CGFloat {
        get { storedZoom }
        set { setZoomScale(newValue, animated: false) }
    }
    private var storedZoom: CGFloat = 1

    /// Scales the delegate's `viewForZooming(in:)` to `scale` (clamped to the zoom range) and
    /// makes it the content size.
    open func setZoomScale(_ scale: CGFloat, animated: Bool) {
        guard scale.isFinite, scale > 0, let view = delegate?.viewForZooming(in: self) else {
            if !(scale.isFinite && scale > 0) { LaminaDiagnostics.report("UIScrollView.setZoomScale: \(scale) is not a positive finite scale; ignored") }
            return
        }
        let lo = max(1e-4, min(minimumZoomScale, maximumZoomScale)), hi = max(minimumZoomScale, maximumZoomScale)
        let s = min(max(scale, lo), hi)
        storedZoom = s
        let apply = {
            let unscaled = view.bounds.size
            view.transform = CGAffineTransform(scaleX: s, y: s)
            view.center = CGPoint(x: unscaled.width * s / 2, y: unscaled.height * s / 2)
            self.contentSize = CGSize(width: unscaled.width * s, height: unscaled.height * s)
        }
        if animated { UIView.animate(withDuration: 0.3, animations: apply) } else { apply() }
        delegate?.scrollViewDidZoom(self)
    }

    /// Zooms so that `rect` (in the zooming view's coordinates) fills the bounds.
    open func zoom(to rect: CGRect, animated: Bool) {
        guard rect.isFinite, rect.width > 0, rect.height > 0 else { return }
        let s = min(bounds.width / rect.width, bounds.height / rect.height)
        setZoomScale(s, animated: animated)
        let z = storedZoom
        setContentOffset(clampedOffset(CGPoint(x: rect.minX * z, y: rect.minY * z)), animated: animated)
    }
}
