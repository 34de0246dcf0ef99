import Foundation

/// Pixel memory shared between the code that draws it and the images made of it, without
/// copying (Lamina SPI: a renderer hands out each frame as a `CGImage` over its bitmap, and
/// copies the bitmap only if the caller still holds the previous frame's image when the next
/// frame is drawn; check with `isKnownUniquelyReferenced`).
@_spi(Lamina) public final class PixelStorage: @unchecked Sendable {
    /// The memory.
    public let bytes: UnsafeMutableRawPointer
    /// Its size in bytes.
    public let count: Int

    /// `count` zeroed bytes (zero pages the system provides lazily for large sizes).
    public init(count: Int) {
        self.count = max(1, count)
        bytes = calloc(self.count, 1)!
    }

    private init(copying other: PixelStorage) {
        count = other.count
        bytes = malloc(count)!
        bytes.copyMemory(from: other.bytes, byteCount: count)
    }

    /// A copy of the memory.
    public func copy() -> PixelStorage { PixelStorage(copying: self) }

    deinit { free(bytes) }
}

extension CGImage {
    /// A premultiplied RGBA image (red first, alpha last; device RGB) over `storage`'s bytes,
    /// without copying them; the image keeps the storage alive (Lamina SPI).
    @_spi(Lamina) public convenience init?(sharing storage: PixelStorage, width: Int, height: Int, bytesPerRow: Int) {
        guard bytesPerRow * height <= storage.count else { return nil }
        let data = Data(bytesNoCopy: storage.bytes, count: bytesPerRow * height,
                        deallocator: .custom { _, _ in withExtendedLifetime(storage) {} })
        guard let provider = CGDataProvider(data: data) else { return nil }
        self.init(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: bytesPerRow,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                  provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }

    /// A premultiplied RGBA image of `words` (each pixel's bytes red, green, blue, alpha in
    /// memory), which a context of that byte order draws without converting its pixels
    /// (Lamina SPI: pixels the compositor makes every frame).
    @_spi(Lamina) public convenience init?(premultipliedRGBAWords words: [UInt32], width: Int, height: Int) {
        guard width > 0, height > 0, words.count == width * height else { return nil }
        let data = words.withUnsafeBytes { Data($0) }
        guard let provider = CGDataProvider(data: data) else { return nil }
        self.init(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                  provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
        #if _endian(little)
        // The words are already what sampling in red, green, blue, alpha byte order makes.
        samplingCache.set(0 | 1 << 2 | 2 << 4 | 3 << 6, SampledImage(width: width, height: height, pixels: words))
        #endif
    }
}
