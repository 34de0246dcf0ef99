import Foundation

/// Orders the flat layers of a `CATransformLayer` for painting, splitting planes that cross.
///
/// Each layer is a plane polygon (its bounds) in the drawing plane's projective space: x and y
/// where it lands, z its depth after the perspective divide (larger is nearer: Core Animation's
/// +z points at the viewer, and the divide keeps depth order for points in front of the eye).
/// In that space the view is orthographic along −z, so a binary space partition gives a correct
/// back-to-front order: at each node the far side is drawn, then the node's plane, then the near
/// side. A layer cut by another's plane is drawn once per piece, each piece clipped to the
/// half-planes (in x and y) its cuts leave it.
package struct PlaneSorter {
    /// A piece of a layer's plane: which layer, its polygon, and the 2D half-planes
    /// `a·x + b·y + c ≥ 0` that bound it (empty when the layer was not cut).
    package struct Piece {
        package var item: Int
        package var polygon: [SIMD3<Double>]
        package var halfPlanes: [SIMD3<Double>]
    }

    /// A plane `n · p = d`.
    private struct Plane {
        var n: SIMD3<Double>
        var d: Double
        func distance(_ p: SIMD3<Double>) -> Double { (n * p).sum() - d }
    }

    private let planes: [Plane?]
    private let epsilon: Double

    /// The pieces of `polygons` (one convex planar polygon per layer, in projective space) in
    /// painting order. A degenerate polygon (no area) is painted where the order reaches it.
    /// Nil when splitting would make more than `maximumPieces` pieces (many planes crossing
    /// each other: the caller falls back to a simpler order).
    package static func order(_ polygons: [[SIMD3<Double>]], maximumPieces: Int = .max) -> [Piece]? {
        let sorter = PlaneSorter(polygons)
        var out: [Piece] = []
        var budget = maximumPieces
        let pieces = polygons.enumerated().map { Piece(item: $0.offset, polygon: $0.element, halfPlanes: []) }
        guard sorter.paint(pieces, into: &out, depth: 0, budget: &budget) else { return nil }
        return out
    }

    private init(_ polygons: [[SIMD3<Double>]]) {
        var size = 1.0
        for p in polygons { for v in p { size = max(size, abs(v.x), abs(v.y), abs(v.z)) } }
        epsilon = size * 1e-9
        planes = polygons.map { poly in
            // Newell's method: robust for any planar polygon.
            var n = SIMD3<Double>(0, 0, 0)
            for i in poly.indices {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                n += SIMD3((a.y - b.y) * (a.z + b.z), (a.z - b.z) * (a.x + b.x), (a.x - b.x) * (a.y + b.y))
            }
            let len = (n * n).sum().squareRoot()
            guard len > 0, len.isFinite else { return nil }
            n /= len
            // Orient every plane towards the viewer (+z), so "front" means nearer.
            if n.z < 0 { n = -n }
            let centre = poly.reduce(SIMD3<Double>(0, 0, 0), +) / Double(poly.count)
            return Plane(n: n, d: (n * centre).sum())
        }
    }

    /// Appends `pieces` back to front. The first piece's plane splits the rest. False when the
    /// pieces outgrow `budget`.
    private func paint(_ pieces: [Piece], into out: inout [Piece], depth: Int, budget: inout Int) -> Bool {
        guard let first = pieces.first else { return true }
        // Degenerate planes (zero area) and runaway recursion paint in the order given.
        guard let plane = planes[first.item], depth < 64 else { out += pieces; return true }
        var back: [Piece] = [], front: [Piece] = [], here: [Piece] = [first]
        for piece in pieces.dropFirst() {
            let ds = piece.polygon.map(plane.distance)
            let hasFront = ds.contains { $0 > epsilon }, hasBack = ds.contains { $0 < -epsilon }
            switch (hasFront, hasBack) {
            case (false, false): here.append(piece)
            case (true, false): front.append(piece)
            case (false, true): back.append(piece)
            case (true, true):
                budget -= 1
                guard budget > 0 else { return false }
                let (f, b) = split(piece, by: plane, ds)
                if let f { front.append(f) }
                if let b { back.append(b) }
            }
        }
        guard paint(back, into: &out, depth: depth + 1, budget: &budget) else { return false }
        out += here
        return paint(front, into: &out, depth: depth + 1, budget: &budget)
    }

    /// The parts of `piece` on each side of `plane` (`ds`: its vertices' signed distances), each
    /// with the 2D half-plane the cut adds.
    private func split(_ piece: Piece, by plane: Plane, _ ds: [Double]) -> (Piece?, Piece?) {
        var f: [SIMD3<Double>] = [], b: [SIMD3<Double>] = []
        let poly = piece.polygon
        for i in poly.indices {
            let j = (i + 1) % poly.count
            let p = poly[i], q = poly[j], dp = ds[i], dq = ds[j]
            if dp >= -epsilon { f.append(p) }
            if dp <= epsilon { b.append(p) }
            if (dp > epsilon && dq < -epsilon) || (dp < -epsilon && dq > epsilon) {
                let t = dp / (dp - dq)
                let x = p + (q - p) * t
                f.append(x); b.append(x)
            }
        }
        // The cut as a line in x, y: on this piece's plane z is a function of x and y.
        guard let own = planes[piece.item], abs(own.n.z) > 1e-12 else {
            // Seen edge-on: it covers no area, nothing to draw.
            return (nil, nil)
        }
        let k = plane.n.z / own.n.z
        let line = SIMD3(plane.n.x - k * own.n.x, plane.n.y - k * own.n.y, k * own.d - plane.d)
        let frontPiece = f.count >= 3 ? Piece(item: piece.item, polygon: f, halfPlanes: piece.halfPlanes + [line]) : nil
        let backPiece = b.count >= 3 ? Piece(item: piece.item, polygon: b, halfPlanes: piece.halfPlanes + [-line]) : nil
        return (frontPiece, backPiece)
    }

    /// `rect` cut by the half-planes `a·x + b·y + c ≥ 0`: a convex polygon (maybe empty).
    package static func clip(_ rect: CGRect, by halfPlanes: [SIMD3<Double>]) -> [CGPoint] {
        var poly = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                    CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
        for h in halfPlanes {
            func value(_ p: CGPoint) -> Double { h.x * Double(p.x) + h.y * Double(p.y) + h.z }
            var next: [CGPoint] = []
            for i in poly.indices {
                let p = poly[i], q = poly[(i + 1) % poly.count]
                let vp = value(p), vq = value(q)
                if vp >= 0 { next.append(p) }
                if (vp >= 0) != (vq >= 0) {
                    let t = CGFloat(vp / (vp - vq))
                    next.append(CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t))
                }
            }
            poly = next
            if poly.count < 3 { return [] }
        }
        return poly
    }
}
