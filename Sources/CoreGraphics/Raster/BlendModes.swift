/// Per-pixel compositing under every `CGBlendMode`, on premultiplied colour (PDF blend model):
/// the separable and non-separable modes give
/// `result = (1 − αs)·Cb + (1 − αb)·Cs + αs·αb·B(cb, cs)` with `cb`, `cs` unpremultiplied, and the
/// Porter-Duff modes their usual operators. The result is then mixed with the destination by the
/// coverage, so drawing only affects the pixels its shape covers.
enum Blend {
    typealias RGBA = (r: Float, g: Float, b: Float, a: Float)

    @inline(__always) static func unpack(_ w: UInt32, _ o: (r: Int, g: Int, b: Int, a: Int)) -> RGBA {
        (Float((w >> UInt32(o.r * 8)) & 0xFF) / 255, Float((w >> UInt32(o.g * 8)) & 0xFF) / 255,
         Float((w >> UInt32(o.b * 8)) & 0xFF) / 255, Float((w >> UInt32(o.a * 8)) & 0xFF) / 255)
    }

    @inline(__always) static func pack(_ c: RGBA, _ o: (r: Int, g: Int, b: Int, a: Int)) -> UInt32 {
        func byte(_ v: Float) -> UInt32 { UInt32(max(0, min(255, v * 255 + 0.5))) }
        let a = byte(c.a)
        // Keep premultiplied channels at or below alpha.
        return min(byte(c.r), a) << UInt32(o.r * 8) | min(byte(c.g), a) << UInt32(o.g * 8)
            | min(byte(c.b), a) << UInt32(o.b * 8) | a << UInt32(o.a * 8)
    }

    /// `s` over `d` under `mode`, premultiplied.
    static func apply(_ mode: CGBlendMode, _ s: RGBA, _ d: RGBA) -> RGBA {
        let sa = s.a, da = d.a
        func pd(_ fs: Float, _ fd: Float) -> RGBA {
            (s.r * fs + d.r * fd, s.g * fs + d.g * fd, s.b * fs + d.b * fd, sa * fs + da * fd)
        }
        switch mode {
        case .normal: return pd(1, 1 - sa)
        case .clear: return (0, 0, 0, 0)
        case .copy: return s
        case .sourceIn: return pd(da, 0)
        case .sourceOut: return pd(1 - da, 0)
        case .sourceAtop: return pd(da, 1 - sa)
        case .destinationOver: return pd(1 - da, 1)
        case .destinationIn: return pd(0, sa)
        case .destinationOut: return pd(0, 1 - sa)
        case .destinationAtop: return pd(1 - da, sa)
        case .xor: return pd(1 - da, 1 - sa)
        case .plusLighter:
            return (min(1, s.r + d.r), min(1, s.g + d.g), min(1, s.b + d.b), min(1, sa + da))
        case .plusDarker:
            // Apple: R = max(0, 1 − ((1 − D) + (1 − S))), alpha as for plusLighter.
            let a = min(1, sa + da)
            return (max(0, a - ((da - d.r) + (sa - s.r))), max(0, a - ((da - d.g) + (sa - s.g))),
                    max(0, a - ((da - d.b) + (sa - s.b))), a)
        default:
            let cs = unpremultiply(s), cb = unpremultiply(d)
            let mixed: (Float, Float, Float)
            switch mode {
            case .hue: mixed = setLum(setSat(cs, sat(cb)), lum(cb))
            case .saturation: mixed = setLum(setSat(cb, sat(cs)), lum(cb))
            case .color: mixed = setLum(cs, lum(cb))
            case .luminosity: mixed = setLum(cb, lum(cs))
            default: mixed = (separable(mode, cb.0, cs.0), separable(mode, cb.1, cs.1), separable(mode, cb.2, cs.2))
            }
            let k = sa * da
            return ((1 - sa) * d.r + (1 - da) * s.r + k * mixed.0, (1 - sa) * d.g + (1 - da) * s.g + k * mixed.1,
                    (1 - sa) * d.b + (1 - da) * s.b + k * mixed.2, sa + da - k)
        }
    }

    static func unpremultiply(_ c: RGBA) -> (Float, Float, Float) {
        c.a > 0 ? (c.r / c.a, c.g / c.a, c.b / c.a) : (0, 0, 0)
    }

    /// B(cb, cs) of the separable modes.
    static func separable(_ mode: CGBlendMode, _ cb: Float, _ cs: Float) -> Float {
        switch mode {
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return separable(.hardLight, cs, cb)
        case .darken: return min(cb, cs)
        case .lighten: return max(cb, cs)
        case .colorDodge: return cb == 0 ? 0 : (cs >= 1 ? 1 : min(1, cb / (1 - cs)))
        case .colorBurn: return cb >= 1 ? 1 : (cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs))
        case .hardLight: return cs <= 0.5 ? cb * 2 * cs : separable(.screen, cb, 2 * cs - 1)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        default: return cs
        }
    }

    static func lum(_ c: (Float, Float, Float)) -> Float { 0.3 * c.0 + 0.59 * c.1 + 0.11 * c.2 }
    static func sat(_ c: (Float, Float, Float)) -> Float { max(c.0, c.1, c.2) - min(c.0, c.1, c.2) }
    static func clipColor(_ c: (Float, Float, Float)) -> (Float, Float, Float) {
        let l = lum(c), n = min(c.0, c.1, c.2), x = max(c.0, c.1, c.2)
        var r = c
        if n < 0 { r = (l + (r.0 - l) * l / (l - n), l + (r.1 - l) * l / (l - n), l + (r.2 - l) * l / (l - n)) }
        if x > 1 { r = (l + (r.0 - l) * (1 - l) / (x - l), l + (r.1 - l) * (1 - l) / (x - l), l + (r.2 - l) * (1 - l) / (x - l)) }
        return r
    }
    static func setLum(_ c: (Float, Float, Float), _ l: Float) -> (Float, Float, Float) {
        let d = l - lum(c)
        return clipColor((c.0 + d, c.1 + d, c.2 + d))
    }
    static func setSat(_ c: (Float, Float, Float), _ s: Float) -> (Float, Float, Float) {
        var v = [c.0, c.1, c.2]
        let order = [0, 1, 2].sorted { v[$0] < v[$1] }
        let (lo, mid, hi) = (order[0], order[1], order[2])
        if v[hi] > v[lo] {
            v[mid] = (v[mid] - v[lo]) * s / (v[hi] - v[lo]); v[hi] = s
        } else {
            v[mid] = 0; v[hi] = 0
        }
        v[lo] = 0
        return (v[0], v[1], v[2])
    }
}
