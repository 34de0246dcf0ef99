import Foundation

/// Writes GIFs (Lamina API): one palette of up to 256 colours for the whole animation, chosen
/// by median cut over a sample of every frame's pixels (one entry kept for transparency when a
/// frame has pixels under half alpha), optional Floyd–Steinberg dithering, LZW compression.
/// Opaque animations store only the rectangle that changed from frame to frame; animations
/// with transparency store whole frames cleared between them (GIF cannot make a shown pixel
/// transparent again otherwise).
public enum GIFEncoder {
    /// A GIF of `frames` (all the first frame's size), each shown for `frameDuration` seconds
    /// (GIF counts hundredths), looping `loopCount` times (0: forever).
    public static func encode(_ frames: [CGImage], frameDuration: Double, loopCount: Int = 0,
                              dither: Bool = true) throws(CGImageCodecError) -> Data {
        try encode(frames, durations: Array(repeating: frameDuration, count: frames.count), loopCount: loopCount, dither: dither)
    }

    /// A GIF with a duration per frame.
    public static func encode(_ frames: [CGImage], durations: [Double], loopCount: Int = 0,
                              dither: Bool = true) throws(CGImageCodecError) -> Data {
        guard let first = frames.first else { throw .unsupportedLayout("GIF: no frames") }
        guard durations.count == frames.count else { throw .unsupportedLayout("GIF: one duration per frame is needed") }
        let w = first.width, h = first.height
        guard w <= 65535, h <= 65535, frames.allSatisfy({ $0.width == w && $0.height == h }) else {
            throw .unsupportedLayout("GIF: every frame must be \(w)x\(h) and at most 65535 pixels a side")
        }
        var pixels: [[UInt8]] = []
        for f in frames { pixels.append(try f.straightRGBA8()) }
        let transparent = pixels.contains { p in stride(from: 3, to: p.count, by: 4).contains { p[$0] < 128 } }
        var palette = Palette(pixels, maxColors: transparent ? 255 : 256)
        let transparentIndex = transparent ? palette.colors.count : -1
        var colorCount = palette.colors.count + (transparent ? 1 : 0)
        var bits = 1
        while (1 << bits) < max(2, colorCount) { bits += 1 }
        colorCount = 1 << bits

        var out = Data("GIF89a".utf8)
        out.appendLE(UInt16(w)); out.appendLE(UInt16(h))
        out.append(0x80 | UInt8((bits - 1) << 4) | UInt8(bits - 1))   // global table, colour resolution, size
        out.append(0); out.append(0)                                   // background index, aspect
        for i in 0..<colorCount {
            let c = i < palette.colors.count ? palette.colors[i] : (0, 0, 0)
            out.append(c.0); out.append(c.1); out.append(c.2)
        }
        // Loop forever (or n times).
        out.append(contentsOf: [0x21, 0xFF, 0x0B])
        out.append(contentsOf: Array("NETSCAPE2.0".utf8))
        out.append(contentsOf: [0x03, 0x01])
        out.appendLE(UInt16(min(65535, max(0, loopCount))))
        out.append(0)

        var previous: [UInt8]?
        for (k, p) in pixels.enumerated() {
            var rect = (0, 0, w, h)
            if !transparent, let prev = previous {
                rect = PNGChunks.changedRect(prev, p, width: w, height: h) ?? (0, 0, 1, 1)
            }
            let indices = palette.map(p, width: w, height: h, rect: rect, dither: dither, transparentIndex: transparentIndex)
            // Graphic control: delay, disposal, transparency.
            out.append(contentsOf: [0x21, 0xF9, 0x04])
            let disposal: UInt8 = transparent ? 2 : 1
            out.append(disposal << 2 | (transparent ? 1 : 0))
            out.appendLE(UInt16(min(65535, max(0, (durations[k] * 100).rounded()))))
            out.append(UInt8(max(0, transparentIndex)))
            out.append(0)
            // Image descriptor.
            out.append(0x2C)
            out.appendLE(UInt16(rect.0)); out.appendLE(UInt16(rect.1)); out.appendLE(UInt16(rect.2)); out.appendLE(UInt16(rect.3))
            out.append(0)
            LZW.encode(indices, minimumCodeSize: max(2, bits), into: &out)
            previous = p
        }
        out.append(0x3B)
        return out
    }
}

