import Foundation
@_spi(Lamina) import QuartzCore

/// A spinning activity indicator (UIKit's `UIActivityIndicatorView`), drawn as iOS 13 and later
/// draw it: eight rounded spokes fading around the circle, turning a spoke at a time, 20 points
/// across (`.medium`) or 37 (`.large`). Hidden while stopped when `hidesWhenStopped`.
open class UIActivityIndicatorView: UIView {
    /// The size.
    public enum Style: Int, Sendable {
        case medium = 100, large = 101
        /// iOS 12 names.
        case whiteLarge = 0, white = 1, gray = 2
    }

    /// The style.
    open var style: Style = .medium { didSet { rebuild() } }
    /// The spokes' colour (the secondary label colour when nil: a mid grey in both appearances).
    open var color: UIColor! { didSet { rebuild() } }
    /// Whether the view hides itself when stopped (true).
    open var hidesWhenStopped = true { didSet { isHidden = hidesWhenStopped && !animating } }
    /// Whether it is spinning.
    open var isAnimating: Bool { animating }
    private var animating = false
    private let spokes = CAReplicatorLayer()
    private let spoke = CALayer()

    /// An indicator of `style`.
    public init(style: Style) {
        self.style = style
        super.init(frame: CGRect(origin: .zero, size: UIActivityIndicatorView.diameter(style)))
        setUp()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        spokes.addSublayer(spoke)
        layer.addSublayer(spokes)
        isHidden = hidesWhenStopped
        rebuild()
    }

    static func diameter(_ style: Style) -> CGSize {
        switch style {
        case .large, .whiteLarge: CGSize(width: 37, height: 37)
        default: CGSize(width: 20, height: 20)
        }
    }

    open override var intrinsicContentSize: CGSize { Self.diameter(style) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.diameter(style) }

    private func rebuild() { setNeedsLayout() }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let d = Self.diameter(style).width
        let large = d > 30
        let traits = traitCollection
        let tint: UIColor = color ?? (style == .white || style == .whiteLarge ? .white : .secondaryLabel)
        ControlParts.update(animated: false) {
            spokes.frame = CGRect(x: (bounds.width - d) / 2, y: (bounds.height - d) / 2, width: d, height: d)
            spokes.instanceCount = 8
            spokes.instanceTransform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
            // Each spoke after the first is fainter: the trail behind the bright one.
            spokes.instanceAlphaOffset = -0.1
            let width: CGFloat = large ? 4 : 2.5
            let length: CGFloat = large ? 11 : 6
            spoke.bounds = CGRect(x: 0, y: 0, width: width, height: length)
            spoke.cornerRadius = width / 2
            spoke.position = CGPoint(x: d / 2, y: length / 2 + (large ? 1.5 : 0.5))
            spoke.backgroundColor = tint.resolvedColor(with: traits).cgColor
        }
    }

    /// Starts spinning (and shows the view).
    open func startAnimating() {
        guard !animating else { return }
        animating = true
        isHidden = false
        let turn = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        // Eight steps a second, backwards so the bright spoke leads the trail.
        turn.values = (0...8).map { -Double($0) * .pi / 4 }
        turn.calculationMode = .discrete
        turn.duration = 1
        turn.repeatCount = .infinity
        turn.isRemovedOnCompletion = false
        spokes.add(turn, forKey: "spin")
    }

    /// Stops spinning (and hides the view when `hidesWhenStopped`).
    open func stopAnimating() {
        guard animating else { return }
        animating = false
        spokes.removeAnimation(forKey: "spin")
        if hidesWhenStopped { isHidden = true }
    }

    override func colorAppearanceChanged() { super.colorAppearanceChanged(); setNeedsLayout() }

    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .updatesFrequently }
}
