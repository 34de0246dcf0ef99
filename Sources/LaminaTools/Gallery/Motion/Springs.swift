import Foundation
import UIKit

extension Gallery {
    static let springs = GalleryEntry(
        "springs", section: .motion, title: "Springs",
        caption: "At 0.3 s each ball is sent 240 points right. The first three are CASpringAnimations with damping 4, 9 and 20 "
            + "(mass 1, stiffness 100), each running for its settlingDuration; the last is a view moved by "
            + "UIView.animate(withDuration:delay:usingSpringWithDamping: 0.4, …) in 1.2 s.",
        size: CGSize(width: 400, height: 230), output: .animation(duration: 2.6)
    ) { stage in
        let rows: [CGFloat] = [30, 80, 130, 180]
        for (k, name) in ["damping 4", "damping 9", "damping 20", "UIView spring"].enumerated() {
            stage.label(name, CGRect(x: 8, y: rows[k] - 8, width: 80, height: 16), alignment: .left)
            let track = CALayer()
            track.frame = CGRect(x: 100, y: rows[k] - 1, width: 280, height: 2)
            track.backgroundColor = UIColor.systemGray5.cgColor
            stage.addSublayer(track)
        }
        // gallery:begin springs
        var balls: [CALayer] = []
        for (k, color) in [UIColor.systemRed, .systemOrange, .systemGreen].enumerated() {
            let ball = CALayer()
            ball.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
            ball.position = CGPoint(x: 115, y: rows[k])
            ball.cornerRadius = 15
            ball.backgroundColor = color.cgColor
            stage.addSublayer(ball)
            balls.append(ball)
        }
        let viewBall = UIView(frame: CGRect(x: 100, y: rows[3] - 15, width: 30, height: 30))
        viewBall.layer.cornerRadius = 15
        viewBall.backgroundColor = .systemBlue
        stage.window.addSubview(viewBall)
        // gallery:end
        stage.at(0.3) {
            // gallery:begin springs
            CATransaction.setDisableActions(true)       // no implicit animation for the model change
            for (ball, damping) in zip(balls, [4.0, 9, 20]) {
                let spring = CASpringAnimation(keyPath: "position.x")
                spring.fromValue = ball.position.x
                spring.toValue = ball.position.x + 240
                spring.mass = 1
                spring.stiffness = 100
                spring.damping = damping
                spring.duration = spring.settlingDuration
                ball.position.x += 240                  // the model value: where it rests
                ball.add(spring, forKey: "slide")
            }
            UIView.animate(withDuration: 1.2, delay: 0, usingSpringWithDamping: 0.4, initialSpringVelocity: 0) {
                viewBall.center.x += 240
            }
            // gallery:end
        }
    }

    static let timingFunctions = GalleryEntry(
        "timing-functions", section: .motion, title: "Timing functions",
        caption: "The same 1-second CABasicAnimation of position.x under each named CAMediaTimingFunction and a custom "
            + "curve with control points outside 0…1, which overshoots at both ends.",
        size: CGSize(width: 400, height: 230), output: .animation(duration: 1.8)
    ) { stage in
        let names: [(String, CAMediaTimingFunction)] = [
            ("linear", CAMediaTimingFunction(name: .linear)),
            ("easeIn", CAMediaTimingFunction(name: .easeIn)),
            ("easeOut", CAMediaTimingFunction(name: .easeOut)),
            ("easeInEaseOut", CAMediaTimingFunction(name: .easeInEaseOut)),
            ("default", CAMediaTimingFunction(name: .default)),
            ("custom", CAMediaTimingFunction(controlPoints: 0.68, -0.55, 0.27, 1.55)),
        ]
        for (k, (name, function)) in names.enumerated() {
            let y = CGFloat(25 + k * 36)
            stage.label(name, CGRect(x: 8, y: y - 8, width: 90, height: 16), alignment: .left)
            // gallery:begin timing-functions
            let dot = CALayer()
            dot.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            dot.position = CGPoint(x: 130, y: y)
            dot.cornerRadius = 10
            dot.backgroundColor = UIColor(hue: CGFloat(k) / 7, saturation: 0.7, brightness: 0.9, alpha: 1).cgColor
            stage.addSublayer(dot)
            // gallery:end
            stage.at(0.3) {
                // gallery:begin timing-functions
                CATransaction.setDisableActions(true)
                let move = CABasicAnimation(keyPath: "position.x")
                move.fromValue = 130
                move.toValue = 360
                move.duration = 1
                move.timingFunction = function
                dot.position.x = 360
                dot.add(move, forKey: "move")
                // gallery:end
            }
        }
    }
}
