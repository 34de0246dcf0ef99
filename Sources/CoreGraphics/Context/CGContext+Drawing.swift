@_implementationOnly import CLaminaRaster
extension CGContext {
    // MARK: Building the current path (points are transformed by the CTM as they are added)

    /// Starts a new, empty path.
    public func beginPath() {
        // Dropped as it is: a pending path is not settled first.
        dropPendingPath()
        pathStorage.removeAll(keepingCapacity: true)
    }
    /// Starts a subpath at `point`.
    public func move(to point: CGPoint) { devicePath.append(.move(point.applying(state.ctm))) }
    /// Adds a line to `point`.
    public func addLine(to point: CGPoint) { withPath { $0.addLine(to: point) } }
    /// Adds a quadratic curve.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) { withPath { $0.addQuadCurve(to: end, control: control) } }
    /// Adds a cubic curve.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        withPath { $0.addCurve(to: end, control1: control1, control2: control2) }
    }
    /// Closes the current subpath.
    public func closePath() { if !devicePath.isEmpty { devicePath.append(.close) } }
    /// Adds a rectangle.
    public func addRect(_ rect: CGRect) { withPath { $0.addRect(rect) } }
    /// Adds rectangles.
    public func addRects(_ rects: [CGRect]) { withPath { $0.addRects(rects) } }
    /// Adds a polyline.
    public func addLines(between points: [CGPoint]) { withPath { $0.addLines(between: points) } }
    /// Adds an ellipse inscribed in `rect`.
    public func addEllipse(in rect: CGRect) { withPath { $0.addEllipse(in: rect) } }
    /// Adds an arc (see `CGMutablePath.addArc(center:radius:startAngle:endAngle:clockwise:transform:)`).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        withPath { $0.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise) }
    }
    /// Adds an arc tangent to two lines.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        withPath { $0.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius) }
    }
    /// Adds a path, transformed by the CTM.
    public func addPath(_ path: CGPath) {
        // Added to an empty path: kept as it is until its device elements are needed. A closed
        // axis-aligned rectangle under a CTM that only scales and translates is kept as its four
        // points (it is then one in raster space too, unless a corner is not finite, and
        // `fillPath` and `clip` take it from its corners without its elements).
        if !hasPendingPath && pathStorage.isEmpty {
            if state.ctm.b == 0 && state.ctm.c == 0, let q = path.closedQuadrilateral,
               CGContext.rasterRectangle(q.0, q.1, q.2, q.3) != nil {
                pendingQuad = (q.0, q.1, q.2, q.3, state.ctm)
                return
            }
            let elements = path.elements
            if !elements.isEmpty { pendingElements = (elements, state.ctm) }
            return
        }
        let elements = path.elements
        guard !elements.isEmpty else { return }
        appendTransformed(elements, by: state.ctm)
    }

    /// Appends `elements` transformed by `m` to the current path (settling a pending one first).
    func appendTransformed(_ elements: [PathElement], by m: CGAffineTransform) {
        if hasPendingPath { settlePendingPath() }
        // Appended in place: no temporary array per call. Reserved with the array's own
        // doubling (reserving just what is needed would copy the whole path on every call).
        let needed = pathStorage.count + elements.count
        if needed > pathStorage.capacity { pathStorage.reserveCapacity(max(needed, 2 * pathStorage.capacity)) }
        elements.withUnsafeBufferPointer { src in
            for e in src { pathStorage.append(e.applying(m)) }
        }
    }

    /// Makes the pending path (``pendingPath``) the current path's device elements.
    func settlePendingPath() {
        expandPendingQuad()
        guard let (elements, m) = pendingElements else { return }
        pendingElements = nil
        appendTransformed(elements, by: m)
    }
    /// Whether the current path is empty.
    public var isPathEmpty: Bool {
        // A pending path is never empty (`addPath(_:)` keeps none): no need to settle it.
        !hasPendingPath && pathStorage.isEmpty
    }
    /// The current point of the path, in user space.
    public var currentPointOfPath: CGPoint {
        PathElement.currentPoint(of: devicePath).applying(state.ctm.inverted())
    }
    /// The bounding box of the current path, in user space.
    public var boundingBoxOfPath: CGRect {
        let b = CGPath(elements: devicePath).boundingBox
        return b.isNull ? b : b.applying(state.ctm.inverted())
    }
    /// A copy of the current path, in user space.
    public var path: CGPath? {
        devicePath.isEmpty ? nil : CGPath(elements: devicePath.map { $0.applying(state.ctm.inverted()) })
    }

    /// Runs a path-building operation in user space and appends its elements in device space.
    private func withPath(_ build: (CGMutablePath) -> Void) {
        let m = CGMutablePath()
        // Continue from the current point so lines and arcs connect.
        if !devicePath.isEmpty { m.move(to: PathElement.currentPoint(of: devicePath).applying(state.ctm.inverted())) }
        let hadSubpath = !devicePath.isEmpty
        build(m)
        var added = m.elements.map { $0.applying(state.ctm) }
        if hadSubpath { added.removeFirst() }
        devicePath.append(contentsOf: added)
    }

    /// Replaces the current path with the outline of its stroke under the current line width,
    /// cap, join, miter limit and dash (in device space, so the CTM's scaling is included).
    public func replacePathWithStrokedPath() {
        let userPath = CGPath(elements: devicePath.map { $0.applying(state.ctm.inverted()) })
        let dashed = state.strokeStyle.dashLengths.isEmpty ? userPath
            : userPath.copy(dashingWithPhase: state.strokeStyle.dashPhase, lengths: state.strokeStyle.dashLengths)
        let outline = dashed.copy(strokingWithWidth: state.strokeStyle.width, lineCap: state.strokeStyle.cap,
                                  lineJoin: state.strokeStyle.join, miterLimit: state.strokeStyle.miterLimit)
        devicePath = outline.elements.map { $0.applying(state.ctm) }
    }

    // MARK: Drawing the current path

    /// Fills the current path and clears it.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        if let q = pendingQuad, fillFromCorners(q, evenOdd: rule == .evenOdd) {
            // A pending rectangle filled from its corners, as below, without making its elements.
            pendingQuad = nil
            return
        }
        expandPendingQuad()
        if let (elements, m) = pendingElements {
            // A path added whole: a rectangle is filled from its corners, anything else settled
            // and filled as `fillDevice` fills it.
            pendingElements = nil
            let evenOdd = rule == .evenOdd
            guard checkBlendMode() else { return }
            let color = state.fill
            let rectangle = CGContext.axisAlignedRectangle(elements, m, rasterTransform)
            if let (p, q) = rectangle, rectangleFillApplies, state.clipMask == nil,
               fillRectangle(p, q, evenOdd: evenOdd, color: color) { return }
            // A polygon, unless `rasterize` would sweep it as a rectangle (non-zero rule).
            if (evenOdd || rectangle == nil) && CGContext.isPolygon(elements) {
                lastFillWasRectangle = false
                drawOperation { rasterizePolygon(elements, m, evenOdd: evenOdd) { _ in sweepColor(color, evenOdd: evenOdd) } }
                return
            }
            appendTransformed(elements, by: m)
            fillElements(pathStorage, evenOdd: evenOdd, color: color)
            pathStorage.removeAll(keepingCapacity: true)
            return
        }
        fillDevice(devicePath, evenOdd: rule == .evenOdd, color: state.fill)
        devicePath.removeAll(keepingCapacity: true)
    }
    /// Fills the current path with the even-odd rule and clears it.
    public func eoFillPath() { fillPath(using: .evenOdd) }
    /// Strokes the current path and clears it.
    public func strokePath() {
        strokeDevice(devicePath)
        devicePath.removeAll(keepingCapacity: true)
    }
    /// Fills and/or strokes the current path and clears it.
    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: fillDevice(devicePath, evenOdd: false, color: state.fill)
        case .eoFill: fillDevice(devicePath, evenOdd: true, color: state.fill)
        case .stroke: strokeDevice(devicePath)
        case .fillStroke: fillDevice(devicePath, evenOdd: false, color: state.fill); strokeDevice(devicePath)
        case .eoFillStroke: fillDevice(devicePath, evenOdd: true, color: state.fill); strokeDevice(devicePath)
        }
        devicePath.removeAll(keepingCapacity: true)
    }

    // MARK: Convenience shapes (they leave the current path alone)

    /// Fills a rectangle.
    public func fill(_ rect: CGRect) {
        guard checkBlendMode() else { return }
        // The rectangle painters from the corners `addRect`'s elements would have (no elements
        // made) when they take it; else those elements, filled as `fillDevice` fills them.
        if rect.isFinite {
            let r = rect.standardized
            let q: Quad = (CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY),
                           CGPoint(x: r.minX, y: r.maxY), state.ctm)
            if fillFromCorners(q, evenOdd: false) { return }
        }
        fillElements(deviceRect(rect), evenOdd: false, color: state.fill)
    }
    /// Fills rectangles.
    public func fill(_ rects: [CGRect]) { fillDevice(rects.flatMap { deviceRect($0) }, evenOdd: false, color: state.fill) }
    /// Strokes a rectangle.
    public func stroke(_ rect: CGRect) { strokeDevice(deviceRect(rect)) }
    /// Strokes a rectangle with a line width.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        let saved = state.strokeStyle.width
        setLineWidth(width)
        strokeDevice(deviceRect(rect))
        state.strokeStyle.width = saved
    }
    /// Fills an ellipse inscribed in `rect`.
    public func fillEllipse(in rect: CGRect) {
        let m = CGMutablePath(); m.addEllipse(in: rect, transform: state.ctm)
        fillDevice(m.elements, evenOdd: false, color: state.fill)
    }
    /// Strokes an ellipse inscribed in `rect`.
    public func strokeEllipse(in rect: CGRect) {
        let m = CGMutablePath(); m.addEllipse(in: rect, transform: state.ctm)
        strokeDevice(m.elements)
    }
    /// Strokes line segments between successive pairs of points.
    public func strokeLineSegments(between points: [CGPoint]) {
        var els: [PathElement] = []
        var i = 0
        while i + 1 < points.count {
            els.append(.move(points[i].applying(state.ctm))); els.append(.line(points[i + 1].applying(state.ctm)))
            i += 2
        }
        strokeDevice(els)
    }
    /// Makes a rectangle transparent.
    public func clear(_ rect: CGRect) {
        let cw = columnTrim
        rasterize(deviceRect(rect), evenOdd: false) { bounds in
            var t = Clear32(base: pixels, bytesPerRow: bytesPerRow, bytesPerPixel: bitsPerPixel / 8, mask: state.clipMask)
            accumulator.sweep(evenOdd: false) { y, x, n, a in
                let (tx, tn) = cw.trim(x, n)
                if tn > 0 { t.span(row: y, x: tx, count: tn, alpha: a) }
            }
        }
    }

    // MARK: Rasterization

    /// The elements `CGMutablePath.addRect(_:transform:)` makes under the CTM, without making a
    /// path object (a `fill(_:)` per shape).
    private func deviceRect(_ rect: CGRect) -> [PathElement] {
        guard rect.isFinite else { return [] }
        let r = rect.standardized, m = state.ctm
        return [.move(CGPoint(x: r.minX, y: r.minY).applying(m)), .line(CGPoint(x: r.maxX, y: r.minY).applying(m)),
                .line(CGPoint(x: r.maxX, y: r.maxY).applying(m)), .line(CGPoint(x: r.minX, y: r.maxY).applying(m)), .close]
    }

    /// Device space (y up) to raster space (rows down).
    var rasterTransform: CGAffineTransform { CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height)) }

    /// A user-space point taken through `ctm` (as `addPath(_:)` takes it) and the raster transform.
    @inline(__always) func toRaster(_ p: CGPoint, _ ctm: CGAffineTransform) -> CGPoint {
        p.applying(ctm).applying(rasterTransform)
    }

    /// Two opposite raster corners of `q` when, taken through its CTM and the raster transform,
    /// it is an axis-aligned rectangle (what ``axisAlignedRectangle(_:_:_:)`` gives for its
    /// elements); nil otherwise.
    @inline(__always) func rasterCorners(_ q: Quad) -> (CGPoint, CGPoint)? {
        CGContext.rasterRectangle(toRaster(q.a, q.ctm), toRaster(q.b, q.ctm), toRaster(q.c, q.ctm), toRaster(q.d, q.ctm))
    }

    /// Fills `q` with the rectangle painters from its corners when they take it (source-over on a
    /// colour bitmap, no mask or shadow, an axis-aligned rectangle in raster space); false, with
    /// nothing drawn, otherwise.
    @inline(__always) func fillFromCorners(_ q: Quad, evenOdd: Bool) -> Bool {
        guard rectangleFillApplies, state.clipMask == nil, let (p, r) = rasterCorners(q) else { return false }
        return fillRectangle(p, r, evenOdd: evenOdd, color: state.fill)
    }

    /// Prepares the accumulator for `elements` (device space) within the clip and runs `body`
    /// after the edges are in; does nothing when nothing can be covered.
    func rasterize(_ elements: [PathElement], evenOdd: Bool, _ body: (_ bounds: (Int, Int, Int, Int)) -> Void) {
        guard !elements.isEmpty else { return }
        let raster = rasterTransform
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        var finite = true
        @inline(__always) func include(_ q: CGPoint) {
            if !(q.x.isFinite && q.y.isFinite) { finite = false }
            minX = min(minX, q.x); maxX = max(maxX, q.x); minY = min(minY, q.y); maxY = max(maxY, q.y)
        }
        // An axis-aligned rectangle (non-zero rule) is bounded by two opposite corners: every
        // corner shares its x with one of them and its y with one of them.
        let rectangle = evenOdd ? nil : CGContext.axisAlignedRectangle(elements, raster)
        if let (p, q) = rectangle {
            include(p); include(q)
        } else {
            for e in elements {
                switch e {
                case .move(let p), .line(let p): include(p.applying(raster))
                case .quad(let c, let p): include(c.applying(raster)); include(p.applying(raster))
                case .cubic(let c1, let c2, let p): include(c1.applying(raster)); include(c2.applying(raster)); include(p.applying(raster))
                case .close: break
                }
            }
        }
        // Even-odd fills rasterize at 4 sub-rows per pixel row (see CoverageAccumulator).
        let sub = evenOdd ? 4 : 1
        guard let (x0, y0, x1, y1) = beginAccumulating(minX, minY, maxX, maxY, finite: finite, subRows: sub) else { return }
        // An axis-aligned rectangle (a filled or clipped CGRect, under any CTM that keeps it
        // axis-aligned) is swept row by row without depositing its edges.
        if let (p, q) = rectangle, accumulator.setRect(p.x, p.y, q.x, q.y) {
            body((x0, y0, x1, y1))
            return
        }
        // Flatten in pixel space (the same polyline for every fill rule), then scale to sub-rows.
        let ys = CGFloat(sub)
        var first = CGPoint.zero, last = CGPoint.zero
        let acc = accumulator
        Flattener.flatten(elements, transform: raster,
                          moveTo: { p in first = CGPoint(x: p.x, y: p.y * ys); last = first },
                          lineTo: { p in let q = CGPoint(x: p.x, y: p.y * ys); acc.addLine(last.x, last.y, q.x, q.y); last = q },
                          close: { _ in acc.addLine(last.x, last.y, first.x, first.y); last = first })
        body((x0, y0, x1, y1))
    }

    /// Whether `elements` are moves, lines and closes only (no curves to flatten). The callers
    /// give `rasterizePolygon` such paths unless they are an axis-aligned rectangle filled by the
    /// non-zero rule, which `rasterize` sweeps without its edges.
    static func isPolygon(_ elements: [PathElement]) -> Bool {
        elements.withUnsafeBufferPointer { e in
            e.allSatisfy { if case .quad = $0 { return false }; if case .cubic = $0 { return false }; return true }
        }
    }

    /// ``rasterize(_:evenOdd:_:)`` for a path of moves, lines and closes in user space (see
    /// ``isPolygon(_:)``), each point taken through `ctm` as `addPath(_:)` would and
    /// then through the raster transform as `rasterize` and the flattener would: the same
    /// bounds, the same segments in the same order (each subpath closed), without making the
    /// device elements or flattening them.
    func rasterizePolygon(_ elements: [PathElement], _ ctm: CGAffineTransform, evenOdd: Bool,
                          _ body: (_ bounds: (Int, Int, Int, Int)) -> Void) {
        let raster = rasterTransform
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        var finite = true
        elements.withUnsafeBufferPointer { e in
            for el in e {
                switch el {
                case .move(let p), .line(let p):
                    let q = p.applying(ctm).applying(raster)
                    if !(q.x.isFinite && q.y.isFinite) { finite = false }
                    minX = min(minX, q.x); maxX = max(maxX, q.x); minY = min(minY, q.y); maxY = max(maxY, q.y)
                default: break
                }
            }
        }
        let sub = evenOdd ? 4 : 1
        guard let (x0, y0, x1, y1) = beginAccumulating(minX, minY, maxX, maxY, finite: finite, subRows: sub) else { return }
        // The flattener's walk (Flattener.flatten) with `rasterize`'s segment callbacks.
        let ys = CGFloat(sub)
        let acc = accumulator
        var current = CGPoint.zero, start = CGPoint.zero, first = CGPoint.zero, last = CGPoint.zero
        var open = false
        elements.withUnsafeBufferPointer { e in
            for el in e {
                switch el {
                case .move(let p):
                    if open { acc.addLine(last.x, last.y, first.x, first.y) }
                    current = p.applying(ctm).applying(raster); start = current
                    first = CGPoint(x: current.x, y: current.y * ys); last = first
                    open = true
                case .line(let p):
                    if !open { first = CGPoint(x: current.x, y: current.y * ys); last = first; start = current; open = true }
                    current = p.applying(ctm).applying(raster)
                    let q = CGPoint(x: current.x, y: current.y * ys)
                    acc.addLine(last.x, last.y, q.x, q.y)
                    last = q
                case .close:
                    if open { acc.addLine(last.x, last.y, first.x, first.y); last = first; open = false }
                    current = start
                default: break
                }
            }
        }
        if open { acc.addLine(last.x, last.y, first.x, first.y) }
        body((x0, y0, x1, y1))
    }

    /// Starts the accumulator over the pixels a shape with raster bounds [minX, maxX] ×
    /// [minY, maxY] is rasterized over, at `subRows` sub-rows per pixel row; those pixels, or nil
    /// (nothing to draw) when none are visible or a coordinate is not finite (with a diagnostic).
    func beginAccumulating(_ minX: CGFloat, _ minY: CGFloat, _ maxX: CGFloat, _ maxY: CGFloat, finite: Bool,
                           subRows sub: Int) -> (Int, Int, Int, Int)? {
        guard finite else {
            LaminaDiagnostics.report("CGContext: a path with non-finite coordinates was not drawn")
            return nil
        }
        let (x0, y0, x1, y1) = rasterBounds(minX, minY, maxX, maxY)
        guard x0 < x1, y0 < y1 else { return nil }
        accumulator.setSubRows(sub)
        accumulator.begin(x0: x0, y0: y0 * sub, x1: x1, y1: y1 * sub, storeY0: state.rowsY0 * sub, storeY1: state.rowsY1 * sub)
        return (x0, y0, x1, y1)
    }

    /// The pixels a shape with raster bounds [minX, maxX] × [minY, maxY] is rasterized over:
    /// its whole pixels plus one column and row past them (for the last carry), within the clip.
    func rasterBounds(_ minX: CGFloat, _ minY: CGFloat, _ maxX: CGFloat, _ maxY: CGFloat) -> (Int, Int, Int, Int) {
        // Clamped to ±10⁹ before converting (coordinates far outside the bitmap must not overflow
        // Int; NaN becomes 10⁹), then rounded down or up from the truncation: the same integers as
        // clamping the rounded value, since the bounds are whole, without libm's floor and ceil
        // (calls on baseline x86-64).
        @inline(__always) func down(_ v: CGFloat) -> Int {
            let c = max(-1e9, min(1e9, v)), t = Int(c)
            return CGFloat(t) > c ? t - 1 : t
        }
        @inline(__always) func up(_ v: CGFloat) -> Int {
            let c = max(-1e9, min(1e9, v)), t = Int(c)
            return CGFloat(t) < c ? t + 1 : t
        }
        return (max(state.clipX0, down(minX)), max(state.clipY0, down(minY)),
                min(state.clipX1, up(maxX) + 1), min(state.clipY1, up(maxY) + 1))
    }

    /// Two opposite corners, in raster space, of `elements` when they are one axis-aligned
    /// rectangle (a move, three or four lines back to the start, an optional close), else nil.
    static func axisAlignedRectangle(_ elements: [PathElement], _ raster: CGAffineTransform) -> (CGPoint, CGPoint)? {
        axisAlignedRectangle(elements, nil, raster)
    }

    /// ``axisAlignedRectangle(_:_:)`` for elements not yet in device space: each point taken
    /// through `ctm` (as `addPath(_:)` takes it) and then `raster`, when `ctm` is given.
    static func axisAlignedRectangle(_ elements: [PathElement], _ ctm: CGAffineTransform?,
                                     _ raster: CGAffineTransform) -> (CGPoint, CGPoint)? {
        elements.withUnsafeBufferPointer { e in
            var n = e.count
            guard n >= 4, n <= 6 else { return nil }
            if case .close = e[n - 1] { n -= 1 }
            guard n == 4 || n == 5, case .move(let m) = e[0], case .line(let p1) = e[1], case .line(let p2) = e[2],
                  case .line(let p3) = e[3] else { return nil }
            // A fourth line must return to the start.
            if n == 5 { guard case .line(let p4) = e[4], p4 == m else { return nil } }
            @inline(__always) func toRaster(_ p: CGPoint) -> CGPoint {
                if let ctm { return p.applying(ctm).applying(raster) }
                return p.applying(raster)
            }
            return rasterRectangle(toRaster(m), toRaster(p1), toRaster(p2), toRaster(p3))
        }
    }

    /// Two opposite corners (a, c) of the quadrilateral a b c d (raster space, in path order)
    /// when its sides are alternately horizontal and vertical; nil otherwise.
    @inline(__always)
    static func rasterRectangle(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint) -> (CGPoint, CGPoint)? {
        let alongX = a.y == b.y && b.x == c.x && c.y == d.y && d.x == a.x
        let alongY = a.x == b.x && b.y == c.y && c.x == d.x && d.y == a.y
        guard alongX || alongY else { return nil }
        return (a, c)
    }

    /// The fill colour as a premultiplied 32-bit pixel word in this bitmap's byte order: each
    /// component clamped to [0, 1] and multiplied by the alpha (itself clamped), times 255
    /// rounded half away from zero (in C: the conversion without Swift's overflow checks).
    func pixelWord(_ c: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat), alpha: CGFloat) -> UInt32 {
        lamina_pixel_word(Double(c.r), Double(c.g), Double(c.b), Double(c.a), Double(alpha),
                          Int32(truncatingIfNeeded: channel.r &* 8), Int32(truncatingIfNeeded: channel.g &* 8),
                          Int32(truncatingIfNeeded: channel.b &* 8), Int32(truncatingIfNeeded: channel.a &* 8))
    }

    /// ``pixelWord(_:alpha:)``, reusing the last result when the colour and alpha are the same
    /// (compared bit for bit: NaN never matches, so it is converted as before).
    @inline(__always)
    func cachedPixelWord(_ c: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat), alpha: CGFloat) -> UInt32 {
        let l = lastPixelWord
        if l.r == c.r && l.g == c.g && l.b == c.b && l.a == c.a && l.alpha == alpha { return l.word }
        let word = pixelWord(c, alpha: alpha)
        lastPixelWord = (c.r, c.g, c.b, c.a, alpha, word)
        return word
    }

    /// Position of the alpha byte in the native 32-bit word.
    var alphaShift: UInt32 { UInt32(channel.a * 8) }

    func fillDevice(_ elements: [PathElement], evenOdd: Bool, color: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat)) {
        guard checkBlendMode() else { return }
        // Rectangles laid over by source-over without a mask or shadow skip the accumulator.
        if rectangleFillApplies, let (p, q) = CGContext.axisAlignedRectangle(elements, rasterTransform),
           state.clipMask == nil, fillRectangle(p, q, evenOdd: evenOdd, color: color) { return }
        fillElements(elements, evenOdd: evenOdd, color: color)
    }

    /// Fills device-space elements through the accumulator (no rectangle fast path).
    func fillElements(_ elements: [PathElement], evenOdd: Bool, color: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat)) {
        lastFillWasRectangle = false
        drawOperation { rasterize(elements, evenOdd: evenOdd) { _ in sweepColor(color, evenOdd: evenOdd) } }
    }

    /// Whether a rectangle fill can skip the accumulator: a colour bitmap, source-over, no shadow
    /// (the caller then checks for a clip mask).
    var rectangleFillApplies: Bool { format == .color32 && state.blendMode == .normal && state.shadow == nil }

    /// Fills the axis-aligned rectangle with raster corners p and q without the accumulator, when
    /// it is on whole pixels or (non-zero rule, antialiased) swept in C; false, with nothing
    /// drawn, otherwise.
    func fillRectangle(_ p: CGPoint, _ q: CGPoint, evenOdd: Bool, color: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat)) -> Bool {
        lastFillWasRectangle = true
        if let r = CGContext.pixelAligned(p, q) {
            // On whole pixels it covers its pixels fully (coverage exactly 1 under either rule,
            // antialiased or not) and nothing else: its rows go to the blender as one block (the
            // same bytes as the sweep).
            drawOperationCount &+= 1
            let x0 = max(r.x0, state.clipX0, state.colsX0), x1 = min(r.x1, state.clipX1, state.colsX1)
            let y0 = max(r.y0, state.clipY0, state.rowsY0), y1 = min(r.y1, state.clipY1, state.rowsY1)
            guard x0 < x1, y0 < y1 else { return true }
            let word = cachedPixelWord(color, alpha: state.alpha)
            let inv = 255 &- ((word >> alphaShift) & 0xFF)
            lamina_solid_over_32_rows((pixels + y0 * bytesPerRow).assumingMemoryBound(to: UInt32.self) + x0, bytesPerRow,
                                      y1 - y0, x1 - x0, word, inv)
            return true
        }
        // Any other rectangle (non-zero rule, antialiased): swept and painted in C as `rasterize`
        // and `sweepColor` would, without the accumulator.
        if !evenOdd, state.antialias, let sweep = rectangleSweep(p, q) {
            drawOperationCount &+= 1
            let word = cachedPixelWord(color, alpha: state.alpha)
            var job = lamina_rect_fill(
                left: sweep.rect.left, top: sweep.rect.top, right: sweep.rect.right, bottom: sweep.rect.bottom,
                width: sweep.width, height: sweep.height, store_top: sweep.storeTop, store_bottom: sweep.storeBottom,
                dst: (pixels + sweep.minY * bytesPerRow + sweep.minX * 4).assumingMemoryBound(to: CChar.self),
                dst_stride: bytesPerRow, col0: state.colsX0 - sweep.minX, col1: state.colsX1 - sweep.minX, color: word,
                alpha_shift: Int32(alphaShift))
            lamina_rect_solid_over_32(&job)
            return true
        }
        return false
    }

    /// Sweeps the accumulator into the bitmap with a solid colour under the blend mode.
    func sweepColor(_ color: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat), evenOdd: Bool) {
        let aa = state.antialias
        @inline(__always) func cov(_ a: UInt8) -> UInt8 { aa ? a : (a >= 128 ? 255 : 0) }
        let mode = state.blendMode
        let cw = columnTrim
        switch format {
        case .color32:
            let word = cachedPixelWord(color, alpha: state.alpha)
            if mode == .normal {
                var t = SolidOver32(base: pixels, bytesPerRow: bytesPerRow, color: word, alphaShift: alphaShift, mask: state.clipMask)
                // The common case, swept and painted in C.
                if aa && state.clipMask == nil {
                    accumulator.sweepSolidOver32(base: pixels, bytesPerRow: bytesPerRow, color: word, alphaShift: alphaShift,
                                                 evenOdd: evenOdd, col0: cw.x0, col1: cw.x1)
                    return
                }
                if aa {
                    accumulator.sweepBlocks(evenOdd: evenOdd, merge: true) { y, rows, x, n, a in
                        let (tx, tn) = cw.trim(x, n)
                        if tn > 0 { t.block(row: y, rows: rows, x: tx, count: tn, alpha: a) }
                    }
                } else {
                    accumulator.sweepBlocks(evenOdd: evenOdd, merge: false) { y, rows, x, n, a in
                        let (tx, tn) = cw.trim(x, n)
                        if a >= 128 && tn > 0 { t.block(row: y, rows: rows, x: tx, count: tn, alpha: 255) }
                    }
                }
                return
            }
            // Other modes: per pixel, mixing the blended result with the destination by coverage.
            let mask = state.clipMask, order = channel
            accumulator.sweep(evenOdd: evenOdd) { y, x0, n0, a in
                let c = UInt32(cov(a)); guard c != 0 else { return }
                let (x, n) = cw.trim(x0, n0)
                let p = (pixels + y * bytesPerRow).assumingMemoryBound(to: UInt32.self) + x
                let m = mask?.pointer(row: y, x: x)
                // Copy at full coverage replaces the pixels with the colour (what the blend gives:
                // `CopyModeTests`), without unpacking each one.
                if mode == .copy && c == 255 && m == nil { lamina_fill_32(p, n, word); return }
                for i in 0..<n {
                    let k = m.map { mul255(c, UInt32($0[i])) } ?? c
                    if k != 0 { p[i] = CGContext.blendPixel(word, p[i], k, mode, order) }
                }
            }
        case .gray8, .alpha8:
            if mode == .clear || mode == .copy {
                var clear = Clear32(base: pixels, bytesPerRow: bytesPerRow, bytesPerPixel: 1, mask: state.clipMask)
                var g = oneByteTarget(color)
                accumulator.sweep(evenOdd: evenOdd) { y, x0, n0, a in
                    let c = cov(a); let (x, n) = cw.trim(x0, n0); guard c != 0, n > 0 else { return }
                    clear.span(row: y, x: x, count: n, alpha: c)
                    if mode == .copy { g.span(row: y, x: x, count: n, alpha: c) }
                }
                return
            }
            var t = oneByteTarget(color)
            // An opaque fill of an alpha-only bitmap (glyph masks, shadow masks), no clip mask:
            // swept and painted in C, the same bytes.
            if format == .alpha8 && aa && t.alpha == 255 && t.mask == nil,
               accumulator.sweepAlphaOver8(base: pixels, bytesPerRow: bytesPerRow, evenOdd: evenOdd, col0: cw.x0, col1: cw.x1) {
                return
            }
            accumulator.sweep(evenOdd: evenOdd) { y, x0, n0, a in
                let c = cov(a); let (x, n) = cw.trim(x0, n0)
                if c != 0 && n > 0 { t.span(row: y, x: x, count: n, alpha: c) }
            }
        }
    }

    private func oneByteTarget(_ c: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat)) -> SolidOver8 {
        let a = max(0, min(1, c.a * state.alpha))
        // Rec. 709 luma of the (non-premultiplied) colour for gray bitmaps.
        let gray = format == .alpha8 ? 1 : 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b
        return SolidOver8(base: pixels, bytesPerRow: bytesPerRow, value: UInt32((max(0, min(1, gray)) * 255).rounded()),
                          alpha: UInt32((a * 255).rounded()), mask: state.clipMask)
    }

    /// Whether the blend mode can be drawn on this bitmap (every mode on colour bitmaps; normal,
    /// copy and clear on gray and alpha-only ones).
    @inline(__always) func checkBlendMode() -> Bool {
        format == .color32 || checkBlendModeOfOtherFormats()
    }

    /// ``checkBlendMode()`` for bitmaps other than 32-bit colour, out of line.
    @inline(never) func checkBlendModeOfOtherFormats() -> Bool {
        switch state.blendMode {
        case .normal, .copy, .clear: return true
        default:
            LaminaDiagnostics.report("CGContext: blend mode \(state.blendMode) on \(format) bitmaps is not implemented; nothing drawn")
            return false
        }
    }

    /// Strokes device-space elements with the current stroke style and the current CTM.
    func strokeDevice(_ elements: [PathElement]) {
        guard !elements.isEmpty, checkBlendMode() else { return }
        var style = state.strokeStyle
        var toUser = state.ctm.inverted()
        var toDevice = state.ctm
        let det = abs(state.ctm.a * state.ctm.d - state.ctm.b * state.ctm.c)
        if style.width == 0 || det == 0 {
            // A hairline is one device pixel wide whatever the CTM.
            style.width = 1
            toUser = .identity; toDevice = .identity
        }
        let scale = max(det.squareRoot(), 1e-9)
        // The outline and the polyline in the context's reused storage (given back below).
        var stroker = Stroker(style: style, tolerance: Flattener.tolerance / scale, reusing: &strokeBuffers)
        // One buffer for every subpath, reserved for the whole path only up to 4,096 points
        // (grown beyond to the longest subpath, and let go at a subpath's start past
        // `StrokeBuffers.keptPoints`): a copy Swift makes of it to append takes its capacity
        // along, which for a two-million-element path of small subpaths was megabytes per subpath.
        var polyline = strokeBuffers.takePolyline()
        defer { strokeBuffers.keep(&stroker, polyline: &polyline) }
        polyline.reserveCapacity(min(elements.count + 1, 4_096))
        Flattener.flatten(elements, transform: toUser,
                          moveTo: { p in StrokeBuffers.empty(&polyline); polyline.append(p) },
                          lineTo: { p in polyline.append(p) },
                          close: { explicit in stroker.add(polyline: polyline, closed: explicit); StrokeBuffers.empty(&polyline) })
        if stroker.truncated { LaminaDiagnostics.report(Stroker.truncationMessage("CGContext.strokePath")) }
        guard !stroker.ends.isEmpty else { return }
        drawOperation { rasterize(polygonsOf: &stroker, toDevice: toDevice) { _ in sweepColor(state.stroke, evenOdd: false) } }
    }

    /// ``rasterize(_:evenOdd:_:)`` (non-zero rule) for the stroker's closed polygons, each point
    /// taken through `toDevice` and then the raster transform as the elements `.move`, `.line`…,
    /// `.close` of them would be, without making those elements or flattening them. (`inout`
    /// though only read: the caller's closure reaches the stroker without copying it, and so
    /// without a retain and release of each of its arrays.)
    func rasterize(polygonsOf stroker: inout Stroker, toDevice: CGAffineTransform, _ body: (_ bounds: (Int, Int, Int, Int)) -> Void) {
        let raster = rasterTransform
        let points = stroker.points, ends = stroker.ends
        guard let lastEnd = ends.last, lastEnd > 0 else { return }
        withUnsafeTemporaryAllocation(of: CGPoint.self, capacity: lastEnd) { pts in
            var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
            var finite = true
            points.withUnsafeBufferPointer { src in
                for i in 0..<lastEnd {
                    let q = src[i].applying(toDevice).applying(raster)
                    if !(q.x.isFinite && q.y.isFinite) { finite = false }
                    minX = min(minX, q.x); maxX = max(maxX, q.x); minY = min(minY, q.y); maxY = max(maxY, q.y)
                    pts.initializeElement(at: i, to: q)
                }
            }
            guard let bounds = beginAccumulating(minX, minY, maxX, maxY, finite: finite, subRows: 1) else { return }
            let acc = accumulator
            var start = 0
            for end in ends {
                let first = pts[start]
                var last = first
                for i in (start + 1)..<end {
                    let q = pts[i]
                    acc.addLine(last.x, last.y, q.x, q.y)
                    last = q
                }
                acc.addLine(last.x, last.y, first.x, first.y)
                start = end
            }
            body(bounds)
        }
    }
}
