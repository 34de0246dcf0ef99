import Foundation
import Testing
@testable @_spi(Lamina) import CoreGraphics

/// A context drawing only a row window (a band of the bitmap), or a row and a column window (a
/// rectangle), must produce there the very bytes a context drawing the whole bitmap produces:
/// the compositor draws frames as bands on several threads, and redraws only the rectangle that
/// changed, and promises the same bytes either way.
@Suite("Row and column windows (bands, damaged rectangles)")
struct RowWindowTests {
    /// SplitMix64: a small deterministic generator for the scenes.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> CGFloat { CGFloat(Double(next() >> 11) / Double(1 << 53)) }
        mutating func range(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * unit() }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    static let width = 173, height = 151

    static func context(data: UnsafeMutableRawPointer?) -> CGContext {
        CGContext(data: data, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    }

    static let image: CGImage = {
        let c = context(data: nil)
        for i in 0..<12 {
            c.setFillColor(red: CGFloat(i) / 12, green: 0.4, blue: 1 - CGFloat(i) / 12, alpha: 0.5 + CGFloat(i % 2) / 2)
            c.fill(CGRect(x: i * 15, y: 0, width: 15, height: height))
        }
        return c.makeImage()!
    }()

    /// A random scene: every kind of drawing the compositor uses, at random places crossing the
    /// band edges: fills under both rules, strokes with dashes, clips to paths, gradients,
    /// images (rotated and projective), shadows, transparency layers (tinted, with shadows),
    /// blend modes and clears.
    static func draw(_ ctx: CGContext, seed: UInt64) {
        var r = Random(state: seed)
        ctx.translateBy(x: 0, y: CGFloat(height))
        ctx.scaleBy(x: 1, y: -1)
        func point() -> CGPoint { CGPoint(x: r.range(-20, CGFloat(width) + 20), y: r.range(-20, CGFloat(height) + 20)) }
        func color() { ctx.setFillColor(red: r.unit(), green: r.unit(), blue: r.unit(), alpha: r.range(0.3, 1)) }
        func path() -> CGPath {
            let p = CGMutablePath()
            p.move(to: point())
            for _ in 0..<(3 + r.int(6)) {
                if r.int(3) == 0 { p.addQuadCurve(to: point(), control: point()) } else { p.addLine(to: point()) }
            }
            p.closeSubpath()
            if r.int(2) == 0 { p.addEllipse(in: CGRect(origin: point(), size: CGSize(width: r.range(5, 80), height: r.range(5, 80)))) }
            return p
        }
        for _ in 0..<14 {
            ctx.saveGState()
            switch r.int(10) {
            case 0:
                color(); ctx.addPath(path()); ctx.fillPath(using: r.int(2) == 0 ? .winding : .evenOdd)
            case 1:
                ctx.setStrokeColor(red: r.unit(), green: r.unit(), blue: r.unit(), alpha: 1)
                ctx.setLineWidth(r.range(0.5, 9))
                if r.int(2) == 0 { ctx.setLineDash(phase: r.range(0, 5), lengths: [r.range(1, 8), r.range(1, 8)]) }
                ctx.addPath(path()); ctx.strokePath()
            case 2:
                ctx.addPath(path()); ctx.clip()
                color(); ctx.fill(CGRect(origin: point(), size: CGSize(width: 120, height: 90)))
            case 3:
                let g = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                   colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)] as CFArray,
                                   locations: nil)!
                ctx.addPath(path()); ctx.clip()
                switch r.int(3) {
                case 0: ctx.drawLinearGradient(g, start: point(), end: point(), options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
                case 1: ctx.drawRadialGradient(g, startCenter: point(), startRadius: 0, endCenter: point(), endRadius: r.range(10, 90),
                                               options: .drawsAfterEndLocation)
                default: ctx.drawConicGradient(g, center: point(), angle: r.range(0, 6))
                }
            case 4:
                ctx.setShadow(offset: CGSize(width: r.range(-9, 9), height: r.range(-9, 9)), blur: r.range(0, 14),
                              color: CGColor(red: 0, green: 0, blue: 0.3, alpha: 0.7))
                color(); ctx.addPath(path()); ctx.fillPath()
            case 5:
                ctx.setAlpha(r.range(0.3, 1))
                if r.int(2) == 0 {
                    ctx.setShadow(offset: CGSize(width: r.range(-6, 6), height: r.range(-12, 12)), blur: r.range(1, 20),
                                  color: CGColor(red: 0.2, green: 0, blue: 0, alpha: 0.8))
                }
                ctx.beginTransparencyLayer(auxiliaryInfo: nil)
                color(); ctx.addPath(path()); ctx.fillPath()
                color(); ctx.fill(CGRect(origin: point(), size: CGSize(width: 50, height: 40)))
                if r.int(2) == 0 {
                    ctx.endTransparencyLayer(tint: (r.unit(), r.unit(), r.unit(), r.range(0.4, 1)))
                } else {
                    ctx.endTransparencyLayer()
                }
            case 6:
                ctx.translateBy(x: r.range(0, 100), y: r.range(0, 100))
                ctx.rotate(by: r.range(-1, 1))
                ctx.draw(image, in: CGRect(x: 0, y: 0, width: r.range(20, 120), height: r.range(20, 120)))
            case 7:
                let p = CGProjectiveTransform([r.range(0.4, 1.2), r.range(-0.2, 0.2), r.range(-0.003, 0.003),
                                               r.range(-0.2, 0.2), r.range(0.4, 1.2), r.range(-0.003, 0.003),
                                               r.range(-20, 60), r.range(-20, 60), 1])
                ctx.drawImage(image, source: CGRect(x: 0, y: 0, width: width, height: height), imageToUser: p,
                              filter: r.int(2) == 0 ? .linear : .trilinear)
            case 8:
                ctx.setBlendMode([CGBlendMode.multiply, .screen, .overlay, .difference, .destinationOut, .plusLighter][r.int(6)])
                color(); ctx.addPath(path()); ctx.fillPath()
            default:
                ctx.clear(CGRect(origin: point(), size: CGSize(width: r.range(5, 40), height: r.range(5, 40))))
            }
            ctx.restoreGState()
        }
    }

    /// The scene drawn whole, and drawn band by band (each band its own context over the same
    /// memory, as the compositor's workers do).
    static func compare(seed: UInt64, bands: [Int]) -> (whole: [UInt8], banded: [UInt8]) {
        let count = width * height * 4
        let whole = context(data: nil)
        draw(whole, seed: seed)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: count)
        var y = 0
        for h in bands {
            let band = context(data: memory)
            band.setRowWindow(y, y + h)
            draw(band, seed: seed)
            y += h
        }
        let a = [UInt8](UnsafeRawBufferPointer(start: whole.data, count: count))
        let b = [UInt8](UnsafeRawBufferPointer(start: memory, count: count))
        return (a, b)
    }

    @Test(arguments: 0..<24)
    func bandsGiveTheWholeBitmapsBytes(seed: Int) {
        var r = Random(state: UInt64(seed) &* 7919)
        var bands: [Int] = []
        var left = RowWindowTests.height
        while left > 0 {
            let h = min(left, 1 + r.int(40))
            bands.append(h)
            left -= h
        }
        let (whole, banded) = RowWindowTests.compare(seed: UInt64(seed), bands: bands)
        let differing = zip(whole, banded).filter { $0 != $1 }.count
        #expect(differing == 0, "seed \(seed), bands \(bands): \(differing) bytes differ")
        // The scene draws something (a blank comparison would prove nothing).
        #expect(whole.contains { $0 != 0 })
    }

    /// The scene drawn as a grid of rectangles (each its own context with a row and a column
    /// window) equals the whole drawing.
    @Test(arguments: 0..<16)
    func tilesGiveTheWholeBitmapsBytes(seed: Int) {
        var r = Random(state: UInt64(seed) &* 104_729 &+ 7)
        func cuts(_ total: Int) -> [Int] {
            var out: [Int] = [], left = total
            while left > 0 { let h = min(left, 1 + r.int(60)); out.append(h); left -= h }
            return out
        }
        let count = RowWindowTests.width * RowWindowTests.height * 4
        let whole = RowWindowTests.context(data: nil)
        RowWindowTests.draw(whole, seed: UInt64(seed) + 1000)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: count)
        let rows = cuts(RowWindowTests.height), columns = cuts(RowWindowTests.width)
        var y = 0
        for h in rows {
            var x = 0
            for w in columns {
                let tile = RowWindowTests.context(data: memory)
                tile.setRowWindow(y, y + h)
                tile.setColumnWindow(x, x + w)
                RowWindowTests.draw(tile, seed: UInt64(seed) + 1000)
                x += w
            }
            y += h
        }
        let a = [UInt8](UnsafeRawBufferPointer(start: whole.data, count: count))
        let b = [UInt8](UnsafeRawBufferPointer(start: memory, count: count))
        let differing = zip(a, b).filter { $0 != $1 }.count
        #expect(differing == 0, "seed \(seed), rows \(rows), columns \(columns): \(differing) bytes differ")
    }

    @Test func aWindowLeavesOtherRowsUntouched() {
        let count = RowWindowTests.width * RowWindowTests.height * 4
        let memory = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 7, count: count)
        let band = RowWindowTests.context(data: memory)
        band.setRowWindow(40, 60)
        RowWindowTests.draw(band, seed: 3)
        let bytes = UnsafeRawBufferPointer(start: memory, count: count)
        let rowBytes = RowWindowTests.width * 4
        #expect(bytes[0..<(40 * rowBytes)].allSatisfy { $0 == 7 })
        #expect(bytes[(60 * rowBytes)...].allSatisfy { $0 == 7 })
        #expect(bytes[(40 * rowBytes)..<(60 * rowBytes)].contains { $0 != 7 })
        #expect(band.rowWindow == (40, 60))
    }
}
