@_spi(Lamina) import CoreGraphics

extension Compositor {
    /// A transform layer: its sublayers (through nested transform layers) keep 3D; they are
    /// drawn back to front, each flattened into this plane, and planes that cross are split
    /// along their intersection (``PlaneSorter``). `base` maps the transform layer's space into
    /// this plane (its transformToSuperlayer when a parent draws it; identity when it is the
    /// node being rendered). [When a plane reaches behind the eye (w ≤ 0 at a corner) no
    /// projective order exists: the layers are then sorted by the depth of their centres.]
    func renderDepthSorted(_ f: Frame, _ slot: Int32, base: CATransform3D = CATransform3DIdentity, alpha: CGFloat, depth: Int) {
        var items: [(slot: Int32, matrix: CATransform3D)] = []
        func collect(_ l: Int32, _ m: CATransform3D, _ level: Int) {
            guard level < RenderTree.depthLimit else {
                LaminaDiagnostics.report("a layer tree deeper than \(RenderTree.depthLimit) levels: the deeper layers are not drawn")
                return
            }
            for sub in f.tree.children[Int(l)] where !f.values.flags[Int(sub)].contains(.hidden) {
                let mm = CATransform3DConcat(f.transformToSuperlayer(sub), m)
                if f.isTransformLayer(Int(sub)) {
                    collect(sub, mm, level + 1)
                } else if f.values.flags[Int(sub)].contains(.doubleSided) || !Compositor.facesAway(Homography(mm), f.values.bounds[Int(sub)]) {
                    items.append((sub, mm))
                }
            }
        }
        collect(slot, base, depth)
        // Each layer's bounds as a polygon in projective space.
        var polygons: [[SIMD3<Double>]] = []
        var projectable = true
        for item in items {
            let b = f.values.bounds[Int(item.slot)]
            var poly: [SIMD3<Double>] = []
            for (x, y) in [(b.minX, b.minY), (b.maxX, b.minY), (b.maxX, b.maxY), (b.minX, b.maxY)] {
                let p = item.matrix.apply(x: x, y: y, z: 0)
                guard p.w > 1e-9, p.x.isFinite, p.y.isFinite, p.z.isFinite else { projectable = false; break }
                poly.append(SIMD3(Double(p.x / p.w), Double(p.y / p.w), Double(p.z / p.w)))
            }
            if !projectable { break }
            polygons.append(poly)
        }
        if projectable, let pieces = PlaneSorter.order(polygons, maximumPieces: 4 * polygons.count + 64) {
            for piece in pieces {
                let item = items[piece.item]
                if piece.halfPlanes.isEmpty {
                    drawFlattened(f, item.slot, Homography(item.matrix), alpha: alpha, depth: depth)
                    continue
                }
                // A piece: clip to its side of each cut, without antialiasing so the pieces of
                // one layer tile its pixels exactly.
                let outline = PlaneSorter.clip(ctx.boundingBoxOfClipPath, by: piece.halfPlanes)
                guard outline.count >= 3 else { continue }
                ctx.saveGState()
                let aa = ctx.antialiasingEnabled
                ctx.setShouldAntialias(false)
                ctx.beginPath()
                ctx.addLines(between: outline)
                ctx.closePath()
                ctx.clip()
                ctx.setShouldAntialias(aa)
                let h = Homography(item.matrix)
                if h.affine != nil {
                    drawFlattened(f, item.slot, h, alpha: alpha, depth: depth)
                } else if let p = projectedImage(f, item.slot, homography: h.projective, depth: depth) {
                    // A layer cut in pieces is rendered once and drawn per piece.
                    draw(p, alpha: alpha)
                }
                ctx.restoreGState()
            }
            return
        }
        if projectable {
            LaminaDiagnostics.report("CATransformLayer: its sublayers' planes cross too often to split; drawn by the depth of their centres")
        }
        let depths = items.map { item -> CGFloat in
            let b = f.values.bounds[Int(item.slot)]
            let c = item.matrix.apply(x: b.midX, y: b.midY, z: 0)
            return c.w != 0 ? c.z / c.w : c.z
        }
        for k in items.indices.sorted(by: { depths[$0] != depths[$1] ? depths[$0] < depths[$1] : $0 < $1 }) {
            drawFlattened(f, items[k].slot, Homography(items[k].matrix), alpha: alpha, depth: depth)
        }
    }

    /// A replicator's copies: copy k has `instanceTransform` applied k times about the
    /// replicator's centre, is tinted by `instanceColor` plus k times the colour offsets
    /// (clamped to [0, 1]), and shows its sublayers as they are `k × instanceDelay` seconds
    /// earlier (their animations delayed).
    func drawInstances(_ f: Frame, _ slot: Int32, alpha: CGFloat, depth: Int) {
        let i = Int(slot)
        guard case .replicator(let r) = f.values.content[i] else { return }
        let count = max(0, min(r.instanceCount, 10_000))
        guard count > 0 else { return }
        let delay = r.instanceDelay.isFinite ? r.instanceDelay : 0
        let b = f.values.bounds[i]
        let c = CGPoint(x: b.midX, y: b.midY)
        let step = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-c.x, -c.y, 0), r.instanceTransform),
                                       CATransform3DMakeTranslation(c.x, c.y, 0))
        let base = (r.instanceColor ?? .white)
        let offsets = (CGFloat(r.redOffset), CGFloat(r.greenOffset), CGFloat(r.blueOffset), CGFloat(r.alphaOffset))
        let current = f.sublayersInDrawingOrder(i)
        // Delayed copies: the sublayers as they were k × instanceDelay earlier, drawn from a
        // compact copy of them when they animate.
        let delayed = delay == 0 || count < 2 ? nil : f.delayedCopies.value(for: slot) { DelayedCopies(f, slot) }
        let keep = delayed.map { $0.tree.slotCount * count <= DelayedCopies.maximumKeptNodes } ?? true
        var accumulated = CATransform3DIdentity
        for k in 0..<count {
            let kk = CGFloat(k)
            var frame = f
            var sublayers = current
            if k > 0, let delayed, delayed.animated {
                frame = keep ? f.delayedFrames.value(for: DelayedCopyKey(replicator: slot, copy: k)) { delayed.frame(f, copy: k, delay: delay) }
                             : delayed.frame(f, copy: k, delay: delay)
                sublayers = delayed.sublayers
            }
            func clamp(_ v: CGFloat) -> CGFloat { max(0, min(1, v)) }
            let tint = (clamp(base.r + kk * offsets.0), clamp(base.g + kk * offsets.1), clamp(base.b + kk * offsets.2),
                        clamp(base.a + kk * offsets.3))
            if tint.3 > 0 {
                let plain = tint.0 > 0.999 && tint.1 > 0.999 && tint.2 > 0.999
                ctx.saveGState()
                if plain {
                    for sub in sublayers { renderSublayer(frame, sub, alpha: alpha * tint.3, extra: accumulated, depth: depth) }
                } else {
                    ctx.setAlpha(alpha)
                    ctx.beginTransparencyLayer(auxiliaryInfo: nil)
                    for sub in sublayers { renderSublayer(frame, sub, alpha: 1, extra: accumulated, depth: depth) }
                    ctx.endTransparencyLayer(tint: (tint.0, tint.1, tint.2, tint.3))
                }
                ctx.restoreGState()
            }
            accumulated = CATransform3DConcat(accumulated, step)
        }
    }
}
