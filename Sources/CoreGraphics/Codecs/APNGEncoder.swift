import Foundation
@_implementationOnly import CLibDeflate

/// Writes animated PNGs (Lamina API): the first frame is the PNG's default image; later frames
/// store only the rectangle that changed since the previous one (drawn over it, `SOURCE` blend,
/// no disposal), so still parts cost nothing. Frames are written by `pngData()` (`PNGEncoder`);
/// their chunks are taken apart and written again here.
public enum APNGEncoder {
    /// An APNG of `frames` (all the first frame's size), each shown for `frameDuration` seconds,
    /// looping `loopCount` times (0: forever).
    public static func encode(_ frames: [CGImage], frameDuration: Double, loopCount: Int = 0) throws(CGImageCodecError) -> Data {
        try encode(frames, durations: Array(repeating: frameDuration, count: frames.count), loopCount: loopCount)
    }

    /// An APNG with a duration per frame.
    public static func encode(_ frames: [CGImage], durations: [Double], loopCount: Int = 0) throws(CGImageCodecError) -> Data {
        guard let first = frames.first else { throw .unsupportedLayout("APNG: no frames") }
        guard durations.count == frames.count else { throw .unsupportedLayout("APNG: one duration per frame is needed") }
        let w = first.width, h = first.height
        guard frames.allSatisfy({ $0.width == w && $0.height == h }) else {
            throw .unsupportedLayout("APNG: every frame must be \(w)x\(h)")
        }
        let firstPNG = try first.pngData()
        let chunks = try PNGChunks.parse(firstPNG)
        var out = Data(PNGChunks.signature)
        var sequence: UInt32 = 0
        func fcTL(x: Int, y: Int, width: Int, height: Int, duration: Double) {
            var d = Data()
            d.appendBE(sequence); sequence += 1
            d.appendBE(UInt32(width)); d.appendBE(UInt32(height)); d.appendBE(UInt32(x)); d.appendBE(UInt32(y))
            let (num, den) = fraction(duration)
            d.appendBE(num); d.appendBE(den)
            d.append(0)   // dispose: none
            d.append(0)   // blend: source
            PNGChunks.write("fcTL", d, to: &out)
        }
        // Header and ancillary chunks of the first frame, then the animation control chunk.
        var wroteACTL = false
        for (type, data) in chunks where type != "IEND" {
            if type == "IDAT" {
                if !wroteACTL {
                    var a = Data()
                    a.appendBE(UInt32(frames.count)); a.appendBE(UInt32(max(0, loopCount)))
                    PNGChunks.write("acTL", a, to: &out)
                    fcTL(x: 0, y: 0, width: w, height: h, duration: durations[0])
                    wroteACTL = true
                }
                PNGChunks.write("IDAT", data, to: &out)
            } else {
                PNGChunks.write(type, data, to: &out)
            }
        }
        var previous = try first.straightRGBA8()
        for k in 1..<frames.count {
            let frame = frames[k]
            let pixels = try frame.straightRGBA8()
            // The rectangle that changed (at least one pixel, as a frame must cover something).
            let r = PNGChunks.changedRect(previous, pixels, width: w, height: h) ?? (0, 0, 1, 1)
            let part = r == (0, 0, w, h) ? frame : (frame.cropping(to: CGRect(x: r.0, y: r.1, width: r.2, height: r.3)) ?? frame)
            let partChunks = try PNGChunks.parse(try part.pngData())
            fcTL(x: r.0, y: r.1, width: r.2, height: r.3, duration: durations[k])
            for (type, data) in partChunks where type == "IDAT" {
                var d = Data()
                d.appendBE(sequence); sequence += 1
                d.append(data)
                PNGChunks.write("fdAT", d, to: &out)
            }
            previous = pixels
        }
        PNGChunks.write("IEND", Data(), to: &out)
        return out
    }

    /// A frame delay as a fraction of a second.
    static func fraction(_ seconds: Double) -> (UInt16, UInt16) {
        let s = seconds.isFinite ? max(0, seconds) : 0
        // Exact for whole milliseconds up to 65 s; beyond, hundredths.
        if s * 1000 <= 65535 { return (UInt16((s * 1000).rounded()), 1000) }
        return (UInt16(min(65535, (s * 100).rounded())), 100)
    }
}

/// PNG chunk reading and writing.
enum PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The chunks of a PNG, in order: (type, data).
    static func parse(_ png: Data) throws(CGImageCodecError) -> [(String, Data)] {
        let bytes = [UInt8](png)
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw .corrupt(format: "PNG", message: "no PNG signature") }
        var out: [(String, Data)] = []
        var i = 8
        while i + 12 <= bytes.count {
            let length = Int(UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3]))
            guard i + 12 + length <= bytes.count else { throw .corrupt(format: "PNG", message: "truncated chunk") }
            let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            out.append((type, Data(bytes[(i + 8)..<(i + 8 + length)])))
            i += 12 + length
            if type == "IEND" { break }
        }
        return out
    }

    static func write(_ type: String, _ data: Data, to out: inout Data) {
        out.appendBE(UInt32(data.count))
        var body = Data(type.utf8)
        body.append(data)
        out.append(body)
        out.appendBE(crc32(body))
    }

    /// The CRC-32 of a chunk's type and data (libdeflate's).
    static func crc32(_ data: Data) -> UInt32 {
        data.withUnsafeBytes { UInt32(libdeflate_crc32(0, $0.baseAddress, $0.count)) }
    }

    /// The bounding rectangle (x, y, width, height) of pixels that differ, or nil.
    static func changedRect(_ a: [UInt8], _ b: [UInt8], width w: Int, height h: Int) -> (Int, Int, Int, Int)? {
        var x0 = w, y0 = h, x1 = -1, y1 = -1
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                let wa = UnsafeRawPointer(pa.baseAddress!).assumingMemoryBound(to: UInt32.self)
                let wb = UnsafeRawPointer(pb.baseAddress!).assumingMemoryBound(to: UInt32.self)
                for y in 0..<h {
                    let row = y * w
                    var first = -1, last = -1
                    for x in 0..<w where wa[row + x] != wb[row + x] {
                        if first < 0 { first = x }
                        last = x
                    }
                    if first >= 0 {
                        x0 = min(x0, first); x1 = max(x1, last)
                        y0 = min(y0, y); y1 = y
                    }
                }
            }
        }
        return x1 < 0 ? nil : (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
    }
}

extension Data {
    mutating func appendBE(_ v: UInt32) {
        append(UInt8(v >> 24)); append(UInt8((v >> 16) & 0xFF)); append(UInt8((v >> 8) & 0xFF)); append(UInt8(v & 0xFF))
    }
    mutating func appendBE(_ v: UInt16) {
        append(UInt8(v >> 8)); append(UInt8(v & 0xFF))
    }
    mutating func appendLE(_ v: UInt16) {
        append(UInt8(v & 0xFF)); append(UInt8(v >> 8))
    }
}
