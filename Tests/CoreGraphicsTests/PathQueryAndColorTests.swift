import Testing
import LaminaTestSupport
import CoreGraphics

@Suite("Path queries and copies")
struct PathQueryTests {
    @Test func containsUnderBothRules() {
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        p.addRect(CGRect(x: 3, y: 3, width: 4, height: 4))
        #expect(p.contains(CGPoint(x: 5, y: 5)) && !p.contains(CGPoint(x: 5, y: 5), using: .evenOdd))
        #expect(p.contains(CGPoint(x: 1, y: 1), using: .evenOdd) && !p.contains(CGPoint(x: 11, y: 5)))
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        #expect(circle.contains(CGPoint(x: 5, y: 9.9)) && !circle.contains(CGPoint(x: 0.5, y: 0.5)))
        #expect(circle.contains(CGPoint(x: 25, y: 5), transform: CGAffineTransform(translationX: 20, y: 0)))
        #expect(!circle.contains(CGPoint(x: CGFloat.nan, y: 0)))
    }

    @Test func strokedCopyFillsLikeTheStroke() {
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 5, y: 20)); line.addLine(to: CGPoint(x: 35, y: 20))
        let outline = line.copy(strokingWithWidth: 4, lineCap: .square, lineJoin: .miter, miterLimit: 10)
        #expect(outline.contains(CGPoint(x: 4, y: 21.5)) && !outline.contains(CGPoint(x: 20, y: 22.5)))
        #expect(outline.boundingBox == CGRect(x: 3, y: 18, width: 34, height: 4))
        let ctx = rgbaContext(40, 40)
        ctx.addPath(outline)
        ctx.fillPath()
        #expect(abs(alphaSum(ctx) - 136) < 0.01)
    }

    @Test func dashedCopy() {
        let line = CGMutablePath()
        line.move(to: .zero); line.addLine(to: CGPoint(x: 20, y: 0))
        let dashed = line.copy(dashingWithPhase: 2, lengths: [4, 2])
        var moves: [CGPoint] = []
        dashed.applyWithBlock { if $0.pointee.type == .moveToPoint { moves.append($0.pointee.points[0]) } }
        #expect(moves == [CGPoint(x: 0, y: 0), CGPoint(x: 4, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 16, y: 0)])
        #expect(line.copy(dashingWithPhase: 0, lengths: []).elements == line.elements)
    }
}

@Suite("Colour spaces")
struct ColorSpaceTests {
    @Test func conversions() throws {
        let p3Red = CGColor(colorSpace: CGColorSpace(name: CGColorSpace.displayP3)!, components: [1, 0, 0, 1])!
        let inSRGB = try #require(p3Red.converted(to: CGColorSpace(name: CGColorSpace.extendedSRGB)!, intent: .defaultIntent, options: nil))
        // P3 red lies outside sRGB: red above 1, green and blue below 0.
        #expect(inSRGB.components![0] > 1.09 && inSRGB.components![1] < 0 && inSRGB.components![2] < 0)
        let clamped = try #require(p3Red.converted(to: CGColorSpace(name: CGColorSpace.sRGB)!, intent: .defaultIntent, options: nil))
        #expect(clamped.components == [1, 0, 0, 1])
        let linear = try #require(CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.3)
            .converted(to: CGColorSpace(name: CGColorSpace.linearSRGB)!, intent: .defaultIntent, options: nil))
        #expect(abs(linear.components![0] - 0.21404) < 1e-4 && linear.alpha == 0.3)
        let gray = try #require(CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            .converted(to: CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)!, intent: .defaultIntent, options: nil))
        #expect(abs(gray.components![0] - 1) < 1e-9 && gray.numberOfComponents == 2)
        // A round trip comes back.
        let c = CGColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 1)
        let back = c.converted(to: CGColorSpace(name: CGColorSpace.displayP3)!, intent: .defaultIntent, options: nil)!
            .converted(to: CGColorSpace(name: CGColorSpace.sRGB)!, intent: .defaultIntent, options: nil)!
        #expect(zip(back.components!, c.components!).allSatisfy { abs($0 - $1) < 1e-5 })
        // Generic RGB (gamma 1.8, narrower red): sRGB red lies outside it, so a round trip
        // through it clips, and comes back with some green (what Apple's gradient layers show).
        let generic = try #require(CGColorSpace(name: kCGColorSpaceGenericRGB))
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let redThere = try #require(red.converted(to: generic, intent: .defaultIntent, options: nil))
        let redBack = try #require(redThere.converted(to: CGColorSpace(name: CGColorSpace.sRGB)!, intent: .defaultIntent, options: nil))
        #expect(redThere.components![1] == 0 && abs(redBack.components![1] * 255 - 37.5) < 1)
        let mid = CGColor(red: 0.4, green: 0.5, blue: 0.6, alpha: 1)
        let midBack = mid.converted(to: generic, intent: .defaultIntent, options: nil)!
            .converted(to: CGColorSpace(name: CGColorSpace.sRGB)!, intent: .defaultIntent, options: nil)!
        #expect(zip(midBack.components!, mid.components!).allSatisfy { abs($0 - $1) < 1e-5 })
    }

    @Test func drawingConvertsToTheBitmapsSpace() {
        let ctx = rgbaContext(1, 1)
        ctx.setFillColor(CGColor(colorSpace: CGColorSpace(name: CGColorSpace.displayP3)!, components: [0, 1, 0, 1])!)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(ctx.pixel(x: 0, row: 0) == (0, 255, 0, 255))     // clamped into sRGB
        ctx.setFillColor(CGColor(gray: 0.5, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(abs(Int(ctx.pixel(x: 0, row: 0).r) - 128) <= 1)
    }
}

@Suite("Clipping to a mask image")
struct MaskClipTests {
    @Test func grayAndAlphaMasks() {
        // A 2x1 gray mask: black then white.
        let m = CGContext(data: nil, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 2,
                          space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue)!
        m.setFillColor(gray: 1, alpha: 1)
        m.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        let ctx = rgbaContext(20, 10)
        ctx.interpolationQuality = .none
        ctx.clip(to: CGRect(x: 0, y: 0, width: 20, height: 10), mask: m.makeImage()!)
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
        #expect(ctx.pixel(x: 2, row: 5).a == 0 && ctx.pixel(x: 17, row: 5).a == 255)
        let a = CGContext(data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 1,
                          space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue)!
        a.setFillColor(gray: 0, alpha: 0.5)
        a.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let half = rgbaContext(4, 4)
        half.clip(to: CGRect(x: 0, y: 0, width: 2, height: 4), mask: a.makeImage()!)
        half.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(abs(Int(half.pixel(x: 0, row: 0).a) - 128) <= 1 && half.pixel(x: 3, row: 0).a == 0)
    }
}

@Test func replacePathWithStrokedPathFillsLikeAStroke() {
    let a = rgbaContext(40, 40), b = rgbaContext(40, 40)
    for c in [a, b] {
        c.setLineWidth(6); c.setLineJoin(.round)
        c.move(to: CGPoint(x: 5, y: 5)); c.addLine(to: CGPoint(x: 30, y: 10)); c.addLine(to: CGPoint(x: 20, y: 35))
    }
    a.strokePath()
    b.replacePathWithStrokedPath()
    b.fillPath()
    #expect(abs(alphaSum(a) - alphaSum(b)) < 1)
}
