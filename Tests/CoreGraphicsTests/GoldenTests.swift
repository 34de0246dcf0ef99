import Testing
import LaminaTestSupport
import CoreGraphics

let golden = Golden(directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References"))

@Suite("Reference images")
struct GoldenTests {
    @Test func joinsCapsAndDashes() throws {
        let failure = try golden.check("strokes") {
            let ctx = golden.canvas(240, 160)
            ctx.setLineWidth(14)
            ctx.setStrokeColor(red: 0.15, green: 0.35, blue: 0.8, alpha: 1)
            for (i, (join, cap)) in [(CGLineJoin.miter, CGLineCap.butt), (.round, .round), (.bevel, .square)].enumerated() {
                let x = CGFloat(20 + i * 75)
                ctx.setLineJoin(join); ctx.setLineCap(cap)
                ctx.move(to: CGPoint(x: x, y: 90)); ctx.addLine(to: CGPoint(x: x + 25, y: 25)); ctx.addLine(to: CGPoint(x: x + 50, y: 90))
                ctx.strokePath()
            }
            ctx.setLineWidth(4); ctx.setLineCap(.round)
            ctx.setLineDash(phase: 0, lengths: [10, 8])
            ctx.setStrokeColor(red: 0.8, green: 0.2, blue: 0.2, alpha: 1)
            ctx.addArc(center: CGPoint(x: 120, y: 128), radius: 20, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
            ctx.strokePath()
            ctx.setLineDash(phase: 0, lengths: [])
            ctx.setLineWidth(0)
            ctx.setStrokeColor(gray: 0, alpha: 1)
            ctx.strokeLineSegments(between: [CGPoint(x: 10, y: 150), CGPoint(x: 230, y: 110)])
            return ctx.makeImage()!
        }
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func gradientsAndBlendModes() throws {
        let failure = try golden.check("gradients") {
            let ctx = golden.canvas(240, 120)
            let g = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                               colors: [CGColor(red: 1, green: 0.2, blue: 0.2, alpha: 1), CGColor(red: 1, green: 0.9, blue: 0.1, alpha: 1),
                                        CGColor(red: 0.1, green: 0.4, blue: 1, alpha: 1)] as CFArray, locations: nil)!
            ctx.saveGState()
            ctx.addRoundedRectPath(CGRect(x: 10, y: 10, width: 70, height: 100), radius: 14)
            ctx.clip()
            ctx.drawLinearGradient(g, start: CGPoint(x: 10, y: 10), end: CGPoint(x: 80, y: 110), options: [])
            ctx.restoreGState()
            ctx.saveGState()
            ctx.addEllipse(in: CGRect(x: 90, y: 15, width: 60, height: 90)); ctx.clip()
            ctx.drawRadialGradient(g, startCenter: CGPoint(x: 120, y: 60), startRadius: 0, endCenter: CGPoint(x: 120, y: 60),
                                   endRadius: 45, options: [.drawsAfterEndLocation])
            ctx.restoreGState()
            ctx.saveGState()
            ctx.addRect(CGRect(x: 160, y: 10, width: 70, height: 100)); ctx.clip()
            ctx.drawConicGradient(g, center: CGPoint(x: 195, y: 60), angle: 0)
            ctx.setBlendMode(.multiply)
            ctx.setFillColor(red: 0.3, green: 0.8, blue: 0.3, alpha: 1)
            ctx.fillEllipse(in: CGRect(x: 175, y: 40, width: 40, height: 40))
            ctx.restoreGState()
            return ctx.makeImage()!
        }
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func textShadowAndGroupOpacity() throws {
        let failure = try golden.check("text-shadow-layer") {
            let ctx = golden.canvas(240, 120)
            let font = try CGFont.named("Helvetica")
            let glyphs = font.glyphs(for: "Lamina")
            var adv = [Int32](repeating: 0, count: glyphs.count)
            _ = font.getGlyphAdvances(glyphs: glyphs, count: glyphs.count, advances: &adv)
            var x: CGFloat = 12
            let positions = adv.map { a -> CGPoint in defer { x += CGFloat(a) * 36 / CGFloat(font.unitsPerEm) }; return CGPoint(x: x, y: 0) }
            ctx.saveGState()
            ctx.setShadow(offset: CGSize(width: 3, height: -3), blur: 4, color: CGColor(gray: 0, alpha: 0.5))
            ctx.setFont(font); ctx.setFontSize(36)
            ctx.textMatrix = CGAffineTransform(scaleX: 1, y: -1).translatedBy(x: 0, y: -48)   // glyphs upright in y-down space
            ctx.setFillColor(red: 0.1, green: 0.3, blue: 0.7, alpha: 1)
            ctx.showGlyphs(glyphs, at: positions)
            ctx.restoreGState()
            ctx.setAlpha(0.5)
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            ctx.setFillColor(red: 0.9, green: 0.1, blue: 0.3, alpha: 1)
            ctx.fillEllipse(in: CGRect(x: 140, y: 60, width: 50, height: 50))
            ctx.fillEllipse(in: CGRect(x: 170, y: 60, width: 50, height: 50))
            ctx.endTransparencyLayer()
            return ctx.makeImage()!
        }
        #expect(failure == nil, "\(failure ?? "")")
    }
}

extension CGContext {
    /// Adds a rounded rectangle to the path (a test helper).
    func addRoundedRectPath(_ r: CGRect, radius: CGFloat) {
        addPath(CGPath(roundedRect: r, cornerWidth: radius, cornerHeight: radius, transform: nil))
    }
}
