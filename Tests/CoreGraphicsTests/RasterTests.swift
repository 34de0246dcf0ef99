import Testing
import LaminaTestSupport
@testable import CoreGraphics

/// The most area a curve's flattening may lose: ⅔ · tolerance · length (a chord polygon within
/// 0.03 px of the curve), plus half a level of rounding on `pixels` edge pixels.
func flatteningBound(length: Double, edgePixels: Double) -> Double { 2.0 / 3 * 0.03 * length + edgePixels * 0.5 / 255 }

func alphaSum(_ ctx: CGContext) -> Double {
    var s = 0
    for r in 0..<ctx.height { for x in 0..<ctx.width { s += Int(ctx.pixel(x: x, row: r).a) } }
    return Double(s) / 255
}

@Suite("Rasterizer")
struct RasterTests {
    @Test func circleCoversItsArea() {
        let ctx = rgbaContext(64, 64)
        ctx.setFillColor(gray: 0, alpha: 1)
        ctx.fillEllipse(in: CGRect(x: 7.3, y: 9.1, width: 40, height: 40))
        // π·20² = 1256.6; the four-curve approximation is within 0.03% of a circle (+0.6 area).
        #expect(abs(alphaSum(ctx) - Double.pi * 400) < 0.6 + flatteningBound(length: 2 * .pi * 20, edgePixels: 180))
    }

    @Test func triangleAreaIsExact() {
        let ctx = rgbaContext(32, 32)
        ctx.move(to: CGPoint(x: 1.25, y: 2.5))
        ctx.addLine(to: CGPoint(x: 29.5, y: 4.75))
        ctx.addLine(to: CGPoint(x: 10.1, y: 27.9))
        ctx.closePath()
        ctx.fillPath()
        let ux: Double = 29.5 - 1.25, uy: Double = 4.75 - 2.5, vx: Double = 10.1 - 1.25, vy: Double = 27.9 - 2.5
        let area: Double = abs(ux * vy - vx * uy) / 2
        #expect(abs(alphaSum(ctx) - area) < 0.05)
    }

    @Test func fillRules() {
        // Two nested squares drawn the same way round: non-zero fills the hole, even-odd does not.
        func draw(_ rule: CGPathFillRule) -> CGContext {
            let ctx = rgbaContext(20, 20)
            ctx.addRect(CGRect(x: 0, y: 0, width: 20, height: 20))
            ctx.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
            ctx.fillPath(using: rule)
            return ctx
        }
        #expect(draw(.winding).pixel(x: 10, row: 10).a == 255)
        #expect(draw(.evenOdd).pixel(x: 10, row: 10).a == 0)
        #expect(draw(.evenOdd).pixel(x: 2, row: 2).a == 255)
        #expect(abs(alphaSum(draw(.evenOdd)) - 300) < 1e-6)
    }

