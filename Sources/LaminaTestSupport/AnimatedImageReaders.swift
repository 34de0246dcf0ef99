import CoreGraphics
import Foundation

/// Independent readers of the animated formats Lamina writes, for the tests: they share no code
/// with the encoders.

/// A malformed animated image.
public struct AnimatedImageError: Error, CustomStringConvertible {
    public let description: String
}

/// The chunks of a PNG file (type and data), after checking the signature and lengths.
public func pngChunks(_ data: Data) throws -> [(type: String, data: Data)] {
    let bytes = [UInt8](data)
    guard bytes.count >= 8, bytes[0..<8].elementsEqual([137, 80, 78, 71, 13, 10, 26, 10]) else {
        throw AnimatedImageError(description: "not a PNG file")
    }
    var chunks: [(String, Data)] = []
    var i = 8
    while i + 12 <= bytes.count {
        let length = bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) }
        guard i + 12 + length <= bytes.count else { throw AnimatedImageError(description: "truncated chunk at byte \(i)") }
        let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
        chunks.append((type, Data(bytes[(i + 8)..<(i + 8 + length)])))
        i += 12 + length
    }
    return chunks
}

/// Writes one chunk (length, type, data, CRC-32).
private func appendChunk(_ type: String, _ body: Data, to out: inout Data) {
    func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)] }
    out.append(contentsOf: be32(UInt32(body.count)))
    let typed = Data(type.utf8) + body
    var crc: UInt32 = 0xFFFF_FFFF
    for b in typed {
        crc ^= UInt32(b)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    out.append(typed)
    out.append(contentsOf: be32(~crc))
}

/// An APNG reader: every frame composited (straight RGBA), its delay in seconds, the canvas
/// size and the loop count. Checks the sequence numbers and that frames are neither disposed
/// nor blended (how Lamina writes them).
public func decodeAPNG(_ data: Data) throws -> (frames: [[UInt8]], delays: [Double], width: Int, height: Int, loop: Int?) {
    let chunks = try pngChunks(data)
    guard let ihdr = chunks.first(where: { $0.type == "IHDR" })?.data else { throw AnimatedImageError(description: "no IHDR") }
    func be32(_ d: Data, _ o: Int) -> Int { d.dropFirst(o).prefix(4).reduce(0) { $0 << 8 | Int($1) } }
    func be16(_ d: Data, _ o: Int) -> Int { d.dropFirst(o).prefix(2).reduce(0) { $0 << 8 | Int($1) } }
    let w = be32(ihdr, 0), h = be32(ihdr, 4)
    var canvas = [UInt8](repeating: 0, count: w * h * 4)
    var frames: [[UInt8]] = [], delays: [Double] = []
    var loop: Int?
    var pending: (x: Int, y: Int, w: Int, h: Int)?
    var body = Data()
    var sequence = -1
    func flush() throws {
        guard let p = pending else { return }
        guard p.x + p.w <= w, p.y + p.h <= h else { throw AnimatedImageError(description: "frame outside the canvas") }
        var png = Data([137, 80, 78, 71, 13, 10, 26, 10])
        var hdr = ihdr
        hdr.replaceSubrange(0..<8, with: [UInt8(p.w >> 24), UInt8((p.w >> 16) & 255), UInt8((p.w >> 8) & 255), UInt8(p.w & 255),
                                          UInt8(p.h >> 24), UInt8((p.h >> 16) & 255), UInt8((p.h >> 8) & 255), UInt8(p.h & 255)])
        appendChunk("IHDR", hdr, to: &png)
        appendChunk("IDAT", body, to: &png)
        appendChunk("IEND", Data(), to: &png)
        let part = try CGImage.decodePNG(png).straightRGBA8()
        for y in 0..<p.h { for x in 0..<p.w { for c in 0..<4 { canvas[((p.y + y) * w + p.x + x) * 4 + c] = part[(y * p.w + x) * 4 + c] } } }
        frames.append(canvas)
        pending = nil
        body = Data()
    }
    func nextSequence(_ seq: Int) throws {
        guard seq == sequence + 1 else { throw AnimatedImageError(description: "sequence number \(seq) after \(sequence)") }
        sequence = seq
    }
    for (type, d) in chunks {
        switch type {
        case "acTL": loop = be32(d, 4)
        case "fcTL":
            try flush()
            try nextSequence(be32(d, 0))
            pending = (be32(d, 12), be32(d, 16), be32(d, 4), be32(d, 8))
            let den = be16(d, 22)
            delays.append(Double(be16(d, 20)) / Double(den == 0 ? 100 : den))
            guard d[24] == 0 && d[25] == 0 else { throw AnimatedImageError(description: "frame \(frames.count) disposes or blends") }
        case "IDAT": body.append(d)
        case "fdAT":
            try nextSequence(be32(d, 0))
            body.append(d.dropFirst(4))
        default: break
        }
    }
    try flush()
    return (frames, delays, w, h, loop)
}

