import Testing
import Foundation
@testable import UIKit
@_spi(Lamina) @testable import CoreText

/// Right-to-left text in UIKit: paragraph direction from the text or the paragraph style, a
/// view's `semanticContentAttribute`, and measurements that match what is drawn.
@MainActor
@Suite("Writing direction")
struct WritingDirectionTests {
    let strings = StringDrawingTests()

    @Test func naturalAlignmentFollowsTheParagraphDirection() throws {
        let font = UIFont.systemFont(ofSize: 20)
        let rect = CGRect(x: 0, y: 0, width: 300, height: 40)
        func box(_ text: String, _ direction: NSWritingDirection = .natural) throws -> (Int, Int, Int, Int) {
            let style = NSMutableParagraphStyle()
            style.baseWritingDirection = direction
            let image = strings.render(rect.size) {
                text.draw(in: rect, withAttributes: [.font: font, .foregroundColor: UIColor.black, .paragraphStyle: style])
            }
            return try #require(try strings.ink(image))
        }
        #expect(try box("Hello").0 < 10)
        #expect(try box("שלום").2 > 290)                      // Hebrew: flush right
        #expect(try box("مرحبا").2 > 290)                     // Arabic: flush right
        #expect(try box("Hello", .rightToLeft).2 > 290)       // a right-to-left paragraph style
        #expect(try box("שלום", .leftToRight).0 < 10)
    }

    @Test func semanticContentAttributeDecidesALabelsDirection() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        label.text = "Hello"
        label.textColor = .black
        #expect(label.effectiveUserInterfaceLayoutDirection == .leftToRight)
        func inkBox() throws -> (Int, Int, Int, Int) {
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            let image = UIGraphicsImageRenderer(size: label.bounds.size, format: format).image { ctx in label.layer.render(in: ctx.cgContext) }
            return try #require(try strings.ink(image))
        }
        #expect(try inkBox().0 < 10)
        label.semanticContentAttribute = .forceRightToLeft
        #expect(label.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(try inkBox().2 > 190)
        // Explicit left alignment stays left.
        label.textAlignment = .left
        #expect(try inkBox().0 < 10)
        #expect(UIView.userInterfaceLayoutDirection(for: .playback) == .leftToRight)
        #expect(UIView.userInterfaceLayoutDirection(for: .unspecified, relativeTo: .rightToLeft) == .rightToLeft)
        #expect(UIView.userInterfaceLayoutDirection(for: .spatial, relativeTo: .rightToLeft) == .leftToRight)
    }

    @Test func measuredSizesMatchWhatIsDrawn() throws {
        let font = UIFont.systemFont(ofSize: 20)
        for text in ["مرحبا بالعالم", "שלום 2026", "नमस्ते दुनिया", "Lamina يرسم", "AVATAR office"] {
            let size = text.size(withAttributes: [.font: font])
            let image = strings.render(CGSize(width: 400, height: 60)) {
                text.draw(at: CGPoint(x: 50, y: 10), withAttributes: [.font: font, .foregroundColor: UIColor.black])
            }
            let box = try #require(try strings.ink(image))
            // The ink lies within the measured box (a pixel of antialiasing), and spans most of it.
            #expect(box.0 >= 49 && CGFloat(box.2) <= 50 + size.width + 1, "\(text): ink \(box), size \(size)")
            #expect(CGFloat(box.2 - box.0) > size.width - 6, "\(text): ink \(box), size \(size)")
        }
    }

    @Test func kernAndLigatureAttributesApplyToStringDrawing() {
        let font = UIFont.systemFont(ofSize: 20)
        let plain = "Hello".size(withAttributes: [.font: font]).width
        let kerned = "Hello".size(withAttributes: [.font: font, .kern: 3]).width
        #expect(abs(kerned - plain - 15) < 0.01)
        let serif = UIFont(name: "DejaVu Serif", size: 20)!
        let joined = "ff".size(withAttributes: [.font: serif]).width
        let apart = "ff".size(withAttributes: [.font: serif, .ligature: 0]).width
        #expect(joined != apart)
    }
}

