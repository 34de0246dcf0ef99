/// How alpha is stored in a bitmap.
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}

/// Layout flags of a bitmap: the alpha info in the low five bits, then byte order and float flags.
public struct CGBitmapInfo: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)

    /// Flags carrying only the given alpha info.
    public init(alphaInfo: CGImageAlphaInfo) { rawValue = alphaInfo.rawValue }
}

/// How colours are mapped between colour spaces.
public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent, absoluteColorimetric, relativeColorimetric, perceptual, saturation
}

/// A source of bytes for an image.
public final class CGDataProvider: @unchecked Sendable {
    /// The provider's bytes.
    public let data: CFData?
    /// A provider over a copy of `data`.
    public init?(data: CFData) { self.data = data }
}

/// An immutable bitmap image.
public final class CGImage: @unchecked Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    public let bitsPerComponent: Int
    public let bitsPerPixel: Int
    public let bytesPerRow: Int
    public let colorSpace: CGColorSpace?
    public let bitmapInfo: CGBitmapInfo
    public let dataProvider: CGDataProvider?
    public let shouldInterpolate: Bool
    public let renderingIntent: CGColorRenderingIntent
    /// Premultiplied words for drawing, made on first use.
    let samplingCache = SamplingCache()

    /// The alpha info part of ``bitmapInfo``.
    public var alphaInfo: CGImageAlphaInfo {
        CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none
    }

    /// Creates an image over the bytes of `provider`. Returns nil when the geometry is not
    /// positive or the provider holds fewer bytes than `bytesPerRow × height`.
    public init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                 space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
                 decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard width > 0, height > 0, bitsPerComponent > 0, bitsPerPixel >= bitsPerComponent,
              bytesPerRow >= (width * bitsPerPixel + 7) / 8,
              let data = provider.data, data.count >= bytesPerRow * height else { return nil }
        self.width = width; self.height = height
        self.bitsPerComponent = bitsPerComponent; self.bitsPerPixel = bitsPerPixel
        self.bytesPerRow = bytesPerRow; self.colorSpace = space; self.bitmapInfo = bitmapInfo
        self.dataProvider = provider; self.shouldInterpolate = shouldInterpolate; self.renderingIntent = intent
    }

    /// The part of the image inside `rect` (in pixels, origin at the top left), or nil when they
    /// do not overlap.
    public func cropping(to rect: CGRect) -> CGImage? {
        guard rect.isFinite else { return nil }
        let r = rect.standardized.integral.intersection(CGRect(x: 0, y: 0, width: width, height: height))
        guard !r.isNull, r.width >= 1, r.height >= 1, let data = dataProvider?.data else { return nil }
        let bpp = bitsPerPixel / 8
        guard bpp >= 1 else { return nil }
        let x0 = Int(r.minX), y0 = Int(r.minY), w = Int(r.width), h = Int(r.height)
        var out = Data(count: w * bpp * h)
        out.withUnsafeMutableBytes { o in
            data.withUnsafeBytes { src in
                for row in 0..<h {
                    let from = (y0 + row) * bytesPerRow + x0 * bpp
                    o.baseAddress!.advanced(by: row * w * bpp).copyMemory(from: src.baseAddress!.advanced(by: from), byteCount: w * bpp)
                }
            }
        }
        guard let provider = CGDataProvider(data: out), let space = colorSpace else { return nil }
        return CGImage(width: w, height: h, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                       bytesPerRow: w * bpp, space: space, bitmapInfo: bitmapInfo, provider: provider, decode: nil,
                       shouldInterpolate: shouldInterpolate, intent: renderingIntent)
    }

    public var description: String { "<CGImage \(width)x\(height) \(bitsPerPixel)bpp>" }
}
