import Foundation
import UIKit

extension Gallery {
    static let keyframesOnPaths = GalleryEntry(
        "keyframes-on-path", section: .motion, title: "Keyframes on a path",
        caption: "An arrow follows a curve with CAKeyframeAnimation's path, paced (constant speed) and turned along it "
            + "(rotationMode .rotateAuto). The square below moves through values at uneven keyTimes, each segment with "
            + "its own timing function.",
        size: CGSize(width: 420, height: 240), output: .animation(duration: 3.4)
    ) { stage in
        // gallery:begin keyframes-on-path
        let route = CGMutablePath()
        route.move(to: CGPoint(x: 40, y: 110))
        route.addCurve(to: CGPoint(x: 210, y: 60), control1: CGPoint(x: 60, y: 10), control2: CGPoint(x: 160, y: 10))
        route.addCurve(to: CGPoint(x: 380, y: 90), control1: CGPoint(x: 260, y: 110), control2: CGPoint(x: 330, y: 150))

        let trail = CAShapeLayer()
        trail.path = route
        trail.fillColor = nil
        trail.strokeColor = UIColor.systemGray3.cgColor
        trail.lineWidth = 2
        trail.lineDashPattern = [6, 4]
        stage.addSublayer(trail)

        let arrow = CAShapeLayer()
        arrow.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
        arrow.position = CGPoint(x: 40, y: 110)
        let head = CGMutablePath()
        head.move(to: CGPoint(x: 30, y: 10))
        head.addLine(to: CGPoint(x: 0, y: 0))
        head.addLine(to: CGPoint(x: 8, y: 10))
        head.addLine(to: CGPoint(x: 0, y: 20))
        head.closeSubpath()
        arrow.path = head
        arrow.fillColor = UIColor.systemIndigo.cgColor
        stage.addSublayer(arrow)

        let square = CALayer()
        square.bounds = CGRect(x: 0, y: 0, width: 24, height: 24)
        square.position = CGPoint(x: 40, y: 200)
        square.backgroundColor = UIColor.systemOrange.cgColor
        stage.addSublayer(square)
        // gallery:end
        stage.at(0.3) {
            // gallery:begin keyframes-on-path
            CATransaction.setDisableActions(true)
            let follow = CAKeyframeAnimation(keyPath: "position")
            follow.path = route
            follow.calculationMode = .paced
            follow.rotationMode = .rotateAuto
            follow.duration = 2.5
            follow.fillMode = .forwards
            follow.isRemovedOnCompletion = false
            arrow.add(follow, forKey: "follow")

            let hops = CAKeyframeAnimation(keyPath: "position.x")
            hops.values = [40, 150, 200, 380]
            hops.keyTimes = [0, 0.5, 0.6, 1]
            hops.timingFunctions = [CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .linear),
                                    CAMediaTimingFunction(name: .easeIn)]
            hops.duration = 2.5
            square.position.x = 380
            square.add(hops, forKey: "hops")
            // gallery:end
        }
    }

    static let viewAnimations = GalleryEntry(
        "view-animations", section: .motion, title: "View animations: keyframes and transitions",
        caption: "UIView.animateKeyframes moves a view around a square in four relative keyframes, turning it on the way; "
            + "UIView.transition(with:options: .transitionCrossDissolve) changes a label's text and colour with a dissolve, "
            + "and .transitionFlipFromLeft turns a card over to show its new face.",
        size: CGSize(width: 400, height: 200), output: .animation(duration: 2.8)
    ) { stage in
        let window = stage.window
        // gallery:begin view-animations
        let box = UIView(frame: CGRect(x: 30, y: 30, width: 40, height: 40))
        box.backgroundColor = .systemPurple
        box.layer.cornerRadius = 8
        window.addSubview(box)

        let label = UILabel(frame: CGRect(x: 230, y: 20, width: 150, height: 50))
        label.text = "Before"
        label.textAlignment = .center
        label.font = .boldSystemFont(ofSize: 26)
        label.textColor = .systemBlue
        window.addSubview(label)

        let card = UIView(frame: CGRect(x: 265, y: 95, width: 80, height: 80))
        card.backgroundColor = .systemOrange
        card.layer.cornerRadius = 12
        let face = UILabel(frame: card.bounds)
        face.text = "A"
        face.textAlignment = .center
        face.font = .boldSystemFont(ofSize: 40)
        face.textColor = .white
        card.addSubview(face)
        window.addSubview(card)
        // gallery:end
        stage.at(0.3) {
            // gallery:begin view-animations
            UIView.animateKeyframes(withDuration: 2, delay: 0, options: []) {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { box.center = CGPoint(x: 170, y: 50) }
                UIView.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.25) {
                    box.center = CGPoint(x: 170, y: 150)
                    box.transform = CGAffineTransform(rotationAngle: .pi / 2)
                }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) { box.center = CGPoint(x: 50, y: 150) }
                UIView.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) {
                    box.center = CGPoint(x: 50, y: 50)
                    box.transform = .identity
                }
            }
            UIView.transition(with: label, duration: 1, options: .transitionCrossDissolve) {
                label.text = "After"
                label.textColor = .systemPink
            }
            UIView.transition(with: card, duration: 1.2, options: .transitionFlipFromLeft) {
                card.backgroundColor = .systemTeal
                face.text = "B"
            }
            // gallery:end
        }
    }

    static let transitions = GalleryEntry(
        "transitions", section: .motion, title: "CATransition",
        caption: "Four panels change colour and text at 0.4 s, each with a CATransition added: fade, push from the right, "
            + "move in from the top, reveal to the left (1 s each).",
        size: CGSize(width: 440, height: 140), output: .animation(duration: 1.9)
    ) { stage in
        let kinds: [(CATransitionType, CATransitionSubtype?)] = [(.fade, nil), (.push, .fromRight), (.moveIn, .fromTop), (.reveal, .fromLeft)]
        var panels: [CATextLayer] = []
        for (k, kind) in kinds.enumerated() {
            let panel = CATextLayer()
            panel.frame = CGRect(x: 15 + k * 105, y: 15, width: 95, height: 90)
            panel.string = "A"
            panel.fontSize = 40
            panel.alignmentMode = .center
            panel.contentsScale = stage.scale
            panel.backgroundColor = UIColor.systemTeal.cgColor
            panel.masksToBounds = true
            stage.addSublayer(panel)
            panels.append(panel)
            stage.label(".\(kind.0.rawValue)" + (kind.1.map { " .\($0.rawValue)" } ?? ""),
                        CGRect(x: 15 + k * 105, y: 112, width: 95, height: 16))
        }
        stage.at(0.4) {
            for (panel, (type, subtype)) in zip(panels, kinds) {
                // gallery:begin transitions
                let transition = CATransition()
                transition.type = type
                transition.subtype = subtype
                transition.duration = 1
                panel.add(transition, forKey: kCATransition)
                panel.string = "B"
                panel.backgroundColor = UIColor.systemPink.cgColor
                // gallery:end
            }
        }
    }
}
