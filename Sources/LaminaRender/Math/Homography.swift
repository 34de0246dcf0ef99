@_spi(Lamina) import CoreGraphics

extension CATransform3D {
    /// The matrix followed by an orthographic projection onto z = 0 (flattening).
    package var flattened: CATransform3D {
        var m = self
        m.m13 = 0; m.m23 = 0; m.m33 = 0; m.m43 = 0
        return m
    }
}

/// A 2D projective transform of the plane z = 0: rows 1, 2, 4 and columns 1, 2, 4 of a 4×4.
package struct Homography: Sendable {
    package var m: (CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat)

    package init(_ t: CATransform3D) { m = (t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44) }
    package init(_ m: (CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat)) { self.m = m }

    /// Maps a point; nil when it lands on or behind the eye (w ≤ 0) or at infinity.
    package func map(_ p: CGPoint) -> CGPoint? {
        let x = p.x * m.0 + p.y * m.3 + m.6
        let y = p.x * m.1 + p.y * m.4 + m.7
        let w = p.x * m.2 + p.y * m.5 + m.8
        guard w > 0, w.isFinite else { return nil }
        return CGPoint(x: x / w, y: y / w)
    }

    /// The bounding box of the mapped corners that lie in front of the eye; `.null` if none do.
    package func mapRect(_ r: CGRect) -> CGRect {
        if r.isNull { return r }
        let s = r.standardized
        // CGRect.boundingBox(of:) of the corners that map, without arrays (a rectangle per
        // sublayer per band is mapped here).
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        func add(_ x: CGFloat, _ y: CGFloat) {
            guard let p = map(CGPoint(x: x, y: y)) else { return }
            minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        }
        add(s.minX, s.minY); add(s.maxX, s.minY); add(s.minX, s.maxY); add(s.maxX, s.maxY)
        guard minX <= maxX, minY <= maxY else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// `self` followed by `o` (row-vector product).
    package func then(_ o: Homography) -> Homography {
        let a = m, b = o.m
        return Homography((a.0 * b.0 + a.1 * b.3 + a.2 * b.6, a.0 * b.1 + a.1 * b.4 + a.2 * b.7, a.0 * b.2 + a.1 * b.5 + a.2 * b.8,
                           a.3 * b.0 + a.4 * b.3 + a.5 * b.6, a.3 * b.1 + a.4 * b.4 + a.5 * b.7, a.3 * b.2 + a.4 * b.5 + a.5 * b.8,
                           a.6 * b.0 + a.7 * b.3 + a.8 * b.6, a.6 * b.1 + a.7 * b.4 + a.8 * b.7, a.6 * b.2 + a.7 * b.5 + a.8 * b.8))
    }

    /// The mapping as an affine transform, when it has no perspective part.
    package var affine: CGAffineTransform? {
        let (a, b, c, d, e, f, g, h, i) = m
        guard c == 0 && f == 0 && i == 1 else { return nil }
        return CGAffineTransform(a: a, b: b, c: d, d: e, tx: g, ty: h)
    }

    package var inverse: Homography? {
        let (a, b, c, d, e, f, g, h, i) = m
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        return Homography((A * k, -(b * i - c * h) * k, (b * f - c * e) * k,
                           B * k, (a * i - c * g) * k, -(a * f - c * d) * k,
                           C * k, -(a * h - b * g) * k, (a * e - b * d) * k))
    }
}

extension Homography {
    /// The mapping for projective image drawing.
    package var projective: CGProjectiveTransform { CGProjectiveTransform([m.0, m.1, m.2, m.3, m.4, m.5, m.6, m.7, m.8]) }
}
