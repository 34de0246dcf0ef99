import Foundation
@_spi(Lamina) import QuartzCore

/// Shared pieces of the controls' drawing: the white round knob of switches and sliders, and
/// layer updates that do not animate unless asked to.
enum ControlParts {
    /// The system fill iOS puts under tracks (light: 120, 120, 128 at 20%).
    static var trackFill: UIColor { .systemFill }

    /// Styles `knob` as iOS's thumb: white, round, with a soft shadow and a hairline edge.
    static func styleKnob(_ knob: CALayer, diameter: CGFloat, color: UIColor?, traits: UITraitCollection) {
        knob.bounds = CGRect(x: 0, y: 0, width: diameter, height: diameter)
        knob.cornerRadius = diameter / 2
        knob.backgroundColor = (color ?? .white).resolvedColor(with: traits).cgColor
        knob.shadowColor = UIColor.black.cgColor
        knob.shadowOpacity = 0.15
        knob.shadowOffset = CGSize(width: 0, height: 3)
        knob.shadowRadius = 4
        knob.borderWidth = 0.5
        knob.borderColor = UIColor(white: 0, alpha: 0.04).cgColor
    }

    /// Runs `changes` with implicit animations on only when `animated`.
    static func update(animated: Bool, _ changes: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(!animated)
        if animated { CATransaction.setAnimationDuration(0.25) }
        changes()
        CATransaction.commit()
    }

    /// `value` limited to `range`; NaN becomes the lower bound.
    static func clamp(_ value: Float, _ lower: Float, _ upper: Float) -> Float {
        guard !value.isNaN else { return lower }
        return min(max(value, lower), max(lower, upper))
    }
}
