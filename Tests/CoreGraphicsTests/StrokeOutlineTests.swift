import Foundation
import Testing
@testable @_spi(Lamina) import CoreGraphics

/// Strokes as outlines (issue 17): a polyline's outline covers what the union of its pieces (a
/// quadrilateral per segment, a wedge per join, the caps) covers, with exact coverage where the
/// pieces overlapped.
@Suite("Stroke outlines")
struct StrokeOutlineTests {
    static let size = 64

    /// The stroke's polygons filled (non-zero) into a fresh A8 bitmap: its coverage bytes.
    static func coverage(_ stroker: Stroker) -> [UInt8] {
        let ctx = CGContext(data: nil, width: size, height: size, bitsPerComponent: 8, bytesPerRow: size,
                            space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue)!
        let path = CGMutablePath()
        stroker.forEachPolygon { poly in
            path.move(to: poly[poly.startIndex])
            for p in poly.dropFirst() { path.addLine(to: p) }
            path.closeSubpath()
        }
        ctx.addPath(path)
        ctx.fillPath(using: .winding)
        return Array(UnsafeRawBufferPointer(start: ctx.data!, count: size * size))
    }

    static func stroke(_ pts: [CGPoint], closed: Bool, style: StrokeStyle, outlines: Bool) -> Stroker {
        var s = Stroker(style: style, tolerance: 0.1)
        s.outlines = outlines
        s.add(polyline: pts, closed: closed)
        return s
    }

    /// Random polylines (2 to 12 points, open and closed; sharp turns, U-turns, repeated points,
    /// segments shorter than the width) with every join and cap and widths from 0.5 to 12 px:
    /// the outline touches no pixel the pieces leave alone, is never darker than them, and leaves
    /// no hole where the pieces cover a pixel and its neighbours fully (under half covered there:
    /// the pieces' overlaps can make a partly covered pixel look full, not an empty one).
    @Test func theOutlineCoversWhatThePiecesCover() {
        var rng = RowWindowTests.Random(state: 71)
        var spills = 0, darker = 0, holes = 0, lighter = 0
        for trial in 0..<400 {
            var style = StrokeStyle()
            style.width = rng.range(0.5, 12)
            style.join = [CGLineJoin.miter, .round, .bevel][trial % 3]
            style.cap = [CGLineCap.butt, .round, .square][(trial / 3) % 3]
            style.miterLimit = rng.int(3) == 0 ? 1.5 : 10
            let count = 2 + rng.int(11)
            var pts: [CGPoint] = []
            for _ in 0..<count {
                switch rng.int(6) {
                case 0 where !pts.isEmpty: pts.append(pts[pts.count - 1])                     // a repeated point
                case 1 where pts.count >= 2: pts.append(pts[pts.count - 2])                   // a U-turn
                case 2 where !pts.isEmpty:                                                     // a short segment
                    pts.append(CGPoint(x: pts[pts.count - 1].x + rng.range(-2, 2), y: pts[pts.count - 1].y + rng.range(-2, 2)))
                default: pts.append(CGPoint(x: rng.range(8, 56), y: rng.range(8, 56)))
                }
            }
            let closed = trial % 2 == 1
            let outline = Self.coverage(Self.stroke(pts, closed: closed, style: style, outlines: true))
            let pieces = Self.coverage(Self.stroke(pts, closed: closed, style: style, outlines: false))
            for y in 0..<Self.size {
                for x in 0..<Self.size {
                    let i = y * Self.size + x
                    let o = Int(outline[i]), p = Int(pieces[i])
                    if p <= 1 && o > 2 { spills += 1 }
                    if o > p + 2 { darker += 1 }
                    if o < p { lighter += 1 }
                    if x > 0, y > 0, x < Self.size - 1, y < Self.size - 1, o < 128,
                       [-Self.size - 1, -Self.size, -Self.size + 1, -1, 0, 1, Self.size - 1, Self.size, Self.size + 1].allSatisfy({ pieces[i + $0] == 255 }) {
                        holes += 1
                    }
                }
            }
        }
        #expect(spills == 0, "\(spills) pixels covered by the outline only")
        #expect(darker == 0, "\(darker) pixels darker in the outline")
        #expect(holes == 0, "\(holes) pixels left out inside the stroke")
        // The outline's exact coverage does show where the pieces overlapped.
        #expect(lighter > 0)
    }

    /// A closed square on whole pixels stroked 2 px wide with miter joins: a ring whose pixels
    /// are fully covered and whose inside and outside are untouched (no pixel counted twice or
    /// left out at the corners).
    @Test func aSquareRingIsExact() {
        var style = StrokeStyle()
        style.width = 2
        let pts = [CGPoint(x: 10, y: 10), CGPoint(x: 30, y: 10), CGPoint(x: 30, y: 40), CGPoint(x: 10, y: 40)]
        let s = Self.stroke(pts, closed: true, style: style, outlines: true)
        // Two polygons of four corners each: the outer and inner squares.
        #expect(s.ends == [4, 8])
        let c = Self.coverage(s)
        var wrong = 0
        for y in 0..<Self.size {
            for x in 0..<Self.size {
                // Memory row y holds user space y in [size - 1 - y, size - y] (the y axis points up).
                let u = Self.size - 1 - y
                let inOuter = x >= 9 && x < 31 && u >= 9 && u < 41, inInner = x >= 11 && x < 29 && u >= 11 && u < 39
                if c[y * Self.size + x] != (inOuter && !inInner ? 255 : 0) { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }
}
