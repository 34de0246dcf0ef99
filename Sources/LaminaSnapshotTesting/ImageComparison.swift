import Foundation
import CoreGraphics
import UIKit

/// Compares a reference with a new image the way the library does on iOS:
///
/// - both are brought to premultiplied 8-bit sRGB RGBA; identical bytes match;
/// - with `perceptualPrecision` 1, `precision` is the share of bytes (four per pixel) that must
///   be equal;
/// - with `perceptualPrecision` below 1, a pixel matches when its ΔE*94 from the reference is at
///   most `(1 - perceptualPrecision) * 100`, and `precision` is the share of pixels that must
///   match. 0.98 is about what the eye can tell apart.
///
/// Returns nil when they match, else the message (the library's wording).
func compareImages(reference old: UIImage, new: UIImage, precision: Float, perceptualPrecision: Float) -> String? {
    guard let oldCG = old.cgImage, PixelBuffer.accepts(width: oldCG.width, height: oldCG.height) else {
        return "Reference image could not be loaded."
    }
    guard let newCG = new.cgImage else { return "Newly-taken snapshot could not be loaded." }
    guard newCG.width != 0, newCG.height != 0 else { return "Newly-taken snapshot is empty." }
    guard oldCG.width == newCG.width, oldCG.height == newCG.height else {
        return "Newly-taken snapshot@\(describe(new.size)) does not match reference@\(describe(old.size))."
            + " (\(newCG.width) x \(newCG.height) pixels against \(oldCG.width) x \(oldCG.height).)"
    }
    // The same bytes where they lie (a passing test, the usual case): no copies of either image.
    if PixelBuffer.sameWords(oldCG, newCG) == true { return nil }
    guard let oldPixels = PixelBuffer(oldCG) else { return "Reference image could not be loaded." }
    guard let newPixels = PixelBuffer(newCG) else { return "Newly-taken snapshot's data could not be loaded." }
    if oldPixels.sameBytes(as: newPixels) { return nil }
    let precision = clampUnit(precision), perceptual = clampUnit(perceptualPrecision)
    if precision >= 1, perceptual >= 1 {
        let differing = differingBytes(oldPixels, newPixels)
        return "Newly-taken snapshot does not match reference. (\(differing.pixels) of \(oldPixels.pixelCount) pixels differ, by up to \(differing.maximum) in a component.)"
    }
    if perceptual < 1 {
        return perceptuallyCompare(oldPixels, newPixels, pixelPrecision: precision, perceptualPrecision: perceptual)
    }
    let byteCount = oldPixels.bytes.count
    let threshold = Int((1 - Double(precision)) * Double(byteCount))
    let differing = differingBytes(oldPixels, newPixels)
    if differing.bytes > threshold {
        let actual = 1 - Float(differing.bytes) / Float(byteCount)
        return "Actual image precision \(actual) is less than required \(precision)"
    }
    return nil
}

/// NaN counts as 1 (exact), and the value is clamped to 0…1.
private func clampUnit(_ v: Float) -> Float { v.isNaN ? 1 : min(1, max(0, v)) }

private func describe(_ s: CGSize) -> String { "(\(s.width), \(s.height))" }

/// How many bytes and pixels differ, and the largest component difference.
private func differingBytes(_ a: PixelBuffer, _ b: PixelBuffer) -> (bytes: Int, pixels: Int, maximum: Int) {
    var bytes = 0, pixels = 0, maximum = 0
    a.bytes.withUnsafeBufferPointer { p in
        b.bytes.withUnsafeBufferPointer { q in
            var i = 0
            while i < p.count {
                var differs = false
                for k in 0..<4 {
                    let d = abs(Int(p[i + k]) - Int(q[i + k]))
                    if d != 0 { bytes += 1; differs = true; if d > maximum { maximum = d } }
                }
                if differs { pixels += 1 }
                i += 4
            }
        }
    }
    return (bytes, pixels, maximum)
}

