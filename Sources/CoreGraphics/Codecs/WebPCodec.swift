import Foundation
@_implementationOnly import CLibWebP

extension CGImage {
    /// Decodes a WebP image (lossy or lossless, with or without alpha, sRGB assumed) into a
    /// premultiplied RGBA8 image, as Apple's image decoding does since iOS 14; an animated WebP
    /// gives its first frame, as `UIImage(data:)` does. Images (an animation's canvas) beyond
    /// ``maximumDecodedPixelCount`` are refused before any pixel memory is allocated.
    @_spi(Lamina) public static func decodeWebP(_ data: Data) throws(CGImageCodecError) -> CGImage {
        var features = WebPBitstreamFeatures()
        let status = data.withUnsafeBytes { raw -> VP8StatusCode in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return VP8_STATUS_NOT_ENOUGH_DATA }
            return WebPGetFeatures(base, raw.count, &features)
        }
        guard status == VP8_STATUS_OK else { throw .corrupt(format: "WebP", message: webpMessage(status)) }
        let w = Int(features.width), h = Int(features.height)
        guard w > 0, h > 0, w <= (1 << 20), h <= (1 << 20), w * h <= maximumDecodedPixelCount else {
            throw .tooLarge(width: w, height: h)
        }
        if features.has_animation != 0 { return try firstWebPFrame(data, width: w, height: h) }
        let stride = w * 4
        // Decoded straight into the bytes the image keeps (no second copy of a large image).
        var pixels = Data(count: stride * h)
        let decoded = data.withUnsafeBytes { raw -> Bool in
            pixels.withUnsafeMutableBytes { out -> Bool in
                guard let src = raw.bindMemory(to: UInt8.self).baseAddress,
                      let dst = out.bindMemory(to: UInt8.self).baseAddress else { return false }
                return WebPDecodeRGBAInto(src, raw.count, dst, out.count, Int32(stride)) != nil
            }
        }
        guard decoded else { throw .corrupt(format: "WebP", message: "the image data could not be decoded") }
        if features.has_alpha != 0 { premultiplyRGBA(&pixels) }
        return try wrapDecodedRGBA(pixels, width: w, height: h, alpha: features.has_alpha != 0 ? .premultipliedLast : .noneSkipLast,
                                   format: "WebP")
    }

    /// The first frame of an animated WebP on its `width` x `height` canvas, premultiplied.
    private static func firstWebPFrame(_ data: Data, width w: Int, height h: Int) throws(CGImageCodecError) -> CGImage {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            throw .corrupt(format: "WebP", message: "could not start the animation decoder")
        }
        options.color_mode = MODE_RGBA      // premultiplied here, with the still images' rounding
        options.use_threads = 0
        let pixels: Data? = data.withUnsafeBytes { raw -> Data? in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return nil }
            var webp = WebPData(bytes: base, size: raw.count)
            guard let decoder = WebPAnimDecoderNew(&webp, &options) else { return nil }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0, Int(info.canvas_width) == w, Int(info.canvas_height) == h
            else { return nil }
            var frame: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else { return nil }
            return Data(bytes: frame, count: w * h * 4)
        }
        guard var pixels else { throw .corrupt(format: "WebP", message: "the animation's first frame could not be decoded") }
        premultiplyRGBA(&pixels)
        return try wrapDecodedRGBA(pixels, width: w, height: h, alpha: .premultipliedLast, format: "WebP")
    }

    /// Whether `data` starts as a WebP file does (`RIFF`, a size, `WEBP`).
    @_spi(Lamina) public static func isWebP(_ data: Data) -> Bool {
        data.count >= 12 && data.starts(with: [0x52, 0x49, 0x46, 0x46])
            && data.dropFirst(8).prefix(4).elementsEqual([0x57, 0x45, 0x42, 0x50])
    }

    /// Decodes PNG, JPEG or WebP data, told apart by their signatures (anything else is tried as
    /// JPEG, whose decoder names the problem).
    @_spi(Lamina) public static func decodeImageData(_ data: Data) throws(CGImageCodecError) -> CGImage {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return try decodePNG(data) }
        if isWebP(data) { return try decodeWebP(data) }
        return try decodeJPEG(data)
    }

    private static func webpMessage(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: "out of memory"
        case VP8_STATUS_INVALID_PARAM: "an invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: "a bitstream error"
        case VP8_STATUS_UNSUPPORTED_FEATURE: "a feature the decoder does not support"
        case VP8_STATUS_SUSPENDED: "decoding suspended"
        case VP8_STATUS_USER_ABORT: "decoding aborted"
        case VP8_STATUS_NOT_ENOUGH_DATA: "the data ends early"
        default: "status \(status.rawValue)"
        }
    }
}
