import UIKit
import Gauges
import Sparklines

/// A card showing a day's steps: a title, a figure, a week's sparkline and a goal gauge.
public final class StepsCard: UIView {
    public let titleLabel = UILabel()
    public let valueLabel = UILabel()
    private let gauge = GaugeLayer()
    private let line = CAShapeLayer()
    private let week: [Double]

    public init(steps: Int, goal: Int, week: [Double]) {
        self.week = week
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 120))
        backgroundColor = .secondarySystemBackground
        roundAsCard()

        titleLabel.text = "Steps"
        titleLabel.styleAsCardTitle()
        valueLabel.text = steps.formatted(.number.locale(Locale(identifier: "en_US")))
        valueLabel.font = .systemFont(ofSize: 34, weight: .bold)
        valueLabel.textColor = .label

        let stack = UIStackView(arrangedSubviews: [titleLabel, valueLabel])
        stack.axis = .vertical
        stack.spacing = 4
        stack.translatesAutoresizingMaskIntoConstraints = false
        addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
            stack.topAnchor.constraint(equalTo: layoutMarginsGuide.topAnchor),
        ])
        directionalLayoutMargins = NSDirectionalEdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)

        gauge.progress = CGFloat(steps) / CGFloat(max(goal, 1))
        layer.addSublayer(gauge)
        line.strokeColor = UIColor.systemBlue.cgColor
        line.fillColor = nil
        line.lineWidth = 2
        line.lineJoin = .round
        layer.addSublayer(line)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not used")
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        gauge.frame = CGRect(x: bounds.maxX - 72, y: bounds.midY - 28, width: 56, height: 56)
        let chart = CGRect(x: 16, y: bounds.maxY - 34, width: bounds.width - 112, height: 20)
        line.path = sparklinePath(week, in: chart)
    }
}
