import Foundation
import Testing
import UIKit

@MainActor
@Suite struct TintTests {
    final class Watcher: UIView {
        var changes = 0
        override func tintColorDidChange() { changes += 1 }
    }

    @Test func theTintIsInheritedDimmedAndAnnounced() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let middle = UIView(frame: root.bounds)
        let leaf = Watcher(frame: root.bounds)
        root.addSubview(middle)
        middle.addSubview(leaf)
        #expect(leaf.tintColor == .systemBlue)
        let before = leaf.changes
        root.tintColor = .systemPink
        #expect(leaf.tintColor == .systemPink && leaf.changes == before + 1)
        middle.tintColor = .systemOrange
        #expect(leaf.tintColor == .systemOrange)
        root.tintColor = .systemGreen                      // the middle's own tint still wins
        #expect(leaf.tintColor == .systemOrange)
        middle.tintColor = nil                             // inherit again
        #expect(leaf.tintColor == .systemGreen)
        root.tintAdjustmentMode = .dimmed
        #expect(leaf.tintColor == .systemGray)
        leaf.tintAdjustmentMode = .normal
        #expect(leaf.tintColor == .systemGreen)
    }

    @Test func aTemplateImageIsFilledWithTheTint() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let mark = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format).image { ctx in
            UIColor.black.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        }
        let view = UIImageView(image: mark.withRenderingMode(.alwaysTemplate))
        view.tintColor = .red
        func pixel(_ x: Int) throws -> [UInt8] {
            let cg = try #require(view.layer.contents as! CGImage?)
            var px = [UInt8](repeating: 0, count: 4)
            let ctx = CGContext(data: &px, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            ctx.draw(cg, in: CGRect(x: -x, y: 0, width: 4, height: 4))
            return px
        }
        #expect(try pixel(0) == [255, 0, 0, 255] && pixel(3) == [0, 0, 0, 0])
        view.tintColor = .blue
        #expect(try pixel(1) == [0, 0, 255, 255])
        let original = UIImageView(image: mark)
        original.tintColor = .red
        #expect((original.layer.contents as! CGImage?) != nil)
        let fixed = UIImageView(image: mark.withTintColor(.green))
        fixed.tintColor = .red                              // its own colour wins
        let cg = try #require(fixed.layer.contents as! CGImage?)
        var px = [UInt8](repeating: 0, count: 4)
        let ctx = CGContext(data: &px, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.draw(cg, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(px == [0, 255, 0, 255])
    }

    /// Drawing an image given a tint colour draws it in that colour, as on iOS (a navigation or
    /// tab bar's item images are drawn this way); `.alwaysOriginal` keeps its own colours.
    @Test func drawingATintedImageUsesItsTint() throws {
        let mark = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { _ in
            UIColor.black.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        func drawn(_ image: UIImage) -> [UInt8] {
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            let out = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format).image { _ in
                image.draw(in: CGRect(x: 0, y: 0, width: 4, height: 4))
            }
            let cg = out.cgImage!
            var px = [UInt8](repeating: 0, count: 4)
            let ctx = CGContext(data: &px, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            ctx.draw(cg, in: CGRect(x: 0, y: 0, width: 4, height: 4))
            return px
        }
        #expect(drawn(mark) == [0, 0, 0, 255])
        #expect(drawn(mark.withTintColor(.blue)) == [0, 0, 255, 255])
        #expect(drawn(mark.withTintColor(.blue, renderingMode: .alwaysOriginal)) == [0, 0, 0, 255])
    }
}
