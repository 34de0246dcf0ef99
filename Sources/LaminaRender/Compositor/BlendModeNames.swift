@_spi(Lamina) import CoreGraphics
import Foundation

/// The blend mode a layer's `compositingFilter` names (Core Animation's filter names:
/// "multiplyBlendMode", "screenBlendMode"…, and the Porter-Duff ones "destOut", "destIn",
/// "sourceAtop"…), or nil; an unknown name is reported once and ignored.
package func blendMode(forCompositingFilter f: Any?) -> CGBlendMode? {
    guard let f else { return nil }
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

extension CGBlendMode {
    /// The blend modes that mix hue, saturation and luminosity rather than each channel alone,
    /// which iOS's `render(in:)` does not apply as compositing filters.
    var isNonSeparable: Bool {
        switch self {
        case .hue, .saturation, .color, .luminosity: return true
        default: return false
        }
    }
}