    @Test func exactRectEdgesAndRotation() {
        let ctx = rgbaContext(10, 10)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 2, y: 3, width: 4, height: 5))
        #expect(ctx.pixel(x: 2, row: 2) == (255, 0, 0, 255) && ctx.pixel(x: 5, row: 6) == (255, 0, 0, 255))
        #expect(ctx.pixel(x: 1, row: 4).a == 0 && ctx.pixel(x: 6, row: 4).a == 0 && ctx.pixel(x: 3, row: 1).a == 0)
        let rot = rgbaContext(40, 40)
        rot.translateBy(x: 20, y: 20)
        rot.rotate(by: .pi / 6)
        rot.fill(CGRect(x: -10, y: -5, width: 20, height: 10))
        #expect(abs(alphaSum(rot) - 200) < 0.05)
    }

    @Test func sourceOverBlends() {
        let ctx = rgbaContext(1, 1)
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let p = ctx.pixel(x: 0, row: 0)
        #expect(abs(Int(p.r) - 128) <= 1 && abs(Int(p.b) - 127) <= 1 && p.a == 255)
        ctx.setAlpha(0.5)
        ctx.setBlendMode(.copy)
        ctx.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(ctx.pixel(x: 0, row: 0) == (0, 128, 0, 128))
        ctx.setBlendMode(.clear)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(ctx.pixel(x: 0, row: 0) == (0, 0, 0, 0))
        let gray = CGContext(data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 1,
                             space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue)!
        let (_, d) = LaminaDiagnostics.collecting {
            gray.setBlendMode(.multiply)
            gray.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        }
        #expect(d.count == 1 && d[0].contains("multiply"))
    }

    @Test func strokesHaveTheirWidth() {
        let ctx = rgbaContext(40, 40)
        ctx.setLineWidth(4)
        ctx.move(to: CGPoint(x: 5, y: 20))
        ctx.addLine(to: CGPoint(x: 35, y: 20))
        ctx.strokePath()
        #expect(abs(alphaSum(ctx) - 120) < 0.01)          // 30 × 4, butt caps
        let sq = rgbaContext(40, 40)
        sq.setLineWidth(4)
        sq.setLineCap(.square)
        sq.strokeLineSegments(between: [CGPoint(x: 5, y: 20), CGPoint(x: 35, y: 20)])
        #expect(abs(alphaSum(sq) - 136) < 0.01)           // 34 × 4
        let round = rgbaContext(40, 40)
        round.setLineWidth(4)
        round.setLineCap(.round)
        round.strokeLineSegments(between: [CGPoint(x: 5, y: 20), CGPoint(x: 35, y: 20)])
        #expect(abs(alphaSum(round) - (120 + .pi * 4)) < flatteningBound(length: 4 * .pi, edgePixels: 80))
    }

    @Test func joins() {
        func corner(_ join: CGLineJoin, miterLimit: CGFloat = 10) -> Double {
            let ctx = rgbaContext(60, 60)
            ctx.setLineWidth(10)
            ctx.setLineJoin(join)
            ctx.setMiterLimit(miterLimit)
            ctx.move(to: CGPoint(x: 10, y: 10)); ctx.addLine(to: CGPoint(x: 40, y: 10)); ctx.addLine(to: CGPoint(x: 40, y: 40))
            ctx.strokePath()
            return alphaSum(ctx)
        }
        // Two 30 × 10 legs (butt caps) overlap in a 5 × 5 square at the corner; the outer
        // corner adds a 5 × 5 square (miter), a triangle of 12.5 (bevel) or a quarter disc of
        // 25π/4 (round).
        let legs = 300.0 + 300.0 - 25
        #expect(abs(corner(.miter) - (legs + 25)) < 0.05)
        #expect(abs(corner(.bevel) - (legs + 12.5)) < 0.05)
        #expect(abs(corner(.round) - (legs + 25 * .pi / 4)) < flatteningBound(length: 2.5 * .pi, edgePixels: 10))
        // A right angle's miter ratio is √2: a limit below it bevels.
        #expect(abs(corner(.miter, miterLimit: 1.3) - (legs + 12.5)) < 0.05)
    }

    @Test func dashesAndHairlines() {
        let ctx = rgbaContext(40, 10)
        ctx.setLineWidth(2)
        ctx.setLineDash(phase: 0, lengths: [5, 5])
        ctx.strokeLineSegments(between: [CGPoint(x: 0, y: 5), CGPoint(x: 40, y: 5)])
        #expect(abs(alphaSum(ctx) - 40) < 0.01)
        #expect(ctx.pixel(x: 2, row: 4).a == 255 && ctx.pixel(x: 7, row: 4).a == 0)
        let hair = rgbaContext(40, 10)
        hair.scaleBy(x: 4, y: 4)
        hair.setLineWidth(0)
        hair.strokeLineSegments(between: [CGPoint(x: 0, y: 1.25), CGPoint(x: 10, y: 1.25)])
        // One device pixel wide, straddling two rows at half coverage (128/255 each).
        #expect(abs(alphaSum(hair) - 40) < 80 * 0.5 / 255)
    }

    @Test func clipping() {
        let ctx = rgbaContext(20, 20)
        ctx.addEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))
        ctx.clip()
        #expect(ctx.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 20, height: 20))
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(abs(alphaSum(ctx) - .pi * 100) < 0.2 + flatteningBound(length: 2 * .pi * 10, edgePixels: 90))
        #expect(ctx.pixel(x: 0, row: 0).a == 0)
        ctx.saveGState()
        ctx.clip(to: CGRect(x: 0, y: 0, width: 10, height: 20))
        ctx.clear(CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(ctx.pixel(x: 5, row: 10).a == 0 && ctx.pixel(x: 15, row: 10).a == 255)
        ctx.restoreGState()
        ctx.resetClip()
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(ctx.pixel(x: 0, row: 19).a == 255)
    }

    @Test func grayAndAlphaOnlyBitmaps() {
        let gray = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 4,
                             space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue)!
        gray.setFillColor(gray: 1, alpha: 1)
        gray.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        #expect(gray.pixel(x: 0, row: 0).r == 255 && gray.pixel(x: 3, row: 0).r == 0)
        let mask = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 4,
                             space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue)!
        mask.fill(CGRect(x: 0, y: 0, width: 4, height: 2.5))
        #expect(mask.pixel(x: 0, row: 3).a == 255 && mask.pixel(x: 0, row: 1).a == 128 && mask.pixel(x: 0, row: 0).a == 0)
        #expect(mask.makeImage()?.bitsPerPixel == 8)
    }

    @Test func hostileGeometryDrawsNothingAndDoesNotHang() {
        let ctx = rgbaContext(16, 16)
        let (_, d) = LaminaDiagnostics.collecting {
            ctx.fill(CGRect(x: 0, y: 0, width: CGFloat.nan, height: 4))
            ctx.move(to: CGPoint(x: 0, y: 0)); ctx.addLine(to: CGPoint(x: CGFloat.infinity, y: 5)); ctx.fillPath()
        }
        #expect(alphaSum(ctx) == 0 && d.count == 1)
        ctx.fill(CGRect(x: -1e12, y: -1e12, width: 2e12, height: 2e12))   // huge: clipped, fast
        #expect(alphaSum(ctx) == 256)
        ctx.setLineWidth(1e9)
        ctx.strokeLineSegments(between: [CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 2)])
        ctx.addArc(center: .zero, radius: 1e30, startAngle: 0, endAngle: 1, clockwise: false)
        ctx.strokePath()
        // Points beyond single precision (1e300) still give the right edges where they cross
        // the bitmap: a band 4 rows high, right of x = 6, reaching far away.
        let far = rgbaContext(16, 16)
        far.move(to: CGPoint(x: 6, y: 6)); far.addLine(to: CGPoint(x: 1e300, y: 6))
        far.addLine(to: CGPoint(x: 1e300, y: 10)); far.addLine(to: CGPoint(x: 6, y: 10)); far.closePath()
        far.fillPath()
        #expect(alphaSum(far) == 10 * 4)
        // A triangle with a vertex far below: its edges cross the bitmap at the right places.
        let steep = rgbaContext(16, 16)
        steep.move(to: CGPoint(x: 4, y: 16)); steep.addLine(to: CGPoint(x: 12, y: 16)); steep.addLine(to: CGPoint(x: 8, y: -1e300))
        steep.closePath()
        steep.fillPath()
        #expect(alphaSum(steep) == 8 * 16)
    }
}

