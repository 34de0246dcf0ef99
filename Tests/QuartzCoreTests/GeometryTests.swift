import Testing
import QuartzCore

func near(_ a: CGPoint, _ b: CGPoint, _ eps: CGFloat = 1e-9) -> Bool { near(a.x, b.x, eps) && near(a.y, b.y, eps) }
func near(_ a: CGRect, _ b: CGRect, _ eps: CGFloat = 1e-9) -> Bool {
    near(a.origin, b.origin, eps) && near(a.width, b.width, eps) && near(a.height, b.height, eps)
}

func layer(_ frame: CGRect, in parent: CALayer? = nil) -> CALayer {
    let l = CALayer()
    l.frame = frame
    parent?.addSublayer(l)
    return l
}

@Suite("Geometry: frame, position, anchor point (spec §1)")
struct FrameTests {
    @Test func frameFromPositionBoundsAndAnchor() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        l.position = CGPoint(x: 100, y: 100)
        #expect(l.frame == CGRect(x: 50, y: 75, width: 100, height: 50))
        l.anchorPoint = .zero
        #expect(l.position == CGPoint(x: 100, y: 100))
        #expect(l.frame == CGRect(x: 100, y: 100, width: 100, height: 50))
        l.anchorPoint = CGPoint(x: 1, y: 1)
        #expect(l.frame == CGRect(x: 0, y: 50, width: 100, height: 50))
        // The bounds origin does not move the frame.
        l.bounds.origin = CGPoint(x: 30, y: -20)
        #expect(l.frame == CGRect(x: 0, y: 50, width: 100, height: 50))
    }

    @Test func settingFrameSetsSizeAndPosition() {
        let l = CALayer()
        l.bounds = CGRect(x: 5, y: 6, width: 1, height: 1)
        l.anchorPoint = CGPoint(x: 0.25, y: 1)
        l.frame = CGRect(x: 10, y: 20, width: 40, height: 80)
        #expect(l.bounds == CGRect(x: 5, y: 6, width: 40, height: 80))
        #expect(l.position == CGPoint(x: 20, y: 100))
        #expect(l.frame == CGRect(x: 10, y: 20, width: 40, height: 80))
        // A frame with negative size is standardized.
        l.frame = CGRect(x: 10, y: 10, width: -4, height: -6)
        #expect(l.frame == CGRect(x: 6, y: 4, width: 4, height: 6))
    }

    @Test func frameUnderTransforms() {
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        l.transform = CATransform3DMakeScale(2, 2, 1)
        #expect(l.frame == CGRect(x: -50, y: -25, width: 200, height: 100))
        l.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(near(l.frame, CGRect(x: 25, y: -25, width: 50, height: 100)))
        l.transform = CATransform3DMakeTranslation(10, 20, 0)
        #expect(near(l.frame, CGRect(x: 10, y: 20, width: 100, height: 50)))
        l.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 4))
        let side = 150 / CGFloat(2).squareRoot()
        #expect(near(l.frame.width, side, 1e-9) && near(l.frame.midX, 50, 1e-9))
        #expect(l.affineTransform() == CGAffineTransform(a: l.transform.m11, b: l.transform.m12,
                                                          c: l.transform.m21, d: l.transform.m22, tx: 0, ty: 0))
    }

    @Test func settingFrameUnderAxisAlignedTransformsIsExact() {
        let l = CALayer()
        l.transform = CATransform3DMakeScale(2, 4, 1)
        l.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
        #expect(l.bounds.size == CGSize(width: 50, height: 25))
        #expect(near(l.frame, CGRect(x: 10, y: 10, width: 100, height: 100)))
        l.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        l.anchorPoint = CGPoint(x: 0, y: 0)
        l.frame = CGRect(x: 0, y: 0, width: 30, height: 60)
        #expect(near(l.bounds.width, 60, 1e-9) && near(l.bounds.height, 30, 1e-9))
        #expect(near(l.frame, CGRect(x: 0, y: 0, width: 30, height: 60), 1e-9))
    }

    @Test func transformToSuperlayerIncludesSublayerTransformAboutAnchor() {
        let parent = layer(CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = layer(CGRect(x: 0, y: 0, width: 20, height: 20), in: parent)
        parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        // The child's origin (0,0) is 100 pt left and up of the parent's centre: it doubles.
        #expect(near(child.convert(CGPoint.zero, to: parent), CGPoint(x: -100, y: -100)))
        #expect(near(child.convert(CGPoint(x: 20, y: 20), to: parent), CGPoint(x: -60, y: -60)))
    }
}

