import Testing
import CoreGraphics
import LaminaRender

/// An animated path's fingerprint (damage tracking, content caches) is made from every point of
/// every element, control points included, and from the elements' kinds.
@Suite("Path fingerprints")
struct PathFingerprintTests {
    static func fingerprint(_ build: (CGMutablePath) -> Void) -> UInt64 {
        let p = CGMutablePath()
        build(p)
        return AnimatedValue.path(p).fingerprint
    }

    @Test func everyPointAndKindCounts() {
        let base = Self.fingerprint { $0.move(to: .zero); $0.addCurve(to: CGPoint(x: 9, y: 9), control1: CGPoint(x: 1, y: 2), control2: CGPoint(x: 3, y: 4)) }
        #expect(base == Self.fingerprint { $0.move(to: .zero); $0.addCurve(to: CGPoint(x: 9, y: 9), control1: CGPoint(x: 1, y: 2), control2: CGPoint(x: 3, y: 4)) })
        let variants = [
            Self.fingerprint { $0.move(to: .zero); $0.addCurve(to: CGPoint(x: 9, y: 9), control1: CGPoint(x: 1, y: 2.5), control2: CGPoint(x: 3, y: 4)) },
            Self.fingerprint { $0.move(to: .zero); $0.addCurve(to: CGPoint(x: 9, y: 9), control1: CGPoint(x: 1, y: 2), control2: CGPoint(x: 3.5, y: 4)) },
            Self.fingerprint { $0.move(to: .zero); $0.addCurve(to: CGPoint(x: 9, y: 8), control1: CGPoint(x: 1, y: 2), control2: CGPoint(x: 3, y: 4)) },
            Self.fingerprint { $0.move(to: .zero); $0.addQuadCurve(to: CGPoint(x: 9, y: 9), control: CGPoint(x: 1, y: 2)) },
            Self.fingerprint { $0.move(to: .zero); $0.addCurve(to: CGPoint(x: 9, y: 9), control1: CGPoint(x: 1, y: 2), control2: CGPoint(x: 3, y: 4)); $0.closeSubpath() },
        ]
        for (i, v) in variants.enumerated() { #expect(v != base, "variant \(i)") }
        #expect(Set(variants).count == variants.count)
    }
}
