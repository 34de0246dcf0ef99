@_spi(Lamina) import CoreGraphics

/// Draws a frame into a `CGContext`, each layer in Apple's order: shadow, background, contents
/// (or the subclass's own content), sublayers by `zPosition` then array order, border on top
/// (spec §1, §2). The context's CTM maps the drawn node's own coordinates to device pixels.
///
/// Every ordinary layer flattens its subtree into its own plane: a sublayer whose transform is
/// affine in that plane is drawn through the CTM; one with perspective is rendered offscreen in
/// its own plane and drawn with a projective image transform (clipped where w ≤ 0).
///
/// A compositor reads only its frame (values) and its caches (shared by every band of a
/// frame, and kept from frame to frame): any number of them draw one frame at once, each into
/// its own band of rows, and produce exactly the bytes one drawing the whole frame would.
package struct Compositor {
    package let ctx: CGContext
    package let caches: RenderCaches
    /// The frame's bitmap, for backdrops (nil in offscreen planes: no backdrop is drawn there).
    package var backdropRoot: BackdropRoot?
    /// Where drawing stops (drawing what lies under a backdrop).
    var stop: BackdropStop?
    /// What the frame's opaque layers hide, when this compositor draws straight into the
    /// frame's bitmap (nil elsewhere: offscreen planes, masks, shadows, backdrops).
    package var occlusion: Occlusion?
    /// Whether the tree is drawn as `CALayer.render(in:)` draws on iOS rather than as the screen
    /// shows it (see ``FrameRenderer/draw(_:in:asRenderInContext:)``).
    package var asRenderInContext = false

    /// The largest offscreen image made for one perspective layer, in pixels per side.
    static let maximumOffscreenSide = 4096

    package init(ctx: CGContext, caches: RenderCaches) {
        self.ctx = ctx
        self.caches = caches
    }

    /// A compositor drawing into another context (an offscreen plane, a mask, a shadow's body)
    /// the way this one draws.
    func drawing(into other: CGContext, caches: RenderCaches? = nil) -> Compositor {
        var c = Compositor(ctx: other, caches: caches ?? self.caches)
        c.asRenderInContext = asRenderInContext
        return c
    }

    /// Renders node `slot` of `f` and its subtree in the node's own coordinate space.
    package func render(_ f: Frame, _ slot: Int32, alpha inherited: CGFloat, ignoringTransitions: Bool = false, depth: Int = 0) {
        let i = Int(slot)
        if let stop {
            if stop.reached { return }
            if slot == stop.slot { stop.reached = true; return }
        }
        guard !f.values.flags[i].contains(.hidden) else { return }
        // A layer flattened to no area (scaled to 0 along an axis) draws nothing, nor does
        // anything in it, as on Apple's (edge antialiasing would otherwise leave a faint line).
        let m = ctx.ctm
        guard abs(m.a * m.d - m.b * m.c) > 1e-12 else { return }
        guard depth < RenderTree.depthLimit else {
            LaminaDiagnostics.report("a layer tree deeper than \(RenderTree.depthLimit) levels: the deeper layers are not drawn")
            return
        }
        renderLevel(f, slot, alpha: inherited, ignoringTransitions: ignoringTransitions, depth: depth + 1)
    }

    private func renderLevel(_ f: Frame, _ slot: Int32, alpha inherited: CGFloat, ignoringTransitions: Bool, depth: Int) {
        let i = Int(slot)
        let v = f.values
        if !ignoringTransitions, let transition = f.transitions[slot]?.last {
            renderTransition(f, slot, transition, alpha: inherited, depth: depth)
            return
        }
        let raw = v.opacity[i]
        let opacity = CGFloat(max(0, min(1, raw.isFinite ? raw : 1)))
        guard opacity > 0, inherited > 0 else { return }
        if f.isTransformLayer(i) {
            renderDepthSorted(f, slot, alpha: inherited * opacity, depth: depth)
            return
        }
        let hasSublayers = !f.tree.children[i].isEmpty
        let flags = v.flags[i]
        // Group opacity: composite the whole subtree once when it would otherwise overlap itself.
        let group = !asRenderInContext && opacity < 1 && flags.contains(.allowsGroupOpacity) && (hasSublayers || v.borderWidth[i] > 0)
        let mask = f.tree.mask[i]
        let shadowVisible = v.shadowOpacity[i] > 0 && (v.shadowColor[i]?.a ?? 0) > 0
        let shadowPath = v.shadowPath[i].path

        // Apple casts a masked layer's shadow from the unmasked layer, then the mask clips the
        // whole result, shadow included: a masked layer shows no shadow outside its mask.
        let maskedShadow = mask >= 0 && shadowVisible

        // A shadow drawn straight into the frame is not composited where an opaque layer drawn
        // after it (often the layer itself) covers it (the context ignores the hole inside a
        // transparency layer).
        let hole = shadowVisible && !maskedShadow && stop == nil ? occlusion?.hole(after: slot) : nil

        // The shadow of a shadowPath is drawn first and on its own.
        if shadowVisible, !maskedShadow, let path = shadowPath {
            ctx.saveGState()
            ctx.setAlpha(inherited * opacity)
            let (offset, blur, color) = shadowParameters(v, i)
            // Blurred once and kept while the path and the scale stay the same.
            ctx.shadowHole = hole
            if let cached = cachedPathShadow(f, slot, path: path, offset: offset, blur: blur) {
                if let (mask, x, y) = cached { ctx.drawShadowMask(mask, atPixelX: x, y: y, color: color) }
            } else {
                ctx.fillShadowOnly(of: path, offset: offset, blur: blur, color: color)
            }
            ctx.shadowHole = nil
            ctx.restoreGState()
        }

        // render(in:) draws the non-separable blend modes (hue, saturation, color, luminosity)
        // normally, as iOS does (its references show such layers composited normally).
        let blend = v.style[i].blendMode.flatMap { asRenderInContext && $0.isNonSeparable ? nil : $0 }
        let needsLayer = group || mask >= 0 || (shadowVisible && shadowPath == nil) || blend != nil
        ctx.saveGState()
        if let blend { ctx.setBlendMode(blend) }
        if needsLayer {
            // Offscreen work only where this layer draws: its extent in whole device pixels.
            ctx.clip(toDevicePixels: ctx.pixelBounds(of: f.extents[i]))
            ctx.setAlpha(inherited * (group ? opacity : 1))
            if shadowVisible && shadowPath == nil && !maskedShadow {
                let (offset, blur, color) = shadowParameters(v, i)
                // The shadow follows the layer's composited alpha; the layer's opacity fades its
                // shadow too (it is composited with the group). Blurred once and kept while the
                // layer's body stays the same; else set on the group, which casts it.
                if let cached = cachedShadow(f, slot, bodyAlpha: group ? 1 : opacity, offset: offset, blur: blur, depth: depth) {
                    ctx.shadowHole = hole
                    if let (mask, x, y) = cached { ctx.drawShadowMask(mask, atPixelX: x, y: y, color: color) }
                    ctx.shadowHole = nil
                } else {
                    ctx.setShadow(offset: offset, blur: blur, color: color)
                }
            }
            if maskedShadow {
                let bodyAlpha = group ? 1 : opacity
                ctx.beginTransparencyLayer(auxiliaryInfo: nil)
                applyMask(f, mask, depth: depth)
                let (offset, blur, color) = shadowParameters(v, i)
                if let path = shadowPath {
                    ctx.saveGState()
                    ctx.setAlpha(bodyAlpha)
                    ctx.fillShadowOnly(of: path, offset: offset, blur: blur, color: color)
                    ctx.restoreGState()
                    drawBody(f, slot, alpha: bodyAlpha, depth: depth)
                } else {
                    // The unmasked layer and its shadow, composited inside the mask's clip.
                    ctx.saveGState()
                    ctx.setShadow(offset: offset, blur: blur, color: color)
                    ctx.beginTransparencyLayer(auxiliaryInfo: nil)
                    drawBody(f, slot, alpha: bodyAlpha, depth: depth)
                    ctx.endTransparencyLayer()
                    ctx.restoreGState()
                }
                ctx.endTransparencyLayer()
            } else {
                ctx.beginTransparencyLayer(auxiliaryInfo: nil)
                if mask >= 0 { applyMask(f, mask, depth: depth) }
                drawBody(f, slot, alpha: group ? 1 : opacity, depth: depth)
                ctx.endTransparencyLayer()
            }
        } else {
            drawBody(f, slot, alpha: inherited * opacity, depth: depth)
        }
        ctx.restoreGState()
    }

    /// Background, contents, own content, sublayers, border.
    func drawBody(_ f: Frame, _ slot: Int32, alpha: CGFloat, depth: Int) {
        let i = Int(slot)
        let v = f.values
        let shape = LayerShape.of(v, i)
        // The root layer ignores backgroundFilters (spec: CALayer, filters); a mask's are not
        // reached (masks are drawn without a backdrop root).
        if let backdrop = v.style[i].backdrop, slot != f.root { drawBackdrop(f, i, backdrop, alpha: alpha, shape: shape) }
        if let bg = v.backgroundColor[i], bg.a > 0 {
            ctx.saveGState()
            ctx.setAlpha(alpha)
            ctx.setFillColor(red: bg.r, green: bg.g, blue: bg.b, alpha: bg.a)
            ctx.addPath(shape)
            ctx.fillPath()
            ctx.restoreGState()
        }
        ctx.saveGState()
        if v.flags[i].contains(.masksToBounds) {
            ctx.addPath(shape)
            ctx.clip()
        }
        ctx.saveGState()
        if v.flags[i].contains(.geometryFlipped) { flip(v.bounds[i]) }
        drawContents(f, i, alpha: alpha)
        drawOwnContent(f, slot, alpha: alpha, shape: shape)
        if case .replicator = v.content[i] {
            drawInstances(f, slot, alpha: alpha, depth: depth)
        } else {
            for sub in f.sublayersInDrawingOrder(i) { renderSublayer(f, sub, alpha: alpha, depth: depth) }
        }
        ctx.restoreGState()
        ctx.restoreGState()
        if stop?.reached == true { return }
        if v.borderWidth[i] > 0, let bc = v.borderColor[i], bc.a > 0 {
            ctx.saveGState()
            ctx.setAlpha(alpha)
            ctx.setFillColor(red: bc.r, green: bc.g, blue: bc.b, alpha: bc.a)
            ctx.addPath(LayerShape.border(of: v, i))
            ctx.fillPath(using: .evenOdd)
            ctx.restoreGState()
        }
        // Particles draw above the background and border (spec §2).
        if case .emitter(let e) = v.content[i] { EmitterSimulation.draw(e, at: f.time, in: ctx, alpha: alpha) }
    }

    /// Flips the layer's geometry vertically about its bounds (`isGeometryFlipped`).
    private func flip(_ b: CGRect) {
        ctx.translateBy(x: 0, y: b.minY + b.maxY)
        ctx.scaleBy(x: 1, y: -1)
    }

    /// The Gaussian's standard deviation per point of `shadowRadius`. [U] Fitted to an Apple
    /// reference (`shadowRadius` 10 at 3x: sigma 27.5 px, 0.92 × the radius in points); the
    /// designers' convention that `shadowRadius` equals half a CSS/Sketch blur (whose sigma is
    /// half the blur) gives 1.0, close to it. Lamina used 0.5, much too hard.
    static let shadowSigmaPerRadius: CGFloat = 0.92

    /// The shadow's device offset, blur and colour for a node. `shadowOffset` is in the node's
    /// coordinates (y down on iOS); the blur is CoreGraphics' (sigma = blur / 2) for a sigma of
    /// `shadowSigmaPerRadius` × `shadowRadius`, in device pixels.
    private func shadowParameters(_ v: NodeColumns, _ i: Int) -> (CGSize, CGFloat, CGColor) {
        let t = ctx.ctm
        let o = v.shadowOffset[i]
        let device = CGSize(width: o.width * t.a + o.height * t.c, height: o.width * t.b + o.height * t.d)
        let c = v.shadowColor[i] ?? .black
        let k = CGFloat(max(0, min(1, v.shadowOpacity[i])))
        let blur = 2 * Compositor.shadowSigmaPerRadius * max(0, v.shadowRadius[i]) * ctx.deviceScale
        return (device, blur, CGColor(red: c.r, green: c.g, blue: c.b, alpha: c.a * k))
    }

    // MARK: Contents

    /// Draws the `contents` image: gravity, `contentsRect`, `contentsCenter` nine-slice,
    /// `contentsScale`, and the filters. A cross-fade in progress draws both images, summed.
    private func drawContents(_ f: Frame, _ i: Int, alpha: CGFloat) {
        switch f.values.contents[i] {
        case .none:
            return
        case .image(let image):
            drawContentsImage(f.values, i, image, alpha: alpha)
        case let .crossfade(from, to, fraction):
            let k = CGFloat(fraction)
            ctx.saveGState()
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            if let from { drawContentsImage(f.values, i, from, alpha: alpha * (1 - k)) }
            ctx.setBlendMode(.plusLighter)
            if let to { drawContentsImage(f.values, i, to, alpha: alpha * k) }
            ctx.endTransparencyLayer()
            ctx.restoreGState()
        }
    }

    private func drawContentsImage(_ v: NodeColumns, _ i: Int, _ image: CGImage, alpha: CGFloat) {
        guard alpha > 0 else { return }
        let b = v.bounds[i]
        let cr = v.contentsRect[i]
        let pixel = CGSize(width: image.width, height: image.height)
        let style = v.style[i]
        let dest = ContentsLayout.destination(bounds: b, pixelSize: pixel, contentsRect: cr, scale: v.contentsScale[i],
                                              gravity: style.contentsGravity)
        guard dest.width > 0, dest.height > 0, dest.isFinite else { return }
        // The shown part of the image, in pixels (unit (0,0) is the image's top-left on iOS).
        let src = CGRect(x: cr.minX * pixel.width, y: cr.minY * pixel.height, width: cr.width * pixel.width,
                         height: cr.height * pixel.height)
        guard src.width != 0, src.height != 0 else { return }
        let magnifying = dest.width * ctx.deviceScale >= abs(src.width)
        let filter = magnifying ? style.magnificationFilter : style.minificationFilter
        ctx.saveGState()
        ctx.setAlpha(alpha)
        // A flipped layer keeps its images upright.
        let flipped = v.flags[i].contains(.geometryFlipped)
        let center = v.contentsCenter[i]
        if center == CGRect(x: 0, y: 0, width: 1, height: 1) {
            drawPiece(image, src: src, dest: dest, flipped: flipped, filter: filter)
        } else {
            drawNineSlice(image, src: src, dest: dest, center: center, scale: v.contentsScale[i], flipped: flipped, filter: filter)
        }
        ctx.restoreGState()
    }

    private func drawPiece(_ image: CGImage, src: CGRect, dest: CGRect, flipped: Bool, filter: CGImageFilter) {
        guard src.width != 0, src.height != 0, dest.width > 0, dest.height > 0 else { return }
        let sx = dest.width / src.width, sy = dest.height / src.height
        let y0 = flipped ? dest.maxY : dest.minY, ky = flipped ? -sy : sy
        let t = CGAffineTransform(a: sx, b: 0, c: 0, d: ky, tx: dest.minX - src.minX * sx, ty: y0 - src.minY * ky)
        ctx.drawImage(image, source: src, imageToUser: CGProjectiveTransform(t), filter: filter)
    }

    /// Nine pieces: corners keep their natural size (shrunk together when the destination is too
    /// small), edges stretch along one axis, the centre both ways.
    private func drawNineSlice(_ image: CGImage, src: CGRect, dest: CGRect, center c: CGRect, scale: CGFloat,
                               flipped: Bool, filter: CGImageFilter) {
        let s = scale > 0 ? scale : 1
        // Source columns and rows (pixels); a zero-width centre is one source pixel centred there.
        var cx0 = src.minX + c.minX * src.width, cx1 = src.minX + c.maxX * src.width
        var cy0 = src.minY + c.minY * src.height, cy1 = src.minY + c.maxY * src.height
        if cx1 - cx0 < 1e-9 { cx0 -= 0.5; cx1 += 0.5 }
        if cy1 - cy0 < 1e-9 { cy0 -= 0.5; cy1 += 0.5 }
        let xs = [src.minX, cx0, cx1, src.maxX], ys = [src.minY, cy0, cy1, src.maxY]
        var left = (cx0 - src.minX) / s, right = (src.maxX - cx1) / s
        var top = (cy0 - src.minY) / s, bottom = (src.maxY - cy1) / s
        if left + right > dest.width, left + right > 0 { let k = dest.width / (left + right); left *= k; right *= k }
        if top + bottom > dest.height, top + bottom > 0 { let k = dest.height / (top + bottom); top *= k; bottom *= k }
        let dx = [dest.minX, dest.minX + left, dest.maxX - right, dest.maxX]
        let dy = [dest.minY, dest.minY + top, dest.maxY - bottom, dest.maxY]
        for j in 0..<3 {
            for i in 0..<3 {
                let sRect = CGRect(x: xs[i], y: ys[j], width: xs[i + 1] - xs[i], height: ys[j + 1] - ys[j])
                var dRect = CGRect(x: dx[i], y: dy[j], width: dx[i + 1] - dx[i], height: dy[j + 1] - dy[j])
                if flipped { dRect.origin.y = dest.minY + dest.maxY - dRect.maxY }
                drawPiece(image, src: sRect, dest: dRect, flipped: flipped, filter: filter)
            }
        }
    }

    // MARK: Sublayers

    /// Draws a sublayer through its transform (followed by `extra`, in this layer's space):
    /// directly when affine in this plane, else offscreen.
    func renderSublayer(_ f: Frame, _ sub: Int32, alpha: CGFloat, extra: CATransform3D? = nil, depth: Int) {
        let s = Int(sub)
        var m = f.transformToSuperlayer(sub)
        if let extra { m = CATransform3DConcat(m, extra) }
        guard !f.values.flags[s].contains(.hidden) else { return }
        if f.isTransformLayer(s) {
            // A transform layer is not a plane: its sublayers keep their 3D placement through
            // its transform (and this layer's sublayerTransform) and are sorted by depth here.
            let raw = f.values.opacity[s]
            let opacity = CGFloat(max(0, min(1, raw.isFinite ? raw : 1)))
            if opacity > 0 { renderDepthSorted(f, sub, base: m, alpha: alpha * opacity, depth: depth + 1) }
            return
        }
        let h = Homography(m)
        if !f.values.flags[s].contains(.doubleSided) && Compositor.facesAway(h, f.values.bounds[s]) { return }
        // Skip what lies entirely outside the rows and clip this drawing covers.
        let extent = h.mapRect(f.extents[s])
        if !extent.isNull, !extent.intersects(ctx.boundingBoxOfDrawableRegion) { return }
        // What an opaque layer drawn later covers is not drawn (its pixels would all be replaced).
        if let occlusion, stop == nil, let seen = occlusion.visiblePart(sub, device: extent.applying(ctx.userToPixels)) {
            guard seen.x1 > seen.x0, seen.y1 > seen.y0 else { return }
            ctx.saveGState()
            ctx.clip(toDevicePixels: seen)
            drawFlattened(f, sub, h, alpha: alpha, depth: depth)
            ctx.restoreGState()
            return
        }
        drawFlattened(f, sub, h, alpha: alpha, depth: depth)
    }

    /// Whether a layer mapped by `h` shows its back: the mapping reverses orientation at the
    /// centre of its bounds.
    package static func facesAway(_ h: Homography, _ bounds: CGRect) -> Bool {
        let (a, b, c, d, e, f, g, hh, i) = h.m
        let det = a * (e * i - f * hh) - b * (d * i - f * g) + c * (d * hh - e * g)
        let w = bounds.midX * c + bounds.midY * f + i
        return det * (w > 0 ? 1 : -1) < 0
    }

    /// Draws a node flattened into its own plane, mapped into this one by `h`: directly through
    /// the CTM when the mapping is affine, else offscreen and projectively.
    func drawFlattened(_ f: Frame, _ slot: Int32, _ h: Homography, alpha: CGFloat, depth: Int) {
        if let t = h.affine {
            ctx.saveGState()
            ctx.concatenate(t)
            render(f, slot, alpha: alpha, depth: depth)
            ctx.restoreGState()
        } else {
            renderProjected(f, slot, homography: h.projective, alpha: alpha, depth: depth)
        }
    }

    // MARK: Offscreen planes

    /// Renders a node with perspective: its subtree drawn in its own plane into an image, then
    /// that image drawn through the homography.
    func renderProjected(_ f: Frame, _ slot: Int32, homography: CGProjectiveTransform, alpha: CGFloat,
                         ignoringTransitions: Bool = false, depth: Int) {
        guard let projected = projectedImage(f, slot, homography: homography, ignoringTransitions: ignoringTransitions,
                                             depth: depth) else { return }
        draw(projected, alpha: alpha)
    }

    /// A node's subtree drawn in its own plane into an image, with the map from the image's
    /// pixels to this plane; nil when it covers nothing. Made once per frame for every band
    /// that needs it.
    func projectedImage(_ f: Frame, _ slot: Int32, homography: CGProjectiveTransform, ignoringTransitions: Bool = false,
                        depth: Int) -> ProjectedImage? {
        let area = f.extents[Int(slot)]
        guard area.width > 0, area.height > 0, area.isFinite else { return nil }
        // Resolution: the device scale times the largest local stretch of the mapping.
        let scale = min(4, max(1, ctx.deviceScale * Extents.maximumStretch(homography, area)))
        let key = ProjectedKey(slot: slot, homography: homography.m, scale: scale, ignoringTransitions: ignoringTransitions)
        return f.offscreens.value(for: key) { () -> ProjectedImage? in
            let w = min(Compositor.maximumOffscreenSide, Int((area.width * scale).rounded(.up)))
            let hgt = min(Compositor.maximumOffscreenSide, Int((area.height * scale).rounded(.up)))
            guard w > 0, hgt > 0, let off = CGContext(data: nil, width: w, height: hgt, bitsPerComponent: 8, bytesPerRow: w * 4,
                                                      space: CGColorSpaceCreateDeviceRGB(),
                                                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return nil }
            let kx = CGFloat(w) / area.width, ky = CGFloat(hgt) / area.height
            // Node space (y down) to offscreen device space (y up): row 0 is area.minY.
            off.translateBy(x: 0, y: CGFloat(hgt))
            off.scaleBy(x: kx, y: -ky)
            off.translateBy(x: -area.minX, y: -area.minY)
            drawing(into: off).render(f, slot, alpha: 1, ignoringTransitions: ignoringTransitions, depth: depth)
            guard let image = off.makeImage() else { return nil }
            // Image pixels → node space → this plane.
            let toLayer = CGProjectiveTransform(CGAffineTransform(a: 1 / kx, b: 0, c: 0, d: 1 / ky, tx: area.minX, ty: area.minY))
            return ProjectedImage(image: image, toPlane: toLayer.concatenating(homography))
        }
    }

    func draw(_ projected: ProjectedImage, alpha: CGFloat) {
        ctx.saveGState()
        ctx.setAlpha(alpha)
        ctx.drawImage(projected.image, imageToUser: projected.toPlane, filter: .linear)
        ctx.restoreGState()
    }

    // MARK: Masks

    /// Clips to a mask node's alpha: the mask (positioned in the masked node's coordinates) is
    /// rendered at this context's resolution, for the rows this drawing covers, and used as a
    /// device mask.
    private func applyMask(_ f: Frame, _ mask: Int32, depth: Int) {
        // The mask is rendered only over the clip's pixels, then placed there.
        let region = ctx.clipPixelBounds
        let window = ctx.rowWindow
        guard region.x1 > region.x0, region.y1 > region.y0,
              let m = CGContext(width: region.x1 - region.x0, height: region.y1 - region.y0,
                                rows: (window.y0 - region.y0)..<(window.y1 - region.y0))
        else { return }
        // Device space of the region: shift the full bitmap's device space (y up) to the region.
        m.translateBy(x: -CGFloat(region.x0), y: -CGFloat(ctx.height - region.y1))
        m.concatenate(ctx.ctm)
        drawing(into: m).drawFlattened(f, mask, Homography(f.transformToSuperlayer(mask)), alpha: 1, depth: depth)
        ctx.clip(toDeviceMaskOf: m, originX: region.x0, originY: region.y0)
    }
}

/// A node's subtree drawn offscreen in its own plane, and the map from its pixels to the plane
/// it is drawn into.
package struct ProjectedImage: @unchecked Sendable {
    let image: CGImage
    let toPlane: CGProjectiveTransform
}

/// What makes one offscreen plane of a frame: the node, and how it is mapped.
package struct ProjectedKey: Hashable, @unchecked Sendable {
    let slot: Int32
    let homography: [CGFloat]
    let scale: CGFloat
    let ignoringTransitions: Bool
}
