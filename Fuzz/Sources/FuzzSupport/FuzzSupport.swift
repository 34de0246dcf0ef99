import Foundation
@_spi(Lamina) import CoreGraphics
@_spi(Lamina) import CoreText
import QuartzCore

/// Helpers shared by the fuzz targets.
public enum Fuzz {
    /// The input as `Data` (copied: libFuzzer owns the bytes).
    public static func data(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Data { Data(bytes: bytes, count: count) }

    /// A small premultiplied RGBA context, y-down like UIKit.
    public static func context(_ w: Int = 48, _ h: Int = 48) -> CGContext {
        let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.translateBy(x: 0, y: CGFloat(h))
        ctx.scaleBy(x: 1, y: -1)
        return ctx
    }

    /// The number of elements in `path` (0 for none).
    public static func elementCount(_ path: CGPath?) -> Int {
        var n = 0
        path?.applyWithBlock { _ in n += 1 }
        return n
    }

    /// The bitmap and decoded-image limit while fuzzing: 2^24 pixels (64 MiB), so that a frame's
    /// few copies of its largest bitmap, or a decoded image with its sampler's copy and mipmaps,
    /// stay far below libFuzzer's 2 GB memory limit (the defaults, 2^28 and 2^26, are for servers
    /// that give one render gigabytes; a 65 KB PNG of 1-bit pixels can declare 2^26).
    public static let pixelLimit = 1 << 24

    /// Runs one input with its diagnostics collected and dropped (fuzzing makes millions).
    public static func run(_ body: () -> Void) {
        CGContext.maximumPixelCount = pixelLimit
        CGImage.maximumDecodedPixelCount = pixelLimit
        _ = LaminaDiagnostics.collecting(body)
        // The process-wide caches (glyph masks, kept text layouts) are emptied after every input
        // so that all of its allocations come back: libFuzzer runs LeakSanitizer after an input
        // whose mallocs outnumber its frees, and LeakSanitizer cannot follow every reference
        // Swift stores (some carry tag bits), so memory a kept entry reaches (an emoji strike
        // held by the shared emoji face) would read as leaked.
        GlyphMaskCache.removeAll()
        SharedTextLayouts.removeAll()
    }
}

/// Reads typed values from the fuzzer's bytes; past the end every read is zero.
public struct ByteReader {
    let bytes: [UInt8]
    var at = 0
    public init(_ data: Data) { bytes = [UInt8](data) }
    public var isAtEnd: Bool { at >= bytes.count }
    public mutating func byte() -> UInt8 {
        defer { at += 1 }
        return at < bytes.count ? bytes[at] : 0
    }
    /// A raw 32-bit float: any bit pattern (NaN, infinities, 1e30, denormals) can come out.
    public mutating func float() -> CGFloat {
        var v: UInt32 = 0
        for _ in 0..<4 { v = v << 8 | UInt32(byte()) }
        return CGFloat(Float(bitPattern: v))
    }
    /// A "friendly" coordinate in −64…191.75 most of the time, a raw float when the selector says so.
    public mutating func coordinate() -> CGFloat {
        let b = byte()
        if b == 0xFF { return float() }
        return CGFloat(Int(b) - 64) + CGFloat(byte() & 3) / 4
    }
}
