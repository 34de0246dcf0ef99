import Foundation
import Testing
@testable @_spi(Lamina) import CoreGraphics

/// Axis-aligned rectangles are swept without depositing their edges (issue 17: per-shape cost of
/// small fills). The fast path must give the very bytes the edge path gives: each scene is drawn
/// twice, once with plain rectangles and once with the same rectangles as five-point outlines
/// (a redundant point on one side), which the fast path does not take.
@Suite("Rectangle fast path")
struct RectFastPathTests {
    static let width = 97, height = 83

    static func context() -> CGContext {
        CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    }

    /// The rectangle as a path the fast path does not recognize: a redundant point halfway
    /// along its top side.
    static func slowOutline(_ r: CGRect) -> CGPath {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: r.minX, y: r.minY))
        p.addLine(to: CGPoint(x: r.midX, y: r.minY))
        p.addLine(to: CGPoint(x: r.maxX, y: r.minY))
        p.addLine(to: CGPoint(x: r.maxX, y: r.maxY))
        p.addLine(to: CGPoint(x: r.minX, y: r.maxY))
        p.closeSubpath()
        return p
    }

    static func draw(seed: UInt64, slow: Bool) -> [UInt8] {
        var rng = RowWindowTests.Random(state: seed)
        let ctx = context()
        ctx.translateBy(x: 0, y: CGFloat(height))
        ctx.scaleBy(x: 1, y: -1)
        for k in 0..<60 {
            // Sizes 0 to 70 px at any sub-pixel position, some crossing the edges; every fourth
            // on whole pixels.
            var r = CGRect(x: rng.range(-15, CGFloat(width)), y: rng.range(-15, CGFloat(height)),
                           width: rng.range(0, 70), height: rng.range(0, 70))
            if k % 4 == 0 { r = r.integral }
            if k % 9 == 0 { r.size.width = rng.range(0, 1.5) }
            ctx.saveGState()
            if k % 7 == 0 { ctx.clip(to: CGRect(x: 10.5, y: 7.25, width: 60, height: 50)) }
            if k % 5 == 0 { ctx.setBlendMode(.multiply) }
            if k % 11 == 0 { ctx.scaleBy(x: 1.5, y: 0.75) }
            ctx.setFillColor(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: rng.range(0.2, 1))
            if k % 3 == 0 {
                // Clipped to the rectangle, a gradient.
                if slow { ctx.addPath(slowOutline(r)) } else { ctx.addRect(r) }
                ctx.clip()
                let g = CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(),
                                   colorComponents: [1, 0, 0, 1, 0, 0, 1, 0.5], locations: [0, 1], count: 2)!
                ctx.drawLinearGradient(g, start: r.origin, end: CGPoint(x: r.maxX, y: r.maxY), options: [])
            } else if slow {
                ctx.addPath(slowOutline(r))
                ctx.fillPath()
            } else {
                ctx.fill(r)
            }
            ctx.restoreGState()
        }
        let raw = UnsafeRawBufferPointer(start: ctx.data!, count: width * height * 4)
        return Array(raw)
    }

    @Test(arguments: 0..<12)
    func rectanglesGiveTheEdgePathsBytes(seed: UInt64) {
        let fast = Self.draw(seed: seed, slow: false)
        let slow = Self.draw(seed: seed, slow: true)
        let differing = zip(fast, slow).filter { $0 != $1 }.count
        #expect(differing == 0, "seed \(seed): \(differing) bytes differ")
        #expect(fast.contains { $0 != 0 })
    }

    /// The fast paths are taken: a filled rectangle (on the pixel grid or off it) is painted
    /// without the accumulator, a clipped one is swept as a rectangle, another outline is not.
    @Test func theFastPathIsTaken() {
        let ctx = Self.context()
        ctx.fill(CGRect(x: 3.25, y: 4.5, width: 20.5, height: 10.75))
        #expect(ctx.lastFillWasRectangle)
        ctx.fill(CGRect(x: 3, y: 4, width: 20, height: 10))
        #expect(ctx.lastFillWasRectangle)
        ctx.saveGState()
        ctx.addEllipse(in: CGRect(x: 0, y: 0, width: 30, height: 30))
        ctx.clip()
        ctx.fill(CGRect(x: 3.25, y: 4.5, width: 20.5, height: 10.75))
        #expect(!ctx.lastFillWasRectangle && ctx.accumulator.lastSweepWasRectangle)
        ctx.restoreGState()
        ctx.addPath(Self.slowOutline(CGRect(x: 3.25, y: 4.5, width: 20.5, height: 10.75)))
        ctx.fillPath()
        #expect(!ctx.lastFillWasRectangle && !ctx.accumulator.lastSweepWasRectangle)
    }
}