@MainActor
@Suite("UILabel font shrinking")
struct LabelShrinkingTests {
    func ink(_ label: UILabel) throws -> (Int, Int, Int, Int) {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: label.bounds.size, format: format).image { ctx in label.layer.render(in: ctx.cgContext) }
        return try #require(try StringDrawingTests().ink(image))
    }

    @Test func aLineTooWideShrinksDownToTheMinimumScale() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 30))
        label.text = "Shrinks to fit its width"
        label.textColor = .black
        let natural = label.intrinsicContentSize.width
        #expect(natural > 150)
        #expect(label.fittingScale(width: 120, height: 30) == 1)   // off by default
        label.adjustsFontSizeToFitWidth = true
        #expect(label.fittingScale(width: 120, height: 30) == 1)   // minimumScaleFactor 0: no shrinking
        label.minimumScaleFactor = 0.5
        let scale = label.fittingScale(width: 120, height: 30)
        // The widest size that fits: 120 points within a hair (the system font's tracking
        // changes with its size, so the width is not the natural width times the scale).
        let fitted = (label.text! as NSString).size(withAttributes: [.font: label.font.withSize(label.font.pointSize * scale)]).width
        #expect(scale < 1 && scale >= 0.5 && fitted <= 120 && fitted > 119, "\(scale) \(fitted)")
        let shrunk = try ink(label)
        #expect(shrunk.2 - shrunk.0 > 110 && shrunk.2 < 120)
        // Not enough: the smallest scale, then truncated.
        label.minimumScaleFactor = 0.9
        #expect(label.fittingScale(width: 120, height: 30) == 0.9)
        // The intrinsic size keeps the font's own size.
        #expect(label.intrinsicContentSize.width == natural)
        label.minimumScaleFactor = .nan
        #expect(label.fittingScale(width: 120, height: 30) == 1)
    }

    @Test func tooManyLinesShrinkToTheNumberOfLines() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
        label.text = "Several words that wrap over more than two lines here"
        label.numberOfLines = 2
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.3
        let scale = label.fittingScale(width: 100, height: 200)
        #expect(scale < 1 && scale > 0.3)
    }
}

@MainActor
@Suite("UILabel layout cache")
struct LabelLayoutCacheTests {
    /// Whether the process keeps the measurement of the label's current runs on one unbounded line.
    func keptUnbounded(_ label: UILabel) -> Bool {
        SharedTextLayouts.isKept(.init(runs: label.runs(measuring: true), width: nil, height: .infinity, wraps: false, alignment: TextRuns.alignment(label.textAlignment),
                                       truncation: TextRuns.truncation(label.lineBreakMode), maximumLines: 1,
                                       direction: label.writingDirection.bidi, measuring: true, fonts: FontCatalog.shared.changeCount))
    }

    /// Measuring keeps the measurement (process-wide, and the label its last one): the label's
    /// text is measured once, and again only when the text changes; a colour does not change
    /// the size: the label does not measure again, and measurements of the same text in any
    /// colour are one.
    @Test func measuringReusesTheMeasurementUntilTheTextChanges() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 40))
        label.text = "Cached مرحبا \(UUID().uuidString)"
        let a = label.intrinsicContentSize
        #expect(keptUnbounded(label))
        #expect(label.intrinsicContentSize == a && label.sizeThatFits(CGSize(width: 120, height: 100)) == label.sizeThatFits(CGSize(width: 120, height: 100)))
        label.text = "Something else, longer \(UUID().uuidString)"
        #expect(!keptUnbounded(label))
        #expect(label.intrinsicContentSize.width > a.width)
        #expect(keptUnbounded(label))
        let b = label.intrinsicContentSize
        label.textColor = .red
        #expect(label.intrinsicContentSize == b && keptUnbounded(label))
        let other = UILabel()
        other.text = label.text
        other.textColor = .blue
        #expect(keptUnbounded(other) && other.intrinsicContentSize == b)
    }
}
