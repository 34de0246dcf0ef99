import Foundation

/// A polyline's stroke as its outline (issue 17: strokes): one closed polygon around an open
/// polyline (its left side forward, the end cap, its right side backward, the start cap) and two
/// around a closed one (its left side, its right side backward). Filled with the non-zero rule
/// it covers what the union of a quadrilateral per segment and a wedge per join covers, with
/// about a third of the edges, and each pixel's coverage is the area of the stroke in it (pieces
/// that overlap no longer add their partial coverage at the stroke's edges).
///
/// Each join puts its join (miter, bevel or round) on the outer side of the turn. On the inner
/// side the two offset lines meet at one point when that point lies within the first half of
/// both segments; otherwise the outline goes back through the vertex (the inner join of Skia's
/// and Cairo's strokers), which the non-zero rule fills correctly however short the segments.
extension Stroker {
    /// One side of the stroke: +1 the left (the polyline's left normals), -1 the right.
    private typealias Side = CGFloat

    /// Strokes `pts` (at least two points, none equal to the next; for a closed polyline the
    /// last is not the first) as its outline.
    ///
    /// An outline that would take the stroke past `CGPath.maximumOutlinePoints` is stroked as
    /// pieces instead (which the limit cuts piece by piece, keeping what fits).
    mutating func strokeOutline(_ pts: [CGPoint], closed: Bool) {
        let keptPoints = points.count, keptEnds = ends.count
        if !outline(pts, closed: closed) {
            points.removeSubrange(keptPoints...)
            ends.removeSubrange(keptEnds...)
            strokePieces(pts, closed: closed)
        }
    }

    /// Appends the outline; false when it did not fit under the limit.
    private mutating func outline(_ pts: [CGPoint], closed: Bool) -> Bool {
        let n = pts.count
        let segments = closed ? n : n - 1
        // Each segment's left normal (half the width long) and length (on the stack when few).
        return withUnsafeTemporaryAllocation(of: CGPoint.self, capacity: segments) { normals in
            withUnsafeTemporaryAllocation(of: CGFloat.self, capacity: segments) { lengths in
                for i in 0..<segments {
                    let p = pts[i], q = pts[i + 1 < n ? i + 1 : 0]
                    normals.initializeElement(at: i, to: normal(p, q))
                    lengths.initializeElement(at: i, to: ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot())
                }
                return outline(pts, closed: closed, UnsafeBufferPointer(normals), UnsafeBufferPointer(lengths))
            }
        }
    }

    private mutating func outline(_ pts: [CGPoint], closed: Bool, _ normals: UnsafeBufferPointer<CGPoint>,
                                  _ lengths: UnsafeBufferPointer<CGFloat>) -> Bool {
        let n = pts.count
        let segments = normals.count
        if closed {
            // The left side forward, then the right side backward.
            beginPolygon()
            for j in 0..<n { appendJoin(pts, j, side: 1, normals, lengths) }
            guard endOutline() else { return false }
            beginPolygon()
            var j = n - 1
            while j >= 0 { appendJoin(pts, j, side: -1, normals, lengths, reversed: true); j -= 1 }
            return endOutline()
        }
        beginPolygon()
        let first = normals[0], last = normals[segments - 1]
        points.append(CGPoint(x: pts[0].x + first.x, y: pts[0].y + first.y))
        for j in 1..<(n - 1) { appendJoin(pts, j, side: 1, normals, lengths) }
        let end = pts[n - 1]
        points.append(CGPoint(x: end.x + last.x, y: end.y + last.y))
        appendCap(at: end, normal: last)
        points.append(CGPoint(x: end.x - last.x, y: end.y - last.y))
        var j = n - 2
        while j >= 1 { appendJoin(pts, j, side: -1, normals, lengths, reversed: true); j -= 1 }
        let start = pts[0]
        points.append(CGPoint(x: start.x - first.x, y: start.y - first.y))
        appendCap(at: start, normal: CGPoint(x: -first.x, y: -first.y))
        return endOutline()
    }

    /// Keeps the outline begun last (dropped when it has fewer than three points); false when it
    /// takes the stroke past `CGPath.maximumOutlinePoints`. (Its orientation does not matter to
    /// the non-zero rule.)
    private mutating func endOutline() -> Bool {
        let start = polygonStart
        guard points.count <= CGPath.maximumOutlinePoints else { return false }
        if points.count - start >= 3 { ends.append(points.count) } else { points.removeSubrange(start...) }
        return true
    }

    /// The cap at `p`, the end of a side whose outward normal there is `normal` (the cap runs
    /// from `p + normal` round the end to `p - normal`; both points are appended by the caller).
    private mutating func appendCap(at p: CGPoint, normal m: CGPoint) {
        switch style.cap {
        case .butt: break
        case .square:
            // The direction leaving the polyline: the normal turned a quarter clockwise.
            let ex = m.y, ey = -m.x
            points.append(CGPoint(x: p.x + m.x + ex, y: p.y + m.y + ey))
            points.append(CGPoint(x: p.x - m.x + ex, y: p.y - m.y + ey))
        case .round:
            // The arc's end points are the sides' ends, which the caller appends.
            appendArc(center: p, from: CGPoint(x: p.x + m.x, y: p.y + m.y), to: CGPoint(x: p.x - m.x, y: p.y - m.y),
                      turn: -1, ends: false)
        }
    }

    /// The points of one side of the stroke at vertex `j` (between the segment ending there and
    /// the one starting there), in the order of travel: forward along the polyline, or backward
    /// when `reversed`.
    private mutating func appendJoin(_ pts: [CGPoint], _ j: Int, side: Side, _ normals: UnsafeBufferPointer<CGPoint>,
                                     _ lengths: UnsafeBufferPointer<CGFloat>, reversed: Bool = false) {
        let count = normals.count, n = pts.count
        let a = j == 0 ? count - 1 : j - 1, b = j
        let v = pts[j], prev = pts[j == 0 ? n - 1 : j - 1], next = pts[j + 1 < n ? j + 1 : 0]
        let na = normals[a], nb = normals[b]
        // The side's two offset points: where the segment before ends, where the next starts.
        var o1 = CGPoint(x: v.x + side * na.x, y: v.y + side * na.y), o2 = CGPoint(x: v.x + side * nb.x, y: v.y + side * nb.y)
        let (outer, straight) = Stroker.outerSide(at: v, from: prev, to: next)
        if reversed { swap(&o1, &o2) }
        if straight {
            points.append(o1)
            if o2 != o1 { points.append(o2) }
            return
        }
        let half = halfAngleCosine(na, nb)
        if side == outer {
            switch style.join {
            case .bevel:
                points.append(o1); points.append(o2)
            case .round:
                appendArc(center: v, from: o1, to: o2, turn: reversed ? side : -side)
            case .miter:
                if half > 1e-9 && 1 / half <= style.miterLimit {
                    points.append(corner(at: v, na, nb, side: side, halfCosine: half))
                } else {
                    points.append(o1); points.append(o2)
                }
            }
            return
        }
        // The inner side: the corner when it lies within the first half of both segments (how
        // far it lies along them from the vertex: half the width times tan of half the angle).
        let along = half > 1e-9 ? hw * (1 - half * half).squareRoot() / half : .infinity
        if along <= lengths[a] / 2 && along <= lengths[b] / 2 {
            points.append(corner(at: v, na, nb, side: side, halfCosine: half))
        } else {
            points.append(o1); points.append(v); points.append(o2)
        }
    }
}
