import Foundation

extension Frame {
    /// The anchor point of node `i` in its bounds coordinates.
    @inline(__always)
    package func anchorInBounds(_ i: Int) -> CGPoint {
        let b = values.bounds[i], a = values.anchorPoint[i]
        return CGPoint(x: b.minX + a.x * b.width, y: b.minY + a.y * b.height)
    }

    /// The matrix from node `i`'s coordinates to its superlayer's, as `CALayer`'s
    /// `transformToSuperlayer`: `T(−anchor, −anchorPointZ) · transform · T(position, zPosition)`,
    /// then the superlayer's `sublayerTransform` about the superlayer's anchor point (not for a
    /// mask).
    package func transformToSuperlayer(_ slot: Int32) -> CATransform3D {
        let i = Int(slot)
        let a = anchorInBounds(i), p = values.position[i]
        var m = values.transform[i]
        if CATransform3DIsIdentity(m) {
            m = CATransform3DMakeTranslation(p.x - a.x, p.y - a.y, values.zPosition[i] - values.anchorPointZ[i])
        } else {
            m = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-a.x, -a.y, -values.anchorPointZ[i]), m),
                                    CATransform3DMakeTranslation(p.x, p.y, values.zPosition[i]))
        }
        let s = tree.parent[i]
        if s >= 0, !values.flags[i].contains(.isMask) {
            let si = Int(s)
            let st = values.sublayerTransform[si]
            if !CATransform3DIsIdentity(st) {
                let sa = anchorInBounds(si), sz = values.anchorPointZ[si]
                m = CATransform3DConcat(m, CATransform3DConcat(CATransform3DConcat(
                    CATransform3DMakeTranslation(-sa.x, -sa.y, -sz), st), CATransform3DMakeTranslation(sa.x, sa.y, sz)))
            }
        }
        return m
    }

    /// The offset from node `slot`'s coordinates to its superlayer's when that mapping is a
    /// plain translation in the plane (no transform, no superlayer `sublayerTransform`: most
    /// layers); nil otherwise (use ``transformToSuperlayer(_:)``).
    @inline(__always)
    package func translationToSuperlayer(_ slot: Int32) -> CGPoint? {
        let i = Int(slot)
        guard values.transform[i].isIdentity else { return nil }
        let s = tree.parent[i]
        if s >= 0, !values.flags[i].contains(.isMask), !values.sublayerTransform[Int(s)].isIdentity { return nil }
        let a = anchorInBounds(i), p = values.position[i]
        return CGPoint(x: p.x - a.x, y: p.y - a.y)
    }

    /// Whether node `i` keeps its sublayers' depth (a `CATransformLayer`).
    @inline(__always)
    package func isTransformLayer(_ i: Int) -> Bool {
        values.style[i].kind == .transformLayer && values.flags[i].contains(.preservesDepth)
    }

    /// Node `i`'s sublayers in drawing order: by `zPosition` (higher in front), ties in array
    /// order (how a flattening layer orders its sublayers, spec §8).
    package func sublayersInDrawingOrder(_ i: Int) -> [Int32] {
        let subs = tree.children[i]
        guard subs.count > 1 else { return subs }
        let z0 = values.zPosition[Int(subs[0])]
        guard subs.contains(where: { values.zPosition[Int($0)] != z0 }) else { return subs }
        return subs.enumerated().sorted {
            let za = values.zPosition[Int($0.element)], zb = values.zPosition[Int($1.element)]
            return za != zb ? za < zb : $0.offset < $1.offset
        }.map(\.element)
    }
}
