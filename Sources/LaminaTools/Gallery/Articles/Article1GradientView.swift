import Foundation
import UIKit

// gallery:begin article1-gradient-view
/// Article 1: a view whose layer is a `CAGradientLayer`, with the gradient's properties
/// forwarded, so the gradient is laid out by Auto Layout like any view.
final class GradientLayerView: UIView {
    override class var layerClass: AnyClass { CAGradientLayer.self }
    private var gradientLayer: CAGradientLayer { layer as! CAGradientLayer }

    var colors: [Any]? { get { gradientLayer.colors } set { gradientLayer.colors = newValue } }
    var locations: [NSNumber]? { get { gradientLayer.locations } set { gradientLayer.locations = newValue } }
    var startPoint: CGPoint { get { gradientLayer.startPoint } set { gradientLayer.startPoint = newValue } }
    var endPoint: CGPoint { get { gradientLayer.endPoint } set { gradientLayer.endPoint = newValue } }
    var type: CAGradientLayerType { get { gradientLayer.type } set { gradientLayer.type = newValue } }
}
// gallery:end

extension Gallery {
    static let article1 = GalleryEntry(
        "article1-gradient-view", section: .articles, title: "A gradient view laid out by Auto Layout (article 1)",
        caption: "GradientLayerView returns CAGradientLayer as its layerClass and forwards colors, locations, startPoint, endPoint "
            + "and type. Constraints size it; when a constraint changes inside UIView.animate, the gradient stretches with the view.",
        size: CGSize(width: 360, height: 180), output: .animation(duration: 1.8)
    ) { stage in
        let window = stage.window
        // gallery:begin article1-gradient-view
        let gradientView = GradientLayerView()
        gradientView.colors = [UIColor.systemPink.cgColor, UIColor.systemOrange.cgColor, UIColor.systemYellow.cgColor]
        gradientView.locations = [0, 0.6, 1]
        gradientView.startPoint = CGPoint(x: 0, y: 0)
        gradientView.endPoint = CGPoint(x: 1, y: 1)
        gradientView.layer.cornerRadius = 16
        gradientView.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(gradientView)

        let width = gradientView.widthAnchor.constraint(equalToConstant: 140)
        NSLayoutConstraint.activate([
            gradientView.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
            gradientView.topAnchor.constraint(equalTo: window.topAnchor, constant: 20),
            gradientView.bottomAnchor.constraint(equalTo: window.bottomAnchor, constant: -20),
            width,
        ])
        // gallery:end
        stage.at(0.3) {
            // gallery:begin article1-gradient-view
            // Later: widen it, animated.
            width.constant = 320
            UIView.animate(withDuration: 1, delay: 0, options: .curveEaseInOut) { window.layoutIfNeeded() }
            // gallery:end
        }
    }
}
