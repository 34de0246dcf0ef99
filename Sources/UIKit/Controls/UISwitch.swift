import Foundation
@_spi(Lamina) import QuartzCore

/// An on/off switch (UIKit's `UISwitch`), drawn as iOS 13 and later draw it: a 51 x 31 rounded
/// track, green when on (`onTintColor`), the system fill when off, with a 27-point white knob.
/// A tap toggles it and sends `.valueChanged`.
open class UISwitch: UIControl {
    /// Whether the switch is on.
    open var isOn: Bool {
        get { on }
        set { setOn(newValue, animated: false) }
    }
    private var on = false
    /// The track's colour when on (the system green when nil).
    open var onTintColor: UIColor? { didSet { setNeedsLayout() } }
    /// The knob's colour (white when nil).
    open var thumbTintColor: UIColor? { didSet { setNeedsLayout() } }
    /// The track's colour when off is the system fill; `tintColor` outlines it on iOS 6 only.
    private let track = CALayer()
    private let knob = CALayer()
    private var animateNextLayout = false

    /// The size every switch has.
    static let size = CGSize(width: 51, height: 31)

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: UISwitch.size))
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        layer.addSublayer(track)
        track.addSublayer(knob)
    }

    /// Turns the switch on or off (moving the knob over a quarter second when `animated`);
    /// no event is sent, as in UIKit.
    open func setOn(_ on: Bool, animated: Bool) {
        guard on != self.on else { return }
        self.on = on
        animateNextLayout = animated
        setNeedsLayout()
        layoutIfNeeded()
    }

    open override var intrinsicContentSize: CGSize { UISwitch.size }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { UISwitch.size }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let traits = traitCollection
        let s = UISwitch.size
        let origin = CGPoint(x: (bounds.width - s.width) / 2, y: (bounds.height - s.height) / 2)
        ControlParts.update(animated: animateNextLayout) {
            track.frame = CGRect(origin: origin, size: s)
            track.cornerRadius = s.height / 2
            track.backgroundColor = (on ? (onTintColor ?? .systemGreen) : ControlParts.trackFill).resolvedColor(with: traits).cgColor
            ControlParts.styleKnob(knob, diameter: 27, color: thumbTintColor, traits: traits)
            knob.position = CGPoint(x: on ? s.width - 2 - 13.5 : 2 + 13.5, y: s.height / 2)
            layer.opacity = isEnabled ? 1 : 0.5
        }
        animateNextLayout = false
    }

    override func touchUpInside(with event: UIEvent?) {
        setOn(!on, animated: true)
        sendActions(for: .valueChanged, with: event)
    }

    override func stateChanged() { setNeedsLayout() }
    override func colorAppearanceChanged() { super.colorAppearanceChanged(); setNeedsLayout() }

    override var defaultAccessibilityValue: String? { on ? "1" : "0" }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { super.defaultAccessibilityTraits.union(.button) }
}
