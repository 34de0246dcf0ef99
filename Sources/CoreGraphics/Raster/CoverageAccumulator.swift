@_implementationOnly import CLaminaRaster
import Synchronization

/// Exact-area antialiasing: each line segment deposits, into the pixels of each row it crosses,
/// the change it makes to their covered area; a running sum along the row then gives every
/// pixel's signed coverage (the winding number weighted by area).
///
/// Cells a segment touches are marked in a per-row bitmap; the sweep visits only marked cells and
/// treats the run between two marked cells as one span of constant coverage, so the cost is
/// proportional to the shape's edges and spans, not to its bounding box.
///
/// Buffers are kept between fills and cleared by the sweep as it reads them.
final class CoverageAccumulator: @unchecked Sendable {
    /// Accumulators waiting for a context. Every sweep leaves its accumulator all zero, so one
    /// from the pool rasterizes exactly as a new one; reusing them spares each new context (a
    /// band of a frame, an offscreen buffer) growing and clearing its buffers again.
    private static let pool = Locked<[CoverageAccumulator]>([])
    /// At most this many wait in the pool, each holding at most ``pooledCellLimit`` cells.
    private static let pooledCount = 16, pooledCellLimit = 1 << 22

    /// An accumulator from the pool, a small one (a context keeps its accumulator for its life,
    /// and a long-lived backing store's must not hold a screen-sized one: a context that needs
    /// more takes a larger pooled one's buffers when it grows), or a new one.
    static func take() -> CoverageAccumulator {
        pool.withLock { pool -> CoverageAccumulator? in
            guard let i = pool.lastIndex(where: { $0.cellCapacity <= smallCellCount }) else { return nil }
            return pool.remove(at: i)
        } ?? CoverageAccumulator()
    }

    /// The most cells an accumulator handed out by ``take()`` holds.
    private static let smallCellCount = 1 << 16

    /// Returns an accumulator to the pool (dropped when the pool is full or it is very large).
    static func give(_ a: CoverageAccumulator) {
        guard a.cellCapacity <= pooledCellLimit, a.rowMin == Int.max else { return }
        pool.withLock { if $0.count < pooledCount { $0.append(a) } }
    }

    // Used by one context at a time: its properties skip Swift's run-time exclusivity checks.
    /// The device area being rasterized (integer pixel bounds, inclusive-exclusive).
    @exclusivity(unchecked) private(set) var minX = 0, minY = 0, width = 0, height = 0
    /// Row stride of `cells` (width + 2: a spare cell on the right takes the last carry).
    @exclusivity(unchecked) private var stride = 0
    @exclusivity(unchecked) private var cells: UnsafeMutablePointer<Float> = .allocate(capacity: 0)
    @exclusivity(unchecked) private(set) var cellCapacity = 0
    @exclusivity(unchecked) private var bits: UnsafeMutablePointer<UInt64> = .allocate(capacity: 0)
    @exclusivity(unchecked) private var bitWords = 0
    @exclusivity(unchecked) private var bitCapacity = 0
    /// The cells as the C edge loop sees them (``lamina_add_segment``), set by `begin`.
    /// Kept untyped so that no stored property names a C type (CLaminaRaster is hidden from the
    /// modules that import CoreGraphics); ``edges`` gives it its type.
    private let edgesAddress: UnsafeMutableRawPointer = {
        let p = UnsafeMutablePointer<lamina_cells>.allocate(capacity: 1)
        p.initialize(to: lamina_cells(cells: nil, bits: nil, stride: 0, bit_words: 0, width: 0, height: 0, store_top: 0,
                                      store_bottom: 0, row_min: .max, row_max: .min, lane_shift: 0))
        return UnsafeMutableRawPointer(p)
    }()
    private var edges: UnsafeMutablePointer<lamina_cells> {
        @inline(__always) get { edgesAddress.assumingMemoryBound(to: lamina_cells.self) }
    }
    /// Rows that received a segment: [rowMin, rowMax).
    private var rowMin: Int {
        get { edges.pointee.row_min }
        set { edges.pointee.row_min = newValue }
    }
    private var rowMax: Int {
        get { edges.pointee.row_max }
        set { edges.pointee.row_max = newValue }
    }
    /// The area rows kept in `cells` ([storeTop, storeBottom)): all of them, or a row window's.
    @exclusivity(unchecked) private var storeTop = 0, storeBottom = 0
    /// Sub-rows per pixel row: 1 for exact-area coverage; 4 for even-odd fills, whose rule
    /// cannot be applied to a pixel's averaged winding (half at winding 0 and half at 2 would
    /// read as fully covered), so each sub-row is folded on its own and the four are averaged.
    @exclusivity(unchecked) private(set) var subRows = 1
    /// With 4 sub-rows, each cell holds the four sub-rows' values of its column side by side
    /// (cell i of sub-row k at 4·i + k of its pixel row) and the bitmap marks the pixel row's
    /// cells: one sweep of a pixel row folds all four (``sweepLanes``). 0 or 2 (log2 of 1 or 4).
    @exclusivity(unchecked) private var laneShift = 0

