/// Renders a layer tree into bitmaps, in the spirit of macOS's `CARenderer`: the root layer's
/// bounds, at a scale, y-down like iOS, on a transparent background.
///
/// ```swift
/// let renderer = CARenderer(layer: root, scale: 3)
/// let image = renderer.image()                  // a CGImage of bounds × 3 pixels
/// try renderer.writePNG(to: URL(fileURLWithPath: "frame.png"))
/// ```
/// It draws the presentation of the tree at a media time: the committed layer tree with its
/// animations applied at that time. Pending changes are committed first (`CATransaction.flush()`),
/// so animations added with `beginTime` 0 begin at the current media time: use a manual
/// ``MediaClock`` (or ``FrameDriver``) for repeatable frames.
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

    /// The area rendered (layer coordinates), the scale, and the bitmap's size in pixels; nil
    /// (with a diagnostic) when the bitmap would be empty or too large.
    private func bitmapGeometry(of layer: CALayer) -> (area: CGRect, scale: CGFloat, width: Int, height: Int)? {
        let area = (bounds ?? layer.bounds).standardized
        let s = scale.isFinite && scale > 0 ? scale : 1
        guard area.isFinite, area.width * s < 1e9, area.height * s < 1e9 else {
            LaminaDiagnostics.report("CARenderer: cannot render \(area) at scale \(s)")
            return nil
        }
        let w = Int((area.width * s).rounded(.up)), h = Int((area.height * s).rounded(.up))
        guard w > 0, h > 0, w.multipliedReportingOverflow(by: h).overflow == false, w * h <= CGContext.maximumPixelCount else {
            LaminaDiagnostics.report("CARenderer: cannot render \(area) at scale \(s)")
            return nil
        }
        return (area, s, w, h)
    }

    /// The rendered tree, or nil (with a diagnostic) when there is nothing to render or the
    /// bitmap would be empty or too large.
    public func image(atTime time: CFTimeInterval? = nil) -> CGImage? {
        guard let layer, let (area, s, w, h) = bitmapGeometry(of: layer) else { return nil }
        let time = time ?? CACurrentMediaTime()
        guard let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        ctx.translateBy(x: 0, y: CGFloat(h))
        ctx.scaleBy(x: s, y: -s)
        ctx.translateBy(x: -area.minX, y: -area.minY)
        CARenderer.withPresentation(of: layer, at: time) { tree in
            LayerRenderer(ctx: ctx, time: time).render(tree, alpha: 1)
        }
        return ctx.makeImage()
    }

    /// Draws the tree as it appears at `time` (its animations applied) into `ctx` through the
    /// context's current transform, in the layer's own coordinates, as `CALayer.render(in:)` does
    /// for model values (Lamina API).
    public func render(in ctx: CGContext, atTime time: CFTimeInterval? = nil) {
        guard let layer else { return }
        let time = time ?? CACurrentMediaTime()
        CARenderer.withPresentation(of: layer, at: time) { tree in
            LayerRenderer(ctx: ctx, time: time).render(tree, alpha: 1)
        }
    }

    // MARK: Incremental frames

    private var frameContext: CGContext?
    private var frameArea: CGRect = .null
    private var frameScale: CGFloat = 0
    private var tracker = DamageTracker()
    /// The pixel rectangle the last `nextFrame()` redrew (the whole frame the first time).
    public private(set) var lastDamage: CGRect = .null

    /// Renders the next frame into a persistent bitmap, redrawing only what changed since the
    /// previous frame (damage tracking): layers whose properties, contents or subtree changed,
    /// added or removed layers, and the shadows they touch. The result equals a full render.
    public func nextFrame(atTime time: CFTimeInterval? = nil) -> CGImage? {
        guard let layer, let (area, s, w, h) = bitmapGeometry(of: layer) else { return nil }
        let time = time ?? CACurrentMediaTime()
        var first = false
        if frameContext == nil || frameArea != area || frameScale != s {
            frameContext = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                     space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
            frameArea = area; frameScale = s
            tracker = DamageTracker()
            first = true
        }
        guard let ctx = frameContext else { return nil }
        return CARenderer.withPresentation(of: layer, at: time) { tree in
            drawFrame(tree, ctx: ctx, area: area, scale: s, width: w, height: h, first: first, time: time)
        }
    }

    private func drawFrame(_ tree: CALayer, ctx: CGContext, area: CGRect, scale s: CGFloat, width w: Int, height h: Int,
                           first: Bool, time: CFTimeInterval) -> CGImage? {
        let toPixels = CGAffineTransform(translationX: -area.minX, y: -area.minY).concatenating(CGAffineTransform(scaleX: s, y: s))
        let full = CGRect(x: 0, y: 0, width: w, height: h)
        var damage = tracker.damage(root: tree, toDevice: toPixels, firstFrame: first, time: time) ?? full
        damage = damage.intersection(full)
        if damage.isNull || damage.isEmpty {
            lastDamage = .null
            return ctx.makeImage()
        }
        damage = CGRect(x: damage.minX.rounded(.down), y: damage.minY.rounded(.down),
                        width: damage.maxX.rounded(.up) - damage.minX.rounded(.down),
                        height: damage.maxY.rounded(.up) - damage.minY.rounded(.down)).intersection(full)
        lastDamage = damage
        let clip = CGRect(x: area.minX + damage.minX / s, y: area.minY + damage.minY / s,
                          width: damage.width / s, height: damage.height / s)
        ctx.saveGState()
        ctx.translateBy(x: 0, y: CGFloat(h))
        ctx.scaleBy(x: s, y: -s)
        ctx.translateBy(x: -area.minX, y: -area.minY)
        ctx.clip(to: clip)
        ctx.clear(clip)
        LayerRenderer(ctx: ctx, time: time).render(tree, alpha: 1)
        ctx.restoreGState()
        return ctx.makeImage()
    }

    /// Runs `body` with the tree as this renderer draws it at media time `time` (after
    /// committing pending changes): the layers themselves, each showing its animated values
    /// for the duration of `body` (its own values come back afterwards). Lamina API, for
    /// inspecting or timing what a frame shows; do not change or keep the layers' values.
    public func withPresentationTree<R>(atTime time: CFTimeInterval? = nil, _ body: (CALayer) throws -> R) rethrows -> R? {
        guard let layer else { return nil }
        return try CARenderer.withPresentation(of: layer, at: time ?? CACurrentMediaTime(), body)
    }

    /// Commits pending changes, lays out and displays the tree, and presents it in place at
    /// absolute media time `time` while `body` runs.
    static func withPresentation<R>(of layer: CALayer, at time: CFTimeInterval, _ body: (CALayer) throws -> R) rethrows -> R {
        CATransaction.flush()
        layer.layoutIfNeeded()
        layer.layoutSubtreeIfNeeded()
        layer.displaySubtreeIfNeeded()
        let parentTime = layer._superlayer.map { $0.convertTime(time, from: nil) } ?? time
        let presentation = InPlacePresentation(root: layer, parentTime: parentTime)
        defer { presentation.restore() }
        return try body(layer)
    }

    /// Renders the tree and writes it as a PNG.
    public func writePNG(to url: URL, atTime time: CFTimeInterval? = nil) throws {
        guard let image = image(atTime: time) else { throw CGImageCodecError.unsupportedLayout("nothing to render") }
        try image.pngData().write(to: url)
    }
}
