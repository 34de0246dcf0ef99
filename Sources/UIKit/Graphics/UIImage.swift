import Foundation
import Synchronization
@_spi(Lamina) import CoreGraphics
@_spi(Lamina) import QuartzCore

/// An image with a scale and an orientation (UIKit's `UIImage`).
///
/// `UIImage(named:)` looks in ``UIImage/resourceDirectories`` (Lamina API; by default
/// `./Resources` and the main bundle's resources) for `name`, `name@<scale>x` and the `png`,
/// `jpg` and `jpeg` extensions, preferring the screen's scale.
open class UIImage: NSObject, @unchecked Sendable {
    /// How the image's pixels are turned for display.
    public enum Orientation: Int, Sendable {
        case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored
    }

    /// The pixels (as stored, before orientation).
    public let cgImage: CGImage?
    /// Pixels per point.
    public let scale: CGFloat
    /// How the pixels are turned for display.
    public let imageOrientation: Orientation
    /// Whether the image is drawn as it is or as a template (its alpha filled with the tint
    /// colour of the image view showing it).
    public internal(set) var renderingMode: RenderingMode = .automatic
    /// The colour `withTintColor(_:)` gave the image.
    public private(set) var tintColor: UIColor?
    /// For a symbol image, its name and configuration.
    var symbol: (name: String, configuration: SymbolConfiguration?)?
    /// For a symbol image, its outline (drawn at the size shown).
    var symbolVector: SymbolVector?
    /// `alignmentRectInsets` (set by `withAlignmentRectInsets(_:)` or a symbol's metrics).
    var alignmentInsets: UIEdgeInsets = .zero
    /// `baselineOffsetFromBottom` (set by `withBaselineOffset(fromBottom:)` or a symbol's metrics).
    var baseline: CGFloat?

    /// How an image is drawn.
    public enum RenderingMode: Int, Sendable { case automatic, alwaysOriginal, alwaysTemplate }