@Suite("Paths like Apple's")
struct ApplePathTests {
    @Test func heartElementsMatchApplesDump() throws {
        let text = try String(contentsOf: Fidelity.appleDirectory.appendingPathComponent("cgpath-heart-elements.txt"), encoding: .utf8)
        var expected: [(String, [CGFloat])] = []
        for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let name = String(line.prefix { $0 != " " })
            let numbers = line.split(whereSeparator: { "(), ".contains($0) }).dropFirst().compactMap { Double($0) }.map { CGFloat($0) }
            expected.append((name, numbers))
        }
        var ours: [(String, [CGFloat])] = []
        heartPath().applyWithBlock { e in
            let names: [CGPathElementType: (String, Int)] = [.moveToPoint: ("MoveTo", 1), .addLineToPoint: ("LineTo", 1),
                .addQuadCurveToPoint: ("QuadCurveTo", 2), .addCurveToPoint: ("CurveTo", 3), .closeSubpath: ("Close", 0)]
            let (n, count) = names[e.pointee.type]!
            ours.append((n, (0..<count).flatMap { [e.pointee.points[$0].x, e.pointee.points[$0].y] }))
        }
        #expect(ours.map(\.0) == expected.map(\.0))
        for (o, e) in zip(ours, expected) {
            #expect(o.1.count == e.1.count)
            for (a, b) in zip(o.1, e.1) { #expect(abs(a - b) < 0.001, "\(o.0): \(a) vs \(b)") }
        }
    }

