import Testing
import Foundation
import CoreText
import QuartzCore

/// CoreText drawing honours the CTM and the text matrix as Apple's does, in every orientation:
/// text is set in y-up text space, so a y-up context shows it upright, an unflipped y-down
/// context upside down (as on iOS), and the usual idioms turn it upright again. Written as iOS
/// code.
@Suite("CoreText in every context orientation")
struct TextOrientationTests {
    static let size = 60

    /// "T" over "L": the glyphs tell up from down, the lines their order.
    func frame(in rect: CGRect) -> CTFrame {
        let font = CTFontCreateWithName("Helvetica" as CFString, 24, nil)
        let text = NSAttributedString(string: "T\nL", attributes: [NSAttributedString.Key(kCTFontAttributeName): font])
        let setter = CTFramesetterCreateWithAttributedString(text as CFAttributedString)
        return CTFramesetterCreateFrame(setter, CFRange(location: 0, length: 0), CGPath(rect: rect, transform: nil), nil)
    }

    func context() -> CGContext {
        CGContext(data: nil, width: Self.size, height: Self.size, bitsPerComponent: 8, bytesPerRow: Self.size * 4,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    }

    /// The alpha of each pixel, row 0 at the top of the image.
    /// Whether two alpha planes have the same size and differ by at most 4 anywhere.
    func nearlyEqual(_ a: [[Int]], _ b: [[Int]]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { r, s in r.count == s.count && zip(r, s).allSatisfy { abs($0 - $1) <= 4 } }
    }

    func alpha(_ image: CGImage) -> [[Int]] {
        let bytes = [UInt8](image.dataProvider!.data!)
        return (0..<image.height).map { y in (0..<image.width).map { x in Int(bytes[y * image.bytesPerRow + x * 4 + 3]) } }
    }

    /// Rows (from the top) that hold ink.
    func inkRows(_ a: [[Int]]) -> [Int] { a.indices.filter { a[$0].contains { $0 > 128 } } }

    /// Whether the ink in rows `rows` is wider at the top than at the bottom (a "T" upright).
    func topHeavy(_ a: [[Int]], _ rows: ArraySlice<Int>) -> Bool {
        func width(_ y: Int) -> Int { a[y].filter { $0 > 128 }.count }
        return width(rows.first!) > width(rows.last!)
    }

    /// The two glyphs' bands of rows, top one first.
    func bands(_ a: [[Int]]) -> (top: ArraySlice<Int>, bottom: ArraySlice<Int>)? {
        let rows = inkRows(a)
        guard let gap = rows.indices.dropLast().first(where: { rows[$0 + 1] - rows[$0] > 1 }) else { return nil }
        return (rows[...gap], rows[(gap + 1)...])
    }

    /// Drawn with identity text matrix into a y-up bitmap context: the reference.
    func upright() -> [[Int]] {
        let ctx = context()
        ctx.textMatrix = .identity
        CTFrameDraw(frame(in: CGRect(x: 0, y: 0, width: Self.size, height: Self.size)), ctx)
        return alpha(ctx.makeImage()!)
    }

    @Test func aYUpContextShowsTextUprightFirstLineOnTop() throws {
        let a = upright()
        let (top, bottom) = try #require(bands(a))
        #expect(topHeavy(a, top), "the T (first line) is on top and upright")
        #expect(!topHeavy(a, bottom), "the L is below it")
    }

    @Test func aYDownContextShowsItUpsideDownAsOnIOS() throws {
        let ctx = context()
        ctx.translateBy(x: 0, y: CGFloat(Self.size))
        ctx.scaleBy(x: 1, y: -1)
        ctx.textMatrix = .identity
        CTFrameDraw(frame(in: CGRect(x: 0, y: 0, width: Self.size, height: Self.size)), ctx)
        let flipped = alpha(ctx.makeImage()!)
        // The mirror image of the upright drawing (glyph masks keep origins to 1/64 pixel, so an
        // edge pixel may differ by a few levels).
        #expect(nearlyEqual(flipped, Array(upright().reversed())))
    }

    @Test func aFlippedTextMatrixTurnsGlyphsButNotLineOrder() throws {
        let ctx = context()
        ctx.translateBy(x: 0, y: CGFloat(Self.size))
        ctx.scaleBy(x: 1, y: -1)
        ctx.textMatrix = CGAffineTransform(scaleX: 1, y: -1)
        CTFrameDraw(frame(in: CGRect(x: 0, y: 0, width: Self.size, height: Self.size)), ctx)
        let a = alpha(ctx.makeImage()!)
        let (top, bottom) = try #require(bands(a))
        // Each glyph upright, but the first line ("T") now below the second ("L").
        #expect(!topHeavy(a, top) && topHeavy(a, bottom))
    }

    @Test func linesDrawAtTheTextPositionThroughTheTextMatrix() throws {
        let font = CTFontCreateWithName("Helvetica" as CFString, 24, nil)
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "TT", attributes: [NSAttributedString.Key(kCTFontAttributeName): font]) as CFAttributedString)
        let ctx = context()
        // A quarter turn: the line runs up the image from (40, 5).
        ctx.textMatrix = CGAffineTransform(rotationAngle: .pi / 2)
        ctx.textPosition = CGPoint(x: 40, y: 5)
        CTLineDraw(line, ctx)
        let a = alpha(ctx.makeImage()!)
        let rows = inkRows(a)
        let columns = (0..<Self.size).filter { x in a.contains { $0[x] > 128 } }
        #expect(rows.count > columns.count, "taller than wide: \(rows.count) rows, \(columns.count) columns")
        #expect(columns.allSatisfy { $0 <= 40 } && rows.last! <= Self.size - 5)
    }

    /// A layer that draws the frame in `draw(in:)`, preparing the context with `prepare`.
    final class TextLayer: CALayer {
        var prepare: (CALayer, CGContext) -> Void = { _, _ in }
        override func draw(in ctx: CGContext) {
            ctx.textMatrix = .identity
            prepare(self, ctx)
            CTFrameDraw(TextOrientationTests().frame(in: bounds), ctx)
        }
    }

    func drawn(_ prepare: @escaping (CALayer, CGContext) -> Void) throws -> [[Int]] {
        let layer = TextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: Self.size, height: Self.size)
        layer.prepare = prepare
        layer.display()
        return alpha(try #require(layer.contents as! CGImage?))
    }

    @Test func flippingTheContextInDrawInContextGivesUprightText() throws {
        let a = try drawn { layer, ctx in
            ctx.translateBy(x: 0, y: layer.bounds.height)
            ctx.scaleBy(x: 1, y: -1)
        }
        #expect(a == upright())
        // Without the flip: upside down, as on iOS.
        #expect(nearlyEqual(try drawn { _, _ in }, Array(upright().reversed())))
    }

    @Test func flippingWhenContentsAreFlippedGivesUprightText() throws {
        // How animation engines write it: the context is flipped on iOS, so flip it back.
        let a = try drawn { layer, ctx in
            if layer.contentsAreFlipped() {
                ctx.translateBy(x: 0, y: layer.bounds.height)
                ctx.scaleBy(x: 1, y: -1)
            }
        }
        #expect(a == upright())
    }
}
