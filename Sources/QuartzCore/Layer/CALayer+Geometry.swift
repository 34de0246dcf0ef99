extension CALayer {
    /// The anchor point in bounds coordinates.
    var anchorInBounds: CGPoint {
        let b = bounds, a = anchorPoint
        return CGPoint(x: b.minX + a.x * b.width, y: b.minY + a.y * b.height)
    }

    /// The matrix from this layer's coordinates to its superlayer's (spec §1):
    /// `T(−anchor, −anchorPointZ) · transform · T(position, zPosition)`, followed by the
    /// superlayer's `sublayerTransform` applied about the superlayer's anchor point.
    ///
    /// [U] The spec leaves the pivot of `sublayerTransform` unconfirmed; Lamina uses the
    /// superlayer's anchor point including its `anchorPointZ`, symmetric with `transform`.
    public var transformToSuperlayer: CATransform3D {
        let a = anchorInBounds, p = position
        var m = transform
        if CATransform3DIsIdentity(m) {
            m = CATransform3DMakeTranslation(p.x - a.x, p.y - a.y, zPosition - anchorPointZ)
        } else {
            m = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-a.x, -a.y, -anchorPointZ), m),
                                    CATransform3DMakeTranslation(p.x, p.y, zPosition))
        }
        if let s = _superlayer, !isMaskLayer {
            let st = s.sublayerTransform
            if !CATransform3DIsIdentity(st) {
                let sa = s.anchorInBounds, sz = s.anchorPointZ
                m = CATransform3DConcat(m, CATransform3DConcat(CATransform3DConcat(
                    CATransform3DMakeTranslation(-sa.x, -sa.y, -sz), st), CATransform3DMakeTranslation(sa.x, sa.y, sz)))
            }
        }
        return m
    }

    /// The layer's rectangle in its superlayer's coordinates: the bounding box of the bounds'
    /// corners mapped through ``transformToSuperlayer``. Not animatable.
    ///
    /// [U] With a perspective transform Lamina ignores the projection (uses x and y of the mapped
    /// corners), as the spec's reading of Apple's behaviour suggests.
    ///
    /// Setting it sets `bounds.size` and `position`. With an identity transform that is
    /// `bounds.size = frame.size` and `position = origin + anchorPoint ⊙ size`. [U] Under a
    /// transform, which Apple advises against, Lamina keeps the frame's centre exact: the size is
    /// solved exactly when the transform keeps rectangles axis-aligned (scales, flips, quarter
    /// turns) and taken as given otherwise.
    var baseFrame: CGRect {
        get {
            let b = bounds
            let t = transform
            let p = position, a = anchorInBounds
            if CATransform3DIsIdentity(t) {
                return CGRect(x: p.x - (a.x - b.minX), y: p.y - (a.y - b.minY), width: b.width, height: b.height)
            }
            let m = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-a.x, -a.y, -anchorPointZ), t),
                                        CATransform3DMakeTranslation(p.x, p.y, zPosition))
            let corners = [CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY),
                           CGPoint(x: b.minX, y: b.maxY), CGPoint(x: b.maxX, y: b.maxY)].map { c -> CGPoint in
                let r = m.apply(x: c.x, y: c.y, z: 0)
                return CGPoint(x: r.x, y: r.y)
            }
            return CGRect.boundingBox(of: corners)
        }
        set {
            guard newValue.isFinite else {
                LaminaDiagnostics.report("\(diagnosticName).frame: refused non-finite value \(newValue); the old value stays")
                return
            }
            let f = newValue.standardized
            let t = transform
            let ap = anchorPoint
            var size = f.size
            let lin = CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: 0, ty: 0)
            if !CATransform3DIsIdentity(t) {
                // Entries below this are rounding noise (cos(π/2) is 6e-17, not 0).
                let eps = 1e-12 * max(abs(lin.a), abs(lin.b), abs(lin.c), abs(lin.d))
                func zero(_ v: CGFloat) -> Bool { abs(v) <= eps }
                if zero(lin.b) && zero(lin.c) && !zero(lin.a) && !zero(lin.d) {
                    size = CGSize(width: f.width / abs(lin.a), height: f.height / abs(lin.d))
                } else if zero(lin.a) && zero(lin.d) && !zero(lin.b) && !zero(lin.c) {
                    size = CGSize(width: f.height / abs(lin.b), height: f.width / abs(lin.c))
                }
            }
            var b = bounds
            b.size = size
            bounds = b
            // The bounds' centre relative to the anchor, through the transform, lands on the frame's centre.
            let offset = CGPoint(x: (0.5 - ap.x) * size.width, y: (0.5 - ap.y) * size.height).applying(lin)
            position = CGPoint(x: f.midX - offset.x - t.m41, y: f.midY - offset.y - t.m42)
        }
    }

    /// The transform as an affine transform: the transform itself when it is affine, else the
    /// identity (any z, perspective or rotation about x or y), as Apple's `affineTransform()`.
    func baseAffineTransform() -> CGAffineTransform {
        let t = transform
        return CATransform3DIsAffine(t) ? CATransform3DGetAffineTransform(t) : .identity
    }

    /// Sets the transform from an affine transform.
    func baseSetAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    // MARK: Conversion

    /// The matrix from this layer's plane to `ancestor`'s (nil: the coordinate space the root of
    /// this layer's tree is positioned in). Each ordinary layer flattens what it contains into
    /// its own plane; a `CATransformLayer` keeps depth for its sublayers.
    func matrix(toAncestor ancestor: CALayer?) -> CATransform3D {
        var m = CATransform3DIdentity
        var layer = self
        while layer !== ancestor {
            m = CATransform3DConcat(m, layer.transformToSuperlayer)
            guard let s = layer._superlayer else { break }
            if !s.preservesSublayerDepth { m = m.flattened }
            layer = s
        }
        return m
    }

    /// The nearest layer that is this layer or an ancestor of both.
    func commonAncestor(with other: CALayer) -> CALayer? {
        var mine = Set<ObjectIdentifier>()
        var l: CALayer? = self
        while let c = l { mine.insert(ObjectIdentifier(c)); l = c._superlayer }
        l = other
        while let c = l { if mine.contains(ObjectIdentifier(c)) { return c }; l = c._superlayer }
        return nil
    }

    /// The 2D projective map from `layer`'s plane (nil: see ``convert(_:from:)-point``) to this layer's.
    func homography(from layer: CALayer?) -> Homography? {
        let common = layer.flatMap { commonAncestor(with: $0) }
        let up = Homography(layer?.matrix(toAncestor: common) ?? CATransform3DIdentity)
        let down = Homography(matrix(toAncestor: common))
        guard let inv = down.inverse else { return nil }
        return up.then(inv)
    }

    /// Converts a point from `layer`'s coordinates to this layer's, through every transform
    /// (3D and perspective included). With nil, `p` is in the space the root of this layer's
    /// tree is positioned in. Returns `p` unchanged when the mapping is singular.
    func baseConvert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        homography(from: layer)?.map(p) ?? p
    }

    /// Converts a point from this layer's coordinates to `layer`'s.
    func baseConvert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        if let layer { return layer.convert(p, from: self) }
        return Homography(matrix(toAncestor: nil)).map(p) ?? p
    }

    /// Converts a rectangle from `layer`'s coordinates: the bounding box of its mapped corners.
    func baseConvert(_ r: CGRect, from layer: CALayer?) -> CGRect {
        guard let h = homography(from: layer) else { return r }
        return h.mapRect(r)
    }

    /// Converts a rectangle from this layer's coordinates to `layer`'s.
    func baseConvert(_ r: CGRect, to layer: CALayer?) -> CGRect {
        if let layer { return layer.convert(r, from: self) }
        return Homography(matrix(toAncestor: nil)).mapRect(r)
    }

    // MARK: Hit testing

    func defaultHitTest(_ p: CGPoint) -> CALayer? {
        guard let s = _superlayer else { return hitTest(p, base: nil) }
        return hitTest(p, base: s.preservesSublayerDepth ? s.nearestFlatteningAncestor : s)
    }

    /// Hit testing with `p` in `base`'s plane (the nearest flattening ancestor).
    func hitTest(_ p: CGPoint, base: CALayer?) -> CALayer? {
        if isHidden { return nil }
        return TreeDepth.descend("hit-tested", fallback: nil) { hitTestLevel(p, base: base) }
    }

    private func hitTestLevel(_ p: CGPoint, base: CALayer?) -> CALayer? {
        presentationChildrenReady()
        if preservesSublayerDepth {
            // A transform layer is never hit itself; its sublayers are tested in 3D (spec §2).
            for sub in _sublayers.reversed() {
                if let hit = sub.hitTest(p, base: base) { return hit }
            }
            return nil
        }
        guard let h = Homography(matrix(toAncestor: base)).inverse, let local = h.map(p) else { return nil }
        let inside = contains(local)
        if masksToBounds && !inside { return nil }
        for sub in _sublayers.reversed() {
            if let hit = sub.hitTest(local) { return hit }
        }
        return inside ? self : nil
    }

    var nearestFlatteningAncestor: CALayer? {
        var l = _superlayer
        while let c = l, c.preservesSublayerDepth { l = c._superlayer }
        return l
    }
}
