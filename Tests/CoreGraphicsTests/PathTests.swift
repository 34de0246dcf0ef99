import Testing
import LaminaTestSupport
import CoreGraphics

@Suite("CGPath")
struct PathTests {
    @Test func elementsRoundTrip() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addLine(to: CGPoint(x: 10, y: 0))
        p.addQuadCurve(to: CGPoint(x: 10, y: 10), control: CGPoint(x: 20, y: 5))
        p.addCurve(to: CGPoint(x: 0, y: 10), control1: CGPoint(x: 5, y: 20), control2: CGPoint(x: 0, y: 15))
        p.closeSubpath()
        var seen: [(CGPathElementType, [CGPoint])] = []
        p.applyWithBlock { e in
            let n = [CGPathElementType.moveToPoint: 1, .addLineToPoint: 1, .addQuadCurveToPoint: 2,
                     .addCurveToPoint: 3, .closeSubpath: 0][e.pointee.type]!
            seen.append((e.pointee.type, (0..<n).map { e.pointee.points[$0] }))
        }
        #expect(seen.map(\.0) == [.moveToPoint, .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath])
        #expect(seen[2].1 == [CGPoint(x: 20, y: 5), CGPoint(x: 10, y: 10)])
        #expect(p.currentPoint == CGPoint(x: 0, y: 0))
    }

    @Test func boundingBoxes() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
        #expect(p.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
        // The curve peaks at half the control's height.
        #expect(abs(p.boundingBoxOfPath.height - 5) < 1e-9)
        #expect(CGMutablePath().boundingBox.isNull)
        #expect(CGMutablePath().isEmpty)
    }

    @Test func rectDecomposesLikeCoreGraphics() {
        let p = CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil)
        #expect(p.elements == [.move(CGPoint(x: 1, y: 2)), .line(CGPoint(x: 4, y: 2)), .line(CGPoint(x: 4, y: 6)),
                               .line(CGPoint(x: 1, y: 6)), .close])
    }
}
