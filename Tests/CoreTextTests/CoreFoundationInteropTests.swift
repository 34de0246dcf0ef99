import Testing
import Foundation
import CoreText
import UIKit

/// What code around CoreText uses to read what it returns, and fonts toll-free between UIKit
/// and CoreText. Written as iOS code.
@MainActor
@Suite("CoreFoundation and CoreText interplay")
struct CoreFoundationInteropTests {
    func frame(_ text: String, width: CGFloat) -> CTFrame {
        let font = UIFont.systemFont(ofSize: 14)
        let string = NSAttributedString(string: text, attributes: [.font: font])
        let setter = CTFramesetterCreateWithAttributedString(string as CFAttributedString)
        return CTFramesetterCreateFrame(setter, CFRange(location: 0, length: 0),
                                        CGPath(rect: CGRect(x: 0, y: 0, width: width, height: 400), transform: nil), nil)
    }

    @Test func arraysFromCoreTextReadThroughCFArrayFunctions() throws {
        let lines = CTFrameGetLines(frame("one two three four five six seven", width: 60))
        let count = CFArrayGetCount(lines)
        #expect(count >= 3)
        var total = 0
        for i in 0..<count {
            let line = unsafeBitCast(CFArrayGetValueAtIndex(lines, i), to: CTLine.self)
            total += CTLineGetStringRange(line).length
            let runs = CTLineGetGlyphRuns(line)
            #expect(CFArrayGetCount(runs) >= 1)
            let run = unsafeBitCast(CFArrayGetValueAtIndex(runs, 0), to: CTRun.self)
            #expect(CTRunGetGlyphCount(run) > 0)
        }
        #expect(total == 33)
        // The casts code writes instead.
        let asLines = lines as! [CTLine]
        #expect(asLines.count == count && asLines[0] === unsafeBitCast(CFArrayGetValueAtIndex(lines, 0), to: CTLine.self))
        #expect((CTLineGetGlyphRuns(asLines[0]) as? [CTRun])?.isEmpty == false)
        #expect(CFArrayGetCount(nil) == 0)
        let (outside, diagnostics) = LaminaDiagnostics.collecting { CFArrayGetValueAtIndex(lines, count) }
        #expect(outside == nil && diagnostics.count == 1)
    }

    @Test func aUIFontIsACTFontAndBack() {
        let font = UIFont.systemFont(ofSize: 17, weight: .semibold)
        let ct = font as CTFont
        #expect(CTFontGetSize(ct) == 17)
        #expect(abs(CTFontGetAscent(ct) - font.ascender) < 1e-9)
        let back = CTFontCreateCopyWithAttributes(ct, 20, nil, nil) as UIFont
        #expect(back.pointSize == 20 && back.fontName == font.fontName)
        let named = CTFontCreateWithName("Helvetica-Bold" as CFString, 11, nil) as UIFont
        #expect(named.fontName == "Helvetica-Bold" && named.pointSize == 11 && named.familyName == CTFontCopyFamilyName(named))
        // In attributes either spelling sets the same text.
        let a = CTLineCreateWithAttributedString(NSAttributedString(string: "Hello", attributes: [.font: font]) as CFAttributedString)
        let b = CTLineCreateWithAttributedString(NSAttributedString(string: "Hello", attributes: [NSAttributedString.Key(kCTFontAttributeName): ct]) as CFAttributedString)
        #expect(CTLineGetTypographicBounds(a, nil, nil, nil) == CTLineGetTypographicBounds(b, nil, nil, nil))
    }
}
