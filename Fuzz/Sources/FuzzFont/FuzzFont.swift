import Foundation
@_spi(Lamina) import CoreGraphics
import CoreText
import FuzzSupport

/// Font loading, metrics, names, kerning and outlines of the first glyphs, drawing glyphs,
/// colour bitmap glyphs, and text shaped by HarfBuzz with the font (its GSUB/GPOS tables) and
/// set by CoreText's layout, in several scripts and both directions.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFont(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    Fuzz.run {
        guard let font = try? CGFont.load(Fuzz.data(bytes, count)) else { return }
        _ = (font.unitsPerEm, font.ascent, font.descent, font.leading, font.capHeight, font.xHeight, font.fontBBox,
             font.italicAngle, font.postScriptName, font.fullName, font.description)
        let n = min(font.numberOfGlyphs, 48)
        guard n > 0 else { return }
        var glyphs = (0..<n).map { CGGlyph($0) }
        glyphs += font.glyphs(for: "Ag ﬁ\u{301}é😀")
        var advances = [Int32](repeating: 0, count: glyphs.count)
        var boxes = [CGRect](repeating: .zero, count: glyphs.count)
        _ = font.getGlyphAdvances(glyphs: glyphs, count: glyphs.count, advances: &advances)
        _ = font.getGlyphBBoxes(glyphs: glyphs, count: glyphs.count, bboxes: &boxes)
        for (a, b) in zip(glyphs, glyphs.dropFirst()) { _ = font.kerning(a, b) }
        for g in glyphs { _ = font.path(for: g); _ = font.name(for: g) }
        let ctx = Fuzz.context()
        ctx.setFont(font)
        ctx.setFontSize(13)
        let positions = glyphs.indices.map { CGPoint(x: CGFloat($0 % 6) * 8, y: CGFloat($0 / 6) * 6) }
        ctx.showGlyphs(glyphs, at: positions)
        for g in glyphs.prefix(8) { _ = font.colorGlyph(g) }
        let ctFont = CTFontCreateWithGraphicsFont(font, 13, nil, nil)
        let text = NSAttributedString(string: "Af ﬁ office AV\u{301} مرحبا שלום 12 नमस्ते 👍🏽",
                                      attributes: [NSAttributedString.Key(kCTFontAttributeName): ctFont])
        let line = CTLineCreateWithAttributedString(text)
        _ = CTLineGetTypographicBounds(line, nil, nil, nil)
        CTLineDraw(line, ctx)
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(text), CFRange(),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil), nil)
        CTFrameDraw(frame, ctx)
    }
    return 0
}
