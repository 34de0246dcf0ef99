import Foundation

/// An offscreen drawing surface made for a context (CoreGraphics' `CGLayer`): draw into its
/// ``context`` once, then draw the layer into the context it was made for as many times as
/// needed, at its size or scaled.
///
/// Its pixels are at the resolution of the context it was made for: the layer's size in user
/// space times the scale of that context's transform when the layer is made (a layer made in a
/// 3x image renderer's context has three pixels per point), so drawing it back at its own size
/// is sharp. [U] Apple documents the layer as cached at its context's device resolution; the
/// exact choice when the transform also rotates or skews is not documented.
public final class CGLayer {
    /// The layer's size in user space units.
    public let size: CGSize
    /// The context to draw the layer's content into (user space: the layer's size, the origin
    /// at its lower left as in any bitmap context).
    public let context: CGContext?
    /// Pixels per user space unit.
    let pixelScale: CGFloat

    /// A layer of `size` for drawing into `context`; nil (with a diagnostic) when the size is
    /// empty, not finite, or beyond `CGContext.maximumPixelCount` pixels at the context's scale.
    /// `auxiliaryInfo` is reserved (nil), as in CoreGraphics.
    public init?(_ context: CGContext, size: CGSize, auxiliaryInfo: CFDictionary?) {
        let t = context.userSpaceToDeviceSpaceTransform
        let sx = (t.a * t.a + t.b * t.b).squareRoot(), sy = (t.c * t.c + t.d * t.d).squareRoot()
        var scale = max(sx, sy)
        if !scale.isFinite || scale <= 0 { scale = 1 }
        scale = min(scale, 64)
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            LaminaDiagnostics.report("CGLayer: size \(size) is empty or not finite; no layer")
            return nil
        }
        let w = (Double(size.width) * Double(scale)).rounded(.up), h = (Double(size.height) * Double(scale)).rounded(.up)
        guard w * h <= Double(CGContext.maximumPixelCount) else {
            LaminaDiagnostics.report("CGLayer: \(size) at scale \(scale) exceeds the \(CGContext.maximumPixelCount)-pixel limit; no layer")
            return nil
        }
        let space = context.colorSpace ?? CGColorSpaceCreateDeviceRGB()
        let rgb = space.model == .rgb ? space : CGColorSpaceCreateDeviceRGB()
        guard let layerContext = CGContext(data: nil, width: Int(w), height: Int(h), bitsPerComponent: 8, bytesPerRow: 0,
                                           space: rgb, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        layerContext.scaleBy(x: scale, y: scale)
        self.size = size
        self.context = layerContext
        pixelScale = scale
    }

    /// The layer's pixels as they are now.
    var image: CGImage? { context?.makeImage() }
}

/// The layer's size (CoreGraphics' C spelling).
public func CGLayerGetSize(_ layer: CGLayer) -> CGSize { layer.size }
/// The layer's context (CoreGraphics' C spelling).
public func CGLayerGetContext(_ layer: CGLayer) -> CGContext? { layer.context }

extension CGContext {
    /// Draws `layer` scaled into `rect` (user space), with the context's interpolation quality.
    public func draw(_ layer: CGLayer, in rect: CGRect) {
        guard let image = layer.image else { return }
        draw(image, in: rect)
    }

    /// Draws `layer` at its size with its origin at `point` (user space).
    public func draw(_ layer: CGLayer, at point: CGPoint) {
        draw(layer, in: CGRect(origin: point, size: layer.size))
    }
}
