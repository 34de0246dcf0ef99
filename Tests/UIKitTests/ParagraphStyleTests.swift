import Testing
import Foundation
@testable import UIKit

/// `NSParagraphStyle` in full (line heights, spacing, indents) and the decoration attributes
/// (underline, strikethrough, stroke, baseline offset), in labels and string drawing.
@MainActor
@Suite("Paragraph styles and text attributes")
struct ParagraphStyleTests {
    let font = UIFont.systemFont(ofSize: 17)
    let text = "Lamina sets paragraphs as TextKit does: heights, spacing and indents."

    func size(_ configure: (NSMutableParagraphStyle) -> Void, _ string: String? = nil, width: CGFloat = 200) -> CGSize {
        let style = NSMutableParagraphStyle()
        configure(style)
        return (string ?? text).boundingRect(with: CGSize(width: width, height: .greatestFiniteMagnitude), options: .usesLineFragmentOrigin,
                                             attributes: [.font: font, .paragraphStyle: style], context: nil).size
    }

    @Test func lineHeightsFollowTheStyle() {
        let plain = size { _ in }
        let lines = (plain.height / font.lineHeight).rounded()
        #expect(lines >= 3)
        #expect(abs(size { $0.lineHeightMultiple = 2 }.height - 2 * plain.height) < 0.01)
        #expect(abs(size { $0.minimumLineHeight = 40 }.height - 40 * lines) < 0.01)
        #expect(abs(size { $0.maximumLineHeight = 12 }.height - 12 * lines) < 0.01)
        // Spacing goes between lines, and between paragraphs.
        #expect(abs(size { $0.lineSpacing = 10 }.height - (plain.height + 10 * (lines - 1))) < 0.01)
        let two = "One.\nTwo."
        let base = size({ _ in }, two)
        #expect(abs(size({ $0.paragraphSpacing = 7 }, two).height - (base.height + 7)) < 0.01)
        #expect(abs(size({ $0.paragraphSpacingBefore = 5 }, two).height - (base.height + 5)) < 0.01)
        // Odd values do nothing.
        #expect(size { $0.lineSpacing = -.infinity; $0.lineHeightMultiple = .nan; $0.minimumLineHeight = -3 } == plain)
    }

    @Test func indentsNarrowTheLines() throws {
        let plain = size { _ in }
        let indented = size { $0.headIndent = 60; $0.firstLineHeadIndent = 60 }
        #expect(indented.height > plain.height)
        #expect(indented.width <= 200.01 && indented.width > 60)
        #expect(size { $0.tailIndent = -60 }.height > plain.height)
        #expect(size { $0.tailIndent = 140 }.height == size { $0.tailIndent = -60 }.height)
        // The first line is indented and drawn there.
        let style = NSMutableParagraphStyle()
        style.firstLineHeadIndent = 50
        let image = StringDrawingTests().render(CGSize(width: 220, height: 40)) {
            "Indented".draw(in: CGRect(x: 0, y: 0, width: 220, height: 40),
                            withAttributes: [.font: font, .foregroundColor: UIColor.black, .paragraphStyle: style])
        }
        let box = try StringDrawingTests().ink(image)
        #expect((box?.0 ?? 0) >= 50)
    }

