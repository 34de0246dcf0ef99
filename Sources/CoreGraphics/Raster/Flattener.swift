/// Turns path elements, already in device space, into line segments within a tolerance.
///
/// Curves are split uniformly into n pieces where n comes from the curve's second differences
/// (Wang's bound): a quadratic with second difference D deviates at most |D|/(8n²) from its chord
/// polygon, a cubic at most 3·max|Dᵢ|/(4n²).
struct Flattener {
    /// The largest distance, in device pixels, between a curve and its segments.
    static let tolerance: CGFloat = 0.03

    /// Calls `line` for every segment of every subpath, and `close` at the end of each subpath
    /// with its first and last points (so fills can close it and strokes can join or cap it).
    static func flatten(_ elements: [PathElement], transform t: CGAffineTransform, tolerance: CGFloat = tolerance,
                        moveTo: (CGPoint) -> Void, lineTo: (CGPoint) -> Void, close: (_ explicit: Bool) -> Void) {
        var current = CGPoint.zero, start = CGPoint.zero
        var open = false
        for e in elements {
            switch e {
            case .move(let p):
                if open { close(false) }
                current = p.applying(t); start = current
                moveTo(current)
                open = true
            case .line(let p):
                if !open { moveTo(current); start = current; open = true }
                current = p.applying(t)
                lineTo(current)
            case .quad(let c, let p):
                if !open { moveTo(current); start = current; open = true }
                let c1 = c.applying(t), p1 = p.applying(t)
                let dx = current.x - 2 * c1.x + p1.x, dy = current.y - 2 * c1.y + p1.y
                let n = segments((dx * dx + dy * dy).squareRoot() / (8 * tolerance))
                let p0 = current
                for i in 1..<n {
                    let u = CGFloat(i) / CGFloat(n), v = 1 - u
                    lineTo(CGPoint(x: v * v * p0.x + 2 * v * u * c1.x + u * u * p1.x,
                                   y: v * v * p0.y + 2 * v * u * c1.y + u * u * p1.y))
                }
                lineTo(p1)
                current = p1
            case .cubic(let c1, let c2, let p):
                if !open { moveTo(current); start = current; open = true }
                let a = c1.applying(t), b = c2.applying(t), p1 = p.applying(t), p0 = current
                let d1x = p0.x - 2 * a.x + b.x, d1y = p0.y - 2 * a.y + b.y
                let d2x = a.x - 2 * b.x + p1.x, d2y = a.y - 2 * b.y + p1.y
                let m = max((d1x * d1x + d1y * d1y).squareRoot(), (d2x * d2x + d2y * d2y).squareRoot())
                let n = segments(0.75 * m / tolerance)
                for i in 1..<n {
                    let u = CGFloat(i) / CGFloat(n), v = 1 - u
                    let k0 = v * v * v, k1 = 3 * v * v * u, k2 = 3 * v * u * u, k3 = u * u * u
                    lineTo(CGPoint(x: k0 * p0.x + k1 * a.x + k2 * b.x + k3 * p1.x,
                                   y: k0 * p0.y + k1 * a.y + k2 * b.y + k3 * p1.y))
                }
                lineTo(p1)
                current = p1
            case .close:
                if open { close(true); open = false }
                current = start
            }
        }
        if open { close(false) }
    }

    /// The number of uniform pieces for a curve whose n² bound is `squared`, at least 1 and at
    /// most 1000 (a bound on pathological inputs such as enormous coordinates).
    @inline(__always)
    static func segments(_ squared: CGFloat) -> Int {
        guard squared.isFinite else { return 1000 }
        // Clamped before the conversion: Int(_:) traps above Int.max (a curve 1e160 wide).
        return Int(max(1, min(1000, squared.squareRoot().rounded(.up))))
    }
}