    @Test(arguments: ["cgpath-heart-eofill.png", "bezierpath-heart-eofill.png"])
    func heartEvenOddFillMatchesApple(reference: String) throws {
        let path = heartPath()
        let box = path.boundingBox
        let ctx = rgbaContext(Int(box.width), Int(box.height))
        // UIGraphicsImageRenderer's context: y down, origin at the renderer's bounds origin.
        ctx.translateBy(x: 0, y: box.height)
        ctx.scaleBy(x: 1, y: -1)
        ctx.translateBy(x: -box.minX, y: -box.minY)
        ctx.addPath(path)
        ctx.setFillColor(gray: 0, alpha: 1)
        ctx.fillPath(using: .evenOdd)
        let result = try Fidelity.compare(ctx.makeImage()!, Fidelity.reference(reference), name: reference)
        print("fidelity \(reference): \(result)")
        #expect(result.passes, "\(reference): \(result)")
    }

    @Test func arcsDecomposeIntoQuarterTurns() {
        let p = CGMutablePath()
        p.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi, clockwise: false)
        #expect(p.elements.count == 3)    // move + two quarter curves
        #expect(abs(p.currentPoint.x + 10) < 1e-9 && abs(p.currentPoint.y) < 1e-9)
        let cw = CGMutablePath()
        cw.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(cw.elements.count == 4)   // three quarters the other way
        let t = CGMutablePath()
        t.move(to: CGPoint(x: 0, y: 0))
        t.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 3)
        #expect(abs(t.currentPoint.x - 10) < 1e-9 && abs(t.currentPoint.y - 3) < 1e-9)
        #expect(t.elements[1] == .line(CGPoint(x: 7, y: 0)))
        let rr = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 10, height: 10), cornerWidth: 2, cornerHeight: 2, transform: nil)
        #expect(rr.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 4, height: 2), transform: nil).elements.count == 6)
    }
}

@Suite("PNG codec")
struct PNGCodecTests {
    @Test func roundTrip() throws {
        let ctx = rgbaContext(7, 5)
        ctx.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 0.5)
        ctx.fill(CGRect(x: 0, y: 0, width: 3.5, height: 5))
        let image = ctx.makeImage()!
        let png = try image.pngData()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let back = try CGImage.decodePNG(png)
        #expect(back.width == 7 && back.height == 5)
        let a = try image.straightRGBA8(), b = try back.straightRGBA8()
        #expect(zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= 2 })
    }

    @Test func decodesReferenceGrayAlpha() throws {
        let image = try Fidelity.reference("cgpath-heart-eofill.png")
        #expect(image.width == 90 && image.height == 90 && image.alphaInfo == .premultipliedLast)
    }

    @Test func corruptTruncatedAndHostileFilesThrow() throws {
        #expect(throws: CGImageCodecError.self) { try CGImage.decodePNG(Data("not a png".utf8)) }
        let good = try rgbaContext(8, 8).makeImage()!.pngData()
        #expect(throws: CGImageCodecError.self) { try CGImage.decodePNG(good.prefix(good.count / 2)) }
        #expect(throws: CGImageCodecError.self) { try CGImage.decodePNG(Data()) }
        // A header claiming 100000 x 100000 pixels is refused before any allocation.
        var huge = [UInt8](good.prefix(33))
        huge[16...19] = [0x00, 0x01, 0x86, 0xA0]; huge[20...23] = [0x00, 0x01, 0x86, 0xA0]
        do { _ = try CGImage.decodePNG(Data(huge)); Issue.record("expected an error") } catch {
            #expect(error == .tooLarge(width: 100_000, height: 100_000) || "\(error)".contains("corrupt"))
        }
        let (img, d) = LaminaDiagnostics.collecting {
            CGImage(pngDataProviderSource: CGDataProvider(data: Data([1, 2, 3]))!, decode: nil, shouldInterpolate: true,
                    intent: .defaultIntent)
        }
        #expect(img == nil && d.count == 1)
    }
}

