import Foundation
import Synchronization

/// One glyph's coverage at one size, transform and sub-pixel position: `width` × `height`
/// bytes, its top-left pixel `left` columns and `top` rows from the pixel the glyph's origin
/// falls in. A glyph without an outline (a space) has no pixels. A colour glyph's resampled
/// bitmap is kept the same way, four bytes a pixel.
final class GlyphMask: @unchecked Sendable {
    let left: Int, top: Int, width: Int, height: Int
    let bytesPerPixel: Int
    let coverage: UnsafeMutablePointer<UInt8>?

    init(left: Int, top: Int, width: Int, height: Int, coverage: UnsafeMutablePointer<UInt8>?, bytesPerPixel: Int = 1) {
        self.left = left; self.top = top; self.width = width; self.height = height; self.coverage = coverage
        self.bytesPerPixel = bytesPerPixel
    }

    deinit { coverage?.deallocate() }

    /// The memory it holds, in bytes (with what the cache spends on an entry).
    var byteCount: Int { width * height * bytesPerPixel + 96 }

    static let empty = GlyphMask(left: 0, top: 0, width: 0, height: 0, coverage: nil)
}

/// What a glyph mask is made for: the face, the glyph, the linear part of the transform from
/// font units to device pixels, and the sub-pixel position of the glyph's origin in 64ths of
/// a pixel on each axis; for a colour glyph's bitmap, also the pixel format and interpolation
/// it was resampled for (`color`, 0 for coverage masks).
struct GlyphMaskKey: Hashable {
    var font: UInt64
    var a: UInt32, b: UInt32, c: UInt32, d: UInt32
    var glyph: UInt16
    var phaseX: UInt8, phaseY: UInt8
    var color: UInt32 = 0

    /// Four words hashed instead of eight fields (looked up once per glyph drawn).
    func hash(into hasher: inout Hasher) {
        hasher.combine(font)
        hasher.combine(UInt64(a) << 32 | UInt64(b))
        hasher.combine(UInt64(c) << 32 | UInt64(d))
        hasher.combine(UInt64(color) << 32 | UInt64(glyph) << 16 | UInt64(phaseX) << 8 | UInt64(phaseY))
    }
}

/// The process's cache of glyph masks (Lamina SPI): a glyph is rasterized from its outline once
/// per face, size, transform and sub-pixel position, and drawn from its mask after that.
///
/// Bounded: masks take at most ``byteLimit`` bytes (least recently used ones are evicted, a
/// quarter of the limit at a time); a glyph whose mask would be wider or taller than
/// ``maximumGlyphSide`` pixels is not cached (its run is filled from the outlines). Shared by
/// every thread under one lock, taken once per run of glyphs.
@_spi(Lamina) public enum GlyphMaskCache {
    /// The most bytes of coverage the cache keeps: 8 MiB (about 20,000 glyphs of body text at 2x).
    public static let byteLimit = 8 << 20
    /// The largest side, in pixels, of a cached glyph mask.
    public static let maximumGlyphSide = 256
    /// Glyph origins are kept to 64ths of a pixel (FreeType's 26.6 grid): at most 1/128 pixel
    /// from where they are drawn (a quantized origin on a third of a pixel, ``GlyphGrid``, is
    /// 1/192 pixel off).
    static let phaseSteps: CGFloat = 64

    /// The pixel a glyph origin at raster position (`x`, `y`) falls in, and its sub-pixel
    /// position there in 64ths (a position that rounds up to the next pixel is that pixel's 0).
    static func origin(_ x: CGFloat, _ y: CGFloat) -> (x: Int, y: Int, phaseX: UInt8, phaseY: UInt8) {
        var ix = x.rounded(.down), iy = y.rounded(.down)
        var px = ((x - ix) * phaseSteps).rounded(), py = ((y - iy) * phaseSteps).rounded()
        if px >= phaseSteps { px = 0; ix += 1 }
        if py >= phaseSteps { py = 0; iy += 1 }
        return (Int(ix), Int(iy), UInt8(px), UInt8(py))
    }

    /// Counts since the process started (or ``removeAll()``).
    public struct Statistics: Sendable, Equatable {
        /// Glyphs drawn from a kept mask, and glyphs rasterized into a new one.
        public var hits = 0, misses = 0
        /// Masks dropped to stay within ``GlyphMaskCache/byteLimit``.
        public var evictions = 0
        /// Masks kept now, and the bytes they hold.
        public var count = 0, bytes = 0
    }

    private struct Entry {
        var mask: GlyphMask
        var lastUse: UInt64
    }

    private struct Storage {
        var entries: [GlyphMaskKey: Entry] = [:]
        var clock: UInt64 = 0
        var stats = Statistics()
    }

    private static let storage = Locked(Storage())
    private static let enabled = Atomic<Bool>(true)

    /// Whether text is drawn through the cache (true unless turned off, or `LAMINA_GLYPH_CACHE=off`
    /// was in the environment at launch); off, every glyph is filled from its outline.
    public static var isEnabled: Bool {
        get { (enabledInTask ?? enabled.load(ordering: .relaxed)) && !disabledByEnvironment }
        set { enabled.store(newValue, ordering: .relaxed) }
    }
    /// `isEnabled` for drawing in the current task only (tests that draw with and without the
    /// cache while others draw: a process-wide switch would be seen by them, and two tests
    /// saving and restoring it at once can leave it off).
    @TaskLocal static var enabledInTask: Bool?
    private static let disabledByEnvironment = ProcessInfo.processInfo.environment["LAMINA_GLYPH_CACHE"] == "off"

    /// The counts so far.
    public static var statistics: Statistics { storage.withLock { $0.stats } }

    /// Drops every mask and zeroes the counts.
    public static func removeAll() { storage.withLock { $0 = Storage() } }

    /// The masks for `keys`, those not kept made by `make` (outside the lock) and kept; nil
    /// when `make` gives nil for one (the caller then draws the run from its outlines).
    static func masks(for keys: [GlyphMaskKey], make: (Int) -> GlyphMask?) -> [GlyphMask]? {
        var found = [GlyphMask?](repeating: nil, count: keys.count)
        var missing: [Int] = []
        storage.withLock { s in
            s.clock &+= 1
            let now = s.clock
            for (i, key) in keys.enumerated() {
                if let e = s.entries[key]?.mask {
                    found[i] = e
                    s.entries[key]!.lastUse = now
                } else {
                    missing.append(i)
                }
            }
            s.stats.hits += keys.count - missing.count
        }
        guard !missing.isEmpty else { return found.map { $0! } }
        // Two glyphs of the run may share a key: make each mask once.
        var made: [GlyphMaskKey: GlyphMask] = [:]
        for i in missing {
            if let m = made[keys[i]] { found[i] = m; continue }
            guard let m = make(i) else { return nil }
            made[keys[i]] = m
            found[i] = m
        }
        storage.withLock { s in
            s.stats.misses += made.count
            s.stats.hits += missing.count - made.count
            for (key, mask) in made where s.entries[key] == nil {
                s.entries[key] = Entry(mask: mask, lastUse: s.clock)
                s.stats.bytes += mask.byteCount
            }
            if s.stats.bytes > byteLimit { evict(&s) }
            s.stats.count = s.entries.count
        }
        return found.map { $0! }
    }

    /// Drops the least recently used masks until the cache holds three quarters of its limit.
    private static func evict(_ s: inout Storage) {
        let byAge = s.entries.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, entry) in byAge where s.stats.bytes > byteLimit - byteLimit / 4 {
            s.entries[key] = nil
            s.stats.bytes -= entry.mask.byteCount
            s.stats.evictions += 1
        }
    }
}
