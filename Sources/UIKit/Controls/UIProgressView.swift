import Foundation
@_spi(Lamina) import QuartzCore

/// A progress bar (UIKit's `UIProgressView`), drawn as iOS 14 and later draw it: a 4-point
/// rounded track in the system fill with the tint colour filled to `progress`.
open class UIProgressView: UIView {
    /// The look: `.default`, or `.bar` (square ends, as in a toolbar).
    public enum Style: Int, Sendable { case `default`, bar }

    /// The style.
    open var progressViewStyle: Style = .default { didSet { setNeedsLayout() } }
    /// The progress, 0…1 (values outside are clamped; NaN is 0).
    open var progress: Float {
        get { storedProgress }
        set { setProgress(newValue, animated: false) }
    }
    private var storedProgress: Float = 0
    /// The filled part's colour (the tint colour when nil).
    open var progressTintColor: UIColor? { didSet { setNeedsLayout() } }
    /// The track's colour (the system fill when nil).
    open var trackTintColor: UIColor? { didSet { setNeedsLayout() } }
    /// A `Progress` the bar follows (read when set and at each layout).
    open var observedProgress: Progress? { didSet { followObserved() } }

    private let fill = CALayer()
    private var animateNextLayout = false
    static let height: CGFloat = 4

    public override init(frame: CGRect) {
        super.init(frame: frame)
        layer.addSublayer(fill)
        clipsToBounds = true
    }

    /// A bar of `style`.
    public convenience init(progressViewStyle style: Style) {
        self.init(frame: CGRect(x: 0, y: 0, width: 0, height: UIProgressView.height))
        progressViewStyle = style
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        layer.addSublayer(fill)
        clipsToBounds = true
    }

    /// Sets the progress, filling over a quarter second when `animated`.
    open func setProgress(_ progress: Float, animated: Bool) {
        storedProgress = ControlParts.clamp(progress, 0, 1)
        animateNextLayout = animated
        setNeedsLayout()
        layoutIfNeeded()
    }

    private func followObserved() {
        guard let p = observedProgress else { return }
        setProgress(Float(p.fractionCompleted), animated: false)
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIProgressView.height) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: UIProgressView.height) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if let p = observedProgress { storedProgress = ControlParts.clamp(Float(p.fractionCompleted), 0, 1) }
        let traits = traitCollection
        let radius = progressViewStyle == .default ? min(bounds.height, UIProgressView.height) / 2 : 0
        ControlParts.update(animated: animateNextLayout) {
            layer.cornerRadius = radius
            layer.backgroundColor = (trackTintColor ?? ControlParts.trackFill).resolvedColor(with: traits).cgColor
            fill.frame = CGRect(x: 0, y: 0, width: bounds.width * CGFloat(storedProgress), height: bounds.height)
            fill.cornerRadius = radius
            fill.backgroundColor = (progressTintColor ?? tintColor ?? .systemBlue).resolvedColor(with: traits).cgColor
        }
        animateNextLayout = false
    }

    override func colorAppearanceChanged() { super.colorAppearanceChanged(); setNeedsLayout() }

    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityValue: String? { "\(Int((storedProgress * 100).rounded()))%" }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .updatesFrequently }
}
