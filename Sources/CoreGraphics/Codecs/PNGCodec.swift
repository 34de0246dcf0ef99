import Synchronization
@_implementationOnly import CLibPNG
@_implementationOnly import CLaminaRaster

/// Why an image could not be decoded or encoded.
public enum CGImageCodecError: Error, Equatable, CustomStringConvertible {
    /// The bytes are not an image of the expected format, or are corrupt or truncated; the
    /// decoder's message says where.
    case corrupt(format: String, message: String)
    /// The image is larger than ``CGImage/maximumDecodedPixelCount``.
    case tooLarge(width: Int, height: Int)
    /// The image's pixel layout cannot be encoded in this format.
    case unsupportedLayout(String)

    public var description: String {
        switch self {
        case .corrupt(let f, let m): "\(f) data is corrupt or truncated: \(m)"
        case .tooLarge(let w, let h): "a \(w)x\(h) image exceeds the \(CGImage.maximumDecodedPixelCount)-pixel decoding limit"
        case .unsupportedLayout(let m): "unsupported pixel layout: \(m)"
        }
    }
}

extension CGImage {
    /// The largest image, in pixels, that the decoders accept: 2^26 (64 megapixels, 256 MiB of
    /// RGBA) unless lowered (Lamina API; values are clamped to 1…2^26). Larger images, and images
    /// wider or taller than 2^20 pixels, are refused with ``CGImageCodecError/tooLarge(width:height:)``
    /// before any pixel memory is allocated. A decoded image costs its RGBA bytes once; drawing
    /// it adds the sampler's copy and, when minified, a third of that again for its mipmaps, so a
    /// process bounding its memory per image lowers this.
    public static var maximumDecodedPixelCount: Int {
        get { decodeLimit.load(ordering: .relaxed) }
        set { decodeLimit.store(min(1 << 26, max(1, newValue)), ordering: .relaxed) }
    }
    private static let decodeLimit = Atomic<Int>(1 << 26)

    /// Decodes PNG data (any bit depth, palette, gray or colour, with or without alpha, sRGB
    /// assumed) into a premultiplied RGBA8 image.
    public static func decodePNG(_ data: Data) throws(CGImageCodecError) -> CGImage {
        try decodePNG(data, direct: true)
    }

