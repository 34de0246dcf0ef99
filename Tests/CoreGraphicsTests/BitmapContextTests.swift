import Testing
import LaminaTestSupport
import CoreGraphics

@Suite("CGContext (bitmap slice)")
struct BitmapContextTests {
    func makeContext(_ w: Int, _ h: Int) -> CGContext {
        CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    }

    @Test func deviceSpaceIsYUpWithRowZeroAtTop() {
        let ctx = makeContext(4, 4)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))   // bottom-left pixel
        #expect(ctx.pixel(x: 0, row: 3) == (255, 0, 0, 255))
        #expect(ctx.pixel(x: 0, row: 0) == (0, 0, 0, 0))
    }

    @Test func halfCoveredPixelGetsHalfAlpha() {
        let ctx = makeContext(2, 1)
        ctx.setFillColor(gray: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 1.5, height: 1))
        #expect(ctx.pixel(x: 0, row: 0).a == 255)
        #expect(ctx.pixel(x: 1, row: 0).a == 128)
    }

    @Test func clipAndCTM() {
        let ctx = makeContext(10, 10)
        ctx.scaleBy(x: 2, y: 2)
        ctx.clip(to: CGRect(x: 1, y: 1, width: 2, height: 2))
        #expect(ctx.boundingBoxOfClipPath == CGRect(x: 1, y: 1, width: 2, height: 2))
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(ctx.pixel(x: 2, row: 7) == (0, 0, 255, 255))
        #expect(ctx.pixel(x: 1, row: 7).a == 0)
        #expect(ctx.pixel(x: 6, row: 7).a == 0)
        let img = ctx.makeImage()!
        #expect(img.width == 10 && img.height == 10 && img.alphaInfo == .premultipliedLast)
    }

    @Test func saveRestoreAndUnsupportedCallsReport() {
        let ctx = makeContext(4, 4)
        ctx.saveGState()
        ctx.translateBy(x: 1, y: 1)
        ctx.restoreGState()
        #expect(ctx.ctm == .identity)
        let (_, d) = LaminaDiagnostics.collecting { ctx.restoreGState() }
        #expect(d.count == 1 && d[0].contains("restoreGState"))
    }

    @Test func refusesEnormousAndBadFormats() {
        let (ctx, d) = LaminaDiagnostics.collecting {
            CGContext(data: nil, width: 1 << 20, height: 1 << 20, bitsPerComponent: 8, bytesPerRow: 0,
                      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        }
        #expect(ctx == nil && d.count == 1)
        #expect(CGContext(data: nil, width: 0, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
    }
}
