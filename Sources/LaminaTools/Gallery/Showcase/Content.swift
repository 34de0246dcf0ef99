import Foundation
import UIKit

extension Gallery {
    static let text = GalleryEntry(
        "text", section: .layers, title: "Text: alignment, wrapping, truncation",
        caption: "CATextLayer's five alignment modes on wrapped text; the three truncation modes on a line too long for its "
            + "layer; an attributed string mixing fonts and colours; and Chinese, wrapped per character.",
        size: CGSize(width: 460, height: 330), output: .still(at: 0)
    ) { stage in
        let sample = "Each line of this text is set by the alignment mode of its layer, as CoreText sets it."
        let modes: [CATextLayerAlignmentMode] = [.left, .center, .right, .justified, .natural]
        for (k, mode) in modes.enumerated() {
            let frame = CGRect(x: 10 + k * 90, y: 30, width: 80, height: 110)
            // gallery:begin text
            let paragraph = CATextLayer()
            paragraph.frame = frame
            paragraph.string = sample
            paragraph.fontSize = 12
            paragraph.foregroundColor = UIColor.label.cgColor
            paragraph.isWrapped = true
            paragraph.alignmentMode = mode
            paragraph.contentsScale = stage.scale
            // gallery:end
            paragraph.backgroundColor = UIColor.systemGray6.cgColor
            stage.addSublayer(paragraph)
            stage.label(".\(mode.rawValue)", CGRect(x: frame.minX, y: 10, width: 80, height: 16))
        }
        let truncations: [CATextLayerTruncationMode] = [.start, .middle, .end]
        for (k, mode) in truncations.enumerated() {
            let frame = CGRect(x: 10 + k * 150, y: 175, width: 140, height: 20)
            // gallery:begin text
            let line = CATextLayer()
            line.frame = frame
            line.string = "A line far too long to fit in its layer"
            line.fontSize = 13
            line.foregroundColor = UIColor.label.cgColor
            line.truncationMode = mode
            line.contentsScale = stage.scale
            // gallery:end
            line.backgroundColor = UIColor.systemGray6.cgColor
            stage.addSublayer(line)
            stage.label(".\(mode.rawValue)", CGRect(x: frame.minX, y: 155, width: 140, height: 16))
        }
        // gallery:begin text
        let rich = NSMutableAttributedString(string: "Bold, ", attributes: [.font: UIFont.boldSystemFont(ofSize: 20)])
        rich.append(NSAttributedString(string: "coloured ", attributes: [.font: UIFont.systemFont(ofSize: 20),
                                                                          .foregroundColor: UIColor.systemPink]))
        rich.append(NSAttributedString(string: "and mono.", attributes: [.font: UIFont.monospacedSystemFont(ofSize: 16, weight: .regular)]))
        let attributed = CATextLayer()
        attributed.frame = CGRect(x: 10, y: 220, width: 240, height: 60)
        attributed.string = rich
        attributed.isWrapped = true
        attributed.contentsScale = stage.scale

        let chinese = CATextLayer()
        chinese.frame = CGRect(x: 270, y: 220, width: 180, height: 100)
        chinese.string = "图层是核心动画的基础，文字会按字符自动换行。"
        chinese.fontSize = 17
        chinese.foregroundColor = UIColor.systemIndigo.cgColor
        chinese.isWrapped = true
        chinese.contentsScale = stage.scale
        // gallery:end
        attributed.foregroundColor = UIColor.label.cgColor
        stage.addSublayer(attributed)
        stage.addSublayer(chinese)
    }

