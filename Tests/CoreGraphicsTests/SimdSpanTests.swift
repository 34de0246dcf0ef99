import Foundation
import Testing
@testable @_spi(Lamina) import CoreGraphics
import CLaminaRaster

/// The C span loops (issue 17) give the same bytes on every path: scalar, SSE2 and AVX2, and
/// the same as the Swift blender they replace, for every length from 0 to 70 pixels at every
/// alignment.
@Suite("SIMD span loops", .serialized)
struct SimdSpanTests {
    /// What `SolidOver32` computes per pixel in Swift.
    static func reference(_ d: UInt32, _ s: UInt32, _ inv: UInt32) -> UInt32 { s &+ scaleWord(d, inv) }

    @Test func solidOverIsTheSameOnEveryPath() {
        var rng = RowWindowTests.Random(state: 17)
        let levels = [0, 1, 2].filter { level in
            lamina_raster_force_simd_level(Int32(level))
            return lamina_raster_simd_level() == Int32(level)
        }
        defer { lamina_raster_force_simd_level(-1) }
        #expect(levels.contains(0))
        var mismatches = 0, cases = 0
        for count in 0...70 {
            for offset in 0..<4 {
                // A premultiplied source scaled by a coverage, over arbitrary destination bytes
                // (premultiplied or not: the loop must not care).
                let a = UInt32(rng.int(256)), coverage = UInt32(1 + rng.int(255))
                let colour = UInt32(rng.int(Int(a) + 1)) | UInt32(rng.int(Int(a) + 1)) << 8 | UInt32(rng.int(Int(a) + 1)) << 16 | a << 24
                let s = coverage == 255 ? colour : scaleWord(colour, coverage)
                let inv = 255 - (s >> 24)
                let original = (0..<(count + 8)).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
                let expected = original.enumerated().map { i, d in i >= offset && i < offset + count ? Self.reference(d, s, inv) : d }
                for level in levels {
                    lamina_raster_force_simd_level(Int32(level))
                    var buffer = original
                    buffer.withUnsafeMutableBufferPointer { b in
                        // Misaligned on purpose: the span starts `offset` pixels into the buffer.
                        lamina_solid_over_32(b.baseAddress! + offset, count, s, inv)
                    }
                    cases += 1
                    if buffer != expected { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0, "\(mismatches) of \(cases) spans differ (paths \(levels))")
    }

    /// Blocks of rows (a rectangle's rows at once): every row of the block as one span would
    /// make it, the rows between untouched, on every path; opaque colours at full coverage too.
    @Test func solidRowsAreTheSameOnEveryPath() {
        var rng = RowWindowTests.Random(state: 29)
        defer { lamina_raster_force_simd_level(-1) }
        var mismatches = 0, cases = 0
        for count in 0...70 {
            for rows in [1, 2, 5] {
                let offset = rng.int(4), stride = count + 8 + rng.int(3)
                let a = UInt32(rng.int(3) == 0 ? 255 : rng.int(256)), coverage = UInt32(rng.int(2) == 0 ? 255 : 1 + rng.int(255))
                let colour = UInt32(rng.int(Int(a) + 1)) | UInt32(rng.int(Int(a) + 1)) << 8 | UInt32(rng.int(Int(a) + 1)) << 16 | a << 24
                let s = coverage == 255 ? colour : scaleWord(colour, coverage)
                let inv = 255 - (s >> 24)
                let original = (0..<(stride * rows + 8)).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
                let expected = original.enumerated().map { i, d in
                    let r = (i - offset) / stride, c = (i - offset) % stride
                    return i >= offset && r < rows && c < count ? Self.reference(d, s, inv) : d
                }
                for level in [0, 1, 2] {
                    lamina_raster_force_simd_level(Int32(level))
                    var buffer = original
                    buffer.withUnsafeMutableBufferPointer { b in
                        lamina_solid_over_32_rows(b.baseAddress! + offset, stride * 4, rows, count, s, inv)
                    }
                    cases += 1
                    if buffer != expected { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0, "\(mismatches) of \(cases) blocks differ")
    }

    /// What Lamina's Swift painter did for a linear gradient span under source-over.
    static func gradientReference(_ d: inout [UInt32], from start: Int, count: Int, t t0: Double, dt: Double, lut: [UInt32],
                                  before: Bool, after: Bool, mask: [UInt8]?, constant: UInt32, skip: Int) {
        var t = t0
        let top = Double(lut.count - 1)
        for i in 0..<count {
            let cov: UInt32 = i < skip ? 0 : (mask.map { constant == 255 ? UInt32($0[i]) : mul255(constant, UInt32($0[i])) } ?? constant)
            var u = t
            t += dt
            if cov == 0 { continue }
            if u < 0 { if before { u = 0 } else { continue } } else if u > 1 { if after { u = 1 } else { continue } }
            var s = lut[Int(u * top + 0.5)]
            if cov != 255 { s = scaleWord(s, cov) }
            let inv = 255 &- (s >> 24)
            d[start + i] = inv == 0 ? s : s &+ scaleWord(d[start + i], inv)
        }
    }

    @Test func linearGradientSpansAreTheSameOnEveryPath() {
        var rng = RowWindowTests.Random(state: 23)
        defer { lamina_raster_force_simd_level(-1) }
        // A premultiplied ramp (alpha in the top byte) with translucent and opaque stretches.
        let lut: [UInt32] = (0..<1024).map { i in
            let a = UInt32(i < 300 ? 255 : (i * 7) % 256)
            return UInt32(rng.int(Int(a) + 1)) | UInt32(rng.int(Int(a) + 1)) << 8 | UInt32(rng.int(Int(a) + 1)) << 16 | a << 24
        }
        var mismatches = 0, cases = 0
        for count in 0...70 {
            for offset in 0..<4 {
                let t = rng.range(-0.3, 1.1), dt = rng.range(-0.03, 0.03)
                let before = rng.int(2) == 0, after = rng.int(2) == 0
                let constant = rng.int(3) == 0 ? UInt32(rng.int(256)) : 255
                let mask: [UInt8]? = rng.int(2) == 0 ? (0..<count).map { _ in UInt8(rng.int(4) == 0 ? 0 : rng.int(256)) } : nil
                let skip = rng.int(4) == 0 ? rng.int(count + 1) : 0
                let original = (0..<(count + 8)).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
                var expected = original
                Self.gradientReference(&expected, from: offset, count: count, t: Double(t), dt: Double(dt), lut: lut,
                                       before: before, after: after, mask: mask, constant: constant, skip: skip)
                for level in [0, 1, 2] {
                    lamina_raster_force_simd_level(Int32(level))
                    var buffer = original
                    buffer.withUnsafeMutableBufferPointer { b in
                        lut.withUnsafeBufferPointer { l in
                            if let mask {
                                mask.withUnsafeBufferPointer { m in
                                    lamina_linear_gradient_over_32(b.baseAddress! + offset, count, Double(t), Double(dt), l.baseAddress, 1023,
                                                                   before ? 1 : 0, after ? 1 : 0, 24, m.baseAddress, constant, skip)
                                }
                            } else {
                                lamina_linear_gradient_over_32(b.baseAddress! + offset, count, Double(t), Double(dt), l.baseAddress, 1023,
                                                               before ? 1 : 0, after ? 1 : 0, 24, nil, constant, skip)
                            }
                        }
                    }
                    cases += 1
                    if buffer != expected { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0, "\(mismatches) of \(cases) gradient spans differ")
    }

    /// Whole fills through the context: the same bitmap on every path.
    @Test func fillsAreTheSameOnEveryPath() {
        func draw() -> [UInt8] {
            let w = 67, h = 41
            let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            var rng = RowWindowTests.Random(state: 5)
            for _ in 0..<40 {
                ctx.setFillColor(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: rng.range(0.1, 1))
                ctx.fill(CGRect(x: rng.range(-5, 60), y: rng.range(-5, 35), width: rng.range(0, 70), height: rng.range(0, 20)))
                ctx.fillEllipse(in: CGRect(x: rng.range(-5, 60), y: rng.range(-5, 35), width: rng.range(0, 40), height: rng.range(0, 40)))
                ctx.saveGState()
                ctx.addEllipse(in: CGRect(x: rng.range(-5, 60), y: rng.range(-5, 35), width: rng.range(0, 40), height: rng.range(0, 40)))
                ctx.clip()
                let g = CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: [1, 0, 0, 1, 0, 0.5, 1, rng.range(0, 1)],
                                   locations: [0, 1], count: 2)!
                ctx.drawLinearGradient(g, start: CGPoint(x: rng.range(0, 60), y: 0), end: CGPoint(x: rng.range(0, 60), y: 40), options: [])
                ctx.restoreGState()
            }
            return Array(UnsafeRawBufferPointer(start: ctx.data!, count: w * h * 4))
        }
        defer { lamina_raster_force_simd_level(-1) }
        lamina_raster_force_simd_level(0)
        let scalar = draw()
        for level in [1, 2] {
            lamina_raster_force_simd_level(Int32(level))
            #expect(draw() == scalar, "path \(lamina_raster_simd_level())")
        }
    }
}
