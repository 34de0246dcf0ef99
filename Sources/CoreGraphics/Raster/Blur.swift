import CLaminaRaster

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
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height)
        defer { buffer.deallocate() }
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: max(width, height))
        defer { sums.deallocate() }
        // Horizontal passes: on the transpose (height columns, width rows).
        // The passes and transposes run in C (vectorized; the same arithmetic as `columnBox`).
        lamina_transpose_bytes(plane, stride, width, height, buffer, height)
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height)
        defer { copy.deallocate() }
        for (l, r) in passes { lamina_box_columns(buffer, height, width, height, l, r, copy, sums) }
        lamina_transpose_bytes(buffer, height, height, width, plane, stride)
        for (l, r) in passes { lamina_box_columns(plane, width, height, stride, l, r, copy, sums) }
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
        sums.update(repeating: 0, count: columns)
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
