import Foundation
import Testing
@testable @_spi(Lamina) import CoreGraphics
import CLaminaRaster

/// The accumulator's C kernels (issue 17): the edge loop (`lamina_add_segment`) deposits what the
/// Swift edge loop it replaced deposited, and the solid sweep (`lamina_sweep_solid_over_32`)
/// paints what the Swift sweep does through `SolidOver32`, byte for byte, on every SIMD path.
@Suite("Coverage kernels", .serialized)
struct CoverageKernelTests {
    /// The Swift edge loop as it was before it moved to C, over a dense grid of cells: sub-row r
    /// keeps its own row of `width + 2` cells; rows outside [storeTop, storeBottom) get nothing.
    struct ReferenceCells {
        let width: Int, height: Int, storeTop: Int, storeBottom: Int
        var cells: [Float]
        /// The cells a segment reached, per sub-row (`width + 2` flags each).
        var marked: [Bool]

        init(width: Int, height: Int, storeTop: Int, storeBottom: Int) {
            self.width = width; self.height = height; self.storeTop = storeTop; self.storeBottom = storeBottom
            cells = [Float](repeating: 0, count: (width + 2) * height)
            marked = [Bool](repeating: false, count: (width + 2) * height)
        }

        mutating func deposit(_ r: Int, _ i: Int, _ v: Float) {
            cells[r * (width + 2) + i] += v
            marked[r * (width + 2) + i] = true
        }

        mutating func addClipped(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float) {
            guard y0 != y1 else { return }
            var ax = x0, ay = y0, bx = x1, by = y1
            var dir: Float = 1
            if ay > by { swap(&ax, &bx); swap(&ay, &by); dir = -1 }
            let h = Float(height)
            guard by > 0, ay < h else { return }
            let dxdy = (bx - ax) / (by - ay)
            if ay < 0 { ax += -ay * dxdy; ay = 0 }
            if by > h { bx -= (by - h) * dxdy; by = h }
            var y = Int(ay)
            let yEnd = CoverageAccumulator.ceiling(by)
            let lastStored = min(yEnd, storeBottom)
            guard y < lastStored, yEnd > storeTop else { return }
            var x = ax
            while y < lastStored {
                let top = max(ay, Float(y)), bottom = min(by, Float(y + 1))
                let dy = bottom - top
                let xNext = y + 1 >= yEnd ? bx : x + dxdy * dy
                let d = dy * dir
                if d != 0 && y >= storeTop { addRowSegment(y, x, xNext, d) }
                x = xNext
                y += 1
            }
        }

        mutating func addRowSegment(_ r: Int, _ xa: Float, _ xb: Float, _ d: Float) {
            let lo = min(xa, xb), hi = max(xa, xb)
            let right = Float(width)
            let i0 = Int(lo > 0 ? (lo < right ? lo : right) : 0)
            let i1 = Int(hi > 0 ? (hi < right ? hi : right) : 0)
            if i0 == i1 || hi - lo < 1e-6 {
                let frac = (lo + hi) * 0.5 - Float(i0)
                deposit(r, i0, d * (1 - frac))
                deposit(r, i0 + 1, d * frac)
                return
            }
            let s = 1 / (hi - lo)
            let f0 = Float(i0 + 1) - lo
            let g0 = 0.5 * s * f0 * f0
            let u = Float(i1) - lo
            let g1 = (Float(i1) + 1 - (lo + hi) * 0.5) - 0.5 * s * u * u
            deposit(r, i0, d * g0)
            if i1 == i0 + 1 {
                deposit(r, i1, d * (g1 - g0))
            } else {
                let gFirstInside = s * (Float(i0) + 1.5 - lo)
                deposit(r, i0 + 1, d * (gFirstInside - g0))
                let ds = d * s
                var i = i0 + 2
                while i < i1 { deposit(r, i, ds); i += 1 }
                let gLastInside = s * (Float(i1) - 0.5 - lo)
                deposit(r, i1, d * (g1 - gLastInside))
            }
            deposit(r, i1 + 1, d * (1 - g1))
        }

