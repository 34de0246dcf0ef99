@_implementationOnly import CLaminaRaster
import Foundation

/// A fast Gaussian blur of an 8-bit plane: three box passes per direction (cost independent of
/// the radius), box widths chosen so the three passes match a Gaussian of standard deviation σ
/// (the SVG/CSS filter-effects rule: d = ⌊σ·3·√(2π)/4 + ½⌋).
///
/// Every pass runs down columns, all columns of a row at once (one running sum per column, so
/// the inner loops are plain vector arithmetic): the vertical passes on the plane itself, the
/// horizontal ones on its transpose. Each value becomes `(sum · ⌊2²⁴/size⌋ + 2²³) >> 24`, which
/// fits 32 bits (sum ≤ 255·size), with zero outside the plane.
@_spi(Lamina) public enum BoxBlur {
    /// Blurs `plane` (width × height bytes, rows `stride` apart) in place.
    public static func blur(_ plane: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard let passes = passes(sigma), width > 0, height > 0 else { return }
        if blurByRuns(plane, width: width, height: height, stride: stride, passes: passes) { return }
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height)
        defer { buffer.deallocate() }
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: max(width, height))
        defer { sums.deallocate() }
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height)
        defer { copy.deallocate() }
        horizontalPasses(plane, width: width, rows: height, stride: stride, passes: passes, buffer: buffer, copy: copy, sums: sums)
        for (l, r) in passes { lamina_box_columns(plane, width, height, stride, l, r, copy, sums) }
    }

    /// The horizontal passes over `rows` rows of `width` bytes: on their transpose (`rows`
    /// columns), in `buffer` (`width` × `rows` bytes; `copy` as large). The passes and transposes
    /// run in C (vectorized; the same arithmetic as `columnBox`).
    private static func horizontalPasses(_ plane: UnsafeMutablePointer<UInt8>, width: Int, rows: Int, stride: Int,
                                         passes: [(Int, Int)], buffer: UnsafeMutablePointer<UInt8>,
                                         copy: UnsafeMutablePointer<UInt8>, sums: UnsafeMutablePointer<UInt32>) {
        lamina_transpose_bytes(plane, stride, width, rows, buffer, rows)
        for (l, r) in passes { lamina_box_columns(buffer, rows, width, rows, l, r, copy, sums) }
        lamina_transpose_bytes(buffer, rows, rows, width, plane, stride)
    }

    /// ``blur(_:width:height:stride:sigma:)`` for planes made of runs of identical rows (a
    /// shadow of a rectangle or a rounded rectangle, whose straight sides repeat one row many
    /// times), with the same bytes: the horizontal passes run once per run, and the vertical
    /// ones only near where runs meet. Rows that do not change are left alone: a box pass over
    /// rows of one value v gives v again (`(n·v·⌊2²⁴/n⌋ + 2²³) >> 24 = v` while 255·(2²⁴ mod n)
    /// ≤ 2²³, so for windows up to 32,896 rows), so a row whose whole reach lies in its own run
    /// keeps its horizontally blurred value. False (nothing done) when the plane has too few
    /// repeated rows to gain.
    static func blurByRuns(_ plane: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, passes: [(Int, Int)]) -> Bool {
        let up = passes.reduce(0) { $0 + $1.0 }, down = passes.reduce(0) { $0 + $1.1 }
        guard height >= 64, passes.allSatisfy({ $0.0 + $0.1 + 1 <= 32_896 }) else { return false }
        // Where each run of identical rows starts.
        var starts = [0]
        for y in 1..<height where memcmp(plane + y * stride, plane + (y - 1) * stride, width) != 0 {
            starts.append(y)
            if starts.count * 4 > height { return false }
        }
        let runs = starts.count
        // Horizontal passes on one row of each run.
        let compact = UnsafeMutablePointer<UInt8>.allocate(capacity: width * runs)
        defer { compact.deallocate() }
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: width * runs)
        defer { buffer.deallocate() }
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: width * runs)
        defer { copy.deallocate() }
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: max(width, height))
        defer { sums.deallocate() }
        for k in 0..<runs { (compact + k * width).update(from: plane + starts[k] * stride, count: width) }
        horizontalPasses(compact, width: width, rows: runs, stride: width, passes: passes, buffer: buffer, copy: copy, sums: sums)
        for k in 0..<runs {
            let end = k + 1 < runs ? starts[k + 1] : height
            for y in starts[k]..<end { (plane + y * stride).update(from: compact + k * width, count: width) }
        }
        // Vertical passes: a row y keeps its value when rows [y - up, y + down] lie in its run.
        // The others form bands around where runs meet (and at the plane's edges); each band is
        // computed from a copy of the rows it reaches, so bands never read each other's results
        // (bands closer than their reach are merged).
        var bands: [(Int, Int)] = []
        func need(_ a: Int, _ b: Int) {
            let a = max(0, a), b = min(height, b)
            guard a < b else { return }
            if let last = bands.last, a - last.1 <= up + down { bands[bands.count - 1].1 = max(last.1, b) } else { bands.append((a, b)) }
        }
        for k in 0..<runs {
            let s = starts[k], e = k + 1 < runs ? starts[k + 1] : height
            if e - s <= up + down { need(s, e); continue }
            need(s, s + up)
            need(e - down, e)
        }
        let tallest = bands.map { min(height, $0.1 + down) - max(0, $0.0 - up) }.max() ?? 0
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: width * max(tallest, 1))
        defer { scratch.deallocate() }
        let rowsCopy = UnsafeMutablePointer<UInt8>.allocate(capacity: width * max(tallest, 1))
        defer { rowsCopy.deallocate() }
        for (b0, b1) in bands {
            let i0 = max(0, b0 - up), i1 = min(height, b1 + down)
            for y in i0..<i1 { (scratch + (y - i0) * width).update(from: plane + y * stride, count: width) }
            for (l, r) in passes { lamina_box_columns(scratch, width, i1 - i0, width, l, r, rowsCopy, sums) }
            for y in b0..<b1 { (plane + y * stride).update(from: scratch + (y - i0) * width, count: width) }
        }
        return true
    }

    /// The three box passes for `sigma` (how far each reaches left and right), nil below half
    /// a pixel: for an odd width d centred boxes; for even d two boxes offset by half a pixel
    /// either way and one of width d + 1 centred.
    static func passes(_ sigma: Double) -> [(Int, Int)]? {
        guard sigma >= 0.5, sigma.isFinite else { return nil }
        let d = max(1, Int(min(sigma, 1e6) * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5))
        return d % 2 == 1 ? [(d / 2, d / 2), (d / 2, d / 2), (d / 2, d / 2)]
                          : [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
    }

    /// ``blur(_:width:height:stride:sigma:)`` in Swift alone: the reference the C passes are
    /// tested against (the same bytes on every SIMD path).
    static func referenceBlur(_ plane: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard let passes = passes(sigma), width > 0, height > 0 else { return }
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height)
        defer { buffer.deallocate() }
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: max(width, height))
        defer { sums.deallocate() }
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height)
        defer { copy.deallocate() }
        transpose(plane, stride: stride, width: width, height: height, into: buffer, stride: height)
        for (l, r) in passes {
            columnBox(buffer, columns: height, rows: width, stride: height, left: l, right: r, copy: copy, sums: sums)
        }
        transpose(buffer, stride: height, width: height, height: width, into: plane, stride: stride)
        for (l, r) in passes {
            columnBox(plane, columns: width, rows: height, stride: stride, left: l, right: r, copy: copy, sums: sums)
        }
    }

    /// Writes the transpose of the `width` × `height` bytes at `src` to `dst` (`height` × `width`),
    /// in 8 × 8 blocks.
    private static func transpose(_ src: UnsafeMutablePointer<UInt8>, stride s: Int, width: Int, height: Int,
                                  into dst: UnsafeMutablePointer<UInt8>, stride t: Int) {
        var y0 = 0
        while y0 < height {
            let y1 = min(y0 + 8, height)
            var x0 = 0
            while x0 < width {
                let x1 = min(x0 + 8, width)
                for y in y0..<y1 {
                    let row = src + y * s
                    for x in x0..<x1 { dst[x * t + y] = row[x] }
                }
                x0 = x1
            }
            y0 = y1
        }
    }

    /// One box pass down every column at once: each value becomes the mean of the window
    /// [y − left, y + right] of its column (zero outside). `copy` holds rows × columns bytes and
    /// `sums` one counter per column.
    private static func columnBox(_ plane: UnsafeMutablePointer<UInt8>, columns: Int, rows: Int, stride: Int,
                                  left: Int, right: Int, copy: UnsafeMutablePointer<UInt8>,
                                  sums: UnsafeMutablePointer<UInt32>) {
        let scale = UInt32((1 << 24) / (left + right + 1))
        for y in 0..<rows { (copy + y * columns).update(from: plane + y * stride, count: columns) }
        memset(sums, 0, columns * MemoryLayout<UInt32>.size)
        for y in 0..<min(right, rows) {
            let row = copy + y * columns
            for x in 0..<columns { sums[x] &+= UInt32(row[x]) }
        }
        for y in 0..<rows {
            let enter = y + right, leave = y - left - 1
            if enter < rows { let row = copy + enter * columns; for x in 0..<columns { sums[x] &+= UInt32(row[x]) } }
            if leave >= 0 { let row = copy + leave * columns; for x in 0..<columns { sums[x] &-= UInt32(row[x]) } }
            let out = plane + y * stride
            for x in 0..<columns { out[x] = UInt8(truncatingIfNeeded: (sums[x] &* scale &+ (1 << 23)) >> 24) }
        }
    }
}
