@_spi(Lamina) import CoreGraphics

extension CALayer {
    /// The largest backing store a layer allocates, in pixels (`CGContext.maximumPixelCount`);
    /// larger ones are refused with a diagnostic and the layer keeps no drawn content.
    public static var maximumBackingStorePixels: Int { CGContext.maximumPixelCount }

    func markNeedsDisplay(_ r: CGRect) {
        let rect = r.standardized
        guard rect.isNull || rect.isFinite else {
            LaminaDiagnostics.report("\(diagnosticName).setNeedsDisplay(_:): ignored non-finite rectangle \(r)")
            return
        }
        flags.insert(.needsDisplay)
        invalidRect = invalidRect.union(rect)
        var l = _superlayer
        while let p = l, !p.flags.contains(.descendantNeedsDisplay) {
            p.flags.insert(.descendantNeedsDisplay)
            l = p._superlayer
        }
    }

    /// Tells `display()` that this pass drew nothing, so no backing store is kept (SPI for
    /// UIKit: views that do not draw get no contents).
    @_spi(Lamina) public func discardDrawnContents() { flags.insert(.drewNothing) }

    /// Displays nothing without drawing: no backing store is made (or kept), and `contents`
    /// someone else set (an image view's image) stay (SPI for UIKit: from its delegate's
    /// `display(_:)`, for a view whose class never draws).
    @_spi(Lamina) public func displayWithoutBackingStore() {
        invalidRect = .null
        flags.remove(.needsDisplay)
        dropBackingStore()
    }

    /// Frees the backing store and takes away the `contents` it last drew.
    private func dropBackingStore() {
        backingStore = nil
        backingStorage = nil
        if let drawn = lastDrawnContents, let current = contents as? CGImage, drawn === current { setDrawnContents(nil) }
        lastDrawnContents = nil
    }

    /// Sets the drawn `contents` without an action: redrawing never cross-fades.
    func setDrawnContents(_ image: CGImage?) {
        let had = flags.contains(.suppressActions)
        flags.insert(.suppressActions)
        contents = image
        if !had { flags.remove(.suppressActions) }
    }

    /// Fills the clip region of an opaque backing store: black, then `backgroundColor` painted
    /// over it. An opaque backing store has no alpha channel (the `isOpaque` documentation:
    /// Core Animation omits it), so a half-transparent background shows over black and what
    /// is drawn afterwards stays opaque (SPI for UIKit's opaque views).
    @_spi(Lamina) public func fillOpaqueBackingStore(_ ctx: CGContext, backgroundColor: CGColor?) {
        let all = ctx.boundingBoxOfClipPath
        ctx.saveGState()
        ctx.setBlendMode(.copy)
        // An opaque colour is what black with it laid over gives: one fill.
        let opaque = backgroundColor.flatMap { $0.alpha >= 1 ? $0 : nil }
        ctx.setFillColor(opaque ?? CGColor(gray: 0, alpha: 1))
        ctx.fill(all)
        if opaque == nil, let bg = backgroundColor, bg.alpha > 0 {
            ctx.setBlendMode(.normal)
            ctx.setFillColor(bg)
            ctx.fill(all)
        }
        ctx.restoreGState()
    }

    func defaultDisplayIfNeeded() {
        guard flags.contains(.needsDisplay) else { return }
        display()
        flags.remove(.needsDisplay)
        invalidRect = .null
    }

    /// Displays every layer of this subtree that needs it, parents first (the commit's display
    /// phase). A mask layer is displayed with the layer it masks.
    public func displaySubtreeIfNeeded() {
        displayIfNeeded()
        guard flags.contains(.descendantNeedsDisplay) else { return }
        flags.remove(.descendantNeedsDisplay)
        TreeDepth.descend("displayed", fallback: ()) {
            _mask?.displaySubtreeIfNeeded()
            for sub in _sublayers { sub.displaySubtreeIfNeeded() }
        }
    }

    func defaultDisplay() {
        let dirty = invalidRect
        invalidRect = .null
        flags.remove(.needsDisplay)
        if let d = _delegate, callImplemented({ d.display(self) }) { return }
        if let d = _delegate { _ = callImplemented { d.layerWillDraw(self) } }

        let b = bounds, scale = displayScale
        guard b.width > 0, b.height > 0, scale > 0 else {
            backingStore = nil
            backingStorage = nil
            setDrawnContents(nil)
            return
        }
        let pw = (b.width * scale).rounded(.up), ph = (b.height * scale).rounded(.up)
        guard pw.isFinite, ph.isFinite, pw * ph <= CGFloat(CALayer.maximumBackingStorePixels) else {
            LaminaDiagnostics.report("\(diagnosticName).display(): a \(String(format: "%.0f", Double(pw)))x\(String(format: "%.0f", Double(ph))) backing store exceeds the \(CALayer.maximumBackingStorePixels)-pixel limit; nothing drawn")
            backingStore = nil
            backingStorage = nil
            setDrawnContents(nil)
            return
        }
        let w = Int(pw), h = Int(ph)
        // A whole redraw draws into new, zeroed memory that the image then shares (nothing
        // cleared, nothing copied); a redraw of an invalidated region draws over the last
        // drawing's pixels, copied first while an image still shows them.
        let reused = backingStore != nil && backingStorage != nil && backingStore!.width == w && backingStore!.height == h
            && !dirty.isNull && !dirty.contains(b)
        if !reused || !isKnownUniquelyReferenced(&backingStorage!) {
            // An opaque layer's new store is filled whole with its colour (every pixel, when
            // its bounds are whole pixels): it needs no clearing first.
            let filledWhole = isOpaque && pw == b.width * scale && ph == b.height * scale
            let storage = reused ? backingStorage!.copy()
                : filledWhole ? PixelStorage(uninitializedCount: w * 4 * h) : PixelStorage(count: w * 4 * h)
            backingStore = CGContext(data: storage.bytes, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                     space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
            backingStorage = storage
        }
        guard let ctx = backingStore, let storage = backingStorage else { backingStorage = nil; setDrawnContents(nil); return }
        ctx.resetGState()
        // User space is the layer's bounds coordinates, scaled to pixels. Lamina follows iOS,
        // where a layer's geometry is y-down, so the context is flipped to put bounds.minY at the
        // top row and contentsAreFlipped() says so; under an odd number of geometry-flipped
        // layers it is not (spec §3).
        if contentsAreFlipped() {
            ctx.translateBy(x: 0, y: CGFloat(h))
            ctx.scaleBy(x: scale, y: -scale)
        } else {
            ctx.scaleBy(x: scale, y: scale)
        }
        ctx.translateBy(x: -b.minX, y: -b.minY)
        let region = reused ? dirty.intersection(b) : b
        ctx.clip(to: region)
        // New memory starts cleared; the invalidated region of a reused one is cleared.
        if reused { ctx.clear(region) }
        if isOpaque { fillOpaqueBackingStore(ctx, backgroundColor: backgroundColor) }
        flags.remove(.drewNothing)
        if region == b { willDisplayWhole() }
        drawContents(in: ctx)
        ctx.resetGState()
        if flags.contains(.drewNothing) {
            // The delegate drew nothing (a view that does not draw): no backing store, and
            // contents someone else set (an image view's image) stay.
            flags.remove(.drewNothing)
            dropBackingStore()
            return
        }
        let image = CGImage(sharing: storage, width: w, height: h, bytesPerRow: w * 4)
        lastDrawnContents = image
        setDrawnContents(image)
    }
}
