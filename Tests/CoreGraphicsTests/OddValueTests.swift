import Testing
import LaminaTestSupport
@_spi(Lamina) import CoreGraphics

/// Odd values found by the fuzz targets (issue 16): each once trapped converting a Double to Int.
@Suite("Odd values do not trap")
struct OddValueTests {
    /// fuzz-path: a quadratic whose control point is −1.7e38 made the flattener ask for
    /// Int(1e19) pieces (Tests/FuzzFindings/path/).
    @Test func enormousCurvesAreFlattenedWithoutTrapping() {
        let ctx = rgbaContext(16, 16)
        ctx.setStrokeColor(gray: 0, alpha: 1)
        for big in [-1.7e38, 1e160, 1e300] as [CGFloat] {
            ctx.move(to: .zero)
            ctx.addQuadCurve(to: CGPoint(x: 4, y: 4), control: CGPoint(x: big, y: 0))
            ctx.addCurve(to: CGPoint(x: 8, y: 8), control1: CGPoint(x: 0, y: big), control2: CGPoint(x: big, y: big))
            ctx.strokePath()
            ctx.move(to: .zero)
            ctx.addQuadCurve(to: CGPoint(x: 4, y: 4), control: CGPoint(x: big, y: 0))
            ctx.fillPath()
        }
        #expect(ctx.width == 16)
    }

    @Test func saturatingConversion() {
        #expect(Int(saturating: 1e30) == .max && Int(saturating: -1e30) == .min && Int(saturating: .nan) == 0)
        #expect(Int(saturating: .infinity) == .max && Int(saturating: 41.9) == 41 && Int(saturating: -2.5) == -2)
    }
}