        /// Every pixel's alpha (pixel rows of `subRows` sub-rows; rows outside the stored ones 0).
        func alphas(subRows: Int, evenOdd: Bool) -> [UInt8] {
            let rows = height / subRows
            var out = [UInt8](repeating: 0, count: width * rows)
            for p in 0..<rows {
                var sums = [Int](repeating: 0, count: width)
                for k in 0..<subRows {
                    let r = p * subRows + k
                    var acc: Float = 0
                    for i in 0..<width {
                        acc += cells[r * (width + 2) + i]
                        sums[i] += Int(CoverageAccumulator.alpha(acc, evenOdd: evenOdd))
                    }
                }
                for i in 0..<width { out[p * width + i] = UInt8(subRows == 1 ? sums[i] : (sums[i] + 2) >> 2) }
            }
            return out
        }
    }

    /// The SIMD paths this machine has (0 scalar, 1 SSE2, 2 AVX2); leaves the last one forced.
    static func availableLevels() -> [Int] {
        [0, 1, 2].filter { level in
            lamina_raster_force_simd_level(Int32(level))
            return lamina_raster_simd_level() == Int32(level)
        }
    }

    /// A random premultiplied colour word (alpha in the top byte), opaque one time in three.
    static func randomColour(_ rng: inout RowWindowTests.Random) -> UInt32 {
        let a = UInt32(rng.int(3) == 0 ? 255 : rng.int(256))
        return UInt32(rng.int(Int(a) + 1)) | UInt32(rng.int(Int(a) + 1)) << 8 | UInt32(rng.int(Int(a) + 1)) << 16 | a << 24
    }

    /// A random closed polygon around a random area (some points outside it), even-odd in odd
    /// trials, column-windowed one trial in three.
    struct PolygonCase {
        let evenOdd: Bool, width: Int, height: Int, col0: Int, col1: Int
        let points: [CGPoint]

        init(_ trial: Int, _ rng: inout RowWindowTests.Random, maxWidth: Int) {
            evenOdd = trial % 2 == 1
            width = 1 + rng.int(maxWidth); height = 1 + rng.int(40)
            let (w, h) = (CGFloat(width), CGFloat(height))
            points = (0..<(3 + rng.int(20))).map { _ in CGPoint(x: rng.range(-10, w + 10), y: rng.range(-3, h + 3)) }
            col0 = trial % 3 == 0 ? rng.int(width) : 0
            col1 = trial % 3 == 0 ? col0 + rng.int(width - col0 + 1) : width
        }

        /// An accumulator holding the polygon (four sub-rows per row for even-odd).
        func accumulate() -> CoverageAccumulator {
            let subRows = evenOdd ? 4 : 1
            let acc = CoverageAccumulator()
            acc.setSubRows(subRows)
            acc.begin(x0: 0, y0: 0, x1: width, y1: height * subRows)
            for k in points.indices {
                let p = points[k], q = points[(k + 1) % points.count]
                acc.addLine(p.x, p.y * CGFloat(subRows), q.x, q.y * CGFloat(subRows))
            }
            return acc
        }
    }

