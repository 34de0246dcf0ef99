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
                                        truncation: nil, maximumLines: 0, direction: .natural, fonts: FontCatalog.shared.changeCount)
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
                                  maximumLines: 0, direction: .natural, fonts: FontCatalog.shared.changeCount)
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
}
