import Testing
@_spi(Lamina) import CoreText
@testable @_spi(Lamina) import QuartzCore
@_spi(Lamina) import CoreGraphics
import LaminaTestSupport

/// Text of the world's scripts through a text layer: Arabic joined right to left, Hebrew with
/// numbers, Devanagari with its reordered vowel sign, English and Arabic in one line, emoji
/// sequences, ligatures on and off, kerning, and a right-to-left paragraph truncated.
func scriptsScene() -> CALayer {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 320, height: 330)
    root.backgroundColor = CGColor(gray: 1, alpha: 1)
    var y: CGFloat = 8
    func text(_ s: Any, height: CGFloat = 30, size: CGFloat = 20, align: CATextLayerAlignmentMode = .natural,
              truncation: CATextLayerTruncationMode = .none, font: String = "Helvetica") {
        let t = CATextLayer()
        t.frame = CGRect(x: 10, y: y, width: 300, height: height)
        t.string = s
        t.font = font as CFTypeRef
        t.fontSize = size
        t.foregroundColor = CGColor(gray: 0.1, alpha: 1)
        t.alignmentMode = align
        t.isWrapped = truncation == .none
        t.truncationMode = truncation
        t.contentsScale = 2
        t.borderWidth = 0.5
        t.borderColor = CGColor(red: 0.8, green: 0.8, blue: 1, alpha: 1)
        root.addSublayer(t)
        y += height + 6
    }
    text("مرحبا بالعالم")                                  // Arabic: joined, right aligned (natural)
    text("שלום עולם 2026 ו-3.14")                         // Hebrew with numbers
    text("नमस्ते दुनिया, किताब")                               // Devanagari: conjuncts, ि before its consonant
    text("Lamina يرسم النص العربي")                       // English then Arabic, left to right paragraph
    text("👍🏽 👨‍👩‍👧 🇫🇷 ❤️ 1️⃣ ok")                                  // skin tone, ZWJ family, flag, VS16, keycap
    let ligatures = NSMutableAttributedString(string: "office ", attributes: [.font: "DejaVu Serif"])
    ligatures.append(NSAttributedString(string: "office", attributes: [.font: "DejaVu Serif", .ligature: 0]))
    text(ligatures)
    let kerning = NSMutableAttributedString(string: "AVATAR ", attributes: [.font: "Liberation Serif"])
    kerning.append(NSAttributedString(string: "AVATAR ", attributes: [.font: "Liberation Serif", .kern: 0]))
    kerning.append(NSAttributedString(string: "AVATAR", attributes: [.font: "Liberation Serif", .kern: 4]))
    text(kerning)
    text("هذا سطر عربي طويل جدا لا يتسع في العرض المتاح له هنا", truncation: .end)
    text(String(repeating: "👨‍👩‍👧", count: 13), truncation: .end)     // 13 families in 300 pt: the 12th gives way to "…"
    return root
}

