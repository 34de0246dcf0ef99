/// Renders a layer tree into bitmaps, in the spirit of macOS's `CARenderer`: the root layer's
/// bounds, at a scale, y-down like iOS, on a transparent background.
///
/// ```swift
/// let renderer = CARenderer(layer: root, scale: 3)
/// let image = renderer.image()                  // a CGImage of bounds × 3 pixels
/// try renderer.writePNG(to: URL(fileURLWithPath: "frame.png"))
/// ```
/// Before the animation issue lands it draws model values; `atTime:` is where the presentation
/// at a media time will come in.
public final class CARenderer {
    /// The root of the tree to render.
    public var layer: CALayer?
    /// The part of the root layer's coordinate space to render; nil means its bounds.
    public var bounds: CGRect?
    /// Pixels per point.
    public var scale: CGFloat

    /// A renderer for `layer` at `scale` pixels per point.
    public init(layer: CALayer, scale: CGFloat = 1) {
        self.layer = layer
        self.scale = scale
    }

    /// The rendered tree, or nil (with a diagnostic) when there is nothing to render or the
    /// bitmap would be empty or too large.
    public func image(atTime time: CFTimeInterval = 0) -> CGImage? {
        guard let layer else { return nil }
        let area = (bounds ?? layer.bounds).standardized
        let s = scale.isFinite && scale > 0 ? scale : 1
        let w = Int((area.width * s).rounded(.up)), h = Int((area.height * s).rounded(.up))
        guard area.isFinite, w > 0, h > 0, w.multipliedReportingOverflow(by: h).overflow == false,
              w * h <= CGContext.maximumPixelCount else {
            LaminaDiagnostics.report("CARenderer: cannot render \(area) at scale \(s)")
            return nil
        }
        guard let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        ctx.translateBy(x: 0, y: CGFloat(h))
        ctx.scaleBy(x: s, y: -s)
        ctx.translateBy(x: -area.minX, y: -area.minY)
        layer.render(in: ctx)
        return ctx.makeImage()
    }

    /// Renders the tree and writes it as a PNG.
    public func writePNG(to url: URL, atTime time: CFTimeInterval = 0) throws {
        guard let image = image(atTime: time) else { throw CGImageCodecError.unsupportedLayout("nothing to render") }
        try image.pngData().write(to: url)
    }
}
