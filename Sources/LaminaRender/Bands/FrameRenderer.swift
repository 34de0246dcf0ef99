@_spi(Lamina) import CoreGraphics
import Foundation

/// Where a frame goes: the part of the root node's coordinate space drawn, the pixels per
/// point, and the bitmap's size.
package struct FrameGeometry: Equatable, Sendable {
    package var area: CGRect
    package var scale: CGFloat
    package var width: Int
    package var height: Int

    /// The geometry for `area` at `scale`, or nil (with a diagnostic naming `who`) when the
    /// bitmap would be empty or too large.
    package init?(area rawArea: CGRect, scale rawScale: CGFloat, who: String) {
        let area = rawArea.standardized
        let s = rawScale.isFinite && rawScale > 0 ? rawScale : 1
        guard area.isFinite, area.width * s < 1e9, area.height * s < 1e9 else {
            LaminaDiagnostics.report("\(who): cannot render \(area) at scale \(s)")
            return nil
        }
        let w = Int((area.width * s).rounded(.up)), h = Int((area.height * s).rounded(.up))
        guard w > 0, h > 0, w.multipliedReportingOverflow(by: h).overflow == false, w * h <= CGContext.maximumPixelCount else {
            LaminaDiagnostics.report("\(who): cannot render \(area) at scale \(s)")
            return nil
        }
        self.area = area; scale = s; width = w; height = h
    }

    /// Sets up a context over the bitmap: the root node's coordinates (y down) to its pixels.
    func prepare(_ ctx: CGContext) {
        ctx.translateBy(x: 0, y: CGFloat(height))
        ctx.scaleBy(x: scale, y: -scale)
        ctx.translateBy(x: -area.minX, y: -area.minY)
    }
}

