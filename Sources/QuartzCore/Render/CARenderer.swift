@_spi(Lamina) import CoreGraphics
import Foundation
import LaminaRender

/// Renders a layer tree into bitmaps, in the spirit of macOS's `CARenderer`: the root layer's
/// bounds, at a scale, y-down like iOS, on a transparent background.
///
/// ```swift
/// let renderer = CARenderer(layer: root, scale: 3)
/// let image = renderer.image()                  // a CGImage of bounds × 3 pixels
/// try renderer.writePNG(to: URL(fileURLWithPath: "frame.png"))
/// ```
///
/// It draws from the render tree, the renderer's own copy of the committed layer trees: never
/// from the layers themselves, so layers may change on their own threads while a frame renders
/// (see ARCHITECTURE.md). A frame shows the tree as committed with its animations evaluated at
/// the frame's media time; its rows are drawn in bands on ``threads`` threads, with the same
/// bytes for any number of them.
///
/// Two ways to use it:
/// - On the thread that owns the layers: ``image(atTime:)``, ``nextFrame(atTime:)`` and
///   ``render(in:atTime:)`` commit pending changes first (`CATransaction.flush()`), lay out and
///   display the tree, and redraw, for that frame, layers whose `needsDisplay(forKey:)`
///   properties are animating (their `draw(in:)` runs on a presentation copy, on this thread).
///   Animations added with `beginTime` 0 begin at the commit: use a manual ``MediaClock`` (or
///   ``FrameDriver``) for repeatable frames.
/// - On any thread, Apple's frame API: ``beginFrame(atTime:timeStamp:)``, ``updateBounds()``,
///   ``addUpdate(_:)``, ``render()``, ``endFrame()`` and ``nextFrameTime()`` draw what has been
///   committed into the renderer's bitmap (``renderedImage``) and touch no layer.
public final class CARenderer {
    /// The root of the tree to render.
    public var layer: CALayer?
    /// The part of the root layer's coordinate space to render; nil means its bounds.
    public var bounds: CGRect?
    /// Pixels per point.
    public var scale: CGFloat
    /// How many threads draw a frame's bands (the processors, by default; at least 1). The
    /// bytes drawn are the same for any number.
    public var threads: Int {
        get { frames.threads }
        set { frames.threads = max(1, newValue) }
    }

    let frames = FrameRenderer()

    /// The most memory, in bytes, the renderer keeps for layers' rasterized own content (shape
    /// and gradient layers drawn at the scale they are shown, reused while they only move by
    /// whole pixels or fade): 64 MiB by default. Beyond it the least recently drawn are evicted;
    /// content larger than the limit is drawn directly on every frame. 0 keeps nothing. (Lamina
    /// API: Apple's render server manages its caches itself.)
    public var contentCacheByteLimit: Int = RenderCaches.defaultOwnContentBytes {
        didSet { applyCacheLimits() }
    }

    /// The most memory, in bytes, the renderer keeps for layers' blurred shadows (one byte per
    /// pixel the shadow covers, reused while the layer and its sublayers draw the same alpha and
    /// it only moves by whole pixels, fades or changes its shadow colour): 32 MiB by default.
    /// Beyond it the least recently drawn are evicted; a shadow larger than the limit is
    /// blurred again on every frame (with one diagnostic). 0 keeps nothing. (Lamina API.)
    public var shadowCacheByteLimit: Int = RenderCaches.defaultShadowBytes {
        didSet { applyCacheLimits() }
    }

    private func applyCacheLimits() {
        frames.caches.setByteLimits(ownContent: max(0, contentCacheByteLimit), shadows: max(0, shadowCacheByteLimit))
    }

    /// A renderer for `layer` at `scale` pixels per point.
    public init(layer: CALayer, scale: CGFloat = 1) {
        self.layer = layer
        self.scale = scale
    }

    // MARK: Frames on the model's thread

    /// The rendered tree at absolute media time `time` (now when nil), or nil (with a
    /// diagnostic) when there is nothing to render or the bitmap would be empty or too large.
    public func image(atTime time: CFTimeInterval? = nil) -> CGImage? {
        guard let layer, let g = geometry(of: layer) else { return nil }
        let time = time ?? CACurrentMediaTime()
        guard let frame = CARenderer.prepareFrame(of: layer, at: time) else { return nil }
        return frames.image(frame, geometry: g)
    }