@Suite("Coordinate conversion (spec §8)")
struct ConversionTests {
    @Test func throughOffsetsAndBoundsOrigins() {
        let root = layer(CGRect(x: 0, y: 0, width: 400, height: 400))
        let a = layer(CGRect(x: 10, y: 20, width: 100, height: 100), in: root)
        let b = layer(CGRect(x: 200, y: 200, width: 50, height: 50), in: root)
        let c = layer(CGRect(x: 5, y: 5, width: 10, height: 10), in: a)
        #expect(c.convert(CGPoint.zero, to: root) == CGPoint(x: 15, y: 25))
        #expect(b.convert(CGPoint.zero, from: c) == CGPoint(x: -185, y: -175))
        #expect(c.convert(CGPoint(x: 1, y: 1), to: b) == CGPoint(x: -184, y: -174))
        a.bounds.origin = CGPoint(x: 50, y: 0)   // scrolls a's content left by 50
        #expect(c.convert(CGPoint.zero, to: root) == CGPoint(x: -35, y: 25))
        #expect(root.convert(CGRect(x: 0, y: 0, width: 10, height: 10), from: c) == CGRect(x: -35, y: 25, width: 10, height: 10))
        #expect(c.convert(CGRect(x: -35, y: 25, width: 10, height: 10), from: root) == CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func nilMeansTheRootsParentSpace() {
        let root = layer(CGRect(x: 30, y: 40, width: 100, height: 100))
        let child = layer(CGRect(x: 5, y: 5, width: 10, height: 10), in: root)
        #expect(root.convert(CGPoint.zero, from: nil) == CGPoint(x: -30, y: -40))
        #expect(child.convert(CGPoint.zero, to: nil) == CGPoint(x: 35, y: 45))
        #expect(child.convert(CGPoint(x: 35, y: 45), from: nil) == .zero)
    }

    @Test func throughRotation() {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200))
        let l = layer(CGRect(x: 50, y: 50, width: 100, height: 100), in: root)
        l.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        // Rotating about the centre (100,100): local (100, 50) (right middle) lands at the bottom middle.
        #expect(near(l.convert(CGPoint(x: 100, y: 50), to: root), CGPoint(x: 100, y: 150)))
        #expect(near(l.convert(CGPoint(x: 100, y: 150), from: root), CGPoint(x: 100, y: 50)))
    }

    @Test func through3DWithPerspective() {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200))
        let l = layer(CGRect(x: 50, y: 50, width: 100, height: 100), in: root)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        l.transform = CATransform3DRotate(p, .pi / 3, 0, 1, 0)
        let q = l.convert(CGPoint(x: 100, y: 50), to: root)
        // (50,0,0) → R_y(60°) → (25, 0, −43.30) → w = 1 + 43.30/500.
        let expected = 100 + 25 / (1 + 50 * sin(CGFloat.pi / 3) / 500)
        #expect(near(q.x, expected, 1e-9) && near(q.y, 100, 1e-9))
        #expect(near(l.convert(q, from: root), CGPoint(x: 100, y: 50), 1e-9))
        // The centre stays put.
        #expect(near(l.convert(CGPoint(x: 50, y: 50), to: root), CGPoint(x: 100, y: 100)))
    }

    @Test func transformLayerKeepsDepthUntilAnOrdinaryLayerFlattens() {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200))
        let t = CATransformLayer()
        t.frame = root.bounds
        root.addSublayer(t)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 400
        t.transform = p
        let child = layer(CGRect(x: 50, y: 50, width: 100, height: 100), in: t)
        child.zPosition = 100   // toward the viewer: magnified by the perspective of its parent
        let corner = child.convert(CGPoint.zero, to: root)
        let k: CGFloat = 1 / (1 - 100.0 / 400)
        #expect(near(corner, CGPoint(x: 100 - 50 * k, y: 100 - 50 * k), 1e-9))
        // Through an ordinary parent, the child's z is flattened away first: no magnification.
        let flat = layer(CGRect(x: 0, y: 0, width: 200, height: 200), in: root)
        flat.transform = p
        let child2 = layer(CGRect(x: 50, y: 50, width: 100, height: 100), in: flat)
        child2.zPosition = 100
        #expect(near(child2.convert(CGPoint.zero, to: root), CGPoint(x: 50, y: 50), 1e-9))
    }
}