@Test func scriptsReference() throws {
    let failure = try compositorGolden.check("text-scripts") { try #require(CARenderer(layer: scriptsScene(), scale: 2).image()) }
    #expect(failure == nil, "\(failure ?? "")")
}

@Suite("Shaping, bidirectional text, fallback and emoji")
struct ShapingTests {
    let helvetica = try! CGFont.named("Helvetica")

    /// A shaped cluster with its glyphs.
    struct Shaped {
        var text: Character
        var font: CGFont
        var glyphs: [ParagraphShaper.Glyph]
        var advance: CGFloat
        var level: UInt8
    }

    func shape(_ s: String, font: CGFont? = nil, size: CGFloat = 20, kern: CGFloat? = nil, ligatures: Int = 1,
               direction: Bidi.Direction = .natural) -> (clusters: [Shaped], rightToLeft: Bool) {
        var glyphs: [ParagraphShaper.Glyph] = []
        let (clusters, rtl) = ParagraphShaper.shape([(Substring(s), ParagraphShaper.Style(font: font ?? helvetica, size: size, kern: kern,
                                                                                         ligatures: ligatures))],
                                                    direction: direction, into: &glyphs)
        return (clusters.map { Shaped(text: $0.text, font: $0.font, glyphs: Array(glyphs[$0.glyphs]), advance: $0.advance, level: $0.level) },
                rtl)
    }

    /// The clusters' text in display order.
    func visual(_ clusters: [Shaped]) -> String {
        String(Bidi.visualOrder(clusters.map(\.level)).map { clusters[$0].text })
    }

    /// Printable ASCII is taken a byte per character, without grapheme breaking: its clusters,
    /// glyphs, advances and offsets are those of the same characters given beside a character
    /// that needs breaking, characters of mixed text are Swift's, and the glyph of each ASCII
    /// scalar is the face's.
    @Test func printableASCIIIsShapedAsTheGraphemePathShapesIt() throws {
        for font in [helvetica, try CGFont.named("DejaVu Serif"), try CGFont.named("Liberation Serif")] {
            let ascii = "office AVATAR Wi-Fi 17: {x} ~ \"quoted\" 1/2"
            let fast = shape(ascii, font: font).clusters
            let general = shape(ascii + " \u{E9}\u{301}", font: font).clusters   // é with a combining mark
            #expect(fast.map(\.text) == Array(ascii))
            #expect(Array(general.prefix(fast.count - 1).map(\.text)) == Array(ascii.dropLast()))
            for (a, b) in zip(fast.dropLast(), general) {
                #expect(a.glyphs.map(\.glyph) == b.glyphs.map(\.glyph) && a.advance == b.advance, "\(a.text)")
                #expect(a.glyphs.map(\.x) == b.glyphs.map(\.x) && a.glyphs.map(\.y) == b.glyphs.map(\.y))
            }
            // Mixed text: ASCII taken a byte at a time where nothing can extend it, the rest
            // broken into graphemes; the characters are Swift's.
            for mixed in ["cafe\u{301} au lait", "\u{600}12 and 3", "A\r\nB", "ok 👍🏽 ok", "x\u{200D}y", "क्षत्रिय ok",
                          "🇫🇷🇩🇪ab", "a\u{FE0F}b", "\tTab\u{85}next", "e\u{301}\u{302}", "مرحبا Lamina"] {
                #expect(shape(mixed, font: font).clusters.map(\.text) == Array(mixed), "\(mixed.unicodeScalars.map(\.value))")
            }
            for v in UInt8(0x20)..<0x7F {
                let s = Unicode.Scalar(v)
                let alone = font.shape([s], range: 0..<1, rightToLeft: false, script: TextScript.of(s))
                #expect(alone.count == 1 && alone[0].glyph == font.glyph(for: s), "U+\(String(v, radix: 16))")
            }
        }
    }

    @Test func arabicIsJoinedAndRunsRightToLeft() throws {
        let (clusters, rtl) = shape("سلام")
        #expect(rtl)
        #expect(clusters.allSatisfy { $0.level == 1 })
        // Lam and alef always join into one glyph (a required ligature, also with ligatures 0).
        #expect(clusters.map(\.glyphs.count) == [1, 1, 0, 1])
        #expect(shape("سلام", ligatures: 0).clusters.map(\.glyphs.count) == [1, 1, 0, 1])
        // Joined forms are other glyphs than the characters' isolated ones.
        let font = clusters[0].font
        #expect(clusters[0].glyphs[0].glyph != font.glyph(for: "س"))   // initial seen
        #expect(clusters[1].glyphs[0].glyph != font.glyph(for: "ل"))   // lam-alef
        #expect(clusters[3].glyphs[0].glyph == font.glyph(for: "م"))   // meem stands alone after alef
        #expect(visual(clusters) == "مالس")
    }

    @Test func hebrewWithNumbersKeepsTheNumbersLeftToRight() {
        let (clusters, rtl) = shape("שלום עולם 2026 ו-3.14")
        #expect(rtl)
        #expect(visual(clusters) == "3.14-ו 2026 םלוע םולש")
        #expect(clusters.filter { $0.text.isNumber }.allSatisfy { $0.level == 2 })
    }

    @Test func anEnglishParagraphKeepsArabicWordsInTheirOrder() {
        let (clusters, rtl) = shape("Lamina يرسم النص")
        #expect(!rtl)
        #expect(visual(clusters) == "Lamina صنلا مسري")
        // The base direction can be forced.
        #expect(shape("Lamina يرسم", direction: .rightToLeft).rightToLeft)
        #expect(visual(shape("Lamina يرسم", direction: .rightToLeft).clusters) == "مسري Lamina")
    }

    @Test func devanagariVowelSignIsDrawnBeforeItsConsonant() throws {
        let (clusters, _) = shape("कि")
        #expect(clusters.count == 1)
        let c = try #require(clusters.first)
        #expect(c.font.familyName.contains("Devanagari"))
        #expect(c.glyphs.count == 2)
        // The vowel sign i (U+093F) is written after KA and drawn before (left of) it.
        let ka = c.font.glyph(for: "क")
        #expect(c.glyphs[1].glyph == ka && c.glyphs[0].glyph != ka)
        #expect(c.glyphs[0].x < c.glyphs[1].x)
        // A conjunct: KA + VIRAMA + SSA becomes fewer glyphs than characters.
        let (ksha, _) = shape("क्ष")
        #expect(ksha.count == 1 && ksha[0].glyphs.count < 3)
    }

    @Test func ligaturesFollowTheLigatureAttribute() throws {
        let serif = try CGFont.named("DejaVu Serif")
        #expect(shape("ff", font: serif).clusters.flatMap(\.glyphs).count == 1)
        #expect(shape("ff", font: serif, ligatures: 0).clusters.flatMap(\.glyphs).count == 2)
        // The ligature belongs to the first character; the second has no glyph and no width.
        let ff = shape("ff", font: serif).clusters
        #expect(ff[1].glyphs.isEmpty && ff[1].advance == 0 && ff[0].advance > 0)
    }

    @Test func kerningIsOnByDefaultOffWithKernZeroAndKernAddsSpace() throws {
        let serif = try CGFont.named("Liberation Serif")
        func width(_ kern: CGFloat?) -> CGFloat { shape("AVAV", font: serif, kern: kern).clusters.reduce(0) { $0 + $1.advance } }
        #expect(width(nil) < width(0) - 1)
        #expect(abs(width(4) - (width(nil) + 16)) < 0.001)
    }

    @Test func emojiSequencesAreOneColourGlyphEach() throws {
        let emoji = try #require(FontFallback.emoji, "Noto Color Emoji is installed by scripts/setup.sh")
        #expect(emoji.hasColorBitmaps)
        for s in ["👨‍👩‍👧", "👍🏽", "🇫🇷", "❤️", "1️⃣"] {
            let (clusters, _) = shape(s)
            #expect(clusters.count == 1, "\(s)")
            #expect(clusters.first?.font === emoji && clusters.first?.glyphs.count == 1, "\(s)")
            let g = try #require(clusters.first?.glyphs.first)
            let bitmap = try #require(emoji.colorGlyph(g.glyph))
            #expect(bitmap.image.width > 50 && bitmap.pixelsPerEm > 50)
            #expect(abs(clusters[0].advance - 20 * 2550 / 2048) < 0.5, "\(s) advance \(clusters[0].advance)")
        }
        // Text presentation (U+FE0E) keeps a text font.
        #expect(shape("❤︎").clusters.first?.font !== emoji)
    }

    @Test func emojiAreDrawnInColour() throws {
        let t = CATextLayer()
        t.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        t.string = "❤️"
        t.fontSize = 20
        let image = try #require(CARenderer(layer: t, scale: 1).image())
        let pixels = try #require(image.dataProvider?.data)
        var red = 0
        for i in stride(from: 0, to: image.width * image.height * 4, by: 4)
            where pixels[i + 3] > 200 && pixels[i] > 180 && pixels[i + 1] < 80 && pixels[i + 2] < 80 { red += 1 }
        #expect(red > 100, "red pixels: \(red)")
    }

    @Test func clustersStayWholeWhenWrappedAndTruncated() {
        let family = "👨‍👩‍👧"
        let t = CATextLayer()
        t.string = String(repeating: family, count: 7)
        t.fontSize = 20
        t.isWrapped = true
        let wrapped = t.textLayout(width: 60, height: 1000)
        #expect(wrapped.lineCount == 4)   // two 24.9-pt families per 60-pt line
        #expect(wrapped.glyphs.count == 7)
        t.isWrapped = false
        t.truncationMode = .end
        let truncated = t.textLayout(width: 80, height: 1000)
        #expect(truncated.glyphs.count == 3)  // two families and a 20-pt ellipsis
    }

    @Test func linesBreakWhereUAX14Allows() {
        let t = CATextLayer()
        t.fontSize = 20
        t.isWrapped = true
        func lines(_ s: String, width: CGFloat) -> [String] {
            t.string = s
            let layout = t.textLayout(width: width, height: 1000)
            // Group the glyphs' characters by baseline.
            let clusters = TextLayout.shape([LaminaTextRun(text: s, font: t.resolvedFont!.font, size: 20, color: CGColor.white)],
                                            direction: .natural).clusters
            var out: [String] = []
            var index = 0, lastBaseline: CGFloat = -1
            for c in clusters where !c.isSpace {
                guard index < layout.glyphs.count else { break }
                let baseline = layout.glyphs[index].baseline
                if baseline != lastBaseline { out.append(""); lastBaseline = baseline }
                out[out.count - 1].append(c.text)
                index += c.glyphs.count
            }
            return out
        }
        // After the hyphen, not inside "well".
        #expect(lines("well-known", width: 70) == ["well-", "known"])
        // A price stays whole.
        #expect(lines("pay $12.50 now", width: 80).contains("$12.50"))
        // A full stop never starts a line.
        #expect(lines("中文字。中文字", width: 60).allSatisfy { !$0.hasPrefix("。") })
    }

    @Test func layoutsAreCachedUntilTheTextOrItsSettingsChange() {
        let t = CATextLayer()
        t.string = "Cached مرحبا"
        t.fontSize = 20
        let first = t.textLayout(width: 200, height: 100)
        func cachedKey() -> TextLayoutCache.Key? { t.layoutCache.withLock { $0?.key } }
        let key = cachedKey()
        #expect(key != nil)
        _ = t.textLayout(width: 200, height: 100)
        #expect(cachedKey() == key)
        // Anything the layout depends on makes a new one.
        t.fontSize = 22
        let bigger = t.textLayout(width: 200, height: 100)
        #expect(bigger.usedSize.width > first.usedSize.width && cachedKey() != key)
        t.fontSize = 20
        t.string = NSAttributedString(string: "Cached مرحبا")
        _ = t.textLayout(width: 200, height: 100)
        let attributedKey = cachedKey()
        #expect(attributedKey != key)
        t.string = NSAttributedString(string: "Cached مرحبا")   // an equal string hits
        _ = t.textLayout(width: 200, height: 100)
        #expect(cachedKey() == attributedKey)
        #expect(t.textLayout(width: 150, height: 100).usedSize.width <= 150)
    }

    @Test func rightToLeftParagraphsAlignRightWhenNatural() {
        let t = CATextLayer()
        t.string = "مرحبا"
        t.fontSize = 20
        let layout = t.textLayout(width: 200, height: 100)
        let xs = layout.glyphs.map(\.x)
        #expect(xs.min()! > 100)   // flush right in 200 pt
        t.alignmentMode = .left
        #expect(t.textLayout(width: 200, height: 100).glyphs.map(\.x).min()! < 5)
    }

    @Test func fallbackFontsAreCachedPerCharacter() {
        // Thai: the face shipped with Lamina, fontconfig never asked.
        for _ in 0..<4 { _ = shape("ภาษาไทย") }
        #expect("ภาษาไทย".unicodeScalars.allSatisfy { FontFallback.fontconfigQueries(for: $0) == 0 })
        #expect(shape("ภาษาไทย").clusters.allSatisfy { $0.font.familyName == "Noto Sans Thai UI" })
        // Tamil (no shipped face): fontconfig finds a Noto face once per character, however
        // often it is drawn.
        for _ in 0..<4 { _ = shape("தமிழ்") }
        #expect("தமிழ்".unicodeScalars.allSatisfy { FontFallback.fontconfigQueries(for: $0) <= 1 })
        #expect(shape("தமிழ்").clusters.allSatisfy { $0.font.familyName.contains("Tamil") })
    }

    @Test func visualOrderReversesRunsFromTheHighestLevel() {
        #expect(Bidi.visualOrder([0, 0, 1, 1, 1, 0]) == [0, 1, 4, 3, 2, 5])
        #expect(Bidi.visualOrder([1, 1, 2, 2, 1]) == [4, 2, 3, 1, 0])
        #expect(Bidi.visualOrder([]) == [])
    }
}

/// Bad input to the text path: invalid UTF-16, a megabyte of mixed text, fonts that are not
/// fonts, odd font sizes. A clear error or nothing drawn; never a crash or a hang.
@Suite("Text: bad input")
struct TextBadInputTests {
    @Test func loneSurrogatesAreReplacementCharacters() throws {
        let units: [unichar] = [0x41, 0xD800, 0x42, 0xDC00]
        let broken = NSString(characters: units, length: units.count) as String
        let t = CATextLayer()
        t.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        t.string = broken
        t.fontSize = 20
        let layout = t.textLayout(width: 200, height: 100)
        #expect(layout.glyphs.count == 4)
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: broken))
        #expect(CTLineGetGlyphCount(line) == 4)
        _ = try #require(CARenderer(layer: t, scale: 1).image())
    }

    @Test func aMegabyteOfMixedTextIsLaidOutInLinearTime() {
        let unit = "Lamina يرسم 😀 text, 中文字 "
        let s = String(repeating: unit, count: 1_000_000 / unit.utf16.count)
        let t = CATextLayer()
        t.string = s
        t.fontSize = 12
        t.isWrapped = true
        let layout = t.textLayout(width: 300, height: 500)
        #expect(layout.lineCount > 10 && layout.lineCount < 40, "\(layout.lineCount) lines")   // the lines that fit
        // The break opportunities of a megabyte of spaces or digits come in one pass.
        #expect(LineBreaker.opportunities(Array(String(repeating: " ", count: 1_000_000).unicodeScalars)).count == 1_000_000)
        #expect(LineBreaker.opportunities(Array(String(repeating: "1", count: 1_000_000).unicodeScalars)).allSatisfy { !$0 })
    }

    @Test func oddFontSizesDrawNothing() throws {
        // The layout sets runs of odd sizes at size 0.
        for size: CGFloat in [0, -12, .nan, -.infinity] {
            let run = LaminaTextRun(text: "Hello مرحبا 😀", font: try CGFont.named("Helvetica"), size: size, color: CGColor(gray: 0, alpha: 1))
            let layout = TextLayout(runs: [run], width: 100, height: 40, wraps: true, alignment: .natural, truncation: nil)
            #expect(layout.usedSize.width == 0, "\(size)")
        }
        // Text layers: 0 and negative sizes draw nothing (NaN and infinities are refused by
        // the property and keep the default size).
        for size: CGFloat in [0, -12] {
            let t = CATextLayer()
            t.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
            t.string = "Hello مرحبا 😀"
            t.fontSize = size
            t.foregroundColor = CGColor(gray: 0, alpha: 1)
            let layout = t.textLayout(width: 100, height: 40)
            #expect(layout.usedSize.width == 0, "\(size)")
            let image = try #require(CARenderer(layer: t, scale: 1).image())
            let bytes = try #require(image.dataProvider?.data)
            #expect(!bytes.contains { $0 != 0 }, "size \(size) drew something")
        }
        // A huge size is clamped, once reported, and does not hang.
        let t = CATextLayer()
        t.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
        t.string = "Hi"
        t.fontSize = 1e30
        let reports = LaminaDiagnostics.collecting { _ = t.textLayout(width: 100, height: 40) }.diagnostics
        #expect(reports.contains { $0.contains("font size") })
        _ = try #require(CARenderer(layer: t, scale: 1).image())
        #expect(CTFontGetSize(CTFontCreateWithName("Helvetica" as CFString, -3, nil)) == 12)
    }

    @Test func fontsThatAreNotFontsAreTypedErrors() throws {
        #expect(throws: CGFontError.self) { try CGFont.load(Data("not a font".utf8)) }
        #expect(throws: CGFontError.self) { try CGFont.load(Data()) }
        // A real font (DejaVu Sans, installed by scripts/setup.sh) cut in half: a typed error.
        // (Hostile fonts that FreeType opens are shaped and drawn by the font fuzz target.)
        let data = try #require(FileManager.default.contents(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        #expect(throws: CGFontError.self) { try CGFont.load(Data(data.prefix(data.count / 2))) }
    }
}