/// How many pixels differ by a ΔE*94 above `threshold`, and the largest such difference
/// (pixels whose colour bytes are equal are not measured).
private func deltaEScan(_ a: PixelBuffer, _ b: PixelBuffer, above threshold: Double) -> (failing: Int, maximum: Double) {
    var failing = 0
    var maximum = 0.0
    a.bytes.withUnsafeBufferPointer { p in
        b.bytes.withUnsafeBufferPointer { q in
            var i = 0
            while i < p.count {
                if p[i] != q[i] || p[i + 1] != q[i + 1] || p[i + 2] != q[i + 2] {
                    let d = DeltaE.cie94(DeltaE.lab(p[i], p[i + 1], p[i + 2]), DeltaE.lab(q[i], q[i + 1], q[i + 2]))
                    if d > threshold { failing += 1; maximum = max(maximum, d) }
                }
                i += 4
            }
        }
    }
    return (failing, maximum)
}

private func perceptuallyCompare(_ a: PixelBuffer, _ b: PixelBuffer, pixelPrecision: Float, perceptualPrecision: Float) -> String? {
    let (failing, maximumDeltaE) = deltaEScan(a, b, above: Double(1 - perceptualPrecision) * 100)
    let actualPixelPrecision = 1 - Float(failing) / Float(a.pixelCount)
    guard actualPixelPrecision < pixelPrecision else { return nil }
    let minimumPerceptualPrecision = 1 - min(Float(maximumDeltaE) / 100, 1)
    return """
        The percentage of pixels that match \(actualPixelPrecision) is less than required \(pixelPrecision)
        The lowest perceptual color precision \(minimumPerceptualPrecision) is less than required \(perceptualPrecision)
        """
}

/// The figures a report shows for a failed comparison: pixels differing (of all), the largest
/// component difference and the largest ΔE*94.
struct DifferenceFigures {
    var pixels: Int, pixelCount: Int, maximum: Int, deltaE: Double
}

/// The difference picture and, where the images have the same size, the figures, from one
/// conversion of each image. The picture: where the sizes agree, each pixel's largest component
/// difference as grey, stretched so the largest difference is white; otherwise the new image
/// with the reference drawn over it in the difference blend mode.
func difference(_ old: UIImage, _ new: UIImage) -> (image: UIImage, figures: DifferenceFigures?) {
    var figures: DifferenceFigures?
    if let o = old.cgImage.flatMap(PixelBuffer.init), let n = new.cgImage.flatMap(PixelBuffer.init),
       o.width == n.width, o.height == n.height {
        var grey = [UInt8](repeating: 0, count: o.pixelCount)
        var top = 0, differing = 0
        for i in 0..<o.pixelCount {
            var m = 0
            for k in 0..<4 { m = max(m, abs(Int(o.bytes[4 * i + k]) - Int(n.bytes[4 * i + k]))) }
            grey[i] = UInt8(m)
            top = max(top, m)
            if m > 0 { differing += 1 }
        }
        figures = DifferenceFigures(pixels: differing, pixelCount: o.pixelCount, maximum: top,
                                    deltaE: deltaEScan(o, n, above: -1).maximum)
        var rgba = [UInt8](repeating: 255, count: o.pixelCount * 4)
        for i in 0..<o.pixelCount {
            let v = top > 0 ? UInt8(Int(grey[i]) * 255 / top) : 0
            rgba[4 * i] = v; rgba[4 * i + 1] = v; rgba[4 * i + 2] = v
        }
        if let cg = PixelBuffer(width: o.width, height: o.height, bytes: rgba).makeImage() {
            return (UIImage(cgImage: cg, scale: old.scale, orientation: .up), figures)
        }
    }
    let size = CGSize(width: max(old.size.width, new.size.width, 1), height: max(old.size.height, new.size.height, 1))
    let format = UIGraphicsImageRendererFormat()
    format.scale = max(old.scale, new.scale)
    format.opaque = true
    let image = UIGraphicsImageRenderer(size: size, format: format).image { _ in
        new.draw(at: .zero)
        old.draw(in: CGRect(origin: .zero, size: old.size), blendMode: .difference, alpha: 1)
    }
    return (image, figures)
}
