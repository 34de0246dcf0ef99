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

    /// `count` zeroed bytes: memory a freed storage of the same size left (``recycledByteLimit``),
    /// cleared, or new memory (zero pages the system provides lazily for large sizes).
    public init(count: Int) {
        self.count = max(1, count)
        if let p = PixelStorage.takeRecycled(self.count) {
            memset(p, 0, self.count)
            bytes = p
        } else {
            bytes = calloc(self.count, 1)!
        }
    }

    /// `count` bytes of unspecified content, for a caller that writes every one of them first
    /// (a backing store filled with its opaque colour): recycled memory is not cleared.
    public init(uninitializedCount count: Int) {
        self.count = max(1, count)
        bytes = PixelStorage.takeRecycled(self.count) ?? malloc(self.count)!
    }

    private init(copying other: PixelStorage) {
        count = other.count
        bytes = PixelStorage.takeRecycled(count) ?? malloc(count)!
        bytes.copyMemory(from: other.bytes, byteCount: count)
    }

    /// A copy of the memory.
    public func copy() -> PixelStorage { PixelStorage(copying: self) }

    /// The first `count` bytes as `Data` that keeps this storage alive instead of copying it
    /// (an image's pixels).
    public func data(count: Int) -> Data {
        Data(bytesNoCopy: bytes, count: min(count, self.count), deallocator: .custom { _, _ in withExtendedLifetime(self) {} })
    }

    deinit { if !PixelStorage.recycle(bytes, count) { free(bytes) } }

    // Backing stores and frames are made and freed at the same few sizes, frame after frame:
    // memory new from the system costs a page fault per 4 KiB written the first time (a 2x text
    // layer of 360 × 120 points, 169 of them), more than clearing memory already in use. Freed
    // storages of 64 KiB or more are kept for the next one of their size.

    /// The most bytes freed storages keep for reuse: 64 MiB.
    public static let recycledByteLimit = 64 << 20
    private static let recycled = Locked<(blocks: [Int: [UnsafeMutableRawPointer]], bytes: Int)>(([:], 0))

    private static func takeRecycled(_ count: Int) -> UnsafeMutableRawPointer? {
        guard count >= 1 << 16 else { return nil }
        return recycled.withLock { r in
            guard let p = r.blocks[count]?.popLast() else { return nil }
            r.bytes -= count
            return p
        }
    }

    /// Keeps `p` for reuse; false when it is too small or the kept memory is full.
    private static func recycle(_ p: UnsafeMutableRawPointer, _ count: Int) -> Bool {
        guard count >= 1 << 16, count <= recycledByteLimit / 4 else { return false }
        return recycled.withLock { r in
            guard r.bytes + count <= recycledByteLimit else { return false }
            r.blocks[count, default: []].append(p)
            r.bytes += count
            return true
        }
    }
}

extension CGImage {
    /// A premultiplied RGBA image (red first, alpha last; device RGB) over `storage`'s bytes,
    /// without copying them; the image keeps the storage alive (Lamina SPI).
    @_spi(Lamina) public convenience init?(sharing storage: PixelStorage, width: Int, height: Int, bytesPerRow: Int) {
        guard bytesPerRow * height <= storage.count else { return nil }
        guard let provider = CGDataProvider(data: storage.data(count: bytesPerRow * height)) else { return nil }
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
