/// Conversion between Lamina's colour spaces through linear light.
///
/// RGB spaces use sRGB primaries (sRGB, extended and linear sRGB, device RGB), Display P3
/// primaries, or the generic RGB primaries (the Trinitron-like phosphors of Apple's "Generic RGB
/// Profile"), all D65 white, so moving between them is a 3×3 matrix on linear values. sRGB,
/// Display P3 and the extended spaces share the sRGB transfer curve (the extended ones mirror it
/// for negative values and are not clamped); generic RGB uses gamma 1.8, generic gray gamma 2.2,
/// device gray and extended gray the sRGB curve.
enum ColorConversion {
    enum Curve { case srgb, linear, gamma22, gamma18 }
    enum Primaries { case srgb, p3, generic }

    static func describe(_ space: CGColorSpace) -> (curve: Curve, primaries: Primaries, extended: Bool)? {
        switch space.name {
        case CGColorSpace.sRGB, CGColorSpace.deviceRGBName: (.srgb, .srgb, false)
        case CGColorSpace.extendedSRGB: (.srgb, .srgb, true)
        case CGColorSpace.linearSRGB: (.linear, .srgb, false)
        case CGColorSpace.genericRGBLinear: (.linear, .generic, false)
        case kCGColorSpaceGenericRGB: (.gamma18, .generic, false)
        case CGColorSpace.extendedLinearSRGB: (.linear, .srgb, true)
        case CGColorSpace.displayP3: (.srgb, .p3, false)
        case CGColorSpace.genericGrayGamma2_2: (.gamma22, .srgb, false)
        case CGColorSpace.linearGray: (.linear, .srgb, false)
        case CGColorSpace.extendedGray: (.srgb, .srgb, true)
        case CGColorSpace.deviceGrayName: (.srgb, .srgb, false)
        default: nil
        }
    }

    static func decode(_ v: CGFloat, _ c: Curve) -> CGFloat {
        let a = abs(v), s: CGFloat = v < 0 ? -1 : 1
        if a == 0 || a == 1 { return v }     // exact at the ends
        switch c {
        case .linear: return v
        case .gamma22: return s * pow(a, 2.2)
        case .gamma18: return s * pow(a, 1.8)
        case .srgb: return s * (a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4))
        }
    }

    static func encode(_ v: CGFloat, _ c: Curve) -> CGFloat {
        let a = abs(v), s: CGFloat = v < 0 ? -1 : 1
        if a == 0 || a == 1 { return v }     // exact at the ends
        switch c {
        case .linear: return v
        case .gamma22: return s * pow(a, 1 / 2.2)
        case .gamma18: return s * pow(a, 1 / 1.8)
        case .srgb: return s * (a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055)
        }
    }

    /// Linear Display P3 to linear sRGB, and back (D65, published matrices).
    static let p3ToSRGB: [[CGFloat]] = [[1.2249401, -0.2249404, 0.0], [-0.0420569, 1.0420571, 0.0],
                                        [-0.0196376, -0.0786361, 1.0982735]]
    static let srgbToP3: [[CGFloat]] = [[0.8224621, 0.1775380, 0.0], [0.0331941, 0.9668058, 0.0],
                                        [0.0170827, 0.0723974, 0.9105199]]

    /// Linear generic RGB to linear sRGB, and back: built from the chromaticities (red 0.630,
    /// 0.340; green 0.295, 0.605; blue 0.155, 0.077; D65 white).
    static let genericToSRGB: [[CGFloat]] = {
        let toXYZ = rgbToXYZ([(0.630, 0.340), (0.295, 0.605), (0.155, 0.077)])
        let srgbToXYZ = rgbToXYZ([(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)])
        return product(inverse(srgbToXYZ), toXYZ)
    }()
    static let srgbToGeneric: [[CGFloat]] = inverse(genericToSRGB)

    /// The matrix from linear RGB with these primaries (D65 white) to XYZ.
    private static func rgbToXYZ(_ p: [(CGFloat, CGFloat)]) -> [[CGFloat]] {
        let cols: [[CGFloat]] = p.map { x, y -> [CGFloat] in [x / y, 1, (1 - x - y) / y] }
        let m = (0..<3).map { r in (0..<3).map { c in cols[c][r] } }
        let white: [CGFloat] = [0.3127 / 0.3290, 1, (1 - 0.3127 - 0.3290) / 0.3290]
        let k = mul(inverse(m), white)
        return m.map { row in (0..<3).map { row[$0] * k[$0] } }
    }

    private static func product(_ a: [[CGFloat]], _ b: [[CGFloat]]) -> [[CGFloat]] {
        (0..<3).map { r in
            (0..<3).map { c -> CGFloat in
                let x: CGFloat = a[r][0] * b[0][c]
                let y: CGFloat = a[r][1] * b[1][c]
                let z: CGFloat = a[r][2] * b[2][c]
                return x + y + z
            }
        }
    }

    private static func inverse(_ m: [[CGFloat]]) -> [[CGFloat]] {
        let (a, b, c, d, e, f, g, h, i) = (m[0][0], m[0][1], m[0][2], m[1][0], m[1][1], m[1][2], m[2][0], m[2][1], m[2][2])
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        return [[A / det, -(b * i - c * h) / det, (b * f - c * e) / det],
                [B / det, (a * i - c * g) / det, -(a * f - c * d) / det],
                [C / det, -(a * h - b * g) / det, (a * e - b * d) / det]]
    }

    /// `components` (alpha last) of `from` expressed in `to`; nil for spaces it does not know.
    static func convert(_ components: [CGFloat], from: CGColorSpace, to: CGColorSpace) -> [CGFloat]? {
        guard let f = describe(from), let t = describe(to), let alpha = components.last else { return nil }
        if from == to { return components }
        // To linear sRGB-primaries RGB.
        var rgb: [CGFloat]
        if from.model == .monochrome {
            let g = decode(components[0], f.curve)
            rgb = [g, g, g]
        } else {
            rgb = components.prefix(3).map { decode($0, f.curve) }
            if f.primaries == .p3 { rgb = mul(p3ToSRGB, rgb) }
            if f.primaries == .generic { rgb = mul(genericToSRGB, rgb) }
        }
        // Out to the target.
        var out: [CGFloat]
        if to.model == .monochrome {
            let y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
            out = [encode(y, t.curve)]
        } else {
            if t.primaries == .p3 { rgb = mul(srgbToP3, rgb) }
            if t.primaries == .generic { rgb = mul(srgbToGeneric, rgb) }
            out = rgb.map { encode($0, t.curve) }
        }
        if !t.extended { out = out.map { max(0, min(1, $0)) } }
        return out + [alpha]
    }

    private static func mul(_ m: [[CGFloat]], _ v: [CGFloat]) -> [CGFloat] {
        m.map { $0[0] * v[0] + $0[1] * v[1] + $0[2] * v[2] }
    }
}

extension CGColor {
    /// This colour in `space` (through linear light), or nil when either space is one Lamina
    /// cannot convert.
    public func converted(to space: CGColorSpace, intent: CGColorRenderingIntent, options: CFDictionary?) -> CGColor? {
        guard let from = colorSpace, let c = components,
              let out = ColorConversion.convert(c, from: from, to: space) else { return nil }
        return CGColor(space: space, components: out)
    }
}
