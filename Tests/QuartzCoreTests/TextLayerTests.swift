import Testing
@_spi(Lamina) import CoreText
@testable import QuartzCore
import LaminaTestSupport
/// Text layers: justified English and Chinese, centred, right, truncated at the end and middle.
@Test func textLayersReference() throws {
    let failure = try compositorGolden.check("text-layers") { try #require(CARenderer(layer: textScene(), scale: 2).image()) }
    #expect(failure == nil, "\(failure ?? "")")
}

func textScene() -> CALayer {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 300, height: 290)
    root.backgroundColor = CGColor(gray: 1, alpha: 1)
    func text(_ s: String, _ frame: CGRect, _ align: CATextLayerAlignmentMode, wrapped: Bool = true,
              truncation: CATextLayerTruncationMode = .none) {
        let t = CATextLayer()
        t.frame = frame
        t.string = s
        t.font = "Helvetica" as CFTypeRef
        t.fontSize = 15
        t.foregroundColor = CGColor(gray: 0.1, alpha: 1)
        t.alignmentMode = align
        t.isWrapped = wrapped
        t.truncationMode = truncation
        t.contentsScale = 2
        t.borderWidth = 0.5
        t.borderColor = CGColor(red: 0.8, green: 0.8, blue: 1, alpha: 1)
        root.addSublayer(t)
    }
    text("Lorem ipsum dolor sit amet, consectetur adipiscing elit. In facilisis nulla eu felis fringilla vulputate.",
         CGRect(x: 10, y: 10, width: 280, height: 80), .justified)
    text("中文排版测试：我们在这里测试中文文本的自动换行与两端对齐效果，包括标点符号。English mixed in.",
         CGRect(x: 10, y: 100, width: 280, height: 80), .justified)
    text("A centred line", CGRect(x: 10, y: 190, width: 135, height: 20), .center)
    text("Right aligned", CGRect(x: 155, y: 190, width: 135, height: 20), .right)
    text("This unwrapped line is truncated at the end", CGRect(x: 10, y: 220, width: 280, height: 20), .natural, wrapped: false, truncation: .end)
    text("This unwrapped line is truncated in the middle", CGRect(x: 10, y: 250, width: 280, height: 20), .natural, wrapped: false, truncation: .middle)
    return root
}

@Suite("CATextLayer")
struct TextLayerTests {
    func layer(_ s: Any, width: CGFloat, wrapped: Bool = true) -> CATextLayer {
        let t = CATextLayer()
        t.string = s
        t.fontSize = 20
        t.isWrapped = wrapped
        t.bounds = CGRect(x: 0, y: 0, width: width, height: 1000)
        return t
    }

    @Test func wrapsAtSpacesAndBetweenCJKCharacters() {
        let english = layer("one two three four five six", width: 100)
        #expect(english.textLayout(width: 100, height: 1000).lineCount >= 3)
        #expect(layer("one two three four five six", width: 100, wrapped: false).textLayout(width: 100, height: 1000).lineCount == 1)
        let chinese = layer("中文排版测试中文排版测试", width: 100)
        #expect(chinese.textLayout(width: 100, height: 1000).lineCount == 3)   // 20-pt ideographs, 5 per line
        #expect(layer("a\nb\nc", width: 100).textLayout(width: 100, height: 1000).lineCount == 3)
    }

    @Test func justificationStretchesSpacesAndCJKButNotALoneWord() throws {
        func lines(_ s: String, width: CGFloat) -> [[CGFloat]] {
            let t = layer(s, width: width)
            t.alignmentMode = .justified
            let glyphs = t.textLayout(width: width, height: 1000).glyphs
            return Dictionary(grouping: glyphs, by: \.baseline).sorted { $0.key < $1.key }.map { $0.value.map(\.x).sorted() }
        }
        // "internationalization" alone on a line: its letters keep their natural spacing.
        let wordWidth = layer("internationalization", width: 1000, wrapped: false).preferredFrameSize().width
        let latin = lines("to internationalization and back", width: wordWidth + 5)
        #expect(latin.count == 3)
        let word = latin[1], natural = lines("internationalization", width: 1000)[0]
        #expect(zip(word, natural).allSatisfy { abs($0 - $1) < 0.01 })
        // A line with spaces ends at the right edge (its last glyph starts well past the left).
        let spaced = lines("one two three four five six seven eight", width: 150)
        #expect(spaced.count >= 2 && spaced[0].last! > 100)
        // Chinese is stretched between characters: even steps across the line.
        let chinese = lines("中文排版测试中文排版测试", width: 110)
        let steps = zip(chinese[0].dropFirst(), chinese[0]).map { $0 - $1 }
        #expect(steps.count == 4 && steps.allSatisfy { abs($0 - 22.5) < 0.01 })
    }