    @Test func decorationsAreDrawn() throws {
        func ink(_ attributes: [NSAttributedString.Key: Any]) throws -> (Int, Int, Int, Int) {
            var a = attributes
            a[.font] = font
            a[.foregroundColor] = UIColor.black
            let image = StringDrawingTests().render(CGSize(width: 120, height: 40)) {
                "xxxx".draw(at: CGPoint(x: 10, y: 5), withAttributes: a)
            }
            return try #require(try StringDrawingTests().ink(image))
        }
        let plain = try ink([:])
        // An underline reaches below the x's baseline and spans the text.
        let underlined = try ink([.underlineStyle: NSUnderlineStyle.single.rawValue])
        #expect(underlined.3 > plain.3 && underlined.2 - underlined.0 >= plain.2 - plain.0)
        #expect(try ink([.underlineStyle: NSUnderlineStyle.double]).3 > underlined.3)
        // A baseline offset raises its run; the line grows to hold it.
        let mixed = NSMutableAttributedString(string: "xx", attributes: [.font: font, .foregroundColor: UIColor.black])
        mixed.addAttribute(.baselineOffset, value: 6, range: NSRange(location: 1, length: 1))
        let image = StringDrawingTests().render(CGSize(width: 120, height: 40)) { mixed.draw(at: CGPoint(x: 10, y: 5)) }
        let raised = try #require(try StringDrawingTests().ink(image))
        #expect(raised.3 - raised.1 >= plain.3 - plain.1 + 5)
        #expect(abs(mixed.size().height - NSAttributedString(string: "xx", attributes: [.font: font]).size().height - 6) < 0.01)
        // A positive stroke width draws outlines only: the middle of a thick glyph stays clear.
        let bold = UIFont.boldSystemFont(ofSize: 40)
        func centre(_ attributes: [NSAttributedString.Key: Any]) throws -> UInt8 {
            var a = attributes
            a[.font] = bold
            a[.foregroundColor] = UIColor.black
            let image = StringDrawingTests().render(CGSize(width: 60, height: 60)) { "I".draw(at: CGPoint(x: 10, y: 5), withAttributes: a) }
            let cg = try #require(image.cgImage)
            let px = try cg.straightRGBA8()
            let box = try #require(try StringDrawingTests().ink(image))
            let (cx, cy) = ((box.0 + box.2) / 2, (box.1 + box.3) / 2)
            return px[(cy * cg.width + cx) * 4 + 3]
        }
        #expect(try centre([:]) == 255)
        #expect(try centre([.strokeWidth: 3]) == 0)
        #expect(try centre([.strokeWidth: -3]) == 255)
    }

    @Test func shadowsFallUnderTheText() throws {
        let shadow = NSShadow()
        #expect(shadow.shadowOffset == CGSize(width: 0, height: -3) && shadow.shadowBlurRadius == 0)
        shadow.shadowOffset = CGSize(width: 4, height: 6)
        shadow.shadowColor = UIColor.red
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let image = UIGraphicsImageRenderer(size: CGSize(width: 60, height: 60), format: format).image { _ in
            "I".draw(at: CGPoint(x: 10, y: 5), withAttributes: [.font: UIFont.boldSystemFont(ofSize: 40), .foregroundColor: UIColor.black,
                                                            .shadow: shadow])
        }
        let cg = try #require(image.cgImage)
        let px = try cg.straightRGBA8()
        var black: (Int, Int, Int, Int)?, red: (Int, Int, Int, Int)?
        for y in 0..<cg.height {
            for x in 0..<cg.width {
                let i = (y * cg.width + x) * 4
                guard px[i + 3] > 200 else { continue }
                func grow(_ b: (Int, Int, Int, Int)?) -> (Int, Int, Int, Int) {
                    b.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
                }
                if px[i] < 60 && px[i + 1] < 60 { black = grow(black) } else if px[i] > 200 && px[i + 1] < 60 { red = grow(red) }
            }
        }
        let b = try #require(black), r = try #require(red)
        // The shadow is 4 x 6 points (8 x 12 pixels at 2x) right of and below the glyph.
        #expect(abs((r.2 - b.2) - 8) <= 1 && abs((r.3 - b.3) - 12) <= 1, "glyph \(b), shadow \(r)")
    }

    @Test func attributesReachTextLayers() throws {
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        let style = NSMutableParagraphStyle()
        style.lineHeightMultiple = 3
        layer.string = NSAttributedString(string: "Tall", attributes: [.paragraphStyle: style, .underlineStyle: NSUnderlineStyle.thick])
        let plain = CATextLayer()
        plain.string = "Tall"
        #expect(abs(layer.preferredFrameSize().height - 3 * plain.preferredFrameSize().height) < 2.5)   // each rounded up
        // The thick underline shows below the text's ink.
        func inkBottom(_ l: CATextLayer) throws -> Int {
            l.bounds = CGRect(x: 0, y: 0, width: 200, height: 120)
            l.foregroundColor = CGColor(gray: 0, alpha: 1)
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            let image = UIGraphicsImageRenderer(size: l.bounds.size, format: format).image { ctx in l.render(in: ctx.cgContext) }
            return try #require(try StringDrawingTests().ink(image)).3
        }
        plain.string = NSAttributedString(string: "Tall", attributes: [.paragraphStyle: style])
        #expect(try inkBottom(layer) > inkBottom(plain))
    }
}

