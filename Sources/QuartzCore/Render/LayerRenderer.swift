@_spi(Lamina) import CoreGraphics
import LaminaRender

/// Draws a layer tree into a `CGContext`, each layer in Apple's order: shadow, background,
/// contents (or the subclass's own content), sublayers by `zPosition` then array order, border
/// on top (spec §1, §2). The context's CTM maps the layer's own coordinates to device pixels.
///
/// Every ordinary layer flattens its subtree into its own plane: a sublayer whose transform is
/// affine in that plane is drawn through the CTM; one with perspective is rendered offscreen in
/// its own plane and drawn with a projective image transform (clipped where w ≤ 0).
struct LayerRenderer {
    let ctx: CGContext
    /// The media time drawn (emitters use it; everything else draws model values for now).
    var time: CFTimeInterval = 0

    /// The largest offscreen image made for one perspective layer, in pixels per side.
    static let maximumOffscreenSide = 4096

    /// Renders `layer` and its subtree in the layer's own coordinate space.
    func render(_ layer: CALayer, alpha inherited: CGFloat, ignoringTransitions: Bool = false) {
        guard !layer.isHidden else { return }
        TreeDepth.descend("drawn", fallback: ()) { renderLevel(layer, alpha: inherited, ignoringTransitions: ignoringTransitions) }
    }

    private func renderLevel(_ layer: CALayer, alpha inherited: CGFloat, ignoringTransitions: Bool) {
        if !ignoringTransitions, let (transition, before, progress) = layer.activeTransitions.last {
            renderTransition(layer, transition, before: before, progress: progress, alpha: inherited)
            return
        }
        let opacity = CGFloat(max(0, min(1, layer.opacity.isFinite ? layer.opacity : 1)))
        guard opacity > 0, inherited > 0 else { return }
        if layer.preservesSublayerDepth && layer is CATransformLayer {
            renderDepthSorted(layer, alpha: inherited * opacity)
            return
        }
        let hasSublayers = !(layer._sublayers.isEmpty)
        // Group opacity: composite the whole subtree once when it would otherwise overlap itself.
        let group = opacity < 1 && layer.allowsGroupOpacity && (hasSublayers || layer.borderWidth > 0)
        let mask = layer._mask
        let shadowVisible = layer.shadowOpacity > 0 && (layer.shadowColor?.alpha ?? 0) > 0

        // The shadow of a shadowPath is drawn first and on its own.
        if shadowVisible, let path = layer.shadowPath {
            ctx.saveGState()
            ctx.setAlpha(inherited * opacity)
            let (offset, blur, color) = shadowParameters(layer)
            ctx.fillShadowOnly(of: path, offset: offset, blur: blur, color: color)
            ctx.restoreGState()
        }

        let blend = LayerRenderer.blendMode(of: layer)
        let needsLayer = group || mask != nil || (shadowVisible && layer.shadowPath == nil) || blend != nil
        ctx.saveGState()
        if let blend { ctx.setBlendMode(blend) }
        if needsLayer {
            // Offscreen work only where this layer draws: its extent in whole device pixels.
            ctx.clip(toDevicePixels: ctx.pixelBounds(of: LayerRenderer.visibleExtent(of: layer, depth: TreeDepth.current)))
            ctx.setAlpha(inherited * (group ? opacity : 1))
            if shadowVisible && layer.shadowPath == nil {
                let (offset, blur, color) = shadowParameters(layer)
                // The shadow follows the layer's composited alpha: set it on the group.
                // The layer's opacity fades its shadow too (it is composited with the group).
                ctx.setShadow(offset: offset, blur: blur, color: color)
            }
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            if let mask { applyMask(mask, of: layer) }
            drawBody(layer, alpha: group ? 1 : opacity)
            ctx.endTransparencyLayer()
        } else {
            drawBody(layer, alpha: inherited * opacity)
        }
        ctx.restoreGState()
    }

