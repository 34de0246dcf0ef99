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
