import Testing
import Foundation
@_spi(Lamina) @testable import CoreGraphics
import CLaminaRaster

/// 8-bit RGB and RGBA PNGs are decoded without libpng (`PNGDirectDecoder`): the pixels must be
/// libpng's for every row filter, width and SIMD path, and every file the direct path does not
/// handle (colour chunks, other formats, damage) must reach libpng unchanged.
@Suite("PNG direct decoding")
struct PNGDirectDecoderTests {
    // MARK: Making PNG files

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func chunk(_ type: String, _ body: [UInt8], badCRC: Bool = false) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return be32(body.count) + typed + be32(Int(crc32(typed) ^ (badCRC ? 1 : 0)))
    }

    /// A zlib stream of stored (uncompressed) blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65535, data.count - i)
            let last: UInt8 = i + n == data.count ? 1 : 0
            out += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8 & 0xFF)]
            out += data[i..<i + n]
            i += n
        } while i < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for x in data { a = (a + UInt32(x)) % 65521; b = (b + a) % 65521 }
        return out + be32(Int(b << 16 | a))
    }

    /// Rows of `bpp`-byte pixels, each filtered with `filters[y % count]` (PNG's forward filters).
    static func filtered(_ rows: [[UInt8]], bpp: Int, filters: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for (y, row) in rows.enumerated() {
            let f = filters[y % filters.count]
            out.append(f)
            let up = y > 0 ? rows[y - 1] : [UInt8](repeating: 0, count: row.count)
            for i in row.indices {
                let a = i >= bpp ? Int(row[i - bpp]) : 0, b = Int(up[i]), c = i >= bpp ? Int(up[i - bpp]) : 0
                let predictor: Int = switch f {
                case 1: a
                case 2: b
                case 3: (a + b) >> 1
                case 4: {
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                }()
                default: 0
                }
                out.append(UInt8(truncatingIfNeeded: Int(row[i]) - predictor))
            }
        }
        return out
    }

    static func png(width: Int, height: Int, colorType: UInt8 = 6, rows: [[UInt8]], filters: [UInt8],
                    before: [[UInt8]] = [], splitData: Bool = false, end: Bool = true, interlace: UInt8 = 0) -> Data {
        let bpp = colorType == 6 ? 4 : 3
        var bytes: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        bytes += chunk("IHDR", be32(width) + be32(height) + [8, colorType, 0, 0, interlace])
        bytes += before.flatMap { $0 }
        let z = zlibStored(filtered(rows, bpp: bpp, filters: filters))
        if splitData {
            bytes += chunk("IDAT", Array(z[..<(z.count / 2)])) + chunk("IDAT", Array(z[(z.count / 2)...]))
        } else {
            bytes += chunk("IDAT", z)
        }
        if end { bytes += chunk("IEND", []) }
        return Data(bytes)
    }

    static func randomRows(width: Int, height: Int, bpp: Int, seed: UInt64) -> [[UInt8]] {
        var s = seed
        return (0..<height).map { y in
            (0..<(width * bpp)).map { i in
                s = s &* 6364136223846793005 &+ 1442695040888963407
                // Smooth and noisy parts, so that every predictor sees varied neighbours.
                return y % 3 == 0 ? UInt8(truncatingIfNeeded: (i * 7 + y * 13) & 0xFF) : UInt8(truncatingIfNeeded: s >> 56)
            }
        }
    }

    static func pixels(_ image: CGImage) -> [UInt8] { Array(image.dataProvider!.data!) }

    // MARK: Tests

    @Test func everyFilterWidthAndPathGivesLibpngsPixels() throws {
        defer { lamina_raster_force_simd_level(-1) }
        for colorType: UInt8 in [6, 2] {
            let bpp = colorType == 6 ? 4 : 3
            for width in [1, 2, 3, 4, 5, 7, 16, 33] {
                let rows = Self.randomRows(width: width, height: 11, bpp: bpp, seed: UInt64(width) * 31 + UInt64(colorType))
                for filters: [UInt8] in [[0], [1], [2], [3], [4], [4, 3, 2, 1, 0]] {
                    let data = Self.png(width: width, height: 11, colorType: colorType, rows: rows, filters: filters,
                                        splitData: width == 5)
                    let direct = try #require(try PNGDirectDecoder.decode(data, always: true), "ct \(colorType) w \(width) \(filters)")
                    // The straight pixels are the rows themselves (RGB given alpha 255).
                    var expected: [UInt8] = []
                    for row in rows {
                        if bpp == 4 { expected += row; continue }
                        for i in stride(from: 0, to: row.count, by: 3) { expected += [row[i], row[i + 1], row[i + 2], 255] }
                    }
                    #expect(Array(direct.pixels) == expected, "ct \(colorType) w \(width) \(filters)")
                    let viaLibpng = try CGImage.decodePNG(data, direct: false)
                    for level: Int32 in [0, 1, 2] {
                        lamina_raster_force_simd_level(level)
                        #expect(Self.pixels(try CGImage.decodePNG(data, direct: true, always: true)) == Self.pixels(viaLibpng),
                                "ct \(colorType) w \(width) \(filters) level \(level)")
                    }
                    lamina_raster_force_simd_level(-1)
                }
            }
        }
    }

    /// Paeth rows over flat stretches (four pixels whose neighbours above are all one colour,
    /// nothing added) take a shortcut: the same pixels as libpng's, where the stretch starts at
    /// the row's start, after a different pixel, under a colour change above, or at the row's end.
    @Test func flatStretchesUnderPaethGiveLibpngsPixels() throws {
        defer { lamina_raster_force_simd_level(-1) }
        for width in [4, 5, 8, 9, 17, 40, 67] {
            let height = 9
            let rows: [[UInt8]] = (0..<height).map { y in
                (0..<width).flatMap { x -> [UInt8] in
                    // A background, a vertical edge from row 2, a dot in row 4, a band in rows 6-7.
                    if y >= 2 && x == width / 3 { return [200, 10, 10, 255] }
                    if y == 4 && x == width - 2 { return [0, 0, 0, 128] }
                    if y >= 6 && y <= 7 && x >= width / 2 { return [30, 60, 90, 255] }
                    return [240, 240, 245, 255]
                }
            }
            for filters: [UInt8] in [[4], [4, 4, 2, 4, 1, 4, 3]] {
                let data = Self.png(width: width, height: height, rows: rows, filters: filters)
                let viaLibpng = Self.pixels(try CGImage.decodePNG(data, direct: false))
                #expect(Array(try #require(try PNGDirectDecoder.decode(data, always: true)).pixels) == rows.flatMap { $0 })
                for level: Int32 in [0, 1, 2] {
                    lamina_raster_force_simd_level(level)
                    #expect(Self.pixels(try CGImage.decodePNG(data, direct: true, always: true)) == viaLibpng, "w \(width) level \(level)")
                }
                lamina_raster_force_simd_level(-1)
            }
        }
    }

    @Test func filesWrittenByTheEncoderAreDecodedDirectly() throws {
        // libpng's writer chooses filters row by row and compresses: a real snapshot file.
        let w = 97, h = 61
        let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.setFillColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.7)
        ctx.fillEllipse(in: CGRect(x: 5, y: 3, width: 80, height: 50))
        ctx.setFillColor(red: 1, green: 0.3, blue: 0.1, alpha: 1)
        ctx.fill(CGRect(x: 30.5, y: 20.25, width: 40, height: 30))
        let data = try ctx.makeImage()!.pngData()
        #expect(try PNGDirectDecoder.decode(data, always: true) != nil)
        #expect(Self.pixels(try CGImage.decodePNG(data, direct: true, always: true)) == Self.pixels(try CGImage.decodePNG(data, direct: false)))
    }

    @Test func otherFilesAreLeftToLibpng() throws {
        let rows = Self.randomRows(width: 6, height: 4, bpp: 4, seed: 9)
        func png(before: [[UInt8]] = [], end: Bool = true, interlace: UInt8 = 0) -> Data {
            Self.png(width: 6, height: 4, rows: rows, filters: [1, 4], before: before, end: end, interlace: interlace)
        }
        let left: [(String, Data)] = [
            ("gamma", png(before: [Self.chunk("gAMA", Self.be32(100_000))])),
            ("chromaticities", png(before: [Self.chunk("cHRM", [UInt8](repeating: 1, count: 32))])),
            ("a damaged ancillary chunk", png(before: [Self.chunk("tEXt", Array("a\u{0}b".utf8), badCRC: true)])),
            ("no IEND", png(end: false)),
            ("interlaced", png(interlace: 1)),
            ("an unknown critical chunk", png(before: [Self.chunk("ABCD", [1, 2])])),
        ]
        for (what, data) in left {
            #expect(try PNGDirectDecoder.decode(data, always: true) == nil, "\(what)")
            // Whatever libpng makes of it, decodePNG gives the same.
            let a = Result { () throws(CGImageCodecError) in Self.pixels(try CGImage.decodePNG(data)) }
            let b = Result { () throws(CGImageCodecError) in Self.pixels(try CGImage.decodePNG(data, direct: false)) }
            #expect(String(describing: a) == String(describing: b), "\(what)")
        }
        // Ancillary chunks without colour meaning (text, sRGB, Apple's iDOT) do not stop it.
        let plain = png(before: [Self.chunk("sRGB", [0]), Self.chunk("tEXt", Array("a\u{0}b".utf8))])
        #expect(try PNGDirectDecoder.decode(plain, always: true) != nil)
        // Rows of a filter type above 4, or image data too short or too long: libpng's.
        let bad = Self.png(width: 2, height: 2, rows: Self.randomRows(width: 2, height: 2, bpp: 4, seed: 1), filters: [0, 7])
        #expect(try PNGDirectDecoder.decode(bad, always: true) == nil)
        #expect(throws: CGImageCodecError.self) { try CGImage.decodePNG(bad) }
        let short = Self.png(width: 2, height: 3, rows: Self.randomRows(width: 2, height: 2, bpp: 4, seed: 1), filters: [0])
        #expect(try PNGDirectDecoder.decode(short, always: true) == nil)
        #expect(throws: CGImageCodecError.self) { try CGImage.decodePNG(short) }
    }

    @Test func inADebugBuildFilesOfManyPaethRowsAreLibpngs() throws {
        let rows = Self.randomRows(width: 40, height: 10, bpp: 4, seed: 4)
        let paeth = Self.png(width: 40, height: 10, rows: rows, filters: [4, 4, 2])   // 70% Paeth
        let up = Self.png(width: 40, height: 10, rows: rows, filters: [2, 2, 2, 4])   // 30%
        let optimised = lamina_raster_optimized() != 0
        #expect((try PNGDirectDecoder.decode(paeth) != nil) == optimised)
        #expect(try PNGDirectDecoder.decode(up) != nil)
        #expect(Self.pixels(try CGImage.decodePNG(paeth)) == Self.pixels(try CGImage.decodePNG(paeth, direct: false)))
    }

    @Test func theDecodingLimitHolds() throws {
        let data = Self.png(width: 300, height: 200, rows: Self.randomRows(width: 300, height: 200, bpp: 4, seed: 2), filters: [2])
        let saved = CGImage.maximumDecodedPixelCount
        defer { CGImage.maximumDecodedPixelCount = saved }
        CGImage.maximumDecodedPixelCount = 10_000
        #expect(throws: CGImageCodecError.tooLarge(width: 300, height: 200)) { try CGImage.decodePNG(data) }
    }
}