    /// The same image drawn with `renderingMode`.
    open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        guard let copy = copied() else { return self }
        copy.renderingMode = renderingMode
        return copy
    }

    /// The same image as a new object (nil for an image without pixels).
    func copied() -> UIImage? {
        guard let cgImage else { return nil }
        let copy = UIImage(cgImage: cgImage, scale: scale, orientation: imageOrientation)
        copy.renderingMode = renderingMode
        copy.tintColor = tintColor
        copy.symbol = symbol
        copy.symbolVector = symbolVector
        copy.alignmentInsets = alignmentInsets
        copy.baseline = baseline
        return copy
    }

    /// The image as a template filled with `color` (drawn in that colour wherever it is shown).
    open func withTintColor(_ color: UIColor, renderingMode: RenderingMode = .automatic) -> UIImage {
        let copy = withRenderingMode(renderingMode == .automatic ? .alwaysTemplate : renderingMode)
        copy.tintColor = color
        return copy
    }

    /// The upright pixels with their alpha filled with `color` (a template drawn in a colour).
    func templateImage(filledWith color: CGColor) -> CGImage? {
        guard let source = uprightCGImage else { return nil }
        let w = source.width, h = source.height
        guard let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return nil }
        let r = CGRect(x: 0, y: 0, width: w, height: h)
        ctx.draw(source, in: r)
        ctx.setBlendMode(.sourceIn)
        ctx.setFillColor(color)
        ctx.fill(r)
        return ctx.makeImage()
    }

    /// An image of `cgImage` at `scale` with `orientation`.
    public init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.cgImage = cgImage
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        imageOrientation = orientation
        super.init()
    }

    /// An image of `cgImage` at scale 1, upright.
    public convenience init(cgImage: CGImage) { self.init(cgImage: cgImage, scale: 1, orientation: .up) }

    /// The empty image: no pixels, size zero, scale 1; drawing it draws nothing.
    public override init() {
        cgImage = nil
        scale = 1
        imageOrientation = .up
        super.init()
    }

    /// An image decoded from PNG, JPEG or WebP data (an animated WebP's first frame); nil (with a diagnostic) when it
    /// cannot be decoded.
    public convenience init?(data: Data, scale: CGFloat = 1) {
        do {
            let image = try CGImage.decodeImageData(data)
            self.init(cgImage: image, scale: scale, orientation: .up)
        } catch {
            LaminaDiagnostics.report("UIImage(data:): \(error)")
            return nil
        }
    }

    /// The largest image file read (256 MiB; Lamina's limit); decoding has its own limit,
    /// `CGImage.maximumDecodedPixelCount`.
    public static let maximumFileSize = 256 << 20

    /// An image read from a file; nil when it cannot be read or decoded, or is larger than
    /// ``maximumFileSize`` (with a diagnostic).
    public convenience init?(contentsOfFile path: String) {
        switch BoundedFileReader.read(path, limit: UIImage.maximumFileSize) {
        case .success(let data):
            self.init(data: data, scale: UIImage.scaleSuffix(of: path))
        case .failure(.tooLarge(let limit)):
            LaminaDiagnostics.report("UIImage(contentsOfFile:): \(path) is larger than \(BoundedFileReader.describe(bytes: limit)); not read")
            return nil
        case .failure:
            return nil
        }
    }

    /// The image named `name` in the resource directories (files `name@3x.png`, `name.png`…, or
    /// an image set `name.imageset` in an `.xcassets` catalog there); nil when none is found.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// The image named `name` in `bundle`'s resources (then the resource directories), at the
    /// display scale of `traitCollection` (the main screen's when nil or unspecified): a file
    /// `name@<scale>x` or `name`, or an image set in an asset catalog, whose template rendering
    /// intent makes it a template image.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        let scale = (traitCollection?.displayScale ?? 0) > 0 ? traitCollection!.displayScale : UIScreen.mainScale
        let dirs = (bundle.map { [$0.resourcePath, $0.bundlePath].compactMap { $0 } } ?? []) + UIImage.resourceDirectories
        if let path = UIImage.locate(name, in: dirs, scale: scale) {
            self.init(contentsOfFile: path)
            return
        }
        for dir in dirs {
            for catalog in AssetCatalog.catalogs(in: dir) {
                guard let set = AssetCatalog.find(name, kind: "imageset", in: catalog),
                      let file = AssetCatalog.image(in: set, scale: scale),
                      case .success(let data) = BoundedFileReader.read(file.path, limit: UIImage.maximumFileSize) else { continue }
                self.init(data: data, scale: file.scale)
                if file.template { renderingMode = .alwaysTemplate }
                return
            }
        }
        return nil
    }

    private static let directories = Locked<[String]>(["Resources", Bundle.main.resourcePath ?? "."])

    /// Where `UIImage(named:)` looks, in order (Lamina API).
    public static var resourceDirectories: [String] {
        get { directories.withLock { $0 } }
        set { directories.withLock { $0 = newValue } }
    }

    static func locate(_ name: String) -> String? { locate(name, in: resourceDirectories, scale: UIScreen.mainScale) }

    static func locate(_ name: String, in directories: [String], scale: CGFloat) -> String? {
        let fm = FileManager.default
        let hasExtension = ["png", "jpg", "jpeg"].contains((name as NSString).pathExtension.lowercased())
        let base = hasExtension ? (name as NSString).deletingPathExtension : name
        let exts = hasExtension ? [(name as NSString).pathExtension] : ["png", "jpg", "jpeg"]
        let preferred = Int(scale.isFinite ? min(max(scale, 1), 3).rounded() : 1)
        let scales = ([preferred] + [3, 2, 1]).reduce(into: [Int]()) { if !$0.contains($1) { $0.append($1) } }
        for dir in directories {
            // name@<scale>x (screen scale first), then the plain name.
            let files = scales.filter { $0 > 1 }.flatMap { sc in exts.map { "\(base)@\(sc)x.\($0)" } } + exts.map { "\(base).\($0)" }
            for file in files {
                let path = (dir as NSString).appendingPathComponent(file)
                if fm.fileExists(atPath: path) { return path }
            }
        }
        return nil
    }

    static func scaleSuffix(of path: String) -> CGFloat {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        guard let at = stem.range(of: "@", options: .backwards), stem.hasSuffix("x"),
              let n = Double(stem[at.upperBound..<stem.index(before: stem.endIndex)]) else { return 1 }
        return CGFloat(n)
    }

    /// The size in points, after orientation.
    open var size: CGSize {
        guard let c = cgImage else { return .zero }
        let w = CGFloat(c.width) / scale, h = CGFloat(c.height) / scale
        switch imageOrientation {
        case .left, .right, .leftMirrored, .rightMirrored: return CGSize(width: h, height: w)
        default: return CGSize(width: w, height: h)
        }
    }

    /// The pixels turned upright (the image itself when already upright).
    var uprightCGImage: CGImage? {
        guard let c = cgImage, imageOrientation != .up else { return cgImage }
        let s = size
        let w = Int(saturating: (s.width * scale).rounded()), h = Int(saturating: (s.height * scale).rounded())
        guard let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return c }
        ctx.translateBy(x: 0, y: CGFloat(h))
        ctx.scaleBy(x: 1, y: -1)
        drawOriented(c, in: ctx, width: CGFloat(w), height: CGFloat(h))
        return ctx.makeImage() ?? c
    }

    /// Draws `c` turned by the orientation into `(0, 0, width, height)` of a y-down context.
    private func drawOriented(_ c: CGImage, in ctx: CGContext, width w: CGFloat, height h: CGFloat) {
        ctx.saveGState()
        switch imageOrientation {
        case .up: break
        case .down: ctx.translateBy(x: w, y: h); ctx.rotate(by: .pi)
        case .left: ctx.translateBy(x: 0, y: h); ctx.rotate(by: -.pi / 2)
        case .right: ctx.translateBy(x: w, y: 0); ctx.rotate(by: .pi / 2)
        case .upMirrored: ctx.translateBy(x: w, y: 0); ctx.scaleBy(x: -1, y: 1)
        case .downMirrored: ctx.translateBy(x: 0, y: h); ctx.scaleBy(x: 1, y: -1)
        case .leftMirrored: ctx.translateBy(x: w, y: h); ctx.rotate(by: -.pi / 2); ctx.scaleBy(x: -1, y: 1)
        case .rightMirrored: ctx.rotate(by: .pi / 2); ctx.scaleBy(x: 1, y: -1)
        }
        let swapped = [.left, .right, .leftMirrored, .rightMirrored].contains(imageOrientation)
        let dw = swapped ? h : w, dh = swapped ? w : h
        // A y-down context: flip the image so its first row is at the top.
        ctx.translateBy(x: 0, y: dh)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(c, in: CGRect(x: 0, y: 0, width: dw, height: dh))
        ctx.restoreGState()
    }

    /// Draws the image with its top-left corner at `point` in the current graphics context.
    open func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }

    /// Draws the image scaled into `rect` in the current graphics context (y-down, as UIKit's
    /// contexts are).
    open func draw(in rect: CGRect) { draw(in: rect, blendMode: .normal, alpha: 1) }

    open func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let ctx = UIGraphicsGetCurrentContext(), let c = cgImage else { return }
        ctx.saveGState()
        ctx.setBlendMode(blendMode)
        ctx.setAlpha(alpha)
        if let vector = symbolVector {
            // A symbol is drawn as its outline, sharp at any size: black, or its tint colour.
            let color = renderingMode != .alwaysOriginal ? (tintColor?.cgColor ?? CGColor(gray: 0, alpha: 1)) : CGColor(gray: 0, alpha: 1)
            vector.draw(in: rect, of: ctx, color: color)
            ctx.restoreGState()
            return
        }
        ctx.translateBy(x: rect.minX, y: rect.minY)
        // An image given a tint colour (`withTintColor`) draws in it unless it is drawn as its
        // original, as on iOS; the filled template is upright already.
        if let tint = tintColor, renderingMode != .alwaysOriginal, let filled = templateImage(filledWith: tint.cgColor) {
            ctx.translateBy(x: 0, y: rect.height)
            ctx.scaleBy(x: 1, y: -1)
            ctx.draw(filled, in: CGRect(x: 0, y: 0, width: rect.width, height: rect.height))
        } else {
            drawOriented(c, in: ctx, width: rect.width, height: rect.height)
        }
        ctx.restoreGState()
    }

    /// The image as PNG data (upright); nil when it cannot be encoded.
    open func pngData() -> Data? { try? uprightCGImage?.pngData() }

    /// The image as JPEG data (upright) at a quality in [0, 1]; nil when it cannot be encoded.
    open func jpegData(compressionQuality: CGFloat) -> Data? {
        try? uprightCGImage?.jpegData(quality: max(0, min(1, compressionQuality)))
    }
}

/// The image as PNG data (UIKit's function form).
public func UIImagePNGRepresentation(_ image: UIImage) -> Data? { image.pngData() }
/// The image as JPEG data (UIKit's function form).
public func UIImageJPEGRepresentation(_ image: UIImage, _ quality: CGFloat) -> Data? { image.jpegData(compressionQuality: quality) }
