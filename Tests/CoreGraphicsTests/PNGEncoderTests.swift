import Testing
import Foundation
@_spi(Lamina) @testable import CoreGraphics
import CLaminaRaster

/// PNGs are written without libpng (`PNGEncoder`): rows filtered in C as the adaptive
/// heuristic chooses, compressed by libdeflate. libpng must read back the exact pixels.
@Suite("PNG encoding")
struct PNGEncoderTests {
    /// Straight RGBA pixels of a kind: noise, flat colour, horizontal and vertical ramps,
    /// translucent and fully transparent areas, repeated rows.
    static func pixels(width: Int, height: Int, seed: UInt64) -> [UInt8] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func next() -> UInt8 { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return UInt8(truncatingIfNeeded: state) }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                switch (y / 3) % 5 {
                case 0: for c in 0..<4 { out[i + c] = next() }                                       // noise
                case 1: out[i] = 200; out[i + 1] = 30; out[i + 2] = 90; out[i + 3] = 255            // flat
                case 2: out[i] = UInt8(truncatingIfNeeded: x * 7); out[i + 1] = UInt8(truncatingIfNeeded: y * 5); out[i + 2] = 40; out[i + 3] = UInt8(truncatingIfNeeded: 128 + x)
                case 3: break                                                                        // transparent
                default: for c in 0..<4 { out[i + c] = UInt8(truncatingIfNeeded: (x + y) * (c + 1)) }
                }
            }
        }
        return out
    }

    /// The heuristic written plainly: per row the filter among None, Sub, Up and Paeth (in that
    /// order on ties) with the least sum of bytes taken as signed magnitudes.
    static func reference(_ rgba: [UInt8], width: Int, height: Int) -> [UInt8] {
        let n = width * 4
        var out: [UInt8] = []
        func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
            let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
            return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
        }
        for y in 0..<height {
            var rows: [[UInt8]] = []
            for filter in [0, 1, 2, 4] {
                var row: [UInt8] = []
                for i in 0..<n {
                    let x = Int(rgba[y * n + i])
                    let a = i >= 4 ? Int(rgba[y * n + i - 4]) : 0
                    let b = y > 0 ? Int(rgba[(y - 1) * n + i]) : 0
                    let c = y > 0 && i >= 4 ? Int(rgba[(y - 1) * n + i - 4]) : 0
                    let predicted = [0: 0, 1: a, 2: b, 4: paeth(a, b, c)][filter]!
                    row.append(UInt8(truncatingIfNeeded: x - predicted))
                }
                rows.append(row)
            }
            let costs = rows.map { $0.reduce(0) { $0 + ($1 < 128 ? Int($1) : 256 - Int($1)) } }
            let best = costs.indices.min { costs[$0] < costs[$1] || (costs[$0] == costs[$1] && $0 < $1) }!
            out.append(UInt8([0, 1, 2, 4][best]))
            out += rows[best]
        }
        return out
    }

    @Test(arguments: [1, 3, 4, 5, 17, 33, 70])
    func theFilteredRowsAreTheHeuristicsChoice(width: Int) {
        let height = 31
        let rgba = Self.pixels(width: width, height: height, seed: UInt64(width))
        var out = [UInt8](repeating: 0xAA, count: (width * 4 + 1) * height)
        let written = lamina_png_filter_rows(rgba, width, height, width * 4, &out)
        #expect(written == out.count)
        #expect(out == Self.reference(rgba, width: width, height: height))
        // Every filter is chosen somewhere in these pictures.
        let types = Set((0..<height).map { out[$0 * (width * 4 + 1)] })
        if width >= 17 { #expect(types.isSuperset(of: [0, 2]) && types.count >= 3, "\(types)") }
    }

    @Test(arguments: [(1, 1), (5, 2), (33, 40), (257, 19)])
    func libpngReadsBackTheExactPixels(width: Int, height: Int) throws {
        let rgba = Self.pixels(width: width, height: height, seed: UInt64(width * 31 + height))
        let data = try #require(PNGEncoder.encode(rgba: rgba, width: width, height: height))
        // The straight pixels, exactly.
        let direct = try #require(try PNGDirectDecoder.decode(data, always: true))
        #expect(direct.width == width && direct.height == height)
        #expect([UInt8](direct.pixels) == rgba)
        // libpng (CRCs, zlib stream, filters checked) gives the same image.
        let viaLibpng = try CGImage.decodePNG(data, direct: false)
        let viaDirect = try CGImage.decodePNG(data, direct: true, always: true)
        #expect(viaLibpng.width == width && viaLibpng.height == height)
        #expect(viaLibpng.dataProvider?.data == viaDirect.dataProvider?.data)
    }

    @Test func theFileIsTheSameEveryTimeWithLibpngsChunks() throws {
        let rgba = Self.pixels(width: 40, height: 30, seed: 7)
        let a = try #require(PNGEncoder.encode(rgba: rgba, width: 40, height: 30))
        let b = try #require(PNGEncoder.encode(rgba: rgba, width: 40, height: 30))
        #expect(a == b)
        var types: [String] = []
        var i = 8
        let bytes = [UInt8](a)
        while i + 8 <= bytes.count {
            let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            types.append(String(decoding: bytes[i + 4..<i + 8], as: UTF8.self))
            i += 12 + length
        }
        #expect(types == ["IHDR", "sRGB", "IDAT", "IEND"])
        #expect(i == bytes.count)
    }

    @Test func anImageEncodesThroughPngData() throws {
        let ctx = CGContext(data: nil, width: 64, height: 48, bitsPerComponent: 8, bytesPerRow: 256,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.setFillColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.6)
        ctx.fillEllipse(in: CGRect(x: 4, y: 4, width: 50, height: 40))
        let image = try #require(ctx.makeImage())
        let back = try CGImage.decodePNG(try image.pngData())
        #expect(try back.straightRGBA8() == image.straightRGBA8())
    }
}
