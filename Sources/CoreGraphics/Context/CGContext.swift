/// A drawing destination: a bitmap and a graphics state.
///
/// This is the first slice of Lamina's `CGContext`: premultiplied 8-bit RGBA/BGRA bitmap contexts,
/// the graphics-state stack, the CTM, rectangle clips, and exact-coverage rectangle fills under
/// axis-aligned transforms. It is what a layer's backing store needs. The full rasterizer (paths,
/// strokes, gradients, images, blend modes) arrives with issue 3 behind this same API; a drawing
/// call it cannot honour yet reports a diagnostic naming the call and draws nothing.
///
/// Device space has its origin at the bottom left with y up, as on Apple platforms; memory row 0
/// is the top row of the image.
public final class CGContext {
    /// The bitmap's width in pixels.
    public let width: Int
    /// The bitmap's height in pixels.
    public let height: Int
    /// Bytes from one row to the next.
    public let bytesPerRow: Int
    /// Bits per colour component (8).
    public let bitsPerComponent: Int
    /// Bits per pixel (32).
    public let bitsPerPixel: Int
    /// The bitmap's colour space.
    public let colorSpace: CGColorSpace?
    /// The bitmap's layout flags.
    public let bitmapInfo: CGBitmapInfo
    /// The bitmap's alpha info.
    public var alphaInfo: CGImageAlphaInfo {
        CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none
    }

    private let pixels: UnsafeMutablePointer<UInt8>
    private let ownsPixels: Bool
    /// Byte offsets of red, green, blue and alpha within a pixel.
    private let channel: (r: Int, g: Int, b: Int, a: Int)

    struct GState {
        var ctm: CGAffineTransform = .identity
        var clip: CGRect            // device space
        var fill: (r: Float, g: Float, b: Float, a: Float) = (0, 0, 0, 1)
        var alpha: Float = 1
    }
    private var state: GState
    private var stack: [GState] = []

    /// The largest bitmap Lamina allocates, in pixels (2^28, i.e. 1 GiB of RGBA).
    public static let maximumPixelCount = 1 << 28