@Suite("JPEG codec")
struct JPEGCodecTests {
    @Test func roundTrip() throws {
        let ctx = rgbaContext(32, 16)
        ctx.setFillColor(red: 0.9, green: 0.2, blue: 0.1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
        ctx.setFillColor(red: 0.1, green: 0.3, blue: 0.8, alpha: 1)
        ctx.fill(CGRect(x: 16, y: 0, width: 16, height: 16))
        let jpeg = try ctx.makeImage()!.jpegData(quality: 0.95)
        #expect(jpeg.starts(with: [0xFF, 0xD8]))
        let back = try CGImage.decodeJPEG(jpeg)
        #expect(back.width == 32 && back.height == 16 && back.alphaInfo == .noneSkipLast)
        let px = try back.straightRGBA8()
        // Lossy, but close away from the edge between the two halves.
        #expect(abs(Int(px[(8 * 32 + 4) * 4]) - 230) <= 6 && abs(Int(px[(8 * 32 + 28) * 4 + 2]) - 204) <= 6)
        #expect(px[3] == 255)
        // Through the Apple-style initializer, and drawn like any image.
        let provider = CGDataProvider(data: jpeg)!
        let image = try #require(CGImage(jpegDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent))
        let c = rgbaContext(32, 16)
        c.draw(image, in: CGRect(x: 0, y: 0, width: 32, height: 16))
        #expect(c.pixel(x: 4, row: 8).a == 255 && c.pixel(x: 4, row: 8).r > 200)
    }

    @Test func corruptAndTruncatedDataThrow() throws {
        #expect(throws: CGImageCodecError.self) { try CGImage.decodeJPEG(Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 1, 2])) }
        #expect(throws: CGImageCodecError.self) { try CGImage.decodeJPEG(Data()) }
        #expect(throws: CGImageCodecError.self) { try CGImage.decodeJPEG(Data("plainly not a jpeg".utf8)) }
        let good = try rgbaContext(64, 64).makeImage()!.jpegData(quality: 0.5)
        // A truncated stream either decodes what it can (libjpeg-turbo warns) or throws; never crashes.
        _ = try? CGImage.decodeJPEG(good.prefix(good.count * 2 / 3))
        let (img, d) = LaminaDiagnostics.collecting {
            CGImage(jpegDataProviderSource: CGDataProvider(data: Data([1, 2, 3]))!, decode: nil, shouldInterpolate: true,
                    intent: .defaultIntent)
        }
        #expect(img == nil && d.count == 1)
    }
}

@Test func shapesCrossingTheCanvasEdgeCoverExactlyTheirVisibleArea() {
    // The triangle (-10,0) (10,0) (-10,20): the part right of x = 0 is the triangle (0,0) (10,0)
    // (0,10), area 50. Its slanted edge leaves the canvas in the middle of rows.
    let ctx = rgbaContext(32, 32)
    ctx.move(to: CGPoint(x: -10, y: 0.3)); ctx.addLine(to: CGPoint(x: 10, y: 0.3)); ctx.addLine(to: CGPoint(x: -10, y: 20.3))
    ctx.closePath(); ctx.fillPath()
    #expect(abs(alphaSum(ctx) - 50) < 0.05)
    // Mirrored across the right edge.
    let r = rgbaContext(32, 32)
    r.move(to: CGPoint(x: 42, y: 0.3)); r.addLine(to: CGPoint(x: 22, y: 0.3)); r.addLine(to: CGPoint(x: 42, y: 20.3))
    r.closePath(); r.fillPath()
    #expect(abs(alphaSum(r) - 50) < 0.05)
}

/// A rectangular clip path on pixel boundaries narrows the clip's bounds instead of making a
/// mask; the pixels are those the mask gives (forced here by adding an empty second rectangle,
/// which keeps the path from being one rectangle), for aligned and unaligned rectangles, at
/// scales and under a 90° rotation, with a scaled image, a gradient and a fill drawn through it.
@Test func rectangularClipPathsDrawWhatTheirMaskDraws() throws {
    let thumb = rgbaContext(8, 8)
    for i in 0..<8 { thumb.setFillColor(red: CGFloat(i) / 8, green: 0.4, blue: 1, alpha: CGFloat(i + 1) / 8); thumb.fill(CGRect(x: i, y: 0, width: 1, height: 8)) }
    let image = try #require(thumb.makeImage())
    let gradient = try #require(CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                           colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)] as CFArray,
                                           locations: nil))
    func draw(_ clip: CGRect, scale: CGFloat, rotate: Bool, forceMask: Bool) -> [UInt8] {
        let ctx = rgbaContext(60, 60)
        ctx.scaleBy(x: scale, y: scale)
        if rotate { ctx.translateBy(x: 60 / scale, y: 0); ctx.rotate(by: .pi / 2) }
        ctx.addRect(clip)
        if forceMask { ctx.addRect(CGRect(x: clip.minX, y: clip.minY, width: 0, height: 0)) }
        ctx.clip()
        ctx.draw(image, in: CGRect(x: 1.25, y: 2, width: 17, height: 13))
        ctx.drawLinearGradient(gradient, start: CGPoint(x: 0, y: 10), end: CGPoint(x: 20, y: 20), options: [])
        ctx.setFillColor(red: 0, green: 0.5, blue: 0, alpha: 0.5)
        ctx.fillEllipse(in: CGRect(x: 3, y: 3, width: 14, height: 14))
        return Array(UnsafeBufferPointer(start: ctx.data!.assumingMemoryBound(to: UInt8.self), count: 60 * 60 * 4))
    }
    var aligned = 0
    for clip in [CGRect(x: 2, y: 3, width: 10, height: 8), CGRect(x: 2.5, y: 3, width: 10, height: 8), CGRect(x: 4, y: 4, width: 6, height: 6.25),
                 CGRect(x: 20, y: 20, width: -12, height: -9)] {
        for scale in [CGFloat(1), 2, 3] {
            for rotate in [false, true] {
                let viaBounds = draw(clip, scale: scale, rotate: rotate, forceMask: false)
                #expect(viaBounds == draw(clip, scale: scale, rotate: rotate, forceMask: true), "\(clip) at \(scale), rotated \(rotate)")
                let corners = clip.applying(CGAffineTransform(scaleX: scale, y: scale))
                if [corners.minX, corners.minY, corners.maxX, corners.maxY].allSatisfy({ $0 == $0.rounded() }) { aligned += 1 }
            }
        }
    }
    #expect(aligned > 8)    // the fast route was taken often
    let raster = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 60)
    let path = CGMutablePath(); path.addRect(CGRect(x: 2, y: 3, width: 10, height: 8))
    #expect(CGContext.pixelAlignedRectangle(path.elements, raster).map { [$0.x0, $0.y0, $0.x1, $0.y1] } == [2, 49, 12, 57])
    let rotated = CGMutablePath(); rotated.addRect(CGRect(x: 2, y: 3, width: 10, height: 8), transform: CGAffineTransform(rotationAngle: 0.1))
    #expect(CGContext.pixelAlignedRectangle(rotated.elements, raster) == nil)
    let half = CGMutablePath(); half.addRect(CGRect(x: 2.5, y: 3, width: 10, height: 8))
    #expect(CGContext.pixelAlignedRectangle(half.elements, raster) == nil)
}
