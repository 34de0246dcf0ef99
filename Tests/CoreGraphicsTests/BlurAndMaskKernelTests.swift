import Foundation
import Testing
@testable @_spi(Lamina) import CoreGraphics
import CLaminaRaster

/// The C loops shadows and images use give the bytes of the Swift code they replace, on every
/// SIMD path: the box blur's passes, the masked source-over that composites a shadow's alpha and
/// fills through clip masks, images laid over at whole-pixel offsets and images sampled
/// bilinearly through affine mappings.
@Suite("Blur and masked source-over kernels", .serialized)
struct BlurAndMaskKernelTests {
    static func levels() -> [Int] {
        [0, 1, 2].filter { level in
            lamina_raster_force_simd_level(Int32(level))
            return lamina_raster_simd_level() == Int32(level)
        }
    }

    @Test func theBlurIsTheSwiftReferenceOnEveryPath() {
        var rng = RowWindowTests.Random(state: 41)
        let levels = Self.levels()
        defer { lamina_raster_force_simd_level(-1) }
        #expect(levels.contains(0))
        var cases = 0, mismatches = 0
        for (width, height, sigma) in [(1, 1, 0.5), (7, 3, 1.0), (33, 17, 2.3), (64, 40, 5.0), (129, 71, 12.7), (300, 9, 40.0)] {
            // A shape's alpha: zeros with a few filled blocks, and noise.
            let original: [UInt8] = (0..<(width * height)).map { i in
                let x = i % width, y = i / width
                return (x > width / 4 && x < width * 3 / 4 && y > height / 3) ? 255 : UInt8(truncatingIfNeeded: rng.int(40))
            }
            var expected = original
            expected.withUnsafeMutableBufferPointer { BoxBlur.referenceBlur($0.baseAddress!, width: width, height: height, stride: width, sigma: sigma) }
            #expect(expected != original || width * height == 1)
            for level in levels {
                lamina_raster_force_simd_level(Int32(level))
                var plane = original
                plane.withUnsafeMutableBufferPointer { BoxBlur.blur($0.baseAddress!, width: width, height: height, stride: width, sigma: sigma) }
                cases += 1
                if plane != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0 && cases >= 6, "\(mismatches) of \(cases)")
    }

    @Test func maskedSourceOverIsTheSwiftArithmeticOnEveryPath() {
        var rng = RowWindowTests.Random(state: 43)
        let levels = Self.levels()
        defer { lamina_raster_force_simd_level(-1) }
        var cases = 0, mismatches = 0
        for run in 0..<142 {
            let count = run % 71
            // Half the cases a colour (mostly opaque) through a mask mostly of 255 (the inside of
            // a rounded clip, which the loops store or blend without scaling), half random.
            let inside = run >= 71
            // (Inside cases: opaque, or every third translucent.)
            let a = inside ? (run % 3 == 0 ? UInt32(rng.int(255)) : 255) : UInt32(rng.int(256))
            let colour = UInt32(rng.int(Int(a) + 1)) | UInt32(rng.int(Int(a) + 1)) << 8 | UInt32(rng.int(Int(a) + 1)) << 16 | a << 24
            let mask = (0..<count).map { _ in
                inside ? (rng.int(12) == 0 ? UInt8(truncatingIfNeeded: rng.int(255)) : 255)
                    : UInt8(truncatingIfNeeded: [0, 255, rng.int(256)][rng.int(3)])
            }
            let original = (0..<count).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            // What the Swift shadow painter and clip-masked fills computed per pixel.
            let expected = zip(original, mask).map { d, m -> UInt32 in
                guard m != 0 else { return d }
                let s = scaleWord(colour, UInt32(m))
                return s &+ scaleWord(d, 255 &- (s >> 24))
            }
            for level in levels {
                lamina_raster_force_simd_level(Int32(level))
                var buffer = original
                buffer.withUnsafeMutableBufferPointer { b in
                    mask.withUnsafeBufferPointer { m in
                        lamina_solid_mask_over_32(b.baseAddress ?? UnsafeMutablePointer(bitPattern: 16)!, count,
                                                  m.baseAddress ?? UnsafePointer(bitPattern: 16)!, colour, 24)
                    }
                }
                cases += 1
                if buffer != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0 && cases > 140, "\(mismatches) of \(cases)")
    }

    @Test func imageRowsOverAreTheSwiftArithmeticOnEveryPath() {
        var rng = RowWindowTests.Random(state: 47)
        let levels = Self.levels()
        defer { lamina_raster_force_simd_level(-1) }
        var cases = 0, mismatches = 0
        for count in 0...70 {
            for alpha in [255, 128, 1, UInt32(rng.int(256))] as [UInt32] {
                // Premultiplied sources: transparent, opaque and in between.
                let source = (0..<count).map { _ -> UInt32 in
                    let a = UInt32([0, 255, rng.int(256)][rng.int(3)])
                    return UInt32(rng.int(Int(a) + 1)) | UInt32(rng.int(Int(a) + 1)) << 8 | UInt32(rng.int(Int(a) + 1)) << 16 | a << 24
                }
                let original = (0..<count).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
                let expected = zip(original, source).map { d, s0 -> UInt32 in
                    guard s0 != 0, alpha != 0 else { return d }
                    let s = alpha == 255 ? s0 : scaleWord(s0, alpha)
                    let inv = 255 &- (s >> 24)
                    return inv == 0 ? s : s &+ scaleWord(d, inv)
                }
                for level in levels {
                    lamina_raster_force_simd_level(Int32(level))
                    var buffer = original
                    buffer.withUnsafeMutableBufferPointer { b in
                        source.withUnsafeBufferPointer { src in
                            lamina_image_over_32(b.baseAddress ?? UnsafeMutablePointer(bitPattern: 16)!,
                                                 src.baseAddress ?? UnsafePointer(bitPattern: 16)!, count, alpha, 24)
                        }
                    }
                    cases += 1
                    if buffer != expected { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0 && cases > 280, "\(mismatches) of \(cases)")
    }
    /// The Swift painter's per-pixel route (positions stepped in doubles, `ImagePainter.sample`,
    /// coverage times alpha, source-over): what the C bilinear loop replaces.
    static func bilinearReference(_ span: lamina_bilinear_span, image: SampledImage, original: [UInt32], mask: [UInt8]?) -> [UInt32] {
        let painter = ImagePainter(image: image, m: (span.du, span.dv, 0, 0, 0, 0, 0, 0, 1), bilinear: true, tiled: span.tiled != 0,
                                   alpha: span.alpha)
        let coverage = mask.map { m in m.withUnsafeBufferPointer { Array($0) } }
        var out = original
        var u = span.u, v = span.v
        image.pixels.withUnsafeBufferPointer { px in
            for i in 0..<span.count {
                defer { u += span.du; v += span.dv }
                var cov: UInt32 = i < span.skip ? 0 : (coverage.map { span.constant == 255 ? UInt32($0[i]) : mul255(span.constant, UInt32($0[i])) } ?? span.constant)
                if cov == 0 { continue }
                var s = painter.sample(u, v, px)
                if s == 0 { continue }
                if span.alpha != 255 { cov = mul255(cov, span.alpha) }
                if cov != 255 { s = scaleWord(s, cov) }
                let inv = 255 &- ((s >> UInt32(span.alpha_shift)) & 0xFF)
                out[i] = inv == 0 ? s : s &+ scaleWord(out[i], inv)
            }
        }
        return out
    }

    @Test func bilinearSamplingIsTheSwiftArithmeticOnEveryPath() {
        var rng = RowWindowTests.Random(state: 53)
        let levels = Self.levels()
        defer { lamina_raster_force_simd_level(-1) }
        var cases = 0, mismatches = 0, fastCases = 0
        let columns = BilinearColumns()
        for trial in 0..<480 {
            // Every fifth image is a wide one (a backing store's row), sampled far from 0 where
            // the running position crosses binades and rounds.
            let wide = trial % 5 == 4
            let w = wide ? 200 + rng.int(1300) : 1 + rng.int(40), h = 1 + rng.int(12)
            let pixels = (0..<(w * h)).map { _ -> UInt32 in
                let a = UInt32([0, 255, rng.int(256)][rng.int(3)])
                return UInt32(rng.int(Int(a) + 1)) | UInt32(rng.int(Int(a) + 1)) << 8 | UInt32(rng.int(Int(a) + 1)) << 16 | a << 24
            }
            let image = SampledImage(width: w, height: h, pixels: pixels)
            let count = wide ? rng.int(w + 40) : rng.int(71)
            // Whole-pixel steps at fractional offsets (backing stores), scales, rotations.
            let kind = trial % 4
            let fractions: [Double] = [0.5, 0.25, 1.0 / 3, 0.0, Double(rng.int(256)) / 256, 1e-7]
            var u = Double(rng.int(w + 20) - 10) + fractions[rng.int(fractions.count)]
            if wide { u = Double(rng.range(-20, CGFloat(w) / 2)) }
            let v = Double(rng.int(h + 4) - 2) + fractions[rng.int(fractions.count)]
            var du = 1.0, dv = 0.0
            switch kind {
            case 1: du = Double(rng.range(0.1, 3))
            case 2: du = Double(rng.range(-1.5, 1.5)); dv = Double(rng.range(-1.5, 1.5))
            case 3: u = Double(rng.range(-30, 60)); du = 1 - 1e-12
            default: break
            }
            let masked = rng.int(3) == 0
            let mask: [UInt8]? = masked ? (0..<count).map { _ in UInt8(truncatingIfNeeded: [0, 255, rng.int(256)][rng.int(3)]) } : nil
            let constant = UInt32([255, 255, rng.int(256)][rng.int(3)])
            let skip = rng.int(4) == 0 ? rng.int(count + 1) : 0
            let alpha = UInt32([255, 255, 128, rng.int(256)][rng.int(4)])
            let tiled: Int32 = rng.int(5) == 0 ? 1 : 0
            let shift: Int32 = rng.int(2) == 0 ? 24 : 0
            if kind == 0 && !masked && skip == 0 && tiled == 0 { fastCases += 1 }
            // Words in the order the shift says (alpha at bit 0 or 24), so the alpha read is the right byte.
            let ordered = shift == 24 ? pixels : pixels.map { ($0 << 8) | ($0 >> 24) }
            let orderedImage = SampledImage(width: w, height: h, pixels: ordered)
            _ = image
            let original = (0..<count).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            mask.withUnsafeBufferPointerOrNil { maskPointer in
                orderedImage.pixels.withUnsafeBufferPointer { px in
                    let template = lamina_bilinear_span(dst: nil, count: count, pixels: px.baseAddress!, width: w, height: h,
                                                        u: u, v: v, du: du, dv: dv, mask: maskPointer, constant: constant, skip: skip,
                                                        alpha: alpha, alpha_shift: shift, tiled: tiled, columns: nil)
                    let expected = Self.bilinearReference(template, image: orderedImage, original: original, mask: mask)
                    for level in levels {
                        lamina_raster_force_simd_level(Int32(level))
                        // Without a column table, and with one kept from earlier spans (a hit
                        // when a span starts where the last one did, a prefix when it is shorter).
                        for table in [nil, columns.table] {
                            for prefix in [count, count / 2] {
                                var buffer = Array(original[0..<prefix])
                                buffer.withUnsafeMutableBufferPointer { b in
                                    var span = template
                                    span.count = prefix
                                    span.columns = table
                                    span.dst = b.baseAddress ?? UnsafeMutablePointer(bitPattern: 16)!
                                    lamina_bilinear_over_32(&span)
                                }
                                cases += 1
                                if buffer != Array(expected[0..<prefix]) { mismatches += 1 }
                            }
                        }
                    }
                }
            }
        }
        #expect(fastCases > 30)
        #expect(mismatches == 0 && cases >= 3840, "\(mismatches) of \(cases)")
    }
    /// Positions a hair below a binade's end (127.75 - 2^-46...): stepping past it rounds, and
    /// the next pixel's weight is not the first one's. The C loop steps exactly as the Swift
    /// loop does there too (a loop keeping one weight for the whole row would not).
    @Test func bilinearStepsRoundWhereTheSwiftLoopRounds() {
        var rng = RowWindowTests.Random(state: 59)
        let levels = Self.levels()
        defer { lamina_raster_force_simd_level(-1) }
        let w = 1300, h = 3
        let pixels = (0..<(w * h)).map { _ -> UInt32 in
            let a = UInt32(rng.int(256))
            return UInt32(rng.int(Int(a) + 1)) | UInt32(rng.int(Int(a) + 1)) << 8 | UInt32(rng.int(Int(a) + 1)) << 16 | a << 24
        }
        let image = SampledImage(width: w, height: h, pixels: pixels)
        var weightChanges = 0, mismatches = 0
        for end in [64.0, 128.0, 256.0, 1024.0] {
            for back in 1...40 {
                // Start `back` pixels before the end, a quarter pixel and one unit in the last
                // place below it.
                let start = (end - Double(back) + 0.75).nextDown
                var u = start
                var weights = Set<Int>()
                for _ in 0..<(back + 8) { let fu = u - 0.5; weights.insert(Int((fu - fu.rounded(.down)) * 256)); u += 1 }
                if weights.count > 1 { weightChanges += 1 }
                let original = (0..<(back + 40)).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
                image.pixels.withUnsafeBufferPointer { px in
                    let template = lamina_bilinear_span(dst: nil, count: original.count, pixels: px.baseAddress!, width: w, height: h,
                                                        u: start, v: 1.5, du: 1, dv: 0, mask: nil, constant: 255, skip: 0,
                                                        alpha: 255, alpha_shift: 24, tiled: 0, columns: nil)
                    let expected = Self.bilinearReference(template, image: image, original: original, mask: nil)
                    for level in levels {
                        lamina_raster_force_simd_level(Int32(level))
                        var buffer = original
                        buffer.withUnsafeMutableBufferPointer { b in
                            var span = template
                            span.dst = b.baseAddress!
                            lamina_bilinear_over_32(&span)
                        }
                        if buffer != expected { mismatches += 1 }
                    }
                }
            }
        }
        #expect(weightChanges > 0)
        #expect(mismatches == 0)
    }
    /// Planes made of runs of identical rows (shadows of rectangles and rounded rectangles)
    /// take the shortcut that blurs each run's row once and only the rows near where runs
    /// meet: the bytes of the full blur.
    @Test func blurringRunsOfRowsIsTheFullBlur() {
        var rng = RowWindowTests.Random(state: 61)
        var cases = 0, mismatches = 0, shortcuts = 0
        for trial in 0..<60 {
            let width = 1 + rng.int(200), height = 64 + rng.int(400)
            let sigma = [0.7, 2.3, 5.0, 12.7, 40.0, 150.0][trial % 6]
            // Rows drawn from a few patterns, in runs of random lengths (a few runs of one row).
            let patterns: [[UInt8]] = (0..<(1 + rng.int(5))).map { p in
                (0..<width).map { x in p == 0 ? 0 : (x > width / 5 && x < width * 4 / 5 ? 255 : UInt8(truncatingIfNeeded: rng.int(256))) }
            }
            var plane: [UInt8] = []
            while plane.count < width * height {
                let row = patterns[rng.int(patterns.count)]
                for _ in 0..<[1, 2, 7, 30, 120][rng.int(5)] where plane.count < width * height { plane += row }
            }
            var expected = plane
            expected.withUnsafeMutableBufferPointer { BoxBlur.referenceBlur($0.baseAddress!, width: width, height: height, stride: width, sigma: sigma) }
            var fast = plane
            let took = fast.withUnsafeMutableBufferPointer { p in
                BoxBlur.blurByRuns(p.baseAddress!, width: width, height: height, stride: width, passes: BoxBlur.passes(sigma)!)
            }
            if took { shortcuts += 1 } else {
                fast.withUnsafeMutableBufferPointer { BoxBlur.blur($0.baseAddress!, width: width, height: height, stride: width, sigma: sigma) }
            }
            cases += 1
            if fast != expected { mismatches += 1 }
        }
        #expect(shortcuts > 30)
        #expect(mismatches == 0, "\(mismatches) of \(cases)")
    }
    @Test func bytesExtractedFromPixelsAreTheBytesOnEveryPath() {
        var rng = RowWindowTests.Random(state: 67)
        let levels = Self.levels()
        defer { lamina_raster_force_simd_level(-1) }
        var mismatches = 0, cases = 0
        for count in 0...70 {
            let pixels = (0..<(4 * count)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            for byte in 0..<4 {
                let expected = (0..<count).map { pixels[4 * $0 + byte] }
                for level in levels {
                    lamina_raster_force_simd_level(Int32(level))
                    var out = [UInt8](repeating: 0xAA, count: count + 1)
                    out.withUnsafeMutableBufferPointer { o in
                        pixels.withUnsafeBufferPointer { p in
                            lamina_extract_bytes(o.baseAddress!, p.baseAddress ?? UnsafePointer(bitPattern: 16)!, count, Int32(byte))
                        }
                    }
                    cases += 1
                    // Exactly `count` bytes written.
                    if Array(out.prefix(count)) != expected || out[count] != 0xAA { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0 && cases > 280, "\(mismatches) of \(cases)")
    }

    /// Premultiplied 32-bit images whose bytes are already in the destination's order (a
    /// backing store) are copied into sampling words by the C loop: the words of the Swift loop
    /// on every path, for every layout, with and without alpha, padded rows, odd widths and
    /// colour bytes above alpha (clamped).
    @Test func premultipliedImagesAreSampledAsTheSwiftLoopSamplesThem() throws {
        var rng = RowWindowTests.Random(state: 71)
        let levels = Self.levels()
        defer { lamina_raster_force_simd_level(-1) }
        let layouts: [(CGImageAlphaInfo, CGBitmapInfo)] = [
            (.premultipliedLast, []), (.premultipliedLast, .byteOrder32Little), (.premultipliedFirst, []),
            (.premultipliedFirst, .byteOrder32Little), (.noneSkipLast, []), (.noneSkipFirst, .byteOrder32Little),
        ]
        var mismatches = 0, cases = 0
        for trial in 0..<60 {
            let width = 1 + rng.int(23), height = 1 + rng.int(5), bytesPerRow = width * 4 + 4 * rng.int(3)
            let bytes = Data((0..<(bytesPerRow * height)).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
            let (alpha, order) = layouts[trial % layouts.count]
            let info = CGBitmapInfo(rawValue: alpha.rawValue).union(order)
            let provider = try #require(CGDataProvider(data: bytes as CFData))
            let image = try #require(CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32,
                                             bytesPerRow: bytesPerRow, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info,
                                             provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent))
            let first = alpha == .premultipliedFirst || alpha == .noneSkipFirst, little = order == .byteOrder32Little
            let positions: (r: Int, g: Int, b: Int, a: Int) = switch (first, little) {
            case (false, false): (0, 1, 2, 3)
            case (false, true): (3, 2, 1, 0)
            case (true, false): (1, 2, 3, 0)
            case (true, true): (2, 1, 0, 3)
            }
            let opaque = alpha == .noneSkipLast || alpha == .noneSkipFirst
            // The destination order the image is already in (the C copy), and another (Swift).
            for destination in [positions, (r: 0, g: 1, b: 2, a: 3)] {
                let expected = CGImage.sampledWords(bytes, width: width, height: height, bytesPerRow: bytesPerRow,
                                                    positions: positions, opaque: opaque, order: destination).pixels
                for level in levels {
                    lamina_raster_force_simd_level(Int32(level))
                    let got = try #require(image.sampledFromPremultiplied(order: destination)).pixels
                    cases += 1
                    if got != expected { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0 && cases >= 120, "\(mismatches) of \(cases)")
    }
}

extension Optional where Wrapped == [UInt8] {
    func withUnsafeBufferPointerOrNil<R>(_ body: (UnsafePointer<UInt8>?) -> R) -> R {
        switch self {
        case .some(let array): array.withUnsafeBufferPointer { body($0.baseAddress) }
        case .none: body(nil)
        }
    }
}