extension RectFastPathTests {
    /// `fill(_:)` of a rectangle is the fill of `addRect`'s path, under any CTM.
    @Test func fillRectIsTheFillOfItsPath() {
        for transform in [CGAffineTransform.identity, CGAffineTransform(a: 1.5, b: 0.3, c: -0.2, d: 0.8, tx: 3, ty: -2),
                          CGAffineTransform(scaleX: -1, y: 1).translatedBy(x: -90, y: 0)] {
            func draw(_ viaPath: Bool) -> [UInt8] {
                let ctx = Self.context()
                ctx.concatenate(transform)
                ctx.setFillColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.7)
                let r = CGRect(x: 60.3, y: 50.6, width: -41.2, height: -33.9)   // unstandardized on purpose
                if viaPath {
                    let p = CGMutablePath(); p.addRect(r)
                    ctx.addPath(p); ctx.fillPath()
                } else {
                    ctx.fill(r)
                }
                return Array(UnsafeRawBufferPointer(start: ctx.data!, count: Self.width * Self.height * 4))
            }
            let a = draw(false), b = draw(true)
            #expect(a == b && a.contains { $0 != 0 }, "\(transform)")
        }
    }

    /// `pixelAligned` (whole numbers found without libm's round) agrees with the rounding test it
    /// replaced on values at, near and exactly 10⁻⁶ from whole numbers, negative ones, halves,
    /// the ±10⁹ limit and beyond, infinities and NaN.
    @Test func pixelAlignmentIsTheRoundingTest() {
        func reference(_ c: CGFloat) -> Int? {
            guard c.isFinite, abs(c - c.rounded()) < 1e-6 else { return nil }
            return Int(max(-1e9, min(1e9, c.rounded())))
        }
        var values: [CGFloat] = [0, -0.0, 0.5, -0.5, 1e9, -1e9, 1e9 - 1, 1e12, -1e12, .infinity, -.infinity, .nan, 1e-300]
        var rng = RowWindowTests.Random(state: 83)
        for _ in 0..<3000 {
            // Small whole numbers and ones up to the 10⁹ limit (where 10⁻⁶ is a few ulps).
            let k = CGFloat(rng.int(2001) - 1000) * (rng.int(2) == 0 ? 1 : 999_983)
            for offset in [0, 1e-6, -1e-6, 1e-6.nextUp, 1e-6.nextDown, -(1e-6.nextDown), 5e-7, 2e-6, rng.range(-1, 1)] as [CGFloat] {
                values.append(k + offset)
            }
        }
        var mismatches = 0
        for (i, c) in values.enumerated() {
            let d = values[(i * 7 + 3) % values.count] + 3
            let expected: (Int, Int, Int, Int)? = {
                guard c != d, let a = reference(c), let b = reference(d) else { return nil }
                return (min(a, b), min(a, b), max(a, b), max(a, b))
            }()
            let got = CGContext.pixelAligned(CGPoint(x: c, y: c), CGPoint(x: d, y: d))
            if got.map({ [$0.x0, $0.y0, $0.x1, $0.y1] }) != expected.map({ [$0.0, $0.1, $0.2, $0.3] }) { mismatches += 1 }
        }
        #expect(mismatches == 0, "\(mismatches) of \(values.count) values differ")
    }

    /// `rasterBounds` (rounding from the truncation, without libm's floor and ceil) gives the
    /// bounds of clamping the rounded coordinates, for whole numbers, values a hair either side
    /// of them, negative ones, the ±10⁹ limit and beyond, infinities and NaN.
    @Test func rasterBoundsRoundAsFloorAndCeil() {
        let ctx = Self.context()
        func clamped(_ v: CGFloat) -> Int { Int(max(-1e9, min(1e9, v))) }
        var values: [CGFloat] = [0, -0.0, 0.5, -0.5, 1e9, -1e9, 1e9 - 0.5, -1e9 + 0.5, 1e9 + 0.5, -1e9 - 0.5, 1e12, -1e12,
                                 .infinity, -.infinity, .nan, 1e-300, -1e-300, .greatestFiniteMagnitude]
        var rng = RowWindowTests.Random(state: 89)
        for _ in 0..<2000 {
            let k = CGFloat(rng.int(401) - 200)
            for v in [k, k.nextUp, k.nextDown, k + rng.range(-1, 1), k * 1e7 + rng.range(-1, 1)] { values.append(v) }
        }
        var mismatches = 0, inside = 0
        for (i, a) in values.enumerated() {
            let b = values[(i * 13 + 5) % values.count]
            // The clip (the whole bitmap) bounds the result; both orders of a and b are tried.
            let expected = (max(0, clamped(a.rounded(.down))), max(0, clamped(b.rounded(.down))),
                            min(Self.width, clamped(b.rounded(.up)) + 1), min(Self.height, clamped(a.rounded(.up)) + 1))
            let got = ctx.rasterBounds(a, b, b, a)
            if got != expected { mismatches += 1 }
            if got.0 > 0 && got.0 < Self.width - 1 { inside += 1 }
        }
        #expect(inside > 1000, "too few values inside the bitmap to compare: \(inside)")
        #expect(mismatches == 0, "\(mismatches) of \(values.count) bounds differ")
    }
}

