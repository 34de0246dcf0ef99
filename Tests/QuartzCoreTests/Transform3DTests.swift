import Testing
import QuartzCore

func near(_ a: CGFloat, _ b: CGFloat, _ eps: CGFloat = 1e-9) -> Bool { abs(a - b) <= eps }
func near(_ a: CATransform3D, _ b: CATransform3D, _ eps: CGFloat = 1e-9) -> Bool {
    zip(a.rows.joined(), b.rows.joined()).allSatisfy { near($0, $1, eps) }
}
func map(_ p: (CGFloat, CGFloat, CGFloat), _ t: CATransform3D) -> (CGFloat, CGFloat, CGFloat) {
    let r = t.apply(x: p.0, y: p.1, z: p.2)
    return (r.x / r.w, r.y / r.w, r.z / r.w)
}

@Suite("CATransform3D")
struct Transform3DTests {
    @Test func identityAndBasics() {
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
        #expect(!CATransform3DIsIdentity(CATransform3D()))
        let t = CATransform3DMakeTranslation(1, 2, 3)
        #expect(t.m41 == 1 && t.m42 == 2 && t.m43 == 3)
        #expect(CATransform3DEqualToTransform(t, t))
        let s = CATransform3DMakeScale(2, 3, 4)
        #expect(s.m11 == 2 && s.m22 == 3 && s.m33 == 4)
    }

    @Test func rowVectorConventionAndOrder() {
        let t = CATransform3DMakeTranslation(10, 0, 0), s = CATransform3DMakeScale(2, 2, 2)
        // Concat(a, b): a first.
        let p = map((1, 1, 0), CATransform3DConcat(t, s))
        #expect(p == (22, 2, 0))
        // Translate(t, …) applies the translation before t.
        let q = map((1, 1, 0), CATransform3DTranslate(s, 10, 0, 0))
        #expect(q == (22, 2, 0))
        let r = map((1, 1, 0), CATransform3DScale(t, 2, 2, 2))
        #expect(r == (12, 2, 0))
    }

    @Test func rotationMatchesAffineAndRightHandRule() {
        let z = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let p = map((1, 0, 0), z)
        #expect(near(p.0, 0) && near(p.1, 1))
        #expect(near(CATransform3DGetAffineTransform(z).b, CGAffineTransform(rotationAngle: .pi / 2).b))
        // About +y, +z turns toward +x; about +x, +y turns toward +z.
        let y = map((0, 0, 1), CATransform3DMakeRotation(.pi / 2, 0, 1, 0))
        #expect(near(y.0, 1) && near(y.2, 0))
        let x = map((0, 1, 0), CATransform3DMakeRotation(.pi / 2, 1, 0, 0))
        #expect(near(x.2, 1))
        #expect(CATransform3DMakeRotation(1, 0, 0, 0) == CATransform3DIdentity)
        // Axis length does not matter.
        #expect(near(CATransform3DMakeRotation(0.7, 0, 0, 5), CATransform3DMakeRotation(0.7, 0, 0, 1)))
    }

    @Test func inversion() {
        var t = CATransform3DRotate(CATransform3DMakeTranslation(3, -2, 7), 0.8, 1, 2, 3)
        t.m34 = -1.0 / 500
        let i = CATransform3DInvert(t)
        #expect(near(CATransform3DConcat(t, i), CATransform3DIdentity, 1e-12))
        let singular = CATransform3DMakeScale(1, 0, 1)
        #expect(CATransform3DInvert(singular) == singular)
    }

