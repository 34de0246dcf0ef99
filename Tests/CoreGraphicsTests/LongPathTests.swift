import Foundation
import Testing
@testable import CoreGraphics
import LaminaTestSupport

/// Building on a long path costs what the new elements cost, not the path's length: fuzz-path's
/// input `Tests/FuzzFindings/path/long-path-current-point-timeout` outlined a path to two
/// million elements and then added a few curves, each of which scanned the whole path for its
/// current point (making an array per element): 7.1 s under AddressSanitizer, found while
/// looking for the input of a 13 s timeout that stopped CI's fuzz run.
/// The queries that now work without per-element arrays must answer as the element-by-element
/// definitions below do.
@Suite("Long paths")
struct LongPathTests {
    /// The definition: a forward walk where a close returns to its subpath's start.
    static func referenceCurrentPoint(_ elements: [PathElement]) -> CGPoint {
        var start = CGPoint.zero, current = CGPoint.zero
        for e in elements {
            switch e {
            case .move(let p): start = p; current = p
            case .close: current = start
            default: current = e.points.last!
            }
        }
        return current
    }

    /// Random element sequences, including ones that start without a move, repeat closes and
    /// continue after a close, with odd values among the points.
    static func randomElements(_ g: inout RowWindowTests.Random, count: Int) -> [PathElement] {
        let odd: [CGFloat] = [.nan, .infinity, -.infinity, 1e30, -0.0]
        func point() -> CGPoint {
            func v() -> CGFloat { g.next() % 11 == 0 ? odd[Int(g.next() % 5)] : CGFloat(Int(g.next() % 200)) - 100 }
            return CGPoint(x: v(), y: v())
        }
        return (0..<count).map { _ in
            switch g.next() % 6 {
            case 0: .move(point())
            case 1, 2: .line(point())
            case 3: .quad(control: point(), to: point())
            case 4: .cubic(control1: point(), control2: point(), to: point())
            default: .close
            }
        }
    }

