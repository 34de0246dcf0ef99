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
}
