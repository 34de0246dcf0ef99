import Foundation
import Testing
import QuartzCore
import LaminaTestSupport

/// `render(in:)` composites as iOS's does where that differs from the screen: translucent
/// layers are not groups, and non-separable compositing filters are drawn normally.
@Suite("render(in:) as iOS draws it")
struct RenderInContextTests {
    /// The iOS snapshot reference's scene: a layer at opacity 0.5 masked by a star, holding an
    /// opaque gradient that fills it, with a black shadow at opacity 0.5 and a half-transparent
    /// border. iOS reads alpha 0.624 inside the star: the shadow (0.25) and the content (0.5)
    /// each faded on their own, 0.5 + 0.25 × 0.5.
    static func star() -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let card = CALayer()
        card.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        card.opacity = 0.5
        card.shadowColor = CGColor(gray: 0, alpha: 1)
        card.shadowOpacity = 0.5
        card.borderWidth = 4
        card.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.5)
        let gradient = CAGradientLayer()
        gradient.frame = card.bounds
        gradient.colors = [CGColor(red: 0, green: 1, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0.2, alpha: 1)]
        card.addSublayer(gradient)
        let star = CAShapeLayer()
        star.frame = card.bounds
        let path = CGMutablePath()
        for k in 0..<10 {
            let r: CGFloat = k % 2 == 0 ? 40 : 18, angle = CGFloat(k) * .pi / 5 - .pi / 2
            let p = CGPoint(x: 40 + r * cos(angle), y: 40 + r * sin(angle))
            if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.closeSubpath()
        star.path = path
        card.mask = star
        root.addSublayer(card)
        return root
    }

    /// The premultiplied pixel at (x, y) (y down) of a 100 × 100 drawing of `layer` by
    /// `render(in:)`.
    static func renderedInContext(_ layer: CALayer, _ x: Int, _ y: Int) -> [UInt8] {
        let ctx = rgbaContext(100, 100)
        ctx.translateBy(x: 0, y: 100)
        ctx.scaleBy(x: 1, y: -1)
        layer.render(in: ctx)
        let bytes = ctx.data!.assumingMemoryBound(to: UInt8.self)
        let i = (y * 100 + x) * 4
        return (0..<4).map { bytes[i + $0] }
    }

    /// The same pixel as the screen shows it (`CARenderer`).
    static func onScreen(_ layer: CALayer, _ x: Int, _ y: Int) throws -> [UInt8] {
        let image = try #require(CARenderer(layer: layer).image())
        let bytes = [UInt8](image.dataProvider!.data! as Data)
        let i = y * image.bytesPerRow + x * 4
        return Array(bytes[i..<i + 4])
    }

    @Test func theShadowAndTheContentFadeEachOnItsOwn() throws {
        let scene = Self.star()
        let drawn = Self.renderedInContext(scene, 50, 50)
        // Alpha 0.625 (iOS: 0.624), green 0.5 premultiplied (iOS: 127).
        #expect(abs(Int(drawn[3]) - 159) <= 2, "\(drawn)")
        #expect(abs(Int(drawn[1]) - 127) <= 2, "\(drawn)")
        #expect(drawn[0] <= 4, "\(drawn)")  // the gradient is dithered
        // On screen the layer is a group: the opaque content hides its shadow, then fades by half.
        let screen = try Self.onScreen(scene, 50, 50)
        #expect(abs(Int(screen[3]) - 128) <= 1, "\(screen)")
        // Outside the star, nothing (the mask clips the shadow too), both ways.
        #expect(Self.renderedInContext(scene, 12, 12)[3] == 0)
        #expect(try Self.onScreen(scene, 12, 12)[3] == 0)
    }

    @Test func sublayersOfATranslucentLayerOverlapVisibly() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.opacity = 0.5
        let inner = CALayer()
        inner.frame = CGRect(x: 25, y: 25, width: 50, height: 50)
        inner.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(inner)
        // render(in:): blue at 0.5 over red at 0.5.
        let drawn = Self.renderedInContext(root, 50, 50)
        #expect(abs(Int(drawn[3]) - 191) <= 1 && abs(Int(drawn[0]) - 64) <= 1 && abs(Int(drawn[2]) - 128) <= 1, "\(drawn)")
        #expect(abs(Int(Self.renderedInContext(root, 5, 5)[3]) - 128) <= 1)
        // The screen composites the group: blue at 0.5, no red under it.
        let screen = try Self.onScreen(root, 50, 50)
        #expect(abs(Int(screen[3]) - 128) <= 1 && screen[0] == 0, "\(screen)")
        // allowsGroupOpacity false gives the screen render(in:)'s picture.
        root.allowsGroupOpacity = false
        let ungrouped = try Self.onScreen(root, 50, 50)
        #expect(ungrouped.enumerated().allSatisfy { abs(Int($0.element) - Int(drawn[$0.offset])) <= 1 }, "\(ungrouped) \(drawn)")
    }

    @Test func nonSeparableCompositingFiltersAreDrawnNormally() throws {
        func scene(_ filter: String) -> CALayer {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            root.backgroundColor = CGColor(gray: 0.5, alpha: 1)
            let top = CALayer()
            top.frame = root.bounds
            top.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            top.compositingFilter = filter
            root.addSublayer(top)
            return root
        }
        for name in ["hueBlendMode", "saturationBlendMode", "colorBlendMode", "luminosityBlendMode"] {
            #expect(Self.renderedInContext(scene(name), 50, 50) == [255, 0, 0, 255], "\(name)")
            // The screen blends them.
            #expect(try Self.onScreen(scene(name), 50, 50) != [255, 0, 0, 255], "\(name)")
        }
        // The separable ones are applied by render(in:) too: red multiplied with grey.
        let multiplied = Self.renderedInContext(scene("multiplyBlendMode"), 50, 50)
        #expect(abs(Int(multiplied[0]) - 128) <= 1 && multiplied[1] == 0 && multiplied[3] == 255, "\(multiplied)")
    }
}