    /// The blend mode a layer's `compositingFilter` names (Core Animation's filter names:
    /// "multiplyBlendMode", "screenBlendMode"…, and the Porter-Duff ones "destOut", "destIn",
    /// "sourceAtop"…), or nil; an unknown name is reported once and ignored.
    static func blendMode(of layer: CALayer) -> CGBlendMode? {
        guard let f = layer.compositingFilter else { return nil }
        guard let name = (f as? String) ?? (f as? NSString).map({ $0 as String }) else {
            LaminaDiagnostics.report("compositingFilter \(f): only filter names are supported")
            return nil
        }
        let key = name.lowercased().replacingOccurrences(of: "blendmode", with: "").replacingOccurrences(of: "compositing", with: "")
        let modes: [String: CGBlendMode] = [
            "normal": .normal, "sourceover": .normal, "multiply": .multiply, "screen": .screen, "overlay": .overlay,
            "darken": .darken, "lighten": .lighten, "colordodge": .colorDodge, "colorburn": .colorBurn,
            "softlight": .softLight, "hardlight": .hardLight, "difference": .difference, "exclusion": .exclusion,
            "hue": .hue, "saturation": .saturation, "color": .color, "luminosity": .luminosity,
            "plusl": .plusLighter, "pluslighter": .plusLighter, "plusd": .plusDarker, "plusdarker": .plusDarker,
            "clear": .clear, "copy": .copy, "sourcein": .sourceIn, "sourceout": .sourceOut, "sourceatop": .sourceAtop,
            "destover": .destinationOver, "destin": .destinationIn, "destout": .destinationOut, "destatop": .destinationAtop,
            "xor": .xor,
        ]
        guard let m = modes[key] else {
            LaminaDiagnostics.report("compositingFilter \"\(name)\" is not a blend mode Lamina knows; drawn normally")
            return nil
        }
        return m
    }

    /// Background, contents, own content, sublayers, border.
    private func drawBody(_ layer: CALayer, alpha: CGFloat) {
        let shape = LayerShape.of(layer)
        if let bg = layer.backgroundColor, bg.alpha > 0 {
            ctx.saveGState()
            ctx.setAlpha(alpha)
            ctx.setFillColor(bg)
            ctx.addPath(shape)
            ctx.fillPath()
            ctx.restoreGState()
        }
        ctx.saveGState()
        if layer.masksToBounds {
            ctx.addPath(shape)
            ctx.clip()
        }
        ctx.saveGState()
        if layer.isGeometryFlipped { flip(layer) }
        drawContents(layer, alpha: alpha)
        drawOwnContent(layer, alpha: alpha, shape: shape)
        if let replicator = layer as? CAReplicatorLayer {
            drawInstances(of: replicator, alpha: alpha)
        } else {
            for sub in layer.sublayersInDrawingOrder { renderSublayer(sub, alpha: alpha) }
        }
        ctx.restoreGState()
        ctx.restoreGState()
        if layer.borderWidth > 0, let bc = layer.borderColor, bc.alpha > 0 {
            ctx.saveGState()
            ctx.setAlpha(alpha)
            ctx.setFillColor(bc)
            ctx.addPath(LayerShape.border(of: layer))
            ctx.fillPath(using: .evenOdd)
            ctx.restoreGState()
        }
        // Particles draw above the background and border (spec §2).
        if let emitter = layer as? CAEmitterLayer { EmitterSimulation.draw(emitter, at: time, in: ctx, alpha: alpha) }
    }

    /// Flips the layer's geometry vertically about its bounds (`isGeometryFlipped`).
    private func flip(_ layer: CALayer) {
        let b = layer.bounds
        ctx.translateBy(x: 0, y: b.minY + b.maxY)
        ctx.scaleBy(x: 1, y: -1)
    }

    /// The shadow's device offset, blur and colour for a layer. `shadowOffset` is in the layer's
    /// coordinates (y down on iOS); the blur is `shadowRadius` in device pixels.
    private func shadowParameters(_ layer: CALayer) -> (CGSize, CGFloat, CGColor) {
        let t = ctx.ctm
        let o = layer.shadowOffset
        let device = CGSize(width: o.width * t.a + o.height * t.c, height: o.width * t.b + o.height * t.d)
        let color = (layer.shadowColor ?? CGColor.black)
        return (device, max(0, layer.shadowRadius) * ctx.deviceScale,
                color.copy(alpha: color.alpha * CGFloat(max(0, min(1, layer.shadowOpacity)))) ?? color)
    }

