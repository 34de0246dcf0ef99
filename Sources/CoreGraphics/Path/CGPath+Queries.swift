extension CGPath {
    /// Whether `point` is inside the path under `rule` (the path transformed by `transform`
    /// first). Curves are flattened to within 0.001 units; a point exactly on an edge may fall
    /// either way.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        guard point.isFinite else { return false }
        var winding = 0
        var first = CGPoint.zero, last = CGPoint.zero
        func edge(_ a: CGPoint, _ b: CGPoint) {
            // Crossings of the horizontal ray to the right of the point.
            if a.y <= point.y {
                if b.y > point.y && cross(a, b, point) > 0 { winding += 1 }
            } else if b.y <= point.y && cross(a, b, point) < 0 {
                winding -= 1
            }
        }
        Flattener.flatten(elements, transform: transform, tolerance: 0.001,
                          moveTo: { p in first = p; last = p },
                          lineTo: { p in edge(last, p); last = p },
                          close: { _ in edge(last, first); last = first })
        return rule == .evenOdd ? winding % 2 != 0 : winding != 0
    }

    private func cross(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> CGFloat {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }

    /// The outline of this path's stroke: a path whose non-zero fill covers what stroking this
    /// path would (one closed subpath around each open subpath, two around each closed one; a
    /// subpath whose outline would pass `maximumOutlinePoints` as a closed subpath per segment,
    /// join and cap).
    public func copy(strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
                     miterLimit: CGFloat, transform: CGAffineTransform = .identity) -> CGPath {
        var style = StrokeStyle()
        style.width = max(0, lineWidth.isFinite ? lineWidth : 0)
        style.cap = lineCap; style.join = lineJoin; style.miterLimit = miterLimit
        let out = CGMutablePath()
        guard style.width > 0 else { return out }
        var stroker = Stroker(style: style, tolerance: Flattener.tolerance)
        var polyline: [CGPoint] = []
        Flattener.flatten(elements, transform: .identity,
                          moveTo: { polyline = [$0] }, lineTo: { polyline.append($0) },
                          close: { explicit in stroker.add(polyline: polyline, closed: explicit); polyline = [] })
        if stroker.truncated { LaminaDiagnostics.report(Stroker.truncationMessage("CGPath.copy(strokingWithWidth:)")) }
        stroker.forEachPolygon { poly in
            out.move(to: poly[poly.startIndex], transform: transform)
            for p in poly.dropFirst() { out.addLine(to: p, transform: transform) }
            out.closeSubpath()
        }
        return out
    }

    /// This path cut into dashes: `lengths` alternate on and off, starting `phase` into the
    /// pattern; curves are flattened. An empty or all-zero pattern returns the path unchanged.
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat], transform: CGAffineTransform = .identity) -> CGPath {
        guard lengths.contains(where: { $0 > 0 }), lengths.allSatisfy({ $0 >= 0 && $0.isFinite }) else {
            return copy(using: [transform]) ?? self
        }
        var style = StrokeStyle()
        style.dashPhase = phase.isFinite ? phase : 0
        style.dashLengths = lengths
        let out = CGMutablePath()
        var polyline: [CGPoint] = []
        var points = 0
        var truncated = false
        Flattener.flatten(elements, transform: .identity,
                          moveTo: { polyline = [$0] }, lineTo: { polyline.append($0) },
                          close: { explicit in
                              defer { polyline = [] }
                              guard points <= CGPath.maximumOutlinePoints else { return }
                              for dash in Stroker.dashes(of: polyline, closed: explicit, style: style, truncated: &truncated) {
                                  points += dash.count
                                  guard points <= CGPath.maximumOutlinePoints else { break }
                                  out.move(to: dash[0], transform: transform)
                                  for p in dash.dropFirst() { out.addLine(to: p, transform: transform) }
                              }
                          })
        if truncated || points > CGPath.maximumOutlinePoints {
            LaminaDiagnostics.report("CGPath.copy(dashingWithPhase:lengths:): the dashed path exceeds \(CGPath.maximumOutlinePoints) points; the rest is dropped")
        }
        return out
    }
}

extension CGPath {
    /// The most points a stroke outline or a dashed path holds, in stroking, dashing and
    /// `copy(strokingWithWidth:…)`/`copy(dashingWithPhase:…)` (Lamina's limit, 32 MB of
    /// points): stroking the outline of an outline multiplies its size each time, and a dash
    /// pattern far finer than the path makes a piece per dash. What lies beyond is dropped
    /// with a diagnostic.
    public static let maximumOutlinePoints = 2_000_000

    /// The path flattened into polylines within `tolerance`, one per subpath, with whether each
    /// was closed (SPI: the compositor trims shape-layer strokes with it).
    @_spi(Lamina) public func flattenedPolylines(tolerance: CGFloat) -> [(points: [CGPoint], closed: Bool)] {
        var out: [(points: [CGPoint], closed: Bool)] = []
        var current: [CGPoint] = []
        Flattener.flatten(elements, transform: .identity, tolerance: max(tolerance, 1e-4),
                          moveTo: { current = [$0] }, lineTo: { current.append($0) },
                          close: { explicit in out.append((current, explicit)); current = [] })
        return out
    }
}
