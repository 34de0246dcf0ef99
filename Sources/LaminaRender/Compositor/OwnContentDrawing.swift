@_spi(Lamina) import CoreGraphics

extension GradientContent {
    /// The gradient over the background, filling the layer's shape (rounded corners included).
    package func draw(in ctx: CGContext, bounds: CGRect, alpha: CGFloat, shape: CGPath) {
        let cgColors = colors
        guard !cgColors.isEmpty else { return }
        var locs: [CGFloat]? = locations
        if let l = locs, l.count != cgColors.count { locs = nil }
        // [U] Apple's gradient layers interpolate in Generic RGB (gamma 1.8) with the colours
        // clipped to its gamut: `gradient-red-yellow.png` (red to yellow @3x) starts at green 38,
        // not 0, and fits this model within 0.2/255 on average; a plain sRGB ramp is off by 4.4.
        let space = GradientLayerColorSpace.shared
        let gradient: CGGradient? = locs == nil
            ? CGGradient(colorsSpace: space, colors: cgColors as CFArray, locations: nil)
            : locs!.withUnsafeBufferPointer { CGGradient(colorsSpace: space, colors: cgColors as CFArray, locations: $0.baseAddress) }
        guard let gradient else { return }
        let b = bounds
        guard b.width > 0, b.height > 0 else { return }
        // startPoint and endPoint are in the unit coordinate space: Apple draws the gradient in
        // the unit square and maps the square onto the bounds, so on a non-square layer a
        // (0,0)→(1,1) gradient's bands run along the other diagonal, a radial gradient ending
        // at a corner is the ellipse filling the bounds, and a conic one's angles are stretched
        // with the square (the CAGradientLayer documentation: "the start point corresponds to
        // the first stop of the gradient. The point is defined in the unit coordinate space and
        // is then mapped to the layer's bounds rectangle when drawn").
        let s = startPoint, e = endPoint
        ctx.saveGState()
        ctx.setAlpha(alpha)
        ctx.addPath(shape)
        ctx.clip()
        ctx.translateBy(x: b.minX, y: b.minY)
        ctx.scaleBy(x: b.width, y: b.height)
        switch geometry {
        case .radial:
            // An ellipse centred at startPoint with half-axes (end − start) in each direction.
            let rx = abs(e.x - s.x), ry = abs(e.y - s.y)
            guard rx > 0, ry > 0 else { ctx.restoreGState(); return }
            ctx.translateBy(x: s.x, y: s.y)
            ctx.scaleBy(x: rx, y: ry)
            ctx.drawRadialGradient(gradient, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 1,
                                   options: .drawsAfterEndLocation)
        case .conic:
            ctx.drawConicGradient(gradient, center: s, angle: atan2(e.y - s.y, e.x - s.x))
        default:
            ctx.drawLinearGradient(gradient, start: s, end: e, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        ctx.restoreGState()
    }
}

/// The colour space gradient layers interpolate in.
package enum GradientLayerColorSpace {
    package static let shared = CGColorSpace(name: kCGColorSpaceGenericRGB)
}

extension ShapeContent {
    /// The path: fill first, then the stroke trimmed to [strokeStart, strokeEnd] of its length.
    package func draw(in ctx: CGContext, alpha: CGFloat) {
        guard let path, !path.isEmpty else { return }
        ctx.saveGState()
        ctx.setAlpha(alpha)
        if let fill = fillColor, fill.a > 0 {
            ctx.setFillColor(red: fill.r, green: fill.g, blue: fill.b, alpha: fill.a)
            ctx.addPath(path)
            ctx.fillPath(using: evenOdd ? .evenOdd : .winding)
        }
        if let stroke = strokeColor, stroke.a > 0, lineWidth > 0 {
            let start = max(0, min(1, strokeStart)), end = max(0, min(1, strokeEnd))
            if end > start {
                let trimmed = (start == 0 && end == 1) ? path : ShapeContent.trim(path, from: start, to: end)
                ctx.setStrokeColor(red: stroke.r, green: stroke.g, blue: stroke.b, alpha: stroke.a)
                ctx.setLineWidth(lineWidth)
                ctx.setLineCap(lineCap)
                ctx.setLineJoin(lineJoin)
                ctx.setMiterLimit(miterLimit)
                let dashes = lineDashPattern ?? []
                ctx.setLineDash(phase: lineDashPhase, lengths: dashes)
                ctx.addPath(trimmed)
                ctx.strokePath()
            }
        }
        ctx.restoreGState()
    }

    /// The part of `path` between fractions `a` and `b` of its total length (curves flattened
    /// finely), as open polylines; a closed subpath trimmed in the middle stays open.
    package static func trim(_ path: CGPath, from a: CGFloat, to b: CGFloat) -> CGPath {
        let lines = path.flattenedPolylines(tolerance: 0.01).map { l -> [CGPoint] in
            l.closed && l.points.count > 1 ? l.points + [l.points[0]] : l.points
        }
        func length(_ pts: [CGPoint]) -> CGFloat {
            zip(pts, pts.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
        }
        let total = lines.reduce(0) { $0 + length($1) }
        let out = CGMutablePath()
        guard total > 0 else { return out }
        let from = a * total, to = b * total
        var walked: CGFloat = 0
        for pts in lines {
            var open = false
            for (p, q) in zip(pts, pts.dropFirst()) {
                let seg = hypot(q.x - p.x, q.y - p.y)
                defer { walked += seg }
                let s0 = max(from, walked), s1 = min(to, walked + seg)
                guard seg > 0, s1 > s0 else { open = false; continue }
                let t0 = (s0 - walked) / seg, t1 = (s1 - walked) / seg
                let p0 = CGPoint(x: p.x + (q.x - p.x) * t0, y: p.y + (q.y - p.y) * t0)
                let p1 = CGPoint(x: p.x + (q.x - p.x) * t1, y: p.y + (q.y - p.y) * t1)
                if !open { out.move(to: p0); open = true }
                out.addLine(to: p1)
                if s1 < walked + seg { open = false }
            }
        }
        return out
    }
}
