/// How the ends of open subpaths are drawn.
public enum CGLineCap: Int32, Sendable { case butt = 0, round, square }
/// How segments meet.
public enum CGLineJoin: Int32, Sendable { case miter = 0, round, bevel }

/// The geometry of a stroke.
struct StrokeStyle {
    var width: CGFloat = 1
    var cap: CGLineCap = .butt
    var join: CGLineJoin = .miter
    var miterLimit: CGFloat = 10
    var dashPhase: CGFloat = 0
    var dashLengths: [CGFloat] = []
}

/// Builds a stroke's outline as a set of closed polygons whose non-zero fill is the stroke: each
/// polyline's outline (StrokeOutline.swift), or, for an outline too large, pieces whose union is
/// the stroke (a quadrilateral per segment, a wedge or fan per join, and the caps, all oriented
/// the same way; pieces that share an edge leave no seam because coverage accumulates exactly).
struct Stroker {
    let style: StrokeStyle
    /// Largest error allowed for round joins and caps, in the polyline's units.
    let tolerance: CGFloat
    /// The polygons' points, one after another (no array per polygon: a stroke makes a
    /// polygon per segment and join).
    var points: [CGPoint] = []
    /// Where each polygon ends in `points`.
    var ends: [Int] = []
    /// How many points the outline holds so far.
    var pointCount: Int { points.count }
    /// Where the polygon being built starts in `points`.
    var polygonStart = 0
    /// Whether polylines are stroked as their outlines (else as pieces; tests compare the two).
    var outlines = true

    /// Calls `body` with each polygon's points, in order.
    func forEachPolygon(_ body: (ArraySlice<CGPoint>) -> Void) {
        var start = 0
        for end in ends {
            body(points[start..<end])
            start = end
        }
    }
    /// Whether pieces were dropped because the outline reached `CGPath.maximumOutlinePoints`.
    var truncated = false

    /// The diagnostic for an outline cut short, naming the operation.
    static func truncationMessage(_ operation: String) -> String {
        "\(operation): the stroke outline exceeds \(CGPath.maximumOutlinePoints) points; the rest is not drawn"
    }

    init(style: StrokeStyle, tolerance: CGFloat) {
        self.style = style
        self.tolerance = max(tolerance, 1e-4)
    }

    /// A stroker whose outline goes into `buffers`' storage (taken from it, left empty there;
    /// ``StrokeBuffers/keep(_:polyline:)`` gives it back).
    init(style: StrokeStyle, tolerance: CGFloat, reusing buffers: inout StrokeBuffers) {
        self.init(style: style, tolerance: tolerance)
        swap(&points, &buffers.points)
        swap(&ends, &buffers.ends)
    }

    /// Strokes one polyline (already flattened); `closed` joins its end to its start.
    mutating func add(polyline input: [CGPoint], closed: Bool) {
        guard !truncated else { return }
        // About four points per segment and as many per join, two polygons per point.
        let needPoints = points.count + 10 * input.count + 8, needEnds = ends.count + 2 * input.count + 2
        if needPoints > points.capacity { points.reserveCapacity(max(needPoints, 2 * points.capacity)) }
        if needEnds > ends.capacity { ends.reserveCapacity(max(needEnds, 2 * ends.capacity)) }
        // Points equal to the one before dropped (a copy only when there are some).
        var pts = input
        if zip(input.dropFirst(), input).contains(where: { $0 == $1 }) {
            pts = []
            pts.reserveCapacity(input.count)
            for p in input where pts.last.map({ $0 != p }) ?? true { pts.append(p) }
        }
        if closed, pts.count > 1, pts.first == pts.last { pts.removeLast() }
        if style.dashLengths.isEmpty {
            if !closed, Stroker.endsSmoothlyWhereItStarts(pts) {
                pts.removeLast()
                strokeSolid(pts, closed: true)
                return
            }
            strokeSolid(pts, closed: closed)
        } else {
            for piece in dashed(pts, closed: closed) where !truncated { strokeSolid(piece, closed: false) }
        }
    }

    var hw: CGFloat { style.width / 2 }

