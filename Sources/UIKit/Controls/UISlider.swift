import Foundation
@_spi(Lamina) import QuartzCore

/// A slider (UIKit's `UISlider`), drawn as iOS 13 and later draw it: a 4-point rounded track,
/// the tint colour up to the value and the system fill after it, and a 28-point white knob.
/// Dragging the knob changes `value` (clamped to the range) and sends `.valueChanged`, while
/// dragging when `isContinuous`, else at the end.
open class UISlider: UIControl {
    /// The value, always within `minimumValue…maximumValue`.
    open var value: Float {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }
    private var storedValue: Float = 0
    /// The lower end (0).
    open var minimumValue: Float = 0 { didSet { setValue(storedValue, animated: false) } }
    /// The upper end (1).
    open var maximumValue: Float = 1 { didSet { setValue(storedValue, animated: false) } }
    /// Whether `.valueChanged` is sent while dragging (true) or only when the finger lifts.
    open var isContinuous = true
    /// The track's colour up to the value (the tint colour when nil).
    open var minimumTrackTintColor: UIColor? { didSet { setNeedsLayout() } }
    /// The track's colour after the value (the system fill when nil).
    open var maximumTrackTintColor: UIColor? { didSet { setNeedsLayout() } }
    /// The knob's colour (white when nil).
    open var thumbTintColor: UIColor? { didSet { setNeedsLayout() } }

    private let minimumTrack = CALayer()
    private let maximumTrack = CALayer()
    private let knob = CALayer()
    private var animateNextLayout = false
    private var grabOffset: CGFloat = 0
    private var changedWhileDragging = false

    static let knobDiameter: CGFloat = 28
    static let height: CGFloat = 31

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        layer.addSublayer(maximumTrack)
        layer.addSublayer(minimumTrack)
        layer.addSublayer(knob)
    }

    /// Sets the value (clamped to the range; NaN is the minimum), moving the knob over a quarter
    /// second when `animated`; no event is sent.
    open func setValue(_ value: Float, animated: Bool) {
        let v = ControlParts.clamp(value, minimumValue, maximumValue)
        guard v != storedValue || animated else { return }
        storedValue = v
        animateNextLayout = animated
        setNeedsLayout()
        layoutIfNeeded()
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UISlider.height) }

    /// Where the value sits between the ends, 0…1.
    private var fraction: CGFloat {
        let span = maximumValue - minimumValue
        return span > 0 ? CGFloat((storedValue - minimumValue) / span) : 0
    }

    /// The knob's centre x for `fraction`.
    private func knobX(_ f: CGFloat) -> CGFloat {
        let r = UISlider.knobDiameter / 2
        return r + max(0, bounds.width - 2 * r) * f
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let traits = traitCollection
        let midY = bounds.height / 2
        let x = knobX(fraction)
        ControlParts.update(animated: animateNextLayout) {
            let trackHeight: CGFloat = 4
            let full = CGRect(x: 0, y: midY - trackHeight / 2, width: bounds.width, height: trackHeight)
            maximumTrack.frame = full
            maximumTrack.cornerRadius = trackHeight / 2
            maximumTrack.backgroundColor = (maximumTrackTintColor ?? ControlParts.trackFill).resolvedColor(with: traits).cgColor
            minimumTrack.frame = CGRect(x: 0, y: full.minY, width: max(0, x), height: trackHeight)
            minimumTrack.cornerRadius = trackHeight / 2
            minimumTrack.backgroundColor = (minimumTrackTintColor ?? tintColor ?? .systemBlue).resolvedColor(with: traits).cgColor
            ControlParts.styleKnob(knob, diameter: UISlider.knobDiameter, color: thumbTintColor, traits: traits)
            knob.position = CGPoint(x: x, y: midY)
            layer.opacity = isEnabled ? 1 : 0.5
        }
        animateNextLayout = false
    }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let p = touch.location(in: self)
        let x = knobX(fraction)
        // A touch on the knob drags it from where it was grabbed; elsewhere it does not track.
        guard abs(p.x - x) <= UISlider.knobDiameter / 2 + 8, abs(p.y - bounds.midY) <= UISlider.knobDiameter / 2 + 8 else {
            return false
        }
        grabOffset = p.x - x
        changedWhileDragging = false
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let r = UISlider.knobDiameter / 2
        let width = max(1, bounds.width - 2 * r)
        let f = (touch.location(in: self).x - grabOffset - r) / width
        let old = storedValue
        let v = minimumValue + Float(max(0, min(1, f.isFinite ? f : 0))) * (maximumValue - minimumValue)
        setValue(v, animated: false)
        if storedValue != old {
            changedWhileDragging = true
            if isContinuous { sendActions(for: .valueChanged, with: event) }
        }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard isTracking else { return }
        if let touch { _ = continueTracking(touch, with: event) }
        if !isContinuous && changedWhileDragging { sendActions(for: .valueChanged, with: event) }
    }

    override func stateChanged() { setNeedsLayout() }
    override func colorAppearanceChanged() { super.colorAppearanceChanged(); setNeedsLayout() }

    override var defaultAccessibilityValue: String? {
        "\(Int((fraction * 100).rounded()))%"
    }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { super.defaultAccessibilityTraits.union(.adjustable) }
}
