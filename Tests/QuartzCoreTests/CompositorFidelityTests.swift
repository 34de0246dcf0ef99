import Testing
import QuartzCore
import LaminaTestSupport

/// The Apple-rendered layer references of Tests/Fidelity, rendered as plain layers through
/// `render(in:)` into a flipped context at the stated scale.
@Suite("Compositor fidelity against Apple's renders")
struct CompositorFidelityTests {
    func check(_ layer: CALayer, scale: CGFloat, reference: String) throws -> Fidelity.Result {
        let image = try #require(CARenderer(layer: layer, scale: scale).image())
        let result = try Fidelity.compare(image, Fidelity.reference(reference), name: reference)
        print("fidelity \(reference): \(result)")
        return result
    }

    @Test func borderAt3x() throws {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        l.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        l.borderWidth = 4
        l.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        let r = try check(l, scale: 3, reference: "calayer-border.png")
        #expect(r.passes, "\(r)")
    }

    @Test func blueViewAt3x() throws {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
        l.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let r = try check(l, scale: 3, reference: "view-blue-3x.png")
        #expect(r.passes, "\(r)")
    }

    @Test func smallCornerRadiusAt2x() throws {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        // macOS's NSColor.green is calibrated (Generic RGB) green; the reference shows it as sRGB
        // (34, 255, 6), which is what we draw.
        l.backgroundColor = CGColor(red: 34.0 / 255, green: 1, blue: 6.0 / 255, alpha: 1)
        l.cornerRadius = 5
        let r = try check(l, scale: 2, reference: "corner-radius-small.png")
        #expect(r.passes, "\(r)")
    }

    @Test func redYellowGradientAt3x() throws {
        let g = CAGradientLayer()
        g.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        g.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 1, blue: 0, alpha: 1)]
        let r = try check(g, scale: 3, reference: "gradient-red-yellow.png")
        // Apple interpolates in Generic RGB with the colours clipped to its gamut: the top row is
        // green 38, not 0 (the fidelity README's measured values).
        #expect(r.passes && r.meanAbsoluteDifference < 0.5 && r.fractionOver16 == 0, "\(r)")
        let image = try #require(CARenderer(layer: g, scale: 3).image())
        let px = try image.straightRGBA8()
        let green = [0, 75, 150, 225, 299].map { Int(px[($0 * 300 + 150) * 4 + 1]) }
        for (ours, apple) in zip(green, [38, 88, 147, 201, 251]) { #expect(abs(ours - apple) <= 1, "\(green)") }
    }

    /// The half-side circle of Tests/Fidelity/apple/circle-half-side-shadow-3x.png (iOS, 3x): a
    /// 150 pt yellow layer with `cornerRadius` 75 and a shadow over a red-blue gradient, cropped
    /// to pixels 200...699 of the 900-pixel scene.
    func halfSideCircleScene() -> CGImage? {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 300, height: 300)
        let gradient = CAGradientLayer()
        gradient.frame = root.bounds
        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        gradient.startPoint = .zero
        gradient.endPoint = CGPoint(x: 1, y: 1)
        root.addSublayer(gradient)
        let circle = CALayer()
        circle.frame = CGRect(x: 75, y: 75, width: 150, height: 150)
        circle.backgroundColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
        circle.cornerRadius = 75
        circle.shadowColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        circle.shadowOpacity = 0.5
        circle.shadowOffset = CGSize(width: 4, height: 4)
        circle.shadowRadius = 10
        root.addSublayer(circle)
        let r = CARenderer(layer: root, scale: 3)
        r.bounds = CGRect(x: 200.0 / 3, y: 200.0 / 3, width: 500.0 / 3, height: 500.0 / 3)
        return r.image()
    }

    /// How far inside a circle of radius 225 px about the crop's centre the yellow's top edge
    /// lies, `dx` pixels right of the top tangent point (sub-pixel, where yellowness crosses 1/2).
    func topEdgeInside(_ px: [UInt8], width: Int, dx: Int) -> Double {
        let x = 250 + dx
        func yellow(_ y: Int) -> Double {
            let i = (y * width + x) * 4
            return (Double(min(px[i], px[i + 1])) - Double(px[i + 2])) / 255
        }
        var previous = yellow(0)
        for y in 1..<250 {
            let v = yellow(y)
            if v >= 0.5 && previous < 0.5 {
                let edge = Double(y) - 1 + (0.5 - previous) / (v - previous)
                let top = 249.5 - (225.0 * 225.0 - (Double(x) - 249.5) * (Double(x) - 249.5)).squareRoot()
                return edge - top
            }
            previous = v
        }
        return .nan
    }

    @Test func halfSideCircleAgainstIOS() throws {
        let ours = try #require(halfSideCircleScene())
        let apple = try Fidelity.reference("circle-half-side-shadow-3x.png")
        #expect(ours.width == 500 && ours.height == 500)
        let result = try Fidelity.compare(ours, apple, name: "circle-half-side-shadow-3x.png")
        print("fidelity circle-half-side-shadow-3x.png: \(result)")
        // Lamina draws a circle: its edge is within half a pixel of one everywhere.
        let mine = try ours.straightRGBA8(), theirs = try apple.straightRGBA8()
        for dx in stride(from: 40, through: 160, by: 10) {
            #expect(abs(topEdgeInside(mine, width: 500, dx: dx)) < 0.5, "dx \(dx)")
        }
        // iOS's is not (measured here, unexplained: see the CoreGraphics documentation's fonts
        // article): 10 to 13 degrees from each tangent point its edge lies 3 px inside that
        // circle, coming back to it by 35 degrees.
        #expect(topEdgeInside(theirs, width: 500, dx: 40) > 2.5 && topEdgeInside(theirs, width: 500, dx: 50) > 2.5)
        #expect(abs(topEdgeInside(theirs, width: 500, dx: 130)) < 0.5)
        // Everything else (gradient, shadow) matches: the difference is the outline's.
        #expect(result.meanAbsoluteDifference < 2 && result.fractionOver16 < 0.02, "\(result)")
    }
}
