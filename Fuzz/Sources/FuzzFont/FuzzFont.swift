import Foundation
@_spi(Lamina) import CoreGraphics
@_spi(Lamina) import CoreText
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
        for g in glyphs.prefix(8) { _ = font.hasColorBitmap(for: g) }
        let ctFont = CTFontCreateWithGraphicsFont(font, 13, nil, nil)
        _ = (CTFontGetAscent(ctFont), CTFontGetUnderlinePosition(ctFont), CTFontGetBoundingBox(ctFont))
        // The layout behind CTLine, CATextLayer and UILabel, without an NSAttributedString
        // (Foundation on Linux leaks an attributed string's attributes, which LeakSanitizer
        // would report for every input).
        let runs = [LaminaTextRun(text: "Af ﬁ office AV\u{301} مرحبا שלום 12 नमस्ते 👍🏽\nsecond line", font: font, size: 13,
                                  color: CGColor(gray: 0, alpha: 1), decoration: LaminaTextDecoration(underline: 1, strikethrough: 9))]
        for (width, truncation) in [(nil, nil), (40, nil), (60, CTLineTruncationType.middle)] as [(CGFloat?, CTLineTruncationType?)] {
            let layout = TextLayout(runs: runs, width: width, height: 40, wraps: width != nil && truncation == nil, alignment: .natural,
                                    truncation: truncation)
            layout.draw(in: ctx, at: CGPoint(x: 2, y: 2))
        }
    }
    return 0
}
