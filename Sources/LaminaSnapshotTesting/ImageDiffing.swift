import Foundation
import CoreGraphics
import UIKit
import SnapshotTesting
#if canImport(Testing)
import Testing
#endif

extension Diffing where Value == UIImage {
    /// A pixel-diffing strategy for images which requires a 100% match.
    public static var image: Diffing { .image() }

    /// A pixel-diffing strategy for images with a tolerance.
    ///
    /// - Parameters:
    ///   - precision: The share of pixels that must match (of bytes, four per pixel, when
    ///     `perceptualPrecision` is 1, as in the library).
    ///   - perceptualPrecision: How close a pixel must be to the reference to match: a pixel
    ///     matches when its ΔE*94 (CIE 1994, in Lab) is at most `(1 - perceptualPrecision) * 100`.
    ///     0.98–0.99 is about what the human eye tells apart.
    ///   - scale: The scale a reference PNG is read at; nil or 0 for the main screen's.
    ///
    /// On Linux, PNGs are read and written by Lamina's codecs. A new image that was drawn by one
    /// of Lamina's strategies is drawn again at the reference's scale when the reference has the
    /// same size in points at another scale (a 3x reference is compared with a 3x rendering). On
    /// a mismatch the reference, the new image and a difference image are written as PNG files
    /// (under `SNAPSHOT_ARTIFACTS`, else the temporary directory), named in the message, and
    /// recorded as Swift Testing attachments when a test is running.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil) -> Diffing {
        let imageScale: CGFloat = {
            if let scale, scale.isFinite, scale > 0 { return scale }
            return UIScreen.mainScale
        }()
        SnapshotArtifacts.watchXCTestFailures()
        return Diffing.diff(
            toData: { image in
                let data = pngData(of: image)
                SnapshotArtifacts.noteRecording(image, png: data)
                return data
            },
            fromData: { data in cachedReference(data, scale: imageScale) },
            diffV2: { old, new in
                SnapshotArtifacts.noteDiffed(new)
                var old = old
                if let cached = old as? CachedReference {
                    // The same pixels as a reference seen before: a match without decoding it.
                    if cached.matches(new) { return nil }
                    old = cached.decoded()
                }
                if let unreadable = old as? UnreadableReference {
                    return ("Reference image could not be loaded: \(unreadable.reason)", [])
                }
                var new = new
                var problem: String?
                if let made = new as? SnapshotImage, let why = made.problem {
                    // What is recorded for such a snapshot is the placeholder that explains it,
                    // so that is what the reference is compared with.
                    problem = why
                    new = problemImage(why, zeroSize: made.problemIsZeroSize)
                } else {
                    new = rescaled(new, toMatch: old)
                }
                guard var message = compareImages(reference: old, new: new, precision: precision,
                                                  perceptualPrecision: perceptualPrecision) else { return nil }
                if let problem { message = "Newly-taken snapshot is empty: \(problem)\n" + message }
                return SnapshotArtifacts.writeFailure(reference: old, new: new, message: message)
            })
    }
}

extension Snapshotting where Value == UIImage, Format == UIImage {
    /// A snapshot strategy for comparing images based on pixel equality.
    public static var image: Snapshotting { .image() }

    /// A snapshot strategy for comparing images with a tolerance (see `Diffing.image`).
    ///
    /// - Parameters:
    ///   - precision: The share of pixels that must match.
    ///   - perceptualPrecision: How close a pixel must be to match (ΔE*94 of at most
    ///     `(1 - perceptualPrecision) * 100`).
    ///   - scale: The scale of the reference image stored on disk.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil) -> Snapshotting {
        Snapshotting(pathExtension: "png",
                     diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale))
    }
}

/// The PNG recorded for `image`: its pixels, or for a snapshot that could not be made, a
/// picture saying why.
func pngData(of image: UIImage) -> Data {
    if let made = image as? SnapshotImage, let problem = made.problem {
        return problemImage(problem, zeroSize: made.problemIsZeroSize).pngData() ?? Data()
    }
    return image.pngData() ?? problemImage("The image has no pixels.", zeroSize: false).pngData() ?? Data()
}

/// A reference read from `data`; an `UnreadableReference` saying why when it is not a PNG or
/// JPEG Lamina can decode.
func readReference(_ data: Data, scale: CGFloat) -> UIImage {
    do {
        let cg: CGImage
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            cg = try CGImage.decodePNG(data)
        } else if data.starts(with: [0xFF, 0xD8]) {
            cg = try CGImage.decodeJPEG(data)
        } else {
            return UnreadableReference(reason: notAPNG(data))
        }
        return UIImage(cgImage: cg, scale: scale, orientation: .up)
    } catch {
        return UnreadableReference(reason: "\(error)")
    }
}

/// Why `data`, which does not start with a PNG's (or a JPEG's) signature, cannot be a reference:
/// empty, or named by its first bytes.
func notAPNG(_ data: Data) -> String {
    guard !data.isEmpty else { return "the file is empty" }
    let head = data.prefix(8).map { String(format: "%02x", $0) }.joined(separator: " ")
    return "it is not a PNG file (it starts with \(head))"
}

/// `new` drawn again at the scale that gives it the reference's pixel size, when it is one of
/// Lamina's renderings of the same size in points at another scale.
func rescaled(_ new: UIImage, toMatch reference: UIImage) -> UIImage {
    guard let made = new as? SnapshotImage, let rerender = made.rerender,
          let ref = reference.cgImage, let cg = made.cgImage,
          ref.width != cg.width || ref.height != cg.height else { return new }
    let points = made.size
    guard points.width > 0, points.height > 0 else { return new }
    let sx = CGFloat(ref.width) / points.width, sy = CGFloat(ref.height) / points.height
    // The same scale both ways (within the rounding of a fractional point size), and a real one.
    let scale = (sx * 4).rounded() / 4
    guard scale >= 1, scale <= 4, abs(sx - scale) * points.width < 1, abs(sy - scale) * points.height < 1 else { return new }
    let again = rerender(scale)
    return again.problem == nil ? again : new
}

/// A 400 x 80 picture on red recorded in place of a snapshot that could not be made: the
/// library's own text for a view of zero size (so its references match), else `message`. Drawn
/// by a label, on the main actor, from any thread.
func problemImage(_ message: String, zeroSize: Bool) -> UIImage {
    onMainActor { labelledProblemImage(message, zeroSize: zeroSize) }
}

@MainActor private func labelledProblemImage(_ message: String, zeroSize: Bool) -> UIImage {
    let label = UILabel(frame: CGRect(x: 0, y: 0, width: 400, height: 80))
    label.backgroundColor = .red
    label.text = zeroSize
        ? "Error: No image could be generated for this view as its size was zero. Please set an explicit size in the test."
        : "Error: " + message
    label.textAlignment = .center
    label.numberOfLines = 3
    let format = UIGraphicsImageRendererFormat()
    format.scale = 2
    return UIGraphicsImageRenderer(size: label.bounds.size, format: format).image { ctx in
        label.layer.render(in: ctx.cgContext)
    }
}
