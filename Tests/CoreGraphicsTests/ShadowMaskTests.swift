import Foundation
import Testing
@testable @_spi(Lamina) import CoreGraphics

/// The mask of a filled path's shadow made straight into its alpha plane
/// (`CGShadowMask.ofFilledPath`, what the compositor caches for `shadowPath`) is the mask of the
/// same fill in a colour bitmap: the same size, place and bytes.
@Suite("Shadow masks of filled paths")
struct ShadowMaskTests {
    /// The mask the colour route gives: the path filled black into a colour bitmap, its shadow
    /// mask taken.
    static func viaColourBitmap(_ path: CGPath, _ t: CGAffineTransform, _ w: Int, _ h: Int, offset: CGSize,
                                blur: CGFloat) -> CGShadowMask? {
        guard let c = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        c.setUserToPixels(t)
        c.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
        c.addPath(path)
        c.fillPath()
        return c.shadowMask(offset: offset, blur: blur)
    }

    static func bytes(_ m: CGShadowMask) -> [UInt8] { Array(UnsafeBufferPointer(start: m.alpha, count: m.byteCount)) }

    @Test func aPathFilledIntoThePlaneGivesTheColourBitmapsMask() throws {
        var rng = RowWindowTests.Random(state: 61)
        var differing = 0
        for k in 0..<120 {
            let w = 8 + rng.int(90), h = 8 + rng.int(90)
            // Rectangles at fractional places (the sliding screen's), rounded rectangles,
            // ellipses and curved, self-crossing shapes, some reaching past the bitmap.
            let box = CGRect(x: rng.range(-6, CGFloat(w) / 2), y: rng.range(-6, CGFloat(h) / 2),
                             width: rng.range(0.3, CGFloat(w)), height: rng.range(0.3, CGFloat(h)))
            let path: CGPath
            switch k % 4 {
            case 0: path = CGPath(rect: box, transform: nil)
            case 1: path = CGPath(roundedRect: box, cornerWidth: min(box.width, box.height) / 3,
                                  cornerHeight: min(box.width, box.height) / 3, transform: nil)
            case 2: path = CGPath(ellipseIn: box, transform: nil)
            default:
                let p = CGMutablePath()
                p.move(to: CGPoint(x: box.minX, y: box.minY))
                p.addCurve(to: CGPoint(x: box.maxX, y: box.maxY), control1: CGPoint(x: box.maxX * 1.2, y: box.minY),
                           control2: CGPoint(x: box.minX, y: box.maxY * 0.8))
                p.addLine(to: CGPoint(x: box.maxX, y: box.minY))
                p.addQuadCurve(to: CGPoint(x: box.minX, y: box.maxY), control: box.center)
                p.closeSubpath()
                path = p
            }
            // Pixel mappings with sub-pixel offsets, some scaled or rotated.
            var t = CGAffineTransform(translationX: rng.unit(), y: rng.unit())
            if k % 3 == 1 { t = CGAffineTransform(scaleX: rng.range(0.5, 3), y: rng.range(0.5, 3)).concatenating(t) }
            if k % 5 == 2 { t = CGAffineTransform(rotationAngle: rng.range(-1, 1)).concatenating(t) }
            let offset = CGSize(width: rng.range(-8, 8).rounded(), height: rng.range(-8, 8))
            let blur: CGFloat = [0, 0.5, 3, 7.25, 18][k % 5]
            let a = Self.viaColourBitmap(path, t, w, h, offset: offset, blur: blur)
            let b = CGShadowMask.ofFilledPath(path, userToPixels: t, width: w, height: h, offset: offset, blur: blur)
            #expect((a == nil) == (b == nil), "case \(k): one route gives no mask")
            guard let a, let b else { continue }
            let place = a.x0 == b.x0 && a.y0 == b.y0 && a.width == b.width && a.height == b.height
            #expect(place, "case \(k): masks placed differently")
            if !place || Self.bytes(a) != Self.bytes(b) { differing += 1 }
            // Something was drawn: the comparison is not of two empty planes.
            #expect(Self.bytes(b).contains { $0 != 0 } || box.applying(t).intersection(CGRect(x: 0, y: 0, width: w, height: h)).isEmpty)
        }
        #expect(differing == 0, "\(differing) of 120 masks differ")
    }

    @Test func oddValuesGiveNoMaskRatherThanTrapping() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        #expect(CGShadowMask.ofFilledPath(path, userToPixels: .identity, width: 0, height: 10, offset: .zero, blur: 2) == nil)
        #expect(CGShadowMask.ofFilledPath(path, userToPixels: .identity, width: 10, height: -3, offset: .zero, blur: 2) == nil)
        #expect(CGShadowMask.ofFilledPath(path, userToPixels: .identity, width: 10, height: 10, offset: .zero, blur: .nan) == nil)
        #expect(CGShadowMask.ofFilledPath(path, userToPixels: .identity, width: 1 << 40, height: 1 << 40, offset: .zero,
                                          blur: 2) == nil)
        let huge = CGShadowMask.ofFilledPath(path, userToPixels: .identity, width: 10, height: 10,
                                             offset: CGSize(width: 1e30, height: 0), blur: 1e30)
        #expect(huge == nil || huge!.byteCount <= CGContext.maximumPixelCount)
    }
}
