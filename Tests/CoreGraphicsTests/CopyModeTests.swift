import Testing
@testable @_spi(Lamina) import CoreGraphics

/// `.copy` at full coverage stores the colour directly; the per-pixel blend gives the same word
/// for every source and destination byte.
@Suite("Copy blend mode")
struct CopyModeTests {
    @Test func theBlendOfCopyAtFullCoverageIsTheSource() {
        var differing = 0
        for s in 0...255 {
            for d in stride(from: 0, through: 255, by: 1) {
                // Premultiplied words: colour bytes at most the alpha byte (alpha last).
                let a = UInt32(max(s, 1))
                let src = UInt32(s) | UInt32(s / 2) << 8 | UInt32(s / 3) << 16 | a << 24
                let dst = UInt32(d) | UInt32(255 - d) << 8 | UInt32(d / 2) << 16 | UInt32(255) << 24
                if CGContext.blendPixel(src, dst, 255, .copy, (0, 1, 2, 3)) != src { differing += 1 }
            }
        }
        #expect(differing == 0)
    }

    @Test func copyFillsReplaceAndBlendTheirEdges() {
        let ctx = CGContext(data: nil, width: 8, height: 4, bitsPerComponent: 8, bytesPerRow: 32,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        ctx.setBlendMode(.copy)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        ctx.fill(CGRect(x: 0, y: 0, width: 4.5, height: 4))
        let px = UnsafeRawBufferPointer(start: ctx.data!, count: 32 * 4)
        #expect(Array(px[0..<4]) == [128, 0, 0, 128])          // replaced, translucent
        // Half covered (coverage 128/255): d + (s − d)·128/255 per channel.
        #expect(Array(px[16..<20]) == [64, 0, 127, 191])
        #expect(Array(px[20..<24]) == [0, 0, 255, 255])        // untouched
    }
}