    /// Whether an open polyline ends where it starts and turns there no more sharply than at
    /// its neighbouring vertices: a smooth closed curve drawn open, such as a full circle from
    /// the arc API. Its two ends have the same tangent, so on Apple their caps abut (butt) or
    /// lie inside the stroke (round, square) and the ring shows no seam; flattened, the ends
    /// become chords whose butt caps leave a thin wedge between them, so such a polyline is
    /// stroked closed instead, which draws the same union without the wedge. A path with a
    /// corner where it ends (a triangle drawn without `closePath`) keeps its caps.
    static func endsSmoothlyWhereItStarts(_ pts: [CGPoint]) -> Bool {
        let n = pts.count
        guard n >= 4, let first = pts.first, let last = pts.last else { return false }
        let span = max(1, abs(first.x), abs(first.y))
        guard abs(first.x - last.x) <= 1e-9 * span, abs(first.y - last.y) <= 1e-9 * span else { return false }
        func turn(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) -> CGFloat {
            let ux = b.x - a.x, uy = b.y - a.y, wx = c.x - b.x, wy = c.y - b.y
            return abs(atan2(ux * wy - uy * wx, ux * wx + uy * wy))
        }
        let seam = turn(pts[n - 2], first, pts[1])
        let neighbours = max(turn(first, pts[1], pts[2]), turn(pts[n - 3], pts[n - 2], last))
        return seam < 0.35 && seam <= 2 * neighbours + 1e-9
    }

    /// Starts a polygon: its points are appended to `points`, then `endPolygon()`.
    mutating func beginPolygon() { polygonStart = points.count }

    /// Keeps the polygon begun last, turned to positive area; drops it when it has fewer than
    /// three points or no area, or when it would take the outline past its limit.
    private mutating func endPolygon() {
        let start = polygonStart, count = points.count - start
        guard count >= 3 else { points.removeSubrange(start...); return }
        var area: CGFloat = 0
        points.withUnsafeBufferPointer { p in
            for i in 0..<count {
                let a = p[start + i], b = p[i + 1 < count ? start + i + 1 : start]
                area += a.x * b.y - b.x * a.y
            }
        }
        if area == 0 { points.removeSubrange(start...); return }
        guard points.count <= CGPath.maximumOutlinePoints else {
            points.removeSubrange(start...)
            truncated = true
            return
        }
        if area < 0 {
            // In place (reversing the slice `points[start...]` copies it).
            points.withUnsafeMutableBufferPointer { p in
                var i = start, j = p.count - 1
                while i < j { p.swapAt(i, j); i += 1; j -= 1 }
            }
        }
        ends.append(points.count)
    }

    private mutating func emit(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) {
        beginPolygon()
        points.append(a); points.append(b); points.append(c)
        endPolygon()
    }

    private mutating func emit(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint) {
        beginPolygon()
        points.append(a); points.append(b); points.append(c); points.append(d)
        endPolygon()
    }

    private mutating func strokeSolid(_ pts: [CGPoint], closed: Bool) {
        guard let first = pts.first else { return }
        if pts.count == 1 {
            // A zero-length subpath shows as a dot with round or square caps.
            switch style.cap {
            case .round:
                beginPolygon()
                appendCircle(first, hw)
                endPolygon()
            case .square: emit(CGPoint(x: first.x - hw, y: first.y - hw), CGPoint(x: first.x + hw, y: first.y - hw),
                               CGPoint(x: first.x + hw, y: first.y + hw), CGPoint(x: first.x - hw, y: first.y + hw))
            case .butt: break
            }
            return
        }
        if outlines { strokeOutline(pts, closed: closed) } else { strokePieces(pts, closed: closed) }
    }

    /// The stroke of `pts` as a union of pieces: a quadrilateral per segment, a wedge or fan per
    /// join and the caps (each its own polygon, turned to positive area).
    mutating func strokePieces(_ pts: [CGPoint], closed: Bool) {
        let n = pts.count
        let segmentCount = closed ? n : n - 1
        for i in 0..<segmentCount {
            let p = pts[i], q = pts[(i + 1) % n]
            let nrm = normal(p, q)
            emit(CGPoint(x: p.x + nrm.x, y: p.y + nrm.y), CGPoint(x: q.x + nrm.x, y: q.y + nrm.y),
                 CGPoint(x: q.x - nrm.x, y: q.y - nrm.y), CGPoint(x: p.x - nrm.x, y: p.y - nrm.y))
        }
        let joinRange = closed ? 0..<n : 1..<(n - 1)
        for i in joinRange {
            join(at: pts[i], from: pts[(i - 1 + n) % n], to: pts[(i + 1) % n])
        }
        if !closed {
            cap(at: pts[0], toward: pts[1])
            cap(at: pts[n - 1], toward: pts[n - 2])
        }
    }

