import Foundation

/// A layer that draws its content in tiles, on demand (Core Animation's `CATiledLayer`).
///
/// `draw(in:)` (or the delegate's `draw(_:in:)`) is called once per tile, the context clipped
/// to the tile (`ctx.boundingBoxOfClipPath` is the tile's rectangle in the layer's
/// coordinates), and only for tiles that are visible: inside the bounds of every ancestor that
/// masks to its bounds and of the root layer. Tiles that scroll into view are drawn at the next
/// commit. `tileSize` is in pixels of the level of detail drawn; with `levelsOfDetail` and
/// `levelsOfDetailBias`, a layer shown magnified (by its ancestors' and its own transforms) is
/// drawn at up to 2^bias times its `contentsScale`, and one shown reduced at down to
/// 2^−(levels − 1 − bias) times.
///
/// Differences: tiles are drawn one after another on the committing thread (Core Animation
/// draws them on background threads; Lamina's frames must be deterministic) and appear at once
/// (no `fadeDuration` fade); the tiles make up one backing store, so a tiled layer is bound by
/// `CALayer.maximumBackingStorePixels` like any other.
open class CATiledLayer: CALayer {
    override class var kvcAccessors: KVCAccessors { ownKVCAccessors }

    enum Slot: Int, CaseIterable {
        case tileSize, levelsOfDetail, levelsOfDetailBias
        var slot: Int { LayerSlot.allCases.count + rawValue }
    }

    enum TP {
        static let tileSize = CAProperty<CGSize>(Slot.tileSize.slot, "tileSize", CGSize(width: 256, height: 256), effects: [.display])
        static let levelsOfDetail = CAProperty<Int>(Slot.levelsOfDetail.slot, "levelsOfDetail", 1, effects: [.display])
        static let levelsOfDetailBias = CAProperty<Int>(Slot.levelsOfDetailBias.slot, "levelsOfDetailBias", 0, effects: [.display])
        static let all: [CAPropertyDescriptor] = [tileSize, levelsOfDetail, levelsOfDetailBias]
    }
    static let descriptors = CALayer.layerDescriptors + TP.all
    override class var builtInPropertyDescriptors: [CAPropertyDescriptor] { CATiledLayer.descriptors }
    override class var builtInSlotCount: Int { LayerSlot.allCases.count + Slot.allCases.count }

    /// How long newly drawn tiles take to fade in on Apple platforms (0.25 s). Lamina shows them
    /// at once.
    open class func fadeDuration() -> CFTimeInterval { 0.25 }

    /// The size of a tile in pixels (256 x 256 by default).
    open var tileSize: CGSize { get { self[TP.tileSize] } set { self[TP.tileSize] = newValue } }
    /// How many levels of detail the layer may be drawn at (1 by default).
    open var levelsOfDetail: Int { get { self[TP.levelsOfDetail] } set { self[TP.levelsOfDetail] = newValue } }
    /// How many of the levels are for magnification (0 by default).
    open var levelsOfDetailBias: Int { get { self[TP.levelsOfDetailBias] } set { self[TP.levelsOfDetailBias] = newValue } }

    /// The tiles drawn since the layer was last drawn whole, by their (column, row) at `level`.
    private var drawnTiles = Set<TileIndex>()
    private var drawnLevel = 0
    struct TileIndex: Hashable { var column: Int, row: Int }

    /// The level of detail for how large the layer is shown: log2 of its scale on screen,
    /// rounded up, within the levels the layer allows.
    var levelOfDetail: Int {
        var scale: CGFloat = 1
        var l: CALayer? = self
        while let c = l {
            let t = CATransform3DGetAffineTransform(c.transform)
            scale *= (abs(t.a * t.d - t.b * t.c)).squareRoot()
            l = c._superlayer
        }
        let levels = max(1, levelsOfDetail), bias = min(max(0, levelsOfDetailBias), levels - 1)
        guard scale.isFinite, scale > 0 else { return 0 }
        let wanted = Int(log2(Double(scale)).rounded(.up))
        return min(bias, max(-(levels - 1 - bias), wanted))
    }

    override var displayScale: CGFloat {
        let s = contentsScale * CGFloat(pow(2.0, Double(levelOfDetail)))
        return s.isFinite && s > 0 ? s : contentsScale
    }

    /// The part of the layer inside the bounds of its masking ancestors and of its root, in its
    /// own coordinates.
    var visibleBounds: CGRect {
        var visible = bounds
        var l = _superlayer
        while let c = l {
            if c.masksToBounds || c._superlayer == nil {
                visible = visible.intersection(convert(c.bounds, from: c))
                if visible.isNull { return .null }
            }
            l = c._superlayer
        }
        return visible
    }