    @Test func currentPointIsTheForwardWalks() {
        var g = RowWindowTests.Random(state: 17)
        for n in 0..<400 {
            let elements = Self.randomElements(&g, count: n % 12)
            let want = Self.referenceCurrentPoint(elements), got = CGPath(elements: elements).currentPoint
            // Bit for bit (NaN compared by its bits too).
            #expect(got.x.bitPattern == want.x.bitPattern && got.y.bitPattern == want.y.bitPattern, "\(elements)")
        }
        // A close returns to the last move, not the first; a close with no move before it to zero.
        #expect(CGPath(elements: [.move(CGPoint(x: 1, y: 2)), .line(CGPoint(x: 3, y: 4)), .move(CGPoint(x: 5, y: 6)),
                                  .line(CGPoint(x: 7, y: 8)), .close, .close]).currentPoint == CGPoint(x: 5, y: 6))
        #expect(CGPath(elements: [.line(CGPoint(x: 3, y: 4)), .close]).currentPoint == .zero)
    }

    @Test func boundingBoxFinitenessAndElementPointsAreThePointsOnes() {
        var g = RowWindowTests.Random(state: 5)
        for n in 0..<300 {
            let elements = Self.randomElements(&g, count: n % 9)
            let path = CGPath(elements: elements)
            let want = CGRect.boundingBox(of: elements.flatMap(\.points)), got = path.boundingBox
            #expect(got.isNull == want.isNull && (got.isNull || got == want), "\(elements): \(got) vs \(want)")
            #expect(path.isFinite == elements.allSatisfy { $0.points.allSatisfy(\.isFinite) }, "\(elements)")
            var reported: [[CGPoint]] = [], types: [CGPathElementType] = []
            path.applyWithBlock { e in
                let n = e.pointee.type == .closeSubpath ? 0 : e.pointee.type == .addQuadCurveToPoint ? 2
                    : e.pointee.type == .addCurveToPoint ? 3 : 1
                reported.append((0..<n).map { e.pointee.points[$0] })
                types.append(e.pointee.type)
            }
            #expect(types == elements.map(\.type))
            #expect(reported.count == elements.count && zip(reported, elements).allSatisfy { pts, e in
                pts.count == e.points.count && zip(pts, e.points).allSatisfy { $0.x.bitPattern == $1.x.bitPattern && $0.y.bitPattern == $1.y.bitPattern }
            }, "\(elements)")
        }
    }

    /// The context continues a path from its current point after a close and after a long
    /// subpath, as the forward walk says.
    @Test func theContextContinuesFromTheCurrentPoint() {
        let ctx = rgbaContext(8, 8)
        ctx.translateBy(x: 2, y: 3)
        ctx.move(to: CGPoint(x: 1, y: 1))
        for i in 0..<10_000 { ctx.addLine(to: CGPoint(x: CGFloat(i % 7), y: CGFloat(i % 5))) }
        #expect(ctx.currentPointOfPath == CGPoint(x: CGFloat(9_999 % 7), y: CGFloat(9_999 % 5)))
        ctx.closePath()
        #expect(ctx.currentPointOfPath == CGPoint(x: 1, y: 1))
        ctx.addLine(to: CGPoint(x: 4, y: 4))
        ctx.closePath()
        ctx.closePath()
        #expect(ctx.currentPointOfPath == CGPoint(x: 1, y: 1))
        // An arc tangent to the line from the current point: the line starts at the subpath's start.
        ctx.addArc(tangent1End: CGPoint(x: 1, y: 6), tangent2End: CGPoint(x: 6, y: 6), radius: 0)
        #expect(ctx.currentPointOfPath == CGPoint(x: 1, y: 6))
        let elements = ctx.path!.elements
        #expect(elements.count == 1 + 10_000 + 1 + 1 + 2 + 1)
        #expect(Self.referenceCurrentPoint(elements) == CGPoint(x: 1, y: 6))
    }

    /// Paths added one after another grow the current path's storage by doubling: reserving
    /// exactly what each needed copied the whole path on every `addPath(_:)`.
    @Test func addingPathsGrowsTheStorageGeometrically() {
        let ctx = rgbaContext(8, 8)
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 2), transform: nil)
        var capacities: Set<Int> = []
        for _ in 0..<4_000 {
            ctx.addPath(square)
            capacities.insert(ctx.pathStorage.capacity)
        }
        #expect(ctx.pathStorage.count == 4_000 * 5)
        // Doubling from one square's five elements to 20,000 is about a dozen sizes.
        #expect(capacities.count < 24, "\(capacities.count) capacities")
        #expect(ctx.path!.elements.count == 4_000 * 5)
    }

    /// A dashed closed subpath is walked with its start again at the end: that copy is the
    /// subpath's size, not the capacity of the buffer the subpath came in (the context flattens
    /// every subpath into one buffer; a copy made by appending keeps the buffer's capacity, so
    /// each small subpath of a two-million-point outline cost a copy of megabytes: fuzz-path's
    /// `dashed-subpaths-of-a-long-outline-timeout`, minutes under AddressSanitizer).
    @Test func closingASubpathCopiesOnlyTheSubpath() {
        var buffer: [CGPoint] = []
        buffer.reserveCapacity(1_000_000)
        buffer.append(contentsOf: [CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4), CGPoint(x: 5, y: 0)])
        let closed = Stroker.closing(buffer)
        #expect(closed == buffer + [CGPoint(x: 1, y: 2)])
        #expect(closed.capacity < 64, "capacity \(closed.capacity)")
        #expect(Stroker.closing([]).isEmpty)
        // The dashes of a closed triangle run on across its closing side.
        var truncated = false
        var style = StrokeStyle()
        style.dashLengths = [2, 1]
        let dashes = Stroker.dashes(of: buffer, closed: true, style: style, truncated: &truncated)
        #expect(!truncated && dashes.count > 1)
        // The perimeter is 11.77: the last dash, from 9 to 11, ends on the closing side x + 2y = 5.
        let end = dashes.last!.last!
        #expect(abs(end.x + 2 * end.y - 5) < 1e-9 && end.y > 0 && end.y < 2, "\(end)")
    }
}
