/// A transform split into parts that interpolate well: the transform key paths
/// (`transform.rotation.y`, `transform.scale`...) and animation interpolation use it.
///
/// In Core Animation's row-vector convention a decomposable matrix is `M = A · Q`, where
/// `A = [diag(scale) · K · R, 0; translation, 1]` (K unit lower-triangular skew, R a rotation)
/// and `Q` is the identity with its last column replaced by `perspective`. Perspective is thus
/// applied last, which matches the usual `CATransform3DRotate(perspectiveTransform, …)` idiom.
public struct CATransform3DDecomposition: Hashable, Sendable {
    /// Translation (x, y, z).
    public var translation: (x: CGFloat, y: CGFloat, z: CGFloat)
    /// Scale factors along the rotated axes; a reflection shows as all three negated.
    public var scale: (x: CGFloat, y: CGFloat, z: CGFloat)
    /// Shear factors XY, XZ, YZ.
    public var skew: (xy: CGFloat, xz: CGFloat, yz: CGFloat)
    /// The last column: (m14, m24, m34, m44) of the perspective factor.
    public var perspective: (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat)
    /// The rotation as a unit quaternion (x, y, z, w).
    public var quaternion: (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat)

    /// The identity decomposition.
    public static let identity = CATransform3DDecomposition(
        translation: (0, 0, 0), scale: (1, 1, 1), skew: (0, 0, 0), perspective: (0, 0, 0, 1), quaternion: (0, 0, 0, 1))

    public init(translation: (x: CGFloat, y: CGFloat, z: CGFloat), scale: (x: CGFloat, y: CGFloat, z: CGFloat),
                skew: (xy: CGFloat, xz: CGFloat, yz: CGFloat), perspective: (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat),
                quaternion: (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat)) {
        self.translation = translation; self.scale = scale; self.skew = skew
        self.perspective = perspective; self.quaternion = quaternion
    }