    /// An axis-aligned rectangle given instead of its edges (``setRect(_:_:_:_:)``), in area
    /// coordinates: the sweep then computes its coverage row by row without the cells.
    @exclusivity(unchecked) private var rect: RectSweep?
    /// Whether the last sweep was a rectangle's (tests).
    @exclusivity(unchecked) private(set) var lastSweepWasRectangle = false

    /// A row's coverage bytes for the C sweep (``sweepSolidOver32``): at least width + 16.
    @exclusivity(unchecked) private var scratch: UnsafeMutablePointer<UInt8> = .allocate(capacity: 0)
    @exclusivity(unchecked) private var scratchCapacity = 0

    /// The cells and bit words the current area needs (grown into at its first edge).
    @exclusivity(unchecked) private var neededCells = 0, neededBits = 0

    deinit { cells.deallocate(); bits.deallocate(); edges.deallocate(); scratch.deallocate() }

    /// Grows `cells` and `bits` (zeroed) to what the current area needs, before its first edge:
    /// from a pooled accumulator large enough, whose (all-zero) buffers are swapped with these,
    /// or newly allocated and cleared.
    @inline(never)
    private func growStorage() {
        // The smallest pooled one that is large enough, and not much larger (a small area leaves
        // a screen-sized buffer to the next screen-sized one).
        let (cellsWanted, bitsWanted) = (neededCells, neededBits)
        let donor = CoverageAccumulator.pool.withLock { pool -> CoverageAccumulator? in
            var best: Int?
            for (i, a) in pool.enumerated() where a.cellCapacity >= cellsWanted && a.bitCapacity >= bitsWanted
                && a.cellCapacity <= max(4 * cellsWanted, CoverageAccumulator.smallCellCount) {
                if best == nil || a.cellCapacity < pool[best!].cellCapacity { best = i }
            }
            return best.map { pool.remove(at: $0) }
        }
        if let donor {
            swap(&cells, &donor.cells); swap(&cellCapacity, &donor.cellCapacity)
            swap(&bits, &donor.bits); swap(&bitCapacity, &donor.bitCapacity)
            CoverageAccumulator.give(donor)
        }
        if neededCells > cellCapacity {
            cells.deallocate()
            // Doubling, but not past what the pool keeps when the need fits in it (a screen-sized
            // area grown twice would otherwise be dropped, and its 20 MB cleared anew each time).
            let doubled = max(neededCells, cellCapacity * 2)
            cellCapacity = neededCells <= CoverageAccumulator.pooledCellLimit ? min(doubled, CoverageAccumulator.pooledCellLimit) : doubled
            cells = .allocate(capacity: cellCapacity)
            memset(cells, 0, cellCapacity * MemoryLayout<Float>.size)   // 0.0: all bits zero
        }
        if neededBits > bitCapacity {
            bits.deallocate()
            bitCapacity = max(neededBits, bitCapacity * 2)
            bits = .allocate(capacity: bitCapacity)
            memset(bits, 0, bitCapacity * MemoryLayout<UInt64>.size)
        }
        edges.pointee.cells = cells
        edges.pointee.bits = bits
    }

    /// Sets the number of sub-rows per pixel row for the next `begin` (1 or 4).
    func setSubRows(_ n: Int) {
        precondition(n == 1 || n == 4, "CoverageAccumulator: 1 or 4 sub-rows, not \(n)")
        subRows = n
    }

    /// Prepares for a fill covering the device rectangle `[x0, x1) × [y0, y1)`, storing only the
    /// rows `[storeY0, storeY1)` (a row window). Coverage is computed relative to the area's
    /// corner whatever the window, so a stored row comes out exactly as without one.
    func begin(x0: Int, y0: Int, x1: Int, y1: Int, storeY0: Int = .min, storeY1: Int = .max) {
        minX = x0; minY = y0; width = max(0, x1 - x0); height = max(0, y1 - y0)
        stride = width + 2
        storeTop = max(0, min(height, storeY0 == .min ? 0 : storeY0 - y0))
        storeBottom = max(storeTop, min(height, storeY1 == .max ? height : storeY1 - y0))
        let storedRows = storeBottom - storeTop
        bitWords = (stride + 63) >> 6
        // The cells and bits are grown when the first edge arrives (`growStorage`): a rectangle
        // (``setRect(_:_:_:_:)``) is swept without them, and a large one would otherwise page
        // in and clear megabytes it never reads.
        neededCells = stride * storedRows
        neededBits = bitWords * storedRows
        rowMin = Int.max; rowMax = Int.min
        rect = nil
        // With sub-rows the stored rows start and end on pixel rows (the caller scales whole
        // rows), so a pixel row's four sub-rows share its cells.
        laneShift = subRows == 4 ? 2 : 0
        edges.pointee = lamina_cells(cells: cells, bits: bits, stride: stride, bit_words: bitWords, width: width,
                                     height: height, store_top: storeTop, store_bottom: storeBottom,
                                     row_min: .max, row_max: .min, lane_shift: laneShift)
    }