    /// Random segments, vertical, slanted, shallow, tiny and on whole pixels, some reaching
    /// past the top and bottom, with one sub-row and four, whole and windowed storage: the
    /// accumulator's coverage equals the reference's for every pixel.
    @Test func theEdgeLoopDepositsWhatTheSwiftLoopDid() {
        var rng = RowWindowTests.Random(state: 41)
        var mismatches = 0, cases = 0
        for trial in 0..<240 {
            let subRows = trial % 2 == 0 ? 1 : 4
            let evenOdd = subRows == 4 && trial % 4 == 1
            let width = 1 + rng.int(70), rows = 1 + rng.int(40)
            let height = rows * subRows
            // A row window (whole pixel rows) in half the trials.
            var top = 0, bottom = rows
            if trial % 3 == 0 { top = rng.int(rows); bottom = top + 1 + rng.int(rows - top) }
            let acc = CoverageAccumulator()
            acc.setSubRows(subRows)
            acc.begin(x0: 0, y0: 0, x1: width, y1: height, storeY0: top * subRows, storeY1: bottom * subRows)
            var reference = ReferenceCells(width: width, height: height, storeTop: top * subRows, storeBottom: bottom * subRows)
            for _ in 0..<(1 + rng.int(12)) {
                func coordinate(_ limit: Int) -> CGFloat {
                    switch rng.int(5) {
                    case 0: return CGFloat(rng.int(limit + 1))                 // on a pixel boundary
                    case 1: return CGFloat(rng.int(limit + 1)) + 0.5
                    default: return rng.range(0, CGFloat(limit))
                    }
                }
                let x0 = coordinate(width)
                var x1 = rng.int(4) == 0 ? x0 : coordinate(width)              // vertical edges
                if rng.int(8) == 0 { x1 = min(CGFloat(width), x0 + 1e-7) }       // tiny slants
                let y0 = rng.range(-3, CGFloat(height) + 3), y1 = rng.int(6) == 0 ? y0 + rng.range(-0.01, 0.01) : rng.range(-3, CGFloat(height) + 3)
                acc.addLine(x0, y0, x1, y1)
                reference.addClipped(Float(x0), Float(y0), Float(x1), Float(y1))
            }
            var got = [UInt8](repeating: 0, count: width * rows)
            acc.sweep(evenOdd: evenOdd) { y, x, n, a in
                for i in x..<(x + n) { got[y * width + i] = a }
            }
            cases += 1
            if got != reference.alphas(subRows: subRows, evenOdd: evenOdd) { mismatches += 1 }
        }
        #expect(cases == 240)
        #expect(mismatches == 0, "\(mismatches) of \(cases) areas differ")
    }

    /// Rows of one, two and more columns, one sub-row per pixel row and four (a pixel row that x
    /// crosses at most one column boundary in is deposited four lanes at a time): random steep
    /// and moderately slanted segments (x moving up to about two columns per pixel row, either
    /// way), some starting on column boundaries, some at the area's edges, some slanting less than
    /// 1e-6 per row across a boundary, over areas wider than a word of marks. Every cell holds the
    /// Swift loop's value bit for bit (a zero of either sign for an untouched one), and the marked
    /// cells of each pixel row are those the Swift loop reached.
    @Test func steepRowsDepositWhatTheSwiftLoopDid() {
        var rng = RowWindowTests.Random(state: 77)
        var cellMismatches = 0, markMismatches = 0
        for trial in 0..<1500 {
            let subRows = trial % 3 == 0 ? 1 : 4, ls = subRows == 4 ? 2 : 0
            let width = 1 + rng.int(trial % 4 == 0 ? 140 : 12), rows = 1 + rng.int(12)
            let height = rows * subRows, stride = width + 2, words = (stride + 63) >> 6
            var cells = [Float](repeating: 0, count: stride * height)
            var bits = [UInt64](repeating: 0, count: words * rows)
            var reference = ReferenceCells(width: width, height: height, storeTop: 0, storeBottom: height)
            cells.withUnsafeMutableBufferPointer { c in
                bits.withUnsafeMutableBufferPointer { b in
                    var a = lamina_cells(cells: c.baseAddress, bits: b.baseAddress, stride: stride, bit_words: words, width: width,
                                         height: height, store_top: 0, store_bottom: height, row_min: .max, row_max: .min,
                                         lane_shift: ls)
                    for _ in 0..<(1 + rng.int(6)) {
                        let w = Float(width)
                        var x0: Float
                        switch rng.int(7) {
                        case 0: x0 = Float(rng.int(width + 1))                      // on a boundary
                        case 1: x0 = rng.int(2) == 0 ? 0 : w                        // at an edge
                        case 2:
                            // A few hairs from a boundary: a tiny slant crosses it in some sub-row.
                            x0 = min(w, max(0, Float(1 + rng.int(max(1, width - 1))) + Float(rng.int(41) - 20) * 1e-7))
                        default: x0 = Float(rng.range(0, CGFloat(width)))
                        }
                        let y0 = Float(rng.range(-2, CGFloat(height) + 2)), y1 = Float(rng.range(-2, CGFloat(height) + 2))
                        // Up to about two columns per pixel row, or a hair.
                        let most = subRows == 4 ? 0.55 : 2.2
                        let slope: Float = rng.int(3) == 0 ? Float(rng.range(-4e-7, 4e-7)) : Float(rng.range(-most, most))
                        let x1 = min(w, max(0, x0 + slope * (y1 - y0)))
                        lamina_add_segment(&a, x0, y0, x1, y1)
                        reference.addClipped(x0, y0, x1, y1)
                    }
                }
            }
            for r in 0..<height {
                for i in 0..<stride {
                    let got = cells[((r >> ls) * stride << ls) + (i << ls) + (r & (subRows - 1))], want = reference.cells[r * stride + i]
                    if got.bitPattern != want.bitPattern && !(got == 0 && want == 0) { cellMismatches += 1 }
                }
            }
            for p in 0..<rows {
                for i in 0..<stride {
                    let want = (0..<subRows).contains { reference.marked[(p * subRows + $0) * stride + i] }
                    if (bits[p * words + (i >> 6)] >> UInt64(i & 63)) & 1 != (want ? 1 : 0) { markMismatches += 1 }
                }
            }
        }
        #expect(cellMismatches == 0, "\(cellMismatches) cells differ")
        #expect(markMismatches == 0, "\(markMismatches) marks differ")
    }

