import Foundation
import UIKit

// gallery:begin article2-layer-label
/// Article 2: a `UILabel` whose layer is a `CATextLayer`: wrapped, justified text (Chinese
/// included). UIKit sets the view layer's `contentsScale` to the screen's, so the text is sharp.
final class LayerLabel: UILabel {
    override class var layerClass: AnyClass { CATextLayer.self }
    var textLayer: CATextLayer { layer as! CATextLayer }

    func setUp() {
        // Take the label's defaults into the text layer.
        text = text
        textColor = textColor
        font = font
        textLayer.alignmentMode = .justified
        textLayer.isWrapped = true
        layer.display()
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    override func awakeFromNib() { setUp() }

    override var text: String? {
        didSet { textLayer.string = text }
    }

    override var textColor: UIColor! {
        didSet { textLayer.foregroundColor = textColor.cgColor }
    }

    override var font: UIFont! {
        didSet {
            let fontName = font.fontName as CFString
            let fontRef = CGFont(fontName)
            textLayer.font = fontRef
            textLayer.fontSize = font.pointSize
        }
    }
}
// gallery:end

extension Gallery {
    static let article2 = GalleryEntry(
        "article2-layer-label", section: .articles, title: "LayerLabel: a UILabel backed by a CATextLayer (article 2)",
        caption: "The label's text, colour and font go to its CATextLayer, which wraps and justifies them, Chinese included.",
        size: CGSize(width: 260, height: 170), output: .still(at: 0)
    ) { stage in
        // gallery:begin article2-layer-label
        let label = LayerLabel(frame: CGRect(x: 20, y: 16, width: 220, height: 140))
        label.text = "Hello, CATextLayer! This text wraps and is justified. 你好，这是中文文本，也会自动换行。"
        label.textColor = .darkGray
        label.font = UIFont.systemFont(ofSize: 18)
        stage.window.addSubview(label)
        // gallery:end
    }
}
