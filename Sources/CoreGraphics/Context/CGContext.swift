import Synchronization
/// How a path's interior is decided.
public enum CGPathFillRule: Int, Sendable { case winding = 0, evenOdd }

/// What `drawPath(using:)` draws.
public enum CGPathDrawingMode: Int32, Sendable { case fill = 0, eoFill, stroke, fillStroke, eoFillStroke }

/// How drawing combines with what is already there (every mode is implemented, for colour bitmaps).
public enum CGBlendMode: Int32, Sendable {
    case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity
    case clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut
    case destinationAtop, xor, plusDarker, plusLighter
}

/// A drawing destination: a bitmap and a graphics state (Apple's `CGContext`).
///
/// Bitmap contexts: premultiplied 8-bit RGBA or BGRA (alpha first or last, either byte order),
/// 8-bit gray without alpha, and 8-bit alpha-only masks. Device space has its origin at the
/// bottom left with y up, as on Apple platforms; memory row 0 is the top row of the image.
///
/// Paths are filled with exact-area antialiasing (non-zero or even-odd), curves flattened to
/// 0.03 device pixels, strokes built from their segments, joins, caps and dashes, and clips kept
/// as device rectangles or 8-bit masks. Gradients, images (projective sampling), every blend mode,
/// shadows (Gaussian blur by three box passes) and transparency layers are supported on colour
/// bitmaps; what gray and alpha-only bitmaps cannot do is reported as a diagnostic.
public final class CGContext {
    /// The bitmap's width in pixels.
    public let width: Int
    /// The bitmap's height in pixels.
    public let height: Int
    /// Bytes from one row to the next.
    public let bytesPerRow: Int
    /// Bits per colour component (8).
    public let bitsPerComponent: Int
    /// Bits per pixel (32 for colour, 8 for gray and alpha-only).
    public let bitsPerPixel: Int
    /// The bitmap's colour space (nil for alpha-only contexts).
    public let colorSpace: CGColorSpace?
    /// The bitmap's layout flags.
    public let bitmapInfo: CGBitmapInfo
    /// The bitmap's alpha info.
    public var alphaInfo: CGImageAlphaInfo {
        CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none
    }

    enum Format { case color32, gray8, alpha8 }
    let format: Format
    /// The bitmap's own memory.
    let basePixels: UnsafeMutableRawPointer
    /// Where drawing goes now: the bitmap, or an offscreen buffer (transparency layer, shadow).
    // The mutable state below is read and written on every drawing call. A context is used from
    // one thread at a time and never hands out `inout` access to it, so Swift's run-time
    // exclusivity checks (two calls into the runtime per access, about a sixth of a small
    // fill's instructions) are turned off for these properties.
    @exclusivity(unchecked) var pixels: UnsafeMutableRawPointer
    private let ownsPixels: Bool
    /// Open transparency layers, innermost last.
    @exclusivity(unchecked) var layers: [TransparencyLayer] = []
    /// Device pixels of the bitmap a shadow need not be composited into (Lamina SPI; not used
    /// while a transparency layer is open): the compositor sets it while it draws a shadow that
    /// an opaque layer drawn later covers there, and clears it.
    @exclusivity(unchecked) @_spi(Lamina) public var shadowHole: (x0: Int, y0: Int, x1: Int, y1: Int)?
    /// How many drawing operations (fills, strokes, images, gradients) the context has run
    /// (SPI: UIKit tells views that drew from views that did not).
    @exclusivity(unchecked) @_spi(Lamina) public internal(set) var drawOperationCount = 0
    /// Full-size offscreen buffers kept for reuse (transparency layers, shadows).
    @exclusivity(unchecked) var offscreenPool: [UnsafeMutableRawPointer] = []
    /// Byte offsets of red, green, blue and alpha in a 32-bit pixel.
    let channel: (r: Int, g: Int, b: Int, a: Int)

