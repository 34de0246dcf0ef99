import Testing
import LaminaTestSupport
import CoreGraphics

@Suite("CGPath")
struct PathTests {
    @Test func sweepsOfTwoPiOrMoreAreWholeCircles() {
        let full = CGRect(x: 40, y: 40, width: 20, height: 20)
        for clockwise in [false, true] {
            for (start, end) in [(0.0, 2 * CGFloat.pi), (2 * CGFloat.pi, 0.0), (CGFloat.pi / 2, CGFloat.pi / 2 + 2 * .pi), (0, 3 * CGFloat.pi)] {
                let p = CGMutablePath()
                p.addArc(center: CGPoint(x: 50, y: 50), radius: 10, startAngle: start, endAngle: end, clockwise: clockwise)
                let box = p.boundingBoxOfPath
                #expect(abs(box.minX - full.minX) < 1e-6 && abs(box.maxX - full.maxX) < 1e-6
                        && abs(box.minY - full.minY) < 1e-6 && abs(box.maxY - full.maxY) < 1e-6,
                        "\(start)→\(end) clockwise \(clockwise): \(box)")
                // It ends where it began.
                let first = CGPoint(x: 50 + 10 * cos(start), y: 50 + 10 * sin(start))
                #expect(abs(p.currentPoint.x - first.x) < 1e-9 && abs(p.currentPoint.y - first.y) < 1e-9)
            }
        }
        // Shorter sweeps still go the asked way round: a quarter clockwise from 0 to π/2 is the
        // three-quarter arc.
        let q = CGMutablePath()
        q.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(abs(q.boundingBoxOfPath.width - 2) < 1e-9 && abs(q.boundingBoxOfPath.height - 2) < 1e-9)
        let r = CGMutablePath()
        r.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(abs(r.boundingBoxOfPath.width - 1) < 1e-9 && abs(r.boundingBoxOfPath.height - 1) < 1e-9)
    }

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

@Suite("Full-circle strokes")
struct FullCircleStrokeTests {
    /// A butt-capped full circle (an open arc that ends where it starts) shows no seam: the
    /// pixels across the ring where it starts equal those on the opposite side.
    @Test func aButtCappedFullCircleHasNoSeam() {
        let ctx = rgbaContext(64, 64)
        ctx.setStrokeColor(gray: 0, alpha: 1)
        ctx.setLineWidth(5)
        ctx.setLineCap(.butt)
        let centre = CGPoint(x: 32, y: 32.37)   // the seam runs through the middle of a pixel row
        ctx.addArc(center: centre, radius: 20, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        ctx.strokePath()
        let row = 32   // the row the seam (y = 32.37) cuts
        for dx in 17...23 {
            let seam = Int(ctx.pixel(x: 32 + dx, row: row).a)
            let opposite = Int(ctx.pixel(x: 32 - dx - 1, row: row).a)
            #expect(abs(seam - opposite) <= 2, "dx \(dx): seam side \(seam), opposite \(opposite)")
        }
    }

    /// A path that ends where it starts at a corner (a triangle without `closePath`) keeps its
    /// butt caps there: the corner is notched, not joined.
    @Test func anUnclosedCornerKeepsItsCaps() {
        let ctx = rgbaContext(64, 64)
        ctx.setStrokeColor(gray: 0, alpha: 1)
        ctx.setLineWidth(6)
        ctx.setLineCap(.butt)
        ctx.setLineJoin(.miter)
        ctx.move(to: CGPoint(x: 10, y: 10))
        ctx.addLine(to: CGPoint(x: 50, y: 10))
        ctx.addLine(to: CGPoint(x: 10, y: 50))
        ctx.addLine(to: CGPoint(x: 10, y: 10))
        ctx.strokePath()
        // (7.5, 7.5) (row 56: the context is y-up) lies outside both butt ends at the corner; a
        // join would cover it.
        #expect(ctx.pixel(x: 7, row: 56).a == 0)
        #expect(ctx.pixel(x: 11, row: 52).a == 255)
        let closed = rgbaContext(64, 64)
        closed.setStrokeColor(gray: 0, alpha: 1)
        closed.setLineWidth(6)
        closed.move(to: CGPoint(x: 10, y: 10))
        closed.addLine(to: CGPoint(x: 50, y: 10))
        closed.addLine(to: CGPoint(x: 10, y: 50))
        closed.closePath()
        closed.strokePath()
        #expect(closed.pixel(x: 7, row: 56).a == 255)
    }
}
