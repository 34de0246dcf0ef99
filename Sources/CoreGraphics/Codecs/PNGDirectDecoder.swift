import Foundation
@_implementationOnly import CLibDeflate
@_implementationOnly import CLaminaRaster

/// The common PNG decoded without libpng: 8-bit RGBA or RGB, not interlaced, in sRGB (no gamma,
/// chromaticities or ICC profile to convert from), every chunk's CRC right, the image data one
/// zlib stream of exactly the rows' size. Snapshot references are such files; inflating them
/// with libdeflate and reversing the row filters in C (`lamina_png_unfilter`) takes a fraction
/// of libpng's time over zlib. The pixels are the ones libpng's simplified API gives for the
/// same file (straight RGBA; `PNGDirectDecoderTests` compares them for every filter type).
///
/// In a debug build, where this C is not optimised, a file with many rows filtered pixel after
/// pixel is also libpng's (see `decode`).
///
/// Anything else — other bit depths and colour types, palettes, interlacing, colour chunks, a
/// damaged or unusual file — is left to libpng (`decode` returns nil), whose answers and errors
/// stay what they were.
enum PNGDirectDecoder {

    /// The straight RGBA8 pixels and size (premultiplied with `premultiplied`), nil when libpng
    /// should decode the file; throws ``CGImageCodecError/tooLarge(width:height:)`` for a file it
    /// would decode that exceeds the decoding limit, as the libpng path does.
    /// `always`: the direct path even where the debug-build rule would leave the file to libpng
    /// (tests).
    static func decode(_ data: Data, always: Bool = false, premultiplied: Bool = false) throws(CGImageCodecError)
        -> (pixels: Data, width: Int, height: Int)? {
        let parsed: (width: Int, height: Int, bpp: Int, idat: [Range<Int>])? = data.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return nil }
            return parse(base, raw.count)
        }
        guard let (w, h, bpp, idat) = parsed else { return nil }
        guard w <= (1 << 20), h <= (1 << 20), w * h <= CGImage.maximumDecodedPixelCount else { throw .tooLarge(width: w, height: h) }
        let rowBytes = 1 + w * bpp
        let (expected, overflow) = rowBytes.multipliedReportingOverflow(by: h)
        guard !overflow else { return nil }
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        // The rows are inflated, unfiltered and (RGBA) moved together in this memory, which the
        // image then keeps: no second buffer, no copy. Pixel storage, so a reference decoded
        // test after test reuses the memory the last one freed instead of faulting in new pages.
        let storage = PixelStorage(uninitializedCount: max(1, expected))
        let rows = storage.bytes
        let inflated: Bool = data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return false }
            // One IDAT is read where it lies; several are joined first.
            var joined: UnsafeMutableRawPointer?
            defer { joined?.deallocate() }
            let input: UnsafeRawPointer, count: Int
            if idat.count == 1 {
                input = base + idat[0].lowerBound; count = idat[0].count
            } else {
                count = idat.reduce(0) { $0 + $1.count }
                let j = UnsafeMutableRawPointer.allocate(byteCount: max(1, count), alignment: 16)
                joined = j
                var at = 0
                for r in idat { memcpy(j + at, base + r.lowerBound, r.count); at += r.count }
                input = UnsafeRawPointer(j)
            }
            var used = 0, produced = 0
            let result = libdeflate_zlib_decompress_ex(decompressor, input, count, rows, expected, &used, &produced)
            return result == LIBDEFLATE_SUCCESS && used == count && produced == expected
        }
        guard inflated else { return nil }
        let bytes = rows.assumingMemoryBound(to: UInt8.self)
        // Built without optimisation (a debug build), the filters computed pixel after pixel
        // run several times slower than libpng's optimised ones: a file with many such rows
        // (over 30%) is libpng's there, libpng's inflate notwithstanding.
        if !always, lamina_raster_optimized() == 0, lamina_png_sequential_rows(bytes, w, h, Int32(bpp)) * 10 > h * 3 { return nil }
        if bpp == 4 {
            // Each row reconstructed, moved to just after the previous row's (dropping the
            // filter bytes) and premultiplied while in cache.
            guard lamina_png_unfilter_rgba(bytes, w, h, premultiplied ? 1 : 0) == 1 else { return nil }
            return (storage.data(count: w * 4 * h), w, h)
        }
        guard lamina_png_unfilter(bytes, w, h, Int32(bpp)) == 1 else { return nil }
        // RGB: every pixel written out as RGBA, alpha 255 (nothing to premultiply).
        let pixels = PixelStorage(uninitializedCount: w * 4 * h)
        lamina_png_rows_to_rgba(bytes, w, h, Int32(bpp), pixels.bytes.assumingMemoryBound(to: UInt8.self))
        return (pixels.data(count: w * 4 * h), w, h)
    }

    /// The size, bytes per pixel and image data chunks of a file the direct path decodes, or nil.
    private static func parse(_ p: UnsafePointer<UInt8>, _ n: Int) -> (width: Int, height: Int, bpp: Int, idat: [Range<Int>])? {
        func be32(_ at: Int) -> Int { Int(p[at]) << 24 | Int(p[at + 1]) << 16 | Int(p[at + 2]) << 8 | Int(p[at + 3]) }
        func tag(_ at: Int, _ s: StaticString) -> Bool {
            let t = s.utf8Start
            return p[at] == t[0] && p[at + 1] == t[1] && p[at + 2] == t[2] && p[at + 3] == t[3]
        }
        guard n >= 8 + 25 + 12, (0..<8).allSatisfy({ p[$0] == PNGChunks.signature[$0] }) else { return nil }
        var at = 8
        var size: (w: Int, h: Int, bpp: Int)?
        var idat: [Range<Int>] = []
        var idatEnded = false
        while at + 12 <= n {
            let length = be32(at)
            guard length <= 0x7FFF_FFFF, at + 12 + length <= n else { return nil }
            let crc = UInt32(truncatingIfNeeded: be32(at + 8 + length))
            guard UInt32(libdeflate_crc32(0, p + at + 4, length + 4)) == crc else { return nil }
            let body = at + 8
            if size == nil {
                // IHDR first: 8-bit RGB (2) or RGBA (6), compression, filter method 0, not interlaced.
                guard tag(at + 4, "IHDR"), length == 13 else { return nil }
                let w = be32(body), h = be32(body + 4)
                guard w >= 1, h >= 1, w <= 1_000_000, h <= 1_000_000, p[body + 8] == 8,
                      p[body + 9] == 2 || p[body + 9] == 6, p[body + 10] == 0, p[body + 11] == 0, p[body + 12] == 0
                else { return nil }
                size = (w, h, p[body + 9] == 6 ? 4 : 3)
            } else if tag(at + 4, "IDAT") {
                guard !idatEnded else { return nil }
                idat.append(body..<body + length)
            } else if tag(at + 4, "IEND") {
                guard length == 0, !idat.isEmpty, let size else { return nil }
                return (size.w, size.h, size.bpp, idat)
            } else {
                if !idat.isEmpty { idatEnded = true }
                // Colour conversions (gamma, chromaticities, an ICC profile), transparency, a
                // palette and any other critical chunk: libpng's.
                if tag(at + 4, "gAMA") || tag(at + 4, "cHRM") || tag(at + 4, "iCCP") || tag(at + 4, "tRNS")
                    || tag(at + 4, "PLTE") || p[at + 4] & 0x20 == 0 { return nil }
            }
            at += 12 + length
        }
        return nil
    }
}
