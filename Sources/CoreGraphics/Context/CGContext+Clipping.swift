@_implementationOnly import CLaminaRaster
extension CGContext {
    /// Intersects the clip with the current path (non-zero rule) and clears the path.
    public func clip() { clip(using: .winding) }

    /// Intersects the clip with the current path under `rule` and clears the path.
    public func clip(using rule: CGPathFillRule) {
        let evenOdd = rule == .evenOdd
        if let q = pendingQuad, let (p, r) = rasterCorners(q), clipRectangle(p, r, evenOdd: evenOdd) {
            // A pending rectangle clipped to from its corners, as below, without making its elements.
            pendingQuad = nil
            return
        }
        expandPendingQuad()
        if let (elements, m) = pendingElements {
            // A path added whole: a rectangle is clipped to from its corners, anything else
            // settled and clipped to as `clipDevice` does.
            pendingElements = nil
            let rectangle = CGContext.axisAlignedRectangle(elements, m, rasterTransform)
            if let (p, q) = rectangle, clipRectangle(p, q, evenOdd: evenOdd) { return }
            // A polygon, unless `rasterize` would sweep it as a rectangle (non-zero rule).
            if (evenOdd || rectangle == nil) && CGContext.isPolygon(elements) {
                clipRasterized(evenOdd: evenOdd) { body in rasterizePolygon(elements, m, evenOdd: evenOdd, body) }
                return
            }
            appendTransformed(elements, by: m)
            clipElements(pathStorage, evenOdd: evenOdd)
            pathStorage.removeAll(keepingCapacity: true)
            return
        }
        clipDevice(devicePath, evenOdd: evenOdd)
        devicePath.removeAll(keepingCapacity: true)
    }

    /// Intersects the clip with a rectangle in user space.
    public func clip(to rect: CGRect) { clip(to: [rect]) }

    /// Intersects the clip with the union of rectangles in user space.
    public func clip(to rects: [CGRect]) {
        let finite = rects.filter(\.isFinite)
        // One pixel-aligned rectangle under an axis-aligned CTM narrows the clip bounds; anything
        // else becomes a coverage mask.
        if finite.count == 1 {
            let t = state.ctm
            if (t.b == 0 && t.c == 0) || (t.a == 0 && t.d == 0) {
                let r = finite[0].applying(t).applying(rasterTransform)
                let aligned = [r.minX, r.minY, r.maxX, r.maxY].allSatisfy { abs($0 - $0.rounded()) < 1e-6 }
                if aligned {
                    func clamped(_ v: CGFloat) -> Int { Int(max(-1e9, min(1e9, v)).rounded()) }
                    state.clipX0 = max(state.clipX0, clamped(r.minX))
                    state.clipY0 = max(state.clipY0, clamped(r.minY))
                    state.clipX1 = min(state.clipX1, clamped(r.maxX))
                    state.clipY1 = min(state.clipY1, clamped(r.maxY))
                    return
                }
            }
        }
        let m = CGMutablePath()
        for r in finite { m.addRect(r, transform: state.ctm) }
        clipDevice(m.elements, evenOdd: false)
    }