    /// The left normal of p→q, scaled to the half width.
    func normal(_ p: CGPoint, _ q: CGPoint) -> CGPoint {
        let dx = q.x - p.x, dy = q.y - p.y
        let len = (dx * dx + dy * dy).squareRoot()
        return CGPoint(x: -dy / len * hw, y: dx / len * hw)
    }

    private mutating func join(at v: CGPoint, from a: CGPoint, to b: CGPoint) {
        let na = normal(a, v), nb = normal(v, b)
        let (s, straight) = Stroker.outerSide(at: v, from: a, to: b)
        if straight { return }
        let o1 = CGPoint(x: v.x + s * na.x, y: v.y + s * na.y), o2 = CGPoint(x: v.x + s * nb.x, y: v.y + s * nb.y)
        switch style.join {
        case .bevel:
            emit(v, o1, o2)
        case .round:
            beginPolygon()
            points.append(v)
            appendArc(center: v, from: o1, to: o2, turn: -s)
            endPolygon()
        case .miter:
            let half = halfAngleCosine(na, nb)
            if half > 1e-9 && 1 / half <= style.miterLimit {
                emit(v, o1, corner(at: v, na, nb, side: s, halfCosine: half), o2)
            } else {
                emit(v, o1, o2)
            }
        }
    }

    /// At vertex v, reached from a and left toward b: the outer side of the turn (+1 the left of
    /// the polyline, -1 the right; opposite to the turn) and whether it goes straight on.
    static func outerSide(at v: CGPoint, from a: CGPoint, to b: CGPoint) -> (side: CGFloat, straight: Bool) {
        let ux = v.x - a.x, uy = v.y - a.y, wx = b.x - v.x, wy = b.y - v.y
        let cross = ux * wy - uy * wx, dot = ux * wx + uy * wy
        return (cross > 0 ? -1 : 1, abs(cross) <= 1e-12 * (ux * ux + uy * uy + wx * wx + wy * wy) && dot > 0)
    }

    /// The cosine of half the angle between two segments' normals (each half the width long).
    func halfAngleCosine(_ na: CGPoint, _ nb: CGPoint) -> CGFloat {
        ((1 + (na.x * nb.x + na.y * nb.y) / (hw * hw)) / 2).squareRoot()
    }

    /// Where the two segments' offset lines on `side` meet at vertex v (`halfCosine` from
    /// ``halfAngleCosine(_:_:)``, above 0).
    func corner(at v: CGPoint, _ na: CGPoint, _ nb: CGPoint, side: CGFloat, halfCosine: CGFloat) -> CGPoint {
        let mx = na.x + nb.x, my = na.y + nb.y
        let ml = (mx * mx + my * my).squareRoot(), len = hw / halfCosine
        return CGPoint(x: v.x + side * mx / ml * len, y: v.y + side * my / ml * len)
    }

    private mutating func cap(at p: CGPoint, toward q: CGPoint) {
        let nrm = normal(q, p)                      // left normal of the direction leaving the path
        let dx = p.x - q.x, dy = p.y - q.y
        let len = (dx * dx + dy * dy).squareRoot()
        let ex = dx / len * hw, ey = dy / len * hw
        switch style.cap {
        case .butt: break
        case .square:
            emit(CGPoint(x: p.x + nrm.x, y: p.y + nrm.y), CGPoint(x: p.x + nrm.x + ex, y: p.y + nrm.y + ey),
                 CGPoint(x: p.x - nrm.x + ex, y: p.y - nrm.y + ey), CGPoint(x: p.x - nrm.x, y: p.y - nrm.y))
        case .round:
            let from = CGPoint(x: p.x + nrm.x, y: p.y + nrm.y), to = CGPoint(x: p.x - nrm.x, y: p.y - nrm.y)
            beginPolygon()
            points.append(p)
            appendArc(center: p, from: from, to: to, turn: -1)
            endPolygon()
        }
    }

