/// The kind of a path element.
public enum CGPathElementType: Int32, Sendable {
    case moveToPoint = 0, addLineToPoint, addQuadCurveToPoint, addCurveToPoint, closeSubpath
}

/// One element of a path as `applyWithBlock` reports it: a type and its points
/// (one for move and line, two for quad curves, three for cubic curves, none for close).
public struct CGPathElement {
    public var type: CGPathElementType
    public var points: UnsafeMutablePointer<CGPoint>
}

/// A path element as Lamina stores it.
public enum PathElement: Hashable, Sendable {
    case move(CGPoint)
    case line(CGPoint)
    case quad(control: CGPoint, to: CGPoint)
    case cubic(control1: CGPoint, control2: CGPoint, to: CGPoint)
    case close

    /// The element's points in CoreGraphics' order (controls first, end point last).
    public var points: [CGPoint] {
        switch self {
        case .move(let p), .line(let p): [p]
        case .quad(let c, let p): [c, p]
        case .cubic(let c1, let c2, let p): [c1, c2, p]
        case .close: []
        }
    }

    /// Calls `body` with the element's points in `points`' order, without making the array.
    @inline(__always) package func forEachPoint(_ body: (CGPoint) -> Void) {
        switch self {
        case .move(let p), .line(let p): body(p)
        case .quad(let c, let p): body(c); body(p)
        case .cubic(let c1, let c2, let p): body(c1); body(c2); body(p)
        case .close: break
        }
    }

    /// The element's end point (nil for a close), without making an array as `points` does.
    @inline(__always) var endPoint: CGPoint? {
        switch self {
        case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): p
        case .close: nil
        }
    }

    /// The current point after `elements`: the last element's end point, or after a close the
    /// start of its subpath (the last move before it); `.zero` when there is none. Found from
    /// the end, so adding to a long path one element at a time stays linear.
    static func currentPoint(of elements: [PathElement]) -> CGPoint {
        elements.withUnsafeBufferPointer { e in
            guard let last = e.last else { return .zero }
            if let p = last.endPoint { return p }
            var i = e.count - 1
            while i > 0 {
                i -= 1
                if case .move(let p) = e[i] { return p }
            }
            return .zero
        }
    }

    /// The element's type.
    public var type: CGPathElementType {
        switch self {
        case .move: .moveToPoint
        case .line: .addLineToPoint
        case .quad: .addQuadCurveToPoint
        case .cubic: .addCurveToPoint
        case .close: .closeSubpath
        }
    }

    func applying(_ t: CGAffineTransform) -> PathElement {
        switch self {
        case .move(let p): .move(p.applying(t))
        case .line(let p): .line(p.applying(t))
        case .quad(let c, let p): .quad(control: c.applying(t), to: p.applying(t))
        case .cubic(let c1, let c2, let p): .cubic(control1: c1.applying(t), control2: c2.applying(t), to: p.applying(t))
        case .close: .close
        }
    }
}

/// An immutable graphics path.
///
/// Lamina's paths store their elements in CoreGraphics' order, so `applyWithBlock` reports what
/// Apple's would. This issue provides lines, curves and rectangles; arcs, ellipses, rounded
/// rectangles, hit testing and stroking copies come with the rasterizer (issue 3).
public class CGPath: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The elements, in order. (No run-time exclusivity checks: reading a path into a context,
    /// once per shape drawn, would otherwise register an access each time.)
    @exclusivity(unchecked) public internal(set) var elements: [PathElement]

    init(elements: [PathElement]) { self.elements = elements }

    /// A path holding one rectangle, optionally transformed.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let m = CGMutablePath()
        m.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: m.elements)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The four points of a path that is one closed quadrilateral (a move, three lines and a
    /// close, as `addRect` makes), else nil.
    var closedQuadrilateral: (CGPoint, CGPoint, CGPoint, CGPoint)? {
        elements.withUnsafeBufferPointer { e in
            guard e.count == 5, case .move(let a) = e[0], case .line(let b) = e[1], case .line(let c) = e[2],
                  case .line(let d) = e[3], case .close = e[4] else { return nil }
            return (a, b, c, d)
        }
    }

    /// The end point of the last element (the start of the current subpath after a close),
    /// or `.zero` for an empty path.
    public var currentPoint: CGPoint { PathElement.currentPoint(of: elements) }

    /// The smallest rectangle containing every point of the path, control points included;
    /// `.null` for an empty path.
    public var boundingBox: CGRect {
        CGRect.boundingBox { add in
            elements.withUnsafeBufferPointer { e in for el in e { el.forEachPoint(add) } }
        }
    }

    /// The smallest rectangle containing the path's curves themselves (control points excluded);
    /// `.null` for an empty path.
    public var boundingBoxOfPath: CGRect {
        var pts: [CGPoint] = []
        var current = CGPoint.zero, start = CGPoint.zero
        for e in elements {
            switch e {
            case .move(let p): pts.append(p); current = p; start = p
            case .line(let p): pts.append(p); current = p
            case .quad(let c, let p):
                pts.append(p)
                for t in CurveExtrema.quadratic(current, c, p) { pts.append(CurveExtrema.quadPoint(current, c, p, t)) }
                current = p
            case .cubic(let c1, let c2, let p):
                pts.append(p)
                for t in CurveExtrema.cubic(current, c1, c2, p) { pts.append(CurveExtrema.cubicPoint(current, c1, c2, p, t)) }
                current = p
            case .close: current = start
            }
        }
        return CGRect.boundingBox(of: pts)
    }

    /// Calls `block` with each element in order.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        let buffer = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        defer { buffer.deallocate() }
        for e in elements {
            // The points written in place (`points` would make an array per element).
            var i = 0
            e.forEachPoint { buffer[i] = $0; i += 1 }
            var element = CGPathElement(type: e.type, points: buffer)
            withUnsafePointer(to: &element) { block($0) }
        }
    }

    /// An immutable copy.
    public func copy() -> CGPath? { CGPath(elements: elements) }

    /// A transformed immutable copy.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let t = transform?.pointee else { return copy() }
        return CGPath(elements: elements.map { $0.applying(t) })
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements) }

    /// Whether every coordinate of the path is finite.
    public var isFinite: Bool {
        elements.allSatisfy { e in
            var finite = true
            e.forEachPoint { finite = finite && $0.isFinite }
            return finite
        }
    }

    public static func == (l: CGPath, r: CGPath) -> Bool { l === r || l.elements == r.elements }
    public func hash(into h: inout Hasher) { h.combine(elements) }
    public var description: String { "<CGPath \(elements.count) elements>" }
}

