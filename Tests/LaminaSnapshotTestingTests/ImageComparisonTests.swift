import Foundation
import Testing
@testable import LaminaSnapshotTesting
import UIKit

/// Comparing a new snapshot with its reference: images of one layout are compared where they
/// lie, others brought to one form first; both give the library's answers.
@Suite struct ImageComparisonTests {
    /// A `width` x `height` image of premultiplied pixels in `order` (RGBA or BGRA words), rows
    /// `padding` bytes longer than the pixels, with pixel `changed` (if any) made different.
    func image(_ width: Int, _ height: Int, bgra: Bool, padding: Int = 0, changed: Int? = nil) -> UIImage {
        let stride = width * 4 + padding
        var bytes = [UInt8](repeating: 0xEE, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                var (r, g, b, a) = (UInt8(x * 7 & 0xFF), UInt8(y * 5 & 0xFF), UInt8((x + y) & 0x7F), UInt8(255))
                if i == changed { (r, a) = (r &+ 1, 255) }
                let at = y * stride + x * 4
                if bgra { bytes[at] = b; bytes[at + 1] = g; bytes[at + 2] = r; bytes[at + 3] = a } else {
                    bytes[at] = r; bytes[at + 1] = g; bytes[at + 2] = b; bytes[at + 3] = a
                }
            }
        }
        let info: CGBitmapInfo = bgra ? [CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue), .byteOrder32Little]
            : CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue)
        let cg = CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: stride,
                         space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info,
                         provider: CGDataProvider(data: Data(bytes) as CFData)!, decode: nil, shouldInterpolate: false,
                         intent: .defaultIntent)!
        return UIImage(cgImage: cg)
    }

    @Test func equalPixelsPassWhateverTheLayout() throws {
        let a = image(37, 21, bgra: false), b = image(37, 21, bgra: false, padding: 12), c = image(37, 21, bgra: true)
        #expect(PixelBuffer.sameWords(a.cgImage!, b.cgImage!) == true)
        #expect(PixelBuffer.sameWords(a.cgImage!, c.cgImage!) == nil)     // another layout: compared after conversion
        for (x, y) in [(a, b), (b, a), (a, c), (c, b)] {
            #expect(compareImages(reference: x, new: y, precision: 1, perceptualPrecision: 1) == nil)
        }
    }

    @Test func oneDifferentPixelFailsWhateverTheLayout() throws {
        let a = image(37, 21, bgra: false)
        for other in [image(37, 21, bgra: false, changed: 300), image(37, 21, bgra: false, padding: 8, changed: 776),
                      image(37, 21, bgra: true, changed: 0)] {
            #expect(PixelBuffer.sameWords(a.cgImage!, other.cgImage!) != true)
            let message = try #require(compareImages(reference: a, new: other, precision: 1, perceptualPrecision: 1))
            #expect(message.contains("1 of 777 pixels differ, by up to 1"), "\(message)")
        }
    }
}
