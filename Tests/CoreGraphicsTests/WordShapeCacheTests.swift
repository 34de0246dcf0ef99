import Foundation
import Testing
@testable @_spi(Lamina) import CoreGraphics

/// Text shaped a word at a time from the word cache gives exactly the glyphs, clusters,
/// advances and offsets HarfBuzz gives for the text whole, in the faces Lamina ships; the
/// analysis keeps text the system font's stand-in joins across spaces (case-sensitive
/// punctuation) whole; the cache stays within its bound.
@Suite("Word shape cache", .serialized)
struct WordShapeCacheTests {
    static let texts = [
        "Bluetooth 42", "Sounds & Haptics 6", "Display & Brightness 999", "Wi-Fi 17", "Control Centre",
        "The quick brown fox jumps over the lazy dog.", "AVAST Wa To Ty Yo fi fl ffi office affluent",
        "12:30 PM  (3 x 4) = 12", "A - B -> C", "Tuesday, 1 December   2026", "Ünïcödé wörds àçcént",
        "Ελληνικά γράμματα και λέξεις", "Русский текст из слов", "e-mail x-ray @home #tag 50%",
        "  leading and trailing spaces  ", "one", "a b", "The Mobile Data Personal Hotspot Notifications Focus",
        "\u{201C}Quoted\u{201D} and \u{2018}single\u{2019} \u{2014} dash \u{2026} ellipsis",
    ]

    static func fonts() throws -> [CGFont] {
        try [".SFUI-Regular", ".SFUI-Bold", "Helvetica", "Times New Roman", "DejaVu Sans", "Menlo"].map { name in
            try #require(CGFont.named(name, size: 17), "\(name)")
        }
    }

    static func shape(_ font: CGFont, _ s: String, script: UInt32) -> [ShapedGlyph] {
        let scalars = Array(s.unicodeScalars)
        return font.shape(scalars, range: 0..<scalars.count, rightToLeft: false, script: script)
    }

    @Test func wordsShapedApartGiveTheGlyphsOfTheWholeText() throws {
        for font in try Self.fonts() {
            for text in Self.texts {
                let script = Array(text.unicodeScalars).map(TextScript.of).first { !TextScript.isShared($0) } ?? TextScript.common
                let whole = WordShapeCache.$isEnabled.withValue(false) { Self.shape(font, text, script: script) }
                WordShapeCache.removeAll()
                let first = Self.shape(font, text, script: script)
                let again = Self.shape(font, text, script: script)   // from the kept words
                #expect(first == whole, "\(font.familyName): \(text)")
                #expect(again == whole, "\(font.familyName): \(text) (kept words)")
            }
        }
    }

    @Test func theSystemFontsStandInKeepsTextWithCaseSensitivePunctuationWhole() throws {
        let font = try #require(CGFont.named(".SFUI-Regular", size: 17))
        let latin = TextScript.of("a")
        func kept(_ word: String) -> Bool {
            WordShapeCache.isKept(WordShapeCache.Key(face: font.cacheID, script: latin, text: Array(word.unicodeScalars)[...]))
        }
        WordShapeCache.removeAll()
        _ = Self.shape(font, "Bluetooth Mobile  Data", script: latin)
        #expect(kept("Bluetooth") && kept("Mobile") && kept("Data") && kept(" ") && kept("  "))
        // The hyphen and the colon take their case forms between capitals, across a space, in
        // Inter's `calt`: text holding one is shaped whole, no word kept.
        _ = Self.shape(font, "Wi-Fi Network", script: latin)
        _ = Self.shape(font, "Time : Zone", script: latin)
        #expect(!kept("Wi-Fi") && !kept("Network") && !kept("Time") && !kept("Zone"))
        // With feature settings: whole too.
        let scalars = Array("Personal Hotspot".unicodeScalars)
        _ = font.shape(scalars, range: 0..<scalars.count, rightToLeft: false, script: latin, features: ["-liga"])
        #expect(!kept("Personal") && !kept("Hotspot"))
        // The analysis: the hyphen, the colon and the letter x are risky, letters and digits not.
        let analysis = try #require(FontLibrary.withLock { _ in font.wordShaping })
        for (c, risky) in [("-", true), (":", true), ("x", true), ("B", false), ("4", false), ("&", false)] {
            let g = UInt32(font.glyph(for: c.unicodeScalars.first!))
            #expect(analysis.risky.contains(g) == risky, "\(c)")
        }
    }