    /// Decomposes `t`; nil when it cannot be decomposed (`m44 == 0`, or a singular 3×3 part).
    public init?(_ t: CATransform3D) {
        guard t.isFinite, t.m44 != 0 else { return nil }
        let k = 1 / t.m44
        var m = t.rows.map { $0.map { $0 * k } }
        // A: M with the last column replaced by (0, 0, 0, 1).
        var a = m
        for i in 0..<3 { a[i][3] = 0 }
        a[3][3] = 1
        guard let aInv = CATransform3D(rows: a).inverse else { return nil }
        // Perspective p solves A · p = (m14, m24, m34, m44).
        if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
            let rhs = (0..<4).map { m[$0][3] }
            let ai = aInv.rows
            let p = (0..<4).map { i in (0..<4).reduce(CGFloat(0)) { $0 + ai[i][$1] * rhs[$1] } }
            perspective = (p[0], p[1], p[2], p[3])
        } else {
            perspective = (0, 0, 0, 1)
        }
        translation = (m[3][0], m[3][1], m[3][2])
        m = a
        // Gram-Schmidt on the rows of the 3×3 part.
        var r0 = Vec3(m[0][0], m[0][1], m[0][2]), r1 = Vec3(m[1][0], m[1][1], m[1][2])
        var r2 = Vec3(m[2][0], m[2][1], m[2][2])
        var sx = r0.length
        guard sx != 0 else { return nil }
        r0 = r0 / sx
        var xy = r0.dot(r1)
        r1 = r1 - r0 * xy
        var sy = r1.length
        guard sy != 0 else { return nil }
        r1 = r1 / sy
        xy /= sy
        var xz = r0.dot(r2)
        r2 = r2 - r0 * xz
        var yz = r1.dot(r2)
        r2 = r2 - r1 * yz
        var sz = r2.length
        guard sz != 0 else { return nil }
        r2 = r2 / sz
        xz /= sz; yz /= sz
        // A reflection: negate the scales and the basis so R is a proper rotation.
        if r0.dot(r1.cross(r2)) < 0 {
            sx = -sx; sy = -sy; sz = -sz
            r0 = r0 * -1; r1 = r1 * -1; r2 = r2 * -1
        }
        scale = (sx, sy, sz)
        skew = (xy, xz, yz)
        // Quaternion from the row-vector rotation R (rows r0, r1, r2).
        var qx = 0.5 * max(1 + r0.x - r1.y - r2.z, 0).squareRoot()
        var qy = 0.5 * max(1 - r0.x + r1.y - r2.z, 0).squareRoot()
        var qz = 0.5 * max(1 - r0.x - r1.y + r2.z, 0).squareRoot()
        let qw = 0.5 * max(1 + r0.x + r1.y + r2.z, 0).squareRoot()
        if r1.z < r2.y { qx = -qx }
        if r2.x < r0.z { qy = -qy }
        if r0.y < r1.x { qz = -qz }
        quaternion = (qx, qy, qz, qw)
    }

    /// The rotation as a row-vector 3×3 matrix (rows).
    var rotationRows: (Vec3, Vec3, Vec3) {
        let (x, y, z, w) = quaternion
        return (Vec3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
                Vec3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
                Vec3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)))
    }

    /// The matrix these parts describe.
    public var transform: CATransform3D {
        let (n0, n1, n2) = rotationRows
        // Rows of diag(scale) · K · R, with K = [[1,0,0],[xy,1,0],[xz,yz,1]].
        let r0 = n0 * scale.x
        let r1 = (n1 + n0 * skew.xy) * scale.y
        let r2 = (n2 + n0 * skew.xz + n1 * skew.yz) * scale.z
        let a: [[CGFloat]] = [[r0.x, r0.y, r0.z, 0], [r1.x, r1.y, r1.z, 0], [r2.x, r2.y, r2.z, 0],
                              [translation.x, translation.y, translation.z, 1]]
        let p = [perspective.x, perspective.y, perspective.z, perspective.w]
        var rows = a
        for i in 0..<4 { rows[i][3] = (0..<4).reduce(CGFloat(0)) { $0 + a[i][$1] * p[$1] } }
        return CATransform3D(rows: rows)
    }

    /// Rotation angles (radians) about x, y and z, for a rotation applied as x first, then y,
    /// then z: `R = Rx · Ry · Rz` in the row-vector convention. Used by `transform.rotation.*`.
    public var eulerAngles: (x: CGFloat, y: CGFloat, z: CGFloat) {
        let (n0, n1, n2) = rotationRows
        let sinY = max(-1, min(1, -n0.z))
        let y = asin(sinY)
        if abs(sinY) < 0.999_999_9 {
            return (atan2(n1.z, n2.z), y, atan2(n0.y, n0.x))
        }
        // Gimbal lock: put the whole remaining turn on x.
        return (atan2(-n2.y, n1.y), y, 0)
    }

    /// Replaces the rotation with the one given by Euler angles (see ``eulerAngles``).
    public mutating func setEulerAngles(x: CGFloat, y: CGFloat, z: CGFloat) {
        func q(_ angle: CGFloat, _ axis: Int) -> (CGFloat, CGFloat, CGFloat, CGFloat) {
            let s = sin(angle / 2), c = cos(angle / 2)
            return (axis == 0 ? s : 0, axis == 1 ? s : 0, axis == 2 ? s : 0, c)
        }
        // Row-vector Rx·Ry·Rz is the column-vector rotation Rz·Ry·Rx: quaternion qz ⊗ qy ⊗ qx.
        quaternion = Self.multiply(Self.multiply(q(z, 2), q(y, 1)), q(x, 0))
    }

    /// Hamilton product a ⊗ b (b applied first when rotating column vectors).
    static func multiply(_ a: (CGFloat, CGFloat, CGFloat, CGFloat), _ b: (CGFloat, CGFloat, CGFloat, CGFloat))
        -> (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) {
        let (ax, ay, az, aw) = a, (bx, by, bz, bw) = b
        return (aw * bx + ax * bw + ay * bz - az * by,
                aw * by - ax * bz + ay * bw + az * bx,
                aw * bz + ax * by - ay * bx + az * bw,
                aw * bw - ax * bx - ay * by - az * bz)
    }

    /// Interpolates part by part: linearly for translation, scale, skew and perspective, and
    /// along the shorter great arc (spherical linear interpolation) for the rotation.
    public func interpolated(to other: CATransform3DDecomposition, fraction t: CGFloat) -> CATransform3DDecomposition {
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * t }
        var r = self
        r.translation = (mix(translation.x, other.translation.x), mix(translation.y, other.translation.y),
                         mix(translation.z, other.translation.z))
        r.scale = (mix(scale.x, other.scale.x), mix(scale.y, other.scale.y), mix(scale.z, other.scale.z))
        r.skew = (mix(skew.xy, other.skew.xy), mix(skew.xz, other.skew.xz), mix(skew.yz, other.skew.yz))
        r.perspective = (mix(perspective.x, other.perspective.x), mix(perspective.y, other.perspective.y),
                         mix(perspective.z, other.perspective.z), mix(perspective.w, other.perspective.w))
        let a = quaternion
        var b = other.quaternion
        var dot = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
        if dot < 0 { b = (-b.x, -b.y, -b.z, -b.w); dot = -dot }
        let wa: CGFloat, wb: CGFloat
        if dot > 0.9995 {
            wa = 1 - t; wb = t
        } else {
            let theta = acos(min(1, dot)), s = sin(theta)
            wa = sin((1 - t) * theta) / s; wb = sin(t * theta) / s
        }
        var q = (x: a.x * wa + b.x * wb, y: a.y * wa + b.y * wb, z: a.z * wa + b.z * wb, w: a.w * wa + b.w * wb)
        let len = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
        if len > 0 { q = (q.x / len, q.y / len, q.z / len, q.w / len) }
        r.quaternion = q
        return r
    }

    public static func == (l: Self, r: Self) -> Bool {
        l.translation == r.translation && l.scale == r.scale && l.skew == r.skew
            && l.perspective == r.perspective && l.quaternion == r.quaternion
    }
    public func hash(into h: inout Hasher) { h.combine(transform) }
}

