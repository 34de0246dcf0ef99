import Foundation
@_spi(Lamina) import QuartzCore

/// A minus and plus pair that steps a value (UIKit's `UIStepper`), drawn as iOS 13 and later
/// draw it: a 94 x 32 rounded rectangle in the tertiary system fill, a hairline between its
/// halves, and minus and plus glyphs in the label colour, faded at the limits. A tap on a half
/// steps `value` by `stepValue` within `minimumValue`…`maximumValue` (wrapping round when
/// `wraps`) and sends `.valueChanged`. Holding a half does not repeat (`autorepeat` is kept).
open class UIStepper: UIControl {
    /// The value (clamped to the range; NaN is ignored with a diagnostic).
    open var value: Double {
        get { current }
        set { setValue(newValue) }
    }
    open var minimumValue: Double = 0 { didSet { fixRange(); setValue(current) } }
    open var maximumValue: Double = 100 { didSet { fixRange(); setValue(current) } }
    /// The step (greater than 0; other values are refused with a diagnostic, as UIKit raises).
    open var stepValue: Double = 1 {
        didSet {
            guard stepValue > 0, stepValue.isFinite else {
                LaminaDiagnostics.report("UIStepper: stepValue \(stepValue) must be greater than 0 (UIKit raises); \(oldValue) kept")
                stepValue = oldValue
                return
            }
        }
    }
    /// Whether stepping past a limit goes round to the other.
    open var wraps = false
    /// Whether holding a half repeats (kept; Lamina steps once per tap).
    open var autorepeat = true
    /// Whether value changes are sent while the user interacts (kept).
    open var isContinuous = true

    private var current: Double = 0
    private let minusLayer = CALayer(), plusLayer = CALayer(), divider = CALayer()
    private var pressedHalf: Int?

    /// Every stepper's size.
    static let size = CGSize(width: 94, height: 32)

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: UIStepper.size))
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        for l in [divider, minusLayer, plusLayer] { layer.addSublayer(l) }
    }

    private func fixRange() {
        if !minimumValue.isFinite { minimumValue = 0 }
        if !maximumValue.isFinite { maximumValue = 100 }
        if maximumValue < minimumValue {
            LaminaDiagnostics.report("UIStepper: maximumValue \(maximumValue) is below minimumValue \(minimumValue) (UIKit raises); the minimum used for both")
            maximumValue = minimumValue
        }
    }

    private func setValue(_ v: Double) {
        guard v.isFinite else {
            LaminaDiagnostics.report("UIStepper: value \(v) is not finite; ignored")
            return
        }
        current = min(max(v, minimumValue), maximumValue)
        setNeedsLayout()
    }

    open override var intrinsicContentSize: CGSize { UIStepper.size }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { UIStepper.size }

    /// Steps by one `stepValue` in a direction (+1 or -1), wrapping or stopping at the limits.
    private func step(_ direction: Double) {
        var v = current + direction * stepValue
        if v > maximumValue { v = wraps ? minimumValue : maximumValue }
        if v < minimumValue { v = wraps ? maximumValue : minimumValue }
        guard v != current else { return }
        current = v
        setNeedsLayout()
        sendActions(for: .valueChanged, with: nil)
    }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        pressedHalf = touch.location(in: self).x < bounds.midX ? 0 : 1
        setNeedsLayout()
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        defer { pressedHalf = nil; setNeedsLayout() }
        guard let touch, let half = pressedHalf, bounds.contains(touch.location(in: self)) else { return }
        step(half == 0 ? -1 : 1)
    }

    open override func cancelTracking(with event: UIEvent?) { pressedHalf = nil; setNeedsLayout() }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let traits = traitCollection
        let s = UIStepper.size
        let origin = CGPoint(x: (bounds.width - s.width) / 2, y: (bounds.height - s.height) / 2)
        let box = CGRect(origin: origin, size: s)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.backgroundColor = nil
        let fill = UIColor.tertiarySystemFill.resolvedColor(with: traits).cgColor
        let pressed = UIColor.systemFill.resolvedColor(with: traits).cgColor
        let halfWidth = s.width / 2
        for (i, l) in [minusLayer, plusLayer].enumerated() {
            l.frame = CGRect(x: box.minX + CGFloat(i) * halfWidth, y: box.minY, width: halfWidth, height: s.height)
            l.backgroundColor = pressedHalf == i ? pressed : fill
            l.cornerRadius = 8
            l.maskedCorners = i == 0 ? [.layerMinXMinYCorner, .layerMinXMaxYCorner] : [.layerMaxXMinYCorner, .layerMaxXMaxYCorner]
            let atLimit = i == 0 ? current <= minimumValue && !wraps : current >= maximumValue && !wraps
            let enabled = isEnabled && !atLimit
            let color = UIColor.label.resolvedColor(with: traits).withAlphaComponent(enabled ? 1 : 0.25)
            l.contents = nil
            l.sublayers?.forEach { $0.removeFromSuperlayer() }
            // The glyph: a 14 x 2 bar, and for plus a second one across it.
            let bar = CALayer()
            bar.backgroundColor = color.cgColor
            bar.frame = CGRect(x: (halfWidth - 14) / 2, y: (s.height - 2) / 2, width: 14, height: 2)
            bar.cornerRadius = 1
            l.addSublayer(bar)
            if i == 1 {
                let up = CALayer()
                up.backgroundColor = color.cgColor
                up.frame = CGRect(x: (halfWidth - 2) / 2, y: (s.height - 14) / 2, width: 2, height: 14)
                up.cornerRadius = 1
                l.addSublayer(up)
            }
        }
        let scale = window?.screen.scale ?? UIScreen.main.scale
        divider.frame = CGRect(x: box.midX - 0.5 / scale, y: box.minY + 8, width: 1 / scale, height: s.height - 16)
        divider.backgroundColor = UIColor.separator.resolvedColor(with: traits).cgColor
        layer.opacity = isEnabled ? 1 : 0.5
        CATransaction.commit()
    }

    override func stateChanged() { setNeedsLayout() }
    override func colorAppearanceChanged() { super.colorAppearanceChanged(); setNeedsLayout() }

    override var defaultAccessibilityValue: String? {
        current == current.rounded() && abs(current) < 1e15 ? String(Int64(current)) : String(current)
    }
}
