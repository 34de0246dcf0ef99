import Testing
import Foundation
@testable import CoreGraphics
import LaminaTestSupport

/// `APNGDecoder`: Lamina's own APNGs read back exactly, the specification's blending and
/// disposal, and malformed or oversized files as typed errors.
@Suite("APNG decoder")
struct APNGDecoderTests {
    @Test func readsWhatTheEncoderWrites() throws {
        for opaque in [true, false] {
            let frames = squareFrames(count: 6, opaque: opaque)
            let decoded = try APNGDecoder.decode(APNGEncoder.encode(frames, durations: [0.1, 0.2, 0.3, 0.4, 0.5, 0.25], loopCount: 3))
            #expect(decoded.frames.count == 6 && decoded.loopCount == 3)
            #expect(decoded.delays == [0.1, 0.2, 0.3, 0.4, 0.5, 0.25])
            for (k, f) in frames.enumerated() {
                #expect(try decoded.frames[k].straightRGBA8() == f.straightRGBA8(), "frame \(k), opaque \(opaque)")
            }
        }
        // A plain PNG is one frame.
        let still = try APNGDecoder.decode(squareFrames(count: 1, opaque: true)[0].pngData())
        #expect(still.frames.count == 1 && still.frames[0].width == 40)
    }

    /// A 4 x 1 APNG built by hand: frame 0 fills the canvas; frame 1 (1 x 1 at x = 1) is drawn
    /// with `blend` and then disposed with `dispose`; frame 2 (1 x 1 at x = 3) shows the canvas
    /// after that disposal.
    static func handMade(blend: UInt8, dispose: UInt8) throws -> Data {
        /// The chunks of a PNG of one row of straight RGBA pixels, written by Lamina's encoder.
        func png(_ w: Int, _ pixels: [UInt8]) throws -> [(String, Data)] {
            let image = CGImage(width: w, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: w * 4,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .last),
                                provider: CGDataProvider(data: Data(pixels))!, decode: nil, shouldInterpolate: false,
                                intent: .defaultIntent)!
            return try PNGChunks.parse(image.pngData())
        }
        func be32(_ v: Int) -> Data { APNGDecoder.bytesBE(UInt32(v)) }
        func fcTL(_ seq: Int, w: Int, x: Int, dispose: UInt8, blend: UInt8) -> Data {
            be32(seq) + be32(w) + be32(1) + be32(x) + be32(0) + Data([0, 1, 0, 10, dispose, blend])
        }
        let base = try png(4, [255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255])  // red red red blue
        let half = try png(1, [0, 255, 0, 128])      // green at half alpha
        let white = try png(1, [255, 255, 255, 255])
        var out = Data(PNGChunks.signature)
        PNGChunks.write("IHDR", base.first { $0.0 == "IHDR" }!.1, to: &out)
        PNGChunks.write("acTL", be32(3) + be32(0), to: &out)
        PNGChunks.write("fcTL", fcTL(0, w: 4, x: 0, dispose: 0, blend: 0), to: &out)
        for (t, d) in base where t == "IDAT" { PNGChunks.write("IDAT", d, to: &out) }
        PNGChunks.write("fcTL", fcTL(1, w: 1, x: 1, dispose: dispose, blend: blend), to: &out)
        PNGChunks.write("fdAT", be32(2) + half.first { $0.0 == "IDAT" }!.1, to: &out)
        PNGChunks.write("fcTL", fcTL(3, w: 1, x: 3, dispose: 0, blend: 0), to: &out)
        PNGChunks.write("fdAT", be32(4) + white.first { $0.0 == "IDAT" }!.1, to: &out)
        PNGChunks.write("IEND", Data(), to: &out)
        return out
    }

    @Test func blendsAndDisposesAsTheSpecificationSays() throws {
        func pixel(_ img: CGImage, _ x: Int) throws -> [UInt8] { Array(try img.straightRGBA8()[(x * 4)..<(x * 4 + 4)]) }
        // SOURCE: the half-transparent green replaces red; OVER: it is drawn over red.
        let source = try APNGDecoder.decode(Self.handMade(blend: 0, dispose: 0))
        #expect(try pixel(source.frames[1], 1) == [0, 255, 0, 128])
        let over = try APNGDecoder.decode(Self.handMade(blend: 1, dispose: 0))
        let mixed = try pixel(over.frames[1], 1)
        #expect(mixed[3] == 255 && abs(Int(mixed[0]) - 127) <= 1 && abs(Int(mixed[1]) - 128) <= 1 && mixed[2] == 0)
        // After NONE the green stays; after BACKGROUND the region is transparent; after
        // PREVIOUS it is red again. Frame 2 paints x = 3 white in each case.
        #expect(try pixel(source.frames[2], 1) == [0, 255, 0, 128])
        let background = try APNGDecoder.decode(Self.handMade(blend: 0, dispose: 1))
        #expect(try pixel(background.frames[2], 1)[3] == 0)
        let previous = try APNGDecoder.decode(Self.handMade(blend: 0, dispose: 2))
        #expect(try pixel(previous.frames[2], 1) == [255, 0, 0, 255])
        #expect(try pixel(previous.frames[2], 3) == [255, 255, 255, 255])
        #expect(try pixel(previous.frames[2], 0) == [255, 0, 0, 255])
        #expect(previous.delays == [0.1, 0.1, 0.1])
    }

    @Test func aDefaultImageBeforeTheFirstFrameControlIsNotAFrame() throws {
        let frames = squareFrames(count: 2, opaque: true)
        let chunks = try PNGChunks.parse(APNGEncoder.encode(frames, frameDuration: 0.1))
        // IHDR, acTL, then the default image (frame 0's data) outside the animation, then every
        // frame as fcTL + fdAT, sequence numbers renumbered.
        let idat = chunks.first { $0.0 == "IDAT" }!.1
        var list: [(String, Data)] = chunks.filter { $0.0 == "IHDR" || $0.0 == "acTL" } + [("IDAT", idat)]
        var seq: UInt32 = 0
        for (type, data) in chunks where type == "fcTL" || type == "fdAT" || type == "IDAT" {
            var d = type == "IDAT" ? APNGDecoder.bytesBE(0) + data : data
            d.replaceSubrange(0..<4, with: APNGDecoder.bytesBE(seq))
            seq += 1
            list.append((type == "fcTL" ? "fcTL" : "fdAT", d))
        }
        var out = Data(PNGChunks.signature)
        for (t, d) in list + [("IEND", Data())] { PNGChunks.write(t, d, to: &out) }
        let decoded = try APNGDecoder.decode(out)
        #expect(decoded.frames.count == 2)
        for k in 0..<2 { #expect(try decoded.frames[k].straightRGBA8() == frames[k].straightRGBA8(), "frame \(k)") }
    }

    @Test func malformedAndOversizedFilesAreTypedErrors() throws {
        let good = try APNGEncoder.encode(squareFrames(count: 3, opaque: true), frameDuration: 0.1)
        var chunks = try PNGChunks.parse(good)
        func rebuilt(_ list: [(String, Data)]) -> Data {
            var out = Data(PNGChunks.signature)
            for (t, d) in list { PNGChunks.write(t, d, to: &out) }
            return out
        }
        func fails(_ data: Data, _ words: String) {
            do {
                _ = try APNGDecoder.decode(data)
                Issue.record("decoded; expected an error mentioning \(words)")
            } catch {
                #expect("\(error)".contains(words), "\(error)")
            }
        }
        fails(Data("GIF89a".utf8), "no PNG signature")
        fails(good.prefix(good.count / 2), "truncated")
        // 10^6 frames declared (and a million frame controls would be needed): refused.
        let actl = chunks.firstIndex { $0.0 == "acTL" }!
        chunks[actl].1 = APNGDecoder.bytesBE(1_000_000) + APNGDecoder.bytesBE(0)
        fails(rebuilt(chunks), "declares 1000000 frames")
        // A frame outside the canvas.
        chunks = try PNGChunks.parse(good)
        let second = chunks.indices.filter { chunks[$0].0 == "fcTL" }[1]
        chunks[second].1.replaceSubrange(12..<16, with: APNGDecoder.bytesBE(39))
        fails(rebuilt(chunks), "outside the 40x30 canvas")
        // Sequence numbers out of order.
        chunks = try PNGChunks.parse(good)
        chunks[second].1.replaceSubrange(0..<4, with: APNGDecoder.bytesBE(7))
        fails(rebuilt(chunks), "sequence number 7")
        // Many frames of a large canvas: over the total limit before anything is decoded.
        let many = (0..<2).map { _ in rgbaContext(4096, 4096).makeImage()! }
        let big = try APNGEncoder.encode(many, frameDuration: 0.1)
        chunks = try PNGChunks.parse(big)
        var list = chunks.filter { $0.0 != "IEND" }
        let fc = chunks.first { $0.0 == "fcTL" && APNGDecoder.be32($0.1, 0) == 1 }!
        let fd = chunks.first { $0.0 == "fdAT" }!
        var seq = chunks.filter { $0.0 == "fcTL" || $0.0 == "fdAT" }.count
        for _ in 0..<20 {
            var c = fc.1; c.replaceSubrange(0..<4, with: APNGDecoder.bytesBE(UInt32(seq))); seq += 1
            var d = fd.1; d.replaceSubrange(0..<4, with: APNGDecoder.bytesBE(UInt32(seq))); seq += 1
            list.append(("fcTL", c)); list.append(("fdAT", d))
        }
        let a = list.firstIndex { $0.0 == "acTL" }!
        list[a].1 = APNGDecoder.bytesBE(22) + APNGDecoder.bytesBE(0)
        list.append(("IEND", Data()))
        fails(rebuilt(list), "pixels in all")
    }
}
