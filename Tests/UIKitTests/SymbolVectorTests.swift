import Testing
import Foundation
import UIKit

/// Symbol images are vectors, as on iOS: drawn at the size they are shown. Written as iOS code.
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

    @Test func theConfigurationSetsTheSizeAndTheViewItsDrawing() throws {
        let small = try #require(UIImage(systemName: "heart.fill", withConfiguration: UIImage.SymbolConfiguration(pointSize: 10)))
        let large = try #require(small.withConfiguration(UIImage.SymbolConfiguration(pointSize: 40)))
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
