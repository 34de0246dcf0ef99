import Testing
import Foundation
@_spi(Lamina) @testable import CoreGraphics

/// A glyph mask's fill writes each pixel's coverage in C (`CGContext.fillsClearCoverage`):
/// the bytes must be those of the fill laid over the clear bitmap the ordinary way, for glyph
/// outlines at fractional positions and turned, under both fill rules, for paths reaching past
/// the bitmap's edges, and for a rectangle (which takes the ordinary way).
@Suite("Fills writing coverage")
struct ClearCoverageFillTests {
    static func fill(_ path: CGPath, rule: CGPathFillRule, width: Int, height: Int, direct: Bool) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height)
        bytes.withUnsafeMutableBytes { buffer in
            let ctx = CGContext(data: buffer.baseAddress, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width,
                                space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue)!
            ctx.setFillColor(gray: 0, alpha: 1)
            ctx.fillsClearCoverage = direct
            ctx.addPath(path)
            ctx.fillPath(using: rule)
        }
        return bytes
    }

    @Test func coverageIsTheOrdinaryFillsOverClearPixels() throws {
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
        for path in paths {
            for rule in [CGPathFillRule.winding, .evenOdd] {
                let direct = Self.fill(path, rule: rule, width: 64, height: 56, direct: true)
                let ordinary = Self.fill(path, rule: rule, width: 64, height: 56, direct: false)
                #expect(direct == ordinary)
                #expect(ordinary.contains { $0 != 0 } || path.boundingBox.minY > 56)
            }
        }
    }
}
