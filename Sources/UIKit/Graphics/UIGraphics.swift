import Foundation
@_spi(Lamina) import CoreGraphics
@_spi(Lamina) import QuartzCore

/// The graphics contexts pushed on this thread (UIKit's context stack).
final class GraphicsContextStack {
    var contexts: [CGContext] = []
    /// Legacy image contexts and their scales.
    var imageContexts: [(CGContext, CGFloat)] = []

    static var current: GraphicsContextStack { perThread.value }

    private static let perThread = PerThread { GraphicsContextStack() }
}

/// The context UIKit drawing goes to (a view's `draw(_:)`, an image renderer's block), or nil.
public func UIGraphicsGetCurrentContext() -> CGContext? { GraphicsContextStack.current.contexts.last }

/// Makes `context` the current context until `UIGraphicsPopContext()`.
public func UIGraphicsPushContext(_ context: CGContext) { GraphicsContextStack.current.contexts.append(context) }

/// Restores the context current before the last push.
public func UIGraphicsPopContext() {
    let s = GraphicsContextStack.current
    guard !s.contexts.isEmpty else {
        LaminaDiagnostics.report("UIGraphicsPopContext(): no context was pushed")
        return
    }
    s.contexts.removeLast()
}

/// A y-down bitmap context of `size` points at `scale` (0: the screen's), transparent unless
/// `opaque` (then black).
func makeImageContext(size: CGSize, scale: CGFloat, opaque: Bool, origin: CGPoint = .zero) -> CGContext? {
    makeImageContextAndStorage(size: size, scale: scale, opaque: opaque, origin: origin, ownStorage: false)?.context
}

/// The context of `makeImageContext`; with `ownStorage`, drawing into zeroed memory (recycled
/// from freed images of its size when there is some) that an image can then share.
func makeImageContextAndStorage(size: CGSize, scale: CGFloat, opaque: Bool, origin: CGPoint = .zero,
                                ownStorage: Bool) -> (context: CGContext, storage: PixelStorage?)? {
    let s = scale > 0 && scale.isFinite ? scale : UIScreen.mainScale
    guard size.isFinite, size.width > 0, size.height > 0 else {
        LaminaDiagnostics.report("UIKit image context: invalid size \(size)")
        return nil
    }
    let w = Int(saturating: (size.width * s).rounded(.up)), h = Int(saturating: (size.height * s).rounded(.up))
    guard w.multipliedReportingOverflow(by: h).overflow == false, w * h <= CGContext.maximumPixelCount else {
        LaminaDiagnostics.report("UIKit image context: \(w)x\(h) pixels exceeds the limit")
        return nil
    }
    let storage = ownStorage ? PixelStorage(count: w * 4 * h) : nil
    guard let ctx = CGContext(data: storage?.bytes, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                              space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
    else { return nil }
    if opaque {
        ctx.setFillColor(gray: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: w, height: h))
    }
    ctx.translateBy(x: 0, y: CGFloat(h))
    ctx.scaleBy(x: s, y: -s)
    ctx.translateBy(x: -origin.x, y: -origin.y)
    return (ctx, storage)
}

/// Starts a legacy image context and makes it current.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let s = scale > 0 ? scale : UIScreen.mainScale
    guard let ctx = makeImageContext(size: size, scale: s, opaque: opaque) else { return }
    let stack = GraphicsContextStack.current
    stack.imageContexts.append((ctx, s))
    stack.contexts.append(ctx)
}

/// Starts a legacy image context at scale 1.
public func UIGraphicsBeginImageContext(_ size: CGSize) { UIGraphicsBeginImageContextWithOptions(size, false, 1) }

/// The current legacy image context's contents, or nil.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let (ctx, s) = GraphicsContextStack.current.imageContexts.last, let image = ctx.makeImage() else { return nil }
    return UIImage(cgImage: image, scale: s, orientation: .up)
}

/// Ends the current legacy image context.
public func UIGraphicsEndImageContext() {
    let stack = GraphicsContextStack.current
    guard let (ctx, _) = stack.imageContexts.popLast() else {
        LaminaDiagnostics.report("UIGraphicsEndImageContext(): no image context is open")
        return
    }
    if let i = stack.contexts.lastIndex(where: { $0 === ctx }) { stack.contexts.remove(at: i) }
}

