import Foundation
import UIKit

// gallery:begin article5-implicit-animations
/// Article 5: a layer delegate that asks a view for the layer's actions, so a sublayer added to
/// the view's layer animates by the view's rules (only inside animation blocks). On the main
/// actor, as the view it asks is; layers call their delegate there.
@MainActor final class LayerActionsForwarder: NSObject, @preconcurrency CALayerDelegate {
    weak var view: UIView?
    init(view: UIView) { self.view = view }

    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        view?.action(for: layer, forKey: event)
    }
}

final class CustomViewWithLayer: UIView {
    var yellowLayer: CALayer!
    var actionsForwarder: LayerActionsForwarder?

    init(frame: CGRect, forwarding: Bool) {
        super.init(frame: frame)
        // If you leave out just this line, the yellow layer animates like a standalone layer.
        if forwarding { actionsForwarder = LayerActionsForwarder(view: self) }
        yellowLayer = CALayer()
        yellowLayer.borderColor = UIColor.blue.cgColor
        yellowLayer.borderWidth = 1
        yellowLayer.cornerRadius = 20
        yellowLayer.delegate = actionsForwarder
        yellowLayer.backgroundColor = UIColor.yellow.cgColor
        layer.addSublayer(yellowLayer)
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func layoutSubviews() {
        super.layoutSubviews()
        yellowLayer.frame = bounds
    }
}
// gallery:end

extension Gallery {
    static let article5 = GalleryEntry(
        "article5-implicit-animations", section: .articles, title: "Implicit animation: layers, views and the forwarder (article 5)",
        caption: "At 0.3 s every row changes. 1: a standalone layer moves, animated on its own (0.25 s). 2: a view moves at once "
            + "outside an animation block. 3: inside UIView.animate it animates (1 s). 4: a view widens at once, but the sublayer "
            + "it hosts animates to the new size. 5: with the forwarder as that sublayer's delegate, it follows the view's rules.",
        size: CGSize(width: 400, height: 300), output: .animation(duration: 1.6)
    ) { stage in
        let window = stage.window
        let rows = (0..<5).map { CGFloat(20 + $0 * 56) }
        for (k, name) in ["standalone layer", "view, no block", "view, UIView.animate", "hosted sublayer", "with the forwarder"].enumerated() {
            stage.label(name, CGRect(x: 10, y: rows[k] + 12, width: 110, height: 16), alignment: .left)
        }
        // gallery:begin article5-implicit-animations
        let standalone = CALayer()
        standalone.frame = CGRect(x: 130, y: rows[0], width: 40, height: 40)
        standalone.backgroundColor = UIColor.systemBlue.cgColor
        window.layer.addSublayer(standalone)

        let plainView = UIView(frame: CGRect(x: 130, y: rows[1], width: 40, height: 40))
        let blockView = UIView(frame: CGRect(x: 130, y: rows[2], width: 40, height: 40))
        plainView.backgroundColor = .systemGreen
        blockView.backgroundColor = .systemGreen
        window.addSubview(plainView)
        window.addSubview(blockView)

        let hosting = CustomViewWithLayer(frame: CGRect(x: 130, y: rows[3], width: 40, height: 40), forwarding: false)
        let forwarding = CustomViewWithLayer(frame: CGRect(x: 130, y: rows[4], width: 40, height: 40), forwarding: true)
        window.addSubview(hosting)
        window.addSubview(forwarding)
        // gallery:end
        for v in [hosting, forwarding] { v.layer.borderColor = UIColor.systemGray.cgColor; v.layer.borderWidth = 1 }
        stage.at(0.3) {
            // gallery:begin article5-implicit-animations
            standalone.position.x += 200                          // animates: 0.25 s
            plainView.center.x += 200                             // jumps
            UIView.animate(withDuration: 1) { blockView.center.x += 200 }
            hosting.frame.size.width += 200                       // view jumps, yellow layer animates
            forwarding.frame.size.width += 200                    // both jump together
            // gallery:end
        }
    }
}