@Suite("Hit testing (spec §8)")
struct HitTestTests {
    @Test func deepestTopmostLayerWins() {
        let root = layer(CGRect(x: 0, y: 0, width: 300, height: 300))
        let a = layer(CGRect(x: 0, y: 0, width: 200, height: 200), in: root)
        let b = layer(CGRect(x: 100, y: 100, width: 200, height: 200), in: root)
        let c = layer(CGRect(x: 10, y: 10, width: 20, height: 20), in: a)
        #expect(root.hitTest(CGPoint(x: 15, y: 15)) === c)
        #expect(root.hitTest(CGPoint(x: 50, y: 50)) === a)
        #expect(root.hitTest(CGPoint(x: 150, y: 150)) === b)   // b is above a in array order
        #expect(root.hitTest(CGPoint(x: 299, y: 5)) === root)
        #expect(root.hitTest(CGPoint(x: 300, y: 5)) == nil)     // maxX is outside
        // zPosition does not change hit order.
        a.zPosition = 10
        #expect(root.hitTest(CGPoint(x: 150, y: 150)) === b)
        b.isHidden = true
        #expect(root.hitTest(CGPoint(x: 150, y: 150)) === a)
    }

    @Test func masksToBoundsLimitsTheSearch() {
        let root = layer(CGRect(x: 0, y: 0, width: 300, height: 300))
        let a = layer(CGRect(x: 0, y: 0, width: 100, height: 100), in: root)
        let outside = layer(CGRect(x: 150, y: 150, width: 50, height: 50), in: a)
        #expect(root.hitTest(CGPoint(x: 160, y: 160)) === outside)
        a.masksToBounds = true
        #expect(root.hitTest(CGPoint(x: 160, y: 160)) === root)
    }

    @Test func throughTransforms() {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200))
        let bar = layer(CGRect(x: 50, y: 90, width: 100, height: 20), in: root)
        #expect(root.hitTest(CGPoint(x: 100, y: 60)) === root)
        bar.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(root.hitTest(CGPoint(x: 100, y: 60)) === bar)
        #expect(root.hitTest(CGPoint(x: 60, y: 100)) === root)
    }

    @Test func transformLayersPassThrough() {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200))
        let t = CATransformLayer()
        t.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        root.addSublayer(t)
        let child = layer(CGRect(x: 0, y: 0, width: 10, height: 10), in: t)
        #expect(root.hitTest(CGPoint(x: 55, y: 55)) === child)
        #expect(root.hitTest(CGPoint(x: 120, y: 120)) === root)   // never the transform layer itself
        #expect(child.hitTest(CGPoint(x: 55, y: 55)) === child)    // in the nearest ordinary ancestor's space
    }

    @Test func containsUsesBounds() {
        let l = CALayer()
        l.bounds = CGRect(x: 10, y: 10, width: 5, height: 5)
        #expect(l.contains(CGPoint(x: 10, y: 10)) && !l.contains(CGPoint(x: 15, y: 12)) && !l.contains(.zero))
    }
}