    /// Draws the tree as it appears at `time` (its animations applied) into `ctx` through the
    /// context's current transform, in the layer's own coordinates, as `CALayer.render(in:)`
    /// does for model values (Lamina API).
    public func render(in ctx: CGContext, atTime time: CFTimeInterval? = nil) {
        render(in: ctx, atTime: time, asRenderInContext: false)
    }

    /// Draws the tree as ``render(in:atTime:)`` does; with `asRenderInContext`, as
    /// `CALayer.render(in:)` draws on iOS (translucent layers not composited as groups,
    /// non-separable compositing filters ignored: see `CALayer.render(in:)`).
    @_spi(Lamina) public func render(in ctx: CGContext, atTime time: CFTimeInterval?, asRenderInContext: Bool) {
        guard let layer else { return }
        guard let frame = CARenderer.prepareFrame(of: layer, at: time ?? CACurrentMediaTime()) else { return }
        frames.draw(frame, in: ctx, asRenderInContext: asRenderInContext)
    }

    /// The device-pixel rectangle that changed in the last frame drawn by ``nextFrame(atTime:)``
    /// or ``render()`` (all of it the first time; null when nothing changed). The rows it spans
    /// were redrawn.
    public var lastDamage: CGRect { frames.lastDamage }

    /// Renders the next frame into the renderer's bitmap, redrawing only the rows that changed
    /// since the previous frame (damage tracking): layers whose properties, contents or
    /// subtree changed, added or removed layers, and the shadows they touch. The result equals
    /// a full render, byte for byte.
    public func nextFrame(atTime time: CFTimeInterval? = nil) -> CGImage? {
        guard let layer, let g = geometry(of: layer) else { return nil }
        guard let frame = CARenderer.prepareFrame(of: layer, at: time ?? CACurrentMediaTime()) else { return nil }
        return frames.nextFrame(frame, geometry: g)
    }

    /// Runs `body` with the tree as it appears at media time `time` (after committing pending
    /// changes): presentation copies of its layers, made by the same evaluation the renderer
    /// uses (Lamina API, for inspecting what a frame shows).
    public func withPresentationTree<R>(atTime time: CFTimeInterval? = nil, _ body: (CALayer) throws -> R) rethrows -> R? {
        guard let layer else { return nil }
        CARenderer.commit(layer)
        let t = time ?? CACurrentMediaTime()
        let parentTime = layer._superlayer.map { $0.convertTime(t, from: nil) } ?? t
        return try body(PresentationBuilder().copy(layer, parentTime: parentTime))
    }

    /// Renders the tree and writes it as a PNG.
    public func writePNG(to url: URL, atTime time: CFTimeInterval? = nil) throws {
        guard let image = image(atTime: time) else { throw CGImageCodecError.unsupportedLayout("nothing to render") }
        try image.pngData().write(to: url)
    }

    // MARK: Apple's frame API (any thread)

    private var current: (frame: Frame, geometry: FrameGeometry)?
    private var updates = CGRect.null

    /// Begins a frame at absolute media time `t`: takes the committed tree (as
    /// `CATransaction.commit()` last left it) and evaluates its animations at `t`. Layers are
    /// not touched, so this may run on a render thread while the model changes elsewhere.
    /// `timeStamp` is accepted for source compatibility and ignored.
    public func beginFrame(atTime t: CFTimeInterval, timeStamp: UnsafeMutableRawPointer? = nil) {
        updates = .null
        current = nil
        guard let slot = layer?.renderSlot, slot >= 0 else { return }
        var tree = RenderStore.shared.snapshot()
        defer { RenderStore.shared.letGo(&tree, emptying: RenderTree()) }
        guard tree.isLive(slot) else { return }
        // The committed bounds, not the layer's: its thread may be changing them.
        guard let g = FrameGeometry(area: bounds ?? tree.columns.bounds[Int(slot)], scale: scale, who: "CARenderer") else { return }
        current = (FrameEvaluator.frame(tree, root: slot, time: t), g)
    }

    /// The part of the layer's coordinate space (``bounds``) that changed since the last frame
    /// rendered, as Apple's `updateBounds()`: what ``render()`` will redraw.
    public func updateBounds() -> CGRect {
        guard let (frame, g) = current else { return .null }
        let damage = frames.peekDamage(frame, geometry: g)
        guard !damage.isNull else { return .null }
        return CGRect(x: g.area.minX + damage.minX / g.scale, y: g.area.minY + damage.minY / g.scale,
                      width: damage.width / g.scale, height: damage.height / g.scale)
    }