    /// A transition in progress: the layer's appearance before the change and now, combined by
    /// the transition's type within the layer's bounds. Motion types move the contents by the
    /// bounds' size in the subtype's direction (from the left by default; "top" is the minimum-y
    /// edge, as iOS shows it) [U].
    private func renderTransition(_ layer: CALayer, _ t: TransitionBody, before: CALayer?, progress p: Double, alpha: CGFloat) {
        let b = layer.bounds
        let k = CGFloat(max(0, min(1, p)))
        var dir = CGVector(dx: 1, dy: 0)
        switch t.direction {
        case .fromRight?: dir = CGVector(dx: -1, dy: 0)
        case .fromTop?: dir = CGVector(dx: 0, dy: 1)
        case .fromBottom?: dir = CGVector(dx: 0, dy: -1)
        default: break
        }
        let full = CGSize(width: dir.dx * b.width, height: dir.dy * b.height)
        if t.kind == .flip {
            renderFlip(layer, t, before: before, progress: k, alpha: alpha)
            return
        }
        func draw(_ l: CALayer?, shift: CGFloat, alpha a: CGFloat, current: Bool) {
            guard let l, a > 0 else { return }
            ctx.saveGState()
            ctx.translateBy(x: full.width * shift, y: full.height * shift)
            render(l, alpha: a, ignoringTransitions: current)
            ctx.restoreGState()
        }
        ctx.saveGState()
        ctx.clip(to: b)
        switch t.kind {
        case .moveIn:
            draw(before, shift: 0, alpha: alpha, current: false)
            draw(layer, shift: k - 1, alpha: alpha, current: true)
        case .push:
            draw(before, shift: k, alpha: alpha, current: false)
            draw(layer, shift: k - 1, alpha: alpha, current: true)
        case .reveal:
            draw(layer, shift: 0, alpha: alpha, current: true)
            draw(before, shift: k, alpha: alpha, current: false)
        default:
            // Cross-dissolve: before × (1 − p) + after × p, summed in a group.
            ctx.setAlpha(alpha)
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            draw(before, shift: 0, alpha: 1 - k, current: false)
            ctx.setBlendMode(.plusLighter)
            draw(layer, shift: 0, alpha: k, current: true)
            ctx.endTransparencyLayer()
        }
        ctx.restoreGState()
    }

    /// A flip: the layer turns half over about its centre showing the old content, then the
    /// rest of the way showing the new, under perspective. From left/right it turns about the
    /// vertical axis, from top/bottom about the horizontal one. [U] The eye sits two of the
    /// layer's larger sides away; Apple's distance is not documented.
    private func renderFlip(_ layer: CALayer, _ t: TransitionBody, before: CALayer?, progress k: CGFloat, alpha: CGFloat) {
        let b = layer.bounds
        let vertical = t.direction == .fromTop || t.direction == .fromBottom
        let sign: CGFloat = t.direction == .fromRight || t.direction == .fromBottom ? -1 : 1
        // The old content turns 0 → 90°, then the new one −90° → 0.
        let firstHalf = k < 0.5
        let angle = sign * .pi * (firstHalf ? k : k - 1)
        var m = CATransform3DMakeTranslation(-b.midX, -b.midY, 0)
        m = CATransform3DConcat(m, vertical ? CATransform3DMakeRotation(angle, 1, 0, 0) : CATransform3DMakeRotation(angle, 0, 1, 0))
        var p = CATransform3DIdentity
        p.m34 = -1 / (2 * max(b.width, b.height, 1))
        m = CATransform3DConcat(CATransform3DConcat(m, p), CATransform3DMakeTranslation(b.midX, b.midY, 0))
        let homography = Homography(m).projective
        if firstHalf {
            if let before = before { renderProjected(before, homography: homography, alpha: alpha) }
        } else {
            renderProjected(layer, homography: homography, alpha: alpha, ignoringTransitions: true)
        }
    }

    /// Draws the `contents` image: gravity, `contentsRect`, `contentsCenter` nine-slice,
    /// `contentsScale`, and the filters. A cross-fade in progress draws both images, summed.
    private func drawContents(_ layer: CALayer, alpha: CGFloat) {
        if let x = layer.contents as? CrossfadeContents {
            let f = CGFloat(x.fraction)
            ctx.saveGState()
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            drawContentsImage(layer, x.from, alpha: alpha * (1 - f))
            ctx.setBlendMode(.plusLighter)
            drawContentsImage(layer, x.to, alpha: alpha * f)
            ctx.endTransparencyLayer()
            ctx.restoreGState()
            return
        }
        drawContentsImage(layer, layer.contents, alpha: alpha)
    }

