@_spi(Lamina) import CoreGraphics
import Foundation

/// The bitmap a frame is drawn into, as the top-level compositor sees it: what a backdrop
/// renders again, below the backdrop layer, to blur.
package struct BackdropRoot: Sendable {
    /// The root node's coordinates to the bitmap's device pixels.
    package var ctm: CGAffineTransform
    package var width: Int
    package var height: Int
    package init(ctm: CGAffineTransform, width: Int, height: Int) {
        self.ctm = ctm
        self.width = width
        self.height = height
    }
}

/// Where drawing stops: at a node (not drawn), and everything after it in painting order.
final class BackdropStop {
    let slot: Int32
    var reached = false
    init(_ slot: Int32) { self.slot = slot }
}

/// A backdrop made once per frame, shared by the bands: node, area (low-resolution pixels) and
/// the sampling factor.
package struct BackdropKey: Hashable, Sendable {
    var slot: Int32
    var x0: Int, y0: Int, x1: Int, y1: Int
    var factor: Int
}

/// A blurred backdrop at its low resolution: premultiplied words in the frame bitmap's byte
/// order, rows from the top, covering `key`'s low-resolution pixels.
package struct BackdropImage: Sendable {
    let pixels: [UInt32]
    let key: BackdropKey
}

extension Compositor {
    /// The largest backdrop made, in low-resolution pixels (larger ones are not drawn, with a
    /// diagnostic).
    static let maximumBackdropPixels = 4096 * 4096

    /// Draws node `i`'s backdrop: the frame under it, blurred and saturated, clipped to `shape`.
    ///
    /// The frame is drawn again from its root up to this node, into a bitmap covering the
    /// node's device rectangle and the blur's reach, at a pixel per `factor` device pixels;
    /// blurred there (three box passes per direction, per channel) and scaled up bilinearly. The
    /// bitmap is made once per frame (every band shares it), so the bytes do not depend on the
    /// bands or threads. Edges of the frame are extended outward, as a blur on iOS does not
    /// darken at the screen's edge.
    func drawBackdrop(_ f: Frame, _ i: Int, _ effect: BackdropEffect, alpha: CGFloat, shape: CGPath) {
        guard let root = backdropRoot else { return }
        // Far outside the bitmap counts as at its edge (and keeps the arithmetic in Int's range).
        let reach = CGRect(x: -1e5, y: -1e5, width: CGFloat(root.width) + 2e5, height: CGFloat(root.height) + 2e5)
        let device = f.values.bounds[i].applying(ctx.ctm).intersection(reach)
        guard device.isFinite, !device.isNull, !device.isEmpty else { return }
        let scale = ctx.deviceScale
        let sigma = scale.isFinite ? min(Double(effect.blurRadius * scale), 1e5) : 0
        let factor = max(1, min(16, Int(sigma / 3)))
        let ff = CGFloat(factor)
        let low = sigma / Double(factor)
        let margin = Int((3 * low).rounded(.up)) + 2
        // The node's rectangle and the bitmap, in low-resolution pixels.
        // Only whole low-resolution pixels count as inside (a partial one at an edge is partly
        // empty): the edge is repeated from the last whole one.
        let bw = max(1, root.width / factor), bh = max(1, root.height / factor)
        let lo = (x: Int((device.minX / ff).rounded(.down)), y: Int((device.minY / ff).rounded(.down)))
        let hi = (x: Int((device.maxX / ff).rounded(.up)), y: Int((device.maxY / ff).rounded(.up)))
        let x0 = max(lo.x, 0) - margin, y0 = max(lo.y, 0) - margin
        let x1 = min(hi.x, bw) + margin, y1 = min(hi.y, bh) + margin
        guard x0 < x1, y0 < y1, lo.x < bw, lo.y < bh, hi.x > 0, hi.y > 0 else { return }
        guard (x1 - x0) * (y1 - y0) <= Compositor.maximumBackdropPixels else {
            LaminaDiagnostics.report("a backdrop of \(x1 - x0) x \(y1 - y0) pixels is larger than \(Compositor.maximumBackdropPixels): not drawn")
            return
        }
        let key = BackdropKey(slot: Int32(i), x0: x0, y0: y0, x1: x1, y1: y1, factor: factor)
        let made = f.backdrops.value(for: key) {
            makeBackdrop(f, key, root: root, sigma: low, saturation: Double(effect.saturation), bitmap: (bw, bh))
        }
        guard let made else { return }
        // The pixels this band draws: the layer's, in the clip and the row and column windows.
        let node = ctx.pixelBounds(of: f.values.bounds[i]), clip = ctx.clipPixelBounds
        let rows = ctx.rowWindow, columns = ctx.columnWindow
        let px0 = max(node.x0, clip.x0, columns.x0, 0), px1 = min(node.x1, clip.x1, columns.x1, ctx.width)
        let py0 = max(node.y0, clip.y0, rows.y0, 0), py1 = min(node.y1, clip.y1, rows.y1, ctx.height)
        guard px0 < px1, py0 < py1,
              let image = Compositor.upsample(made, columns: px0..<px1, rows: py0..<py1, bitmapHeight: ctx.height) else { return }
        ctx.saveGState()
        ctx.addPath(shape)
        ctx.clip()
        ctx.setAlpha(alpha)
        ctx.drawImage(image, atPixelX: px0, y: py0)
        ctx.restoreGState()
    }

