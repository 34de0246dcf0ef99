import Foundation
import UIKit

// gallery:begin article4-progress-ring
/// Article 4: a custom animatable property. `needsDisplay(forKey:)` redraws the layer for every
/// value a keyframe animation gives `progress`; a touch on the controller's view starts it.
final class JJCircleLayer: CALayer, CAAnimationDelegate {
    @Managed var progress: CGFloat = 0            // Apple: @NSManaged var progress: CGFloat

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" ? true : super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        ctx.setLineWidth(5)
        ctx.setStrokeColor(UIColor.blue.cgColor)
        ctx.addArc(center: CGPoint(x: bounds.width * 0.5, y: bounds.height * 0.5), radius: bounds.width * 0.5 - 6,
                   startAngle: 0, endAngle: 2 * .pi * progress, clockwise: false)
        ctx.strokePath()
    }

    func animateCircle() {
        let anim = CAKeyframeAnimation(keyPath: "progress")
        anim.values = valuesList(animationDuration: 3)
        anim.duration = 3
        anim.fillMode = .forwards
        anim.isRemovedOnCompletion = false
        anim.delegate = self
        add(anim, forKey: "circle")
    }

    func valuesList(animationDuration duration: CGFloat) -> [Any] {
        let numberOfFrames = Int(duration * 60)
        var values: [Any] = []
        let fromValue: CGFloat = 0, toValue: CGFloat = 1
        for frame in 1...numberOfFrames {
            let piece = CGFloat(frame) / CGFloat(numberOfFrames)
            values.append(fromValue + (toValue - fromValue) * piece)
        }
        return values
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        removeAnimation(forKey: "circle")
        progress = 1.0
        setNeedsDisplay()
    }
}

final class CircleViewController: UIViewController {
    var circle: JJCircleLayer!

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        circle = JJCircleLayer()
        circle.frame = CGRect(x: 50, y: 20, width: 200, height: 200)
        circle.backgroundColor = UIColor.lightGray.cgColor
        view.layer.addSublayer(circle)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        circle.animateCircle()
    }
}
// gallery:end

extension Gallery {
    static let article4Ring = GalleryEntry(
        "article4-progress-ring", section: .articles, title: "A progress ring drawn from a custom property (article 4)",
        caption: "A tap at 0.3 s reaches the view controller through the responder chain and starts a 3 s keyframe animation "
            + "of the layer's own progress property; the layer redraws for each presented value, and the delegate sets the "
            + "final value when it stops.",
        size: CGSize(width: 300, height: 240), output: .animation(duration: 3.6)
    ) { stage in
        let window = stage.window
        // gallery:begin article4-progress-ring
        let controller = CircleViewController()
        window.rootViewController = controller
        controller.circle.contentsScale = window.screen.scale    // the article leaves it at 1 (blurry on 2x)
        // gallery:end
        stage.at(0.3) {
            // gallery:begin article4-progress-ring
            window.tap(at: CGPoint(x: 150, y: 120))       // touchesBegan starts the ring
            // gallery:end
        }
    }
}
