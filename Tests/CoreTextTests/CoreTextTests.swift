import Testing
import Foundation
import CoreText
@_spi(Lamina) import CoreGraphics
import UIKit
import LaminaTestSupport

/// A run's attributes as a Swift dictionary, from CoreText's dictionary (on Apple's platforms a
/// `CFDictionary`, here already a dictionary).
@MainActor
func attributeDictionary<T>(_ attributes: T) -> [NSAttributedString.Key: Any]? { attributes as? [NSAttributedString.Key: Any] }

let coreTextGolden = Golden(directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References"))

/// CoreText's fonts, lines, runs and frames, on the layout text layers and labels use.
@MainActor
@Suite("CoreText")
struct CoreTextTests {
    @Test func fontsAndTheirMetrics() throws {
        let font = CTFontCreateWithName("Helvetica" as CFString, 20, nil)
        let cg = CTFontCopyGraphicsFont(font, nil)
        let k = 20 / CGFloat(cg.unitsPerEm)
        #expect(CTFontGetSize(font) == 20)
        #expect(abs(CTFontGetAscent(font) - CGFloat(cg.ascent) * k) < 1e-9)
        #expect(abs(CTFontGetDescent(font) + CGFloat(cg.descent) * k) < 1e-9 && CTFontGetDescent(font) > 0)
        #expect(CTFontGetUnitsPerEm(font) == UInt32(cg.unitsPerEm))
        #expect(CTFontCopyFamilyName(font) == "Liberation Sans")
        #expect(CTFontGetUnderlinePosition(font) < 0 && CTFontGetUnderlineThickness(font) > 0)
        // Size 0 is 12; odd sizes too.
        #expect(CTFontGetSize(CTFontCreateWithName("Helvetica" as CFString, 0, nil)) == 12)
        #expect(CTFontGetSize(CTFontCreateWithName("Helvetica" as CFString, .nan, nil)) == 12)
        #expect(CTFontGetSize(CTFontCreateCopyWithAttributes(font, 30, nil, nil)) == 30)
        // Glyphs for UTF-16 characters: a surrogate pair's glyph at its first unit.
        let chars = Array("A😀B".utf16)
        var glyphs = [CGGlyph](repeating: 9, count: chars.count)
        let all = CTFontGetGlyphsForCharacters(font, chars, &glyphs, chars.count)
        #expect(!all)   // Helvetica's stand-in has no emoji
        #expect(glyphs[0] == cg.glyph(for: "A") && glyphs[1] == 0 && glyphs[2] == 0 && glyphs[3] == cg.glyph(for: "B"))
        // Advances and outlines in points.
        var a = [CGSize](repeating: .zero, count: 1)
        var g = [glyphs[0]]
        let total = CTFontGetAdvancesForGlyphs(font, .horizontal, &g, &a, 1)
        #expect(abs(total - Double(a[0].width)) < 1e-9 && a[0].width > 10 && a[0].width < 16)
        let path = try #require(CTFontCreatePathForGlyph(font, glyphs[0], nil))
        let box = path.boundingBoxOfPath
        #expect(box.minY > -0.5 && box.maxY > 12 && box.maxY < 16)   // a capital A, 20 pt
        var t = CGAffineTransform(scaleX: 2, y: 2)
        #expect(abs(try #require(CTFontCreatePathForGlyph(font, glyphs[0], &t)).boundingBoxOfPath.maxY - 2 * box.maxY) < 1e-6)
        // Descriptors.
        let d = CTFontDescriptorCreateWithNameAndSize("Times" as CFString, 15)
        let times = CTFontCreateWithFontDescriptor(d, 0, nil)
        #expect(CTFontGetSize(times) == 15 && CTFontCopyFamilyName(times) == "Liberation Serif")
        #expect(CTFontDescriptorCopyAttribute(d, kCTFontNameAttribute) as? String == "Times")
    }

    func attributed(_ s: String, size: CGFloat = 20) -> NSAttributedString {
        NSAttributedString(string: s, attributes: [NSAttributedString.Key(kCTFontAttributeName): CTFontCreateWithName("Helvetica" as CFString, size, nil)])
    }

    @Test func linesHaveRunsWithGlyphsPositionsAndIndices() throws {
        let line = CTLineCreateWithAttributedString(attributed("Hello مرحبا"))
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        let width = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
        #expect(width > 80 && ascent > 15 && descent > 3)
        let runs = CTLineGetGlyphRuns(line) as! [CTRun]
        try #require(runs.count == 2)   // "Hello ", and the Arabic word in its fallback font
        #expect(CTRunGetStatus(runs[0]).isEmpty && CTRunGetStatus(runs[1]).contains(.rightToLeft))
        var total = 0
        for run in runs {
            let n = CTRunGetGlyphCount(run)
            total += n
            var glyphs = [CGGlyph](repeating: 0, count: n)
            var positions = [CGPoint](repeating: .zero, count: n)
            var indices = [CFIndex](repeating: -1, count: n)
            CTRunGetGlyphs(run, CFRange(location: 0, length: 0), &glyphs)
            CTRunGetPositions(run, CFRange(location: 0, length: 0), &positions)
            CTRunGetStringIndices(run, CFRange(location: 0, length: 0), &indices)
            #expect(!glyphs.contains(0))
            // Left to right on the page, whatever the direction.
            #expect(zip(positions, positions.dropFirst()).allSatisfy { $0.x < $1.x })
            let rtl = CTRunGetStatus(run).contains(.rightToLeft)
            #expect(zip(indices, indices.dropFirst()).allSatisfy { rtl ? $0 > $1 : $0 < $1 })
        }
        #expect(total == CTLineGetGlyphCount(line))
        // The fallback font shows in the run's attributes.
        let arabicFont = attributeDictionary(CTRunGetAttributes(runs[1]))?[.font] as? CTFont
        #expect(arabicFont.map { CTFontCopyFamilyName($0).contains("Arabic") } == true, "\(arabicFont.map { CTFontCopyFamilyName($0) } ?? "none")")
        #expect(CTLineGetStringRange(line) == CFRange(location: 0, length: 11))
        // Carets: the start of "Hello" at 0, the first Arabic letter at the right end of its word.
        #expect(CTLineGetOffsetForStringIndex(line, 0, nil) == 0)
        #expect(abs(CTLineGetOffsetForStringIndex(line, 6, nil) - CGFloat(width)) < 0.01)
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: 1, y: 0)) == 0)
        // The same width as string drawing measures.
        #expect(abs(CGFloat(width) - attributed("Hello مرحبا").size().width) < 0.001)
    }

    @Test func leftToRightTextInARightToLeftParagraphStaysInOrder() throws {
        // "Wi-Fi" in a right-to-left paragraph (an Arabic or Hebrew interface): its letters are
        // at embedding level 2 and read left to right, as on iOS.
        let style = NSMutableParagraphStyle()
        style.baseWritingDirection = .rightToLeft
        let text = NSAttributedString(string: "Wi-Fi", attributes: [.font: UIFont.systemFont(ofSize: 17), .paragraphStyle: style])
        let line = CTLineCreateWithAttributedString(text)
        let offsets = (0...4).map { CTLineGetOffsetForStringIndex(line, $0, nil) }
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 < $1 }, "\(offsets)")
        for run in CTLineGetGlyphRuns(line) as! [CTRun] {
            let n = CTRunGetGlyphCount(run)
            var indices = [CFIndex](repeating: -1, count: n)
            var positions = [CGPoint](repeating: .zero, count: n)
            CTRunGetStringIndices(run, CFRange(location: 0, length: 0), &indices)
            CTRunGetPositions(run, CFRange(location: 0, length: 0), &positions)
            #expect(!CTRunGetStatus(run).contains(.rightToLeft))
            #expect(zip(indices, indices.dropFirst()).allSatisfy { $0 < $1 } && zip(positions, positions.dropFirst()).allSatisfy { $0.x < $1.x })
        }
        // Mixed: Hebrew then a Latin word then Hebrew, right to left; the Latin word keeps its order.
        #expect(Bidi.visualOrder([1, 1, 2, 2, 2, 1]) == [5, 2, 3, 4, 1, 0])
        #expect(Bidi.visualOrder([2, 2, 2]) == [0, 1, 2])
        #expect(Bidi.visualOrder([1, 1, 1]) == [2, 1, 0])
        #expect(Bidi.visualOrder([0, 1, 1, 0]) == [0, 2, 1, 3])
    }

    @Test func truncatedLinesAndFlush() throws {
        let line = CTLineCreateWithAttributedString(attributed("A line that is far too long"))
        let short = try #require(CTLineCreateTruncatedLine(line, 100, .end, nil))
        #expect(CTLineGetTypographicBounds(short, nil, nil, nil) <= 100)
        #expect(CTLineGetTypographicBounds(line, nil, nil, nil) > 200)
        #expect(CTLineCreateTruncatedLine(line, .nan, .end, nil) == nil)
        #expect(abs(CTLineGetPenOffsetForFlush(short, 0.5, 200) - (200 - CTLineGetTypographicBounds(short, nil, nil, nil)) / 2) < 0.01)
    }

    /// CTLineDraw puts the same pixels as a text layer with the same text.
    @Test func lineDrawingMatchesATextLayer() throws {
        let text = "Lamina Ťext ﬁ 2026 مرحبا"
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 300, height: 40)
        layer.string = text
        layer.font = CTFontCreateWithName("Helvetica" as CFString, 20, nil)
        layer.foregroundColor = CGColor(gray: 0, alpha: 1)
        layer.alignmentMode = .left
        let ours = rgbaContext(300, 40)
        ours.translateBy(x: 0, y: 40)
        ours.scaleBy(x: 1, y: -1)
        layer.render(in: ours)
        let line = CTLineCreateWithAttributedString(attributed(text))
        var ascent: CGFloat = 0
        _ = CTLineGetTypographicBounds(line, &ascent, nil, nil)
        let ct = rgbaContext(300, 40)
        ct.textPosition = CGPoint(x: 0, y: 40 - ascent)   // y up: the baseline `ascent` below the top
        CTLineDraw(line, ct)
        let a = try #require(ours.makeImage()).straightRGBA8(), b = try #require(ct.makeImage()).straightRGBA8()
        var worst = 0, differing = 0
        for (x, y) in zip(a, b) where x != y { differing += 1; worst = max(worst, abs(Int(x) - Int(y))) }
        #expect(a.contains { $0 != 0 })
        #expect(worst <= 2, "\(differing) bytes differ, by up to \(worst)")
    }

    @Test func framesWrapToTheirPathAndReportTheirLines() throws {
        let text = "CoreText frames wrap their text to the path's width, line under line, from the top.\nA second paragraph."
        let framesetter = CTFramesetterCreateWithAttributedString(attributed(text, size: 15))
        var fit = CFRange()
        let size = CTFramesetterSuggestFrameSizeWithConstraints(framesetter, CFRange(location: 0, length: 0), nil,
                                                                CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude), &fit)
        #expect(size.width <= 200 && size.height > 4 * 15)
        #expect(fit.length == (text as NSString).length)
        let same = attributed(text, size: 15).boundingRect(with: CGSize(width: 200, height: 1e6), options: .usesLineFragmentOrigin, context: nil)
        #expect(abs(same.height - size.height) < 0.001)
        let frame = CTFramesetterCreateFrame(framesetter, CFRange(location: 0, length: 0), CGPath(rect: CGRect(x: 10, y: 10, width: 200, height: 60), transform: nil), nil)
        let lines = CTFrameGetLines(frame) as! [CTLine]
        #expect(lines.count == 3)   // three 17-point lines fit in 60
        var origins = [CGPoint](repeating: .zero, count: lines.count)
        CTFrameGetLineOrigins(frame, CFRange(location: 0, length: 0), &origins)
        #expect(zip(origins, origins.dropFirst()).allSatisfy { $0.y > $1.y } && origins[0].y < 60 && origins[0].y > 40)
        let visible = CTFrameGetVisibleStringRange(frame)
        #expect(visible.location == 0 && visible.length > 20 && visible.length < (text as NSString).length)
        #expect(CTLineGetStringRange(lines[1]).location == CTLineGetStringRange(lines[0]).length)
        // A paragraph style through CoreText's key centres the lines.
        let centre = [CTTextAlignment.center]
        let style = centre.withUnsafeBytes { bytes in
            var setting = CTParagraphStyleSetting(spec: .alignment, valueSize: 1, value: bytes.baseAddress!)
            return CTParagraphStyleCreate(&setting, 1)
        }
        let centred = NSMutableAttributedString(attributedString: attributed("Short", size: 15))
        centred.addAttribute(NSAttributedString.Key(kCTParagraphStyleAttributeName), value: style, range: NSRange(location: 0, length: 5))
        let frame2 = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(centred), CFRange(), CGPath(rect: CGRect(x: 0, y: 0, width: 200, height: 30), transform: nil), nil)
        var o = CGPoint.zero
        CTFrameGetLineOrigins(frame2, CFRange(location: 0, length: 1), &o)
        let w = CTLineGetTypographicBounds((CTFrameGetLines(frame2) as! [CTLine])[0], nil, nil, nil)
        #expect(abs(o.x - (200 - CGFloat(w)) / 2) < 0.01)
        // Odd paths: nothing to draw, no trap.
        let empty = CTFramesetterCreateFrame(framesetter, CFRange(location: 5, length: 1_000_000), CGMutablePath(), nil)
        #expect((CTFrameGetLines(empty) as! [CTLine]).isEmpty)
        CTFrameDraw(empty, rgbaContext(10, 10))
    }
}

