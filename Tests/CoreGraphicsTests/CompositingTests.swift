import Testing
import LaminaTestSupport
@testable @_spi(Lamina) import CoreGraphics

@Suite("Blend modes, transparency layers, shadows")
struct CompositingTests {
    /// One pixel: an opaque destination colour, then a fill of the source colour under `mode`.
    func blend(_ mode: CGBlendMode, dst: (CGFloat, CGFloat, CGFloat, CGFloat), src: (CGFloat, CGFloat, CGFloat, CGFloat))
        -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let ctx = rgbaContext(1, 1)
        ctx.setFillColor(red: dst.0, green: dst.1, blue: dst.2, alpha: dst.3)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        ctx.setBlendMode(mode)
        ctx.setFillColor(red: src.0, green: src.1, blue: src.2, alpha: src.3)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        return ctx.pixel(x: 0, row: 0)
    }

    func near(_ a: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ b: (Int, Int, Int, Int)) -> Bool {
        abs(Int(a.r) - b.0) <= 1 && abs(Int(a.g) - b.1) <= 1 && abs(Int(a.b) - b.2) <= 1 && abs(Int(a.a) - b.3) <= 1
    }

    /// Destination (128, 64, 255)/255 and source (255, 128, 0)/255, both opaque.
    @Test func separableFormulas() {
        let d = (0.5 as CGFloat, 0.25 as CGFloat, 1 as CGFloat, 1 as CGFloat), s = (1 as CGFloat, 0.5 as CGFloat, 0 as CGFloat, 1 as CGFloat)
        #expect(near(blend(.multiply, dst: d, src: s), (128, 32, 0, 255)))
        #expect(near(blend(.screen, dst: d, src: s), (255, 160, 255, 255)))
        #expect(near(blend(.darken, dst: d, src: s), (128, 64, 0, 255)))
        #expect(near(blend(.lighten, dst: d, src: s), (255, 128, 255, 255)))
        #expect(near(blend(.difference, dst: d, src: s), (127, 64, 255, 255)))
        #expect(near(blend(.exclusion, dst: d, src: s), (127, 128, 255, 255)))
        #expect(near(blend(.plusLighter, dst: d, src: s), (255, 192, 255, 255)))
        // Luminosity of white onto red keeps the hue but takes white's lightness: white.
        #expect(blend(.luminosity, dst: (1, 0, 0, 1), src: (1, 1, 1, 1)) == (255, 255, 255, 255))
        // Hue of blue onto gray: gray has no saturation, so it stays gray.
        let h = blend(.hue, dst: (0.5, 0.5, 0.5, 1), src: (0, 0, 1, 1))
        #expect(h.r == h.g && h.g == h.b)
    }

    @Test func globalAlphaScalesTheSourceUnderBlendModes() throws {
        // Translucent red below; blue drawn with alpha 0.8 in plusLighter: alpha adds up to 1
        // (the alpha is an opacity on the source, not a coverage mixing the result).
        let blue = rgbaContext(1, 1)
        blue.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        blue.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let image = try #require(blue.makeImage())
        for useLayer in [false, true] {
            let ctx = rgbaContext(1, 1)
            ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.2)
            ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            ctx.setBlendMode(.plusLighter)
            ctx.setAlpha(0.8)
            if useLayer {
                ctx.beginTransparencyLayer(auxiliaryInfo: nil)
                ctx.setBlendMode(.normal)
                ctx.setAlpha(1)
                ctx.draw(image, in: CGRect(x: 0, y: 0, width: 1, height: 1))
                ctx.endTransparencyLayer()
            } else {
                ctx.draw(image, in: CGRect(x: 0, y: 0, width: 1, height: 1))
            }
            let p = ctx.pixel(x: 0, row: 0)
            #expect(p.a == 255 && abs(Int(p.b) - 204) <= 1 && abs(Int(p.r) - 51) <= 1, "\(p) layer: \(useLayer)")
        }
    }

    @Test func porterDuffModesAreBoundedByTheShape() {
        let ctx = rgbaContext(2, 1)
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        ctx.setBlendMode(.sourceIn)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(ctx.pixel(x: 0, row: 0) == (255, 0, 0, 255))
        #expect(ctx.pixel(x: 1, row: 0) == (0, 0, 255, 255))     // outside the shape: untouched
        ctx.setBlendMode(.destinationOut)
        ctx.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        #expect(ctx.pixel(x: 1, row: 0).a == 0)
        ctx.setBlendMode(.xor)
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        #expect(ctx.pixel(x: 0, row: 0).a == 0 && ctx.pixel(x: 1, row: 0) == (255, 0, 0, 255))
    }

    @Test func transparencyLayerCompositesAsAGroup() {
        let ctx = rgbaContext(30, 10)
        ctx.setAlpha(0.5)
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
        ctx.fill(CGRect(x: 10, y: 0, width: 20, height: 10))
        ctx.endTransparencyLayer()
        // The overlap is no darker than the rest: the group is faded as one.
        #expect(ctx.pixel(x: 5, row: 5) == (128, 0, 0, 128) && ctx.pixel(x: 15, row: 5) == (128, 0, 0, 128))
        let (_, d) = LaminaDiagnostics.collecting { ctx.endTransparencyLayer() }
        #expect(d.count == 1)
    }

    @Test func shadowsFollowTheShape() {
        let ctx = rgbaContext(40, 40)
        ctx.setShadow(offset: CGSize(width: 5, height: -5), blur: 0, color: CGColor(gray: 0, alpha: 1))
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 10, y: 20, width: 10, height: 10))
        // The shape: rows 10..<20, columns 10..<20; the shadow 5 right and 5 down (y up offset −5).
        #expect(ctx.pixel(x: 12, row: 12) == (255, 0, 0, 255))
        #expect(ctx.pixel(x: 22, row: 22) == (0, 0, 0, 255))
        #expect(ctx.pixel(x: 12, row: 22).a == 0 && ctx.pixel(x: 24, row: 12).a == 0)
        let blurred = rgbaContext(40, 40)
        blurred.setShadow(offset: .zero, blur: 8, color: CGColor(gray: 0, alpha: 1))
        blurred.setFillColor(gray: 0, alpha: 1)
        blurred.fill(CGRect(x: 15, y: 15, width: 10, height: 10))
        // The blur spreads the shadow past the shape's edge, fading with distance.
        let near = blurred.pixel(x: 26, row: 20).a, far = blurred.pixel(x: 31, row: 20).a
        #expect(near > far && far > 0 && blurred.pixel(x: 1, row: 1).a == 0)
        blurred.setShadow(offset: .zero, blur: 0, color: nil)
    }

    @Test func theClipCutsTheShadowNotWhatCastsIt() {
        // The shape lies outside the clip; its shadow falls inside and is drawn there.
        let ctx = rgbaContext(40, 40)
        ctx.clip(to: CGRect(x: 20, y: 0, width: 20, height: 40))
        ctx.setShadow(offset: CGSize(width: 15, height: 0), blur: 0, color: CGColor(gray: 0, alpha: 1))
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 5, y: 10, width: 10, height: 10))
        #expect(ctx.pixel(x: 22, row: 25) == (0, 0, 0, 255))
        #expect(ctx.pixel(x: 10, row: 25).a == 0 && ctx.pixel(x: 12, row: 25).a == 0)
        // The same through a transparency layer, with a non-rectangular clip.
        let layered = rgbaContext(40, 40)
        layered.addEllipse(in: CGRect(x: 20, y: 10, width: 10, height: 10))
        layered.clip()
        layered.setShadow(offset: CGSize(width: 15, height: 0), blur: 0, color: CGColor(gray: 0, alpha: 1))
        layered.beginTransparencyLayer(auxiliaryInfo: nil)
        layered.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        layered.fill(CGRect(x: 5, y: 10, width: 10, height: 10))
        layered.endTransparencyLayer()
        #expect(layered.pixel(x: 25, row: 25) == (0, 0, 0, 255))
        #expect(layered.pixel(x: 20, row: 20).a == 0 && layered.pixel(x: 10, row: 25).a == 0)
    }

    @Test func boxBlurPreservesMass() {
        var plane = [UInt8](repeating: 0, count: 64 * 64)
        for y in 28..<36 { for x in 28..<36 { plane[y * 64 + x] = 255 } }
        let before = plane.reduce(0) { $0 + Int($1) }
        plane.withUnsafeMutableBufferPointer { BoxBlur.blur($0.baseAddress!, width: 64, height: 64, stride: 64, sigma: 3) }
        let after = plane.reduce(0) { $0 + Int($1) }
        #expect(abs(Double(after - before)) / Double(before) < 0.02)
        #expect(plane[32 * 64 + 32] < 255 && plane[32 * 64 + 40] > 0)
    }

    /// The blur gives exactly what the definition gives: three box passes per row (a running
    /// mean with zero outside, rounded to bytes after each pass), then three per column, for
    /// odd and even box widths, planes narrower than the box, and a stride wider than the row.
    @Test func boxBlurEqualsTheBoxPassesDefinition() {
        func reference(_ p: inout [UInt8], width: Int, height: Int, stride: Int, sigma: Double) {
            let d = max(1, Int(sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5))
            let passes = d % 2 == 1 ? [(d / 2, d / 2), (d / 2, d / 2), (d / 2, d / 2)]
                                    : [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
            func pass(_ at: (Int) -> Int, _ n: Int, _ l: Int, _ r: Int) {
                let line = (0..<n).map { Int(p[at($0)]) }
                for i in 0..<n {
                    let sum = (max(0, i - l)...min(n - 1, i + r)).reduce(0) { $0 + line[$1] }
                    p[at(i)] = UInt8(min(255, (sum * ((1 << 24) / (l + r + 1)) + (1 << 23)) >> 24))
                }
            }
            for y in 0..<height { for (l, r) in passes { pass({ y * stride + $0 }, width, l, r) } }
            for (l, r) in passes { for x in 0..<width { pass({ $0 * stride + x }, height, l, r) } }
        }
        var rng = RowWindowTests.Random(state: 7)
        for (width, height, stride, sigma) in [(37, 23, 40, 2.0), (64, 9, 64, 3.3), (5, 50, 7, 6.0), (80, 80, 80, 1.2), (3, 3, 3, 9.0)] {
            var plane = (0..<stride * height).map { _ in UInt8(truncatingIfNeeded: rng.next() % 3 == 0 ? 0 : rng.next()) }
            var expected = plane
            reference(&expected, width: width, height: height, stride: stride, sigma: sigma)
            plane.withUnsafeMutableBufferPointer { BoxBlur.blur($0.baseAddress!, width: width, height: height, stride: stride, sigma: sigma) }
            #expect(plane == expected, "\(width)x\(height) stride \(stride), sigma \(sigma)")
        }
    }
}