    struct GState {
        var ctm: CGAffineTransform = .identity
        /// The clip's pixel bounds in raster space (x right, rows down).
        var clipX0 = 0, clipY0 = 0, clipX1 = 0, clipY1 = 0
        /// The rows drawing may touch: the context's row window (see ``setRowWindow(_:_:)``),
        /// widened while a shadow's source is drawn. Unlike the clip it never changes where
        /// coverage is computed from, so a row's pixels do not depend on it.
        var rowsY0 = 0, rowsY1 = 0
        /// The columns drawing may touch (the context's column window, widened while a shadow's
        /// source is drawn); like the row window, it never changes how a pixel is computed.
        var colsX0 = 0, colsX1 = 0
        /// The clip's coverage mask, when the clip is not a rectangle of whole pixels. A clip to a
        /// rectangle off the pixel grid is kept as ``rectClip`` and made into its mask the first
        /// time a painter asks for it (a gradient paints through the rectangle without one).
        var clipMask: ClipMask? {
            mutating get {
                if let r = rectClip { storedClipMask = r.makeMask(); rectClip = nil }
                return storedClipMask
            }
            set { storedClipMask = newValue; rectClip = nil }
        }
        var storedClipMask: ClipMask?
        /// A clip to an axis-aligned rectangle not on whole pixels, with no mask before it: the
        /// mask it stands for is ``RectClip/makeMask()``'s.
        var rectClip: RectClip?
        var fill: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat) = (0, 0, 0, 1)
        var stroke: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat) = (0, 0, 0, 1)
        var alpha: CGFloat = 1
        var strokeStyle = StrokeStyle()
        var antialias = true
        var blendMode: CGBlendMode = .normal
        var interpolation: CGInterpolationQuality = .default
        var shadow: Shadow?
        var font: CGFont?
        var fontSize: CGFloat = 0
        var textDrawingMode: CGTextDrawingMode = .fill
        /// `setShouldSubpixelPositionFonts(_:)` and `setShouldSubpixelQuantizeFonts(_:)` (off
        /// by default: a bitmap context does not quantize unless asked, ``GlyphGrid``).
        var subpixelPositionsFonts = true
        var subpixelQuantizesFonts = false
    }

    /// A clip to an axis-aligned rectangle, kept as the rectangle: its sweep over the bounds the
    /// clip was rasterized in, and the columns then drawn (bytes outside them stay 0, as the
    /// mask writer leaves them).
    struct RectClip {
        let sweep: RectSweep
        let colsX0: Int, colsX1: Int

        /// The coverage mask `clipDevice` would have made for the rectangle.
        func makeMask() -> ClipMask {
            let s = sweep
            let mask = ClipMask(x0: s.minX, y0: s.minY, width: s.width, height: s.height, fill: 0,
                                rows: (s.minY + s.storeTop, s.minY + s.storeBottom))
            let cw = ColumnWindow(x0: colsX0, x1: colsX1)
            var writer = MaskWriter(mask: mask)
            // The largest block written at 255: the rectangle's inside (``ClipMask/solid``).
            var solid = (x0: 0, y0: 0, x1: 0, y1: 0)
            s.sweep(merge: false) { y, rows, x0, n0, a in
                let (x, n) = cw.trim(x0, n0)
                guard n > 0 else { return }
                for r in y..<(y + rows) { writer.span(row: r, x: x, count: n, alpha: a) }
                if a == 255, n * rows > (solid.x1 - solid.x0) * (solid.y1 - solid.y0) { solid = (x, y, x + n, y + rows) }
            }
            mask.solid = solid
            return mask
        }
    }

    /// A shadow: offset in device pixels (y up), blur, premultiplied colour word.
    struct Shadow {
        var offset: CGSize
        var blur: CGFloat
        var color: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat)
    }
    @exclusivity(unchecked) var state: GState
    @exclusivity(unchecked) private var stack = GStateStack()
    /// Memory the context frees itself though it was given it (``init(width:height:rows:)``).
    private var adoptedMemory: UnsafeMutableRawPointer?
    /// The row window set with ``setRowWindow(_:_:)`` (the whole bitmap by default).
    private var windowY0 = 0, windowY1 = 0
    /// The column window set with ``setColumnWindow(_:_:)``.
    private var windowX0 = 0, windowX1 = 0
    /// The text matrix and position are not part of the graphics state (as on Apple platforms).
    @exclusivity(unchecked) var textMatrixValue: CGAffineTransform = .identity
    /// `setAllowsFontSubpixelPositioning(_:)` and `setAllowsFontSubpixelQuantization(_:)` (not
    /// part of the graphics state).
    @exclusivity(unchecked) var allowsSubpixelPositioning = true
    @exclusivity(unchecked) var allowsSubpixelQuantization = true
    /// The current path, in device space (points are transformed by the CTM when added).
    var devicePath: [PathElement] {
        get {
            if hasPendingPath { settlePendingPath() }
            return pathStorage
        }
        _modify {
            if hasPendingPath { settlePendingPath() }
            yield &pathStorage
        }
        set {
            dropPendingPath()
            pathStorage = newValue
        }
    }
    /// ``devicePath``'s elements once settled.
    @exclusivity(unchecked) var pathStorage: [PathElement] = []
    /// A path `addPath(_:)` added to an empty current path, kept as its elements (a snapshot:
    /// a mutable path changed later does not change it) and the CTM they are to be transformed
    /// by, until something needs the device elements: a fill of or clip to an axis-aligned
    /// rectangle reads its two corners and a polygon's rasterizes its points without making them
    /// (`fillPath`, `clip`). Never set while ``pathStorage`` has elements. Stored as
    /// ``pendingQuad`` or ``pendingElements``; this reads either as elements (tests).
    var pendingPath: (elements: [PathElement], ctm: CGAffineTransform)? {
        if let q = pendingQuad { return (CGContext.elements(ofQuad: q), q.ctm) }
        return pendingElements
    }
    /// ``pendingPath`` when it is not a ``pendingQuad``.
    @exclusivity(unchecked) var pendingElements: (elements: [PathElement], ctm: CGAffineTransform)?
    /// ``pendingPath`` when it is one closed axis-aligned rectangle (a move, three lines and a
    /// close: what `addRect` and `CGPath(rect:transform:)` make) added under a CTM that only
    /// scales and translates, kept as its four points: `fillPath` and `clip` take it from its
    /// corners, and its elements are made only if something else needs them. Adding it so takes
    /// no reference to the path's storage (a retain and a release per shape).
    @exclusivity(unchecked) var pendingQuad: Quad?
    /// A closed quadrilateral's four user-space points, in path order, and the CTM they are to be
    /// taken through.
    typealias Quad = (a: CGPoint, b: CGPoint, c: CGPoint, d: CGPoint, ctm: CGAffineTransform)
    /// Whether a path is pending (without making a quadrilateral's elements).
    var hasPendingPath: Bool { pendingQuad != nil || pendingElements != nil }
    /// Drops the pending path, in either form.
    func dropPendingPath() {
        pendingQuad = nil
        pendingElements = nil
    }
    /// The elements of a pending quadrilateral: a move, three lines and a close.
    static func elements(ofQuad q: Quad) -> [PathElement] {
        [.move(q.a), .line(q.b), .line(q.c), .line(q.d), .close]
    }
    /// Makes a pending quadrilateral a pending path of elements (what the code that is not
    /// about rectangles works with).
    func expandPendingQuad() {
        guard let q = pendingQuad else { return }
        pendingQuad = nil
        pendingElements = (CGContext.elements(ofQuad: q), q.ctm)
    }
    /// Whether the last fill was a rectangle painted without the accumulator (tests).
    @exclusivity(unchecked) var lastFillWasRectangle = false
    /// The last colour and alpha ``pixelWord(_:alpha:)`` converted, and its word (a shape drawn
    /// in the colour of the one before, or again, skips the conversion).
    @exclusivity(unchecked) var lastPixelWord: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat, alpha: CGFloat, word: UInt32) =
        (.nan, .nan, .nan, .nan, .nan, 0)
    /// Taken from the shared pool (its buffers are reused from context to context; it is
    /// always left clean) and given back when the context goes.
    let accumulator = CoverageAccumulator.take()
    /// The stroke outline's storage, kept empty between strokes so a stroke allocates nothing
    /// (``StrokeBuffers``).
    @exclusivity(unchecked) var strokeBuffers = StrokeBuffers()

    /// The largest bitmap Lamina allocates, in pixels: 2^28 (1 GiB of RGBA) unless lowered
    /// (Lamina API). Contexts, layer backing stores and frames beyond it are refused with a
    /// diagnostic. A frame can hold about three copies of its largest layer's backing store
    /// (the store, its image, the sampler's copy), so a server bounding its memory per render
    /// lowers this (values are clamped to 1…2^28).
    public static var maximumPixelCount: Int {
        get { pixelLimit.load(ordering: .relaxed) }
        set { pixelLimit.store(min(1 << 28, max(1, newValue)), ordering: .relaxed) }
    }
    private static let pixelLimit = Atomic<Int>(1 << 28)

    /// Creates a bitmap context, or returns nil (with a diagnostic) for an unsupported format,
    /// non-positive sizes, a row too short for the width, or more than ``maximumPixelCount``
    /// pixels. Pass nil `data` to let the context allocate zeroed memory.
    public init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                 bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        let alpha = CGImageAlphaInfo(rawValue: bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue)
        let fmt: Format?
        switch (space.model, alpha) {
        case (.rgb, .premultipliedLast?), (.rgb, .premultipliedFirst?): fmt = .color32
        case (.monochrome, CGImageAlphaInfo.none?): fmt = .gray8
        case (_, .alphaOnly?): fmt = .alpha8
        default: fmt = nil
        }
        guard let fmt, width > 0, height > 0, bitsPerComponent == 8 else {
            LaminaDiagnostics.report("CGContext: unsupported bitmap format \(width)x\(height), \(bitsPerComponent) bpc, \(space.model) space, info \(bitmapInfo)")
            return nil
        }
        guard !width.multipliedReportingOverflow(by: height).overflow, width * height <= CGContext.maximumPixelCount else {
            LaminaDiagnostics.report("CGContext: a \(width)x\(height) bitmap exceeds the \(CGContext.maximumPixelCount)-pixel limit")
            return nil
        }
        let bpp = fmt == .color32 ? 4 : 1
        let rowBytes = bytesPerRow == 0 ? width * bpp : bytesPerRow
        guard rowBytes >= width * bpp else {
            LaminaDiagnostics.report("CGContext: bytesPerRow \(bytesPerRow) is too small for \(width) pixels")
            return nil
        }
        self.width = width; self.height = height; self.bytesPerRow = rowBytes
        self.bitsPerComponent = 8; self.bitsPerPixel = bpp * 8
        self.colorSpace = space; self.bitmapInfo = info; self.format = fmt
        let little = info.intersection(.byteOrderMask) == .byteOrder32Little
        switch (alpha, little) {
        case (.premultipliedLast?, false): channel = (0, 1, 2, 3)   // RGBA
        case (.premultipliedLast?, true): channel = (3, 2, 1, 0)    // ABGR
        case (.premultipliedFirst?, false): channel = (1, 2, 3, 0)  // ARGB
        default: channel = (2, 1, 0, 3)                              // BGRA
        }
        if let data {
            basePixels = data; ownsPixels = false
        } else {
            basePixels = .allocate(byteCount: rowBytes * height, alignment: 16)
            // memset, not initializeMemory(repeating:): the generic fill runs per byte unoptimised.
            memset(basePixels, 0, rowBytes * height)
            ownsPixels = true
        }
        pixels = basePixels
        state = GState()
        state.clipX1 = width; state.clipY1 = height
        state.rowsY1 = height
        state.colsX1 = width
        windowY1 = height
        windowX1 = width
    }

    /// A premultiplied RGBA bitmap context of `width` × `height` pixels that draws only the raster
    /// rows `rows` (its row window): only their memory is prepared, so a band of a large
    /// offscreen costs the band (Lamina SPI: masks drawn band by band).
    @_spi(Lamina) public convenience init?(width: Int, height: Int, rows: Range<Int>) {
        guard width > 0, height > 0, !width.multipliedReportingOverflow(by: height).overflow,
              width * height <= CGContext.maximumPixelCount else {
            LaminaDiagnostics.report("CGContext: a \(width)x\(height) bitmap exceeds the \(CGContext.maximumPixelCount)-pixel limit")
            return nil
        }
        let memory = UnsafeMutableRawPointer.allocate(byteCount: width * 4 * height, alignment: 16)
        let r0 = max(0, min(height, rows.lowerBound)), r1 = max(r0, min(height, rows.upperBound))
        memset(memory + r0 * width * 4, 0, (r1 - r0) * width * 4)
        self.init(data: memory, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        adoptedMemory = memory
        setRowWindow(r0, r1)
    }

    deinit {
        CoverageAccumulator.give(accumulator)
        adoptedMemory?.deallocate()
        for l in layers { OffscreenBuffers.give(l.buffer, byteCount: bytesPerRow * height) }
        for b in offscreenPool { OffscreenBuffers.give(b, byteCount: bytesPerRow * height) }
        if ownsPixels { basePixels.deallocate() }
    }

    /// The bitmap's memory.
    public var data: UnsafeMutableRawPointer? { basePixels }

    // MARK: Graphics state

    /// Pushes a copy of the graphics state.
    public func saveGState() { stack.push(state) }

    /// Pops the graphics state; an unbalanced call is ignored with a diagnostic.
    public func restoreGState() {
        guard !stack.isEmpty else {
            LaminaDiagnostics.report("CGContext.restoreGState() without a matching saveGState()")
            return
        }
        withUnsafeMutablePointer(to: &state) { stack.pop(into: $0) }
    }

    /// Returns the graphics state to its initial values and empties the save stack and the path
    /// (used when a backing store is reused for another drawing pass).
    @_spi(Lamina) public func resetGState() {
        stack.removeAll()
        dropPendingPath()
        pathStorage.removeAll()
        state = GState()
        state.clipX1 = width; state.clipY1 = height
        state.rowsY0 = windowY0; state.rowsY1 = windowY1
        state.colsX0 = windowX0; state.colsX1 = windowX1
    }

    /// Restricts all drawing to the columns `[x0, x1)`, as ``setRowWindow(_:_:)`` does rows:
    /// each pixel of those columns comes out exactly as it would without the window (Lamina
    /// SPI: a renderer redraws just the rectangle that changed).
    @_spi(Lamina) public func setColumnWindow(_ x0: Int, _ x1: Int) {
        windowX0 = max(0, min(width, x0)); windowX1 = max(windowX0, min(width, x1))
        state.colsX0 = windowX0; state.colsX1 = windowX1
    }

    /// The columns drawing may touch now.
    @_spi(Lamina) public var columnWindow: (x0: Int, x1: Int) { (state.colsX0, state.colsX1) }

    /// The columns of the clip that drawing may touch (empty when none).
    var activeColumns: Range<Int> {
        let x0 = max(state.clipX0, state.colsX0), x1 = min(state.clipX1, state.colsX1)
        return x0 < x1 ? x0..<x1 : x0..<x0
    }

    /// The column window as a value: taken once before a sweep, it trims each span without
    /// reading the graphics state (a read of a class's property per span costs an exclusivity
    /// check).
    var columnTrim: ColumnWindow { ColumnWindow(x0: state.colsX0, x1: state.colsX1) }

    /// Restricts all drawing to the raster rows `[y0, y1)` (rows counted down from the top),
    /// without changing how anything is computed: each pixel of those rows comes out exactly
    /// as it would if the whole bitmap were drawn (Lamina SPI: the compositor draws a frame as
    /// bands, in parallel, one context per band over the same memory). Shadows read the rows
    /// around the window they need. Set it before drawing; it survives `resetGState()`.
    @_spi(Lamina) public func setRowWindow(_ y0: Int, _ y1: Int) {
        windowY0 = max(0, min(height, y0)); windowY1 = max(windowY0, min(height, y1))
        state.rowsY0 = windowY0; state.rowsY1 = windowY1
    }

    /// The rows drawing may touch now (the row window, or the rows a shadow's source needs).
    @_spi(Lamina) public var rowWindow: (y0: Int, y1: Int) { (state.rowsY0, state.rowsY1) }

    /// The rows of the clip that drawing may touch (empty when none).
    var activeRows: Range<Int> {
        let y0 = max(state.clipY0, state.rowsY0), y1 = min(state.clipY1, state.rowsY1)
        return y0 < y1 ? y0..<y1 : y0..<y0
    }

    /// The current transformation matrix (user space to device space).
    public var ctm: CGAffineTransform { state.ctm }
    /// The user-to-device transform (the CTM: Lamina's base device transform is the identity).
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.ctm }

    /// Translates user space.
    public func translateBy(x: CGFloat, y: CGFloat) { state.ctm = state.ctm.translatedBy(x: x, y: y) }
    /// Scales user space.
    public func scaleBy(x: CGFloat, y: CGFloat) { state.ctm = state.ctm.scaledBy(x: x, y: y) }
    /// Rotates user space by `angle` radians.
    public func rotate(by angle: CGFloat) { state.ctm = state.ctm.rotated(by: angle) }
    /// Applies `transform` before the CTM.
    public func concatenate(_ transform: CGAffineTransform) { state.ctm = transform.concatenating(state.ctm) }

    /// Converts a point from user space to device space.
    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm) }
    /// Converts a point from device space to user space.
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm.inverted()) }

    // MARK: Colours and style

    /// Sets the fill colour (converted to the device's RGB).
    public func setFillColor(_ color: CGColor) { let c = color.rgba; state.fill = (c.red, c.green, c.blue, c.alpha) }
    /// Sets the fill colour from RGB components.
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { state.fill = (red, green, blue, alpha) }
    /// Sets the fill colour to a gray.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { state.fill = (gray, gray, gray, alpha) }
    /// Sets the stroke colour.
    public func setStrokeColor(_ color: CGColor) { let c = color.rgba; state.stroke = (c.red, c.green, c.blue, c.alpha) }
    /// Sets the stroke colour from RGB components.
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { state.stroke = (red, green, blue, alpha) }
    /// Sets the stroke colour to a gray.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { state.stroke = (gray, gray, gray, alpha) }
    /// Sets the global alpha multiplied into everything drawn.
    public func setAlpha(_ alpha: CGFloat) { state.alpha = alpha.isFinite ? max(0, min(1, alpha)) : 1 }
    /// Sets the line width (0 draws one-device-pixel hairlines).
    public func setLineWidth(_ width: CGFloat) { if width.isFinite { state.strokeStyle.width = max(0, width) } }
    /// Sets the line cap.
    public func setLineCap(_ cap: CGLineCap) { state.strokeStyle.cap = cap }
    /// Sets the line join.
    public func setLineJoin(_ join: CGLineJoin) { state.strokeStyle.join = join }
    /// Sets the miter limit.
    public func setMiterLimit(_ limit: CGFloat) { if limit.isFinite { state.strokeStyle.miterLimit = limit } }
    /// Sets the dash pattern; an empty pattern draws solid lines.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        state.strokeStyle.dashPhase = phase.isFinite ? phase : 0
        state.strokeStyle.dashLengths = lengths.allSatisfy({ $0.isFinite && $0 >= 0 }) && lengths.contains(where: { $0 > 0 })
            ? lengths : []
    }
    /// Turns antialiasing on or off.
    public func setShouldAntialias(_ shouldAntialias: Bool) { state.antialias = shouldAntialias }
    /// Whether antialiasing may be used (Lamina honours `setShouldAntialias` alone).
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) {}
    /// Sets the blend mode.
    public func setBlendMode(_ mode: CGBlendMode) { state.blendMode = mode }

    // MARK: Images

    /// An image of the bitmap as it is now (premultiplied, in this context's byte order).
    public func makeImage() -> CGImage? {
        let data = Data(bytes: basePixels, count: bytesPerRow * height)
        guard let provider = CGDataProvider(data: data) else { return nil }
        return CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: bitsPerPixel,
                       bytesPerRow: bytesPerRow, space: colorSpace ?? CGColorSpaceCreateDeviceGray(),
                       bitmapInfo: bitmapInfo, provider: provider, decode: nil, shouldInterpolate: true,
                       intent: .defaultIntent)
    }

    /// Reads one pixel as premultiplied (r, g, b, a) bytes; `row` counts from the top. Gray and
    /// alpha-only pixels read as (v, v, v, 255) and (0, 0, 0, v). A Lamina addition for tests.
    public func pixel(x: Int, row: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        precondition(x >= 0 && x < width && row >= 0 && row < height, "CGContext.pixel(x:row:) out of bounds")
        let p = (basePixels + row * bytesPerRow).assumingMemoryBound(to: UInt8.self)
        switch format {
        case .color32:
            let q = p + x * 4
            return (q[channel.r], q[channel.g], q[channel.b], q[channel.a])
        case .gray8: return (p[x], p[x], p[x], 255)
        case .alpha8: return (0, 0, 0, p[x])
        }
    }
}

/// The columns a context draws (see ``CGContext/setColumnWindow(_:_:)``).
struct ColumnWindow {
    let x0: Int, x1: Int
    /// The part of the span of `n` pixels from `x` inside the window: for writers whose pixels
    /// do not depend on each other (a stepping painter must keep its start: see
    /// ``CGContext/windowed(_:_:_:)``).
    @inline(__always) func trim(_ x: Int, _ n: Int) -> (x: Int, n: Int) {
        let a = max(x, x0), b = min(x + n, x1)
        return (a, max(0, b - a))
    }
}
