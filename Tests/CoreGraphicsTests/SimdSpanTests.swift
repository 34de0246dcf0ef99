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

    /// What Lamina's Swift painter does for a linear gradient span under source-over: each
    /// pixel's parameter from its own column.
    static func gradientReference(_ d: inout [UInt32], from start: Int, count: Int, span g: lamina_linear_span, lut: [UInt32],
                                  mask: [UInt8]?) {
        for i in 0..<count {
            let cov: UInt32 = i < g.skip ? 0 : (mask.map { g.constant == 255 ? UInt32($0[i]) : mul255(g.constant, UInt32($0[i])) } ?? g.constant)
            if cov == 0 { continue }
            var u = g.t0 + g.dtdx * (Double(g.x + i) + 0.5) + g.row_term
            if u < 0 { if g.extend_before != 0 { u = 0 } else { continue } } else if u > 1 { if g.extend_after != 0 { u = 1 } else { continue } }
            var s = lut[Int(u * g.top + 0.5)]
            if cov != 255 { s = scaleWord(s, cov) }
            let inv = 255 &- (s >> 24)
            d[start + i] = inv == 0 ? s : s &+ scaleWord(d[start + i], inv)
        }
    }

    /// A premultiplied ramp of 1,024 random words (alpha in the top byte): opaque below entry
    /// `opaqueBelow`, translucent stretches (alpha i * alphaStep mod 256) after it.
    static func randomRamp(_ rng: inout RowWindowTests.Random, opaqueBelow: Int, alphaStep: Int) -> [UInt32] {
        (0..<1024).map { i in
            let a = UInt32(i < opaqueBelow ? 255 : (i * alphaStep) % 256)
            return UInt32(rng.int(Int(a) + 1)) | UInt32(rng.int(Int(a) + 1)) << 8 | UInt32(rng.int(Int(a) + 1)) << 16 | a << 24
        }
    }

    /// Calls `body` with the buffer, the span (its mask pointing at `mask` when given) and the table.
    static func paint(_ buffer: inout [UInt32], _ g: lamina_linear_span, mask: [UInt8]?, lut: [UInt32],
                      _ body: (UnsafeMutablePointer<UInt32>, UnsafePointer<lamina_linear_span>, UnsafePointer<UInt32>) -> Void) {
        buffer.withUnsafeMutableBufferPointer { b in
            lut.withUnsafeBufferPointer { l in
                var span = g
                if let mask {
                    mask.withUnsafeBufferPointer { m in
                        span.mask = m.baseAddress
                        body(b.baseAddress!, &span, l.baseAddress!)
                    }
                } else {
                    body(b.baseAddress!, &span, l.baseAddress!)
                }
            }
        }
    }

    @Test func linearGradientSpansAreTheSameOnEveryPath() {
        var rng = RowWindowTests.Random(state: 23)
        defer { lamina_raster_force_simd_level(-1) }
        let lut = Self.randomRamp(&rng, opaqueBelow: 300, alphaStep: 7)
        var mismatches = 0, cases = 0
        for count in 0...70 {
            for offset in 0..<4 {
                let constant = rng.int(3) == 0 ? UInt32(rng.int(256)) : 255
                let mask: [UInt8]? = rng.int(2) == 0 ? (0..<count).map { _ in UInt8(rng.int(4) == 0 ? 0 : rng.int(256)) } : nil
                let g = lamina_linear_span(t0: Double(rng.range(-0.3, 1.1)), dtdx: Double(rng.range(-0.03, 0.03)),
                                           row_term: Double(rng.range(-0.2, 0.2)), top: 1023, x: rng.int(600) - 50,
                                           extend_before: Int32(rng.int(2)), extend_after: Int32(rng.int(2)), alpha_shift: 24,
                                           mask: nil, constant: constant, skip: rng.int(4) == 0 ? rng.int(count + 1) : 0)
                let original = (0..<(count + 8)).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
                var expected = original
                Self.gradientReference(&expected, from: offset, count: count, span: g, lut: lut, mask: mask)
                for level in [0, 1, 2] {
                    lamina_raster_force_simd_level(Int32(level))
                    var buffer = original
                    Self.paint(&buffer, g, mask: mask, lut: lut) { b, span, l in
                        lamina_linear_gradient_span(b + offset, count, span, l)
                    }
                    cases += 1
                    if buffer != expected { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0, "\(mismatches) of \(cases) gradient spans differ")
    }

    /// Gradient rows (`lamina_linear_gradient_rows`: the path and constants chosen once for all
    /// rows) give each row what the Swift painter gives it, with and without a mask (one row of
    /// coverage shared by all rows, which AVX2 computes once for all of them, or a row each),
    /// extended or not, at full and partial constant coverage, on every path.
    @Test func linearGradientRowsAreTheSameOnEveryPath() {
        var rng = RowWindowTests.Random(state: 61)
        defer { lamina_raster_force_simd_level(-1) }
        let lut = Self.randomRamp(&rng, opaqueBelow: 500, alphaStep: 5)
        var mismatches = 0, cases = 0
        for trial in 0..<480 {
            // Wide rows now and then (AVX2 takes shared coverage 512 columns at a time).
            let count = trial % 16 == 5 ? 500 + rng.int(600) : rng.int(71), rows = 1 + rng.int(9), stride = count + rng.int(5)
            let row0 = rng.int(500) - 20
            let maskStride = trial % 3 == 0 ? 0 : count
            // Mostly full coverage in a quarter of the trials (whole groups of eight at 255).
            let dense = trial % 4 == 1
            let mask: [UInt8]? = trial % 3 == 2 ? nil : (0..<max(1, maskStride * rows + count)).map { _ in
                UInt8(rng.int(dense ? 8 : 3) != 0 ? (dense ? 255 : rng.int(4) == 0 ? 0 : rng.int(256)) : dense ? rng.int(256) : 255)
            }
            let dtdy = Double(rng.range(-0.08, 0.08))
            let g = lamina_linear_span(t0: Double(rng.range(-0.3, 1.1)), dtdx: Double(rng.range(-0.03, 0.03)), row_term: 0,
                                       top: 1023, x: rng.int(600) - 50, extend_before: Int32(rng.int(4) == 0 ? 0 : 1),
                                       extend_after: Int32(rng.int(4) == 0 ? 0 : 1), alpha_shift: 24, mask: nil,
                                       constant: rng.int(2) == 0 ? UInt32(rng.int(256)) : 255,
                                       skip: rng.int(4) == 0 ? rng.int(count + 1) : 0)
            let original = (0..<(stride * rows + 8)).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            var expected = original
            for r in 0..<rows {
                var span = g
                span.row_term = dtdy * (Double(row0 + r) + 0.5)
                let rowMask = mask.map { Array($0[(r * maskStride)..<(r * maskStride + count)]) }
                Self.gradientReference(&expected, from: r * stride, count: count, span: span, lut: lut, mask: rowMask)
            }
            for level in [0, 1, 2] {
                lamina_raster_force_simd_level(Int32(level))
                var buffer = original
                Self.paint(&buffer, g, mask: mask, lut: lut) { b, span, l in
                    lamina_linear_gradient_rows(b, stride * 4, rows, count, span, dtdy, row0, mask == nil ? 0 : maskStride, l)
                }
                cases += 1
                if buffer != expected { mismatches += 1 }
            }
        }
        #expect(cases == 1440)
        #expect(mismatches == 0, "\(mismatches) of \(cases) gradient blocks differ")
    }

    /// Rectangles painted with a linear gradient (`lamina_rect_linear_gradient`, the painter of a
    /// rectangle clip), most of them 1-16 columns wide (AVX2 paints those by lanes rather than
    /// runs), some within one column or across two, in row and column windows, extended or not,
    /// at full and partial constant coverage, now and then with skipped pixels (which AVX2 leaves
    /// to the run painter), with the alpha in the last byte or the first: the same bytes on every
    /// path as on the scalar one.
    @Test func rectangleGradientsAreTheSameOnEveryPath() {
        var rng = RowWindowTests.Random(state: 67)
        defer { lamina_raster_force_simd_level(-1) }
        let alphaLast = Self.randomRamp(&rng, opaqueBelow: 600, alphaStep: 3)
        let alphaFirst = alphaLast.map { $0 << 8 | $0 >> 24 }
        var mismatches = 0, cases = 0, narrow = 0, changed = 0
        for trial in 0..<500 {
            let width = 1 + rng.int(trial % 3 == 0 ? 60 : 18), height = 1 + rng.int(30), stride = width + rng.int(4)
            let left = rng.int(5) == 0 ? CGFloat(rng.int(width)) : rng.range(0, CGFloat(width))
            let right: CGFloat
            switch trial % 4 {
            case 1: right = min(CGFloat(width), left.rounded(.down) + rng.range(0, 1))          // within one column
            case 2: right = min(CGFloat(width), left.rounded(.down) + 1 + rng.range(0, 1))      // across two
            default: right = rng.int(5) == 0 ? CGFloat(width) : rng.range(left, CGFloat(width))
            }
            if right - left < 16 { narrow += 1 }
            let top = rng.range(-3, CGFloat(height)), bottom = top + (rng.int(4) == 0 ? rng.range(0, 1) : rng.range(0, CGFloat(height) + 3))
            let alphaShift: Int32 = trial % 2 == 0 ? 24 : 0, lut = alphaShift == 24 ? alphaLast : alphaFirst
            let windowed = trial % 5 == 0
            let col0 = windowed ? rng.int(width) : 0, col1 = windowed ? col0 + 1 + rng.int(width - col0) : width
            let storeTop = trial % 7 == 0 ? rng.int(height) : 0
            let storeBottom = trial % 7 == 0 ? storeTop + 1 + rng.int(height - storeTop) : height
            let g = lamina_linear_span(t0: Double(rng.range(-0.3, 1.1)), dtdx: Double(rng.range(-0.05, 0.05)), row_term: 0,
                                       top: 1023, x: rng.int(600) - 50, extend_before: Int32(rng.int(5) == 0 ? 0 : 1),
                                       extend_after: Int32(rng.int(5) == 0 ? 0 : 1), alpha_shift: alphaShift, mask: nil,
                                       constant: rng.int(3) == 0 ? UInt32(rng.int(256)) : 255,
                                       skip: rng.int(10) == 0 ? 1 + rng.int(width) : 0)
            let dtdy = Double(rng.range(-0.08, 0.08)), row0 = rng.int(500) - 20
            let original = (0..<(stride * height + 8)).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            func paint(level: Int) -> [UInt32] {
                lamina_raster_force_simd_level(Int32(level))
                var buffer = original
                var coverage = [UInt8](repeating: 0, count: col1 - col0)
                Self.paint(&buffer, g, mask: nil, lut: lut) { b, span, l in
                    var job = lamina_rect_fill(left: Float(left), top: Float(top), right: Float(right), bottom: Float(bottom),
                                               width: width, height: height, store_top: storeTop, store_bottom: storeBottom,
                                               dst: UnsafeMutableRawPointer(b).assumingMemoryBound(to: CChar.self),
                                               dst_stride: stride * 4, col0: col0, col1: col1, color: 0, alpha_shift: alphaShift)
                    lamina_rect_linear_gradient(&job, &coverage, span, dtdy, row0, l)
                }
                return buffer
            }
            let expected = paint(level: 0)
            if expected != original { changed += 1 }
            for level in CoverageKernelTests.availableLevels() where level > 0 {
                cases += 1
                if paint(level: level) != expected { mismatches += 1 }
            }
        }
        #expect(narrow > 300 && changed > 250, "narrow \(narrow), changed \(changed)")
        #expect(mismatches == 0, "\(mismatches) of \(cases) gradient rectangles differ")
    }

    /// A gradient's pixels do not depend on how a row is split into spans.
    @Test func linearGradientPixelsDoNotDependOnTheSplit() {
        let lut: [UInt32] = (0..<1024).map { i in UInt32(i & 255) | UInt32(255 - (i & 255)) << 8 | 0xFF00_0000 }
        let g = lamina_linear_span(t0: 0.1234567, dtdx: 0.0037777, row_term: 0.01, top: 1023, x: 3, extend_before: 1,
                                   extend_after: 1, alpha_shift: 24, mask: nil, constant: 200, skip: 0)
        func draw(_ cuts: [Int]) -> [UInt32] {
            var buffer = [UInt32](repeating: 0x8040_2010, count: 300)
            var start = 0
            for end in cuts + [300] {
                var span = g
                span.x = 3 + start
                buffer.withUnsafeMutableBufferPointer { b in
                    lut.withUnsafeBufferPointer { l in lamina_linear_gradient_span(b.baseAddress! + start, end - start, &span, l.baseAddress) }
                }
                start = end
            }
            return buffer
        }
        #expect(draw([]) == draw([1, 7, 8, 100, 213, 299]))
    }

    /// The four-lane fold of the even-odd sweep gives what `CoverageAccumulator.alpha` gives lane
    /// by lane, for coverages of every sign and size, NaN and values past 2^24 included.
    @Test func fourSubRowAlphasMatchTheSwiftFold() {
        var rng = RowWindowTests.Random(state: 31)
        let special: [Float] = [0, -0.0, 1, -1, 2, 3, 0.5, 1.5, 1.0000001, 0.99999994, 255.5 / 255, .nan, .infinity,
                                -.infinity, 16_777_216, 16_777_215, 3e9, -7.25, 1e-30]
        var mismatches = 0
        for k in 0..<20_000 {
            let values = (0..<4).map { j -> Float in
                k < special.count ? special[(k + j) % special.count] : Float(rng.range(-6, 6)) * (rng.int(10) == 0 ? 1e4 : 1)
            }
            for evenOdd in [false, true] {
                let expected = values.reduce(0) { $0 + Int(CoverageAccumulator.alpha($1, evenOdd: evenOdd)) }
                let got = values.withUnsafeBufferPointer { Int(lamina_alpha_sum4($0.baseAddress, evenOdd ? 1 : 0)) }
                if got != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
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
