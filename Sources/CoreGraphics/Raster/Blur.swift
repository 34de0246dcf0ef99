/// A fast Gaussian blur of an 8-bit plane: three box passes per direction (cost independent of
/// the radius), box widths chosen so the three passes match a Gaussian of standard deviation σ
/// (the SVG/CSS filter-effects rule: d = ⌊σ·3·√(2π)/4 + ½⌋).
@_spi(Lamina) public enum BoxBlur {
    /// Blurs `plane` (width × height bytes, rows `stride` apart) in place.
    public static func blur(_ plane: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard sigma >= 0.5, width > 0, height > 0 else { return }
        let d = max(1, Int(sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5))
        let n = max(width, height)
        let tmp = UnsafeMutablePointer<UInt8>.allocate(capacity: n)
        defer { tmp.deallocate() }
        // Three passes of width d: for odd d centred boxes; for even d two boxes offset by half a
        // pixel either way and one of width d + 1 centred.
        let passes: [(Int, Int)] = d % 2 == 1 ? [(d / 2, d / 2), (d / 2, d / 2), (d / 2, d / 2)]
                                              : [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
        for y in 0..<height {
            for (l, r) in passes { box(plane + y * stride, step: 1, count: width, left: l, right: r, tmp: tmp) }
        }
        // Vertical passes walk rows, keeping one running sum per column (cache-friendly).
        for (l, r) in passes { verticalBox(plane, width: width, height: height, stride: stride, left: l, right: r) }
    }

    /// One vertical box pass over every column at once: each value becomes the mean of the
    /// window [y − left, y + right] of its column (zero outside).
    private static func verticalBox(_ plane: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int,
                                    left: Int, right: Int) {
        let size = left + right + 1
        let scale = (1 << 24) / size
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height)
        defer { copy.deallocate() }
        for y in 0..<height { (copy + y * width).update(from: plane + y * stride, count: width) }
        let sums = UnsafeMutablePointer<Int32>.allocate(capacity: width)
        defer { sums.deallocate() }
        sums.initialize(repeating: 0, count: width)
        for y in 0..<min(right, height) {
            let row = copy + y * width
            for x in 0..<width { sums[x] &+= Int32(row[x]) }
        }
        for y in 0..<height {
            let enter = y + right, leave = y - left - 1
            if enter < height { let row = copy + enter * width; for x in 0..<width { sums[x] &+= Int32(row[x]) } }
            if leave >= 0 { let row = copy + leave * width; for x in 0..<width { sums[x] &-= Int32(row[x]) } }
            let out = plane + y * stride
            for x in 0..<width { out[x] = UInt8(min(255, (Int(sums[x]) * scale + (1 << 23)) >> 24)) }
        }
    }

    /// One box pass along a line: each value becomes the mean of the window [i − left, i + right]
    /// (zero outside the line), with a running sum.
    private static func box(_ line: UnsafeMutablePointer<UInt8>, step: Int, count: Int, left: Int, right: Int,
                            tmp: UnsafeMutablePointer<UInt8>) {
        let size = left + right + 1
        for i in 0..<count { tmp[i] = line[i * step] }
        var sum = 0
        for i in 0..<min(right, count) { sum += Int(tmp[i]) }
        let scale = (1 << 24) / size
        for i in 0..<count {
            let enter = i + right, leave = i - left - 1
            if enter < count { sum += Int(tmp[enter]) }
            if leave >= 0 { sum -= Int(tmp[leave]) }
            line[i * step] = UInt8(min(255, (sum * scale + (1 << 23)) >> 24))
        }
    }
}