    /// `decodePNG(_:)`, with the direct path for 8-bit RGB and RGBA files (`PNGDirectDecoder`;
    /// `always`: whatever the build) or (tests) libpng for every file.
    static func decodePNG(_ data: Data, direct: Bool, always: Bool = false) throws(CGImageCodecError) -> CGImage {
        if direct, case (let pixels, let w, let h)? = try PNGDirectDecoder.decode(data, always: always, premultiplied: true) {
            return try wrapDecodedRGBA(pixels, width: w, height: h, alpha: .premultipliedLast, format: "PNG")
        }
        var image = png_image()
        image.version = lamina_png_image_version
        let begun = data.withUnsafeBytes { raw in
            png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count)
        }
        guard begun != 0 else { throw .corrupt(format: "PNG", message: pngMessage(&image)) }
        defer { png_image_free(&image) }
        let w = Int(image.width), h = Int(image.height)
        guard w > 0, h > 0, w <= (1 << 20), h <= (1 << 20), w * h <= maximumDecodedPixelCount else {
            throw .tooLarge(width: w, height: h)
        }
        image.format = lamina_png_format_rgba
        let stride = w * 4
        // Decoded straight into the bytes the image keeps (no second copy of a large image).
        var pixels = Data(count: stride * h)
        let finished = pixels.withUnsafeMutableBytes { out in
            png_image_finish_read(&image, nil, out.baseAddress, Int32(stride), nil)
        }
        guard finished != 0 else { throw .corrupt(format: "PNG", message: pngMessage(&image)) }
        premultiplyRGBA(&pixels)
        return try wrapDecodedRGBA(pixels, width: w, height: h, alpha: .premultipliedLast, format: "PNG")
    }

    /// Multiplies each RGBA8 pixel's colour by its alpha, in place (the decoders' shared step).
    static func premultiplyRGBA(_ pixels: inout Data) {
        let count = pixels.count / 4
        pixels.withUnsafeMutableBytes { raw in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return }
            lamina_premultiply_rgba8(base, count)
        }
    }

    /// Decoded RGBA8 pixels, `width` x `height`, as an sRGB image (the decoders' shared step).
    static func wrapDecodedRGBA(_ pixels: Data, width: Int, height: Int, alpha: CGImageAlphaInfo,
                                format: String) throws(CGImageCodecError) -> CGImage {
        guard let provider = CGDataProvider(data: pixels),
              let img = CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
                                space: CGColorSpace.shared_sRGB, bitmapInfo: CGBitmapInfo(alphaInfo: alpha),
                                provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
        else { throw .corrupt(format: format, message: "could not wrap the decoded pixels") }
        return img
    }

    /// Creates an image from a provider of PNG data, as on Apple platforms; nil (with a
    /// diagnostic naming the problem) when the data cannot be decoded.
    public convenience init?(pngDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard let data = source.data else { return nil }
        let decoded: CGImage
        do { decoded = try CGImage.decodePNG(data) } catch {
            LaminaDiagnostics.report("CGImage(pngDataProviderSource:): \(error)")
            return nil
        }
        self.init(width: decoded.width, height: decoded.height, bitsPerComponent: 8, bitsPerPixel: 32,
                  bytesPerRow: decoded.bytesPerRow, space: decoded.colorSpace!, bitmapInfo: decoded.bitmapInfo,
                  provider: decoded.dataProvider!, decode: decode, shouldInterpolate: shouldInterpolate, intent: intent)
    }

    /// The image's pixels as straight (non-premultiplied) RGBA8 rows, top row first, whatever
    /// its layout: 32-bit premultiplied or straight RGBA/BGRA/ARGB/ABGR, 8-bit gray, or alpha-only.
    public func straightRGBA8() throws(CGImageCodecError) -> [UInt8] {
        guard let bytes = dataProvider?.data else { throw .unsupportedLayout("no pixel data") }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let info = alphaInfo
        let little = bitmapInfo.intersection(.byteOrderMask) == .byteOrder32Little
        let supported: Bool = switch (bitsPerPixel, info) {
        case (32, .premultipliedLast), (32, .premultipliedFirst), (32, .last), (32, .first),
             (32, .noneSkipLast), (32, .noneSkipFirst), (8, .none), (8, .alphaOnly): true
        default: false
        }
        guard supported else { throw .unsupportedLayout("\(bitsPerPixel) bits per pixel with alpha \(info)") }
        guard bytes.count >= bytesPerRow * height else { throw .unsupportedLayout("the pixel data is shorter than the image") }
        let (width, height, bytesPerRow) = (self.width, self.height, self.bytesPerRow)
        bytes.withUnsafeBytes { (src: UnsafeRawBufferPointer) in out.withUnsafeMutableBufferPointer { out in
            switch (bitsPerPixel, info) {
            case (32, .premultipliedLast), (32, .premultipliedFirst), (32, .last), (32, .first),
                 (32, .noneSkipLast), (32, .noneSkipFirst):
                let alphaFirst = info == .premultipliedFirst || info == .first || info == .noneSkipFirst
                // Byte positions of r, g, b, a in memory.
                let order: (Int, Int, Int, Int) = switch (alphaFirst, little) {
                case (false, false): (0, 1, 2, 3)
                case (false, true): (3, 2, 1, 0)
                case (true, false): (1, 2, 3, 0)
                case (true, true): (2, 1, 0, 3)
                }
                let premultiplied = info == .premultipliedLast || info == .premultipliedFirst
                let opaque = info == .noneSkipLast || info == .noneSkipFirst
                guard let s = src.bindMemory(to: UInt8.self).baseAddress, let d = out.baseAddress else { return }
                lamina_straight_rgba8_from_32(s, bytesPerRow, d, width, height, Int32(order.0), Int32(order.1), Int32(order.2),
                                              Int32(order.3), premultiplied ? 1 : opaque ? 2 : 0)
            case (8, .none), (8, .alphaOnly):
                for y in 0..<height {
                    for x in 0..<width {
                        let v = src[y * bytesPerRow + x], d = (y * width + x) * 4
                        if info == .alphaOnly { out[d + 3] = v } else { out[d] = v; out[d + 1] = v; out[d + 2] = v; out[d + 3] = 255 }
                    }
                }
            default:
                break
            }
        } }
        return out
    }

    /// Encodes the image as an 8-bit RGBA PNG (straight alpha, sRGB): rows filtered as libpng's
    /// adaptive filtering chooses and compressed by libdeflate (see `PNGEncoder`).
    public func pngData() throws(CGImageCodecError) -> Data {
        let rgba = try straightRGBA8()
        guard let data = PNGEncoder.encode(rgba: rgba, width: width, height: height) else {
            throw .corrupt(format: "PNG", message: "the compressor could not be allocated")
        }
        return data
    }

    private static func pngMessage(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