extension RectFastPathTests {
    /// Fills through a clip to a rectangle off the pixel grid paint the mask's all-255 inside
    /// without reading it (``ClipMask/solid``): the bytes of the same clip as a five-point
    /// outline, whose mask (the same bytes) has no such inside. Shapes inside the clip, across
    /// its edges and around it; opaque and translucent colours; global alpha; a row window.
    @Test(arguments: 0..<6)
    func fillsInsideARectangleClipAreTheMaskedBytes(seed: UInt64) throws {
        func draw(slow: Bool) -> (bytes: [UInt8], solid: (x0: Int, y0: Int, x1: Int, y1: Int)?) {
            var rng = RowWindowTests.Random(state: 700 + seed)
            let ctx = Self.context()
            if seed % 3 == 2 { ctx.setRowWindow(10, 61) }
            // Something under the fills, so blending shows.
            ctx.setFillColor(red: 0.3, green: 0.6, blue: 0.2, alpha: 0.8)
            ctx.fill(CGRect(x: 0, y: 0, width: Self.width, height: Self.height))
            let clip = CGRect(x: rng.range(2, 20), y: rng.range(2, 20), width: rng.range(30, 70), height: rng.range(30, 60))
            if slow { ctx.addPath(Self.slowOutline(clip)); ctx.clip() } else { ctx.clip(to: clip) }
            for k in 0..<40 {
                let r = CGRect(x: rng.range(-10, CGFloat(Self.width)), y: rng.range(-10, CGFloat(Self.height)),
                               width: rng.range(1, 90), height: rng.range(1, 70))
                ctx.setAlpha(k % 5 == 0 ? rng.range(0.3, 1) : 1)
                ctx.setFillColor(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: k % 2 == 0 ? 1 : rng.range(0.1, 1))
                if k % 3 == 0 { ctx.fillEllipse(in: r) } else { ctx.fill(r) }
            }
            let raw = UnsafeRawBufferPointer(start: ctx.data!, count: Self.width * Self.height * 4)
            return (Array(raw), ctx.state.storedClipMask?.solid)
        }
        let fast = draw(slow: false), slow = draw(slow: true)
        let differing = zip(fast.bytes, slow.bytes).filter { $0 != $1 }.count
        #expect(differing == 0, "seed \(seed): \(differing) bytes differ")
        // The rectangle's mask knows its inside; the outline's does not.
        let inside = try #require(fast.solid)
        #expect(inside.x1 - inside.x0 > 20 && inside.y1 - inside.y0 > 5)
        #expect(slow.solid.map { $0.x1 <= $0.x0 } == true)
    }
}