    @Test func theCacheStaysWithinItsBound() throws {
        let font = try #require(CGFont.named(".SFUI-Regular", size: 17))
        let latin = TextScript.of("a")
        WordShapeCache.removeAll()
        // Twice the words the cache keeps, each new: the least recently used are evicted.
        for i in stride(from: 0, to: WordShapeCache.maximumWords * 2, by: 4) {
            _ = Self.shape(font, "w\(i) w\(i + 1) w\(i + 2) w\(i + 3)", script: latin)
        }
        let s = WordShapeCache.statistics
        #expect(s.words <= WordShapeCache.maximumWords)
        #expect(s.glyphs <= WordShapeCache.maximumGlyphs)
        #expect(s.evictions > 0)
        WordShapeCache.removeAll()
    }
}

/// Numbers shaped pair by pair (``WordShaping``'s pairwise characters) give HarfBuzz's glyphs for
/// the whole number.
@Suite("Numbers shaped pair by pair", .serialized)
struct PairwiseNumberTests {
    static func numbers() -> [String] {
        var out = (0..<100).map { String(format: "%02d", $0) } + (0..<1000).map(String.init)
        out += ["1,234.56", "0.5", "10,000", "3.14159", "1.1.1", ",,", "..", "9,9", "2026.12.01", "1234567890123456789"]
        return out
    }

    @Test func aNumberShapedPairByPairIsTheNumberShapedWhole() throws {
        let latin = TextScript.of("a")
        var pairwiseFaces = 0
        for font in try WordShapeCacheTests.fonts() {
            for number in Self.numbers() {
                for (text, script) in [(number, TextScript.common), ("Item \(number)", latin), ("\(number) items of \(number)", latin)] {
                    let whole = WordShapeCache.$isEnabled.withValue(false) { WordShapeCacheTests.shape(font, text, script: script) }
                    let pairs = WordShapeCacheTests.shape(font, text, script: script)
                    #expect(pairs == whole, "\(font.familyName): \(text)")
                }
            }
            let analysis = FontLibrary.withLock { _ in font.wordShaping }
            if analysis?.asciiPairwise[0x30] == true { pairwiseFaces += 1 }
        }
        // The system font's stand-in (regular) and at least one other face qualify.
        #expect(pairwiseFaces >= 2)
    }

    @Test func theSystemFontsDigitsArePairwiseAndItsNumbersAreNotKept() throws {
        let font = try #require(CGFont.named(".SFUI-Regular", size: 17))
        let latin = TextScript.of("a")
        _ = WordShapeCacheTests.shape(font, "Bluetooth", script: latin)   // the face analysed
        let analysis = try #require(FontLibrary.withLock { _ in font.wordShaping })
        for c in "0123456789" { #expect(analysis.asciiPairwise[Int(c.asciiValue!)], "\(c)") }
        for c in "aZ -:" { #expect(!analysis.asciiPairwise[Int(c.asciiValue!)], "\(c)") }
        func kept(_ word: String) -> Bool {
            WordShapeCache.isKept(WordShapeCache.Key(face: font.cacheID, script: latin, text: Array(word.unicodeScalars)[...]))
        }
        WordShapeCache.removeAll()
        _ = WordShapeCacheTests.shape(font, "Bluetooth 472", script: latin)
        #expect(kept("Bluetooth") && kept("47") && kept("72") && kept("2"))
        #expect(!kept("472"))
        // Letters that make a ligature, or that a contextual lookup of the default features
        // takes as input, are not pairwise; the digits alone are.
        for (set, pairwise) in [("fi", false), ("fl", false), ("=>", false), ("<=", false), ("0123456789", true), ("0123456789fi", false), ("04", true)] {
            let a = try #require(font.wordShapingAnalysis(pairwiseSets: [Array(set.utf8)]))
            #expect(a.asciiPairwise[Int(Character(String(set.first!)).asciiValue!)] == pairwise, "\(set)")
        }
        // A number alone is shaped pair by pair too.
        _ = WordShapeCacheTests.shape(font, "3805", script: TextScript.common)
        #expect(!kept("3805"))
        #expect(WordShapeCache.isKept(WordShapeCache.Key(face: font.cacheID, script: TextScript.common, text: Array("80".unicodeScalars)[...])))
        WordShapeCache.removeAll()
    }
}
