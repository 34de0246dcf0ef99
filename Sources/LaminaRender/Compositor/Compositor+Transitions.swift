@_spi(Lamina) import CoreGraphics

extension Compositor {
    /// The frame that draws a transition's "before": the captured subtree's committed values.
    private func beforeFrame(_ f: Frame, _ t: FrameTransition) -> (Frame, Int32)? {
        guard let snapshot = t.before else { return nil }
        let frame = f.beforeFrames.value(for: t.animationID) { Frame(still: snapshot.tree, root: snapshot.root, time: f.time) }
        return (frame, snapshot.root)
    }

    /// A transition in progress: the node's appearance before the change and now, combined by
    /// the transition's type within the node's bounds. Motion types move the contents by the
    /// bounds' size in the subtype's direction (from the left by default; "top" is the minimum-y
    /// edge, as iOS shows it) [U].
    func renderTransition(_ f: Frame, _ slot: Int32, _ t: FrameTransition, alpha: CGFloat, depth: Int) {
        let b = f.values.bounds[Int(slot)]
        let k = CGFloat(max(0, min(1, t.progress)))
        var dir = CGVector(dx: 1, dy: 0)
        switch t.body.direction {
        case .fromRight?: dir = CGVector(dx: -1, dy: 0)
        case .fromTop?: dir = CGVector(dx: 0, dy: 1)
        case .fromBottom?: dir = CGVector(dx: 0, dy: -1)
        default: break
        }
        let full = CGSize(width: dir.dx * b.width, height: dir.dy * b.height)
        let before = beforeFrame(f, t)
        if t.body.kind == .flip {
            renderFlip(f, slot, t, before: before, progress: k, alpha: alpha, depth: depth)
            return
        }
        func draw(_ node: (Frame, Int32)?, shift: CGFloat, alpha a: CGFloat, current: Bool) {
            guard let (frame, s) = node, a > 0 else { return }
            ctx.saveGState()
            ctx.translateBy(x: full.width * shift, y: full.height * shift)
            render(frame, s, alpha: a, ignoringTransitions: current, depth: depth)
            ctx.restoreGState()
        }
        let now = (f, slot)
        ctx.saveGState()
        ctx.clip(to: b)
        switch t.body.kind {
        case .moveIn:
            draw(before, shift: 0, alpha: alpha, current: false)
            draw(now, shift: k - 1, alpha: alpha, current: true)
        case .push:
            draw(before, shift: k, alpha: alpha, current: false)
            draw(now, shift: k - 1, alpha: alpha, current: true)
        case .reveal:
            draw(now, shift: 0, alpha: alpha, current: true)
            draw(before, shift: k, alpha: alpha, current: false)
        default:
            // Cross-dissolve: before × (1 − p) + after × p, summed in a group.
            ctx.setAlpha(alpha)
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            draw(before, shift: 0, alpha: 1 - k, current: false)
            ctx.setBlendMode(.plusLighter)
            draw(now, shift: 0, alpha: k, current: true)
            ctx.endTransparencyLayer()
        }
        ctx.restoreGState()
    }

    /// A flip: the node turns half over about its centre showing the old content, then the rest
    /// of the way showing the new, under perspective. From left/right it turns about the
    /// vertical axis, from top/bottom about the horizontal one. [U] The eye sits two of the
    /// layer's larger sides away; Apple's distance is not documented.
    private func renderFlip(_ f: Frame, _ slot: Int32, _ t: FrameTransition, before: (Frame, Int32)?, progress k: CGFloat,
                            alpha: CGFloat, depth: Int) {
        let b = f.values.bounds[Int(slot)]
        let vertical = t.body.direction == .fromTop || t.body.direction == .fromBottom
        let sign: CGFloat = t.body.direction == .fromRight || t.body.direction == .fromBottom ? -1 : 1
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
            if let (frame, s) = before { renderProjected(frame, s, homography: homography, alpha: alpha, depth: depth) }
        } else {
            renderProjected(f, slot, homography: homography, alpha: alpha, ignoringTransitions: true, depth: depth)
        }
    }
}