/// A median-cut palette with a cached nearest-colour lookup.
struct Palette {
    var colors: [(UInt8, UInt8, UInt8)] = []
    /// Nearest palette index per 15-bit colour (5 bits a channel), filled on first use.
    private var lookup = [Int16](repeating: -1, count: 32768)

    init(_ frames: [[UInt8]], maxColors: Int) {
        // A histogram of 5-bit colours over a sample of the opaque pixels.
        var counts = [Int](repeating: 0, count: 32768)
        let total = frames.reduce(0) { $0 + $1.count / 4 }
        let step = max(1, total / 400_000)
        var i = 0
        for p in frames {
            var k = 0
            while k < p.count {
                if i % step == 0 && p[k + 3] >= 128 {
                    counts[Int(p[k] >> 3) << 10 | Int(p[k + 1] >> 3) << 5 | Int(p[k + 2] >> 3)] += 1
                }
                k += 4; i += 1
            }
        }
        var bins: [Int] = (0..<32768).filter { counts[$0] > 0 }
        if bins.isEmpty { bins = [0] ; counts[0] = 1 }
        // Median cut: split the box with the widest channel range (weighted) at its median.
        var boxes: [ArraySlice<Int>] = [bins[...]]
        func channel(_ b: Int, _ c: Int) -> Int { (b >> (10 - 5 * c)) & 31 }
        while boxes.count < maxColors {
            var best = -1, bestScore = 0, bestChannel = 0
            for (bi, box) in boxes.enumerated() where box.count > 1 {
                for c in 0..<3 {
                    var lo = 31, hi = 0, n = 0
                    for b in box { let v = channel(b, c); lo = min(lo, v); hi = max(hi, v); n += counts[b] }
                    let score = (hi - lo) * Int(Double(n).squareRoot() + 1)
                    if score > bestScore { bestScore = score; best = bi; bestChannel = c }
                }
            }
            guard best >= 0 else { break }
            let sorted = boxes[best].sorted { channel($0, bestChannel) < channel($1, bestChannel) }
            let half = sorted.reduce(0) { $0 + counts[$1] } / 2
            var acc = 0, cut = 1
            for (j, b) in sorted.enumerated() {
                acc += counts[b]
                if acc >= half { cut = max(1, min(sorted.count - 1, j + 1)); break }
            }
            boxes[best] = sorted[0..<cut]
            boxes.append(sorted[cut...])
        }
        for box in boxes {
            var r = 0, g = 0, b = 0, n = 0
            for x in box {
                let c = counts[x]
                r += ((x >> 10) & 31) * c; g += ((x >> 5) & 31) * c; b += (x & 31) * c; n += c
            }
            n = max(1, n)
            func to8(_ v: Int) -> UInt8 { UInt8(min(255, (v * 255 + n * 15) / (n * 31))) }
            colors.append((to8(r), to8(g), to8(b)))
        }
    }

    /// The nearest palette index for an 8-bit colour.
    mutating func nearest(_ r: Int, _ g: Int, _ b: Int) -> Int {
        let key = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
        if lookup[key] >= 0 { return Int(lookup[key]) }
        let qr = (r >> 3) * 255 / 31, qg = (g >> 3) * 255 / 31, qb = (b >> 3) * 255 / 31
        var best = 0, bestD = Int.max
        for (i, c) in colors.enumerated() {
            let dr = Int(c.0) - qr, dg = Int(c.1) - qg, db = Int(c.2) - qb
            let d = 3 * dr * dr + 4 * dg * dg + 2 * db * db
            if d < bestD { bestD = d; best = i }
        }
        lookup[key] = Int16(best)
        return best
    }

