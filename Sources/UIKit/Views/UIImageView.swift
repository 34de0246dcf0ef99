import Foundation
@_spi(Lamina) import QuartzCore

/// Shows an image (UIKit's `UIImageView`): the image becomes the layer's contents at the image's
/// scale, placed by `contentMode`.
open class UIImageView: UIView {
    /// An image view is not an element by itself (as in UIKit), but has the image trait when it
    /// is made one.
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .image }
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
        if let shown, let vector = shown.symbolVector {
            drawSymbol(shown, vector)
            invalidateIntrinsicContentSize()
            return
        }
        if drawsSymbol {
            drawsSymbol = false
            contentMode = contentMode      // the layer's gravity follows the content mode again
        }
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

    /// Whether the contents are a symbol drawn at the view's size.
    private var drawsSymbol = false
    /// The size the symbol was last drawn at.
    private var lastSymbolSize: CGSize?

    /// A symbol image is a vector: its outline is drawn into contents the size of the view, at
    /// the screen's scale, placed by `contentMode`, so it is sharp at any size, as on iOS.
    private func drawSymbol(_ image: UIImage, _ vector: SymbolVector) {
        drawsSymbol = true
        lastSymbolSize = bounds.size
        layer.contentsGravity = .resize
        let scale = contentScaleFactor
        let b = bounds
        let w = Int((b.width * scale).rounded()), h = Int((b.height * scale).rounded())
        guard w > 0, h > 0, w <= 16_384, h <= 16_384 else {
            layer.contents = nil
            return
        }
        let color: CGColor
        if image.renderingMode == .alwaysOriginal {
            color = CGColor(gray: 0, alpha: 1)
        } else {
            color = (image.tintColor ?? tintColor ?? .systemBlue).resolvedColor(with: traitCollection).cgColor
        }
        let rect = UIImageView.placement(of: image.size, in: CGRect(origin: .zero, size: b.size), mode: contentMode)
        // Drawn once per size, placement and colour (the same bytes: SymbolCache).
        layer.contents = SymbolCache.drawn(vector, width: w, height: h, size: b.size, rect: rect, color: color) {
            guard let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
            else { return nil }
            ctx.translateBy(x: 0, y: CGFloat(h))
            ctx.scaleBy(x: CGFloat(w) / b.width, y: -CGFloat(h) / b.height)
            vector.draw(in: rect, of: ctx, color: color)
            return ctx.makeImage()
        }
        layer.contentsScale = scale
    }

    /// Where content of `size` goes in `bounds` for `mode` (UIKit's y-down sense).
    static func placement(of size: CGSize, in bounds: CGRect, mode: UIView.ContentMode) -> CGRect {
        guard size.width > 0, size.height > 0 else { return bounds }
        let fit = min(bounds.width / size.width, bounds.height / size.height)
        let fill = max(bounds.width / size.width, bounds.height / size.height)
        func centred(_ s: CGSize) -> CGRect {
            CGRect(x: bounds.midX - s.width / 2, y: bounds.midY - s.height / 2, width: s.width, height: s.height)
        }
        var r = centred(size)
        switch mode {
        case .scaleToFill, .redraw: return bounds
        case .scaleAspectFit: return centred(CGSize(width: size.width * fit, height: size.height * fit))
        case .scaleAspectFill: return centred(CGSize(width: size.width * fill, height: size.height * fill))
        case .center: return r
        case .top: r.origin.y = bounds.minY
        case .bottom: r.origin.y = bounds.maxY - size.height
        case .left: r.origin.x = bounds.minX
        case .right: r.origin.x = bounds.maxX - size.width
        case .topLeft: r.origin = CGPoint(x: bounds.minX, y: bounds.minY)
        case .topRight: r.origin = CGPoint(x: bounds.maxX - size.width, y: bounds.minY)
        case .bottomLeft: r.origin = CGPoint(x: bounds.minX, y: bounds.maxY - size.height)
        case .bottomRight: r.origin = CGPoint(x: bounds.maxX - size.width, y: bounds.maxY - size.height)
        }
        return r
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        // A new size: the symbol is drawn again at it (its intrinsic size is unchanged).
        let shown = isHighlighted ? (highlightedImage ?? image) : image
        if drawsSymbol, let shown, let vector = shown.symbolVector, lastSymbolSize != bounds.size {
            drawSymbol(shown, vector)
        }
    }

    open override var contentMode: UIView.ContentMode {
        didSet { if drawsSymbol { update() } }
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

    /// The image's size, less its alignment insets (the size of the alignment rectangle, so
    /// the frame Auto Layout gives the view is the image's size).
    open override var intrinsicContentSize: CGSize {
        guard let image else { return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
        let i = image.alignmentRectInsets
        return CGSize(width: image.size.width - i.left - i.right, height: image.size.height - i.top - i.bottom)
    }

    /// The image's alignment insets.
    open override var alignmentRectInsets: UIEdgeInsets { image?.alignmentRectInsets ?? .zero }

    /// An image with a baseline (a symbol image, or one made by `withBaselineOffset`) gives the
    /// view its first and last baselines there, scaled with the image when `contentMode`
    /// stretches it; otherwise they are at the bottom.
    override func baselineOffsets() -> (first: (k: CGFloat, c: CGFloat), last: (k: CGFloat, c: CGFloat)) {
        guard let image, let b = image.baselineOffsetFromBottom, image.size.height > 0 else { return super.baselineOffsets() }
        let h = image.size.height
        let offset: (k: CGFloat, c: CGFloat) = switch contentMode {
        case .scaleToFill, .scaleAspectFit, .scaleAspectFill, .redraw: (1 - b / h, 0)
        case .top, .topLeft, .topRight: (0, h - b)
        case .bottom, .bottomLeft, .bottomRight: (1, -b)
        case .center, .left, .right: (0.5, h / 2 - b)
        }
        return (offset, offset)
    }
    /// The image's size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }
}
