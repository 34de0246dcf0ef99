import Foundation
import CoreGraphics
import FuzzSupport

/// Font loading, metrics, names, kerning and outlines of the first glyphs, and drawing text.
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
    }
    return 0
}
