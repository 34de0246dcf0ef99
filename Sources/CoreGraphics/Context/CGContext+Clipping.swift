extension CGContext {
    /// Intersects the clip with the current path (non-zero rule) and clears the path.
    public func clip() { clip(using: .winding) }

    /// Intersects the clip with the current path under `rule` and clears the path.
    public func clip(using rule: CGPathFillRule) {
        clipDevice(devicePath, evenOdd: rule == .evenOdd)
        devicePath.removeAll()
    }

    /// Intersects the clip with a rectangle in user space.
    public func clip(to rect: CGRect) { clip(to: [rect]) }

    /// Intersects the clip with the union of rectangles in user space.
    public func clip(to rects: [CGRect]) {
        let finite = rects.filter(\.isFinite)
        // One pixel-aligned rectangle under an axis-aligned CTM narrows the clip bounds; anything
        // else becomes a coverage mask.
        if finite.count == 1 {
            let t = state.ctm
            if (t.b == 0 && t.c == 0) || (t.a == 0 && t.d == 0) {
                let r = finite[0].applying(t).applying(rasterTransform)
                let aligned = [r.minX, r.minY, r.maxX, r.maxY].allSatisfy { abs($0 - $0.rounded()) < 1e-6 }
                if aligned {
                    func clamped(_ v: CGFloat) -> Int { Int(max(-1e9, min(1e9, v)).rounded()) }
                    state.clipX0 = max(state.clipX0, clamped(r.minX))
                    state.clipY0 = max(state.clipY0, clamped(r.minY))
                    state.clipX1 = min(state.clipX1, clamped(r.maxX))
                    state.clipY1 = min(state.clipY1, clamped(r.maxY))
                    return
                }
            }
        }
        let m = CGMutablePath()
        for r in finite { m.addRect(r, transform: state.ctm) }
        clipDevice(m.elements, evenOdd: false)
    }

    /// Restores the clip to the whole bitmap (Apple's `resetClip()`).
    public func resetClip() {
        state.clipMask = nil
        state.clipX0 = 0; state.clipY0 = 0; state.clipX1 = width; state.clipY1 = height
    }

    /// The bounding box of the clip, in user space.
    public var boundingBoxOfClipPath: CGRect {
        guard state.clipX0 < state.clipX1, state.clipY0 < state.clipY1 else { return .zero }
        let r = CGRect(x: state.clipX0, y: state.clipY0, width: state.clipX1 - state.clipX0, height: state.clipY1 - state.clipY0)
        return r.applying(rasterTransform.inverted()).applying(state.ctm.inverted())
    }

    /// Intersects the clip with device-space elements through a coverage mask covering only the
    /// elements' bounds within the current clip.
    func clipDevice(_ elements: [PathElement], evenOdd: Bool) {
        var made: ClipMask?
        rasterize(elements, evenOdd: evenOdd) { b in
            let (x0, y0, x1, y1) = b
            let mask = ClipMask(x0: x0, y0: y0, width: x1 - x0, height: y1 - y0, fill: 0)
            var writer = MaskWriter(mask: mask)
            let aa = state.antialias
            accumulator.sweep(evenOdd: evenOdd) { y, x, n, a in
                writer.span(row: y, x: x, count: n, alpha: aa ? a : (a >= 128 ? 255 : 0))
            }
            made = mask
        }
        guard let mask = made else {
            state.clipX1 = state.clipX0     // nothing is left visible
            return
        }
        if let old = state.clipMask {
            for row in mask.y0..<(mask.y0 + mask.height) {
                let a = mask.pointer(row: row, x: mask.x0)
                for i in 0..<mask.width { a[i] = UInt8(mul255(UInt32(a[i]), UInt32(old.value(row: row, x: mask.x0 + i)))) }
            }
        }
        state.clipMask = mask
        state.clipX0 = max(state.clipX0, mask.x0); state.clipY0 = max(state.clipY0, mask.y0)
        state.clipX1 = min(state.clipX1, mask.x0 + mask.width); state.clipY1 = min(state.clipY1, mask.y0 + mask.height)
    }
}