    /// Intersects the clip with an image mask drawn into `rect`: an alpha-only image's alpha, a
    /// gray image's gray level (white lets drawing through), or a colour image's alpha. Outside
    /// `rect` nothing is drawn. The mask is sampled bilinearly like any image.
    public func clip(to rect: CGRect, mask: CGImage) {
        guard rect.isFinite, !rect.isEmpty, let rgba = try? mask.straightRGBA8() else {
            LaminaDiagnostics.report("CGContext.clip(to:mask:): the mask cannot be read; nothing will be drawn")
            state.clipX1 = state.clipX0
            return
        }
        // The mask's coverage as an alpha-only premultiplied image, then sampled like any image.
        let gray = mask.alphaInfo == .none || mask.alphaInfo == .noneSkipLast || mask.alphaInfo == .noneSkipFirst
        var words = [UInt32](repeating: 0, count: mask.width * mask.height)
        for i in 0..<words.count {
            let v = UInt32(gray ? rgba[i * 4] : rgba[i * 4 + 3])
            words[i] = v << UInt32(channel.a * 8)
        }
        let sampled = SampledImage(width: mask.width, height: mask.height, pixels: words)
        let r = rect.standardized
        let imageToUser = CGAffineTransform(a: r.width / CGFloat(mask.width), b: 0, c: 0, d: -r.height / CGFloat(mask.height),
                                            tx: r.minX, ty: r.maxY)
        let imageToRaster = imageToUser.concatenating(state.ctm).concatenating(rasterTransform)
        let det = imageToRaster.a * imageToRaster.d - imageToRaster.b * imageToRaster.c
        guard det != 0, det.isFinite else { state.clipX1 = state.clipX0; return }
        let inv = imageToRaster.inverted()
        let painter = ImagePainter(image: sampled, m: (Double(inv.a), Double(inv.b), 0, Double(inv.c), Double(inv.d), 0,
                                                      Double(inv.tx), Double(inv.ty), 1),
                                   bilinear: true, tiled: false, alpha: 255)
        // Rasterize the rectangle, then paint the mask's alpha into a plane over its bounds.
        let outline = CGMutablePath()
        outline.addRect(r, transform: state.ctm)
        let oldMask = state.clipMask
        var made: ClipMask?
        rasterize(outline.elements, evenOdd: false) { b in
            let (x0, y0, x1, y1) = b
            let plane = ClipMask(x0: x0, y0: y0, width: x1 - x0, height: y1 - y0, fill: 0, rows: (state.rowsY0, state.rowsY1))
            let alphaBits = UInt32(channel.a * 8)
            let cw = columnTrim
            sampled.pixels.withUnsafeBufferPointer { px in
                accumulator.sweep(evenOdd: false) { y, x0, n0, a in
                    let (x, n) = cw.trim(x0, n0)
                    guard n > 0 else { return }
                    let out = plane.pointer(row: y, x: x)
                    let fy = Double(y) + 0.5
                    for i in 0..<n {
                        let fx = Double(x + i) + 0.5
                        let u = fx * painter.m.0 + fy * painter.m.3 + painter.m.6
                        let v = fx * painter.m.1 + fy * painter.m.4 + painter.m.7
                        var k = mul255((painter.sample(u, v, px) >> alphaBits) & 0xFF, UInt32(a))
                        if let oldMask { k = mul255(k, UInt32(oldMask.value(row: y, x: x + i))) }
                        out[i] = UInt8(k)
                    }
                }
            }
            made = plane
        }
        guard let plane = made else { state.clipX1 = state.clipX0; return }
        state.clipMask = plane
        state.clipX0 = max(state.clipX0, plane.x0); state.clipY0 = max(state.clipY0, plane.y0)
        state.clipX1 = min(state.clipX1, plane.x0 + plane.width); state.clipY1 = min(state.clipY1, plane.y0 + plane.height)
    }

    /// Restores the clip to the whole bitmap (Apple's `resetClip()`).
    public func resetClip() {
        state.clipMask = nil
        state.clipX0 = 0; state.clipY0 = 0; state.clipX1 = width; state.clipY1 = height
    }

    /// The bounding box of the clip, in user space.
    public var boundingBoxOfClipPath: CGRect {
        guard state.clipX0 < state.clipX1, state.clipY0 < state.clipY1 else { return .zero }
        let r = CGRect(x: state.clipX0, y: state.clipY0, width: state.clipX1 - state.clipX0, height: state.clipY1 - state.clipY0)
        return r.applying(rasterTransform.inverted()).applying(state.ctm.inverted())
    }