    /// Creates a bitmap context. Supported: 8 bits per component, 32 bits per pixel, premultiplied
    /// alpha first or last, big- or little-endian 32-bit order. Returns nil for other formats,
    /// non-positive sizes, a row too short for the width, or more than ``maximumPixelCount`` pixels.
    /// Pass nil `data` to let the context allocate (zeroed) memory.
    public init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                 bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        let alpha = CGImageAlphaInfo(rawValue: bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue)
        guard width > 0, height > 0, bitsPerComponent == 8, space.model == .rgb,
              alpha == .premultipliedLast || alpha == .premultipliedFirst else {
            LaminaDiagnostics.report("CGContext: unsupported bitmap format \(width)x\(height), \(bitsPerComponent) bpc, info \(bitmapInfo)")
            return nil
        }
        guard width.multipliedReportingOverflow(by: height).overflow == false,
              width * height <= CGContext.maximumPixelCount else {
            LaminaDiagnostics.report("CGContext: a \(width)x\(height) bitmap exceeds the \(CGContext.maximumPixelCount)-pixel limit")
            return nil
        }
        let rowBytes = bytesPerRow == 0 ? width * 4 : bytesPerRow
        guard rowBytes >= width * 4 else { return nil }
        self.width = width; self.height = height; self.bytesPerRow = rowBytes
        self.bitsPerComponent = 8; self.bitsPerPixel = 32
        self.colorSpace = space; self.bitmapInfo = info
        let little = info.intersection(.byteOrderMask) == .byteOrder32Little
        // Memory order of the four bytes.
        switch (alpha!, little) {
        case (.premultipliedLast, false): channel = (0, 1, 2, 3)   // RGBA
        case (.premultipliedLast, true): channel = (3, 2, 1, 0)    // ABGR
        case (.premultipliedFirst, false): channel = (1, 2, 3, 0)  // ARGB
        default: channel = (2, 1, 0, 3)                             // BGRA
        }
        if let data {
            pixels = data.assumingMemoryBound(to: UInt8.self); ownsPixels = false
        } else {
            pixels = .allocate(capacity: rowBytes * height)
            pixels.initialize(repeating: 0, count: rowBytes * height)
            ownsPixels = true
        }
        state = GState(clip: CGRect(x: 0, y: 0, width: width, height: height))
    }

    deinit { if ownsPixels { pixels.deallocate() } }

    /// The bitmap's memory.
    public var data: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(pixels) }

    // MARK: Graphics state

    /// Pushes a copy of the graphics state.
    public func saveGState() { stack.append(state) }
    /// Pops the graphics state; an unbalanced call is ignored with a diagnostic.
    public func restoreGState() {
        guard let s = stack.popLast() else {
            LaminaDiagnostics.report("CGContext.restoreGState() without a matching saveGState()")
            return
        }
        state = s
    }

    /// Returns the graphics state to its initial values and empties the save stack (used when a
    /// backing store is reused for another drawing pass).
    @_spi(Lamina) public func resetGState() {
        stack.removeAll()
        state = GState(clip: CGRect(x: 0, y: 0, width: width, height: height))
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

    /// Sets the fill colour (components taken as sRGB or gray).
    public func setFillColor(_ color: CGColor) {
        let c = color.rgba
        state.fill = (Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha))
    }
    /// Sets the fill colour from sRGB components.
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fill = (Float(red), Float(green), Float(blue), Float(alpha))
    }
    /// Sets the fill colour to a gray.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) {
        state.fill = (Float(gray), Float(gray), Float(gray), Float(alpha))
    }
    /// Sets the global alpha multiplied into everything drawn.
    public func setAlpha(_ alpha: CGFloat) { state.alpha = Float(max(0, min(1, alpha))) }

    // MARK: Clipping

    /// Intersects the clip with a rectangle in user space.
    public func clip(to rect: CGRect) {
        guard let device = deviceRect(rect, call: "clip(to:)") else { return }
        state.clip = state.clip.intersection(device)
    }

    /// The bounding box of the clip, in user space.
    public var boundingBoxOfClipPath: CGRect {
        if state.clip.isNull || state.clip.isEmpty { return .zero }
        return state.clip.applying(state.ctm.inverted())
    }

    // MARK: Drawing

    /// Fills a rectangle with the fill colour (source-over), with exact area coverage at its edges.
    public func fill(_ rect: CGRect) {
        let f = state.fill
        let a = f.a * state.alpha
        paint(rect, call: "fill(_:)") { dst, cov in
            let sa = a * cov
            let k = 1 - sa
            dst.r = f.r * sa + dst.r * k; dst.g = f.g * sa + dst.g * k
            dst.b = f.b * sa + dst.b * k; dst.a = sa + dst.a * k
        }
    }

    /// Fills each rectangle.
    public func fill(_ rects: [CGRect]) { for r in rects { fill(r) } }

    /// Makes a rectangle transparent (coverage-weighted at its edges).
    public func clear(_ rect: CGRect) {
        paint(rect, call: "clear(_:)") { dst, cov in
            let k = 1 - cov
            dst.r *= k; dst.g *= k; dst.b *= k; dst.a *= k
        }
    }

    /// An image of the bitmap as it is now (premultiplied, in this context's byte order).
    public func makeImage() -> CGImage? {
        let data = Data(bytes: pixels, count: bytesPerRow * height)
        guard let provider = CGDataProvider(data: data), let space = colorSpace else { return nil }
        return CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: bytesPerRow,
                       space: space, bitmapInfo: bitmapInfo, provider: provider, decode: nil,
                       shouldInterpolate: true, intent: .defaultIntent)
    }

    /// Reads one pixel as premultiplied (r, g, b, a) bytes; `row` counts from the top of the image.
    public func pixel(x: Int, row: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        precondition(x >= 0 && x < width && row >= 0 && row < height, "CGContext.pixel(x:row:) out of bounds")
        let p = pixels + row * bytesPerRow + x * 4
        return (p[channel.r], p[channel.g], p[channel.b], p[channel.a])
    }

    // MARK: Private

    /// A user-space rectangle in device space, when the CTM keeps rectangles axis-aligned.
    private func deviceRect(_ rect: CGRect, call: String) -> CGRect? {
        guard rect.isFinite else { return nil }
        let t = state.ctm
        guard (t.b == 0 && t.c == 0) || (t.a == 0 && t.d == 0) else {
            LaminaDiagnostics.report("CGContext.\(call) under a rotating or skewing transform is not supported yet")
            return nil
        }
        return rect.applying(t)
    }

    private struct Pixel { var r: Float, g: Float, b: Float, a: Float }

    /// Applies `op` to each device pixel that `rect` covers, with the covered fraction of the pixel.
    private func paint(_ rect: CGRect, call: String, _ op: (inout Pixel, Float) -> Void) {
        guard let device = deviceRect(rect, call: call) else { return }
        let r = device.intersection(state.clip)
        guard !r.isNull, r.width > 0, r.height > 0 else { return }
        let x0 = Int(r.minX.rounded(.down)), x1 = Int(r.maxX.rounded(.up))
        let y0 = Int(r.minY.rounded(.down)), y1 = Int(r.maxY.rounded(.up))
        for y in max(0, y0)..<min(height, y1) {
            let covY = Float(min(r.maxY, CGFloat(y + 1)) - max(r.minY, CGFloat(y)))
            let row = pixels + (height - 1 - y) * bytesPerRow
            for x in max(0, x0)..<min(width, x1) {
                let covX = Float(min(r.maxX, CGFloat(x + 1)) - max(r.minX, CGFloat(x)))
                let p = row + x * 4
                var px = Pixel(r: Float(p[channel.r]) / 255, g: Float(p[channel.g]) / 255,
                               b: Float(p[channel.b]) / 255, a: Float(p[channel.a]) / 255)
                op(&px, covX * covY)
                p[channel.r] = UInt8(clamping: Int((px.r * 255).rounded()))
                p[channel.g] = UInt8(clamping: Int((px.g * 255).rounded()))
                p[channel.b] = UInt8(clamping: Int((px.b * 255).rounded()))
                p[channel.a] = UInt8(clamping: Int((px.a * 255).rounded()))
            }
        }
    }
}