    /// The palette indices of `rect` of an RGBA frame, dithered or not.
    mutating func map(_ p: [UInt8], width w: Int, height: Int, rect: (Int, Int, Int, Int), dither: Bool,
                      transparentIndex: Int) -> [UInt8] {
        let (x0, y0, rw, rh) = rect
        var out = [UInt8](repeating: 0, count: rw * rh)
        // Error rows for Floyd–Steinberg (r, g, b per pixel, two rows).
        var err = [Int32](repeating: 0, count: (rw + 2) * 3 * 2)
        for y in 0..<rh {
            let cur = (y & 1) * (rw + 2) * 3, next = ((y + 1) & 1) * (rw + 2) * 3
            for k in 0..<((rw + 2) * 3) { err[next + k] = 0 }
            for x in 0..<rw {
                let i = ((y0 + y) * w + x0 + x) * 4
                if p[i + 3] < 128 && transparentIndex >= 0 {
                    out[y * rw + x] = UInt8(transparentIndex)
                    continue
                }
                var r = Int(p[i]), g = Int(p[i + 1]), b = Int(p[i + 2])
                if dither {
                    let e = cur + (x + 1) * 3
                    r = max(0, min(255, r + Int(err[e]) / 16))
                    g = max(0, min(255, g + Int(err[e + 1]) / 16))
                    b = max(0, min(255, b + Int(err[e + 2]) / 16))
                }
                let idx = nearest(r, g, b)
                out[y * rw + x] = UInt8(idx)
                if dither {
                    let c = colors[idx]
                    let er = Int32(r - Int(c.0)), eg = Int32(g - Int(c.1)), eb = Int32(b - Int(c.2))
                    for (dx, row, weight) in [(2, cur, Int32(7)), (0, next, 3), (1, next, 5), (2, next, 1)] {
                        let e = row + (x + dx) * 3
                        err[e] += er * weight; err[e + 1] += eg * weight; err[e + 2] += eb * weight
                    }
                }
            }
        }
        return out
    }
}

/// GIF's variable-width LZW.
enum LZW {
    static func encode(_ indices: [UInt8], minimumCodeSize: Int, into out: inout Data) {
        out.append(UInt8(minimumCodeSize))
        let clear = 1 << minimumCodeSize, end = clear + 1
        var codeSize = minimumCodeSize + 1
        var next = end + 1
        var table: [Int: Int] = [:]
        table.reserveCapacity(4096)
        var bitBuffer = 0, bitCount = 0
        var block = [UInt8]()
        block.reserveCapacity(255)
        func emit(_ code: Int) {
            bitBuffer |= code << bitCount
            bitCount += codeSize
            while bitCount >= 8 {
                block.append(UInt8(bitBuffer & 0xFF))
                bitBuffer >>= 8
                bitCount -= 8
                if block.count == 255 { out.append(255); out.append(contentsOf: block); block.removeAll(keepingCapacity: true) }
            }
        }
        emit(clear)
        guard var prefix = indices.first.map(Int.init) else {
            emit(end)
            flush()
            return
        }
        for k in indices.dropFirst() {
            let key = prefix << 8 | Int(k)
            if let code = table[key] {
                prefix = code
                continue
            }
            emit(prefix)
            if next < 4096 {
                table[key] = next
                next += 1
                if next > (1 << codeSize) && codeSize < 12 { codeSize += 1 }
            } else {
                emit(clear)
                table.removeAll(keepingCapacity: true)
                codeSize = minimumCodeSize + 1
                next = end + 1
            }
            prefix = Int(k)
        }
        emit(prefix)
        emit(end)
        flush()

        func flush() {
            if bitCount > 0 { block.append(UInt8(bitBuffer & 0xFF)); bitBuffer = 0; bitCount = 0 }
            if !block.isEmpty { out.append(UInt8(block.count)); out.append(contentsOf: block); block.removeAll() }
            out.append(0)
        }
    }
}