    static let scripts = GalleryEntry(
        "scripts", section: .layers, title: "Text of the world's scripts",
        caption: "Text shaped by HarfBuzz with fonts found by fontconfig: Arabic joined and set right to left, Hebrew with "
            + "numbers, Devanagari conjuncts, Thai, English and Arabic in one line, colour emoji sequences kept whole, "
            + "kerning and ligatures; UILabels whose natural alignment follows each paragraph's direction, one mixing "
            + "English and Arabic, three truncated at the head, middle and tail; and a Chinese paragraph wrapped by UAX #14.",
        size: CGSize(width: 460, height: 420), output: .still(at: 0)
    ) { stage in
        let samples: [(String, String)] = [
            ("Arabic", "مرحبا بالعالم، هذا نص عربي"),
            ("Hebrew", "שלום עולם: 2026 ו-3.14"),
            ("Devanagari", "नमस्ते दुनिया, क्षत्रिय किताब"),
            ("Thai", "สวัสดีชาวโลก"),
            ("Mixed", "Lamina يرسم النص العربي too"),
            ("Emoji", "👍🏽 👨‍👩‍👧 🇫🇷 🇯🇵 ❤️ 1️⃣ 🧑🏻‍💻"),
        ]
        for (k, (name, sample)) in samples.enumerated() {
            let y = CGFloat(10 + k * 34)
            stage.label(name, CGRect(x: 10, y: y + 7, width: 80, height: 16), alignment: .left)
            // gallery:begin scripts
            let line = CATextLayer()
            line.frame = CGRect(x: 90, y: y, width: 360, height: 30)
            line.string = sample
            line.fontSize = 20
            line.foregroundColor = UIColor.label.cgColor
            line.contentsScale = stage.scale
            // gallery:end
            line.backgroundColor = UIColor.systemGray6.cgColor
            stage.addSublayer(line)
        }
        // gallery:begin scripts
        let ligatures = NSMutableAttributedString(string: "office AVATAR ", attributes: [.font: UIFont(name: "DejaVu Serif", size: 18)!])
        ligatures.append(NSAttributedString(string: "office AVATAR", attributes: [.font: UIFont(name: "DejaVu Serif", size: 18)!,
                                                                                    .ligature: 0, .kern: 0]))
        let typography = UILabel(frame: CGRect(x: 90, y: 214, width: 360, height: 30))
        typography.attributedText = ligatures

        let arabicLabel = UILabel(frame: CGRect(x: 90, y: 254, width: 175, height: 36))
        arabicLabel.text = "تسمية بمحاذاة طبيعية"
        let hebrewLabel = UILabel(frame: CGRect(x: 275, y: 254, width: 175, height: 36))
        hebrewLabel.text = "תווית עברית"
        // gallery:end
        // gallery:begin scripts
        let mixedLabel = UILabel(frame: CGRect(x: 90, y: 298, width: 175, height: 36))
        mixedLabel.text = "Menu القائمة 3"
        var truncated: [UILabel] = []
        for (k, mode) in [NSLineBreakMode.byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail].enumerated() {
            let label = UILabel(frame: CGRect(x: 90 + CGFloat(k) * 122, y: 342, width: 114, height: 30))
            label.text = "عنوان طويل جدا للقائمة"
            label.lineBreakMode = mode
            truncated.append(label)
        }
        let chinese = CATextLayer()
        chinese.frame = CGRect(x: 275, y: 298, width: 175, height: 40)
        chinese.string = "图层是核心动画的基础。文字按规则换行，标点不在行首。"
        chinese.fontSize = 14
        chinese.isWrapped = true
        chinese.foregroundColor = UIColor.label.cgColor
        chinese.contentsScale = stage.scale
        // gallery:end
        chinese.backgroundColor = UIColor.systemGray6.cgColor
        stage.addSublayer(chinese)
        stage.label("Ligatures, kerning on | off", CGRect(x: 10, y: 214, width: 80, height: 30), alignment: .left)
        stage.label("Labels", CGRect(x: 10, y: 264, width: 80, height: 16), alignment: .left)
        stage.label("Mixed; CJK", CGRect(x: 10, y: 308, width: 80, height: 16), alignment: .left)
        stage.label("Head, middle, tail", CGRect(x: 10, y: 342, width: 80, height: 30), alignment: .left)
        for view in [typography, arabicLabel, hebrewLabel, mixedLabel] + truncated {
            view.backgroundColor = .systemGray6
            stage.window.addSubview(view)
        }
    }

    static let gradients = GalleryEntry(
        "gradients", section: .layers, title: "Gradients of every type",
        caption: "CAGradientLayer's axial, radial and conic types, and an axial gradient with uneven locations and a "
            + "transparent stop over a pattern.",
        size: CGSize(width: 440, height: 140), output: .still(at: 0)
    ) { stage in
        let colors = [UIColor.systemIndigo.cgColor, UIColor.systemPink.cgColor, UIColor.systemYellow.cgColor]
        // gallery:begin gradients
        let axial = CAGradientLayer()
        axial.colors = colors
        axial.startPoint = CGPoint(x: 0, y: 0)
        axial.endPoint = CGPoint(x: 1, y: 1)

        let radial = CAGradientLayer()
        radial.type = .radial
        radial.colors = colors
        radial.startPoint = CGPoint(x: 0.5, y: 0.5)
        radial.endPoint = CGPoint(x: 1, y: 1)

        let conic = CAGradientLayer()
        conic.type = .conic
        conic.colors = colors + [colors[0]]
        conic.startPoint = CGPoint(x: 0.5, y: 0.5)
        conic.endPoint = CGPoint(x: 0.5, y: 0)

        let stops = CAGradientLayer()
        stops.colors = [UIColor.systemTeal.cgColor, UIColor.systemTeal.withAlphaComponent(0).cgColor, UIColor.systemOrange.cgColor]
        stops.locations = [0, 0.7, 1]
        stops.startPoint = CGPoint(x: 0.5, y: 0)
        stops.endPoint = CGPoint(x: 0.5, y: 1)
        // gallery:end
        // A checkerboard behind the last one, to show its transparent stop.
        let pairOfSquares = CALayer()
        for origin in [CGPoint.zero, CGPoint(x: 10, y: 10)] {
            let square = CALayer()
            square.frame = CGRect(origin: origin, size: CGSize(width: 10, height: 10))
            square.backgroundColor = UIColor.systemGray3.cgColor
            pairOfSquares.addSublayer(square)
        }
        let row = CAReplicatorLayer()
        row.addSublayer(pairOfSquares)
        row.instanceCount = 5
        row.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        let checker = CAReplicatorLayer()
        checker.frame = CGRect(x: 330, y: 15, width: 100, height: 100)
        checker.cornerRadius = 12
        checker.masksToBounds = true
        checker.addSublayer(row)
        checker.instanceCount = 5
        checker.instanceTransform = CATransform3DMakeTranslation(0, 20, 0)
        stage.addSublayer(checker)
        for (k, layer) in [axial, radial, conic, stops].enumerated() {
            layer.frame = CGRect(x: 15 + k * 105, y: 15, width: 100, height: 100)
            layer.cornerRadius = 12
            stage.addSublayer(layer)
            stage.label([".axial", ".radial", ".conic", "locations"][k], CGRect(x: 15 + k * 105, y: 120, width: 100, height: 16))
        }
    }

