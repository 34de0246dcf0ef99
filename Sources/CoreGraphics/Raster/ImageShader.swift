@_implementationOnly import CLaminaRaster

/// An image's pixels as premultiplied 32-bit words in a destination's byte order, top row first,
/// with its mipmap chain (each level half the size, box filtered) made on first use.
final class SampledImage: @unchecked Sendable {
    let width: Int, height: Int
    let pixels: [UInt32]
    private var levels: [SampledImage]?
    private let lock = NSLock()
    init(width: Int, height: Int, pixels: [UInt32]) { self.width = width; self.height = height; self.pixels = pixels }

    /// Level 0 is this image; level k is 2^k times smaller, down to 1×1.
    var mipmaps: [SampledImage] {
        lock.lock(); defer { lock.unlock() }
        if let levels { return levels }
        var chain: [SampledImage] = [self]
        while let last = chain.last, last.width > 1 || last.height > 1 {
            let w = max(1, last.width / 2), h = max(1, last.height / 2)
            var out = [UInt32](repeating: 0, count: w * h)
            let lw = last.width, lh = last.height
            last.pixels.withUnsafeBufferPointer { src in
                out.withUnsafeMutableBufferPointer { dst in
                    for y in 0..<h {
                        let row0 = min(2 * y, lh - 1) * lw, row1 = min(2 * y + 1, lh - 1) * lw
                        for x in 0..<w {
                            // Average a 2×2 block (clamped at odd edges), two byte lanes at a time.
                            let x0 = min(2 * x, lw - 1), x1 = min(2 * x + 1, lw - 1)
                            let p0 = src[row0 + x0], p1 = src[row0 + x1], p2 = src[row1 + x0], p3 = src[row1 + x1]
                            let lo = 0x0002_0002 &+ (p0 & 0x00FF_00FF) &+ (p1 & 0x00FF_00FF) &+ (p2 & 0x00FF_00FF) &+ (p3 & 0x00FF_00FF)
                            let hi = 0x0002_0002 &+ ((p0 >> 8) & 0x00FF_00FF) &+ ((p1 >> 8) & 0x00FF_00FF)
                                &+ ((p2 >> 8) & 0x00FF_00FF) &+ ((p3 >> 8) & 0x00FF_00FF)
                            dst[y * w + x] = ((lo >> 2) & 0x00FF_00FF) | (((hi >> 2) & 0x00FF_00FF) << 8)
                        }
                    }
                }
            }
            chain.append(SampledImage(width: w, height: h, pixels: out))
        }
        levels = chain
        return chain
    }
}

extension CGImage {
    /// The image as premultiplied words with red, green, blue and alpha at the given byte
    /// positions; nil for layouts Lamina cannot read. Cached for the last order asked for.
    func sampled(order: (r: Int, g: Int, b: Int, a: Int)) -> SampledImage? {
        let key = order.r | order.g << 2 | order.b << 4 | order.a << 6
        if let hit = samplingCache.get(key) { return hit }
        if let direct = sampledFromPremultiplied(order: order) {
            samplingCache.set(key, direct)
            return direct
        }
        guard let rgba = try? straightRGBA8() else { return nil }
        let count = width * height
        var words = [UInt32](repeating: 0, count: count)
        // Byte shifts of each component in a word (little-endian words: byte k is bits 8k).
        let sr = UInt32(order.r * 8), sg = UInt32(order.g * 8), sb = UInt32(order.b * 8), sa = UInt32(order.a * 8)
        rgba.withUnsafeBufferPointer { src in
            words.withUnsafeMutableBufferPointer { out in
                for i in 0..<count {
                    let a = UInt32(src[4 * i + 3])
                    let r = mul255(UInt32(src[4 * i]), a), g = mul255(UInt32(src[4 * i + 1]), a), b = mul255(UInt32(src[4 * i + 2]), a)
                    out[i] = (r << sr) | (g << sg) | (b << sb) | (a << sa)
                }
            }
        }
        let s = SampledImage(width: width, height: height, pixels: words)
        samplingCache.set(key, s)
        return s
    }
}