    /// The backdrop at full resolution over raster `columns` × `rows` (rows down from the top of
    /// a bitmap `bitmapHeight` rows high), bilinearly from its low-resolution pixels: each row
    /// blends two low-resolution rows, then each pixel two neighbours of that row, with weights
    /// in 256ths from integer arithmetic (a pixel's value depends on its position only, so
    /// bands and windows give the same bytes).
    static func upsample(_ b: BackdropImage, columns: Range<Int>, rows: Range<Int>, bitmapHeight: Int) -> CGImage? {
        let k = b.key, f = k.factor
        let lw = k.x1 - k.x0, lh = k.y1 - k.y0
        let w = columns.count, h = rows.count
        var words = [UInt32](repeating: 0, count: w * h)
        // A device coordinate c (pixel centre c + ½) in low-resolution pixels from `origin`,
        // less ½: (2c + 1 − f) / 2f. Its floor and its fraction in 256ths.
        func split(_ c: Int, _ origin: Int) -> (Int, UInt32) {
            let n = 2 * (c - origin * f) + 1 - f, d = 2 * f
            let q = n >= 0 ? n / d : -((-n + d - 1) / d)
            return (q, UInt32((n - q * d) * 256 / d))
        }
        // Each column's two neighbours (clamped to the row) and weight, once.
        var js = [Int](repeating: 0, count: 2 * w), ws = [UInt32](repeating: 0, count: w)
        for x in 0..<w {
            let (j, a) = split(columns.lowerBound + x, k.x0)
            js[2 * x] = min(max(j, 0), lw - 1); js[2 * x + 1] = min(max(j + 1, 0), lw - 1); ws[x] = a
        }
        var line = [UInt32](repeating: 0, count: lw)
        words.withUnsafeMutableBufferPointer { out in
        b.pixels.withUnsafeBufferPointer { px in
            js.withUnsafeBufferPointer { js in
                ws.withUnsafeBufferPointer { ws in
                    line.withUnsafeMutableBufferPointer { line in
                        for y in 0..<h {
                            // Device y (up) of the raster row, in low-resolution rows from the
                            // bottom; memory rows count from the top.
                            let (t, a) = split(bitmapHeight - 1 - (rows.lowerBound + y), k.y0)
                            let lower = lh - 1 - min(max(t, 0), lh - 1), upper = lh - 1 - min(max(t + 1, 0), lh - 1)
                            let rowA = px.baseAddress! + lower * lw, rowB = px.baseAddress! + upper * lw
                            for j in 0..<lw { line[j] = PixelLerp.lerp(rowA[j], rowB[j], a) }
                            let o = out.baseAddress! + y * w
                            for x in 0..<w { o[x] = PixelLerp.lerp(line[js[2 * x]], line[js[2 * x + 1]], ws[x]) }
                        }
                    }
                }
            }
        }
        }
        return CGImage(premultipliedRGBAWords: words, width: w, height: h)
    }

