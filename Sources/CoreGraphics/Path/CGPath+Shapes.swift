// Arcs, ellipses and rounded rectangles, decomposed into cubic Béziers as CoreGraphics does:
// at most a quarter turn per curve, control points at 4/3·tan(θ/4)·r along the tangents.

extension CGMutablePath {
    /// Adds an arc of the circle at `center`, from `startAngle` to `endAngle` (radians, measured
    /// from +x toward +y). `clockwise` true turns toward decreasing angles. A line joins the
    /// current point to the arc's start when the path already has a subpath. A turn of a full
    /// circle or more draws one full circle.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool, transform: CGAffineTransform = .identity) {
        guard radius.isFinite, startAngle.isFinite, endAngle.isFinite, center.isFinite else { return }
        let twoPi = 2 * CGFloat.pi
        var delta = endAngle - startAngle
        // A sweep of 2π or more either way is the whole circle, drawn in the direction asked
        // (`0` to `2π` is a full circle whether clockwise or not, as on Apple's platforms and in
        // the HTML canvas arc rules); shorter sweeps go the asked way round, modulo 2π.
        if abs(delta) >= twoPi * (1 - 1e-12) {
            addArcSegments(center: center, radius: abs(radius), start: startAngle, delta: clockwise ? -twoPi : twoPi, transform: transform)
            return
        }
        if clockwise {
            if delta > 0 { delta -= twoPi * (delta / twoPi).rounded(.up) }
            if delta < -twoPi { delta = -twoPi }
        } else {
            if delta < 0 { delta += twoPi * (-delta / twoPi).rounded(.up) }
            if delta > twoPi { delta = twoPi }
        }
        addArcSegments(center: center, radius: abs(radius), start: startAngle, delta: delta, transform: transform)
    }

    /// Adds an arc of `delta` radians (positive: toward increasing angles) starting at `startAngle`.
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        guard radius.isFinite, startAngle.isFinite, delta.isFinite, center.isFinite else { return }
        addArcSegments(center: center, radius: abs(radius), start: startAngle, delta: delta, transform: transform)
    }

    /// Adds a line toward `tangent1End` and an arc of `radius` tangent to the lines from the
    /// current point to `tangent1End` and from `tangent1End` to `tangent2End` (PostScript's arct).
    /// Degenerate cases (collinear points, zero radius) add a line to `tangent1End`.
    public func addArc(tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat,
                       transform: CGAffineTransform = .identity) {
        guard !elements.isEmpty else { move(to: p1, transform: transform); return }
        // Work in user space: the current point is stored transformed, so undo the transform.
        let inv = transform.inverted()
        let p0 = currentPoint.applying(inv)
        let v1 = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y), v2 = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let l1 = (v1.x * v1.x + v1.y * v1.y).squareRoot(), l2 = (v2.x * v2.x + v2.y * v2.y).squareRoot()
        let cross = v1.x * v2.y - v1.y * v2.x
        guard radius > 0, l1 > 0, l2 > 0, abs(cross) > 1e-12 * l1 * l2 else {
            addLine(to: p1, transform: transform)
            return
        }
        let cosA = (v1.x * v2.x + v1.y * v2.y) / (l1 * l2)
        let half = acos(max(-1, min(1, cosA))) / 2
        let dist = radius / tan(half)
        let t1 = CGPoint(x: p1.x + v1.x / l1 * dist, y: p1.y + v1.y / l1 * dist)
        let t2 = CGPoint(x: p1.x + v2.x / l2 * dist, y: p1.y + v2.y / l2 * dist)
        let bis = CGPoint(x: v1.x / l1 + v2.x / l2, y: v1.y / l1 + v2.y / l2)
        let bl = (bis.x * bis.x + bis.y * bis.y).squareRoot()
        let cd = radius / sin(half)
        let c = CGPoint(x: p1.x + bis.x / bl * cd, y: p1.y + bis.y / bl * cd)
        let a1 = atan2(t1.y - c.y, t1.x - c.x), a2 = atan2(t2.y - c.y, t2.x - c.x)
        var delta = a2 - a1
        // The arc turns the short way, the side the corner bends toward.
        if cross > 0 { if delta > 0 { delta -= 2 * .pi } } else { if delta < 0 { delta += 2 * .pi } }
        addArcSegments(center: c, radius: radius, start: a1, delta: delta, transform: transform)
    }

    /// Adds an ellipse inscribed in `rect`: a move to (maxX, midY), four quarter curves toward
    /// increasing angles, and a close, as CoreGraphics decomposes it.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        guard rect.isFinite else { return }
        let r = rect.standardized
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        let k = 4.0 / 3.0 * tan(CGFloat.pi / 8)
        let kx = rx * k, ky = ry * k
        move(to: CGPoint(x: cx + rx, y: cy), transform: transform)
        addCurve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + ky),
                 control2: CGPoint(x: cx + kx, y: cy + ry), transform: transform)
        addCurve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - kx, y: cy + ry),
                 control2: CGPoint(x: cx - rx, y: cy + ky), transform: transform)
        addCurve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - ky),
                 control2: CGPoint(x: cx - kx, y: cy - ry), transform: transform)
        addCurve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + kx, y: cy - ry),
                 control2: CGPoint(x: cx + rx, y: cy - ky), transform: transform)
        closeSubpath()
    }

    /// Adds a rectangle with elliptical corners of `cornerWidth` × `cornerHeight` (clamped to half
    /// the rectangle's size). [U] The element order is Lamina's choice: it starts on the max-x
    /// edge and runs toward increasing angles, like `addEllipse(in:)`.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        guard rect.isFinite, cornerWidth.isFinite, cornerHeight.isFinite else { return }
        let r = rect.standardized
        let cw = max(0, min(cornerWidth, r.width / 2)), ch = max(0, min(cornerHeight, r.height / 2))
        guard cw > 0, ch > 0 else { addRect(r, transform: transform); return }
        let k = 4.0 / 3.0 * tan(CGFloat.pi / 8)
        let kx = cw * (1 - k), ky = ch * (1 - k)
        move(to: CGPoint(x: r.maxX, y: r.minY + ch), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - ch), transform: transform)
        addCurve(to: CGPoint(x: r.maxX - cw, y: r.maxY), control1: CGPoint(x: r.maxX, y: r.maxY - ky),
                 control2: CGPoint(x: r.maxX - kx, y: r.maxY), transform: transform)
        addLine(to: CGPoint(x: r.minX + cw, y: r.maxY), transform: transform)
        addCurve(to: CGPoint(x: r.minX, y: r.maxY - ch), control1: CGPoint(x: r.minX + kx, y: r.maxY),
                 control2: CGPoint(x: r.minX, y: r.maxY - ky), transform: transform)
        addLine(to: CGPoint(x: r.minX, y: r.minY + ch), transform: transform)
        addCurve(to: CGPoint(x: r.minX + cw, y: r.minY), control1: CGPoint(x: r.minX, y: r.minY + ky),
                 control2: CGPoint(x: r.minX + kx, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX - cw, y: r.minY), transform: transform)
        addCurve(to: CGPoint(x: r.maxX, y: r.minY + ch), control1: CGPoint(x: r.maxX - kx, y: r.minY),
                 control2: CGPoint(x: r.maxX, y: r.minY + ky), transform: transform)
        closeSubpath()
    }

    /// The most times one arc winds around its centre (Lamina's limit; see `addRelativeArc`).
    public static let maximumArcTurns = 64

    /// Adds an arc as cubic segments of at most a quarter turn each.
    func addArcSegments(center c: CGPoint, radius r: CGFloat, start: CGFloat, delta inputDelta: CGFloat, transform: CGAffineTransform) {
        guard start.isFinite, inputDelta.isFinite else { return }   // as the public arc methods do
        // An arc winding more than `maximumArcTurns` times keeps its end point but winds only
        // that often (a relative arc of 1e9 radians would otherwise be 6e8 curves).
        var delta = inputDelta
        let turnLimit = CGFloat(CGMutablePath.maximumArcTurns) * 2 * .pi
        if abs(delta) > turnLimit {
            LaminaDiagnostics.report("CGPath: an arc of \(inputDelta) radians winds more than \(CGMutablePath.maximumArcTurns) times; it winds \(CGMutablePath.maximumArcTurns) times")
            let rest = delta.truncatingRemainder(dividingBy: 2 * .pi)
            delta = rest + (delta > 0 ? 1 : -1) * (turnLimit - 2 * .pi)
        }
        let startPoint = CGPoint(x: c.x + r * cos(start), y: c.y + r * sin(start))
        if elements.isEmpty || elements.last == .close {
            move(to: startPoint, transform: transform)
        } else {
            addLine(to: startPoint, transform: transform)
        }
        guard delta != 0, r > 0 else { return }
        let n = max(1, Int((abs(delta) / (CGFloat.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / CGFloat(n)
        let k = 4.0 / 3.0 * tan(step / 4) * r
        var a = start
        for _ in 0..<n {
            let b = a + step
            let (ca, sa, cb, sb) = (cos(a), sin(a), cos(b), sin(b))
            addCurve(to: CGPoint(x: c.x + r * cb, y: c.y + r * sb),
                     control1: CGPoint(x: c.x + r * ca - k * sa, y: c.y + r * sa + k * ca),
                     control2: CGPoint(x: c.x + r * cb + k * sb, y: c.y + r * sb - k * cb),
                     transform: transform)
            a = b
        }
    }
}

extension CGPath {
    /// A path holding one ellipse inscribed in `rect`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let m = CGMutablePath()
        m.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: m.elements)
    }

    /// A path holding one rounded rectangle.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        let m = CGMutablePath()
        m.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                         transform: transform?.pointee ?? .identity)
        self.init(elements: m.elements)
    }
}