/// Draws frames into bitmaps. The rows of a bitmap are cut into bands of ``bandHeight`` rows
/// (fixed: they do not depend on the thread count), and the bands are drawn in parallel on up
/// to ``threads`` threads, each by its own context over the same memory. A band's pixels are
/// exactly those a drawing of the whole bitmap would give them (CoreGraphics' row windows), so
/// the bytes are the same for any number of threads. Frames drawn one after another into the
/// same bitmap (``nextFrame(_:geometry:)``) redraw only the pixel rectangle that changed (damage
/// tracking, with row and column windows), with the same result as a full drawing.
package final class FrameRenderer: @unchecked Sendable {
    /// Caches kept from frame to frame (shapes' and gradients' rasterized content).
    package let caches = RenderCaches()
    /// Whether what opaque layers cover is skipped (tests compare frames drawn with and
    /// without: the bytes must be the same).
    package var occlusionCulling = true
    /// How many threads draw a frame's bands (the processors, by default).
    package var threads = WorkerPool.processorCount

    /// Each thread beyond the first draws at least this many pixels: smaller drawings run on
    /// fewer threads, a damaged rectangle of a few thousand pixels on the caller's alone (waking
    /// another thread and waiting for it costs more than such a drawing, tens of microseconds on
    /// a virtual machine, and the caller would sleep in the wait, its caches going cold).
    /// Tests set 0 to spread even small drawings over ``threads`` threads.
    package var minimumPixelsPerThread = 256 * 1024

    /// Trees deeper than this are drawn on the pool's threads only (see ``WorkerPool``).
    package static let deepTree = 64
    /// Rows per band.
    package static let bandHeight = 64

    /// The persistent bitmap of ``nextFrame(_:geometry:alsoRedraw:)``, shared with the last
    /// image handed out (copied before drawing when that image is still held).
    private var bitmap: PixelStorage?
    private var bitmapGeometry: FrameGeometry?
    private var tracker = DamageTracker()
    /// The device-pixel rectangle that changed in the last ``nextFrame(_:geometry:)`` (all of
    /// it the first time; null when nothing changed). Only its pixels were redrawn.
    package private(set) var lastDamage: CGRect = .null

    package init() {}

    /// The memory of the last image ``image(_:geometry:)`` handed out, reused for the next one
    /// when that image has been released (new memory would cost a page fault per 4 KiB).
    private var recycled: PixelStorage?

    /// Draws `frame` into a new bitmap of `geometry`.
    package func image(_ frame: Frame, geometry g: FrameGeometry) -> CGImage? {
        let count = g.width * 4 * g.height
        let storage: PixelStorage
        let reused = recycled != nil && recycled!.count == count && isKnownUniquelyReferenced(&recycled!)
        if reused { storage = recycled! } else { storage = PixelStorage(count: count) }
        recycled = storage
        // Fresh memory is zeroed; reused memory is cleared band by band as it is drawn.
        drawBands(frame, into: storage, geometry: g, rows: 0..<g.height, columns: 0..<g.width, clear: reused)
        return CGImage(sharing: storage, width: g.width, height: g.height, bytesPerRow: g.width * 4)
    }

    /// Draws `frame` into the persistent bitmap, redrawing only the pixels that changed since the
    /// previous frame (the whole bitmap for the first frame or a new geometry).
    package func nextFrame(_ frame: Frame, geometry g: FrameGeometry, alsoRedraw extra: CGRect = .null) -> CGImage? {
        var first = false
        if bitmap == nil || bitmapGeometry != g {
            bitmap = PixelStorage(count: g.width * 4 * g.height)
            bitmapGeometry = g
            tracker = DamageTracker()
            first = true
        }
        func image() -> CGImage? { bitmap.flatMap { CGImage(sharing: $0, width: g.width, height: g.height, bytesPerRow: g.width * 4) } }
        let toPixels = CGAffineTransform(translationX: -g.area.minX, y: -g.area.minY).concatenating(CGAffineTransform(scaleX: g.scale, y: g.scale))
        let full = CGRect(x: 0, y: 0, width: g.width, height: g.height)
        var damage = (tracker.damage(frame, toDevice: toPixels, firstFrame: first) ?? full).union(extra).intersection(full)
        if damage.isNull || damage.isEmpty {
            lastDamage = .null
            return image()
        }
        damage = CGRect(x: damage.minX.rounded(.down), y: damage.minY.rounded(.down),
                        width: damage.maxX.rounded(.up) - damage.minX.rounded(.down),
                        height: damage.maxY.rounded(.up) - damage.minY.rounded(.down)).intersection(full)
        lastDamage = damage
        // The last image handed out shares the bitmap: keep its pixels if it is still held.
        if !isKnownUniquelyReferenced(&bitmap!) { bitmap = bitmap!.copy() }
        drawBands(frame, into: bitmap!, geometry: g, rows: Int(damage.minY)..<Int(damage.maxY),
                  columns: Int(damage.minX)..<Int(damage.maxX), clear: true)
        return image()
    }

    /// The device-pixel rectangle ``nextFrame(_:geometry:alsoRedraw:)`` would find changed for
    /// `frame` (the whole bitmap before the first frame), without drawing or remembering it.
    package func peekDamage(_ frame: Frame, geometry g: FrameGeometry) -> CGRect {
        let full = CGRect(x: 0, y: 0, width: g.width, height: g.height)
        guard bitmap != nil, bitmapGeometry == g else { return full }
        var copy = tracker
        let toPixels = CGAffineTransform(translationX: -g.area.minX, y: -g.area.minY).concatenating(CGAffineTransform(scaleX: g.scale, y: g.scale))
        return (copy.damage(frame, toDevice: toPixels, firstFrame: false) ?? full).intersection(full)
    }

    /// Draws `frame` into `ctx` through its current transform, in the root node's coordinates
    /// (`render(in:)`): one drawing, on this thread.
    ///
    /// `asRenderInContext` draws as iOS's `CALayer.render(in:)` does, where it differs from the
    /// screen (iOS snapshot references recorded with it are the evidence):
    /// - a translucent layer is not composited as a group, whatever its `allowsGroupOpacity`:
    ///   its background, contents, sublayers, border and shadow each fade on their own (a view at
    ///   alpha 0.5 with a shadow under opaque content reads alpha 0.625 there, not 0.5);
    /// - the non-separable blend modes named by `compositingFilter` (hue, saturation, color,
    ///   luminosity) are drawn normally.
    /// Masks, shadows and the other compositing filters draw as on screen.
    package func draw(_ frame: Frame, in ctx: CGContext, asRenderInContext: Bool = false) {
        guard frame.tree.isLive(frame.root) else { return }
        var compositor = Compositor(ctx: ctx, caches: caches)
        compositor.asRenderInContext = asRenderInContext
        if ctx.data != nil { compositor.backdropRoot = BackdropRoot(ctm: ctx.ctm, width: ctx.width, height: ctx.height) }
        compositor.render(frame, frame.root, alpha: 1)
    }

    /// Draws the rectangle `rows` × `columns` of the bitmap, band by band on the pool (clearing
    /// it first when `clear`); pixels outside it are not touched.
    private func drawBands(_ frame: Frame, into storage: PixelStorage, geometry g: FrameGeometry,
                           rows: Range<Int>, columns: Range<Int>, clear: Bool) {
        guard frame.tree.isLive(frame.root), !rows.isEmpty, !columns.isEmpty else { return }
        let base = storage.bytes
        let h = FrameRenderer.bandHeight
        let first = rows.lowerBound / h, last = (rows.upperBound - 1) / h
        let caches = self.caches
        // Occlusion pays for its walk over the tree only when much of the bitmap is drawn (a
        // small damaged rectangle rarely lies under an opaque layer drawn above it).
        let pixels = rows.count * columns.count
        let occlusionCulling = self.occlusionCulling && pixels * 4 >= g.width * g.height
        let threads = minimumPixelsPerThread > 0 ? max(1, min(self.threads, pixels / minimumPixelsPerThread)) : self.threads
        // A deep tree is drawn by recursion a few frames per level: on the pool's threads, whose
        // stacks are large, not on the caller's (a task's thread may have a small one).
        let deep = frame.extents.depth > FrameRenderer.deepTree
        WorkerPool.shared.run(last - first + 1, threads: threads, offCaller: deep) { k in
            let band = first + k
            let y0 = max(rows.lowerBound, band * h), y1 = min(rows.upperBound, band * h + h)
            guard y0 < y1, let c = CGContext(data: base, width: g.width, height: g.height, bitsPerComponent: 8,
                                             bytesPerRow: g.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return }
            c.setRowWindow(y0, y1)
            if columns.count < g.width { c.setColumnWindow(columns.lowerBound, columns.upperBound) }
            g.prepare(c)
            var compositor = Compositor(ctx: c, caches: caches)
            compositor.backdropRoot = BackdropRoot(ctm: c.ctm, width: g.width, height: g.height)
            if occlusionCulling {
                let toDevice = c.userToPixels
                compositor.occlusion = frame.occlusions.value(for: OcclusionKey(toDevice)) { Occlusion.of(frame, toDevice: toDevice) }
            }
            // A band wholly under one opaque layer is overwritten by it: no clearing first.
            if clear && compositor.occlusion?.covers(x0: columns.lowerBound, y0: y0, x1: columns.upperBound, y1: y1) != true {
                for y in y0..<y1 {
                    memset(base + (y * g.width + columns.lowerBound) * 4, 0, columns.count * 4)
                }
            }
            compositor.render(frame, frame.root, alpha: 1)
        }
    }
}
