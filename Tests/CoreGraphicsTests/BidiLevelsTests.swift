import Testing
@_spi(Lamina) @testable import CoreGraphics

/// `Bidi.levels` answers text with no right-to-left character without FriBidi (every scalar at
/// level 0): the answer must be FriBidi's for any such text, and FriBidi must still be asked
/// as soon as a right-to-left character or an explicit directional mark is in the paragraph.
@Suite("Bidi levels")
struct BidiLevelsTests {
    @Test func textBeforeHebrewIsAtLevelZeroAsFriBidiFinds() {
        var samples: [[Unicode.Scalar]] = [
            Array("Wi-Fi 17".unicodeScalars), Array("(12) + [3.5] = {x}; 50% $9 #1".unicodeScalars),
            Array("\t tab, line\u{2029}".prefix(11).unicodeScalars), Array("1 2 3 4".unicodeScalars),
            Array("Ελληνικά и русский Հայերեն café".unicodeScalars), Array("  ".unicodeScalars),
        ]
        // Every scalar below U+0590 that is not a surrogate, alone and after a digit.
        for v in UInt32(0)..<0x0590 {
            guard let s = Unicode.Scalar(v) else { continue }
            samples.append([s])
            samples.append(["1", s, "2"])
        }
        // Pseudo-random strings of scalars below U+0590.
        var seed: UInt64 = 0x9E3779B97F4A7C15
        for _ in 0..<300 {
            var text: [Unicode.Scalar] = []
            for _ in 0..<12 {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                if let s = Unicode.Scalar(UInt32(seed >> 33) % 0x0590) { text.append(s) }
            }
            samples.append(text)
        }
        for text in samples {
            for direction in [Bidi.Direction.natural, .leftToRight] {
                let fast = Bidi.levels(text, direction: direction)
                let full = Bidi.fribidiLevels(text, direction: direction)
                #expect(fast.levels == full.levels && fast.rightToLeft == full.rightToLeft,
                        "\(text.map { String($0.value, radix: 16) }) \(direction)")
            }
        }
    }

    @Test func rightToLeftTextAndMarksStillReachFriBidi() {
        // Hebrew, Arabic, a right-to-left mark, an isolate.
        for text in ["abc שלום", "abc سلام 12", "a\u{200F}b 1", "a \u{2067}b\u{2069} c"] {
            let levels = Bidi.levels(Array(text.unicodeScalars), direction: .natural).levels
            #expect(levels.contains { $0 != 0 } || text.contains("\u{200F}"), "\(text)")
            #expect(levels == Bidi.fribidiLevels(Array(text.unicodeScalars), direction: .natural).levels)
        }
        // A paragraph set right to left is never all at level 0.
        #expect(Bidi.levels(Array("abc".unicodeScalars), direction: .rightToLeft).rightToLeft)
        #expect(Bidi.levels(Array("abc".unicodeScalars), direction: .rightToLeft).levels == [2, 2, 2])
    }
}
