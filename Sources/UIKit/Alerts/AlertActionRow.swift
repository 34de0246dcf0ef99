import Foundation

/// One action's button in an alert or action sheet: its title centred, highlighted while
/// touched, sending `.touchUpInside` to the alert.
final class AlertActionRow: PressableRow {
    let action: UIAlertAction
    let label = UILabel()

    init(action: UIAlertAction, font: UIFont, color: UIColor) {
        self.action = action
        super.init(frame: .zero)
        label.text = action.title
        label.font = font
        label.textColor = color
        label.textAlignment = .center
        label.lineBreakMode = .byTruncatingMiddle
        addSubview(label)
        isEnabled = action.isEnabled
        isAccessibilityElement = true
        accessibilityLabel = action.title
        accessibilityTraits = action.isEnabled ? .button : [.button, .notEnabled]
    }

    required init?(coder: NSCoder) { return nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds.insetBy(dx: 8, dy: 0)
    }

    /// The width the title needs on one line.
    var titleWidth: CGFloat { label.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: 100)).width }
}

/// A hairline between an alert's parts.
final class AlertSeparator: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .separator
    }
    required init?(coder: NSCoder) { return nil }
}
