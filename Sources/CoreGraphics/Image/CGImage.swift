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

    public var description: String { "<CGImage \(width)x\(height) \(bitsPerPixel)bpp>" }
}
