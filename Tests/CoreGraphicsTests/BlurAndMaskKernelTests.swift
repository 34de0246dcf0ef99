import Foundation
import Testing
@testable @_spi(Lamina) import CoreGraphics
import CLaminaRaster

/// The C loops shadows and images use give the bytes of the Swift code they replace, on every
/// SIMD path: the box blur's passes, the masked source-over that composites a shadow's alpha and
/// fills through clip masks, and images laid over at whole-pixel offsets.
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
        for count in 0...70 {
            let a = UInt32(rng.int(256))
            let colour = UInt32(rng.int(Int(a) + 1)) | UInt32(rng.int(Int(a) + 1)) << 8 | UInt32(rng.int(Int(a) + 1)) << 16 | a << 24
            let mask = (0..<count).map { _ in UInt8(truncatingIfNeeded: [0, 255, rng.int(256)][rng.int(3)]) }
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
        #expect(mismatches == 0 && cases > 70, "\(mismatches) of \(cases)")
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
}
