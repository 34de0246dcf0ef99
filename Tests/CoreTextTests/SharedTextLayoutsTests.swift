import Testing
import Foundation
@_spi(Lamina) @testable import CoreText
@_spi(Lamina) import CoreGraphics

/// The process's kept layouts: the same runs in the same box are laid out once; anything that
/// changes the layout (text, font, size, colour, box, wrapping, the installed fonts) is a
/// different layout; the kept ones stay within their bounds.
@Suite("Shared text layouts")
struct SharedTextLayoutsTests {
    static let font = CGFont.named("Helvetica", size: nil)!

    static func run(_ text: String, size: CGFloat = 15, gray: CGFloat = 0) -> [LaminaTextRun] {
        [LaminaTextRun(text: text, font: font, size: size, color: CGColor(gray: gray, alpha: 1))]
    }

    static func layout(_ runs: [LaminaTextRun], width: CGFloat? = 200) -> TextLayout {
        SharedTextLayouts.layout(runs: runs, width: width, height: .infinity, wraps: true, alignment: .natural, truncation: nil)
    }

    @Test func theSameRunsInTheSameBoxAreLaidOutOnce() {
        let text = "Kept layout \(UUID().uuidString) wraps over more than one line of this box"
        let before = SharedTextLayouts.statistics
        let a = Self.layout(Self.run(text))
        let b = Self.layout(Self.run(text))   // equal runs, new colour and run objects
        let after = SharedTextLayouts.statistics
        #expect(after.hits >= before.hits + 1 && after.misses >= before.misses + 1)
        #expect(a.glyphs.count == b.glyphs.count && a.usedSize == b.usedSize && a.lineCount > 1)
        // What differs is laid out again and comes out as a new layout would.
        for (runs, width) in [(Self.run(text, size: 16), CGFloat(200)), (Self.run(text, gray: 0.5), 200), (Self.run(text + "!"), 200),
                              (Self.run(text), 120), (Self.run(text), nil)] {
            let shared = Self.layout(runs, width: width)
            let fresh = TextLayout(runs: runs, width: width, height: .infinity, wraps: true, alignment: .natural, truncation: nil)
            #expect(shared.usedSize == fresh.usedSize && shared.lineCount == fresh.lineCount)
            #expect(shared.glyphs.map(\.x) == fresh.glyphs.map(\.x) && shared.glyphs.map(\.color) == fresh.glyphs.map(\.color))
        }
    }

    /// A font registered (or removed) may change the faces text falls back to: layouts made
    /// before it are not reused.
    @Test func aChangeOfTheInstalledFontsIsANewLayout() {
        let text = "Fonts changed \(UUID().uuidString)"
        _ = Self.layout(Self.run(text))
        let key = SharedTextLayouts.Key(runs: Self.run(text), width: 200, height: .infinity, wraps: true, alignment: .natural,
                                        truncation: nil, maximumLines: 0, direction: .natural, measuring: false, fonts: FontCatalog.shared.changeCount)
        var moved = key
        moved.fonts += 1
        #expect(key != moved)
    }

    /// A paragraph too large to keep is laid out and not kept; many layouts stay within the
    /// limits.
    @Test func keptLayoutsStayWithinTheirLimits() {
        let long = String(repeating: "A long paragraph of body text. ", count: 1_800)
        let l = Self.layout(Self.run(long), width: 300)
        #expect(l.glyphs.count > SharedTextLayouts.glyphLimit / 4)
        func key(_ runs: [LaminaTextRun], _ width: CGFloat?) -> SharedTextLayouts.Key {
            SharedTextLayouts.Key(runs: runs, width: width, height: .infinity, wraps: true, alignment: .natural, truncation: nil,
                                  maximumLines: 0, direction: .natural, measuring: false, fonts: FontCatalog.shared.changeCount)
        }
        #expect(!SharedTextLayouts.isKept(key(Self.run(long), 300)))
        _ = Self.layout(Self.run("Short"), width: 300)
        #expect(SharedTextLayouts.isKept(key(Self.run("Short"), 300)))
        for i in 0..<(SharedTextLayouts.entryLimit + 100) {
            _ = Self.layout(Self.run("Row \(i)"), width: nil)
        }
        let s = SharedTextLayouts.statistics
        #expect(s.count <= SharedTextLayouts.entryLimit && s.glyphs <= SharedTextLayouts.glyphLimit && s.evictions > 0)
    }

    /// A measurement (no glyphs placed) finds the size and line count a full layout finds, for
    /// wrapped, truncated, justified, right-to-left and mixed text, and is kept apart from the
    /// full layout of the same runs.
    @Test func aMeasurementIsTheSizeOfTheFullLayout() {
        let texts = ["Settings \(UUID().uuidString)", "Wi-Fi 17", "Justified text that wraps over several lines of this narrow box",
                     "שלום עולם and some English", "مرحبا بالعالم 42", "Line one\nLine two\r\nLine three", "", "   ",
                     "e\u{301}te\u{301} cafe\u{301} 👩‍👩‍👧 🇫🇷", "漢字とかなの混じった文章を折り返す"]
        for text in texts {
            for (width, wraps, alignment, truncation, lines) in [(CGFloat?.none, false, CTTextAlignment.natural, CTLineTruncationType?.none, 0),
                                                                 (120, true, .justified, nil, 0), (90, true, .center, .end, 2),
                                                                 (60, false, .right, .middle, 1), (200, true, .natural, nil, 0)] {
                for direction in [Bidi.Direction.natural, .rightToLeft] {
                    let runs = Self.run(text)
                    let full = TextLayout(runs: runs, width: width, height: .infinity, wraps: wraps, alignment: alignment,
                                          truncation: truncation, maximumLines: lines, direction: direction)
                    let measured = TextLayout(runs: runs, width: width, height: .infinity, wraps: wraps, alignment: alignment,
                                              truncation: truncation, maximumLines: lines, direction: direction, placesGlyphs: false)
                    #expect(measured.usedSize == full.usedSize && measured.lineCount == full.lineCount, "\(text) \(String(describing: width))")
                    #expect(measured.glyphs.isEmpty && measured.lines.isEmpty)
                }
            }
        }
        let text = "Measured apart \(UUID().uuidString)"
        let m = LaminaTextLayout.measure(runs: Self.run(text), width: 200, height: .infinity, wraps: true, alignment: .natural, truncation: nil)
        let drawn = Self.layout(Self.run(text))
        #expect(m.size == drawn.usedSize && m.lines == drawn.lineCount && !drawn.glyphs.isEmpty)
    }
}