/// An independent GIF reader for the tests (global palette, LZW, disposal 1 and 2): every
/// frame composited, as straight RGBA, with its delay in hundredths of a second and the loop count.
public func decodeGIF(_ bytes: [UInt8]) -> (frames: [[UInt8]], delays: [Int], loop: Int?) {
    var i = 6
    func u16() -> Int { defer { i += 2 }; return Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
    let w = u16(), h = u16()
    let flags = bytes[i]; i += 3
    var palette: [[UInt8]] = []
    if flags & 0x80 != 0 {
        for k in 0..<(1 << (Int(flags & 7) + 1)) { palette.append(Array(bytes[(i + 3 * k)..<(i + 3 * k + 3)])) }
        i += 3 * palette.count
    }
    var canvas = [UInt8](repeating: 0, count: w * h * 4)
    var frames: [[UInt8]] = [], delays: [Int] = []
    var loop: Int?
    var transparent = -1, disposal = 0, delay = 0
    while i < bytes.count {
        let b = bytes[i]; i += 1
        if b == 0x3B { break }
        if b == 0x21 {
            let label = bytes[i]; i += 1
            if label == 0xF9 {
                let packed = bytes[i + 1]
                disposal = Int(packed >> 2) & 7
                delay = Int(bytes[i + 2]) | Int(bytes[i + 3]) << 8
                transparent = packed & 1 != 0 ? Int(bytes[i + 4]) : -1
            }
            if label == 0xFF && String(decoding: bytes[(i + 1)..<(i + 12)], as: UTF8.self) == "NETSCAPE2.0" {
                loop = Int(bytes[i + 14]) | Int(bytes[i + 15]) << 8
            }
            while bytes[i] != 0 { i += Int(bytes[i]) + 1 }
            i += 1
            continue
        }
        // Image.
        let x0 = u16(), y0 = u16(), fw = u16(), fh = u16()
        i += 1
        let minSize = Int(bytes[i]); i += 1
        var stream: [UInt8] = []
        while bytes[i] != 0 { stream += bytes[(i + 1)..<(i + 1 + Int(bytes[i]))]; i += Int(bytes[i]) + 1 }
        i += 1
        // LZW decode.
        let clear = 1 << minSize, end = clear + 1
        var size = minSize + 1
        var dict: [[UInt8]] = (0..<clear).map { [UInt8($0)] } + [[], []]
        var out: [UInt8] = []
        var bitPos = 0
        var prev: [UInt8]?
        while bitPos + size <= stream.count * 8 {
            var code = 0
            for k in 0..<size where stream[(bitPos + k) >> 3] & (1 << ((bitPos + k) & 7)) != 0 { code |= 1 << k }
            bitPos += size
            if code == clear { dict = Array(dict.prefix(clear + 2)); size = minSize + 1; prev = nil; continue }
            if code == end { break }
            var entry: [UInt8]
            if code < dict.count { entry = dict[code] } else { entry = prev! + [prev![0]] }
            out += entry
            if let p = prev { dict.append(p + [entry[0]]) }
            prev = entry
            if dict.count >= (1 << size) && size < 12 { size += 1 }
        }
        for y in 0..<fh {
            for x in 0..<fw {
                let idx = Int(out[y * fw + x])
                if idx == transparent { continue }
                let o = ((y0 + y) * w + x0 + x) * 4
                canvas[o] = palette[idx][0]; canvas[o + 1] = palette[idx][1]; canvas[o + 2] = palette[idx][2]; canvas[o + 3] = 255
            }
        }
        frames.append(canvas)
        delays.append(delay)
        if disposal == 2 { canvas = [UInt8](repeating: 0, count: w * h * 4) }
    }
    return (frames, delays, loop)
}