extension CGImage {
    /// The common case, a 32-bit premultiplied (or opaque) image such as a layer's backing store:
    /// its bytes are moved into the words' order directly, without the straight-alpha copy (a
    /// whole extra image in memory) and the round trip through division.
    func sampledFromPremultiplied(order: (r: Int, g: Int, b: Int, a: Int)) -> SampledImage? {
        let info = alphaInfo
        guard bitsPerPixel == 32, bitsPerComponent == 8,
              info == .premultipliedLast || info == .premultipliedFirst || info == .noneSkipLast || info == .noneSkipFirst,
              let bytes = dataProvider?.data, bytes.count >= bytesPerRow * height, bytesPerRow >= width * 4 else { return nil }
        let little = bitmapInfo.intersection(.byteOrderMask) == .byteOrder32Little
        let first = info == .premultipliedFirst || info == .noneSkipFirst
        let opaque = info == .noneSkipLast || info == .noneSkipFirst
        // Byte positions of r, g, b, a in memory.
        let (pr, pg, pb, pa): (Int, Int, Int, Int) = switch (first, little) {
        case (false, false): (0, 1, 2, 3)
        case (false, true): (3, 2, 1, 0)
        case (true, false): (1, 2, 3, 0)
        case (true, true): (2, 1, 0, 3)
        }
        let (width, height, bytesPerRow) = (self.width, self.height, self.bytesPerRow)
        #if _endian(little)
        // Bytes already where the words want them (a backing store drawn for this destination):
        // each row copied with its colours clamped, in C (SIMD; what `sampledWords` gives).
        if (pr, pg, pb, pa) == (order.r, order.g, order.b, order.a) {
            // (Every word is written: no zeroing first.)
            let words = bytes.withUnsafeBytes { (src: UnsafeRawBufferPointer) in
                [UInt32](unsafeUninitializedCapacity: width * height) { out, count in
                    let base = src.baseAddress!.assumingMemoryBound(to: UInt8.self)
                    for y in 0..<height {
                        lamina_premultiplied_words(out.baseAddress! + y * width, base + y * bytesPerRow, width, Int32(pa),
                                                   opaque ? 1 : 0)
                    }
                    count = width * height
                }
            }
            return SampledImage(width: width, height: height, pixels: words)
        }
        #endif
        return Self.sampledWords(bytes, width: width, height: height, bytesPerRow: bytesPerRow, positions: (pr, pg, pb, pa),
                                 opaque: opaque, order: order)
    }

    /// The premultiplied bytes of `bytes` (byte positions of r, g, b, a in each pixel) as
    /// words in `order`, colours clamped to alpha, alpha 255 when `opaque`: the reference the C
    /// copy is tested against, and the route for other byte orders.
    static func sampledWords(_ bytes: Data, width: Int, height: Int, bytesPerRow: Int,
                             positions: (r: Int, g: Int, b: Int, a: Int), opaque: Bool,
                             order: (r: Int, g: Int, b: Int, a: Int)) -> SampledImage {
        let (pr, pg, pb, pa) = positions
        var words = [UInt32](repeating: 0, count: width * height)
        let sr = UInt32(order.r * 8), sg = UInt32(order.g * 8), sb = UInt32(order.b * 8), sa = UInt32(order.a * 8)
        bytes.withUnsafeBytes { (src: UnsafeRawBufferPointer) in
            words.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let row = y * bytesPerRow, o = y * width
                    for x in 0..<width {
                        let p = row + 4 * x
                        let a: UInt32 = opaque ? 255 : UInt32(src[p + pa])
                        // Premultiplied components never exceed alpha; clamp data that does.
                        let r = min(UInt32(src[p + pr]), a), g = min(UInt32(src[p + pg]), a), b = min(UInt32(src[p + pb]), a)
                        out[o + x] = (r << sr) | (g << sg) | (b << sb) | (a << sa)
                    }
                }
            }
        }
        return SampledImage(width: width, height: height, pixels: words)
    }
}

/// A one-entry cache on an image, guarded by a lock.
final class SamplingCache: @unchecked Sendable {
    private var key = -1
    private var value: SampledImage?
    private let lock = NSLock()
    func get(_ k: Int) -> SampledImage? { lock.lock(); defer { lock.unlock() }; return key == k ? value : nil }
    func set(_ k: Int, _ v: SampledImage) { lock.lock(); key = k; value = v; lock.unlock() }
}

/// How image pixels are chosen between samples.
public enum CGInterpolationQuality: Int32, Sendable { case `default` = 0, none, low, medium, high }