    @Test func preferredSizeAndFirstLineAtTheTop() throws {
        let t = layer("Hello", width: 500, wrapped: false)
        let size = t.preferredFrameSize()
        #expect(size.width > 40 && size.width < 60 && size.height > 20 && size.height < 30)
        let layout = t.textLayout(width: 500, height: 1000)
        let ascent = try #require(layout.glyphs.first).baseline
        #expect(ascent > 14 && ascent < 20)                   // baseline one ascent below the top
    }

    @Test func attributedRunsKeepTheirColours() {
        let s = NSMutableAttributedString(string: "red blue")
        s.addAttribute(.foregroundColor, value: CGColor(red: 1, green: 0, blue: 0, alpha: 1), range: NSRange(location: 0, length: 3))
        s.addAttribute(.foregroundColor, value: CGColor(red: 0, green: 0, blue: 1, alpha: 1), range: NSRange(location: 4, length: 4))
        let t = layer(s, width: 500)
        let colors = Set(t.textLayout(width: 500, height: 100).glyphs.map { $0.color })
        #expect(colors.contains(CGColor(red: 1, green: 0, blue: 0, alpha: 1)) && colors.contains(CGColor(red: 0, green: 0, blue: 1, alpha: 1)))
    }

    @Test func fontsByObjectAndNameAndTheDefault() throws {
        let t = CATextLayer()
        #expect(t.resolvedFont?.font.familyName == "Liberation Sans" && t.resolvedFont?.size == 36)
        t.font = try CGFont.named("DejaVu Sans Mono")
        #expect(t.resolvedFont?.font.familyName == "DejaVu Sans Mono")
        t.font = "Menlo" as CFTypeRef
        #expect(t.resolvedFont?.font.familyName == "DejaVu Sans Mono")
    }

    @Test func textIsDrawnWhenRendered() throws {
        let t = CATextLayer()
        t.bounds = CGRect(x: 0, y: 0, width: 100, height: 30)
        t.string = "Hi"
        t.foregroundColor = CGColor(gray: 0, alpha: 1)
        #expect(t.needsDisplay())
        let image = try #require(CARenderer(layer: t).image())
        let px = try image.straightRGBA8()
        #expect(stride(from: 3, to: px.count, by: 4).contains { px[$0] == 255 })
        #expect(t.contents is CGImage)
    }
}

/// `allowsFontSubpixelQuantization` (off by default): on, the layer's glyphs are placed on
/// thirds of a pixel across (their pixels change); the context's own setting is put back.
@Test func aTextLayerQuantizesGlyphPositionsOnlyWhenAllowed() throws {
    func render(_ allows: Bool?) throws -> (pixels: [UInt8], ctx: CGContext) {
        let t = CATextLayer()
        t.bounds = CGRect(x: 0, y: 0, width: 120, height: 24)
        t.string = "Quantized glyphs"
        t.fontSize = 15
        t.foregroundColor = CGColor(gray: 0, alpha: 1)
        if let allows { t.allowsFontSubpixelQuantization = allows }
        let ctx = try #require(CGContext(data: nil, width: 240, height: 48, bitsPerComponent: 8, bytesPerRow: 960,
                                         space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.translateBy(x: 0, y: 48)
        ctx.scaleBy(x: 2, y: -2)
        t.draw(in: ctx)
        let bytes = try #require(ctx.data).assumingMemoryBound(to: UInt8.self)
        return (Array(UnsafeBufferPointer(start: bytes, count: 240 * 48 * 4)), ctx)
    }
    #expect(CATextLayer().allowsFontSubpixelQuantization == false)
    let byDefault = try render(nil), off = try render(false), on = try render(true)
    #expect(byDefault.pixels == off.pixels)
    #expect(on.pixels != off.pixels)
    #expect(on.pixels.contains { $0 != 0 })
    #expect(on.ctx.allowsFontSubpixelQuantization)
}