    /// The tile rectangles (in the layer's coordinates) of the tiles meeting `rect`.
    func tiles(in rect: CGRect) -> [(TileIndex, CGRect)] {
        let b = bounds
        let scale = displayScale
        let ts = tileSize
        let tw = (ts.width.isFinite && ts.width >= 16 ? min(ts.width, 16_384) : 256) / scale
        let th = (ts.height.isFinite && ts.height >= 16 ? min(ts.height, 16_384) : 256) / scale
        let r = rect.intersection(b)
        guard !r.isNull, !r.isEmpty, tw > 0, th > 0 else { return [] }
        let c0 = Int(((r.minX - b.minX) / tw).rounded(.down)), c1 = Int(((r.maxX - b.minX) / tw).rounded(.up))
        let r0 = Int(((r.minY - b.minY) / th).rounded(.down)), r1 = Int(((r.maxY - b.minY) / th).rounded(.up))
        guard c1 > c0, r1 > r0, (c1 - c0) * (r1 - r0) <= 1 << 20 else { return [] }
        var out: [(TileIndex, CGRect)] = []
        for row in r0..<r1 {
            for column in c0..<c1 {
                let t = CGRect(x: b.minX + CGFloat(column) * tw, y: b.minY + CGFloat(row) * th, width: tw, height: th).intersection(b)
                out.append((TileIndex(column: column, row: row), t))
            }
        }
        return out
    }

    /// Draws each visible tile that meets the region being drawn, the context clipped to it.
    override func drawContents(in ctx: CGContext) {
        register()
        let level = levelOfDetail
        if level != drawnLevel { drawnTiles.removeAll(); drawnLevel = level }
        let region = ctx.boundingBoxOfClipPath
        let visible = visibleBounds
        guard !visible.isNull else { return }
        for (index, rect) in tiles(in: region) where rect.intersects(visible) {
            ctx.saveGState()
            ctx.clip(to: rect)
            draw(in: ctx)
            ctx.restoreGState()
            drawnTiles.insert(index)
        }
    }

    /// At a commit: the visible tiles not drawn yet are marked for drawing (scrolling reveals
    /// them), and a new level of detail redraws the layer.
    func revealVisibleTiles() {
        if levelOfDetail != drawnLevel { setNeedsDisplay(); return }
        let visible = visibleBounds
        guard !visible.isNull, !visible.isEmpty else { return }
        var missing = CGRect.null
        for (index, rect) in tiles(in: visible) where !drawnTiles.contains(index) { missing = missing.union(rect) }
        if !missing.isNull { setNeedsDisplay(missing) }
    }

    /// A whole redraw starts the set of drawn tiles again.
    override func willDisplayWhole() { drawnTiles.removeAll() }

    /// Tiled layers alive, checked at each commit for tiles that came into view.
    nonisolated(unsafe) static var live: [ObjectIdentifier: WeakTiledLayer] = [:]
    static let liveLock = NSLock()
    struct WeakTiledLayer { weak var layer: CATiledLayer? }

    /// Marks, in every tiled layer under `roots`, the visible tiles not drawn yet.
    static func revealTiles(under roots: [CALayer]) {
        liveLock.lock()
        live = live.filter { $0.value.layer != nil }
        let layers = live.values.compactMap(\.layer)
        liveLock.unlock()
        guard !layers.isEmpty else { return }
        let rootIDs = Set(roots.map(ObjectIdentifier.init))
        for layer in layers {
            var top: CALayer = layer
            while let p = top._superlayer { top = p }
            if rootIDs.contains(ObjectIdentifier(top)) { layer.revealVisibleTiles() }
        }
    }

    /// Registers the layer for `revealTiles(under:)` when it first draws.
    func register() {
        CATiledLayer.liveLock.lock()
        CATiledLayer.live[ObjectIdentifier(self)] = WeakTiledLayer(layer: self)
        CATiledLayer.liveLock.unlock()
    }
}

extension CATiledLayer {
    /// KVC goes through these accessors for user subclasses (see OverridableAccessors.swift).
    static let ownKVCAccessors = CALayer.baseKVCAccessors.adding([
        .init("tileSize", \CATiledLayer.tileSize),
        .init("levelsOfDetail", \CATiledLayer.levelsOfDetail),
        .init("levelsOfDetailBias", \CATiledLayer.levelsOfDetailBias),
    ])
}