    private func makeBackdrop(_ f: Frame, _ key: BackdropKey, root: BackdropRoot, sigma: Double, saturation: Double,
                              bitmap: (w: Int, h: Int)) -> BackdropImage? {
        let w = key.x1 - key.x0, h = key.y1 - key.y0
        let ff = CGFloat(key.factor)
        guard let c = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue),
              let base = c.data?.assumingMemoryBound(to: UInt8.self) else { return nil }
        c.concatenate(root.ctm.concatenating(CGAffineTransform(translationX: -CGFloat(key.x0) * ff, y: -CGFloat(key.y0) * ff))
            .concatenating(CGAffineTransform(scaleX: 1 / ff, y: 1 / ff)))
        var below = drawing(into: c, caches: caches.backdropCaches)
        below.stop = BackdropStop(key.slot)
        below.render(f, f.root, alpha: 1)
        // Memory row r is low-resolution y = y1 - 1 - r (device y up). Outside the frame's
        // bitmap, its edge pixels are repeated.
        let c0 = max(0, -key.x0), c1 = min(w, bitmap.w - key.x0)
        let r0 = max(0, key.y1 - bitmap.h), rowsEnd = min(h, key.y1)
        guard c0 < c1, r0 < rowsEnd else { return nil }
        let stride = w * 4
        for r in r0..<rowsEnd {
            let row = base + r * stride
            for x in 0..<c0 { for k in 0..<4 { row[x * 4 + k] = row[c0 * 4 + k] } }
            for x in c1..<w { for k in 0..<4 { row[x * 4 + k] = row[(c1 - 1) * 4 + k] } }
        }
        for r in 0..<r0 { (base + r * stride).update(from: base + r0 * stride, count: stride) }
        for r in rowsEnd..<h { (base + r * stride).update(from: base + (rowsEnd - 1) * stride, count: stride) }
        if saturation != 1 { Compositor.saturate(base, count: w * h, by: saturation) }
        Compositor.blurChannels(base, width: w, height: h, sigma: sigma)
        let words = UnsafeBufferPointer(start: UnsafeRawPointer(base).assumingMemoryBound(to: UInt32.self), count: w * h)
        return BackdropImage(pixels: Array(words), key: key)
    }

    /// Scales each premultiplied pixel's distance from its luminance (Rec. 709 weights) by
    /// `s`, clamped to its alpha.
    static func saturate(_ p: UnsafeMutablePointer<UInt8>, count: Int, by s: Double) {
        for k in 0..<count {
            let q = p + k * 4
            let a = Double(q[3])
            guard a > 0 else { continue }
            let l = 0.2126 * Double(q[0]) + 0.7152 * Double(q[1]) + 0.0722 * Double(q[2])
            for j in 0..<3 { q[j] = UInt8(min(a, max(0, l + s * (Double(q[j]) - l))).rounded()) }
        }
    }

    /// Blurs each channel of an RGBA bitmap by a Gaussian of `sigma` pixels, keeping colours
    /// within alpha.
    static func blurChannels(_ p: UnsafeMutablePointer<UInt8>, width w: Int, height h: Int, sigma: Double) {
        guard sigma >= 0.5 else { return }
        let n = w * h
        let plane = UnsafeMutablePointer<UInt8>.allocate(capacity: n)
        defer { plane.deallocate() }
        for k in 0..<4 {
            for j in 0..<n { plane[j] = p[j * 4 + k] }
            BoxBlur.blur(plane, width: w, height: h, stride: w, sigma: sigma)
            for j in 0..<n { p[j * 4 + k] = plane[j] }
        }
        for j in 0..<n {
            let a = p[j * 4 + 3]
            for k in 0..<3 where p[j * 4 + k] > a { p[j * 4 + k] = a }
        }
    }
}