    @Test func affineRoundTrip() {
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(a)
        #expect(CATransform3DIsAffine(t))
        #expect(CATransform3DGetAffineTransform(t) == a)
        var p = t; p.m34 = 0.01
        #expect(!CATransform3DIsAffine(p))
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.5, 1, 0, 0)))
    }

    @Test(arguments: 0..<40)
    func decompositionRecomposes(seed: Int) {
        var rng = SplitMix(seed: UInt64(seed))
        var t = CATransform3DIdentity
        t = CATransform3DScale(t, rng.range(0.2, 3), rng.range(0.2, 3), rng.range(0.2, 3))
        t = CATransform3DRotate(t, rng.range(-3, 3), rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1))
        t = CATransform3DTranslate(t, rng.range(-50, 50), rng.range(-50, 50), rng.range(-50, 50))
        if seed % 3 == 0 { t = CATransform3DScale(t, -1, 1, 1) }
        if seed % 2 == 0 {
            var p = CATransform3DIdentity; p.m34 = -1 / rng.range(200, 900)
            t = CATransform3DConcat(t, p)
        }
        let d = try! #require(t.decomposed)
        // Decomposition works on the matrix divided by m44: the same projective map.
        let k = 1 / t.m44
        let normalized = CATransform3D(rows: t.rows.map { $0.map { $0 * k } })
        #expect(near(d.transform, normalized, 1e-9))
        #expect(near(d.transform.m44, 1, 1e-12))
    }

    @Test func decomposedParts() {
        // Scale first, then rotate, then translate: no skew.
        let t = CATransform3DScale(CATransform3DRotate(CATransform3DMakeTranslation(5, 6, 7), .pi / 3, 0, 0, 1), 2, 3, 4)
        let d = try! #require(t.decomposed)
        #expect(near(d.translation.x, 5) && near(d.translation.z, 7))
        #expect(near(d.scale.x, 2) && near(d.scale.y, 3) && near(d.scale.z, 4))
        #expect(near(d.eulerAngles.z, .pi / 3))
        #expect(near(d.skew.xy, 0) && near(d.skew.xz, 0) && near(d.skew.yz, 0))
        // Rotation then a non-uniform scale is a shear.
        let sheared = CATransform3DRotate(CATransform3DMakeScale(2, 1, 1), .pi / 4, 0, 0, 1)
        #expect(!near(try! #require(sheared.decomposed).skew.xy, 0))
        #expect(CATransform3D().decomposed == nil)
    }

    @Test func eulerAnglesMatchRotationOrder() {
        var d = CATransform3DDecomposition.identity
        d.setEulerAngles(x: 0.3, y: -0.5, z: 1.1)
        let expected = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeRotation(0.3, 1, 0, 0),
                                                               CATransform3DMakeRotation(-0.5, 0, 1, 0)),
                                           CATransform3DMakeRotation(1.1, 0, 0, 1))
        #expect(near(d.transform, expected, 1e-12))
        let e = d.eulerAngles
        #expect(near(e.x, 0.3, 1e-12) && near(e.y, -0.5, 1e-12) && near(e.z, 1.1, 1e-12))
    }

    @Test func interpolationByDecomposition() {
        let a = CATransform3DIdentity, b = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let mid = a.interpolated(to: b, fraction: 0.5)
        #expect(near(mid, CATransform3DMakeRotation(.pi / 4, 0, 0, 1), 1e-12))
        // A full turn decomposes to no rotation: identity to 2π does not move (spec §6).
        let full = a.interpolated(to: CATransform3DMakeRotation(2 * .pi, 0, 0, 1), fraction: 0.5)
        #expect(near(full, CATransform3DIdentity, 1e-9))
        let s = CATransform3DMakeScale(1, 1, 1).interpolated(to: CATransform3DMakeScale(3, 5, 1), fraction: 0.5)
        #expect(near(s, CATransform3DMakeScale(2, 3, 1), 1e-12))
    }

    @Test func nsValueRoundTrip() {
        var t = CATransform3DMakeRotation(0.4, 1, 1, 0); t.m34 = -0.002
        let v = NSValue(caTransform3D: t)
        #expect(v.caTransform3DValue == t)
        #expect(NSValue(point: .zero).caTransform3DValue == CATransform3D())
    }
}

/// A small deterministic generator for property-style tests.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func range(_ lo: CGFloat, _ hi: CGFloat) -> CGFloat {
        lo + (hi - lo) * CGFloat(next() >> 11) / CGFloat(1 << 53)
    }
}