    private func drawContentsImage(_ layer: CALayer, _ contents: Any?, alpha: CGFloat) {
        guard alpha > 0, let image = contents as? CGImage ?? (contents as? ContentsImageProviding)?.cgImageForContents else {
            return
        }
        let b = layer.bounds
        let cr = layer.contentsRect
        let pixel = CGSize(width: image.width, height: image.height)
        let dest = ContentsLayout.destination(bounds: b, pixelSize: pixel, contentsRect: cr, scale: layer.contentsScale,
                                              gravity: layer.contentsGravity)
        guard dest.width > 0, dest.height > 0, dest.isFinite else { return }
        // The shown part of the image, in pixels (unit (0,0) is the image's top-left on iOS).
        let src = CGRect(x: cr.minX * pixel.width, y: cr.minY * pixel.height, width: cr.width * pixel.width,
                         height: cr.height * pixel.height)
        guard src.width != 0, src.height != 0 else { return }
        let magnifying = dest.width * ctx.deviceScale >= abs(src.width)
        let filter = Self.filter(magnifying ? layer.magnificationFilter : layer.minificationFilter)
        ctx.saveGState()
        ctx.setAlpha(alpha)
        // A flipped layer keeps its images upright.
        let flipped = layer.isGeometryFlipped
        let center = layer.contentsCenter
        if center == CGRect(x: 0, y: 0, width: 1, height: 1) {
            drawPiece(image, src: src, dest: dest, flipped: flipped, filter: filter)
        } else {
            drawNineSlice(image, src: src, dest: dest, center: center, scale: layer.contentsScale, flipped: flipped, filter: filter)
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

    static func filter(_ f: CALayerContentsFilter) -> CGImageFilter {
        switch f {
        case .nearest: .nearest
        case .trilinear: .trilinear
        default: .linear
        }
    }

    /// A replicator's copies: copy k has `instanceTransform` applied k times about the
    /// replicator's centre, is tinted by `instanceColor` plus k times the colour offsets
    /// (clamped to [0, 1]), and shows its sublayers as they are `k × instanceDelay` seconds
    /// earlier (their animations delayed).
    private func drawInstances(of r: CAReplicatorLayer, alpha: CGFloat) {
        let count = max(0, min(r.instanceCount, 10_000))
        guard count > 0 else { return }
        let delay = r.instanceDelay.isFinite ? r.instanceDelay : 0
        let model = r.identityLayer
        let replicatorTime = delay != 0 ? model.localTime(forAbsolute: time) : 0
        let c = r.bounds.center
        let step = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-c.x, -c.y, 0), r.instanceTransform),
                                       CATransform3DMakeTranslation(c.x, c.y, 0))
        let base = (r.instanceColor ?? CGColor.white).rgba
        let offsets = (CGFloat(r.instanceRedOffset), CGFloat(r.instanceGreenOffset), CGFloat(r.instanceBlueOffset),
                       CGFloat(r.instanceAlphaOffset))
        let current = r.sublayersInDrawingOrder
        var accumulated = CATransform3DIdentity
        for k in 0..<count {
            let kk = CGFloat(k)
            // Delayed instances: presentations of the model sublayers at the earlier time.
            let sublayers = delay == 0 || k == 0 ? current : current.map {
                PresentationBuilder(forRendering: true).copy($0.identityLayer, parentTime: replicatorTime - Double(k) * delay)
            }
            func clamp(_ v: CGFloat) -> CGFloat { max(0, min(1, v)) }
            let tint = (clamp(base.red + kk * offsets.0), clamp(base.green + kk * offsets.1), clamp(base.blue + kk * offsets.2),
                        clamp(base.alpha + kk * offsets.3))
            if tint.3 > 0 {
                let plain = tint.0 > 0.999 && tint.1 > 0.999 && tint.2 > 0.999
                ctx.saveGState()
                if plain {
                    for sub in sublayers { renderSublayer(sub, alpha: alpha * tint.3, extra: accumulated) }
                } else {
                    ctx.setAlpha(alpha)
                    ctx.beginTransparencyLayer(auxiliaryInfo: nil)
                    for sub in sublayers { renderSublayer(sub, alpha: 1, extra: accumulated) }
                    ctx.endTransparencyLayer(tint: (tint.0, tint.1, tint.2, tint.3))
                }
                ctx.restoreGState()
            }
            accumulated = CATransform3DConcat(accumulated, step)
        }
    }

    /// Draws a sublayer through its transform (followed by `extra`, in this layer's space):
    /// directly when affine in this plane, else offscreen.
    private func renderSublayer(_ sub: CALayer, alpha: CGFloat, extra: CATransform3D? = nil) {
        var m = sub.transformToSuperlayer
        if let extra { m = CATransform3DConcat(m, extra) }
        guard !sub.isHidden else { return }
        if sub.preservesSublayerDepth && sub is CATransformLayer {
            // A transform layer is not a plane: its sublayers keep their 3D placement through
            // its transform (and this layer's sublayerTransform) and are sorted by depth here.
            let opacity = CGFloat(max(0, min(1, sub.opacity.isFinite ? sub.opacity : 1)))
            if opacity > 0 { renderDepthSorted(sub, base: m, alpha: alpha * opacity) }
            return
        }
        let h = Homography(m)
        if !sub.isDoubleSided && LayerRenderer.facesAway(h, sub.bounds) { return }
        // Skip what lies entirely outside the clip (damage-limited frames draw little).
        let extent = h.mapRect(LayerRenderer.visibleExtent(of: sub, depth: TreeDepth.current))
        if !extent.isNull, !extent.intersects(ctx.boundingBoxOfClipPath) { return }
        drawFlattened(sub, h, alpha: alpha)
    }

    /// Whether a layer mapped by `h` shows its back: the mapping reverses orientation at the
    /// centre of its bounds.
    static func facesAway(_ h: Homography, _ bounds: CGRect) -> Bool {
        let (a, b, c, d, e, f, g, hh, i) = h.m
        let det = a * (e * i - f * hh) - b * (d * i - f * g) + c * (d * hh - e * g)
        let w = bounds.midX * c + bounds.midY * f + i
        return det * (w > 0 ? 1 : -1) < 0
    }

    /// Renders a layer with perspective: its subtree drawn in its own plane into an image, then
    /// that image drawn through the homography.
    private func renderProjected(_ layer: CALayer, homography: CGProjectiveTransform, alpha: CGFloat,
                                 ignoringTransitions: Bool = false) {
        guard let projected = projectedImage(layer, homography: homography, ignoringTransitions: ignoringTransitions)
        else { return }
        draw(projected, alpha: alpha)
    }

    /// A layer's subtree drawn in its own plane into an image, with the map from the image's
    /// pixels to this plane; nil when it covers nothing.
    private func projectedImage(_ layer: CALayer, homography: CGProjectiveTransform,
                                ignoringTransitions: Bool = false) -> (image: CGImage, toPlane: CGProjectiveTransform)? {
        let area = LayerRenderer.visibleExtent(of: layer, depth: TreeDepth.current)
        guard area.width > 0, area.height > 0, area.isFinite else { return nil }
        // Resolution: the device scale times the largest local stretch of the mapping.
        let scale = min(4, max(1, ctx.deviceScale * LayerRenderer.maximumStretch(homography, area)))
        let w = min(LayerRenderer.maximumOffscreenSide, Int((area.width * scale).rounded(.up)))
        let hgt = min(LayerRenderer.maximumOffscreenSide, Int((area.height * scale).rounded(.up)))
        guard w > 0, hgt > 0, let off = CGContext(data: nil, width: w, height: hgt, bitsPerComponent: 8, bytesPerRow: w * 4,
                                                  space: CGColorSpaceCreateDeviceRGB(),
                                                  bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return nil }
        let kx = CGFloat(w) / area.width, ky = CGFloat(hgt) / area.height
        // Layer space (y down) to offscreen device space (y up): row 0 is area.minY.
        off.translateBy(x: 0, y: CGFloat(hgt))
        off.scaleBy(x: kx, y: -ky)
        off.translateBy(x: -area.minX, y: -area.minY)
        LayerRenderer(ctx: off, time: time).render(layer, alpha: 1, ignoringTransitions: ignoringTransitions)
        guard let image = off.makeImage() else { return nil }
        // Image pixels → layer space → this plane.
        let toLayer = CGProjectiveTransform(CGAffineTransform(a: 1 / kx, b: 0, c: 0, d: 1 / ky, tx: area.minX, ty: area.minY))
        return (image, toLayer.concatenating(homography))
    }

    private func draw(_ projected: (image: CGImage, toPlane: CGProjectiveTransform), alpha: CGFloat) {
        ctx.saveGState()
        ctx.setAlpha(alpha)
        ctx.drawImage(projected.image, imageToUser: projected.toPlane, filter: .linear)
        ctx.restoreGState()
    }

    /// The part of a layer's own coordinate space its subtree draws into: its bounds, its
    /// sublayers' frames (unless it clips), and its shadow's reach.
    /// `depth`: how deep below the first call this one is (these walks run often: they count
    /// their own depth rather than the thread's, see ``TreeDepth``).
    static func visibleExtent(of layer: CALayer, depth: Int = 0) -> CGRect {
        guard TreeDepth.allows(depth) else { return layer.bounds }
        var r = layer.bounds
        if !layer.masksToBounds {
            r = r.union(ownContentExtent(of: layer))
            var subs = CGRect.null
            for sub in layer._sublayers where !sub.isHidden {
                let mapped = extentInSuperlayer(of: sub, depth: depth + 1)
                if !mapped.isNull { subs = subs.union(mapped) }
            }
            if let rep = layer as? CAReplicatorLayer, !subs.isNull {
                // Every copy's place.
                let c = rep.bounds.center
                let step = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-c.x, -c.y, 0), rep.instanceTransform),
                                               CATransform3DMakeTranslation(c.x, c.y, 0))
                var acc = CATransform3DIdentity
                for _ in 0..<max(0, min(rep.instanceCount, 10_000)) {
                    let mapped = Homography(acc).mapRect(subs)
                    if !mapped.isNull { r = r.union(mapped) }
                    acc = CATransform3DConcat(acc, step)
                }
            } else if !subs.isNull {
                r = r.union(subs)
            }
        }
        if layer.shadowOpacity > 0 {
            let k = 3 * max(0, layer.shadowRadius)
            // The shadow of a shadowPath is that path's; otherwise the shadow of what is drawn.
            let caster = layer.shadowPath.map { $0.boundingBoxOfPath } ?? r
            let shadow = caster.offsetBy(dx: layer.shadowOffset.width, dy: layer.shadowOffset.height).insetBy(dx: -k, dy: -k)
            if !caster.isNull && caster.isFinite { r = r.union(shadow) }
        }
        if layer.activeTransitions.contains(where: { $0.0.kind == .flip }) {
            // A flip's near edge comes towards the eye: at most 4/3 of its size (see renderFlip).
            r = r.union(layer.bounds.insetBy(dx: -layer.bounds.width / 4, dy: -layer.bounds.height / 4))
        }
        let reach = layer.bounds.insetBy(dx: -4096, dy: -4096)
        // Extreme values (a shadow radius of 1e308…) reach everywhere they can.
        guard r.isFinite, reach.isFinite else { return reach }
        return r.intersection(reach)
    }

    /// Where `sub`'s subtree draws in its superlayer's plane. A transform layer's sublayers keep
    /// their depth until they reach that plane (a face pushed towards the eye under perspective
    /// is drawn larger than its flattened self).
    static func extentInSuperlayer(of sub: CALayer, depth: Int = 0) -> CGRect {
        projectedExtent(of: sub, through: sub.transformToSuperlayer, depth: depth)
    }

    /// The extent of `layer`'s subtree mapped by `m` (the layer's 3D coordinates to a plane).
    private static func projectedExtent(of layer: CALayer, through m: CATransform3D, depth: Int) -> CGRect {
        guard TreeDepth.allows(depth) else { return .null }
        guard layer.preservesSublayerDepth && layer is CATransformLayer else {
            return conservativelyMapped(visibleExtent(of: layer, depth: depth), Homography(m))
        }
        var r = CGRect.null
        for s in layer._sublayers where !s.isHidden {
            let e = projectedExtent(of: s, through: CATransform3DConcat(s.transformToSuperlayer, m), depth: depth + 1)
            if !e.isNull { r = r.union(e) }
        }
        return r
    }

    /// The bounding box of a rectangle under a projective map; when part of it falls behind the
    /// eye, where it lands is unbounded (it is clipped when drawn), so the answer is everything.
    private static func conservativelyMapped(_ rect: CGRect, _ h: Homography) -> CGRect {
        guard !rect.isNull, rect.isFinite else { return rect }
        let s = rect.standardized
        var points: [CGPoint] = []
        for p in [CGPoint(x: s.minX, y: s.minY), CGPoint(x: s.maxX, y: s.minY), CGPoint(x: s.minX, y: s.maxY), CGPoint(x: s.maxX, y: s.maxY)] {
            guard let q = h.map(p) else { return everywhere }
            points.append(q)
        }
        return CGRect.boundingBox(of: points)
    }

    /// A rectangle that covers any frame (finite, so it survives further mapping).
    static let everywhere = CGRect(x: -1e7, y: -1e7, width: 2e7, height: 2e7)

    /// Where a layer's own drawing can reach beyond its bounds (when it does not clip): a shape
    /// layer's path with its stroke, contents placed by a gravity that overflows, an emitter's
    /// particles (anywhere).
    static func ownContentExtent(of layer: CALayer) -> CGRect {
        var r = CGRect.null
        if let shape = layer as? CAShapeLayer, let path = shape.path, !path.isEmpty {
            var box = path.boundingBoxOfPath
            if shape.strokeColor != nil && shape.lineWidth > 0 {
                // Half the width; more where miter joins may spike (paths with straight segments)
                // and at square caps' corners.
                let hasCorners = path.elements.contains { if case .line = $0 { true } else { false } }
                let miter = shape.lineJoin == .miter && hasCorners ? max(1, shape.miterLimit) : 1
                let cap: CGFloat = shape.lineCap == .square ? 1.415 : 1
                let reach = shape.lineWidth / 2 * max(miter, cap) + 1
                box = box.insetBy(dx: -reach, dy: -reach)
            }
            if box.isFinite { r = r.union(box) }
        }
        if layer is CAEmitterLayer {
            r = r.union(layer.bounds.insetBy(dx: -4096, dy: -4096))
        }
        if let image = layer.contents as? CGImage, layer.contentsGravity != .resize {
            let dest = ContentsLayout.destination(bounds: layer.bounds, pixelSize: CGSize(width: image.width, height: image.height),
                                                  contentsRect: layer.contentsRect, scale: layer.contentsScale,
                                                  gravity: layer.contentsGravity)
            if dest.isFinite && !dest.isNull { r = r.union(dest) }
        }
        return r
    }

    /// The largest factor by which the mapping stretches lengths over `area` (at its corners).
    static func maximumStretch(_ h: CGProjectiveTransform, _ area: CGRect) -> CGFloat {
        var best: CGFloat = 1
        for p in [CGPoint(x: area.minX, y: area.minY), CGPoint(x: area.maxX, y: area.minY),
                  CGPoint(x: area.minX, y: area.maxY), CGPoint(x: area.maxX, y: area.maxY)] {
            let m = h.m
            let w = p.x * m[2] + p.y * m[5] + m[8]
            guard w > 1e-6 else { continue }
            let x = (p.x * m[0] + p.y * m[3] + m[6]) / w, y = (p.x * m[1] + p.y * m[4] + m[7]) / w
            let dxdx = (m[0] - x * m[2]) / w, dydx = (m[1] - y * m[2]) / w
            let dxdy = (m[3] - x * m[5]) / w, dydy = (m[4] - y * m[5]) / w
            best = max(best, (dxdx * dxdx + dydx * dydx).squareRoot(), (dxdy * dxdy + dydy * dydy).squareRoot())
        }
        return best
    }

    /// A transform layer: its sublayers (through nested transform layers) keep 3D; they are
    /// drawn back to front, each flattened into this plane, and planes that cross are split
    /// along their intersection (``PlaneSorter``). `base` maps the transform layer's space into
    /// this plane (its transformToSuperlayer when a parent draws it; identity when it is the
    /// layer being rendered). [When a plane reaches behind the eye (w ≤ 0 at a corner) no
    /// projective order exists: the layers are then sorted by the depth of their centres.]
    private func renderDepthSorted(_ layer: CALayer, base: CATransform3D = CATransform3DIdentity, alpha: CGFloat) {
        var items: [(layer: CALayer, matrix: CATransform3D)] = []
        func collect(_ l: CALayer, _ m: CATransform3D) {
            for sub in l._sublayers where !sub.isHidden {
                let mm = CATransform3DConcat(sub.transformToSuperlayer, m)
                if sub.preservesSublayerDepth && sub is CATransformLayer {
                    TreeDepth.descend("drawn", fallback: ()) { collect(sub, mm) }
                } else if sub.isDoubleSided || !LayerRenderer.facesAway(Homography(mm), sub.bounds) {
                    items.append((sub, mm))
                }
            }
        }
        collect(layer, base)
        // Each layer's bounds as a polygon in projective space.
        var polygons: [[SIMD3<Double>]] = []
        var projectable = true
        for item in items {
            let b = item.layer.bounds
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
            // A layer cut in pieces is rendered once and drawn per piece.
            var projected: [Int: (image: CGImage, toPlane: CGProjectiveTransform)] = [:]
            for piece in pieces {
                let item = items[piece.item]
                if piece.halfPlanes.isEmpty {
                    drawFlattened(item.layer, Homography(item.matrix), alpha: alpha)
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
                    drawFlattened(item.layer, h, alpha: alpha)
                } else {
                    if projected[piece.item] == nil {
                        projected[piece.item] = projectedImage(item.layer, homography: h.projective)
                    }
                    if let p = projected[piece.item] { draw(p, alpha: alpha) }
                }
                ctx.restoreGState()
            }
            return
        }
        if projectable {
            LaminaDiagnostics.report("CATransformLayer: its sublayers' planes cross too often to split; drawn by the depth of their centres")
        }
        let depths = items.map { item -> CGFloat in
            let c = item.matrix.apply(x: item.layer.bounds.midX, y: item.layer.bounds.midY, z: 0)
            return c.w != 0 ? c.z / c.w : c.z
        }
        for k in items.indices.sorted(by: { depths[$0] != depths[$1] ? depths[$0] < depths[$1] : $0 < $1 }) {
            drawFlattened(items[k].layer, Homography(items[k].matrix), alpha: alpha)
        }
    }

    /// Draws a layer flattened into its own plane, mapped into this one by `h`: directly
    /// through the CTM when the mapping is affine, else offscreen and projectively.
    private func drawFlattened(_ layer: CALayer, _ h: Homography, alpha: CGFloat) {
        if let t = h.affine {
            ctx.saveGState()
            ctx.concatenate(t)
            render(layer, alpha: alpha)
            ctx.restoreGState()
        } else {
            renderProjected(layer, homography: h.projective, alpha: alpha)
        }
    }

    /// Clips to a mask layer's alpha: the mask (positioned in the layer's coordinates) is rendered
    /// at this context's resolution and used as a device mask.
    private func applyMask(_ mask: CALayer, of layer: CALayer) {
        // The mask is rendered only over the clip's pixels, then placed there.
        let region = ctx.clipPixelBounds
        guard region.x1 > region.x0, region.y1 > region.y0,
              let m = CGContext(data: nil, width: region.x1 - region.x0, height: region.y1 - region.y0, bitsPerComponent: 8,
                                bytesPerRow: (region.x1 - region.x0) * 4, space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return }
        // Device space of the region: shift the full bitmap's device space (y up) to the region.
        m.translateBy(x: -CGFloat(region.x0), y: -CGFloat(ctx.height - region.y1))
        m.concatenate(ctx.ctm)
        LayerRenderer(ctx: m, time: time).drawFlattened(mask, Homography(mask.transformToSuperlayer), alpha: 1)
        if let image = m.makeImage() { ctx.clip(toDeviceMask: image, originX: region.x0, originY: region.y0) }
    }
}

/// Something that can stand as a layer's `contents` by providing a `CGImage` (UIKit's images).
public protocol ContentsImageProviding {
    /// The image drawn as contents.
    var cgImageForContents: CGImage? { get }
}