    /// Takes the axis-aligned rectangle with corners (x0, y0) and (x1, y1) (device coordinates,
    /// y down the rows, as ``addLine(_:_:_:_:)`` takes them) as the shape, in place of its four
    /// edges, for a non-zero fill (one sub-row per row). The sweep then gives every pixel the
    /// coverage the edges would have given, bit for bit (the same single-precision deposits,
    /// summed in the same order), without touching the cells; sides beyond the area's columns
    /// count as the edge path counts them (see ``RectSweep``). Returns false, taking nothing,
    /// when nothing of the rectangle is left in the area's columns or it is flat (the edges are
    /// then added as usual).
    func setRect(_ x0: CGFloat, _ y0: CGFloat, _ x1: CGFloat, _ y1: CGFloat) -> Bool {
        guard subRows == 1, let r = RectSweep(x0, y0, x1, y1, minX: minX, minY: minY, width: width, height: height,
                                              storeTop: storeTop, storeBottom: storeBottom) else { return false }
        rect = r
        return true
    }

    /// The sweep of a rectangle (``setRect(_:_:_:_:)``, ``RectSweep/sweep(merge:_:)``).
    private func sweepRect(_ r: RectSweep, merge: Bool,
                           _ block: (_ y: Int, _ rows: Int, _ x: Int, _ count: Int, _ alpha: UInt8) -> Void) {
        rect = nil
        lastSweepWasRectangle = true
        r.sweep(merge: merge, block)
    }

    /// Whether no row of the area is stored (nothing can be drawn).
    var storesNothing: Bool { storeTop >= storeBottom }

