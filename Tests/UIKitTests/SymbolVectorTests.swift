import Testing
import Foundation
@testable import UIKit

/// Symbol images are vectors, as on iOS: drawn at the size they are shown. Written as iOS code.
@MainActor
@Suite("Symbols as vectors")
struct SymbolVectorTests {
    /// Pixels whose alpha is neither 0 nor 255, and pixels with any alpha, of `image`.
    func edges(_ image: CGImage) -> (partial: Int, inked: Int) {
        let bytes = [UInt8](image.dataProvider!.data!)
        var partial = 0, inked = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let a = bytes[y * image.bytesPerRow + x * 4 + 3]
                if a > 0 { inked += 1 }
                if a > 0 && a < 255 { partial += 1 }
            }
        }
        return (partial, inked)
    }

    func pixels(_ image: CGImage) -> [UInt8] { [UInt8](image.dataProvider!.data!) }

    /// How many bytes of `a` and `b` differ (all of them when the sizes differ).
    func differing(_ a: CGImage, _ b: CGImage) -> Int {
        let x = pixels(a), y = pixels(b)
        guard x.count == y.count else { return max(x.count, y.count) }
        return zip(x, y).filter { $0 != $1 }.count
    }

    /// Image views showing the same symbol at the same size and tint share one drawing (made
    /// once); another tint or size draws anew.
    @Test func aSymbolDrawnAtOneSizeAndTintIsDrawnOnce() throws {
        func view(_ tint: UIColor, _ side: CGFloat) throws -> UIImageView {
            let bell: UIImage = try #require(UIImage(systemName: "bell.fill"))
            let v = UIImageView(image: bell)
            v.frame = CGRect(x: 0, y: 0, width: side, height: side)
            v.tintColor = tint
            return v
        }
        let a = try view(.systemRed, 31), b = try view(.systemRed, 31), c = try view(.systemGreen, 31), d = try view(.systemRed, 33)
        let image = try #require(a.layer.contents as? CGImage)
        #expect(b.layer.contents as? CGImage === image)
        let green = try #require(c.layer.contents as? CGImage), larger = try #require(d.layer.contents as? CGImage)
        #expect(green !== image && differing(green, image) > 0 && larger.width > image.width)
    }

    @Test func a200PointImageViewOfASymbolIsSharpAt3x() throws {
        let symbol = try #require(UIImage(systemName: "person.crop.circle.fill"))
        #expect(symbol.isSymbolImage && symbol.size.width < 30)
        let view = UIImageView(image: symbol)
        view.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        view.contentMode = .scaleAspectFit
        view.tintColor = .black
        let format = UIGraphicsImageRendererFormat()
        format.scale = UIScreen.main.scale      // 3
        let shown = UIGraphicsImageRenderer(size: view.bounds.size, format: format).image { c in
            view.layer.render(in: c.cgContext)
        }.cgImage!
        // The outline filled directly at that size: the same pixels.
        let filled = UIGraphicsImageRenderer(size: view.bounds.size, format: format).image { _ in
            symbol.withTintColor(.black).draw(in: CGRect(x: 0, y: 0, width: 200, height: 200))
        }.cgImage!
        #expect(shown.width == 600)
        #expect(differing(shown, filled) == 0)
        // Sharp: the antialiased pixels are one ring along the edges, not a blurred band (an
        // upscaled 61-pixel bitmap gives several times as many).
        let e = edges(shown)
        #expect(e.inked > 100_000)
        #expect(Double(e.partial) / Double(e.inked) < 0.04, "\(e)")
    }

    @Test func everyContentModePlacesTheSymbolAsUIKitDoes() throws {
        let symbol = try #require(UIImage(systemName: "star.fill"))
        let s = symbol.size
        let b = CGRect(x: 0, y: 0, width: 120, height: 80)
        let fill = max(b.width / s.width, b.height / s.height), fit = min(b.width / s.width, b.height / s.height)
        let cases: [(UIView.ContentMode, CGRect)] = [
            (.scaleToFill, b),
            (.scaleAspectFit, CGRect(x: 60 - s.width * fit / 2, y: 40 - s.height * fit / 2, width: s.width * fit, height: s.height * fit)),
            (.scaleAspectFill, CGRect(x: 60 - s.width * fill / 2, y: 40 - s.height * fill / 2, width: s.width * fill, height: s.height * fill)),
            (.center, CGRect(x: 60 - s.width / 2, y: 40 - s.height / 2, width: s.width, height: s.height)),
            (.topLeft, CGRect(origin: .zero, size: s)),
            (.bottomRight, CGRect(x: 120 - s.width, y: 80 - s.height, width: s.width, height: s.height)),
        ]
        // At the screen's scale, the one an image view draws its symbol at.
        let format = UIGraphicsImageRendererFormat()
        format.scale = UIScreen.main.scale
        for (mode, rect) in cases {
            let view = UIImageView(image: symbol)
            view.frame = b
            view.contentMode = mode
            view.tintColor = .systemPink
            let shown = UIGraphicsImageRenderer(size: b.size, format: format).image { view.layer.render(in: $0.cgContext) }.cgImage!
            let expected = UIGraphicsImageRenderer(size: b.size, format: format).image { _ in
                symbol.withTintColor(.systemPink).draw(in: rect)
            }.cgImage!
            #expect(differing(shown, expected) == 0, "\(mode)")
        }
    }

    /// A 200-point symbol at 3x follows its outline's curves: along the normal of points sampled
    /// on every curve, the drawn edge (where coverage crosses one half) lies within 0.25 px of
    /// the curve. Curves flattened at a small size and scaled up miss by pixels (a quadratic
    /// arc of 45 degrees taken as its chord misses a 250 px circle by 19 px).
    @Test func a200PointSymbolsEdgesLieOnItsCurves() throws {
        let symbol = try #require(UIImage(systemName: "person.crop.circle.fill"))
        let vector = try #require(symbol.symbolVector)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 3
        let image = UIGraphicsImageRenderer(size: CGSize(width: 200, height: 200), format: format).image { _ in
            symbol.withTintColor(.black).draw(in: CGRect(x: 0, y: 0, width: 200, height: 200))
        }.cgImage!
        let bytes = pixels(image), side = image.width, row = image.bytesPerRow
        #expect(side == 600)
        /// Coverage at a device point, interpolated between pixel centres.
        func coverage(_ x: CGFloat, _ y: CGFloat) -> CGFloat {
            let fx = x - 0.5, fy = y - 0.5
            let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
            let tx = fx - CGFloat(x0), ty = fy - CGFloat(y0)
            func a(_ i: Int, _ j: Int) -> CGFloat {
                guard i >= 0, j >= 0, i < side, j < side else { return 0 }
                return CGFloat(bytes[j * row + i * 4 + 3]) / 255
            }
            return (a(x0, y0) * (1 - tx) + a(x0 + 1, y0) * tx) * (1 - ty) + (a(x0, y0 + 1) * (1 - tx) + a(x0 + 1, y0 + 1) * tx) * ty
        }
        // Points and tangents on each quadratic and cubic curve of the outline, in device pixels
        // (a quadratic sampled as the cubic it is: control points two thirds of the way to its own).
        var samples: [(p: CGPoint, tangent: CGPoint)] = []
        var current = CGPoint.zero, curves = 0
        let k = CGFloat(side)
        func sampleCubic(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p3: CGPoint) {
            curves += 1
            for i in 1..<16 {
                let t = CGFloat(i) / 16, u = 1 - t
                let p = CGPoint(x: u * u * u * p0.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p3.x,
                                y: u * u * u * p0.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p3.y)
                let d = CGPoint(x: 3 * u * u * (c1.x - p0.x) + 6 * u * t * (c2.x - c1.x) + 3 * t * t * (p3.x - c2.x),
                                y: 3 * u * u * (c1.y - p0.y) + 6 * u * t * (c2.y - c1.y) + 3 * t * t * (p3.y - c2.y))
                samples.append((CGPoint(x: p.x * k, y: p.y * k), d))
            }
        }
        vector.path.applyWithBlock { e in
            let el = e.pointee
            switch el.type {
            case .moveToPoint, .addLineToPoint: current = el.points[0]
            case .addQuadCurveToPoint:
                let (c, end) = (el.points[0], el.points[1])
                func twoThirds(_ a: CGPoint) -> CGPoint { CGPoint(x: a.x + 2 * (c.x - a.x) / 3, y: a.y + 2 * (c.y - a.y) / 3) }
                sampleCubic(current, twoThirds(current), twoThirds(end), end)
                current = end
            case .addCurveToPoint:
                sampleCubic(current, el.points[0], el.points[1], el.points[2])
                current = el.points[2]
            default: break
            }
        }
        #expect(curves >= 8)
        var measured = 0, worst: CGFloat = 0
        for (p, d) in samples {
            let length = (d.x * d.x + d.y * d.y).squareRoot()
            guard length > 0 else { continue }
            let n = CGPoint(x: -d.y / length, y: d.x / length)
            func at(_ s: CGFloat) -> CGFloat { coverage(p.x + n.x * s, p.y + n.y * s) }
            // Only clean edges: inked on one side and empty on the other, 2 px away.
            let (a, b) = (at(-2), at(2))
            guard min(a, b) < 0.02, max(a, b) > 0.98 else { continue }
            // Where coverage crosses one half between the two sides, by bisection.
            var lo: CGFloat = -2, hi: CGFloat = 2
            for _ in 0..<30 {
                let mid = (lo + hi) / 2
                if (at(mid) > 0.5) == (a > 0.5) { lo = mid } else { hi = mid }
            }
            worst = max(worst, abs((lo + hi) / 2))
            measured += 1
        }
        #expect(measured > samples.count / 2 && measured > 200, "\(measured) of \(samples.count)")
        #expect(worst <= 0.25, "the drawn edge lies \(worst) px from the curve")
    }

    @Test func theConfigurationSetsTheSizeAndTheViewItsDrawing() throws {
        let small = try #require(UIImage(systemName: "heart.fill", withConfiguration: UIImage.SymbolConfiguration(pointSize: 10)))
        let large = small.withConfiguration(UIImage.SymbolConfiguration(pointSize: 40))
        #expect(large.size.width == 4 * small.size.width)
        // Drawn into a 100-point square, both give the same pixels: the outline, not the bitmap.
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        func drawn(_ image: UIImage) -> [UInt8] {
            pixels(UIGraphicsImageRenderer(size: CGSize(width: 100, height: 100), format: format).image { _ in
                image.draw(in: CGRect(x: 0, y: 0, width: 100, height: 100))
            }.cgImage!)
        }
        #expect(drawn(small) == drawn(large))
    }
}

