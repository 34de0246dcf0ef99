import Foundation
import CoreGraphics
internal import CLaminaRaster

/// An image's pixels as premultiplied 8-bit RGBA in sRGB, rows top to bottom: the form both
/// images are brought to before they are compared (as the library does on iOS).
struct PixelBuffer {
    let width: Int
    let height: Int
    var bytes: [UInt8]

    init?(_ image: CGImage) {
        width = image.width
        height = image.height
        guard PixelBuffer.accepts(width: width, height: height) else { return nil }
        if let direct = PixelBuffer.premultipliedRGBA(of: image) { bytes = direct; return }
        bytes = [UInt8](repeating: 0, count: width * height * 4)
        let drawn: Bool = bytes.withUnsafeMutableBytes { raw in
            guard let ctx = CGContext(data: raw.baseAddress, width: width, height: height, bitsPerComponent: 8,
                                      bytesPerRow: width * 4, space: CGColorSpace(name: CGColorSpace.sRGB) ?? CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return false }
            ctx.setBlendMode(.copy)
            ctx.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
            return true
        }
        guard drawn else { return nil }
    }

    /// Whether an image of `width` x `height` pixels is read (the limits of `init?(_:)`).
    static func accepts(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && width <= 1 << 20 && height <= 1 << 20 && width * height <= maximumSnapshotPixels * 4
    }

    /// The stored bytes of a 32-bit premultiplied image (RGBA, or BGRA in little-endian words, as
    /// Lamina's renderer and PNG decoder make them), their row stride, and where red, green,
    /// blue and alpha sit in each pixel's 4 bytes; nil for other layouts.
    static func premultipliedWords(of image: CGImage) -> (data: Data, stride: Int, order: (Int, Int, Int, Int))? {
        let info = image.alphaInfo
        let little = image.bitmapInfo.intersection(.byteOrderMask) == .byteOrder32Little
        let big = image.bitmapInfo.intersection(.byteOrderMask).rawValue == 0 || image.bitmapInfo.intersection(.byteOrderMask) == .byteOrder32Big
        let order: (Int, Int, Int, Int)
        switch (info, little, big) {
        case (.premultipliedLast, false, true): order = (0, 1, 2, 3)
        case (.premultipliedFirst, true, false): order = (2, 1, 0, 3)
        default: return nil
        }
        let (w, h, stride) = (image.width, image.height, image.bytesPerRow)
        guard image.bitsPerPixel == 32, image.bitsPerComponent == 8, stride >= w * 4,
              let data = image.dataProvider?.data, data.count >= stride * h else { return nil }
        return (data, stride, order)
    }

    /// Whether two images of one size and one 32-bit premultiplied layout
    /// (``premultipliedWords(of:)``) hold the same pixels, compared where they lie: a passing
    /// comparison of two 3x phone screens copies no 12 MB buffers. Nil when either layout is
    /// another (the images are then brought to one form and compared).
    static func sameWords(_ a: CGImage, _ b: CGImage) -> Bool? {
        guard a.width == b.width, a.height == b.height, let (da, sa, oa) = premultipliedWords(of: a),
              let (db, sb, ob) = premultipliedWords(of: b), oa == ob else { return nil }
        let (rowBytes, rows) = (a.width * 4, a.height)
        return da.withUnsafeBytes { (p: UnsafeRawBufferPointer) in
            db.withUnsafeBytes { (q: UnsafeRawBufferPointer) in
                guard let pa = p.baseAddress, let qa = q.baseAddress else { return false }
                if sa == rowBytes, sb == rowBytes { return memcmp(pa, qa, rowBytes * rows) == 0 }
                for y in 0..<rows where memcmp(pa + y * sa, qa + y * sb, rowBytes) != 0 { return false }
                return true
            }
        }
    }

    /// The bytes of a 32-bit premultiplied image (``premultipliedWords(of:)``) in RGBA order,
    /// read directly: drawing a large image through a context costs seconds in a debug build.
    /// Nil for other layouts.
    private static func premultipliedRGBA(of image: CGImage) -> [UInt8]? {
        guard let (data, stride, order) = premultipliedWords(of: image) else { return nil }
        let (w, h) = (image.width, image.height)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        data.withUnsafeBytes { (src: UnsafeRawBufferPointer) in
            out.withUnsafeMutableBufferPointer { dst in
                guard let s = src.baseAddress?.assumingMemoryBound(to: UInt8.self), let d = dst.baseAddress else { return }
                // In C: a loop per pixel in Swift costs about 100 ms for a 3x phone screen in a
                // debug build.
                lamina_straight_rgba8_from_32(s, stride, d, w, h, Int32(order.0), Int32(order.1), Int32(order.2), Int32(order.3), 0)
            }
        }
        return out
    }

    init(width: Int, height: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    var pixelCount: Int { width * height }

    /// Whether the two buffers hold the same bytes (memcmp: an element-by-element comparison of
    /// arrays runs per byte in a debug build).
    func sameBytes(as other: PixelBuffer) -> Bool {
        guard bytes.count == other.bytes.count else { return false }
        return bytes.withUnsafeBytes { a in other.bytes.withUnsafeBytes { b in
            guard let pa = a.baseAddress, let pb = b.baseAddress else { return a.count == b.count }
            return memcmp(pa, pb, a.count) == 0
        } }
    }

    /// The pixels as an image.
    func makeImage() -> CGImage? {
        var copy = bytes
        return copy.withUnsafeMutableBytes { raw -> CGImage? in
            CGContext(data: raw.baseAddress, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                      space: CGColorSpace(name: CGColorSpace.sRGB) ?? CGColorSpaceCreateDeviceRGB(),
                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)?.makeImage()
        }
    }
}

/// The CIE 1994 colour difference (ΔE*94, graphic-arts weights) between two premultiplied sRGB
/// pixels, 0 (same) to about 100: what Core Image's `CILabDeltaE` filter measures, which the
/// library's perceptual precision is defined by. Colours are compared as stored (premultiplied,
/// so a transparent pixel is black), as that filter sees them without colour management.
enum DeltaE {
    /// sRGB component (0…255) to linear light, by table.
    static let linear: [Double] = (0..<256).map { i in
        let c = Double(i) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// CIELAB (D65 white) of an sRGB colour.
    static func lab(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> (l: Double, a: Double, b: Double) {
        let rl = linear[Int(r)], gl = linear[Int(g)], bl = linear[Int(b)]
        let x = (0.4124564 * rl + 0.3575761 * gl + 0.1804375 * bl) / 0.95047
        let y = 0.2126729 * rl + 0.7151522 * gl + 0.0721750 * bl
        let z = (0.0193339 * rl + 0.1191920 * gl + 0.9503041 * bl) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16) / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// ΔE*94 between two Lab colours (kL = kC = kH = 1, K1 = 0.045, K2 = 0.015).
    static func cie94(_ p: (l: Double, a: Double, b: Double), _ q: (l: Double, a: Double, b: Double)) -> Double {
        let dl = p.l - q.l
        let c1 = (p.a * p.a + p.b * p.b).squareRoot(), c2 = (q.a * q.a + q.b * q.b).squareRoot()
        let dc = c1 - c2
        let da = p.a - q.a, db = p.b - q.b
        let dh2 = max(0, da * da + db * db - dc * dc)
        let sc = 1 + 0.045 * c1, sh = 1 + 0.015 * c1
        return (dl * dl + (dc / sc) * (dc / sc) + dh2 / (sh * sh)).squareRoot()
    }
}
