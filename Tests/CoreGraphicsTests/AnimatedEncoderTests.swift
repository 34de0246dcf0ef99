import Testing
import Foundation
@testable import CoreGraphics
import LaminaTestSupport

/// Frames of a moving square on a background (opaque) or on transparency.
func squareFrames(count: Int, opaque: Bool) -> [CGImage] {
    (0..<count).map { k in
        let ctx = rgbaContext(40, 30)
        if opaque {
            ctx.setFillColor(red: 0.9, green: 0.9, blue: 0.8, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 30))
        }
        ctx.setFillColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)
        ctx.fill(CGRect(x: 2 + 4 * k, y: 5, width: 10, height: 10))
        return ctx.makeImage()!
    }
}

/// An independent APNG reader for the tests: every frame, composited.
func decodeAPNG(_ data: Data) throws -> (frames: [[UInt8]], delays: [Double], width: Int, height: Int) {
    let chunks = try PNGChunks.parse(data)
    let ihdr = chunks.first { $0.0 == "IHDR" }!.1
    func be32(_ d: Data, _ o: Int) -> Int { d.dropFirst(o).prefix(4).reduce(0) { $0 << 8 | Int($1) } }
    func be16(_ d: Data, _ o: Int) -> Int { d.dropFirst(o).prefix(2).reduce(0) { $0 << 8 | Int($1) } }
    let w = be32(ihdr, 0), h = be32(ihdr, 4)
    var canvas = [UInt8](repeating: 0, count: w * h * 4)
    var frames: [[UInt8]] = [], delays: [Double] = []
    var pending: (x: Int, y: Int, w: Int, h: Int)?
    var data = Data()
    var sequence = -1
    func flush() throws {
        guard let p = pending else { return }
        var png = Data(PNGChunks.signature)
        var hdr = ihdr
        hdr.replaceSubrange(0..<8, with: [UInt8(p.w >> 24), UInt8((p.w >> 16) & 255), UInt8((p.w >> 8) & 255), UInt8(p.w & 255),
                                          UInt8(p.h >> 24), UInt8((p.h >> 16) & 255), UInt8((p.h >> 8) & 255), UInt8(p.h & 255)])
        PNGChunks.write("IHDR", hdr, to: &png)
        PNGChunks.write("IDAT", data, to: &png)
        PNGChunks.write("IEND", Data(), to: &png)
        let part = try CGImage.decodePNG(png).straightRGBA8()
        for y in 0..<p.h { for x in 0..<p.w { for c in 0..<4 { canvas[((p.y + y) * w + p.x + x) * 4 + c] = part[(y * p.w + x) * 4 + c] } } }
        frames.append(canvas)
        pending = nil
        data = Data()
    }
    for (type, d) in chunks {
        switch type {
        case "fcTL":
            try flush()
            let seq = be32(d, 0)
            #expect(seq == sequence + 1)
            sequence = seq
            pending = (be32(d, 12), be32(d, 16), be32(d, 4), be32(d, 8))
            delays.append(Double(be16(d, 20)) / Double(be16(d, 22)))
            #expect(d[24] == 0 && d[25] == 0)        // dispose none, blend source
        case "IDAT": data.append(d)
        case "fdAT":
            let seq = be32(d, 0)
            #expect(seq == sequence + 1)
            sequence = seq
            data.append(d.dropFirst(4))
        default: break
        }
    }
    try flush()
    return (frames, delays, w, h)
}

/// An independent GIF reader for the tests (global palette, LZW, disposal 1 and 2).
func decodeGIF(_ bytes: [UInt8]) -> (frames: [[UInt8]], delays: [Int], loop: Int?) {
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

@Suite("APNG and GIF encoders")
struct AnimatedEncoderTests {
    @Test func apngFramesRoundTripExactly() throws {
        let frames = squareFrames(count: 5, opaque: true)
        let data = try APNGEncoder.encode(frames, frameDuration: 1.0 / 30)
        // The default image is the first frame (what a plain PNG reader shows).
        #expect(try CGImage.decodePNG(data).straightRGBA8() == frames[0].straightRGBA8())
        let decoded = try decodeAPNG(data)
        #expect(decoded.frames.count == 5 && decoded.width == 40 && decoded.height == 30)
        for (k, f) in frames.enumerated() { #expect(try decoded.frames[k] == f.straightRGBA8(), "frame \(k)") }
        #expect(decoded.delays.allSatisfy { abs($0 - 1.0 / 30) < 0.001 })
        // Later frames store only what changed: far smaller than five whole frames.
        let whole = try frames[0].pngData().count
        #expect(data.count < whole * 5)
        let chunks = try PNGChunks.parse(data)
        #expect(chunks.contains { $0.0 == "acTL" } && chunks.filter { $0.0 == "fcTL" }.count == 5)
    }

    @Test func apngTransparencyAndErrors() throws {
        let frames = squareFrames(count: 3, opaque: false)
        let decoded = try decodeAPNG(APNGEncoder.encode(frames, durations: [0.5, 0.25, 1]))
        for (k, f) in frames.enumerated() { #expect(try decoded.frames[k] == f.straightRGBA8()) }
        #expect(decoded.delays == [0.5, 0.25, 1])
        #expect(throws: CGImageCodecError.self) { try APNGEncoder.encode([], frameDuration: 1) }
        let other = rgbaContext(5, 5).makeImage()!
        #expect(throws: CGImageCodecError.self) { try APNGEncoder.encode([frames[0], other], frameDuration: 1) }
    }

    @Test func gifOpaqueAnimation() throws {
        let frames = squareFrames(count: 4, opaque: true)
        let data = try GIFEncoder.encode(frames, frameDuration: 0.1, dither: false)
        #expect(data.starts(with: Array("GIF89a".utf8)) && data.last == 0x3B)
        let g = decodeGIF([UInt8](data))
        #expect(g.frames.count == 4 && g.delays == [10, 10, 10, 10] && g.loop == 0)
        for (k, f) in frames.enumerated() {
            let px = try f.straightRGBA8()
            let worst = zip(px, g.frames[k]).map { abs(Int($0) - Int($1)) }.max()!
            #expect(worst <= 8, "frame \(k): \(worst)")          // few colours: near exact
        }
    }

    @Test func gifTransparencyAndManyColours() throws {
        let frames = squareFrames(count: 3, opaque: false)
        let g = decodeGIF([UInt8](try GIFEncoder.encode(frames, frameDuration: 0.05)))
        for (k, f) in frames.enumerated() {
            let px = try f.straightRGBA8()
            for i in stride(from: 0, to: px.count, by: 4) { #expect((px[i + 3] < 128) == (g.frames[k][i + 3] == 0)) }
        }
        // A smooth gradient (many colours): dithering keeps the mean error small.
        let ctx = rgbaContext(64, 16)
        for x in 0..<64 {
            ctx.setFillColor(red: CGFloat(x) / 63, green: 0.5, blue: 1 - CGFloat(x) / 63, alpha: 1)
            ctx.fill(CGRect(x: x, y: 0, width: 1, height: 16))
        }
        let img = ctx.makeImage()!
        let px = try img.straightRGBA8()
        let decoded = decodeGIF([UInt8](try GIFEncoder.encode([img], frameDuration: 1))).frames[0]
        let mean = zip(px, decoded).enumerated().filter { $0.offset % 4 != 3 }.map { abs(Int($0.element.0) - Int($0.element.1)) }
            .reduce(0, +) / (64 * 16 * 3)
        #expect(mean <= 6, "mean error \(mean)")
    }
}
