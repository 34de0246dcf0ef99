@_implementationOnly import CLaminaRaster

/// Where spans of coverage land: a bitmap's pixels, or a clip mask.
protocol SpanTarget {
    /// Applies coverage `alpha` (1...255) to `count` pixels of memory row `row` from column `x`.
    mutating func span(row: Int, x: Int, count: Int, alpha: UInt8)
}

/// `a·b/255` rounded, for byte values.
/// The coverage of a span's pixels: a constant, times a clip mask's bytes when there is one, and
/// zero for the first `skip` pixels (those left of a column window). A value, read per pixel
/// with no call.
struct SpanCoverage {
    var constant: UInt32
    /// The mask byte of the span's first pixel.
    var mask: UnsafePointer<UInt8>?
    var skip = 0

    @inline(__always) subscript(_ i: Int) -> UInt32 {
        if i < skip { return 0 }
        guard let mask else { return constant }
        return constant == 255 ? UInt32(mask[i]) : mul255(constant, UInt32(mask[i]))
    }
}

@inline(__always) func mul255(_ a: UInt32, _ b: UInt32) -> UInt32 {
    let t = a &* b &+ 128
    return (t &+ (t >> 8)) >> 8
}

/// Two byte lanes of a 32-bit word (bits 0–7 and 16–23) times `k`/255, rounded.
@inline(__always) func scaleLanes(_ x: UInt32, _ k: UInt32) -> UInt32 {
    let t = (x & 0x00FF_00FF) &* k &+ 0x0080_0080
    return ((t &+ ((t >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
}

/// All four bytes of a 32-bit word times `k`/255.
@inline(__always) func scaleWord(_ x: UInt32, _ k: UInt32) -> UInt32 {
    scaleLanes(x, k) | (scaleLanes(x >> 8, k) << 8)
}

/// Source-over of a solid premultiplied colour on 32-bit premultiplied pixels. Source-over
/// treats the four channels alike (`d = s·a + d·(1 − sα·a)`), so any byte order works once the
/// colour is given as the pixel word and the position of alpha (`alphaShift`) is known. With a
/// clip mask, each pixel's coverage is multiplied by the mask's.
struct SolidOver32: SpanTarget {
    let base: UnsafeMutableRawPointer
    let bytesPerRow: Int
    let color: UInt32
    let alphaShift: UInt32
    let mask: ClipMask?

    @inline(__always)
    func over(_ dst: UInt32, _ a: UInt32) -> UInt32 {
        let s = a == 255 ? color : scaleWord(color, a)
        let inv = 255 &- ((s >> alphaShift) & 0xFF)
        return s &+ scaleWord(dst, inv)
    }

    mutating func span(row: Int, x: Int, count: Int, alpha: UInt8) {
        let p = (base + row * bytesPerRow).assumingMemoryBound(to: UInt32.self) + x
        guard let mask else { unmasked(p, count: count, alpha: alpha); return }
        // Where the mask is all 255 (inside a rectangle clip), painted as without it.
        let s = mask.solid
        if row >= s.y0, row < s.y1 {
            let a = max(x, s.x0), b = min(x + count, s.x1)
            if a < b {
                if a > x { masked(mask, p, row: row, x: x, count: a - x, alpha: alpha) }
                unmasked(p + (a - x), count: b - a, alpha: alpha)
                if b < x + count { masked(mask, p + (b - x), row: row, x: b, count: x + count - b, alpha: alpha) }
                return
            }
        }
        masked(mask, p, row: row, x: x, count: count, alpha: alpha)
    }

    /// Through a clip mask (a clip that is not whole pixels, a rounded clip): each pixel at the
    /// mask's coverage times the run's, by the C loop (SIMD, the same arithmetic).
    private func masked(_ mask: ClipMask, _ p: UnsafeMutablePointer<UInt32>, row: Int, x: Int, count: Int, alpha: UInt8) {
        let m = mask.pointer(row: row, x: x)
        if alpha == 255 {
            lamina_solid_mask_over_32(p, count, m, color, Int32(alphaShift))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: min(count, 1024)) { scratch in
            var i = 0
            while i < count {
                let n = min(count - i, scratch.count)
                for k in 0..<n { scratch[k] = UInt8(truncatingIfNeeded: mul255(UInt32(alpha), UInt32(m[i + k]))) }
                lamina_solid_mask_over_32(p + i, n, scratch.baseAddress!, color, Int32(alphaShift))
                i += n
            }
        }
    }

    /// `count` pixels from `p` at coverage `alpha`, no mask.
    @inline(__always)
    private func unmasked(_ p: UnsafeMutablePointer<UInt32>, count: Int, alpha: UInt8) {
        if alpha == 255 && (color >> alphaShift) & 0xFF == 0xFF {
            lamina_fill_32(p, count, color)
            return
        }
        // Constant coverage: the scaled source and the destination factor are the same for every
        // pixel.
        let a = UInt32(alpha)
        let s = a == 255 ? color : scaleWord(color, a)
        let inv = 255 &- ((s >> alphaShift) & 0xFF)
        // Two or more pixels: the C loop (SIMD, the same arithmetic).
        if count >= 2 { lamina_solid_over_32(p, count, s, inv) } else if count == 1 { p[0] = s &+ scaleWord(p[0], inv) }
    }

    /// Applies coverage `alpha` to `count` pixels from column `x` of `rows` memory rows from `row`
    /// (a rectangle's rows that share their runs: one C call for all of them).
    @inline(__always)
    mutating func block(row: Int, rows: Int, x: Int, count: Int, alpha: UInt8) {
        guard mask == nil, rows > 1 else {
            for r in row..<(row + rows) { span(row: r, x: x, count: count, alpha: alpha) }
            return
        }
        let a = UInt32(alpha)
        let s = a == 255 ? color : scaleWord(color, a)
        let inv = 255 &- ((s >> alphaShift) & 0xFF)
        let p = (base + row * bytesPerRow).assumingMemoryBound(to: UInt32.self) + x
        lamina_solid_over_32_rows(p, bytesPerRow, rows, count, s, inv)
    }
}

/// Source-over of a solid colour on one-byte pixels: an alpha-only mask (`value` is the source
/// alpha) or an opaque gray image (`value` is the gray level, `alpha` the source alpha).
struct SolidOver8: SpanTarget {
    let base: UnsafeMutableRawPointer
    let bytesPerRow: Int
    let value: UInt32
    let alpha: UInt32
    let mask: ClipMask?

    mutating func span(row: Int, x: Int, count: Int, alpha cov: UInt8) {
        let p = (base + row * bytesPerRow).assumingMemoryBound(to: UInt8.self) + x
        // Opaque at full coverage, no mask: every byte becomes the value (what the loop gives).
        if cov == 255 && alpha == 255 && mask == nil {
            memset(p, Int32(value & 0xFF), count)
            return
        }
        let m = mask.map { $0.pointer(row: row, x: x) }
        for i in 0..<count {
            var a = UInt32(cov)
            if let m { a = mul255(a, UInt32(m[i])) }
            let k = mul255(alpha, a)
            // dst = value·k + dst·(1 − k), all over 255.
            p[i] = UInt8(truncatingIfNeeded: mul255(value, k) &+ mul255(UInt32(p[i]), 255 &- k))
        }
    }
}

/// Clears pixels by coverage: `d = d·(1 − a)`.
struct Clear32: SpanTarget {
    let base: UnsafeMutableRawPointer
    let bytesPerRow: Int
    let bytesPerPixel: Int
    let mask: ClipMask?

    mutating func span(row: Int, x: Int, count: Int, alpha: UInt8) {
        let p = (base + row * bytesPerRow + x * bytesPerPixel).assumingMemoryBound(to: UInt8.self)
        // Full coverage, no mask: every byte becomes 0 (what the loop below computes).
        if alpha == 255 && mask == nil {
            memset(p, 0, count * bytesPerPixel)
            return
        }
        let m = mask.map { $0.pointer(row: row, x: x) }
        for i in 0..<count {
            var a = UInt32(alpha)
            if let m { a = mul255(a, UInt32(m[i])) }
            let keep = 255 &- a
            for c in 0..<bytesPerPixel {
                p[i * bytesPerPixel + c] = UInt8(truncatingIfNeeded: mul255(UInt32(p[i * bytesPerPixel + c]), keep))
            }
        }
    }
}

/// An 8-bit coverage mask over a device rectangle (its bounds; outside it coverage is 0), used
/// for clips that are not pixel-aligned rectangles. Only the rows `[storedY0, storedY1)` are
/// kept (a context drawing a row window builds masks for its rows alone); the bounds stay
/// those of the whole mask. Immutable once built; graphics states share it.
final class ClipMask: @unchecked Sendable {
    let x0: Int, y0: Int, width: Int, height: Int
    let storedY0: Int, storedY1: Int
    let bytes: UnsafeMutablePointer<UInt8>
    /// Device pixels [x0, x1) x [y0, y1) where every byte is 255 (the inside of a clip to a
    /// rectangle off the pixel grid, set when its mask is made; empty otherwise): painters
    /// paint spans there as without a mask, the same bytes without reading it.
    var solid: (x0: Int, y0: Int, x1: Int, y1: Int) = (0, 0, 0, 0)

    init(x0: Int, y0: Int, width: Int, height: Int, fill: UInt8, rows: (y0: Int, y1: Int)? = nil) {
        self.x0 = x0; self.y0 = y0; self.width = max(0, width); self.height = max(0, height)
        let s0 = max(y0, rows?.y0 ?? y0), s1 = max(s0, min(y0 + self.height, rows?.y1 ?? y0 + self.height))
        storedY0 = s0; storedY1 = s1
        let count = max(1, self.width * (s1 - s0))
        bytes = .allocate(capacity: count)
        memset(bytes, Int32(fill), count)
    }
    deinit { bytes.deallocate() }

    /// The mask's bytes from device pixel (x, row), which must lie inside the bounds and the
    /// stored rows.
    @inline(__always) func pointer(row: Int, x: Int) -> UnsafeMutablePointer<UInt8> {
        bytes + (row - storedY0) * width + (x - x0)
    }

    /// Coverage at a device pixel (0 outside the bounds or the stored rows).
    @inline(__always) func value(row: Int, x: Int) -> UInt8 {
        guard row >= storedY0, row < storedY1, x >= x0, x < x0 + width else { return 0 }
        return bytes[(row - storedY0) * width + (x - x0)]
    }
}

/// Writes coverage into a mask (used while building a clip mask).
struct MaskWriter: SpanTarget {
    let mask: ClipMask
    mutating func span(row: Int, x: Int, count: Int, alpha: UInt8) {
        memset(mask.pointer(row: row, x: x), Int32(alpha), count)
    }
}