    /// Intersects the clip with device-space elements through a coverage mask covering only the
    /// elements' bounds within the current clip.
    func clipDevice(_ elements: [PathElement], evenOdd: Bool) {
        // A pixel-aligned rectangle only narrows the clip's bounds: its mask would be all 255
        // inside and 0 outside (the same bytes without the mask's memory and per-pixel reads).
        if let (p, q) = CGContext.axisAlignedRectangle(elements, rasterTransform), clipRectangle(p, q, evenOdd: evenOdd) {
            return
        }
        clipElements(elements, evenOdd: evenOdd)
    }

    /// Intersects the clip with the axis-aligned rectangle with raster corners p and q when that
    /// needs no mask: on whole pixels it narrows the clip's bounds, off them (non-zero rule,
    /// antialiased, no mask yet) it is kept as a ``RectClip``. False, with nothing changed,
    /// otherwise.
    func clipRectangle(_ p: CGPoint, _ q: CGPoint, evenOdd: Bool) -> Bool {
        if let r = CGContext.pixelAligned(p, q) {
            state.clipX0 = max(state.clipX0, r.x0); state.clipY0 = max(state.clipY0, r.y0)
            state.clipX1 = min(state.clipX1, r.x1); state.clipY1 = min(state.clipY1, r.y1)
            return true
        }
        // A rectangle off the pixel grid, with no mask to intersect: kept as the rectangle.
        if !evenOdd, state.antialias, state.storedClipMask == nil, state.rectClip == nil, let clip = rectClip(p, q) {
            state.rectClip = clip
            let s = clip.sweep
            state.clipX0 = max(state.clipX0, s.minX); state.clipY0 = max(state.clipY0, s.minY)
            state.clipX1 = min(state.clipX1, s.minX + s.width); state.clipY1 = min(state.clipY1, s.minY + s.height)
            return true
        }
        return false
    }

    /// Intersects the clip with device-space elements through a coverage mask (no rectangle
    /// shortcut).
    func clipElements(_ elements: [PathElement], evenOdd: Bool) {
        clipRasterized(evenOdd: evenOdd) { body in rasterize(elements, evenOdd: evenOdd, body) }
    }

    /// Intersects the clip with a shape through a coverage mask: `rasterizing(body)` puts the
    /// shape in the accumulator and calls `body` with its bounds (not at all when nothing can be
    /// covered).
    func clipRasterized(evenOdd: Bool, _ rasterizing: (_ body: (_ bounds: (Int, Int, Int, Int)) -> Void) -> Void) {
        var made: ClipMask?
        rasterizing { b in
            let (x0, y0, x1, y1) = b
            let mask = ClipMask(x0: x0, y0: y0, width: x1 - x0, height: y1 - y0, fill: 0, rows: (state.rowsY0, state.rowsY1))
            made = mask
            let aa = state.antialias
            let cw = columnTrim
            // Antialiased, swept in C straight into the mask's bytes.
            if aa, mask.storedY0 < mask.storedY1,
               accumulator.sweepMask(into: mask, evenOdd: evenOdd, col0: cw.x0, col1: cw.x1) { return }
            var writer = MaskWriter(mask: mask)
            accumulator.sweep(evenOdd: evenOdd) { y, x0, n0, a in
                let (x, n) = cw.trim(x0, n0)
                if n > 0 { writer.span(row: y, x: x, count: n, alpha: aa ? a : (a >= 128 ? 255 : 0)) }
            }
            made = mask
        }
        guard let mask = made else {
            state.clipX1 = state.clipX0     // nothing is left visible
            return
        }
        if let old = state.clipMask {
            // Intersected with the clip before: products where the old mask stores bytes, 0
            // elsewhere (outside its columns or stored rows).
            let c0 = max(mask.x0, state.colsX0), c1 = min(mask.x0 + mask.width, state.colsX1)
            let o0 = max(c0, old.x0), o1 = min(c1, old.x0 + old.width)
            for row in mask.storedY0..<mask.storedY1 where c0 < c1 {
                let a = mask.pointer(row: row, x: c0)
                guard row >= old.storedY0, row < old.storedY1, o0 < o1 else { memset(a, 0, c1 - c0); continue }
                if o0 > c0 { memset(a, 0, o0 - c0) }
                lamina_multiply_coverage(a + (o0 - c0), old.pointer(row: row, x: o0), o1 - o0)
                if c1 > o1 { memset(a + (o1 - c0), 0, c1 - o1) }
            }
        }
        state.clipMask = mask
        state.clipX0 = max(state.clipX0, mask.x0); state.clipY0 = max(state.clipY0, mask.y0)
        state.clipX1 = min(state.clipX1, mask.x0 + mask.width); state.clipY1 = min(state.clipY1, mask.y0 + mask.height)
    }