    /// Adds `r` (layer coordinates) to the region ``render()`` redraws.
    public func addUpdate(_ r: CGRect) {
        guard r.isFinite || r.isNull else { return }
        updates = updates.union(r)
    }

    /// Draws the frame begun by ``beginFrame(atTime:timeStamp:)`` into the renderer's bitmap:
    /// the rows that changed and those added with ``addUpdate(_:)``.
    public func render() {
        guard let (frame, g) = current else { return }
        var extra = CGRect.null
        if !updates.isNull {
            extra = CGRect(x: (updates.minX - g.area.minX) * g.scale, y: (updates.minY - g.area.minY) * g.scale,
                           width: updates.width * g.scale, height: updates.height * g.scale)
        }
        renderedImage = frames.nextFrame(frame, geometry: g, alsoRedraw: extra)
    }

    /// Ends the frame.
    public func endFrame() {
        current = nil
        updates = .null
    }

    /// The media time at which the tree next changes by itself: now while an animation runs or
    /// is waiting to begin (as Apple's, conservatively), infinity when nothing will change
    /// without a new commit. Reads the committed tree only.
    public func nextFrameTime() -> CFTimeInterval {
        guard let slot = layer?.renderSlot, slot >= 0 else { return .infinity }
        var tree = RenderStore.shared.snapshot()
        defer { RenderStore.shared.letGo(&tree, emptying: RenderTree()) }
        guard tree.isLive(slot) else { return .infinity }
        let t = current?.frame.time ?? CACurrentMediaTime()
        return RenderTreeQueries.nextChange(tree, root: slot, after: t)
    }

    /// The bitmap the frame API last drew (Lamina API; Apple's renders into a texture).
    public private(set) var renderedImage: CGImage?

    // MARK: Internals

    /// How many times this renderer rasterized `layer`'s own content (shape, gradient) into its
    /// cache (tests).
    func ownContentBuilds(of layer: CALayer) -> Int {
        layer.renderSlot < 0 ? 0 : frames.caches.ownContentBuilds(layer.renderSlot)
    }

    /// How many times this renderer blurred the shadow `layer` casts into its cache (tests).
    func shadowBuilds(of layer: CALayer) -> Int {
        layer.renderSlot < 0 ? 0 : frames.caches.shadowBuilds(layer.renderSlot)
    }

    /// Whether the renderer keeps content and shadows from frame to frame (tests turn it off:
    /// the pixels must not change).
    package var cachesEnabled: Bool {
        get { frames.caches.isEnabled }
        set { frames.caches.isEnabled = newValue }
    }

    /// Whether what opaque layers cover is skipped (tests turn it off: the pixels must not
    /// change).
    package var occlusionCulling: Bool {
        get { frames.occlusionCulling }
        set { frames.occlusionCulling = newValue }
    }

    /// The caches' counts since the renderer was made: own content, then shadows.
    package var cacheStatistics: (content: CacheStatistics, shadows: CacheStatistics) {
        (frames.caches.ownContentStatistics, frames.caches.shadowStatistics)
    }

    /// The area rendered and the bitmap's size, or nil (with a diagnostic).
    private func geometry(of layer: CALayer) -> FrameGeometry? {
        FrameGeometry(area: bounds ?? layer.bounds, scale: scale, who: "CARenderer")
    }

    /// Commits pending changes and lays out and displays the tree (what changes that makes is
    /// committed too).
    static func commit(_ layer: CALayer) {
        CATransaction.flush()
        layer.layoutIfNeeded()
        layer.layoutSubtreeIfNeeded()
        layer.displaySubtreeIfNeeded()
        CATransaction.flush()
    }

    /// The frame of the tree under `layer` at media time `time`, on the model's thread: commits
    /// first, then redraws the layers whose `needsDisplay(forKey:)` properties animate.
    static func prepareFrame(of layer: CALayer, at time: CFTimeInterval) -> Frame? {
        commit(layer)
        if layer.renderSlot < 0 {
            // Never committed (changes held by an open explicit transaction): its model values.
            let (tree, root) = CommitEncoder.privateTree(of: layer)
            return Frame(still: tree, root: root, time: time)
        }
        let redrawn = AnimatedDisplay.redraw(under: layer, at: time)
        return FrameEvaluator.frame(RenderStore.shared.snapshot(), root: layer.renderSlot, time: time, redrawn: redrawn)
    }
}
