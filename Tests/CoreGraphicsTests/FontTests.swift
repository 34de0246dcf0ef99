import Testing
import LaminaTestSupport
import CoreGraphics

@Suite("Fonts")
struct FontTests {
    @Test func lookupByNameAndAppleSubstitutes() throws {
        let dejavu = try #require(CGFont("DejaVu Sans" as CFString))
        #expect(dejavu.familyName == "DejaVu Sans" && dejavu.unitsPerEm == 2048 && dejavu.postScriptName == "DejaVuSans")
        #expect(CGFont("Helvetica" as CFString)?.familyName == "Liberation Sans")
        #expect(CGFont("Helvetica-Bold" as CFString)?.postScriptName == "LiberationSans-Bold")
        #expect(CGFont("Menlo-Regular" as CFString)?.familyName == "DejaVu Sans Mono")
        #expect(CGFont("PingFangSC-Regular" as CFString)?.familyName == "WenQuanYi Micro Hei")
        #expect(CGFont("No Such Font 123" as CFString) == nil)
        #expect(throws: CGFontError.notFound("No Such Font 123")) { try CGFont.named("No Such Font 123") }
        #expect(CGFont(CGDataProvider(data: Data("not a font".utf8))!) == nil)
    }

    @Test func metricsAndGlyphs() throws {
        let font = try CGFont.named("DejaVu Sans")
        #expect(font.ascent > 0 && font.descent < 0 && font.capHeight > font.xHeight && font.xHeight > 0)
        #expect(font.numberOfGlyphs > 1000 && font.fontBBox.width > 0)
        let glyphs = font.glyphs(for: "AV ")
        #expect(glyphs.allSatisfy { $0 != 0 })
        var advances = [Int32](repeating: 0, count: 3)
        #expect(font.getGlyphAdvances(glyphs: glyphs, count: 3, advances: &advances))
        #expect(advances.allSatisfy { $0 > 0 } && advances[2] < advances[0])
        #expect(font.name(for: glyphs[0]) == "A" && font.getGlyphWithGlyphName(name: "A") == glyphs[0])
        #expect(font.glyph(for: "中") == 0)        // DejaVu has no Han glyphs
        #expect(try CGFont.named("WenQuanYi Micro Hei").glyph(for: "中") != 0)
    }

    @Test func outlinesAreCachedPaths() throws {
        let font = try CGFont.named("DejaVu Sans")
        let o = try #require(font.path(for: font.glyph(for: "O")))
        // An O has two contours and sits on the baseline.
        var moves = 0
        o.applyWithBlock { if $0.pointee.type == .moveToPoint { moves += 1 } }
        #expect(moves == 2 && o.boundingBoxOfPath.minY < 30 && o.boundingBoxOfPath.height > 1400)
        #expect(font.path(for: font.glyph(for: "O")) === o)
        #expect(font.path(for: font.glyph(for: " "))?.isEmpty == true)
        var bbox = CGRect.zero
        var g = font.glyph(for: "O")
        #expect(font.getGlyphBBoxes(glyphs: &g, count: 1, bboxes: &bbox) && bbox == o.boundingBoxOfPath)
    }

    @Test func drawingText() throws {
        let ctx = rgbaContext(120, 40)
        let font = try CGFont.named("DejaVu Sans")
        ctx.setFont(font)
        ctx.setFontSize(24)
        ctx.setFillColor(gray: 0, alpha: 1)
        let glyphs = font.glyphs(for: "Hi")
        var advance = [Int32](repeating: 0, count: 2)
        _ = font.getGlyphAdvances(glyphs: glyphs, count: 2, advances: &advance)
        let k = 24 / CGFloat(font.unitsPerEm)
        ctx.showGlyphs(glyphs, at: [CGPoint(x: 10, y: 10), CGPoint(x: 10 + CGFloat(advance[0]) * k, y: 10)])
        let ink = alphaSum(ctx)
        #expect(ink > 80 && ink < 400)
        // The H's left stem starts near x = 10 + its side bearing, and the baseline is at y = 10.
        #expect(ctx.pixel(x: 13, row: 40 - 15).a == 255)
        #expect(ctx.pixel(x: 13, row: 40 - 5).a == 0)
        #expect(ctx.textPosition == .zero)
        // The text matrix, translation included, maps positions to user space.
        let moved = rgbaContext(120, 40)
        moved.setFont(font); moved.setFontSize(24)
        moved.textPosition = CGPoint(x: 50, y: 0)
        moved.showGlyphs(glyphs, at: [CGPoint(x: 10, y: 10), CGPoint(x: 10 + CGFloat(advance[0]) * k, y: 10)])
        #expect(moved.pixel(x: 13, row: 40 - 15).a == 0 && moved.pixel(x: 63, row: 40 - 15).a == 255)
        let (_, d) = LaminaDiagnostics.collecting { rgbaContext(4, 4).showGlyphs([1], at: [.zero]) }
        #expect(d.count == 1)
    }
}