    /// Adds the segment (x0, y0)–(x1, y1) in device coordinates (y down the rows: row r spans
    /// [r, r + 1)). Its winding is +1 when it runs toward increasing y.
    ///
    /// Parts left of the area act as a vertical edge on its left side (they add winding to every
    /// visible pixel to their right); parts right of it cannot affect visible pixels and are
    /// dropped. The segment is split exactly where it crosses those sides.
    func addLine(_ x0: CGFloat, _ y0: CGFloat, _ x1: CGFloat, _ y1: CGFloat) {
        guard y0 != y1, x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return }
        if neededCells > cellCapacity || neededBits > bitCapacity { growStorage() }
        // Far-away points would overflow single precision: cut those segments in double first.
        let far: CGFloat = 1e7
        if abs(x0 - CGFloat(minX)) > far || abs(x1 - CGFloat(minX)) > far || abs(y0 - CGFloat(minY)) > far || abs(y1 - CGFloat(minY)) > far {
            addFarLine(Double(x0) - Double(minX), Double(y0) - Double(minY), Double(x1) - Double(minX), Double(y1) - Double(minY))
            return
        }
        let ax = Float(x0) - Float(minX), ay = Float(y0) - Float(minY)
        let bx = Float(x1) - Float(minX), by = Float(y1) - Float(minY)
        let right = Float(width)
        // The common case: entirely inside.
        if ax >= 0 && bx >= 0 && ax <= right && bx <= right { addClipped(ax, ay, bx, by); return }
        // Parameters where the segment crosses x = 0 and x = right (no allocation: fixed slots).
        var c1: Float = 1, c2: Float = 1
        if (ax < 0) != (bx < 0) { c1 = (0 - ax) / (bx - ax) }
        if (ax > right) != (bx > right) { c2 = (right - ax) / (bx - ax) }
        if c2 < c1 { swap(&c1, &c2) }
        let cuts: (Float, Float, Float, Float) = (0, c1, c2, 1)
        for k in 0..<3 {
            let t0 = k == 0 ? cuts.0 : (k == 1 ? cuts.1 : cuts.2)
            let t1 = k == 0 ? cuts.1 : (k == 1 ? cuts.2 : cuts.3)
            guard t1 > t0 else { continue }
            let px = ax + (bx - ax) * t0, py = ay + (by - ay) * t0
            let qx = ax + (bx - ax) * t1, qy = ay + (by - ay) * t1
            let mid = (px + qx) * 0.5
            if mid > right { continue }                          // right of the area: no effect
            if mid < 0 { addClipped(0, py, 0, qy); continue }    // left: a vertical edge at 0
            addClipped(min(max(px, 0), right), py, min(max(qx, 0), right), qy)
        }
    }

    /// A segment with a far-away end (area coordinates, double precision): the part within the
    /// area's rows, split where it crosses the area's sides (as `addLine` does in single precision).
    private func addFarLine(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        var ax = x0, ay = y0, bx = x1, by = y1
        let right = Double(width), h = Double(height)
        if (ay < 0 && by < 0) || (ay > h && by > h) { return }
        let dxdy = (bx - ax) / (by - ay)
        if ay < 0 { ax = x0 - y0 * dxdy; ay = 0 } else if ay > h { ax = x0 + (h - y0) * dxdy; ay = h }
        if by < 0 { bx = x0 - y0 * dxdy; by = 0 } else if by > h { bx = x0 + (h - y0) * dxdy; by = h }
        guard ay != by, ax.isFinite, bx.isFinite else { return }
        var c1 = 1.0, c2 = 1.0
        if (ax < 0) != (bx < 0) { c1 = (0 - ax) / (bx - ax) }
        if (ax > right) != (bx > right) { c2 = (right - ax) / (bx - ax) }
        if c2 < c1 { swap(&c1, &c2) }
        for (t0, t1) in [(0.0, c1), (c1, c2), (c2, 1.0)] where t1 > t0 {
            let px = ax + (bx - ax) * t0, py = ay + (by - ay) * t0
            let qx = ax + (bx - ax) * t1, qy = ay + (by - ay) * t1
            let mid = (px + qx) * 0.5
            if mid > right { continue }
            if mid < 0 { addClipped(0, Float(py), 0, Float(qy)); continue }
            addClipped(Float(min(max(px, 0), right)), Float(py), Float(min(max(qx, 0), right)), Float(qy))
        }
    }

    /// Adds a segment already within [0, width] horizontally (area coordinates), to one sub-row
    /// per row or to four: the edge loop in C (``lamina_add_segment``), which deposits into each
    /// row it crosses the change it makes to every pixel column's covered area.
    @inline(__always)
    private func addClipped(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float) {
        lamina_add_segment(edges, x0, y0, x1, y1)
    }

    /// ``sweep(evenOdd:_:)`` for painters that take several rows at once: `block(y, rows, x,
    /// count, alpha)` covers `rows` rows from `y` alike (a rectangle's rows; one row otherwise).
    /// With `merge`, neighbouring runs of equal coverage come as one (for solid paints, which
    /// give each pixel the same whatever the split).
    @inline(__always)
    func sweepBlocks(evenOdd: Bool, merge: Bool,
                     _ block: (_ y: Int, _ rows: Int, _ x: Int, _ count: Int, _ alpha: UInt8) -> Void) {
        if let rect { sweepRect(rect, merge: merge, block); return }
        sweep(evenOdd: evenOdd) { y, x, n, a in block(y, 1, x, n, a) }
    }

    /// Visits the coverage of every pixel row, calling `span(y, x, count, alpha)` for runs of
    /// equal coverage (alpha in 1...255), in device coordinates. Clears what it reads. With
    /// sub-rows, `y` and the accumulator's rows are in sub-row units and the result is averaged.
    @inline(__always)
    func sweep(evenOdd: Bool, _ span: (_ y: Int, _ x: Int, _ count: Int, _ alpha: UInt8) -> Void) {
        if let rect {
            sweepRect(rect, merge: false) { y, rows, x, n, a in
                for r in 0..<rows { span(y + r, x, n, a) }
            }
            return
        }
        lastSweepWasRectangle = false
        if subRows == 1 { sweepRows(evenOdd: evenOdd, span); return }
        sweepLanes(evenOdd: evenOdd, span)
    }

    /// The sweep for a solid colour laid over 32-bit pixels by source-over with no clip mask,
    /// in C (``lamina_sweep_solid_over_32``): the same coverage and bytes as ``sweep(evenOdd:_:)``
    /// with ``SolidOver32``, without a call per span (a rectangle's rows too, as
    /// ``RectSweep`` computes them). Pixel (x, y) is the word at `base + y·bytesPerRow + 4x`;
    /// only columns [col0, col1) are painted.
    func sweepSolidOver32(base: UnsafeMutableRawPointer, bytesPerRow: Int, color: UInt32, alphaShift: UInt32,
                          evenOdd: Bool, col0: Int, col1: Int) {
        if let r = rect {
            // A rectangle: its rows computed and painted in C (``lamina_rect_solid_over_32``).
            rect = nil
            lastSweepWasRectangle = true
            var job = lamina_rect_fill(
                left: r.rect.left, top: r.rect.top, right: r.rect.right, bottom: r.rect.bottom,
                width: r.width, height: r.height, store_top: r.storeTop, store_bottom: r.storeBottom,
                dst: (base + r.minY * bytesPerRow + r.minX * 4).assumingMemoryBound(to: CChar.self), dst_stride: bytesPerRow,
                col0: col0 - r.minX, col1: col1 - r.minX, color: color, alpha_shift: Int32(alphaShift))
            lamina_rect_solid_over_32(&job)
            return
        }
        lastSweepWasRectangle = false
        guard rowMin < rowMax else { return }
        let (first, end, row0) = sweptRows
        if scratchCapacity < width + 16 {
            scratch.deallocate()
            scratchCapacity = max(width + 16, scratchCapacity * 2)
            scratch = .allocate(capacity: scratchCapacity)
        }
        var job = cellJob(first, end,
            dst: (base + row0 * bytesPerRow + minX * 4).assumingMemoryBound(to: CChar.self), dst_stride: bytesPerRow,
            col0: max(0, col0 - minX), col1: min(width, col1 - minX), color: color, alpha_shift: Int32(alphaShift),
            even_odd: evenOdd ? 1 : 0, scratch: scratch)
        lamina_sweep_solid_over_32(&job)
        rowMin = Int.max; rowMax = Int.min
    }

    /// The stored rows holding marked cells, as the C sweeps count them (pixel rows from the
    /// first stored one: [first, end)), and the device row `row0` of the first stored pixel row.
    private var sweptRows: (first: Int, end: Int, row0: Int) {
        if subRows == 1 {
            return (max(storeTop, rowMin) - storeTop, min(storeBottom, rowMax) - storeTop, minY + storeTop)
        }
        return ((max(storeTop, rowMin) - storeTop) >> 2, (min(storeBottom, rowMax) - storeTop + 3) >> 2, (minY + storeTop) >> 2)
    }

    /// A C sweep of rows [first, end) of the cells into `dst` (the painter's fields given).
    private func cellJob(_ first: Int, _ end: Int, dst: UnsafeMutablePointer<CChar>, dst_stride: Int, col0: Int, col1: Int,
                         color: UInt32, alpha_shift: Int32, even_odd: Int32, scratch: UnsafeMutablePointer<UInt8>?) -> lamina_solid_sweep {
        lamina_solid_sweep(cells: cells, bits: bits, stride: stride, bit_words: bitWords, lanes: subRows == 1 ? 1 : 4,
                           width: width, row_first: first, row_end: end, dst: dst, dst_stride: dst_stride, col0: col0, col1: col1,
                           color: color, alpha_shift: alpha_shift, even_odd: even_odd, scratch: scratch)
    }

    /// The sweep of an opaque fill on an alpha-only bitmap (pixel (x, y) the byte at
    /// `base + y·bytesPerRow + x`), in C (``lamina_sweep_alpha_over_8``): each pixel's coverage
    /// laid over its byte, the bytes ``SolidOver8`` gives for value and alpha 255. Only columns
    /// [col0, col1) are painted. Returns false, doing nothing, for a rectangle (its rows go through
    /// ``sweep(evenOdd:_:)``).
    func sweepAlphaOver8(base: UnsafeMutableRawPointer, bytesPerRow: Int, evenOdd: Bool, col0: Int, col1: Int) -> Bool {
        sweepBytes(lamina_sweep_alpha_over_8, evenOdd: evenOdd, col0: col0, col1: col1) { row0 in
            (base + row0 * bytesPerRow + minX, bytesPerRow)
        }
    }

    /// The sweep into a clip mask, in C (``lamina_sweep_mask``): every run's coverage written
    /// into the mask's bytes as ``MaskWriter`` writes them, columns [col0, col1) only. The mask
    /// covers the area (its bounds are the area's, its stored rows the stored ones). Returns
    /// false, doing nothing, for a rectangle (its rows go through ``sweep(evenOdd:_:)``).
    func sweepMask(into mask: ClipMask, evenOdd: Bool, col0: Int, col1: Int) -> Bool {
        sweepBytes(lamina_sweep_mask, evenOdd: evenOdd, col0: col0, col1: col1) { row0 in
            precondition(mask.x0 == minX && mask.storedY0 == row0 && mask.width == width,
                         "CoverageAccumulator.sweepMask: the mask must cover the area")
            return (UnsafeMutableRawPointer(mask.bytes), mask.width)
        }
    }

    /// A C sweep writing one byte per pixel (`painter`), columns [col0, col1) only: `start`
    /// gives, for the device row of the first stored row, the byte of its column `minX` and the
    /// bytes from row to row. False, doing nothing, for a rectangle.
    private func sweepBytes(_ painter: (UnsafePointer<lamina_solid_sweep>?) -> Void, evenOdd: Bool, col0: Int, col1: Int,
                            start: (_ row0: Int) -> (UnsafeMutableRawPointer, Int)) -> Bool {
        if rect != nil { return false }
        lastSweepWasRectangle = false
        guard rowMin < rowMax else { return true }
        let (first, end, row0) = sweptRows
        let (dst, stride) = start(row0)
        var job = cellJob(first, end, dst: dst.assumingMemoryBound(to: CChar.self), dst_stride: stride,
                          col0: max(0, col0 - minX), col1: min(width, col1 - minX), color: 0, alpha_shift: 0,
                          even_odd: evenOdd ? 1 : 0, scratch: nil)
        painter(&job)
        rowMin = Int.max; rowMax = Int.min
        return true
    }

    /// The sweep of 4 sub-rows per pixel row: along each pixel row, the four sub-rows' running
    /// sums advance together (one lane each) over the row's marked cells; each sub-row's coverage
    /// is folded under the fill rule on its own and the four alphas are averaged (sum + 2) / 4,
    /// in runs of equal sum.
    @inline(__always)
    private func sweepLanes(evenOdd: Bool, _ span: (_ y: Int, _ x: Int, _ count: Int, _ alpha: UInt8) -> Void) {
        guard rowMin < rowMax else { return }
        let (first, end, pixelRow0) = sweptRows
        for s in first..<end {
            let row = cells + ((s * stride) << 2)
            let rowBits = bits + s * bitWords
            // The four sub-rows' running sums, one lane each.
            var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
            let eo: Int32 = evenOdd ? 1 : 0
            var runStart = 0, runEnd = 0, runSum = 0
            forEachMarkedCell(rowBits) { i, e in
                let c = row + (i << 2)
                acc.0 += c[0]; acc.1 += c[1]; acc.2 += c[2]; acc.3 += c[3]
                c[0] = 0; c[1] = 0; c[2] = 0; c[3] = 0
                guard i < e else { return }
                // The four alphas summed (the fold of `alpha`, four at a time in C).
                let sum = Int(withUnsafePointer(to: &acc) { $0.withMemoryRebound(to: Float.self, capacity: 4) { lamina_alpha_sum4($0, eo) } })
                if sum == runSum && i == runEnd && runEnd > runStart { runEnd = e; return }
                let a = (runSum + 2) >> 2
                if a != 0 && runEnd > runStart { span(pixelRow0 + s, minX + runStart, runEnd - runStart, UInt8(a)) }
                runStart = i; runEnd = e; runSum = sum
            }
            let a = (runSum + 2) >> 2
            if a != 0 && runEnd > runStart { span(pixelRow0 + s, minX + runStart, runEnd - runStart, UInt8(a)) }
        }
        rowMin = Int.max; rowMax = Int.min
    }

    /// Calls `body(i, end)` for every marked cell i of a row in order, `end` being the next
    /// marked cell or the row's end (coverage is constant over [i, end); `end` can equal i at the
    /// row's end), and clears the row's marks as it reads them.
    @inline(__always)
    private func forEachMarkedCell(_ rowBits: UnsafeMutablePointer<UInt64>, _ body: (_ i: Int, _ end: Int) -> Void) {
        let bitWords = self.bitWords, width = self.width
        var w = 0
        while w < bitWords {
            var word = rowBits[w]
            if word == 0 { w += 1; continue }
            rowBits[w] = 0
            while word != 0 {
                let i = (w << 6) + word.trailingZeroBitCount
                word &= word - 1
                var next: Int
                if word != 0 {
                    next = (w << 6) + word.trailingZeroBitCount
                } else {
                    var ww = w + 1
                    while ww < bitWords && rowBits[ww] == 0 { ww += 1 }
                    next = ww < bitWords ? (ww << 6) + rowBits[ww].trailingZeroBitCount : width
                }
                body(i, min(next, width))
            }
            w += 1
        }
    }

    /// The sweep over accumulator rows (pixel rows, or sub-rows).
    @inline(__always)
    private func sweepRows(evenOdd: Bool, _ span: (_ y: Int, _ x: Int, _ count: Int, _ alpha: UInt8) -> Void) {
        guard rowMin < rowMax else { return }
        for y in max(storeTop, rowMin)..<min(storeBottom, rowMax) {
            let row = cells + (y - storeTop) * stride
            let rowBits = bits + (y - storeTop) * bitWords
            var acc: Float = 0
            forEachMarkedCell(rowBits) { i, end in
                acc += row[i]
                row[i] = 0
                if i < end {
                    let a = CoverageAccumulator.alpha(acc, evenOdd: evenOdd)
                    if a != 0 { span(minY + y, minX + i, end - i, a) }
                }
            }
        }
        rowMin = Int.max; rowMax = Int.min
    }

    /// ⌈v⌉ for v in (0, 2^31), without the libm call `rounded(.up)` makes on baseline x86-64.
    @inline(__always)
    static func ceiling(_ v: Float) -> Int {
        let t = lamina_truncate(v)
        return Float(t) < v ? t + 1 : t
    }

    /// Coverage to alpha under the fill rule.
    @inline(__always)
    static func alpha(_ c: Float, evenOdd: Bool) -> UInt8 {
        var v = abs(c)
        if evenOdd {
            // v mod 2, exactly as `truncatingRemainder(dividingBy: 2)` (a libm call) gives it:
            // 2·⌊v/2⌋ is exact and so is v minus it (Sterbenz), below 2^24.
            if v < 16_777_216 { v -= 2 * Float(lamina_truncate(v * 0.5)) } else { v = v.truncatingRemainder(dividingBy: 2) }
            if v > 1 { v = 2 - v }
        } else if v > 1 {
            v = 1
        }
        // NaN (a degenerate edge) covers nothing.
        if !(v > 0) { return 0 }
        return UInt8(truncatingIfNeeded: lamina_truncate(v * 255 + 0.5))
    }
}