/// Maps raster pixel centres into image pixel space through a projective transform and samples
/// the image there (nearest or bilinear, clamped at the edges or tiled).
struct ImagePainter {
    let image: SampledImage
    /// Raster → image pixel space: (x, y, 1) · m, rows (m0 m1 m2; m3 m4 m5; m6 m7 m8).
    let m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)
    let bilinear: Bool
    let tiled: Bool
    /// Global alpha, 0...255.
    let alpha: UInt32
    /// Mipmap levels for trilinear minification (nil: sample level 0 only).
    var mipmaps: [SampledImage]? = nil
    /// The C loop's table of the columns rows sample, shared by the rows of this drawing.
    let columns = BilinearColumns()

    @inline(__always)
    private func wrap(_ v: Int, _ n: Int) -> Int {
        if tiled { let r = v % n; return r < 0 ? r + n : r }
        return v < 0 ? 0 : (v >= n ? n - 1 : v)
    }

    /// ⌊x⌋ as an integer, without the library call `rounded(.down)` becomes on baseline x86-64
    /// (the same value: truncation, one less for negative fractions).
    @inline(__always)
    static func floorInt(_ x: Double) -> Int {
        let i = Int(x)
        return Double(i) > x ? i - 1 : i
    }

    /// The premultiplied word at image position (u, v) (pixel centres at +0.5).
    @inline(__always)
    func sample(_ u: Double, _ v: Double, _ px: UnsafeBufferPointer<UInt32>) -> UInt32 {
        sample(u, v, px, width: image.width, height: image.height)
    }

    /// Trilinear: bilinear samples of the two mipmap levels around the footprint `scale` (image
    /// pixels per destination pixel), blended by the fractional level.
    func sampleTrilinear(_ u: Double, _ v: Double, scale: Double, px: UnsafeBufferPointer<UInt32>) -> UInt32 {
        guard let levels = mipmaps, scale > 1 else { return sample(u, v, px) }
        let lod = min(Double(levels.count - 1), log2(scale))
        let l0 = Int(lod), t = UInt32((lod - Double(l0)) * 256)
        func at(_ level: Int) -> UInt32 {
            let img = levels[level]
            let su = Double(img.width) / Double(image.width), sv = Double(img.height) / Double(image.height)
            return img.pixels.withUnsafeBufferPointer { sample(u * su, v * sv, $0, width: img.width, height: img.height) }
        }
        let a = at(l0)
        guard l0 + 1 < levels.count, t > 0 else { return a }
        let b = at(l0 + 1)
        let m: UInt32 = 0x00FF_00FF
        let lo = ((a & m) &* (256 &- t) &+ (b & m) &* t) >> 8 & m
        let hi = (((a >> 8) & m) &* (256 &- t) &+ ((b >> 8) & m) &* t) >> 8 & m
        return lo | (hi << 8)
    }

    @inline(__always)
    func sample(_ u: Double, _ v: Double, _ px: UnsafeBufferPointer<UInt32>, width w: Int, height h: Int) -> UInt32 {
        if !bilinear {
            let x = wrap(ImagePainter.floorInt(u), w), y = wrap(ImagePainter.floorInt(v), h)
            return px[y * w + x]
        }
        let fu = u - 0.5, fv = v - 0.5
        let x0 = ImagePainter.floorInt(fu), y0 = ImagePainter.floorInt(fv)
        let ax = UInt32((fu - Double(x0)) * 256), ay = UInt32((fv - Double(y0)) * 256)
        let xa = wrap(x0, w), xb = wrap(x0 + 1, w), ya = wrap(y0, h), yb = wrap(y0 + 1, h)
        let p00 = px[ya * w + xa], p10 = px[ya * w + xb], p01 = px[yb * w + xa], p11 = px[yb * w + xb]
        if (p00 | p10 | p01 | p11) == 0 { return 0 }
        let h = ImagePainter.lerp64(UInt64(p00) | UInt64(p01) << 32, UInt64(p10) | UInt64(p11) << 32, UInt64(ax))
        return ImagePainter.lerp(UInt32(truncatingIfNeeded: h), UInt32(truncatingIfNeeded: h >> 32), ay)
    }

    /// ``lerp(_:_:_:)`` on two words at once (each half of the 64-bit words), four byte lanes at
    /// a time: the same values (no lane exceeds 16 bits).
    @inline(__always)
    static func lerp64(_ a: UInt64, _ b: UInt64, _ t: UInt64) -> UInt64 {
        let m: UInt64 = 0x00FF_00FF_00FF_00FF
        let lo = ((a & m) &* (256 &- t) &+ (b & m) &* t) >> 8 & m
        let hi = (((a >> 8) & m) &* (256 &- t) &+ ((b >> 8) & m) &* t) >> 8 & m
        return lo | (hi << 8)
    }

    /// `a + (b − a)·t/256` per byte, two byte lanes at a time (8-bit weights).
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 {
        let m: UInt32 = 0x00FF_00FF
        let lo = ((a & m) &* (256 &- t) &+ (b & m) &* t) >> 8 & m
        let hi = (((a >> 8) & m) &* (256 &- t) &+ ((b >> 8) & m) &* t) >> 8 & m
        return lo | (hi << 8)
    }

    /// The image pixel under a blend mode: the global alpha scales the source (an opacity), the
    /// coverage mixes the result with the destination (a shape), as in the PDF model.
    @inline(__always)
    private func blended(_ s: UInt32, _ d: UInt32, _ cov: UInt32, _ mode: CGBlendMode, _ order: (r: Int, g: Int, b: Int, a: Int)) -> UInt32 {
        CGContext.blendPixel(alpha != 255 ? scaleWord(s, alpha) : s, d, cov, mode, order)
    }

    /// Source-over of the image on a span of 32-bit pixels with per-pixel coverage.
    @inline(__always)
    func paint(row: Int, x: Int, count: Int, base: UnsafeMutableRawPointer, bytesPerRow: Int, alphaShift: UInt32,
               blend: Blending, coverage: SpanCoverage) {
        let p = (base + row * bytesPerRow).assumingMemoryBound(to: UInt32.self) + x
        let y = Double(row) + 0.5
        // Affine mappings step (u, v) along the row; an integer translation at scale 1 copies
        // pixels straight through (the usual case for backing stores drawn at the screen scale).
        // (Spans reaching positions beyond ±10⁹ take the per-pixel route, which skips those.)
        let u0 = (Double(x) + 0.5) * m.0 + y * m.3 + m.6, v0 = (Double(x) + 0.5) * m.1 + y * m.4 + m.7
        let u1 = u0 + m.0 * Double(count), v1 = v0 + m.1 * Double(count)
        if m.2 == 0 && m.5 == 0 && m.8 == 1 && mipmaps == nil
            && abs(u0) < 1e9 && abs(v0) < 1e9 && abs(u1) < 1e9 && abs(v1) < 1e9 {
            image.pixels.withUnsafeBufferPointer { px in
                var u = u0, v = v0
                // Within 1/1000 of a pixel of an integer translation counts as one (rounding noise).
                let exact = abs(m.0 - 1) < 1e-9 && abs(m.1) < 1e-9 && !tiled
                    && abs((u - 0.5) - (u - 0.5).rounded()) < 1e-3 && abs((v - 0.5) - (v - 0.5).rounded()) < 1e-3
                if exact {
                    let w = image.width
                    let src = px.baseAddress! + min(max(Int((v - 0.5).rounded()), 0), image.height - 1) * w
                    let ix0 = Int((u - 0.5).rounded())
                    // Pixels [lo, hi) read inside the image; with full coverage and normal
                    // blending they are source-over of the image's row, the opacity folded in.
                    let lo = min(count, max(0, -ix0)), hi = max(lo, min(count, w - ix0))
                    // The others (and every pixel of other spans) go one by one.
                    let plain = coverage.mask == nil && coverage.constant == 255 && coverage.skip <= lo && blend.mode == nil
                    if !plain && blend.mode == nil {
                        // Under a mask or partial coverage: the C bilinear loop at the whole-pixel
                        // positions this route reads (every weight 0, so each pixel is the word
                        // under it: the same bytes as the loop below).
                        let iy = min(max(Int((v - 0.5).rounded()), 0), image.height - 1)
                        var span = lamina_bilinear_span(
                            dst: p, count: count, pixels: px.baseAddress!, width: w, height: image.height,
                            u: Double(ix0) + 0.5, v: Double(iy) + 0.5, du: 1, dv: 0, mask: coverage.mask,
                            constant: coverage.constant, skip: coverage.skip, alpha: alpha, alpha_shift: Int32(alphaShift),
                            tiled: 0, columns: nil)
                        lamina_bilinear_over_32(&span)
                        return
                    }
                    for part in 0..<2 {
                        let range = plain ? (part == 0 ? 0..<lo : hi..<count) : (part == 0 ? 0..<count : 0..<0)
                        for i in range {
                            var cov = coverage[i]
                            if cov == 0 { continue }
                            var s = src[min(max(ix0 + i, 0), w - 1)]
                            if s == 0 && blend.mode == nil { continue }
                            if let mode = blend.mode { p[i] = blended(s, p[i], cov, mode, blend.order); continue }
                            if alpha != 255 { cov = mul255(cov, alpha) }
                            if cov != 255 { s = scaleWord(s, cov) }
                            let inv = 255 &- ((s >> alphaShift) & 0xFF)
                            p[i] = inv == 0 ? s : s &+ scaleWord(p[i], inv)
                        }
                    }
                    if plain && hi > lo {
                        // The C loop (SIMD, the same arithmetic as the loop above).
                        lamina_image_over_32(p + lo, src + ix0 + lo, hi - lo, alpha, Int32(alphaShift))
                    }
                    return
                }
                if bilinear && blend.mode == nil {
                    // The C loop (SIMD; the same positions, samples and arithmetic as below).
                    var span = lamina_bilinear_span(
                        dst: p, count: count, pixels: px.baseAddress!, width: image.width, height: image.height,
                        u: u, v: v, du: m.0, dv: m.1, mask: coverage.mask, constant: coverage.constant, skip: coverage.skip,
                        alpha: alpha, alpha_shift: Int32(alphaShift), tiled: tiled ? 1 : 0, columns: columns.table)
                    lamina_bilinear_over_32(&span)
                    return
                }
                for i in 0..<count {
                    defer { u += m.0; v += m.1 }
                    var cov = coverage[i]
                    if cov == 0 { continue }
                    var s = sample(u, v, px)
                    if s == 0 && blend.mode == nil { continue }
                    if let mode = blend.mode { p[i] = blended(s, p[i], cov, mode, blend.order); continue }
                    if alpha != 255 { cov = mul255(cov, alpha) }
                    if cov != 255 { s = scaleWord(s, cov) }
                    let inv = 255 &- ((s >> alphaShift) & 0xFF)
                    p[i] = inv == 0 ? s : s &+ scaleWord(p[i], inv)
                }
            }
            return
        }
        image.pixels.withUnsafeBufferPointer { px in
            var fx = Double(x) + 0.5
            for i in 0..<count {
                defer { fx += 1 }
                var cov = coverage[i]
                if cov == 0 { continue }
                let wq = fx * m.2 + y * m.5 + m.8
                guard wq > 0 else { continue }
                let u = (fx * m.0 + y * m.3 + m.6) / wq, v = (fx * m.1 + y * m.4 + m.7) / wq
                guard u.isFinite, v.isFinite, abs(u) < 1e9, abs(v) < 1e9 else { continue }
                var s: UInt32
                if mipmaps != nil {
                    // The footprint: the larger of the image-space steps for one pixel in x and y.
                    let dudx = (m.0 - u * m.2) / wq, dvdx = (m.1 - v * m.2) / wq
                    let dudy = (m.3 - u * m.5) / wq, dvdy = (m.4 - v * m.5) / wq
                    let scale = max((dudx * dudx + dvdx * dvdx).squareRoot(), (dudy * dudy + dvdy * dvdy).squareRoot())
                    s = sampleTrilinear(u, v, scale: scale, px: px)
                } else {
                    s = sample(u, v, px)
                }
                if let mode = blend.mode { p[i] = blended(s, p[i], cov, mode, blend.order); continue }
                if alpha != 255 { cov = mul255(cov, alpha) }
                if cov != 255 { s = scaleWord(s, cov) }
                let inv = 255 &- ((s >> alphaShift) & 0xFF)
                p[i] = inv == 0 ? s : s &+ scaleWord(p[i], inv)
            }
        }
    }
}

/// Bilinear steps on premultiplied 32-bit pixels, as images are sampled (Lamina SPI: the
/// compositor scales a backdrop up with the same arithmetic).
@_spi(Lamina) public enum PixelLerp {
    /// `a + (b − a)·t/256` per byte (t in 0...256).
    @inline(__always)
    public static func lerp(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 { ImagePainter.lerp(a, b, t) }
}
