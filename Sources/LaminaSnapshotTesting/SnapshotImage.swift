import Foundation
import CoreGraphics
import UIKit

/// An image a snapshot strategy made, which remembers how to make itself again at another scale
/// (so that the comparison can follow the reference's scale: a 3x reference is compared with a
/// rendering at scale 3), or why it could not be made (a view of zero or enormous size).
final class SnapshotImage: UIImage, @unchecked Sendable {
    /// Makes the same picture at another scale.
    let rerender: ((CGFloat) -> SnapshotImage)?
    /// Why there is no picture (the image is then a 1x1 placeholder of size zero).
    let problem: String?
    /// Whether the problem is a size without area (the library's own placeholder text).
    let problemIsZeroSize: Bool

    init(cgImage: CGImage, scale: CGFloat, rerender: ((CGFloat) -> SnapshotImage)?) {
        self.rerender = rerender
        problem = nil
        problemIsZeroSize = false
        super.init(cgImage: cgImage, scale: scale, orientation: .up)
    }

    /// No picture, because of `problem` (`zeroSize`: the thing had no area).
    init(problem: String, zeroSize: Bool = false) {
        self.problem = problem
        problemIsZeroSize = zeroSize
        rerender = nil
        super.init(cgImage: SnapshotImage.placeholderPixel, scale: 1, orientation: .up)
    }

    override var size: CGSize { problem == nil ? super.size : .zero }

    static let placeholderPixel: CGImage = {
        let ctx = CGContext(data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        return ctx.makeImage()!
    }()
}

/// A reference file that could not be read as an image: the comparison fails with `reason`.
final class UnreadableReference: UIImage, @unchecked Sendable {
    let reason: String
    init(reason: String) {
        self.reason = reason
        super.init(cgImage: SnapshotImage.placeholderPixel, scale: 1, orientation: .up)
    }
    override var size: CGSize { .zero }
}

/// The largest snapshot made, in pixels (64 Mpx, 256 MB of RGBA): a view larger than this at
/// its scale gives a failure that says so instead of an allocation.
let maximumSnapshotPixels = 64 << 20

/// The placeholder for a `size` at `scale` that cannot be drawn, or nil when it can.
func snapshotSizeProblem(_ size: CGSize, scale: CGFloat, what: String) -> SnapshotImage? {
    guard size.width.isFinite, size.height.isFinite, scale.isFinite, scale > 0 else {
        return SnapshotImage(problem: "\(what) has a size of \(size.width) x \(size.height) at scale \(scale): nothing can be drawn.")
    }
    guard size.width > 0, size.height > 0 else {
        return SnapshotImage(problem: "\(what) has a size of \(size.width) x \(size.height) points: nothing can be drawn. Give it a size (the strategy's size: parameter or its frame).",
                             zeroSize: true)
    }
    let pixels = (size.width * scale).rounded(.up) * (size.height * scale).rounded(.up)
    guard pixels <= CGFloat(maximumSnapshotPixels) else {
        return SnapshotImage(problem: "\(what) is \(size.width) x \(size.height) points at scale \(scale), \(pixels) pixels: more than the \(maximumSnapshotPixels) a snapshot may have.")
    }
    return nil
}

/// Draws with `body` into a `size`-point image at `scale` (y down, UIKit's current context
/// set), remembering how to draw again at another scale.
func drawSnapshot(size: CGSize, scale: CGFloat, what: String, opaque: Bool = false,
                  _ body: @escaping (UIGraphicsImageRendererContext) -> Void) -> SnapshotImage {
    if let problem = snapshotSizeProblem(size, scale: scale, what: what) { return problem }
    let format = UIGraphicsImageRendererFormat()
    format.scale = scale
    format.opaque = opaque
    let image = UIGraphicsImageRenderer(size: size, format: format).image(actions: body)
    guard let cg = image.cgImage else { return SnapshotImage(problem: "\(what) could not be drawn.") }
    return SnapshotImage(cgImage: cg, scale: scale) { newScale in
        drawSnapshot(size: size, scale: newScale, what: what, opaque: opaque, body)
    }
}