/// A path that can be built element by element.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// An empty path.
    public init() { super.init(elements: []) }
    override init(elements: [PathElement]) { super.init(elements: elements) }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.move(point.applying(transform)))
    }

    /// Adds a straight line to `point` (starting a subpath at `point` when there is none).
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        ensureSubpath(point, transform)
        elements.append(.line(point.applying(transform)))
    }

    /// Adds a quadratic Bézier curve.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        ensureSubpath(control, transform)
        elements.append(.quad(control: control.applying(transform), to: end.applying(transform)))
    }

    /// Adds a cubic Bézier curve.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        ensureSubpath(control1, transform)
        elements.append(.cubic(control1: control1.applying(transform), control2: control2.applying(transform),
                               to: end.applying(transform)))
    }

    /// Closes the current subpath.
    public func closeSubpath() {
        guard !elements.isEmpty else { return }
        elements.append(.close)
    }

    /// Adds a closed rectangle subpath: move to the minimum corner, then lines in the order
    /// (maxX,minY), (maxX,maxY), (minX,maxY), then close, as CoreGraphics does.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY), transform: transform)
        addLine(to: CGPoint(x: r.minX, y: r.maxY), transform: transform)
        closeSubpath()
    }

    /// Adds each rectangle as its own subpath.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    /// Adds an open polyline through `points`.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for p in points.dropFirst() { addLine(to: p, transform: transform) }
    }

    /// Appends another path's elements, transformed.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        elements.append(contentsOf: path.elements.map { $0.applying(transform) })
    }

    private func ensureSubpath(_ p: CGPoint, _ t: CGAffineTransform) {
        if elements.isEmpty { elements.append(.move(p.applying(t))) }
    }
}

/// Parameters in (0, 1) where a Bézier curve's x or y derivative vanishes.
enum CurveExtrema {
    static func quadratic(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint) -> [CGFloat] {
        var ts: [CGFloat] = []
        for (a, b, c) in [(p0.x, p1.x, p2.x), (p0.y, p1.y, p2.y)] {
            let den = a - 2 * b + c
            if den != 0 { let t = (a - b) / den; if t > 0 && t < 1 { ts.append(t) } }
        }
        return ts
    }

    static func cubic(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) -> [CGFloat] {
        var ts: [CGFloat] = []
        for (a, b, c, d) in [(p0.x, p1.x, p2.x, p3.x), (p0.y, p1.y, p2.y, p3.y)] {
            // Derivative / 3 = A t² + B t + C.
            let qa = -a + 3 * b - 3 * c + d, qb = 2 * (a - 2 * b + c), qc = b - a
            if abs(qa) < 1e-12 {
                if qb != 0 { ts.append(-qc / qb) }
            } else {
                let disc = qb * qb - 4 * qa * qc
                if disc >= 0 {
                    let s = disc.squareRoot()
                    ts.append((-qb + s) / (2 * qa)); ts.append((-qb - s) / (2 * qa))
                }
            }
        }
        return ts.filter { $0 > 0 && $0 < 1 }
    }

    static func quadPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        return CGPoint(x: u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
                       y: u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y)
    }

    static func cubicPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }
}