    /// Points on the circle about `center` from `from` to `to`, turning the short way in the
    /// direction of `turn` (+1 toward increasing angle), within the tolerance; a half turn when
    /// the two are opposite. `ends`: whether `from` and `to` themselves are appended.
    mutating func appendArc(center c: CGPoint, from: CGPoint, to: CGPoint, turn: CGFloat, ends: Bool = true) {
        let a0 = atan2(from.y - c.y, from.x - c.x), a1 = atan2(to.y - c.y, to.x - c.x)
        var delta = a1 - a0
        if turn > 0 { while delta < 0 { delta += 2 * .pi } } else { while delta > 0 { delta -= 2 * .pi } }
        let r = hw
        let step = 2 * acos(max(-1, min(1, 1 - tolerance / max(r, tolerance))))
        // Saturating: a non-finite point (a stroke of coordinates near the float limit) makes
        // delta NaN, which Int(_:) traps on.
        let n = max(1, min(256, Int(saturating: (abs(delta) / max(step, 1e-3)).rounded(.up))))
        if ends { points.append(from) }
        for i in 1..<n {
            let a = a0 + delta * CGFloat(i) / CGFloat(n)
            points.append(CGPoint(x: c.x + r * cos(a), y: c.y + r * sin(a)))
        }
        if ends { points.append(to) }
    }

    private mutating func appendCircle(_ c: CGPoint, _ r: CGFloat) {
        let step = 2 * acos(max(-1, min(1, 1 - tolerance / max(r, tolerance))))
        let n = max(8, min(512, Int(saturating: (2 * .pi / max(step, 1e-3)).rounded(.up))))
        for i in 0..<n {
            let a = 2 * CGFloat.pi * CGFloat(i) / CGFloat(n)
            points.append(CGPoint(x: c.x + r * cos(a), y: c.y + r * sin(a)))
        }
    }

    private mutating func dashed(_ pts: [CGPoint], closed: Bool) -> [[CGPoint]] {
        Stroker.dashes(of: pts, closed: closed, style: style, truncated: &truncated)
    }

    /// `pts` with its first point again at the end, in an array of its own size: appending to
    /// a copy of `pts` would give the copy the capacity of the caller's buffer (Swift keeps it
    /// when it copies to append), which can be far larger than this subpath, so a copy of that
    /// size per subpath (fuzz-path: megabytes per subpath of a two-million-point outline).
    static func closing(_ pts: [CGPoint]) -> [CGPoint] {
        guard let f = pts.first else { return pts }
        var path: [CGPoint] = []
        path.reserveCapacity(pts.count + 1)
        path.append(contentsOf: pts)
        path.append(f)
        return path
    }

    /// Splits a polyline into its dashes ("on" intervals), starting `dashPhase` into the pattern.
    /// At most half `CGPath.maximumOutlinePoints` dashes are made; `truncated` tells when that cut the
    /// polyline short.
    static func dashes(of pts: [CGPoint], closed: Bool, style: StrokeStyle, truncated: inout Bool) -> [[CGPoint]] {
        guard !pts.isEmpty else { return [] }
        let lengths = style.dashLengths
        let total = lengths.reduce(0, +)
        guard total > 0, lengths.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return [pts] }
        let path = closed ? closing(pts) : pts
        var index = 0
        var remaining = lengths[0]
        var phase = style.dashPhase.truncatingRemainder(dividingBy: total)
        if phase < 0 { phase += total }
        while phase > 0 {
            if phase >= remaining { phase -= remaining; index = (index + 1) % lengths.count; remaining = lengths[index] }
            else { remaining -= phase; phase = 0 }
        }
        var on = index % 2 == 0
        var out: [[CGPoint]] = []
        var current: [CGPoint] = on ? [path[0]] : []
        var count = 0
        for i in 1..<max(path.count, 1) {
            var a = path[i - 1]
            let b = path[i]
            var seg = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            while seg > remaining {
                let t = remaining / seg
                let p = CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                if on { current.append(p); out.append(current); current = [] } else { current = [p] }
                seg -= remaining
                a = p
                on.toggle()
                index = (index + 1) % lengths.count
                remaining = lengths[index]
                count += 1
                if count > CGPath.maximumOutlinePoints / 2 { truncated = true; return out }
            }
            remaining -= seg
            if on { current.append(b) }
        }
        if on, current.count > 1 { out.append(current) }
        return out
    }
}