/// Fills `rect` with the current fill colour in the current context.
public func UIRectFill(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.fill(rect) }
/// Strokes a one-point frame inside `rect` in the current context.
public func UIRectFrame(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.stroke(rect.insetBy(dx: 0.5, dy: 0.5), width: 1) }

/// How an image renderer's contexts are made.
open class UIGraphicsImageRendererFormat: NSObject, @unchecked Sendable {
    /// Pixels per point (the screen's by default).
    open var scale: CGFloat = UIScreen.mainScale
    /// Whether the image is opaque (black where nothing is drawn).
    open var opaque = false
    /// The colour range (only `.standard` is produced).
    open var preferredRange: Range = .automatic
    /// The area the renderer draws, in points (set by the renderer on its copy of the format).
    open internal(set) var bounds: CGRect = .zero

    public enum Range: Int, Sendable { case unspecified = -1, automatic = 0, extended = 1, standard = 2 }

    public override init() { super.init() }

    /// The default format (the screen's scale).
    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    /// The format best suited to the screen.
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// The context an image renderer's drawing block gets.
open class UIGraphicsImageRendererContext: NSObject {
    /// The y-down context to draw in.
    public let cgContext: CGContext
    /// The renderer's format.
    public let format: UIGraphicsImageRendererFormat

    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
        self.cgContext = cgContext
        self.format = format
        super.init()
    }

    /// What has been drawn so far.
    open var currentImage: UIImage {
        UIImage(cgImage: cgContext.makeImage()!, scale: format.scale, orientation: .up)
    }

    /// Fills `rect` with the current fill colour.
    open func fill(_ rect: CGRect) { cgContext.fill(rect) }
    /// Fills `rect` with the current fill colour under a blend mode.
    open func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState(); cgContext.setBlendMode(blendMode); cgContext.fill(rect); cgContext.restoreGState()
    }
    /// Strokes `rect` one point wide with the current stroke colour.
    open func stroke(_ rect: CGRect) { cgContext.stroke(rect, width: 1) }
    /// Intersects the clip with `rect`.
    open func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// Makes images by drawing in a y-down context of a size, at a scale (UIKit's
/// `UIGraphicsImageRenderer`).
open class UIGraphicsImageRenderer: NSObject {
    /// The area drawn, in points.
    public let bounds: CGRect
    /// The format.
    public let format: UIGraphicsImageRendererFormat

    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        self.bounds = bounds
        // The renderer keeps its own copy of the format, with the bounds filled in (as UIKit does).
        let own = UIGraphicsImageRendererFormat()
        own.scale = format.scale
        own.opaque = format.opaque
        own.preferredRange = format.preferredRange
        own.bounds = bounds
        self.format = own
        super.init()
    }
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }
    public convenience init(size: CGSize) { self.init(size: size, format: .default()) }
    public convenience init(bounds: CGRect) { self.init(bounds: bounds, format: .default()) }

    /// Runs `actions` with a fresh context made current and returns what it drew (an empty
    /// image, with a diagnostic, when the size is invalid).
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        guard let (ctx, storage) = makeImageContextAndStorage(size: bounds.size, scale: format.scale, opaque: format.opaque,
                                                              origin: bounds.origin, ownStorage: true)
        else {
            return UIImage(cgImage: CGImage.emptyImage, scale: format.scale, orientation: .up)
        }
        let rc = UIGraphicsImageRendererContext(cgContext: ctx, format: format)
        UIGraphicsPushContext(ctx)
        actions(rc)
        UIGraphicsPopContext()
        // The image is the context's memory, not a copy of it: the context is done with (as on
        // iOS, it is not drawn into after the block).
        if let storage, let image = CGImage(sharing: storage, width: ctx.width, height: ctx.height, bytesPerRow: ctx.bytesPerRow) {
            return UIImage(cgImage: image, scale: format.scale, orientation: .up)
        }
        return rc.currentImage
    }

    /// The drawing as PNG data.
    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }

    /// The drawing as JPEG data.
    open func jpegData(withCompressionQuality compressionQuality: CGFloat, actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).jpegData(compressionQuality: compressionQuality) ?? Data()
    }
}

extension CGImage {
    /// A 1×1 transparent image, for renderers given nothing to draw in.
    static var emptyImage: CGImage {
        let ctx = CGContext(data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4, space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        return ctx.makeImage()!
    }
}