    /// Random polygons (non-zero and even-odd, partly outside the area), random colours (opaque
    /// ones too) over random bytes, whole and column-windowed: the C sweep paints exactly what
    /// the Swift sweep paints through `SolidOver32`, on the scalar, SSE2 and AVX2 paths.
    @Test func theSolidSweepPaintsWhatTheSpanPainterPaints() {
        var rng = RowWindowTests.Random(state: 43)
        defer { lamina_raster_force_simd_level(-1) }
        let levels = Self.availableLevels()
        var mismatches = 0, cases = 0
        for trial in 0..<200 {
            let c = PolygonCase(trial, &rng, maxWidth: 300)
            let (evenOdd, width, height, col0, col1) = (c.evenOdd, c.width, c.height, c.col0, c.col1)
            let colour = Self.randomColour(&rng)
            let original = (0..<(width * height)).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            func accumulate() -> CoverageAccumulator { c.accumulate() }
            var expected = original
            expected.withUnsafeMutableBytes { b in
                var t = SolidOver32(base: b.baseAddress!, bytesPerRow: width * 4, color: colour, alphaShift: 24, mask: nil)
                let window = ColumnWindow(x0: col0, x1: col1)
                accumulate().sweep(evenOdd: evenOdd) { y, x, n, cov in
                    let (tx, tn) = window.trim(x, n)
                    if tn > 0 { t.span(row: y, x: tx, count: tn, alpha: cov) }
                }
            }
            for level in levels {
                lamina_raster_force_simd_level(Int32(level))
                var buffer = original
                buffer.withUnsafeMutableBytes { b in
                    accumulate().sweepSolidOver32(base: b.baseAddress!, bytesPerRow: width * 4, color: colour, alphaShift: 24,
                                                  evenOdd: evenOdd, col0: col0, col1: col1)
                }
                cases += 1
                if buffer != expected { mismatches += 1 }
            }
        }
        #expect(cases >= 200)
        #expect(mismatches == 0, "\(mismatches) of \(cases) sweeps differ (paths \(levels))")
    }