    /// The axis-aligned rectangle with raster corners p and q as a ``RectClip`` when `rasterize`
    /// would sweep it without its edges: the same bounds, rows and columns, so its mask is the one
    /// `clipDevice` would make. Nil otherwise (and when nothing would be visible).
    private func rectClip(_ p: CGPoint, _ q: CGPoint) -> RectClip? {
        guard let sweep = rectangleSweep(p, q) else { return nil }
        return RectClip(sweep: sweep, colsX0: state.colsX0, colsX1: state.colsX1)
    }

    /// The sweep `rasterize` would make of the axis-aligned rectangle with raster corners p and q
    /// (non-zero rule): the same bounds within the clip and the same stored rows. Nil when it
    /// would not sweep it as a rectangle (nothing visible, no stored rows, the rectangle not
    /// inside the bounds horizontally, non-finite corners).
    func rectangleSweep(_ p: CGPoint, _ q: CGPoint) -> RectSweep? {
        guard p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite else { return nil }
        let (x0, y0, x1, y1) = rasterBounds(min(p.x, q.x), min(p.y, q.y), max(p.x, q.x), max(p.y, q.y))
        guard x0 < x1, y0 < y1 else { return nil }
        let height = y1 - y0
        let storeTop = max(0, min(height, state.rowsY0 - y0))
        let storeBottom = max(storeTop, min(height, state.rowsY1 - y0))
        guard storeTop < storeBottom else { return nil }
        return RectSweep(p.x, p.y, q.x, q.y, minX: x0, minY: y0, width: x1 - x0, height: height,
                         storeTop: storeTop, storeBottom: storeBottom)
    }

    /// The raster bounds of `elements` when they are one axis-aligned rectangle with corners on
    /// pixel boundaries (within 10⁻⁶), in raster space through `raster`; nil otherwise.
    static func pixelAlignedRectangle(_ elements: [PathElement], _ raster: CGAffineTransform) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        guard let (p, q) = axisAlignedRectangle(elements, raster) else { return nil }
        return pixelAligned(p, q)
    }

    /// The pixel bounds of the rectangle with raster corners p and q when its sides lie on pixel
    /// boundaries (within 10⁻⁶) and it has an area; nil otherwise.
    static func pixelAligned(_ p: CGPoint, _ q: CGPoint) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        guard p.x != q.x, p.y != q.y else { return nil }
        @inline(__always) func whole(_ c: CGFloat) -> Int? {
            if abs(c) < 1e9 {
                // The nearest whole number (ties to even; a tie is half a pixel off and fails
                // the test anyway) as c + 1.5·2^52 − 1.5·2^52, exact for |c| < 2^51: no call to
                // libm's round, which baseline x86-64 has no instruction for. The sum's low 32
                // bits are that number in two's complement (|c| < 10⁹ < 2^31): no checked
                // conversion either.
                let magic: CGFloat = 6_755_399_441_055_744
                let m = c + magic, n = m - magic
                return abs(c - n) < 1e-6 ? Int(Int32(truncatingIfNeeded: m.bitPattern)) : nil
            }
            guard c.isFinite, abs(c - c.rounded()) < 1e-6 else { return nil }
            return Int(max(-1e9, min(1e9, c.rounded())))
        }
        guard let px = whole(p.x), let py = whole(p.y), let qx = whole(q.x), let qy = whole(q.y) else { return nil }
        return (min(px, qx), min(py, qy), max(px, qx), max(py, qy))
    }
}