extension CATransform3D {
    /// This transform's decomposition, or nil when it has none.
    public var decomposed: CATransform3DDecomposition? { CATransform3DDecomposition(self) }

    /// Interpolates between two transforms by decomposition (as Core Animation animates
    /// transforms); falls back to a discrete switch at the midpoint when either cannot be
    /// decomposed.
    public func interpolated(to other: CATransform3D, fraction t: CGFloat) -> CATransform3D {
        guard let a = decomposed, let b = other.decomposed else { return t < 0.5 ? self : other }
        return a.interpolated(to: b, fraction: t).transform
    }
}

/// A small 3-vector for the decomposition arithmetic.
struct Vec3 {
    var x: CGFloat, y: CGFloat, z: CGFloat
    init(_ x: CGFloat, _ y: CGFloat, _ z: CGFloat) { self.x = x; self.y = y; self.z = z }
    var length: CGFloat { (x * x + y * y + z * z).squareRoot() }
    func dot(_ o: Vec3) -> CGFloat { x * o.x + y * o.y + z * o.z }
    func cross(_ o: Vec3) -> Vec3 { Vec3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x) }
    static func + (a: Vec3, b: Vec3) -> Vec3 { Vec3(a.x + b.x, a.y + b.y, a.z + b.z) }
    static func - (a: Vec3, b: Vec3) -> Vec3 { Vec3(a.x - b.x, a.y - b.y, a.z - b.z) }
    static func * (a: Vec3, k: CGFloat) -> Vec3 { Vec3(a.x * k, a.y * k, a.z * k) }
    static func / (a: Vec3, k: CGFloat) -> Vec3 { Vec3(a.x / k, a.y / k, a.z / k) }
}