    /// The colour-to-pixel-word conversion as it was in Swift before it moved to C.
    static func referencePixelWord(_ c: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat), alpha: CGFloat,
                                   channel: (r: Int, g: Int, b: Int, a: Int)) -> UInt32 {
        func byte(_ v: CGFloat) -> UInt32 {
            let x = v * 255
            guard x > 0 else { return 0 }
            guard x < 255 else { return 255 }
            let t = Int(x)
            return UInt32(x - CGFloat(t) >= 0.5 ? t + 1 : t)
        }
        let a = max(0, min(1, c.a * alpha))
        let r = byte(max(0, min(1, c.r)) * a) << UInt32(channel.r * 8), g = byte(max(0, min(1, c.g)) * a) << UInt32(channel.g * 8)
        let b = byte(max(0, min(1, c.b)) * a) << UInt32(channel.b * 8)
        return r | g | b | byte(a) << UInt32(channel.a * 8)
    }

    /// `lamina_pixel_word` gives the Swift conversion's word for components in and out of [0, 1],
    /// halves of a byte, NaN, infinities, -0 and 1e30, in every channel order, on every SIMD path.
    @Test func thePixelWordIsTheSwiftConversions() {
        var rng = RowWindowTests.Random(state: 61)
        defer { lamina_raster_force_simd_level(-1) }
        let levels = Self.availableLevels()
        let odd: [CGFloat] = [0, -0.0, 1, -1, 0.5 / 255, 1.5 / 255, 254.5 / 255, 0.5, 2, 1e30, -1e30, .nan, .infinity, -.infinity,
                              .leastNonzeroMagnitude, 1 - .ulpOfOne]
        let orders: [(r: Int, g: Int, b: Int, a: Int)] = [(0, 1, 2, 3), (3, 2, 1, 0), (1, 2, 3, 0), (2, 1, 0, 3)]
        func value() -> CGFloat {
            switch rng.int(4) {
            case 0: return odd[rng.int(odd.count)]
            case 1: return CGFloat(rng.int(256)) / 255 + CGFloat(rng.int(3)) * 0.5 / 255
            default: return rng.range(-0.2, 1.2)
            }
        }
        var mismatches = 0
        for trial in 0..<20_000 {
            let c = (r: value(), g: value(), b: value(), a: value()), alpha = trial % 3 == 0 ? value() : 1
            let o = orders[trial % orders.count]
            let expected = Self.referencePixelWord(c, alpha: alpha, channel: o)
            for level in levels {
                lamina_raster_force_simd_level(Int32(level))
                let got = lamina_pixel_word(Double(c.r), Double(c.g), Double(c.b), Double(c.a), Double(alpha),
                                            Int32(o.r * 8), Int32(o.g * 8), Int32(o.b * 8), Int32(o.a * 8))
                if got != expected { mismatches += 1 }
            }
        }
        #expect(levels.count >= 1)
        #expect(mismatches == 0, "\(mismatches) of 20,000 colours x \(levels.count) paths convert differently")
    }

    /// Rectangles (``CoverageAccumulator/setRect(_:_:_:_:)``) of 0 to 90 pixels at fractional and
    /// whole positions, in row and column windows, opaque and translucent: the C rectangle
    /// kernel paints what the Swift rectangle sweep paints through `SolidOver32` blocks, on
    /// every SIMD path. Every other rectangle is at most 17 pixels wide (the AVX2 path paints
    /// those of up to 16 columns by lanes, not runs), some inside one column or across two.
    @Test func theRectangleKernelPaintsWhatTheRectangleSweepPaints() {
        var rng = RowWindowTests.Random(state: 47)
        defer { lamina_raster_force_simd_level(-1) }
        let levels = Self.availableLevels()
        var mismatches = 0, cases = 0, rectangles = 0, narrow = 0
        for trial in 0..<600 {
            let width = 1 + rng.int(90), height = 1 + rng.int(50)
            func coordinate(_ limit: Int) -> CGFloat {
                rng.int(4) == 0 ? CGFloat(rng.int(limit + 1)) : rng.range(0, CGFloat(limit))
            }
            let x0 = coordinate(width)
            let x1: CGFloat
            switch trial % 8 {
            case 1, 3: x1 = min(CGFloat(width), x0 + rng.range(0, 17))
            case 5: x1 = min(CGFloat(width), x0.rounded(.down) + rng.range(0, 1))         // within one column
            case 7: x1 = min(CGFloat(width), x0.rounded(.down) + 1 + rng.range(0, 1))     // across two
            default: x1 = rng.int(5) == 0 ? x0 : coordinate(width)
            }
            if abs(x1 - x0) <= 17 { narrow += 1 }
            let y0 = rng.range(-5, CGFloat(height) + 5), y1 = rng.int(6) == 0 ? y0 + rng.range(0, 1) : rng.range(-5, CGFloat(height) + 5)
            let storeTop = trial % 3 == 0 ? rng.int(height) : 0
            let storeBottom = trial % 3 == 0 ? storeTop + rng.int(height - storeTop + 1) : height
            let col0 = trial % 4 == 0 ? rng.int(width) - 2 : 0, col1 = trial % 4 == 0 ? col0 + rng.int(width + 4) : width
            let colour = Self.randomColour(&rng)
            let original = (0..<(width * height)).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            func accumulate() -> CoverageAccumulator? {
                let acc = CoverageAccumulator()
                acc.begin(x0: 0, y0: 0, x1: width, y1: height, storeY0: storeTop, storeY1: storeBottom)
                return acc.setRect(x0, y0, x1, y1) ? acc : nil
            }
            guard let reference = accumulate() else { continue }
            rectangles += 1
            var expected = original
            expected.withUnsafeMutableBytes { b in
                var t = SolidOver32(base: b.baseAddress!, bytesPerRow: width * 4, color: colour, alphaShift: 24, mask: nil)
                let window = ColumnWindow(x0: col0, x1: col1)
                reference.sweepBlocks(evenOdd: false, merge: true) { y, rows, x, n, cov in
                    let (tx, tn) = window.trim(x, n)
                    if tn > 0 { t.block(row: y, rows: rows, x: tx, count: tn, alpha: cov) }
                }
            }
            for level in levels {
                lamina_raster_force_simd_level(Int32(level))
                var buffer = original
                let acc = accumulate()!
                buffer.withUnsafeMutableBytes { b in
                    acc.sweepSolidOver32(base: b.baseAddress!, bytesPerRow: width * 4, color: colour, alphaShift: 24,
                                         evenOdd: false, col0: col0, col1: col1)
                }
                cases += 1
                if buffer != expected || !acc.lastSweepWasRectangle { mismatches += 1 }
            }
        }
        #expect(rectangles > 400 && narrow > 300)
        #expect(mismatches == 0, "\(mismatches) of \(cases) rectangles differ (paths \(levels))")
    }

    /// A rectangle is swept without the cells: a large one grows no storage (no megabytes paged
    /// in and cleared for nothing); the first edge of a shape grows it, and the shape after a
    /// rectangle in the same accumulator is still rasterized exactly.
    @Test func rectanglesGrowNoCellsAndEdgesStillDo() {
        let acc = CoverageAccumulator()
        acc.begin(x0: 0, y0: 0, x1: 1200, y1: 2600)
        #expect(acc.setRect(0.25, 0.5, 1199.75, 2599.5))
        var covered = 0
        acc.sweep(evenOdd: false) { _, _, n, a in if a == 255 { covered += n } }
        #expect(covered == 1198 * 2598 && acc.lastSweepWasRectangle && acc.cellCapacity == 0)
        // A triangle next, in the same accumulator: storage grown, coverage as a new one gives.
        func triangle(_ a: CoverageAccumulator) -> [Int] {
            a.begin(x0: 0, y0: 0, x1: 40, y1: 30)
            a.addLine(2.5, 1, 37, 12.25); a.addLine(37, 12.25, 9, 28.5); a.addLine(9, 28.5, 2.5, 1)
            var sums = [Int](repeating: 0, count: 30)
            a.sweep(evenOdd: false) { y, _, n, alpha in sums[y] += n * Int(alpha) }
            return sums
        }
        let reused = triangle(acc)
        #expect(acc.cellCapacity >= 42 * 30 && !acc.lastSweepWasRectangle)
        #expect(reused == triangle(CoverageAccumulator()) && reused.reduce(0, +) > 0)
    }

    /// Intersecting clips multiplies their coverage bytes as `mul255` does, for every pair.
    @Test func multiplyingCoverageIsMul255ForEveryPair() {
        var a = (0..<65536).map { UInt8(truncatingIfNeeded: $0 >> 8) }
        let b = (0..<65536).map { UInt8(truncatingIfNeeded: $0) }
        lamina_multiply_coverage(&a, b, a.count)
        let wrong = (0..<65536).filter { UInt32(a[$0]) != mul255(UInt32($0 >> 8), UInt32($0 & 255)) }
        #expect(wrong.isEmpty, "\(wrong.count) products differ")
    }

    /// Pooled accumulators: a context takes a small one (it keeps it for its life, and a backing
    /// store lives long), a screen-sized area grows by taking a large pooled one's buffers, and
    /// growth stops at what the pool keeps, so a screen-sized accumulator goes back to it.
    @Test func screenSizedAccumulatorsGoBackToThePoolAndSmallContextsDoNotKeepThem() {
        func fillDiamond(_ ctx: CGContext, _ w: CGFloat, _ h: CGFloat) {
            ctx.move(to: CGPoint(x: w / 2, y: 0.5)); ctx.addLine(to: CGPoint(x: w - 0.5, y: h / 2))
            ctx.addLine(to: CGPoint(x: w / 2, y: h - 0.5)); ctx.addLine(to: CGPoint(x: 0.5, y: h / 2)); ctx.closePath()
            ctx.fillPath()
        }
        var big: CGContext? = CGContext(data: nil, width: 1170, height: 2532, bitsPerComponent: 8, bytesPerRow: 0,
                                        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        fillDiamond(big!, 1170, 2532)
        let grown = big!.accumulator.cellCapacity
        #expect(grown >= 1172 * 2532 && grown <= 1 << 22)
        big = nil
        let small = (0..<24).compactMap { _ in
            CGContext(data: nil, width: 20, height: 20, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        }
        for ctx in small { fillDiamond(ctx, 20, 20) }
        #expect(small.count == 24 && small.allSatisfy { $0.accumulator.cellCapacity <= 1 << 16 })
        // A second screen draws as the first did.
        let again = CGContext(data: nil, width: 1170, height: 2532, bitsPerComponent: 8, bytesPerRow: 0,
                              space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        fillDiamond(again, 1170, 2532)
        #expect(again.accumulator.cellCapacity >= 1172 * 2532 && again.accumulator.cellCapacity <= 1 << 22)
    }

    /// Random polygons, non-zero and even-odd, whole and column-windowed: the C mask sweep writes
    /// the bytes the Swift sweep writes through `MaskWriter`.
    @Test func theMaskSweepWritesWhatTheMaskWriterWrites() {
        var rng = RowWindowTests.Random(state: 53)
        var mismatches = 0, cases = 0
        for trial in 0..<200 {
            let c = PolygonCase(trial, &rng, maxWidth: 200)
            let (evenOdd, width, height, col0, col1) = (c.evenOdd, c.width, c.height, c.col0, c.col1)
            func accumulate() -> CoverageAccumulator { c.accumulate() }
            let expected = ClipMask(x0: 0, y0: 0, width: width, height: height, fill: 0)
            var writer = MaskWriter(mask: expected)
            let window = ColumnWindow(x0: col0, x1: col1)
            accumulate().sweep(evenOdd: evenOdd) { y, x, n, a in
                let (tx, tn) = window.trim(x, n)
                if tn > 0 { writer.span(row: y, x: tx, count: tn, alpha: a) }
            }
            let got = ClipMask(x0: 0, y0: 0, width: width, height: height, fill: 0)
            let swept = accumulate().sweepMask(into: got, evenOdd: evenOdd, col0: col0, col1: col1)
            cases += 1
            if !swept || !(0..<(width * height)).allSatisfy({ got.bytes[$0] == expected.bytes[$0] }) { mismatches += 1 }
        }
        #expect(mismatches == 0, "\(mismatches) of \(cases) masks differ")
    }

    /// The sweep leaves the accumulator clear: a second fill in the same accumulator draws as a
    /// fresh one does.
    @Test func theSolidSweepClearsWhatItReads() {
        let width = 90, height = 30
        func fill(_ acc: CoverageAccumulator, _ buffer: inout [UInt32], dx: CGFloat) {
            acc.begin(x0: 0, y0: 0, x1: width, y1: height)
            let pts = [CGPoint(x: 3.3 + dx, y: 1.2), CGPoint(x: 60.7 + dx, y: 4.9), CGPoint(x: 20.1 + dx, y: 28.4)]
            for k in 0..<3 { acc.addLine(pts[k].x, pts[k].y, pts[(k + 1) % 3].x, pts[(k + 1) % 3].y) }
            buffer.withUnsafeMutableBytes { b in
                acc.sweepSolidOver32(base: b.baseAddress!, bytesPerRow: width * 4, color: 0x8040_2010, alphaShift: 24,
                                     evenOdd: false, col0: 0, col1: width)
            }
        }
        var reused = [UInt32](repeating: 0, count: width * height), fresh = reused
        let acc = CoverageAccumulator()
        fill(acc, &reused, dx: 0)
        fill(acc, &reused, dx: 7.5)
        fill(CoverageAccumulator(), &fresh, dx: 0)
        fill(CoverageAccumulator(), &fresh, dx: 7.5)
        #expect(reused == fresh)
        #expect(reused.contains { $0 != 0 })
    }
}

/// A clip to a rectangle off the pixel grid is kept as the rectangle (``CGContext/RectClip``)
/// until a painter needs its mask; gradients paint through it without one. Either way the
/// pixels are the mask's.
@Suite("Rectangle clips")
struct RectClipTests {
    /// Draws random gradient-filled rectangles (the clip-then-gradient idiom), optionally making
    /// each clip's mask first (a fill in a clear colour reads it and changes no pixel), in row
    /// and column windows.
    static func draw(makeMasks: Bool, window: (x0: Int, x1: Int, y0: Int, y1: Int)?, seed: UInt64) -> [UInt8] {
        let w = 97, h = 61
        let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        if let window { ctx.setColumnWindow(window.x0, window.x1); ctx.setRowWindow(window.y0, window.y1) }
        var rng = RowWindowTests.Random(state: seed)
        ctx.setFillColor(gray: 0.5, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: w, height: h))
        for k in 0..<60 {
            let r = CGRect(x: rng.range(-10, 90), y: rng.range(-10, 55), width: rng.range(0.2, 40), height: rng.range(0.2, 30))
            let g = CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(),
                               colorComponents: [rng.unit(), rng.unit(), rng.unit(), rng.range(0.2, 1), rng.unit(), 0.3, 1, rng.unit()],
                               locations: [0, 1], count: 2)!
            ctx.saveGState()
            if k % 5 == 0 { ctx.rotate(by: 0.3) }               // not axis-aligned: a mask as before
            if k % 7 == 0 { ctx.clip(to: CGRect(x: 5.5, y: 3.25, width: 70, height: 50)) }   // a second clip: intersected
            ctx.addRect(r)
            ctx.clip()
            if makeMasks {
                ctx.setFillColor(red: 0, green: 0, blue: 0, alpha: 0)
                ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            }
            ctx.drawLinearGradient(g, start: CGPoint(x: r.minX + rng.range(0, 10), y: r.minY), end: CGPoint(x: r.maxX, y: r.maxY - rng.range(0, 10)),
                                   options: k % 3 == 0 ? [] : [.drawsBeforeStartLocation, .drawsAfterEndLocation])
            // Other painters through the same clip use its mask.
            if k % 4 == 0 {
                ctx.setFillColor(red: 0.1, green: 0.8, blue: 0.2, alpha: 0.5)
                ctx.fillEllipse(in: r.insetBy(dx: -3, dy: -3))
            }
            ctx.restoreGState()
        }
        return Array(UnsafeRawBufferPointer(start: ctx.data!, count: w * h * 4))
    }

    @Test func gradientsThroughARectangleAreThoseThroughItsMask() {
        for seed in [UInt64(3), 8, 21] {
            let kept = Self.draw(makeMasks: false, window: nil, seed: seed)
            let masked = Self.draw(makeMasks: true, window: nil, seed: seed)
            let differ = zip(kept, masked).filter { $0 != $1 }.count
            #expect(kept.count == masked.count && differ == 0, "seed \(seed): \(differ) bytes differ")
            #expect(Set(kept).count > 50)
        }
    }

    @Test func rowAndColumnWindowsGiveTheSamePixels() {
        let whole = Self.draw(makeMasks: false, window: nil, seed: 5)
        let window = (x0: 13, x1: 70, y0: 9, y1: 44)
        for makeMasks in [false, true] {
            let part = Self.draw(makeMasks: makeMasks, window: window, seed: 5)
            var differ = 0
            for y in window.y0..<window.y1 {
                for x in window.x0..<window.x1 where part[(y * 97 + x) * 4..<(y * 97 + x) * 4 + 4] != whole[(y * 97 + x) * 4..<(y * 97 + x) * 4 + 4] {
                    differ += 1
                }
            }
            #expect(differ == 0, "masks made first: \(makeMasks)")
        }
    }
}
