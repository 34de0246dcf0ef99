import Foundation

/// Reads animated PNGs (Lamina API): every frame composited onto the canvas as the APNG
/// specification says (regions, `OVER` and `SOURCE` blending, `NONE`, `BACKGROUND` and
/// `PREVIOUS` disposal), with its delay and the loop count. A PNG without an animation
/// control chunk reads as one frame.
///
/// Limits: the canvas and each frame within ``CGImage/maximumDecodedPixelCount``; at most
/// ``maximumFrameCount`` frames; at most ``maximumTotalPixelCount`` pixels over all frames
/// (each decoded frame is kept). Larger or malformed files throw ``CGImageCodecError`` before
/// the frames' memory is allocated.
public enum APNGDecoder {
    /// The most frames read (10,000).
    public static let maximumFrameCount = 10_000
    /// The most pixels over all frames (2^28: 1 GiB of RGBA).
    public static let maximumTotalPixelCount = 1 << 28

    /// The frames (premultiplied RGBA, sRGB, each the canvas's size), their delays in seconds,
    /// and how many times the animation plays (0: forever).
    public static func decode(_ data: Data) throws(CGImageCodecError) -> (frames: [CGImage], delays: [Double], loopCount: Int) {
        let chunks = try PNGChunks.parse(data)
        guard let ihdr = chunks.first, ihdr.0 == "IHDR", ihdr.1.count == 13 else { throw corrupt("no IHDR chunk first") }
        guard let actl = chunks.first(where: { $0.0 == "acTL" })?.1 else {
            let still = try CGImage.decodePNG(data)
            return ([still], [0], 0)
        }
        guard actl.count == 8 else { throw corrupt("an acTL chunk of \(actl.count) bytes") }
        let width = be32(ihdr.1, 0), height = be32(ihdr.1, 4)
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20 else { throw .tooLarge(width: width, height: height) }
        guard width * height <= CGImage.maximumDecodedPixelCount else { throw .tooLarge(width: width, height: height) }
        let declared = be32(actl, 0), loopCount = be32(actl, 4)
        let fcTLs = chunks.reduce(0) { $0 + ($1.0 == "fcTL" ? 1 : 0) }
        guard declared > 0, declared == fcTLs else {
            throw corrupt("acTL declares \(declared) frames, the file has \(fcTLs) frame control chunks")
        }
        guard declared <= maximumFrameCount else {
            throw .unsupportedLayout("APNG: \(declared) frames, more than the \(maximumFrameCount) read")
        }
        guard declared * width * height <= maximumTotalPixelCount else {
            throw .unsupportedLayout("APNG: \(declared) frames of \(width)x\(height), more than \(maximumTotalPixelCount) pixels in all")
        }
        // Chunks every frame's PNG needs: the palette, transparency and colour information.
        let shared = chunks.filter { ["PLTE", "tRNS", "gAMA", "sRGB", "iCCP", "cHRM", "sBIT"].contains($0.0) }

        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        var frames: [CGImage] = [], delays: [Double] = []
        var control: Control?
        var body = Data()
        var sequence = -1
        var seenIDAT = false

        func finish() throws(CGImageCodecError) {
            guard let c = control else { return }
            control = nil
            guard !body.isEmpty else { throw corrupt("frame \(frames.count) has no image data") }
            var png = Data(PNGChunks.signature)
            var header = ihdr.1
            header.replaceSubrange(0..<8, with: bytesBE(UInt32(c.width)) + bytesBE(UInt32(c.height)))
            PNGChunks.write("IHDR", header, to: &png)
            for (type, d) in shared { PNGChunks.write(type, d, to: &png) }
            PNGChunks.write("IDAT", body, to: &png)
            PNGChunks.write("IEND", Data(), to: &png)
            body = Data()
            let part = try CGImage.decodePNG(png).straightRGBA8()
            let saved = c.dispose == 2 && !frames.isEmpty ? canvas : nil
            composite(part, c, onto: &canvas, canvasWidth: width)
            frames.append(try image(canvas, width: width, height: height))
            delays.append(Double(c.delayNumerator) / Double(c.delayDenominator == 0 ? 100 : c.delayDenominator))
            if let saved {
                canvas = saved
            } else if c.dispose != 0 {
                // BACKGROUND (and PREVIOUS on the first frame): the region becomes transparent.
                for y in c.y..<(c.y + c.height) {
                    let row = (y * width + c.x) * 4
                    for i in row..<(row + c.width * 4) { canvas[i] = 0 }
                }
            }
        }
        func next(_ seq: Int) throws(CGImageCodecError) {
            guard seq == sequence + 1 else { throw corrupt("sequence number \(seq) after \(sequence)") }
            sequence = seq
        }

        for (type, d) in chunks {
            switch type {
            case "fcTL":
                try finish()
                guard d.count == 26 else { throw corrupt("an fcTL chunk of \(d.count) bytes") }
                try next(be32(d, 0))
                let c = Control(width: be32(d, 4), height: be32(d, 8), x: be32(d, 12), y: be32(d, 16),
                                delayNumerator: be16(d, 20), delayDenominator: be16(d, 22), dispose: Int(d[d.startIndex + 24]),
                                blend: Int(d[d.startIndex + 25]))
                guard c.width > 0, c.height > 0, c.x + c.width <= width, c.y + c.height <= height else {
                    throw corrupt("frame \(frames.count) (\(c.width)x\(c.height) at \(c.x), \(c.y)) is outside the \(width)x\(height) canvas")
                }
                guard c.dispose <= 2, c.blend <= 1 else { throw corrupt("frame \(frames.count) has dispose \(c.dispose), blend \(c.blend)") }
                if frames.isEmpty && !seenIDAT && (c.x != 0 || c.y != 0 || c.width != width || c.height != height) {
                    throw corrupt("the first frame does not cover the canvas")
                }
                control = c
            case "IDAT":
                seenIDAT = true
                // The default image is the first frame only when an fcTL came before it.
                if control != nil && frames.isEmpty { body.append(d) }
            case "fdAT":
                guard d.count > 4 else { throw corrupt("an empty fdAT chunk") }
                try next(be32(d, 0))
                guard control != nil else { throw corrupt("image data without a frame control chunk") }
                body.append(d.dropFirst(4))
            default: break
            }
        }
        try finish()
        return (frames, delays, loopCount)
    }

