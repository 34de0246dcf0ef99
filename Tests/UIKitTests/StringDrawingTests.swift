import Testing
import Foundation
@testable import UIKit
@_spi(Lamina) import CoreGraphics

/// UIKit's string drawing (`NSStringDrawing`): measuring and drawing strings and attributed
/// strings in the current context, with paragraph styles.
@MainActor
@Suite("String drawing")
struct StringDrawingTests {
    /// The bounding box of the pixels darker than half grey (x0, y0, x1, y1), or nil.
    func ink(_ image: UIImage) throws -> (Int, Int, Int, Int)? {
        let cg = try #require(image.cgImage)
        let px = try cg.straightRGBA8()
        var box: (Int, Int, Int, Int)?
        for y in 0..<cg.height {
            for x in 0..<cg.width {
                let i = (y * cg.width + x) * 4
                guard px[i + 3] > 128, Int(px[i]) + Int(px[i + 1]) + Int(px[i + 2]) < 3 * 128 else { continue }
                box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
            }
        }
        return box
    }

    func render(_ size: CGSize, _ body: () -> Void) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: size, format: format).image { _ in body() }
    }

    /// Measuring with an attributes dictionary keeps nothing of it (on Linux an
    /// `NSAttributedString` made from it would never free its attribute values).
    @Test func measuringDoesNotKeepTheAttributes() {
        final class Probe: UIColor, @unchecked Sendable {}
        weak var probe: UIColor?
        do {
            let colour = Probe(red: 1, green: 0, blue: 0, alpha: 1)
            probe = colour
            let font = UIFont.systemFont(ofSize: 14)
            _ = "Measured".size(withAttributes: [.font: font, .foregroundColor: colour])
            _ = "Measured".boundingRect(with: CGSize(width: 50, height: 100), options: .usesLineFragmentOrigin,
                                        attributes: [.foregroundColor: colour], context: nil)
            _ = render(CGSize(width: 50, height: 20)) { "Drawn".draw(at: .zero, withAttributes: [.foregroundColor: colour]) }
        }
        #expect(probe == nil)
    }

    @Test func measuring() {
        let font = UIFont.systemFont(ofSize: 20)
        let one = "Hello".size(withAttributes: [.font: font])
        #expect(one.width > 30 && one.width < 70)
        #expect(abs(one.height - font.lineHeight) < 1)
        #expect("Hello, world".size(withAttributes: [.font: font]).width > one.width)
        // Twice the size, twice as wide (a font without size-specific tracking); the default is
        // Helvetica 12.
        let helvetica = UIFont(name: "Helvetica", size: 20)!
        let h20 = "Hello".size(withAttributes: [.font: helvetica]).width
        #expect(abs("Hello".size(withAttributes: [.font: helvetica.withSize(40)]).width - 2 * h20) < 1)
        // The system font tracks as San Francisco does, relatively tighter at 40 points than at
        // 20: twice the 20-point width less the difference in tracking after each of 5
        // characters (about 3.9 points).
        let sf40 = "Hello".size(withAttributes: [.font: font.withSize(40)]).width
        let t20 = SystemFontTracking.points(atSize: 20), t40 = SystemFontTracking.points(atSize: 40)
        #expect(t20 > 0.4 && t40 < 0.1)
        #expect(abs(sf40 - (2 * one.width - 5 * (2 * t20 - t40))) < 0.01, "\(sf40) vs \(2 * one.width)")
        #expect("Hello".size().height < one.height)
        // Wrapped to a width: more lines, no wider than the width.
        let text = "The quick brown fox jumps over the lazy dog again and again."
        let wrapped = text.boundingRect(with: CGSize(width: 120, height: CGFloat.greatestFiniteMagnitude), options: .usesLineFragmentOrigin,
                                        attributes: [.font: font], context: nil)
        #expect(wrapped.width <= 120 && wrapped.height > 3 * font.lineHeight - 1)
        // Without .usesLineFragmentOrigin it is one line.
        let line = text.boundingRect(with: CGSize(width: 120, height: 100), options: [], attributes: [.font: font], context: nil)
        #expect(abs(line.height - font.lineHeight) < 1 && line.width > 120)
        let attributed = NSAttributedString(string: "Hello", attributes: [.font: font])
        #expect(attributed.size() == one)
    }

    @Test func drawingInARectWrapsAlignsAndClips() throws {
        let font = UIFont.systemFont(ofSize: 16)
        let rect = CGRect(x: 10, y: 10, width: 100, height: 40)
        let text = "Lamina draws strings in rectangles, wrapped and clipped to them."
        let left = render(CGSize(width: 200, height: 100)) {
            text.draw(in: rect, withAttributes: [.font: font, .foregroundColor: UIColor.black])
        }
        let box = try #require(try ink(left))
        // Inside the rectangle (clipped at its bottom: only the lines that fit).
        #expect(box.0 >= 10 && box.2 < 110 && box.1 >= 10 && box.3 < 50, "\(box)")
        #expect(box.0 <= 13)                                        // left aligned
        // Centred by a paragraph style: the ink's middle is the rectangle's.
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        let centred = render(CGSize(width: 200, height: 100)) {
            "Hi".draw(in: CGRect(x: 0, y: 0, width: 200, height: 40), withAttributes: [.font: font, .paragraphStyle: style])
        }
        let c = try #require(try ink(centred))
        #expect(abs(Double(c.0 + c.2) / 2 - 100) < 3, "\(c)")
        // draw(at:) puts the first line's top at the point, in the given colour.
        let at = render(CGSize(width: 200, height: 60)) {
            "Red".draw(at: CGPoint(x: 50, y: 20), withAttributes: [.font: font, .foregroundColor: UIColor.red])
        }
        let px = try #require(at.cgImage).straightRGBA8()
        let red = stride(from: 0, to: px.count, by: 4).filter { px[$0] > 200 && px[$0 + 1] < 60 && px[$0 + 3] > 200 }
        #expect(red.count > 20)
        #expect(red.allSatisfy { $0 / 4 % 200 >= 50 && $0 / 4 / 200 >= 20 })
    }

    @Test func paragraphStylesCopyAndTextStyles() {
        let s = NSMutableParagraphStyle()
        s.alignment = .right
        s.lineBreakMode = .byTruncatingMiddle
        let copy = s.copy() as! NSParagraphStyle
        s.alignment = .left
        #expect(copy.alignment == .right && copy.lineBreakMode == .byTruncatingMiddle)
        #expect(NSParagraphStyle.default.alignment == .natural)
        #expect((copy.mutableCopy() as! NSMutableParagraphStyle).alignment == .right)
        #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 17)
        #expect(UIFont.preferredFont(forTextStyle: .largeTitle).pointSize == 34)
        #expect(UIFont.preferredFont(forTextStyle: .caption2).pointSize == 11)
    }
}
