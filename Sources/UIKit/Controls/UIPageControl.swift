import Foundation
@_spi(Lamina) import QuartzCore

/// A row of dots, one per page, the current one highlighted (UIKit's `UIPageControl`), drawn
/// as iOS 14 and later draw it: 7-point dots 16 points apart in the tertiary label colour, the
/// current page's in the label colour (or the tint colours given), or the indicator images set.
/// A tap on the right half goes to the next page, on the left half to the previous one, and
/// sends `.valueChanged`.
open class UIPageControl: UIControl {
    /// How the control's background is drawn.
    public enum BackgroundStyle: Int, Sendable { case automatic, prominent, minimal }
    /// How a user is changing the page.
    public enum InteractionState: Int, Sendable { case none, discrete, continuous }

    /// How many dots (negative numbers are 0).
    open var numberOfPages = 0 { didSet { numberOfPages = max(0, min(numberOfPages, 100_000)); clampPage(); invalidateIntrinsicContentSize(); setNeedsLayout() } }
    /// The highlighted dot (kept in 0..<numberOfPages).
    open var currentPage = 0 { didSet { clampPage(); setNeedsLayout() } }
    /// Whether the control hides with one page.
    open var hidesForSinglePage = false { didSet { setNeedsLayout() } }
    open var pageIndicatorTintColor: UIColor? { didSet { setNeedsLayout() } }
    open var currentPageIndicatorTintColor: UIColor? { didSet { setNeedsLayout() } }
    open var backgroundStyle: BackgroundStyle = .automatic { didSet { setNeedsLayout() } }
    open private(set) var interactionState: InteractionState = .none
    /// Whether dragging across scrubs through pages (kept).
    open var allowsContinuousInteraction = true
    /// The image every dot is drawn with (nil: a circle).
    open var preferredIndicatorImage: UIImage? { didSet { setNeedsLayout() } }
    /// The image of the current dot (iOS 16; nil: the indicator image).
    open var preferredCurrentPageIndicatorImage: UIImage? { didSet { setNeedsLayout() } }
    private var pageImages: [Int: UIImage] = [:]
    private var dots: [CALayer] = []
    private let capsule = CALayer()

    static let dotDiameter: CGFloat = 7
    static let pitch: CGFloat = 16
    static let height: CGFloat = 26

    public override init(frame: CGRect) {
        super.init(frame: frame)
        layer.addSublayer(capsule)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        layer.addSublayer(capsule)
    }

    private func clampPage() {
        let c = min(max(0, currentPage), max(0, numberOfPages - 1))
        if c != currentPage { currentPage = c }
    }

    /// The image of one page's dot.
    open func indicatorImage(forPage page: Int) -> UIImage? { pageImages[page] }
    open func setIndicatorImage(_ image: UIImage?, forPage page: Int) { pageImages[page] = image; setNeedsLayout() }

    /// The size the control needs for `pageCount` dots.
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        let n = CGFloat(max(0, min(pageCount, 100_000)))
        return CGSize(width: n > 0 ? n * UIPageControl.pitch + 10 : 0, height: UIPageControl.height)
    }

    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: numberOfPages) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { self.size(forNumberOfPages: numberOfPages) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let traits = traitCollection
        let hidden = hidesForSinglePage && numberOfPages <= 1
        // Dots past what fits the width are not drawn (UIKit shrinks them).
        let shown = hidden ? 0 : min(numberOfPages, max(0, Int((bounds.width - 10) / UIPageControl.pitch)), 1000)
        while dots.count > shown { dots.removeLast().removeFromSuperlayer() }
        while dots.count < shown { let d = CALayer(); layer.addSublayer(d); dots.append(d) }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let total = CGFloat(shown) * UIPageControl.pitch
        let startX = (bounds.width - total) / 2
        capsule.isHidden = backgroundStyle != .prominent || shown == 0
        capsule.frame = CGRect(x: startX - 5, y: (bounds.height - UIPageControl.height) / 2, width: total + 10, height: UIPageControl.height)
        capsule.cornerRadius = UIPageControl.height / 2
        capsule.backgroundColor = UIColor.systemFill.resolvedColor(with: traits).cgColor
        let normal = (pageIndicatorTintColor ?? .tertiaryLabel).resolvedColor(with: traits)
        let current = (currentPageIndicatorTintColor ?? .label).resolvedColor(with: traits)
        for (i, d) in dots.enumerated() {
            let isCurrent = i == currentPage
            let image = isCurrent ? (preferredCurrentPageIndicatorImage ?? pageImages[i] ?? preferredIndicatorImage) : (pageImages[i] ?? preferredIndicatorImage)
            let color = isCurrent ? current : normal
            let cx = startX + (CGFloat(i) + 0.5) * UIPageControl.pitch, cy = bounds.midY
            if let image, let cg = image.withTintColor(color).cgImage {
                let s = image.size
                d.frame = CGRect(x: cx - s.width / 2, y: cy - s.height / 2, width: s.width, height: s.height)
                d.contents = cg
                d.backgroundColor = nil
                d.cornerRadius = 0
            } else {
                let r = UIPageControl.dotDiameter
                d.frame = CGRect(x: cx - r / 2, y: cy - r / 2, width: r, height: r)
                d.contents = nil
                d.cornerRadius = r / 2
                d.backgroundColor = color.cgColor
            }
        }
        layer.opacity = isEnabled ? 1 : 0.5
        CATransaction.commit()
    }

    override func touchUpInside(with event: UIEvent?) {}

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard let touch, numberOfPages > 1, bounds.contains(touch.location(in: self)) else { return }
        interactionState = .discrete
        let next = currentPage + (touch.location(in: self).x >= bounds.midX ? 1 : -1)
        if next >= 0 && next < numberOfPages {
            currentPage = next
            sendActions(for: .valueChanged, with: event)
        }
        interactionState = .none
    }

    override func stateChanged() { setNeedsLayout() }
    override func colorAppearanceChanged() { super.colorAppearanceChanged(); setNeedsLayout() }
    override var defaultAccessibilityValue: String? { "page \(currentPage + 1) of \(numberOfPages)" }
}
