import Foundation
import Testing
import LaminaTestSupport
@testable @_spi(Lamina) import CoreGraphics

/// A path clip is kept as its path until something needs its mask, so that `clip()` followed by
/// a gradient (the usual way to fill a shape with one) paints the path's spans directly. Every
/// way of drawing through such a clip must give the bytes the mask gives.
@Suite("Path clips kept as paths")
struct PendingClipTests {
    static let gradient: CGGradient = {
        let colors = [CGColor(red: 1, green: 0, blue: 0.2, alpha: 0.9), CGColor(red: 0.1, green: 0.8, blue: 0, alpha: 0.6),
                      CGColor(red: 0, green: 0.3, blue: 1, alpha: 1)]
        var locations: [CGFloat] = [0, 0.4, 1]
        return CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors as CFArray, locations: &locations)!
    }()

    /// A star (self-intersecting: even-odd and winding differ) and an ellipse.
    static func shapes(_ ctx: CGContext) {
        let star = CGMutablePath()
        for k in 0..<5 {
            let a = CGFloat(k) * 4 * .pi / 5 + 0.3
            let p = CGPoint(x: 40 + 33 * cos(a), y: 36 + 30 * sin(a))
            if k == 0 { star.move(to: p) } else { star.addLine(to: p) }
        }
        star.closeSubpath()
        ctx.addPath(star)
        ctx.addEllipse(in: CGRect(x: 52.3, y: 40.7, width: 21.5, height: 17.25))
    }

    /// Draws the scene; `resolveFirst` makes the clip's mask before the gradient (an empty fill
    /// reads the clip), the path the pending clip takes otherwise.
    static func draw(evenOdd: Bool, antialias: Bool = true, narrow: Bool = false, bands: Int = 1,
                     radial: Bool = false, resolveFirst: Bool) -> [UInt8] {
        let w = 83, h = 71
        let ctx = rgbaContext(w, h)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for band in 0..<bands {
            let y0 = band * h / bands, y1 = (band + 1) * h / bands
            ctx.resetGState()
            ctx.setRowWindow(y0, y1)
            ctx.setFillColor(red: 0.2, green: 0.2, blue: 0.25, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: w, height: h))
            ctx.saveGState()
            ctx.setShouldAntialias(antialias)
            shapes(ctx)
            ctx.clip(using: evenOdd ? .evenOdd : .winding)
            if narrow { ctx.clip(to: CGRect(x: 10, y: 12, width: 50, height: 45)) }
            if resolveFirst { ctx.fill(CGRect.zero) }
            if radial {
                ctx.drawRadialGradient(gradient, startCenter: CGPoint(x: 30, y: 30), startRadius: 3,
                                       endCenter: CGPoint(x: 45, y: 40), endRadius: 40, options: [.drawsAfterEndLocation])
            } else {
                ctx.drawLinearGradient(gradient, start: CGPoint(x: 12.5, y: 7), end: CGPoint(x: 70, y: 61.3),
                                       options: [.drawsBeforeStartLocation])
            }
            ctx.restoreGState()
            let bytes = ctx.data!.assumingMemoryBound(to: UInt8.self)
            for i in (y0 * w * 4)..<(y1 * w * 4) { out[i] = bytes[i] }
        }
        return out
    }

    /// How many bytes differ (a readable failure, not two bitmaps printed).
    static func differing(_ a: [UInt8], _ b: [UInt8]) -> Int { a.count != b.count ? -1 : zip(a, b).filter { $0 != $1 }.count }

    @Test(arguments: [false, true])
    func gradientsThroughAPathClipMatchTheMask(evenOdd: Bool) {
        for radial in [false, true] {
            let direct = Self.draw(evenOdd: evenOdd, radial: radial, resolveFirst: false)
            let masked = Self.draw(evenOdd: evenOdd, radial: radial, resolveFirst: true)
            #expect(Self.differing(direct, masked) == 0, "evenOdd \(evenOdd), radial \(radial)")
            // Something was drawn, and not everywhere.
            #expect(Set(direct).count > 10)
        }
    }

    @Test func aliasedNarrowedAndBandedClipsMatchTheMask() {
        #expect(Self.differing(Self.draw(evenOdd: false, antialias: false, resolveFirst: false),
                               Self.draw(evenOdd: false, antialias: false, resolveFirst: true)) == 0)
        #expect(Self.differing(Self.draw(evenOdd: true, narrow: true, resolveFirst: false),
                               Self.draw(evenOdd: true, narrow: true, resolveFirst: true)) == 0)
        // Bands: each context draws its rows only; the result is the whole bitmap's.
        let whole = Self.draw(evenOdd: false, resolveFirst: false)
        #expect(Self.differing(Self.draw(evenOdd: false, bands: 3, resolveFirst: false), whole) == 0)
        #expect(Self.differing(Self.draw(evenOdd: false, bands: 3, resolveFirst: true), whole) == 0)
    }

    /// A pending clip survives save and restore, intersects with a later path clip, and is
    /// honoured by fills, images, transparency layers and `boundingBoxOfClipPath`.
    @Test func everythingElseSeesThePendingClip() {
        let ctx = rgbaContext(40, 40)
        ctx.addEllipse(in: CGRect(x: 10, y: 10, width: 20, height: 20))
        ctx.clip()
        // The same bounds as the mask's (the pixels the ellipse can touch).
        let resolved = rgbaContext(40, 40)
        resolved.addEllipse(in: CGRect(x: 10, y: 10, width: 20, height: 20))
        resolved.clip()
        resolved.fill(CGRect.zero)
        #expect(ctx.boundingBoxOfClipPath == resolved.boundingBoxOfClipPath)
        #expect(ctx.boundingBoxOfClipPath.contains(CGRect(x: 10, y: 10, width: 20, height: 20)))
        ctx.saveGState()
        ctx.addRect(CGRect(x: 0, y: 0, width: 20.5, height: 40))
        ctx.clip()
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        ctx.restoreGState()
        // The intersection: the ellipse's left half.
        #expect(ctx.pixel(x: 15, row: 20).a == 255 && ctx.pixel(x: 25, row: 20).a == 0 && ctx.pixel(x: 2, row: 20).a == 0)
        // After restore the ellipse alone clips a transparency layer.
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        ctx.endTransparencyLayer()
        #expect(ctx.pixel(x: 25, row: 20) == (0, 0, 255, 255) && ctx.pixel(x: 2, row: 2).a == 0)
        // resetClip forgets it.
        ctx.resetClip()
        ctx.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(ctx.pixel(x: 1, row: 38) == (0, 255, 0, 255))
    }
}
