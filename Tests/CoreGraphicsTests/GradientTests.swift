import Testing
import LaminaTestSupport
import CoreGraphics

@Suite("Gradients")
struct GradientTests {
    let blackToWhite = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                  colors: [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)] as CFArray, locations: nil)!

    @Test func linearRampAndExtension() {
        let ctx = rgbaContext(256, 4)
        ctx.drawLinearGradient(blackToWhite, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 256, y: 0), options: [])
        // Pixel centres sit at x + 0.5: t = (x + 0.5) / 256.
        for x in [0, 64, 128, 200, 255] {
            let expected = Double(x) + 0.5
            #expect(abs(Double(ctx.pixel(x: x, row: 0).r) - expected) <= 1.01, "x = \(x)")
        }
        #expect(ctx.pixel(x: 100, row: 3).a == 255)
        // Without options nothing is painted beyond the ends; with them the end colours extend.
        let short = rgbaContext(20, 1)
        short.drawLinearGradient(blackToWhite, start: CGPoint(x: 5, y: 0), end: CGPoint(x: 15, y: 0), options: [])
        #expect(short.pixel(x: 2, row: 0).a == 0 && short.pixel(x: 18, row: 0).a == 0 && short.pixel(x: 10, row: 0).a == 255)
        short.drawLinearGradient(blackToWhite, start: CGPoint(x: 5, y: 0), end: CGPoint(x: 15, y: 0),
                                 options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        #expect(short.pixel(x: 2, row: 0) == (0, 0, 0, 255) && short.pixel(x: 18, row: 0) == (255, 255, 255, 255))
    }

    @Test func interpolationFollowsTheGradientsSpace() throws {
        // Black to white, three quarters along: sRGB components give 0.75 (191); linear sRGB
        // gives light 0.75, which encodes to 225; generic RGB (gamma 1.8) lies between (204).
        func middle(_ name: CFString?) throws -> Int {
            let space = try name.map { try #require(CGColorSpace(name: $0)) }
            let g = try #require(CGGradient(colorsSpace: space, colors: [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)] as CFArray,
                                            locations: nil))
            let ctx = rgbaContext(2, 1)
            ctx.drawLinearGradient(g, start: .zero, end: CGPoint(x: 2, y: 0), options: [])
            return Int(ctx.pixel(x: 1, row: 0).r) // t = 0.75
        }
        let plain = try middle(nil), srgb = try middle(CGColorSpace.sRGB), linear = try middle(CGColorSpace.linearSRGB)
        let generic = try middle(kCGColorSpaceGenericRGB)
        #expect(plain == srgb && abs(plain - 191) <= 1)
        #expect(abs(linear - 225) <= 1)                       // encode(0.75) = 0.8808
        #expect(generic > plain && generic < linear, "\(generic)")
    }

    @Test func stopLocations() {
        var locations: [CGFloat] = [0, 0.25, 1]
        let g = CGGradient(colorsSpace: nil, colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                                       CGColor(red: 0, green: 1, blue: 0, alpha: 1),
                                                       CGColor(red: 0, green: 0, blue: 1, alpha: 1)] as CFArray,
                           locations: &locations)!
        let ctx = rgbaContext(100, 1)
        ctx.drawLinearGradient(g, start: .zero, end: CGPoint(x: 100, y: 0), options: [])
        let atStop = ctx.pixel(x: 25, row: 0)          // t = 0.255: just past the green stop
        #expect(atStop.g > 245 && atStop.r == 0 && atStop.b < 5)
        let mid = ctx.pixel(x: 62, row: 0)             // t = 0.625: halfway green to blue
        #expect(abs(Int(mid.g) - 128) <= 2 && abs(Int(mid.b) - 128) <= 2)
        var comps: [CGFloat] = [1, 0, 0, 1, 0, 0, 1, 1]
        #expect(CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: &comps, locations: nil, count: 2) != nil)
        #expect(CGGradient(colorsSpace: nil, colors: [] as CFArray, locations: nil) == nil)
    }

    @Test func radialAndConic() {
        let ctx = rgbaContext(41, 41)
        ctx.drawRadialGradient(blackToWhite, startCenter: CGPoint(x: 20.5, y: 20.5), startRadius: 0,
                               endCenter: CGPoint(x: 20.5, y: 20.5), endRadius: 20, options: [])
        #expect(ctx.pixel(x: 20, row: 20).r < 3)                 // the centre is the start colour
        #expect(abs(Int(ctx.pixel(x: 30, row: 20).r) - 128) <= 2) // halfway out
        #expect(ctx.pixel(x: 0, row: 0).a == 0)                   // beyond the end circle: unpainted
        let conic = rgbaContext(40, 40)
        conic.drawConicGradient(blackToWhite, center: CGPoint(x: 20, y: 20), angle: 0)
        // In user space (y up) a quarter turn from +x is +y, the top of the image.
        #expect(abs(Int(conic.pixel(x: 20, row: 2).r) - 64) <= 3)
        #expect(abs(Int(conic.pixel(x: 2, row: 20).r) - 128) <= 3)
    }

    @Test func clippedToAPath() {
        let ctx = rgbaContext(20, 20)
        ctx.addEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))
        ctx.clip()
        ctx.drawLinearGradient(blackToWhite, start: .zero, end: CGPoint(x: 20, y: 0), options: [])
        #expect(ctx.pixel(x: 0, row: 0).a == 0 && ctx.pixel(x: 10, row: 10).a == 255)
        #expect(abs(alphaSum(ctx) - .pi * 100) < 0.2 + flatteningBound(length: 2 * .pi * 10, edgePixels: 90))
    }
}
