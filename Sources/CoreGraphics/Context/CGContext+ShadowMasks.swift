/// A shadow's blurred alpha, made once from a bitmap and composited any number of times
/// (Lamina SPI: the compositor keeps the shadows layers cast from frame to frame instead of
/// blurring them again on every frame).
@_spi(Lamina) public final class CGShadowMask: @unchecked Sendable {
    /// The mask's top-left pixel in the pixel coordinates of the bitmap it was made from
    /// (x right, rows down); it reaches beyond that bitmap by the blur and the offset.
    public let x0: Int, y0: Int
    public let width: Int, height: Int
    let alpha: UnsafeMutablePointer<UInt8>

    init(x0: Int, y0: Int, width: Int, height: Int, alpha: UnsafeMutablePointer<UInt8>) {
        self.x0 = x0; self.y0 = y0; self.width = width; self.height = height; self.alpha = alpha
    }

    deinit { alpha.deallocate() }

    /// The memory it holds, in bytes.
    public var byteCount: Int { width * height }

    /// The size a mask of a `width` × `height` bitmap's shadow would have, in pixels (nil when
    /// the blur or offset is not finite or beyond what a shadow keeps unclamped).
    public static func pixelCount(width: Int, height: Int, offset: CGSize, blur: CGFloat) -> Int? {
        let m = CGContext.Shadow.maximumOffset
        guard offset.isFinite, blur.isFinite, abs(offset.width) <= m, abs(offset.height) <= m,
              blur <= CGContext.Shadow.maximumBlur else { return nil }
        let reach = CGContext.shadowReach(CGContext.Shadow(offset: offset, blur: max(0, blur), color: (0, 0, 0, 1)))
        let (w, h) = (width + 2 * reach, height + 2 * reach)
        guard w > 0, h > 0, w.multipliedReportingOverflow(by: h).overflow == false else { return nil }
        return w * h
    }
}

extension CGContext {
    /// The shadow this bitmap's pixels cast with `offset` (device space, y up) and `blur`
    /// (device pixels): their alpha moved by the offset and blurred exactly as a transparency
    /// layer's shadow is, over the whole area it reaches. Nil when the shadow would draw nothing.
    @_spi(Lamina) public func shadowMask(offset: CGSize, blur: CGFloat) -> CGShadowMask? {
        guard format == .color32, let shadow = Shadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1)) else { return nil }
        let reach = CGContext.shadowReach(shadow)
        let (dx, dy) = shadow.pixelOffset
        let source = PixelRegion(x0: 0, y0: 0, x1: width, y1: height)
        let region = PixelRegion(x0: dx - reach, y0: dy - reach, x1: width + dx + reach, y1: height + dy + reach)
        guard !region.isEmpty else { return nil }
        let plane = shadowPlane(of: UnsafeRawPointer(basePixels), bytesPerRow: bytesPerRow, source: source, shadow: shadow,
                                over: region)
        return CGShadowMask(x0: region.x0, y0: region.y0, width: region.x1 - region.x0, height: region.y1 - region.y0,
                            alpha: plane)
    }

    /// Composites `mask` tinted with `color` and the global alpha, its top-left pixel at raster
    /// pixel (`x`, row `y`), source-over within the clip: the same pixels a transparency layer
    /// casting that shadow composites under itself.
    @_spi(Lamina) public func drawShadowMask(_ mask: CGShadowMask, atPixelX x: Int, y: Int, color: CGColor) {
        guard format == .color32, color.alpha > 0 else { return }
        let c = color.rgba
        // Only the part of the mask on this bitmap is painted.
        let region = PixelRegion(x0: x, y0: y, x1: x + mask.width, y1: y + mask.height)
        let cut = PixelRegion(x0: max(0, region.x0), y0: max(0, region.y0), x1: min(width, region.x1), y1: min(height, region.y1))
        guard !cut.isEmpty else { return }
        let start = mask.alpha + (cut.y0 - region.y0) * mask.width + (cut.x0 - region.x0)
        paintShadowPlane(UnsafePointer(start), over: cut, stride: mask.width,
                         word: pixelWord((c.red, c.green, c.blue, c.alpha), alpha: state.alpha))
    }
}

extension CGShadowMask {
    /// The shadow of `path` filled opaque into a `width` × `height` bitmap through
    /// `userToPixels` (see ``CGContext/setUserToPixels(_:)``): the same mask as filling it in
    /// black into a colour bitmap of that size and taking ``CGContext/shadowMask(offset:blur:)``,
    /// made without the colour bitmap. The path is filled straight into the mask's alpha plane,
    /// where its alpha would be copied to (an alpha-only bitmap whose rows are the plane's, inset
    /// by the blur's reach), and blurred there. Nil when the shadow would draw nothing, or when
    /// the bitmap or the mask would exceed ``CGContext/maximumPixelCount``.
    public static func ofFilledPath(_ path: CGPath, userToPixels: CGAffineTransform, width: Int, height: Int,
                                    offset: CGSize, blur: CGFloat) -> CGShadowMask? {
        guard width > 0, height > 0, max(width, height) <= CGContext.maximumPixelCount,
              let shadow = CGContext.Shadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1)) else { return nil }
        let reach = CGContext.shadowReach(shadow)
        let (dx, dy) = shadow.pixelOffset
        // `shadowMask`'s region: the bitmap moved by the offset and grown by the reach, so the
        // bitmap's pixel (x, y) lands at (x + reach, y + reach) of the plane. Within the limit,
        // the bitmap (no larger) is too.
        let (pw, ph) = (width + 2 * reach, height + 2 * reach)
        let (area, overflow) = pw.multipliedReportingOverflow(by: ph)
        guard !overflow, area <= CGContext.maximumPixelCount else { return nil }
        let plane = UnsafeMutablePointer<UInt8>.allocate(capacity: area)
        memset(plane, 0, area)
        guard let c = CGContext(data: plane + reach * pw + reach, width: width, height: height, bitsPerComponent: 8,
                                bytesPerRow: pw, space: CGColorSpaceCreateDeviceGray(),
                                bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue) else {
            plane.deallocate()
            return nil
        }
        c.setUserToPixels(userToPixels)
        c.setFillColor(gray: 0, alpha: 1)
        c.addPath(path)
        c.fillPath()
        BoxBlur.blur(plane, width: pw, height: ph, stride: pw, sigma: Double(shadow.blur) / 2)
        return CGShadowMask(x0: dx - reach, y0: dy - reach, width: pw, height: ph, alpha: plane)
    }
}
