import Testing
import LaminaTestSupport
import CoreGraphics

/// A 4x2 image: top row red, green, blue, white; bottom row transparent, half-alpha black,
/// black, yellow.
func testImage() -> CGImage {
    let ctx = rgbaContext(4, 2)
    let top: [(CGFloat, CGFloat, CGFloat, CGFloat)] = [(1, 0, 0, 1), (0, 1, 0, 1), (0, 0, 1, 1), (1, 1, 1, 1)]
    let bottom: [(CGFloat, CGFloat, CGFloat, CGFloat)] = [(0, 0, 0, 0), (0, 0, 0, 0.5), (0, 0, 0, 1), (1, 1, 0, 1)]
    for (i, c) in top.enumerated() {
        ctx.setFillColor(red: c.0, green: c.1, blue: c.2, alpha: c.3)
        ctx.fill(CGRect(x: i, y: 1, width: 1, height: 1))      // y up: row 0 of memory is y = 1
    }
    for (i, c) in bottom.enumerated() {
        ctx.setFillColor(red: c.0, green: c.1, blue: c.2, alpha: c.3)
        ctx.fill(CGRect(x: i, y: 0, width: 1, height: 1))
    }
    return ctx.makeImage()!
}

@Suite("Drawing images")
struct ImageDrawingTests {
    @Test func oneToOneIsExact() {
        let ctx = rgbaContext(4, 2)
        ctx.draw(testImage(), in: CGRect(x: 0, y: 0, width: 4, height: 2))
        #expect(ctx.pixel(x: 0, row: 0) == (255, 0, 0, 255) && ctx.pixel(x: 3, row: 0) == (255, 255, 255, 255))
        #expect(ctx.pixel(x: 0, row: 1).a == 0 && ctx.pixel(x: 1, row: 1) == (0, 0, 0, 128))
        #expect(ctx.pixel(x: 3, row: 1) == (255, 255, 0, 255))
    }

    @Test func aFlippedContextDrawsItUpsideDown() {
        let ctx = rgbaContext(4, 2)
        ctx.translateBy(x: 0, y: 2)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(testImage(), in: CGRect(x: 0, y: 0, width: 4, height: 2))
        #expect(ctx.pixel(x: 0, row: 1) == (255, 0, 0, 255) && ctx.pixel(x: 3, row: 0) == (255, 255, 0, 255))
    }

    @Test func scalingNearestAndBilinear() {
        let nearest = rgbaContext(8, 4)
        nearest.interpolationQuality = .none
        nearest.draw(testImage(), in: CGRect(x: 0, y: 0, width: 8, height: 4))
        #expect(nearest.pixel(x: 1, row: 0) == (255, 0, 0, 255) && nearest.pixel(x: 2, row: 1) == (0, 255, 0, 255))
        let smooth = rgbaContext(8, 4)
        smooth.draw(testImage(), in: CGRect(x: 0, y: 0, width: 8, height: 4))
        // Pixel 2's centre maps to u = 1.25: three quarters of the way from red (0.5) to green (1.5).
        let between = smooth.pixel(x: 2, row: 0)
        #expect(abs(Int(between.r) - 64) <= 2 && abs(Int(between.g) - 191) <= 2 && between.a == 255)
        #expect(smooth.pixel(x: 0, row: 0) == (255, 0, 0, 255))   // edges clamp
    }

    @Test func tilingCroppingAndAlpha() throws {
        let ctx = rgbaContext(8, 4)
        ctx.draw(testImage(), in: CGRect(x: 0, y: 0, width: 4, height: 2), byTiling: true)
        #expect(ctx.pixel(x: 4, row: 0) == (255, 0, 0, 255) && ctx.pixel(x: 7, row: 3) == (255, 255, 0, 255))
        let crop = try #require(testImage().cropping(to: CGRect(x: 1, y: 0, width: 2, height: 1)))
        #expect(crop.width == 2 && crop.height == 1)
        let c = rgbaContext(2, 1)
        c.draw(crop, in: CGRect(x: 0, y: 0, width: 2, height: 1))
        #expect(c.pixel(x: 0, row: 0) == (0, 255, 0, 255) && c.pixel(x: 1, row: 0) == (0, 0, 255, 255))
        #expect(testImage().cropping(to: CGRect(x: 10, y: 10, width: 2, height: 2)) == nil)
        let faded = rgbaContext(4, 2)
        faded.setAlpha(0.5)
        faded.draw(testImage(), in: CGRect(x: 0, y: 0, width: 4, height: 2))
        #expect(faded.pixel(x: 0, row: 0) == (128, 0, 0, 128))
    }

    @Test func rotatedImagesHaveAntialiasedEdges() {
        let ctx = rgbaContext(20, 20)
        ctx.translateBy(x: 10, y: 10)
        ctx.rotate(by: .pi / 4)
        ctx.draw(testImage(), in: CGRect(x: -4, y: -2, width: 8, height: 4))
        // Half the image is opaque-ish: its footprint is 32 pixels of area.
        let sum = alphaSum(ctx)
        #expect(sum > 20 && sum < 32)
    }
}
