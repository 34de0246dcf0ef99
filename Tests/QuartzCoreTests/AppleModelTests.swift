import Foundation
import Testing
import QuartzCore

// Facts about Apple's CALayer model found by a suite that also runs against Apple's QuartzCore
// (issue 13, items 8 to 12).
@Suite("CALayer's model as on Apple")
struct AppleModelTests {
    @Test func placementGeometryHasNoClassDefault() {
        #expect(CALayer.defaultValue(forKey: "bounds") == nil)
        #expect(CALayer.defaultValue(forKey: "position") == nil)
        #expect(CALayer.defaultValue(forKey: "frame") == nil)
        #expect(CALayer.defaultValue(forKey: "contentsScale") as? CGFloat == 1)
        #expect(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(CALayer().contentsScale == 1 && CALayer().bounds == .zero && CALayer().position == .zero)
    }

    @Test func defaultActionIsNilAndUncommittedLayersHaveNoActions() {
        #expect(CALayer.defaultAction(forKey: "opacity") == nil)
        #expect(CALayer.defaultAction(forKey: "position") == nil)
        let clock = MediaClock(manualAt: 0)
        clock.run {
            CATransaction.flush()
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            #expect(l.action(forKey: "opacity") == nil)        // never committed
            CATransaction.flush()
            let a = l.action(forKey: "opacity") as? CABasicAnimation
            #expect(a?.keyPath == "opacity")                   // the implied animation
            #expect(l.action(forKey: "name") == nil)
            // Changing a committed layer still animates implicitly.
            l.opacity = 0.5
            CATransaction.flush()
            #expect(l.animation(forKey: "opacity") != nil)
        }
    }

    @Test func affineTransformIsTheIdentityForThreeDimensionalTransforms() {
        let l = CALayer()
        let affine = CGAffineTransform(rotationAngle: 0.3).scaledBy(x: 2, y: 3)
        l.setAffineTransform(affine)
        #expect(l.affineTransform() == affine)
        for t in [CATransform3DMakeRotation(0.3, 1, 0, 0), CATransform3DMakeRotation(0.3, 0, 1, 0),
                  CATransform3DMakeTranslation(1, 2, 3), CATransform3DMakeScale(1, 1, 2)] {
            l.transform = t
            #expect(l.affineTransform() == .identity, "\(t)")
        }
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        l.transform = perspective
        #expect(l.affineTransform() == .identity)
        l.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        #expect(abs(l.affineTransform().b - sin(0.3)) < 1e-12)
    }

    @Test func negativeSizesAreStandardised() {
        let l = CALayer()
        l.frame = CGRect(x: 200, y: 10, width: -100, height: 50)
        let m = CALayer()
        m.frame = CGRect(x: 100, y: 10, width: 100, height: 50)
        #expect(l.frame == m.frame && l.position == m.position && l.bounds == m.bounds)
        l.bounds = CGRect(x: 0, y: 0, width: -100, height: -20)
        #expect(l.bounds == CGRect(x: -100, y: -20, width: 100, height: 20))
        l.setValue(CGRect(x: 0, y: 0, width: -4, height: 4), forKey: "bounds")
        #expect(l.bounds == CGRect(x: -4, y: 0, width: 4, height: 4))
    }
}

/// Counts computed from enormous user values are clamped before they become integers (issue 16).
@Suite("Enormous counts do not trap")
struct EnormousCountTests {
    @Test func anEmitterWithAnEnormousBirthRateDrawsItsBudget() throws {
        let root = emitterScene()
        let emitter = try #require(root.sublayers?.first as? CAEmitterLayer)
        emitter.birthRate = 1e30
        emitter.emitterCells?.first?.birthRate = 1e30
        // 1e60 births a second once trapped converting the birth count to Int.
        let (image, _) = LaminaDiagnostics.collecting { CARenderer(layer: root, scale: 1).image(atTime: 5) }
        #expect(image != nil)
    }

    @Test func framesOfAnEnormousDurationAreRefused() {
        let driver = FrameDriver(layer: CALayer(), scale: 1)
        let (frames, diagnostics) = LaminaDiagnostics.collecting { driver.frames(duration: 1e300, framesPerSecond: 60) }
        #expect(frames.isEmpty && diagnostics.count == 1)
    }
}
