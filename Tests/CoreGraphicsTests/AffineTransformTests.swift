import Testing
import LaminaTestSupport
import CoreGraphics

func close(_ a: CGFloat, _ b: CGFloat, _ eps: CGFloat = 1e-9) -> Bool { abs(a - b) <= eps }
func close(_ a: CGPoint, _ b: CGPoint, _ eps: CGFloat = 1e-9) -> Bool { close(a.x, b.x, eps) && close(a.y, b.y, eps) }

@Suite("CGAffineTransform")
struct AffineTransformTests {
    @Test func identityAndZeroInit() {
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform() == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
        #expect(!CGAffineTransform().isIdentity)
        #expect(CGAffineTransformIdentity == .identity)
    }

    @Test func rotationTurnsXTowardY() {
        let r = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(close(CGPoint(x: 1, y: 0).applying(r), CGPoint(x: 0, y: 1)))
        #expect(close(r.a, 0) && close(r.b, 1) && close(r.c, -1) && close(r.d, 0))
    }

    @Test func concatenationAppliesSelfFirst() {
        let t = CGAffineTransform(translationX: 10, y: 0)
        let s = CGAffineTransform(scaleX: 2, y: 3)
        // Translate, then scale.
        #expect(CGPoint(x: 1, y: 1).applying(t.concatenating(s)) == CGPoint(x: 22, y: 3))
        // translatedBy applies the translation before the receiver.
        #expect(CGPoint(x: 1, y: 1).applying(s.translatedBy(x: 10, y: 0)) == CGPoint(x: 22, y: 3))
        #expect(CGPoint(x: 1, y: 1).applying(t.scaledBy(x: 2, y: 3)) == CGPoint(x: 12, y: 3))
        #expect(close(CGPoint(x: 1, y: 0).applying(t.rotated(by: .pi)), CGPoint(x: 9, y: 0)))
    }

    @Test func inversion() {
        let t = CGAffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: -7)
        let p = CGPoint(x: 3.5, y: -2)
        #expect(close(p.applying(t).applying(t.inverted()), p))
        #expect(t.concatenating(t.inverted()).a.isFinite)
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 1, ty: 1)
        #expect(singular.inverted() == singular)
    }

    @Test func applyingToSizesAndRects() {
        let t = CGAffineTransform(translationX: 100, y: 100).rotated(by: .pi / 2)
        #expect(close(CGSize(width: 2, height: 1).applying(t).width, -1))
        let r = CGRect(x: 0, y: 0, width: 20, height: 10).applying(t)
        #expect(close(r.minX, 90) && close(r.minY, 100) && close(r.width, 10) && close(r.height, 20))
        #expect(CGRect.null.applying(t).isNull)
    }

    @Test func vectorAndHelpers() {
        let v = CGVector(dx: 3, dy: 4)
        #expect(v.dx == 3 && v.dy == 4 && CGVector.zero == CGVector(dx: 0, dy: 0))
        #expect(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)))
        #expect(!CGRect(x: 0, y: CGFloat.nan, width: 1, height: 1).isFinite)
        #expect(NSValue(cgAffineTransform: CGAffineTransform(rotationAngle: 1)).cgAffineTransformValue == CGAffineTransform(rotationAngle: 1))
    }
}
