import Foundation
@_spi(Lamina) import QuartzCore

/// Shows an image (UIKit's `UIImageView`): the image becomes the layer's contents at the image's
/// scale, placed by `contentMode`.
open class UIImageView: UIView {
    /// The image shown.
    open var image: UIImage? { didSet { if oldValue !== image { update() } } }
    /// The image shown while highlighted.
    open var highlightedImage: UIImage? { didSet { update() } }
    /// Whether the highlighted image is shown.
    open var isHighlighted = false { didSet { update() } }

    /// An image view sized to `image`.
    public init(image: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        setUp()
    }

    public init(image: UIImage?, highlightedImage: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        self.highlightedImage = highlightedImage
        setUp()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        isOpaque = false
        isUserInteractionEnabled = false
        update()
    }

    /// An image view's contents are its image, at the image's own scale, whatever the screen's.
    override func screenScaleChanged(to scale: CGFloat) {
        if image == nil && highlightedImage == nil { super.screenScaleChanged(to: scale) } else { update() }
    }

    private func update() {
        let shown = isHighlighted ? (highlightedImage ?? image) : image
        // The view's action for contents is NSNull, in and out of animation blocks.
        if let shown, shown.renderingMode == .alwaysTemplate {
            // A template: its alpha filled with its own tint colour or the view's.
            let color = (shown.tintColor ?? tintColor ?? .systemBlue).resolvedColor(with: traitCollection).cgColor
            layer.contents = shown.templateImage(filledWith: color)
        } else {
            layer.contents = shown?.uprightCGImage
        }
        layer.contentsScale = shown?.scale ?? contentScaleFactor
        invalidateIntrinsicContentSize()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if image?.renderingMode == .alwaysTemplate || highlightedImage?.renderingMode == .alwaysTemplate { update() }
    }

    override func colorAppearanceChanged() {
        super.colorAppearanceChanged()
        if image?.renderingMode == .alwaysTemplate { update() }
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        update()      // the image's scale, not the screen's, sets the contents scale
    }

    /// The image's size.
    open override var intrinsicContentSize: CGSize { image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    /// The image's size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }
}