/// A frame drawn by CTFrameDraw in a y-up context, next to lines drawn one by one at their
/// origins, for the eye.
@MainActor
@Test func coreTextReference() throws {
    let ctx = rgbaContext(300, 200)
    ctx.setFillColor(gray: 1, alpha: 1)
    ctx.fill(CGRect(x: 0, y: 0, width: 300, height: 200))
    let string = NSMutableAttributedString(string: "CTFrameDraw sets this paragraph in a rectangle: wrapped, shaped, ",
                                           attributes: [NSAttributedString.Key(kCTFontAttributeName): CTFontCreateWithName("Times" as CFString, 16, nil)])
    string.append(NSAttributedString(string: "coloured", attributes: [NSAttributedString.Key(kCTFontAttributeName): CTFontCreateWithName("Helvetica-Bold" as CFString, 16, nil),
                                                                     NSAttributedString.Key(kCTForegroundColorAttributeName): CGColor(red: 0.8, green: 0.1, blue: 0.3, alpha: 1)]))
    string.append(NSAttributedString(string: " and in any script: العربية, עברית, हिन्दी 👋🏽.",
                                     attributes: [NSAttributedString.Key(kCTFontAttributeName): CTFontCreateWithName("Times" as CFString, 16, nil)]))
    let rect = CGRect(x: 10, y: 70, width: 280, height: 120)
    ctx.setStrokeColor(red: 0.7, green: 0.7, blue: 1, alpha: 1)
    ctx.stroke(rect)
    CTFrameDraw(CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(string), CFRange(), CGPath(rect: rect, transform: nil), nil), ctx)
    // A line at a text position, rotated by the text matrix.
    let line = CTLineCreateWithAttributedString(NSAttributedString(string: "CTLineDraw, rotated", attributes: [NSAttributedString.Key(kCTFontAttributeName): CTFontCreateWithName("Helvetica" as CFString, 18, nil)]))
    ctx.textMatrix = CGAffineTransform(rotationAngle: 0.15)
    ctx.textPosition = CGPoint(x: 20, y: 20)
    CTLineDraw(line, ctx)
    let failure = try coreTextGolden.check("coretext") { try #require(ctx.makeImage()) }
    #expect(failure == nil, "\(failure ?? "")")
}
