/// The outline shared by a layer's background, border, `masksToBounds` clip and gradient.
package enum LayerShape {
    /// `rect` with the `corners` rounded by `radius` (clamped to half the shorter side), with
    /// circular corners or Apple's smoother continuous ones (see ``ContinuousCorner``).
    /// `corners` holds `CACornerMask` bits.
    package static func path(_ rect: CGRect, radius: CGFloat, corners: UInt, continuous: Bool) -> CGPath {
        let r = rect.standardized
        let half = min(r.width, r.height) / 2
        let rad = max(0, min(radius.isFinite ? radius : 0, half))
        let p = CGMutablePath()
        guard rad > 0, corners & 0xF != 0, r.isFinite else { p.addRect(r); return p }
        func rc(_ c: UInt) -> CGFloat { corners & c != 0 ? rad : 0 }
        let tl = rc(1), tr = rc(2)
        let bl = rc(4), br = rc(8)
        if continuous {
            // How continuous the corners can be: their reach along each edge must fit in half
            // the shorter side; beyond that they blend towards circular.
            let k = max(0, min(1, (half / rad - 1) / (ContinuousCorner.expansionFactor - 1)))
            let shape = ContinuousCorner.points(continuity: k)
            let reach = shape[0].x    // negative: where the corner leaves the edge
            // Clockwise on screen (y down): each corner's frame has x along the edge arriving at
            // it and y pointing inwards.
            let frames: [(CGPoint, CGVector, CGVector, CGFloat)] = [
                (CGPoint(x: r.maxX, y: r.minY), CGVector(dx: 1, dy: 0), CGVector(dx: 0, dy: 1), tr),
                (CGPoint(x: r.maxX, y: r.maxY), CGVector(dx: 0, dy: 1), CGVector(dx: -1, dy: 0), br),
                (CGPoint(x: r.minX, y: r.maxY), CGVector(dx: -1, dy: 0), CGVector(dx: 0, dy: -1), bl),
                (CGPoint(x: r.minX, y: r.minY), CGVector(dx: 0, dy: -1), CGVector(dx: 1, dy: 0), tl),
            ]
            p.move(to: CGPoint(x: r.minX - reach * tl, y: r.minY))
            for (corner, ex, ey, radius) in frames {
                guard radius > 0 else { p.addLine(to: corner); continue }
                func map(_ q: CGPoint) -> CGPoint {
                    CGPoint(x: corner.x + (q.x * ex.dx + q.y * ey.dx) * radius, y: corner.y + (q.x * ex.dy + q.y * ey.dy) * radius)
                }
                p.addLine(to: map(shape[0]))
                for i in stride(from: 1, to: shape.count, by: 3) {
                    p.addCurve(to: map(shape[i + 2]), control1: map(shape[i]), control2: map(shape[i + 1]))
                }
            }
            p.closeSubpath()
            return p
        }
        p.move(to: CGPoint(x: r.minX + tl, y: r.minY))
        p.addLine(to: CGPoint(x: r.maxX - tr, y: r.minY))
        if tr > 0 { p.addArc(tangent1End: CGPoint(x: r.maxX, y: r.minY), tangent2End: CGPoint(x: r.maxX, y: r.maxY), radius: tr) }
        p.addLine(to: CGPoint(x: r.maxX, y: r.maxY - br))
        if br > 0 { p.addArc(tangent1End: CGPoint(x: r.maxX, y: r.maxY), tangent2End: CGPoint(x: r.minX, y: r.maxY), radius: br) }
        p.addLine(to: CGPoint(x: r.minX + bl, y: r.maxY))
        if bl > 0 { p.addArc(tangent1End: CGPoint(x: r.minX, y: r.maxY), tangent2End: CGPoint(x: r.minX, y: r.minY), radius: bl) }
        p.addLine(to: CGPoint(x: r.minX, y: r.minY + tl))
        if tl > 0 { p.addArc(tangent1End: CGPoint(x: r.minX, y: r.minY), tangent2End: CGPoint(x: r.maxX, y: r.minY), radius: tl) }
        p.closeSubpath()
        return p
    }

    /// A node's shape (bounds with its rounded corners).
    package static func of(_ v: NodeColumns, _ i: Int) -> CGPath {
        path(v.bounds[i], radius: v.cornerRadius[i], corners: v.style[i].maskedCorners,
             continuous: v.flags[i].contains(.continuousCorners))
    }

    /// The border: the shape minus the shape inset by the border width (inner radius reduced by
    /// the width), filled even-odd.
    package static func border(of v: NodeColumns, _ i: Int) -> CGPath {
        let b = v.bounds[i].standardized, w = max(0, v.borderWidth[i])
        let p = CGMutablePath()
        p.addPath(of(v, i))
        let inner = b.insetBy(dx: min(w, b.width / 2), dy: min(w, b.height / 2))
        if inner.width > 0 && inner.height > 0 {
            p.addPath(path(inner, radius: max(0, v.cornerRadius[i] - w), corners: v.style[i].maskedCorners,
                           continuous: v.flags[i].contains(.continuousCorners)))
        }
        return p
    }
}

/// Where a layer's contents image goes (spec §1, contents gravity).
package enum ContentsLayout {
    /// The destination rectangle, in the layer's coordinates, for an image of `pixelSize` whose
    /// `contentsRect` part is shown, under `gravity`. "Top" is the maximum-y edge, as the headers
    /// say (on iOS that is the visual bottom).
    package static func destination(bounds b: CGRect, pixelSize: CGSize, contentsRect cr: CGRect, scale: CGFloat,
                                    gravity: String) -> CGRect {
        let s = scale > 0 && scale.isFinite ? scale : 1
        let natural = CGSize(width: pixelSize.width * abs(cr.width) / s, height: pixelSize.height * abs(cr.height) / s)
        func sized(_ sz: CGSize) -> CGRect { CGRect(x: b.midX - sz.width / 2, y: b.midY - sz.height / 2, width: sz.width, height: sz.height) }
        switch gravity {
        case "resize": return b
        case "resizeAspect", "resizeAspectFill":
            guard natural.width > 0, natural.height > 0 else { return b }
            let k = gravity == "resizeAspect" ? min(b.width / natural.width, b.height / natural.height)
                                              : max(b.width / natural.width, b.height / natural.height)
            return sized(CGSize(width: natural.width * k, height: natural.height * k))
        case "center": return sized(natural)
        default:
            var r = sized(natural)
            let g = gravity.lowercased()
            if g.hasPrefix("top") { r.origin.y = b.maxY - natural.height }
            if g.hasPrefix("bottom") { r.origin.y = b.minY }
            if g.hasSuffix("left") { r.origin.x = b.minX }
            if g.hasSuffix("right") { r.origin.x = b.maxX - natural.width }
            return r
        }
    }
}
