import Foundation
import Testing
import QuartzCore
import LaminaTestSupport

/// A masked layer's shadow is cast by the unmasked layer and clipped by the mask with the rest
/// (issue 13, item 3).
@Suite("Shadows of masked layers")
struct ShadowMaskTests {
    /// A white root with a blue 40-point square at (30, 30), a hard black shadow 20 points below,
    /// masked by an opaque layer at `maskFrame` (in the square's coordinates).
    func render(maskFrame: CGRect, shadowPath: Bool = false) throws -> (Int, Int) -> (Int, Int, Int) {
        let m = CALayer()
        m.frame = maskFrame
        m.backgroundColor = CGColor(gray: 0, alpha: 1)
        return try render(mask: m, shadowPath: shadowPath)
    }

    /// The same square masked by `mask`; the colour at (x, y).
    func render(mask: CALayer, shadowPath: Bool = false) throws -> (Int, Int) -> (Int, Int, Int) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let l = CALayer()
        l.frame = CGRect(x: 30, y: 30, width: 40, height: 40)
        l.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        l.shadowOpacity = 1
        l.shadowRadius = 0
        l.shadowOffset = CGSize(width: 0, height: 20)
        if shadowPath { l.shadowPath = CGPath(rect: l.bounds, transform: nil) }
        l.mask = mask
        root.addSublayer(l)
        let image = try #require(CARenderer(layer: root, scale: 1).image())
        let px = try image.straightRGBA8()
        return { x, y in let i = (y * 100 + x) * 4; return (Int(px[i]), Int(px[i + 1]), Int(px[i + 2])) }
    }

    @Test func aMaskTheSizeOfTheLayerHidesTheShadow() throws {
        for usePath in [false, true] {
            let at = try render(maskFrame: CGRect(x: 0, y: 0, width: 40, height: 40), shadowPath: usePath)
            #expect(at(50, 80) == (255, 255, 255), "shadowPath \(usePath): \(at(50, 80))")   // below the square: no shadow
            #expect(at(50, 50) == (0, 0, 255))
        }
    }

    @Test func aLargerMaskShowsTheShadowInsideIt() throws {
        for usePath in [false, true] {
            // The mask reaches 10 points below the square: the shadow shows there and stops at its edge.
            let at = try render(maskFrame: CGRect(x: -10, y: -10, width: 60, height: 60), shadowPath: usePath)
            #expect(at(50, 75) == (0, 0, 0), "shadowPath \(usePath): \(at(50, 75))")
            #expect(at(50, 85) == (255, 255, 255), "shadowPath \(usePath): \(at(50, 85))")
        }
    }

    /// The shadow is the unmasked layer's: with a mask that keeps only the square's top strip
    /// and the area below the square, the whole square's shadow shows below it (the masked
    /// layer's shadow, the strip's, would land between the two parts and show nowhere).
    @Test func theShadowIsCastByTheUnmaskedLayer() throws {
        let m = CAShapeLayer()
        m.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 40, height: 10))
        p.addRect(CGRect(x: 0, y: 40, width: 40, height: 20))
        m.path = p
        let at = try render(mask: m)
        #expect(at(50, 35) == (0, 0, 255))        // the top strip
        #expect(at(50, 50) == (255, 255, 255))    // masked away
        #expect(at(50, 80) == (0, 0, 0))          // the square's shadow, inside the mask
        #expect(at(50, 95) == (255, 255, 255))    // below the mask
    }
}

/// Layer shadows are as soft as Apple's (issue 13, item 2).
@Suite("Shadow softness")
struct ShadowSoftnessTests {
    /// The shadow beyond a straight edge falls as a Gaussian's tail: at one sigma from the edge
    /// it is 15.9% of its full strength. Apple's `shadowRadius` 10 at 3x has sigma ≈ 27.5 px.
    func measuredSigma(radius: CGFloat, shadowPath: Bool) throws -> Double {
        let scale: CGFloat = 3
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 240, height: 240)
        let l = CALayer()
        l.frame = CGRect(x: 60, y: 60, width: 120, height: 120)
        l.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        l.shadowOpacity = 1
        l.shadowOffset = .zero
        l.shadowRadius = radius
        if shadowPath { l.shadowPath = CGPath(rect: l.bounds, transform: nil) }
        root.addSublayer(l)
        let image = try #require(CARenderer(layer: root, scale: scale).image())
        let px = try image.straightRGBA8()
        let row = image.height / 2, edge = Int(180 * scale)
        func alpha(_ x: Int) -> Double { Double(px[(row * image.width + x) * 4 + 3]) / 255 }
        #expect(abs(alpha(edge) - 0.5) < 0.06, "at the edge: \(alpha(edge))")
        // The first pixel past the edge whose alpha is below 15.87%, interpolated.
        for d in 0..<(image.width - edge - 1) {
            let a0 = alpha(edge + d), a1 = alpha(edge + d + 1)
            if a0 >= 0.1587 && a1 < 0.1587 { return Double(d) + (a0 - 0.1587) / (a0 - a1) + 0.5 }
        }
        return .nan
    }

    @Test func sigmaIsAboutNineTenthsOfTheRadiusInPoints() throws {
        for usePath in [false, true] {
            let sigma = try measuredSigma(radius: 10, shadowPath: usePath)
            #expect(abs(sigma - 27.5) < 2.5, "shadowPath \(usePath): sigma \(sigma) px")
        }
    }
}