    struct Control {
        var width: Int, height: Int, x: Int, y: Int
        var delayNumerator: Int, delayDenominator: Int
        var dispose: Int, blend: Int
    }

    /// Draws a frame's straight RGBA pixels into its region: replacing them (`SOURCE`) or over
    /// them (`OVER`).
    static func composite(_ part: [UInt8], _ c: Control, onto canvas: inout [UInt8], canvasWidth: Int) {
        for y in 0..<c.height {
            let src = y * c.width * 4, dst = ((c.y + y) * canvasWidth + c.x) * 4
            if c.blend == 0 {
                canvas.replaceSubrange(dst..<(dst + c.width * 4), with: part[src..<(src + c.width * 4)])
                continue
            }
            for x in 0..<c.width {
                let s = src + x * 4, d = dst + x * 4
                let sa = Int(part[s + 3])
                if sa == 255 { for k in 0..<4 { canvas[d + k] = part[s + k] }; continue }
                if sa == 0 { continue }
                let da = Int(canvas[d + 3])
                // Straight alpha "over", in units of 255 * 255.
                let outA = sa * 255 + da * (255 - sa)
                for k in 0..<3 {
                    let v = (Int(part[s + k]) * sa * 255 + Int(canvas[d + k]) * da * (255 - sa) + outA / 2) / outA
                    canvas[d + k] = UInt8(min(255, v))
                }
                canvas[d + 3] = UInt8((outA + 127) / 255)
            }
        }
    }

    /// The canvas as a premultiplied image.
    static func image(_ straight: [UInt8], width: Int, height: Int) throws(CGImageCodecError) -> CGImage {
        var pixels = Data(straight)
        CGImage.premultiplyRGBA(&pixels)
        return try CGImage.wrapDecodedRGBA(pixels, width: width, height: height, alpha: .premultipliedLast, format: "APNG")
    }

    static func corrupt(_ message: String) -> CGImageCodecError { .corrupt(format: "APNG", message: message) }
    static func be32(_ d: Data, _ offset: Int) -> Int {
        let i = d.startIndex + offset
        return Int(d[i]) << 24 | Int(d[i + 1]) << 16 | Int(d[i + 2]) << 8 | Int(d[i + 3])
    }
    static func be16(_ d: Data, _ offset: Int) -> Int { Int(d[d.startIndex + offset]) << 8 | Int(d[d.startIndex + offset + 1]) }
    static func bytesBE(_ v: UInt32) -> Data { Data([UInt8(v >> 24), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)]) }
}