/// A picture of the styles, for the eye: indents, line heights, spacing, decorations.
@MainActor
@Test func paragraphStylesReference() throws {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 330))
    root.backgroundColor = .white
    func label(_ y: CGFloat, _ h: CGFloat, _ s: NSAttributedString) {
        let l = UILabel(frame: CGRect(x: 10, y: y, width: 300, height: h))
        l.numberOfLines = 0
        l.attributedText = s
        l.backgroundColor = UIColor(white: 0.95, alpha: 1)
        root.addSubview(l)
    }
    let font = UIFont.systemFont(ofSize: 15)
    let indents = NSMutableParagraphStyle()
    indents.firstLineHeadIndent = 30
    indents.headIndent = 10
    indents.tailIndent = -20
    indents.paragraphSpacing = 6
    label(10, 110, NSAttributedString(string: "A first line indented by 30 points, the others by 10, and 20 points kept free at the end.\nA second paragraph after 6 points.",
                                      attributes: [.font: font, .paragraphStyle: indents]))
    let tall = NSMutableParagraphStyle()
    tall.lineHeightMultiple = 1.6
    tall.alignment = .center
    label(130, 60, NSAttributedString(string: "Lines 1.6 times their height, centred in the label's width.",
                                      attributes: [.font: font, .paragraphStyle: tall]))
    let d = NSMutableAttributedString(string: "single ", attributes: [.font: font, .underlineStyle: NSUnderlineStyle.single.rawValue])
    d.append(NSAttributedString(string: "double ", attributes: [.font: font, .underlineStyle: NSUnderlineStyle.double.rawValue,
                                                                .underlineColor: UIColor.systemRed]))
    d.append(NSAttributedString(string: "thick dash ", attributes: [.font: font, .underlineStyle: NSUnderlineStyle([.thick, .patternDash]).rawValue]))
    d.append(NSAttributedString(string: "struck", attributes: [.font: font, .strikethroughStyle: NSUnderlineStyle.single.rawValue]))
    label(200, 30, d)
    let e = NSMutableAttributedString(string: "Outline ", attributes: [.font: UIFont.boldSystemFont(ofSize: 24), .strokeWidth: 3,
                                                                     .strokeColor: UIColor.systemBlue])
    e.append(NSAttributedString(string: "filled ", attributes: [.font: UIFont.boldSystemFont(ofSize: 24), .strokeWidth: -4,
                                                                .strokeColor: UIColor.systemOrange, .foregroundColor: UIColor.systemYellow]))
    e.append(NSAttributedString(string: "x", attributes: [.font: font]))
    e.append(NSAttributedString(string: "2", attributes: [.font: UIFont.systemFont(ofSize: 10), .baselineOffset: 7]))
    e.append(NSAttributedString(string: " H", attributes: [.font: font]))
    e.append(NSAttributedString(string: "2", attributes: [.font: UIFont.systemFont(ofSize: 10), .baselineOffset: -3]))
    e.append(NSAttributedString(string: "O", attributes: [.font: font]))
    let soft = NSShadow()
    soft.shadowOffset = CGSize(width: 2, height: 2)
    soft.shadowBlurRadius = 3
    soft.shadowColor = UIColor.systemBlue
    e.append(NSAttributedString(string: " shadow", attributes: [.font: UIFont.boldSystemFont(ofSize: 20), .shadow: soft]))
    label(240, 40, e)
    let rtl = NSMutableParagraphStyle()
    rtl.firstLineHeadIndent = 30
    label(290, 30, NSAttributedString(string: "فقرة عربية بمسافة بادئة", attributes: [.font: font, .paragraphStyle: rtl,
                                                                              .underlineStyle: NSUnderlineStyle([.single, .byWord]).rawValue]))
    let format = UIGraphicsImageRendererFormat()
    format.scale = 2
    let failure = try uikitGolden.check("paragraph-styles") {
        UIGraphicsImageRenderer(size: root.bounds.size, format: format).image { ctx in root.layer.render(in: ctx.cgContext) }.cgImage!
    }
    #expect(failure == nil, "\(failure ?? "")")
}