    static let shapes = GalleryEntry(
        "shapes", section: .layers, title: "Shape layers",
        caption: "The non-zero and even-odd fill rules on the same star; line caps and joins; a dash pattern with a phase; "
            + "strokeStart and strokeEnd drawing part of a path.",
        size: CGSize(width: 460, height: 150), output: .still(at: 0)
    ) { stage in
        // gallery:begin shapes
        let star = CGMutablePath()
        for k in 0..<5 {
            let a = CGFloat(k) * 4 * .pi / 5 - .pi / 2
            let p = CGPoint(x: 40 + 38 * cos(a), y: 42 + 38 * sin(a))
            if k == 0 { star.move(to: p) } else { star.addLine(to: p) }
        }
        star.closeSubpath()
        for (k, rule) in [CAShapeLayerFillRule.nonZero, .evenOdd].enumerated() {
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: 10 + k * 85, y: 15, width: 80, height: 80)
            shape.path = star
            shape.fillRule = rule
            shape.fillColor = UIColor.systemOrange.cgColor
            stage.addSublayer(shape)
        }

        let zigzag = CGMutablePath()
        zigzag.move(to: CGPoint(x: 10, y: 20))
        zigzag.addLine(to: CGPoint(x: 35, y: 60))
        zigzag.addLine(to: CGPoint(x: 60, y: 20))
        for (k, (cap, join)) in [(CAShapeLayerLineCap.butt, CAShapeLayerLineJoin.miter), (.round, .round), (.square, .bevel)].enumerated() {
            let line = CAShapeLayer()
            line.frame = CGRect(x: 175 + k * 45, y: 15, width: 70, height: 80)
            line.path = zigzag
            line.fillColor = nil
            line.strokeColor = UIColor.systemBlue.withAlphaComponent(0.8).cgColor
            line.lineWidth = 12
            line.lineCap = cap
            line.lineJoin = join
            stage.addSublayer(line)
        }

        let dashed = CAShapeLayer()
        dashed.frame = CGRect(x: 320, y: 15, width: 60, height: 80)
        dashed.path = CGPath(roundedRect: CGRect(x: 5, y: 10, width: 50, height: 60), cornerWidth: 12, cornerHeight: 12, transform: nil)
        dashed.fillColor = nil
        dashed.strokeColor = UIColor.systemGreen.cgColor
        dashed.lineWidth = 4
        dashed.lineDashPattern = [12, 5, 2, 5]
        dashed.lineDashPhase = 6
        stage.addSublayer(dashed)

        let partial = CAShapeLayer()
        partial.frame = CGRect(x: 385, y: 15, width: 70, height: 80)
        partial.path = CGPath(ellipseIn: CGRect(x: 5, y: 10, width: 60, height: 60), transform: nil)
        partial.fillColor = nil
        partial.strokeColor = UIColor.systemPink.cgColor
        partial.lineWidth = 8
        partial.lineCap = .round
        partial.strokeStart = 0.1
        partial.strokeEnd = 0.75
        stage.addSublayer(partial)
        // gallery:end
        for (name, x, w) in [(".nonZero", 10, 80), (".evenOdd", 95, 80), ("caps and joins", 180, 130),
                             ("dashes", 315, 70), ("strokeStart/End", 380, 80)] {
            stage.label(name, CGRect(x: x, y: 115, width: w, height: 16))
        }
    }
}
