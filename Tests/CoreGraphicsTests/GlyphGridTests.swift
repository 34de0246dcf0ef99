import Testing
import Foundation
@_spi(Lamina) @testable import CoreGraphics

/// Where glyph origins land on the pixel grid (`GlyphGrid`): as laid out by default; on thirds
/// of a pixel across and whole pixels down when the context quantizes; on whole pixels when
/// sub-pixel positioning is off. Drawn with `showGlyphs`, through the glyph masks and through
/// the outlines alike.
@Suite("Glyph positions on the pixel grid")
struct GlyphGridTests {
    static let font = CGFont("Helvetica" as CFString)!

    /// "Hi" drawn at (`x`, `y`) (the "i" 12 points further) in a 60 × 40 context at 1x, after `setUp`; its bytes.
    static func draw(x: CGFloat, y: CGFloat, cache: Bool = true, setUp: (CGContext) -> Void = { _ in }) -> [UInt8] {
        let ctx = CGContext(data: nil, width: 60, height: 40, bitsPerComponent: 8, bytesPerRow: 240,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        setUp(ctx)
        ctx.setFont(font)
        ctx.setFontSize(17)
        let glyphs = "Hi".unicodeScalars.map { font.glyph(for: $0) }
        GlyphMaskCache.$enabledInTask.withValue(cache) {
            ctx.showGlyphs(glyphs, at: [CGPoint(x: x, y: y), CGPoint(x: x + 12, y: y)])
        }
        return Array(UnsafeBufferPointer(start: ctx.data!.assumingMemoryBound(to: UInt8.self), count: 60 * 40 * 4))
    }

    static func quantized(_ ctx: CGContext) { ctx.setShouldSubpixelQuantizeFonts(true) }

    @Test func byDefaultGlyphsSitWhereTheyAreDrawn() {
        #expect(Self.draw(x: 10.1, y: 12) != Self.draw(x: 10, y: 12))
        #expect(Self.draw(x: 10, y: 12.3) != Self.draw(x: 10, y: 12))
    }

    @Test(arguments: [true, false])
    func quantizedOriginsFallOnThirdsAcrossAndWholePixelsDown(cache: Bool) {
        let at = { (x: CGFloat, y: CGFloat) in Self.draw(x: x, y: y, cache: cache, setUp: Self.quantized) }
        #expect(at(10.1, 12) == at(10, 12))
        #expect(at(10.25, 12) == at(10 + 1.0 / 3, 12))
        #expect(at(10.6, 12) == at(10 + 2.0 / 3, 12))
        #expect(at(10.9, 12) == at(11, 12))
        #expect(at(10.25, 12) != at(10, 12))
        #expect(at(10, 12.3) == at(10, 12))
        #expect(at(10, 12.6) == at(10, 13))
        #expect(at(10, 12.6) != at(10, 12))
    }

    @Test func theMasksAndTheOutlinesQuantizeAlike() {
        let masks = Self.draw(x: 10.2, y: 12.4, cache: true, setUp: Self.quantized)
        let outlines = Self.draw(x: 10.2, y: 12.4, cache: false, setUp: Self.quantized)
        let worst = zip(masks, outlines).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 4, "largest difference \(worst)")
        #expect(masks.contains { $0 != 0 })
    }

    @Test func aContextThatDoesNotAllowQuantizationKeepsThePositions() {
        let setUp = { (ctx: CGContext) in
            ctx.setAllowsFontSubpixelQuantization(false)
            ctx.setShouldSubpixelQuantizeFonts(true)
        }
        #expect(Self.draw(x: 10.1, y: 12, setUp: setUp) != Self.draw(x: 10, y: 12, setUp: setUp))
    }

    @Test(arguments: [true, false])
    func withoutSubpixelPositioningOriginsFallOnWholePixels(cache: Bool) {
        for turnOff in [{ (c: CGContext) in c.setShouldSubpixelPositionFonts(false) },
                        { (c: CGContext) in c.setAllowsFontSubpixelPositioning(false) }] {
            let at = { (x: CGFloat, y: CGFloat) in Self.draw(x: x, y: y, cache: cache, setUp: turnOff) }
            #expect(at(10.4, 12.3) == at(10, 12))
            #expect(at(10.6, 12) == at(11, 12))
        }
    }

    @Test func turnedTextIsNotQuantized() {
        let turned = { (ctx: CGContext) in
            ctx.translateBy(x: 5, y: 5)
            ctx.rotate(by: .pi / 6)
            ctx.setShouldSubpixelQuantizeFonts(true)
        }
        #expect(Self.draw(x: 10.1, y: 12, setUp: turned) != Self.draw(x: 10, y: 12, setUp: turned))
    }

    @Test func theSettingsFollowTheGraphicsStateAsApplesDo() {
        let ctx = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 16,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.saveGState()
        ctx.setShouldSubpixelQuantizeFonts(true)
        #expect(ctx.glyphGrid.kind == .thirds)
        ctx.restoreGState()
        #expect(ctx.glyphGrid.kind == .exact)
        // "Allows" is not part of the graphics state.
        ctx.saveGState()
        ctx.setAllowsFontSubpixelPositioning(false)
        ctx.restoreGState()
        #expect(ctx.glyphGrid.kind == .wholePixels)
    }

    @Test func oddPositionsAreLeftAlone() {
        let grid = GlyphGrid(kind: .thirds, toRaster: .identity)
        for v in [CGFloat.nan, .infinity, 1e30, -1e30] {
            let t = CGAffineTransform(translationX: v, y: 3.3)
            let placed = grid.place(t)
            #expect(placed.tx.bitPattern == t.tx.bitPattern && placed.ty == t.ty)
        }
        let flat = GlyphGrid(kind: .wholePixels, toRaster: CGAffineTransform(scaleX: 0, y: 0))
        #expect(flat.place(CGAffineTransform(translationX: 1.5, y: 2.5)).tx == 1.5)
    }
}