/// Alignment rectangles and baselines of images, and symbol images' metrics (SF Symbols' rule:
/// the alignment rectangle spans the system font's ascender to descender at the configuration's
/// point size, the baseline is that font's). Written as iOS code.
@Suite("Image alignment and baselines")
@MainActor
struct ImageAlignmentTests {
    @Test func aSymbolSitsOnTheSystemFontsBaselineAndSpansItsLine() throws {
        for size: CGFloat in [10, 17, 64] {
            let config = UIImage.SymbolConfiguration(pointSize: size)
            let symbol = try #require(UIImage(systemName: "chevron.down", withConfiguration: config))
            let font = UIFont.systemFont(ofSize: size)
            let baseline = try #require(symbol.baselineOffsetFromBottom)
            let insets = symbol.alignmentRectInsets
            // The alignment rectangle is the font's line: ascender above the baseline, descender below.
            let alignmentBottom = symbol.size.height - insets.bottom
            let alignmentTop = insets.top
            let baselineY = symbol.size.height - baseline
            #expect(abs((baselineY - alignmentTop) - font.ascender) < 1e-9)
            #expect(abs((alignmentBottom - baselineY) + font.descender) < 1e-9)
            #expect(insets.left == 0 && insets.right == 0)
            // The symbol's middle is half the cap height above the baseline.
            #expect(abs((baselineY - symbol.size.height / 2) - font.capHeight / 2) < 1e-9)
        }
        // A text style's point size, and the scale leaving the line (the font's) unchanged.
        let styled = try #require(UIImage(systemName: "star", withConfiguration: UIImage.SymbolConfiguration(textStyle: .title1)))
        let title1 = UIFont.preferredFont(forTextStyle: .title1)
        let lineHeight = styled.size.height - styled.alignmentRectInsets.top - styled.alignmentRectInsets.bottom
        #expect(abs(lineHeight - (title1.ascender - title1.descender)) < 1e-9)
        let large = try #require(UIImage(systemName: "star", withConfiguration: UIImage.SymbolConfiguration(pointSize: 20, weight: .regular, scale: .large)))
        let largeLine = large.size.height - large.alignmentRectInsets.top - large.alignmentRectInsets.bottom
        #expect(large.size.height > 24.5)
        #expect(abs(largeLine - (UIFont.systemFont(ofSize: 20).ascender - UIFont.systemFont(ofSize: 20).descender)) < 1e-9)
        // Copies keep the metrics; a plain image has none.
        #expect(styled.withTintColor(.red).baselineOffsetFromBottom == styled.baselineOffsetFromBottom)
        #expect(styled.withRenderingMode(.alwaysOriginal).alignmentRectInsets == styled.alignmentRectInsets)
        let plain = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8)).image { _ in }
        #expect(plain.baselineOffsetFromBottom == nil && plain.alignmentRectInsets == .zero)
    }

    @Test func settingAndRemovingMetrics() {
        let plain = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { _ in }
        let inset = plain.withAlignmentRectInsets(UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(inset.alignmentRectInsets == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(plain.alignmentRectInsets == .zero)     // the original is unchanged
        let based = inset.withBaselineOffset(fromBottom: 5)
        #expect(based.baselineOffsetFromBottom == 5 && based.alignmentRectInsets == inset.alignmentRectInsets)
        #expect(based.imageWithoutBaseline().baselineOffsetFromBottom == nil)
        // Odd values: no baseline, zero insets (with a diagnostic), no trap.
        #expect(plain.withBaselineOffset(fromBottom: .nan).baselineOffsetFromBottom == nil)
        #expect(plain.withAlignmentRectInsets(UIEdgeInsets(top: .infinity, left: 0, bottom: 0, right: 0)).alignmentRectInsets == .zero)
    }

    @Test func autoLayoutAlignsTheAlignmentRectangle() {
        // A 40-point image whose content (a badge aside) is the 30 points at its lower left.
        let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40)).image { _ in }
            .withAlignmentRectInsets(UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 10))
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let view = UIImageView(image: image)
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        #expect(view.alignmentRectInsets == image.alignmentRectInsets)
        #expect(view.intrinsicContentSize == CGSize(width: 30, height: 30))
        NSLayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            view.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
        ])
        root.layoutIfNeeded()
        // The frame is the image's size, placed so that its alignment rectangle is at (20, 20).
        #expect(view.frame == CGRect(x: 20, y: 10, width: 40, height: 40))
        #expect(view.alignmentRect(forFrame: view.frame) == CGRect(x: 20, y: 20, width: 30, height: 30))
        #expect(view.frame(forAlignmentRect: CGRect(x: 20, y: 20, width: 30, height: 30)) == view.frame)
        // Centring and sizing use the alignment rectangle too.
        let centred = UIImageView(image: image)
        centred.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(centred)
        NSLayoutConstraint.activate([
            centred.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            centred.centerYAnchor.constraint(equalTo: root.centerYAnchor),
        ])
        root.layoutIfNeeded()
        #expect(centred.alignmentRect(forFrame: centred.frame) == CGRect(x: 85, y: 85, width: 30, height: 30))
    }

    @Test func aSymbolImageViewAlignsItsBaselineWithALabels() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let label = UILabel()
        label.text = "Favourites"
        label.font = .systemFont(ofSize: 17)
        let symbol = try #require(UIImage(systemName: "star.fill", withConfiguration: UIImage.SymbolConfiguration(pointSize: 17)))
        let icon = UIImageView(image: symbol)
        for v in [label, icon] as [UIView] { v.translatesAutoresizingMaskIntoConstraints = false; root.addSubview(v) }
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 40),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 30),
            icon.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            icon.firstBaselineAnchor.constraint(equalTo: label.firstBaselineAnchor),
        ])
        root.layoutIfNeeded()
        let labelBaseline = label.frame.minY + (label.bounds.height - label.intrinsicContentSize.height) / 2 + label.font.ascender
        let iconBaseline = icon.frame.maxY - (symbol.baselineOffsetFromBottom ?? 0)
        // Frames are placed on the 1/scale pixel grid.
        #expect(abs(iconBaseline - labelBaseline) <= 1 / UIScreen.main.scale + 1e-9)
        // Without a baseline the image view's baseline is its bottom.
        icon.image = symbol.imageWithoutBaseline()
        root.layoutIfNeeded()
        #expect(abs(icon.frame.maxY - labelBaseline) <= 1 / UIScreen.main.scale + 1e-9)
    }
}
