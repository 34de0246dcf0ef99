import Testing
import Foundation
@_spi(Lamina) @testable import CoreGraphics

/// An opaque antialiased fill of an alpha-only bitmap (glyph masks, shadow masks) is swept and
/// painted in C (`lamina_sweep_alpha_over_8`): its bytes must be those of the Swift 8-bit painter,
/// which paints the same fill of value 255 on a gray bitmap — over clear bytes and over bytes
/// already painted, for glyph outlines at fractional positions and turned, under both fill
/// rules, for paths reaching past the bitmap's edges, and for a rectangle (which takes the
/// ordinary way on both).
@Suite("Alpha-only fills")
struct AlphaOnlyFillTests {
    static func fill(_ path: CGPath, rule: CGPathFillRule, width: Int, height: Int, alphaOnly: Bool, over background: [UInt8]) -> [UInt8] {
        var bytes = background
        bytes.withUnsafeMutableBytes { buffer in
            let ctx = CGContext(data: buffer.baseAddress, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width,
                                space: CGColorSpaceCreateDeviceGray(),
                                bitmapInfo: (alphaOnly ? CGImageAlphaInfo.alphaOnly : .none).rawValue)!
            ctx.setFillColor(gray: alphaOnly ? 0 : 1, alpha: 1)
            ctx.addPath(path)
            ctx.fillPath(using: rule)
        }
        return bytes
    }

    @Test func theCSweepGivesTheSwiftPaintersBytes() throws {
        let font = try #require(CGFont("Helvetica" as CFString))
        var paths: [CGPath] = []
        for (i, s) in "Ag@%&8Wq".unicodeScalars.enumerated() {
            let outline = try #require(font.path(for: font.glyph(for: s)))
            let k = CGFloat(18 + 7 * i) / CGFloat(font.unitsPerEm)
            var m = CGAffineTransform(a: k, b: 0, c: 0, d: -k, tx: 3.37 + CGFloat(i) * 0.21, ty: 40.61)
            paths.append(outline.copy(using: &m)!)
            var turned = CGAffineTransform(rotationAngle: 0.4).scaledBy(x: k, y: -k).concatenating(.init(translationX: 20.1, y: 30.7))
            paths.append(outline.copy(using: &turned)!)
        }
        // Reaching past the left and right edges, and a rectangle.
        paths.append(CGPath(ellipseIn: CGRect(x: -10.3, y: 4.2, width: 80.9, height: 30.5), transform: nil))
        paths.append(CGPath(rect: CGRect(x: 2.25, y: 3.5, width: 20.5, height: 9.75), transform: nil))
        let (w, h) = (64, 56)
        let clear = [UInt8](repeating: 0, count: w * h)
        let painted = (0..<(w * h)).map { UInt8(truncatingIfNeeded: ($0 * 37) % 251) }
        for path in paths {
            for rule in [CGPathFillRule.winding, .evenOdd] {
                for background in [clear, painted] {
                    let c = Self.fill(path, rule: rule, width: w, height: h, alphaOnly: true, over: background)
                    let swift = Self.fill(path, rule: rule, width: w, height: h, alphaOnly: false, over: background)
                    #expect(c == swift)
                    #expect(c != background || path.boundingBox.minY > CGFloat(h))
                }
            }
        }
    }
}
