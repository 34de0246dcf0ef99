@_implementationOnly import CTurboJPEG

extension CGImage {
    /// Decodes JPEG data (baseline or progressive, gray, YCbCr or CMYK) into an opaque RGBA8
    /// image, sRGB assumed.
    public static func decodeJPEG(_ data: Data) throws(CGImageCodecError) -> CGImage {
        guard let handle = tjInitDecompress() else { throw .corrupt(format: "JPEG", message: "could not start the decoder") }
        defer { tjDestroy(handle) }
        var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = data.withUnsafeBytes { raw -> Int32 in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return -1 }
            return tjDecompressHeader3(handle, base, UInt(raw.count), &w, &h, &subsampling, &colorspace)
        }
        guard header == 0 else { throw .corrupt(format: "JPEG", message: jpegError(handle)) }
        let width = Int(w), height = Int(h)
        guard width > 0, height > 0, width <= (1 << 20), height <= (1 << 20), width * height <= maximumDecodedPixelCount else {
            throw .tooLarge(width: width, height: height)
        }
        // Decoded straight into the bytes the image keeps (no second copy of a large image).
        var pixels = Data(count: width * height * 4)
        let result = data.withUnsafeBytes { raw -> Int32 in
            pixels.withUnsafeMutableBytes { out in
                tjDecompress2(handle, raw.bindMemory(to: UInt8.self).baseAddress, UInt(raw.count),
                              out.bindMemory(to: UInt8.self).baseAddress,
                              w, w * 4, h, Int32(TJPF_RGBA.rawValue), Int32(TJFLAG_ACCURATEDCT))
            }
        }
        // A warning (e.g. a truncated but still decodable stream) is not an error.
        guard result == 0 || tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else {
            throw .corrupt(format: "JPEG", message: jpegError(handle))
        }
        return try wrapDecodedRGBA(pixels, width: width, height: height, alpha: .noneSkipLast, format: "JPEG")
    }

    /// Creates an image from a provider of JPEG data, as on Apple platforms; nil (with a
    /// diagnostic naming the problem) when the data cannot be decoded.
    public convenience init?(jpegDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard let data = source.data else { return nil }
        let decoded: CGImage
        do { decoded = try CGImage.decodeJPEG(data) } catch {
            LaminaDiagnostics.report("CGImage(jpegDataProviderSource:): \(error)")
            return nil
        }
        self.init(width: decoded.width, height: decoded.height, bitsPerComponent: 8, bitsPerPixel: 32,
                  bytesPerRow: decoded.bytesPerRow, space: decoded.colorSpace!, bitmapInfo: decoded.bitmapInfo,
                  provider: decoded.dataProvider!, decode: decode, shouldInterpolate: shouldInterpolate, intent: intent)
    }

    /// Encodes the image as a baseline JPEG at `quality` in [0, 1] (4:2:0 chroma subsampling
    /// below 0.9, 4:4:4 from there). Transparent pixels are composited on black, as JPEG has no
    /// alpha.
    public func jpegData(quality: CGFloat) throws(CGImageCodecError) -> Data {
        var rgba = try straightRGBA8()
        // Premultiply: composite onto black.
        for i in stride(from: 0, to: rgba.count, by: 4) {
            let a = UInt32(rgba[i + 3])
            if a != 255 { for c in 0..<3 { rgba[i + c] = UInt8(mul255(UInt32(rgba[i + c]), a)) } }
        }
        guard let handle = tjInitCompress() else { throw .corrupt(format: "JPEG", message: "could not start the encoder") }
        defer { tjDestroy(handle) }
        let q = Int32(max(1, min(100, (quality.isFinite ? quality : 0.75) * 100)))
        let subsampling = q >= 90 ? Int32(TJSAMP_444.rawValue) : Int32(TJSAMP_420.rawValue)
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let result = rgba.withUnsafeBufferPointer { src in
            tjCompress2(handle, src.baseAddress, Int32(width), Int32(width * 4), Int32(height), Int32(TJPF_RGBA.rawValue),
                        &out, &size, subsampling, q, Int32(TJFLAG_ACCURATEDCT))
        }
        defer { if let out { tjFree(out) } }
        guard result == 0, let out else { throw .corrupt(format: "JPEG", message: CGImage.jpegError(handle)) }
        return Data(bytes: out, count: Int(size))
    }

    private static func jpegError(_ handle: tjhandle) -> String {
        guard let c = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: c)
    }
}