/// An axis-aligned rectangle swept without its edges: the area it is swept in (as a
/// ``CoverageAccumulator``'s: `width` × `height` cells from device pixel (minX, minY), rows
/// [storeTop, storeBottom) stored) and its sides in area coordinates. A value, so a clip can keep
/// one and paint through it later (a clip kept as a rectangle, ``CGContext/RectClip``).
struct RectSweep {
    let rect: (left: Float, top: Float, right: Float, bottom: Float)
    let width: Int, height: Int, minX: Int, minY: Int, storeTop: Int, storeBottom: Int

    /// The rectangle with corners (x0, y0) and (x1, y1) (device coordinates, y down the rows),
    /// cut to the area's columns, or nil when nothing of it is left there, it is flat, or lies
    /// too far away for single precision (its edges are then rasterized as usual).
    init?(_ x0: CGFloat, _ y0: CGFloat, _ x1: CGFloat, _ y1: CGFloat, minX: Int, minY: Int, width: Int, height: Int,
          storeTop: Int, storeBottom: Int) {
        guard y0 != y1, x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return nil }
        let far: CGFloat = 1e7
        guard abs(x0 - CGFloat(minX)) <= far, abs(x1 - CGFloat(minX)) <= far,
              abs(y0 - CGFloat(minY)) <= far, abs(y1 - CGFloat(minY)) <= far else { return nil }
        let ax = Float(x0) - Float(minX), ay = Float(y0) - Float(minY)
        let bx = Float(x1) - Float(minX), by = Float(y1) - Float(minY)
        // Sides beyond the area are moved onto it, as the edge path treats them: an edge left of
        // it acts as a vertical edge on its left side, one right of it affects no visible pixel
        // (at `width` its deposits fall in the spare column). Nil when nothing is left between.
        let right = Float(width)
        let l = min(max(min(ax, bx), 0), right), r = min(max(max(ax, bx), 0), right)
        guard l < r else { return nil }
        rect = (l, min(ay, by), r, max(ay, by))
        self.width = width; self.height = height; self.minX = minX; self.minY = minY
        self.storeTop = storeTop; self.storeBottom = storeBottom
    }

    /// The sweep of a rectangle (``CoverageAccumulator/setRect(_:_:_:_:)``): per row, the deposits its left and
    /// right edges would make (each edge as the edge loop deposits a vertical one: the
    /// column gains d·(1 − frac), the next d·frac), summed along the row as the accumulator's sweep does.
    /// Rows that share their runs (all those the rectangle covers from top to bottom) come as one
    /// block: `block(y, rows, x, count, alpha)`.
    func sweep(merge: Bool, _ block: (_ y: Int, _ rows: Int, _ x: Int, _ count: Int, _ alpha: UInt8) -> Void) {
        let minX = self.minX
        sweepGroups(merge: merge) { row, rows, runs in
            if runs.count > 0 { block(row, rows, minX + runs.start.0, runs.end.0 - runs.start.0, runs.alpha.0) }
            if runs.count > 1 { block(row, rows, minX + runs.start.1, runs.end.1 - runs.start.1, runs.alpha.1) }
            if runs.count > 2 { block(row, rows, minX + runs.start.2, runs.end.2 - runs.start.2, runs.alpha.2) }
            if runs.count > 3 { block(row, rows, minX + runs.start.3, runs.end.3 - runs.start.3, runs.alpha.3) }
        }
    }

    /// ``sweep(merge:_:)`` a group of rows at a time: `group(y, rows, runs)` for the rows
    /// [y, y + rows) (device rows) that share their runs (columns in area coordinates).
    func sweepGroups(merge: Bool, _ group: (_ y: Int, _ rows: Int, _ runs: RectRuns) -> Void) {
        let r = rect
        let h = Float(height)
        var ay = r.top, by = r.bottom
        guard by > 0, ay < h else { return }
        if ay < 0 { ay = 0 }
        if by > h { by = h }
        var y = Int(ay)
        let yEnd = CoverageAccumulator.ceiling(by)
        let lastStored = min(yEnd, storeBottom)
        guard y < lastStored, yEnd > storeTop else { return }
        // Rows above the stored ones get nothing (each row's coverage depends on that row alone).
        y = max(y, storeTop)
        // Rows y with y + 1 <= by are covered to their bottom.
        let fullEnd = Int(by)
        let iL = Int(r.left), iR = Int(r.right)
        let fL = r.left - Float(iL), fR = r.right - Float(iR)
        let width = self.width, minY = self.minY
        var lastD: Float = .nan
        // The row's runs of constant coverage (at most four: from the marked cells iL, iL + 1,
        // iR, iR + 1, fewer when they meet).
        var runs = RectRuns()
        while y < lastStored {
            let top = max(ay, Float(y)), bottom = min(by, Float(y + 1))
            let d = bottom - top
            // A row covered from top to bottom (d is exactly 1) and those below it up to the
            // last such row share their runs.
            let rows = d == 1 ? max(1, min(lastStored, fullEnd) - y) : 1
            if d != 0 {
                if d != lastD {
                    lastD = d
                    // The cells as the two edges leave them (each cell sums at most two deposits,
                    // and two-term sums do not depend on the order), summed along the row.
                    let cL0 = d * (1 - fL), cL1 = d * fL
                    let cR0 = -d * (1 - fR), cR1 = -d * fR
                    runs = RectRuns(merge: merge)
                    var acc: Float = 0
                    if iR == iL {
                        acc += cL0 + cR0; runs.add(iL, iL + 1, acc, width)
                        acc += cL1 + cR1; runs.add(iL + 1, width, acc, width)
                    } else if iR == iL + 1 {
                        acc += cL0; runs.add(iL, iL + 1, acc, width)
                        acc += cL1 + cR0; runs.add(iL + 1, iL + 2, acc, width)
                        acc += cR1; runs.add(iL + 2, width, acc, width)
                    } else {
                        acc += cL0; runs.add(iL, iL + 1, acc, width)
                        acc += cL1; runs.add(iL + 1, iR, acc, width)
                        acc += cR0; runs.add(iR, iR + 1, acc, width)
                        acc += cR1; runs.add(iR + 1, width, acc, width)
                    }
                }
                if runs.count > 0 { group(minY + y, rows, runs) }
            }
            y += rows
        }
    }

    /// Up to four runs of a rectangle's row, in order, without empty or zero-coverage runs.
    /// Neighbours of equal coverage are merged only when `merge` is set (solid paints): other
    /// spans must be those the cells give (image and gradient painters step their sampling along
    /// each span, so other splits change low bits).
    struct RectRuns {
        var merge = false
        var count = 0
        var start = (0, 0, 0, 0), end = (0, 0, 0, 0)
        var alpha: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)

        /// Adds the run [i, next) ∩ [.., width) of coverage `c`.
        @inline(__always) mutating func add(_ i: Int, _ next: Int, _ c: Float, _ width: Int) {
            let e = min(next, width)
            guard i < e else { return }
            let a = CoverageAccumulator.alpha(c, evenOdd: false)
            guard a != 0 else { return }
            if merge && count > 0 {
                let k = count - 1
                let lastEnd = k == 0 ? end.0 : (k == 1 ? end.1 : end.2)
                let lastAlpha = k == 0 ? alpha.0 : (k == 1 ? alpha.1 : alpha.2)
                if lastEnd == i && lastAlpha == a {
                    switch k { case 0: end.0 = e; case 1: end.1 = e; default: end.2 = e }
                    return
                }
            }
            switch count {
            case 0: start.0 = i; end.0 = e; alpha.0 = a
            case 1: start.1 = i; end.1 = e; alpha.1 = a
            case 2: start.2 = i; end.2 = e; alpha.2 = a
            default: start.3 = i; end.3 = e; alpha.3 = a
            }
            count += 1
        }
    }

}
