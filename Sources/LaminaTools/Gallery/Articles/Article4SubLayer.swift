import Foundation
import UIKit

// gallery:begin article4-sublayer
/// Article 4: `defaultValue(forKey:)` makes every SubLayer a black circle until told otherwise.
class SubLayer: CALayer {
    override class func defaultValue(forKey key: String) -> Any? {
        if key == "backgroundColor" { return UIColor.black.cgColor }
        if key == "cornerRadius" { return 20.0 }
        return super.defaultValue(forKey: key)
    }
}

/// The article's `init` override: the same layer turned a quarter about (1, 1, 1).
final class RotatedSubLayer: SubLayer {
    override init() {
        super.init()
        transform = CATransform3DMakeRotation(.pi / 2, 1, 1, 1)
    }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { super.init(coder: coder) }
}
// gallery:end

extension Gallery {
    static let article4SubLayer = GalleryEntry(
        "article4-sublayer", section: .articles, title: "defaultValue(forKey:), init, KVC and isDoubleSided (article 4)",
        caption: "A SubLayer with only a frame is a black circle (its class defaults); the init override turns it about (1, 1, 1). "
            + "Right: two cards given a half turn with setValue(_:forKeyPath: \"transform.rotation.y\"): the double-sided one shows "
            + "its back (mirrored), the one with isDoubleSided = false is not drawn (its outline is dashed here).",
        size: CGSize(width: 400, height: 130), output: .still(at: 0)
    ) { stage in
        let root = stage.window.layer
        // gallery:begin article4-sublayer
        let subLayer = SubLayer()
        subLayer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        subLayer.position = CGPoint(x: 50, y: 55)
        root.addSublayer(subLayer)

        let rotated = RotatedSubLayer()
        rotated.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        rotated.position = CGPoint(x: 130, y: 55)
        root.addSublayer(rotated)

        for (k, doubleSided) in [true, false].enumerated() {
            let card = CATextLayer()
            card.frame = CGRect(x: 200 + k * 100, y: 20, width: 80, height: 70)
            card.string = "Front"
            card.alignmentMode = .center
            card.fontSize = 20
            card.contentsScale = stage.scale
            card.backgroundColor = UIColor.systemTeal.cgColor
            card.isDoubleSided = doubleSided
            card.setValue(CGFloat.pi, forKeyPath: "transform.rotation.y")
            root.addSublayer(card)
        }
        // gallery:end
        let outline = CAShapeLayer()
        outline.path = CGPath(rect: CGRect(x: 300, y: 20, width: 80, height: 70), transform: nil)
        outline.fillColor = nil
        outline.strokeColor = UIColor.systemGray.cgColor
        outline.lineDashPattern = [4, 3]
        root.addSublayer(outline)
        stage.label("defaults", CGRect(x: 10, y: 104, width: 80, height: 16))
        stage.label("init override", CGRect(x: 90, y: 104, width: 80, height: 16))
        stage.label("double-sided", CGRect(x: 190, y: 104, width: 100, height: 16))
        stage.label("isDoubleSided = false", CGRect(x: 280, y: 104, width: 120, height: 16))
    }
}
