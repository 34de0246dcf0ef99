import Foundation
@_spi(Lamina) import CoreGraphics
@_spi(Lamina) import QuartzCore

/// A colour (UIKit's `UIColor`): components in extended sRGB or grey, with the named and system
/// colours iOS defines (light appearance).
open class UIColor: NSObject, @unchecked Sendable, CATextLayerColorProviding {
    /// The colour as a `CGColor`.
    public let cgColor: CGColor

    /// A colour from a `CGColor`.
    public init(cgColor: CGColor) {
        self.cgColor = cgColor
        super.init()
    }

    /// sRGB components in [0, 1] (values outside are kept, as extended sRGB).
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// A grey.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(gray: white, alpha: alpha))
    }

    /// A colour from hue, saturation and brightness (HSB), each in [0, 1].
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6, s = max(0, min(1, saturation)), v = max(0, min(1, brightness))
        let i = Int(h) % 6, f = h - CGFloat(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat)
        switch i {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// A Display P3 colour.
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        let space = CGColorSpace(name: CGColorSpace.displayP3) ?? CGColorSpaceCreateDeviceRGB()
        self.init(cgColor: CGColor(colorSpace: space, components: [red, green, blue, alpha]) ?? CGColor(red: red, green: green,
                                                                                                       blue: blue, alpha: alpha))
    }

    /// The same colour with another alpha.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(cgColor: cgColor.copy(alpha: alpha) ?? cgColor)
    }

    /// The sRGB components; always true (every colour converts).
    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                     blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = cgColor.rgba
        red?.pointee = c.red; green?.pointee = c.green; blue?.pointee = c.blue; alpha?.pointee = c.alpha
        return true
    }

    /// The grey level and alpha; false for colours that are not grey.
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        if cgColor.numberOfComponents == 2, let comps = cgColor.components {
            white?.pointee = comps[0]; alpha?.pointee = comps[1]
            return true
        }
        let c = cgColor.rgba
        guard abs(c.red - c.green) < 1e-6, abs(c.green - c.blue) < 1e-6 else { return false }
        white?.pointee = c.red; alpha?.pointee = c.alpha
        return true
    }

    /// Hue, saturation, brightness and alpha.
    open func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                     brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = cgColor.rgba
        let mx = max(c.red, c.green, c.blue), mn = min(c.red, c.green, c.blue), d = mx - mn
        var h: CGFloat = 0
        if d > 0 {
            if mx == c.red { h = (c.green - c.blue) / d } else if mx == c.green { h = 2 + (c.blue - c.red) / d } else { h = 4 + (c.red - c.green) / d }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = mx > 0 ? d / mx : 0
        brightness?.pointee = mx
        alpha?.pointee = c.alpha
        return true
    }

    /// Sets this colour as the fill and stroke colour of the current graphics context.
    open func set() { setFill(); setStroke() }
    /// Sets this colour as the fill colour of the current graphics context.
    open func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
    /// Sets this colour as the stroke colour of the current graphics context.
    open func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }

    public var cgColorForTextLayer: CGColor { cgColor }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? UIColor else { return false }
        let a = cgColor.rgba, b = o.cgColor.rgba
        return abs(a.red - b.red) < 1e-6 && abs(a.green - b.green) < 1e-6 && abs(a.blue - b.blue) < 1e-6
            && abs(a.alpha - b.alpha) < 1e-6
    }

    open override var hash: Int {
        let c = cgColor.rgba
        var h = Hasher()
        for v in [c.red, c.green, c.blue, c.alpha] { h.combine(Int(saturating: (v * 100_000).rounded())) }
        return h.finalize()
    }

    open override var description: String {
        let c = cgColor.rgba
        return String(format: "UIExtendedSRGBColorSpace %g %g %g %g", Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha))
    }

    private static func rgb(_ r: Int, _ g: Int, _ b: Int, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: a)
    }

    // Named colours.
    public static var black: UIColor { UIColor(white: 0, alpha: 1) }
    public static var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    public static var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    public static var white: UIColor { UIColor(white: 1, alpha: 1) }
    public static var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    public static var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    public static var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    public static var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    public static var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    public static var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    public static var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    public static var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    public static var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    public static var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    public static var clear: UIColor { UIColor(white: 0, alpha: 0) }

    // System colours (iOS, light appearance).
    public static var systemRed: UIColor { rgb(255, 59, 48) }
    public static var systemGreen: UIColor { rgb(52, 199, 89) }
    public static var systemBlue: UIColor { rgb(0, 122, 255) }
    public static var systemOrange: UIColor { rgb(255, 149, 0) }
    public static var systemYellow: UIColor { rgb(255, 204, 0) }
    public static var systemPink: UIColor { rgb(255, 45, 85) }
    public static var systemPurple: UIColor { rgb(175, 82, 222) }
    public static var systemTeal: UIColor { rgb(48, 176, 199) }
    public static var systemIndigo: UIColor { rgb(88, 86, 214) }
    public static var systemMint: UIColor { rgb(0, 199, 190) }
    public static var systemCyan: UIColor { rgb(50, 173, 230) }
    public static var systemBrown: UIColor { rgb(162, 132, 94) }
    public static var systemGray: UIColor { rgb(142, 142, 147) }
    public static var systemGray2: UIColor { rgb(174, 174, 178) }
    public static var systemGray3: UIColor { rgb(199, 199, 204) }
    public static var systemGray4: UIColor { rgb(209, 209, 214) }
    public static var systemGray5: UIColor { rgb(229, 229, 234) }
    public static var systemGray6: UIColor { rgb(242, 242, 247) }
    public static var label: UIColor { rgb(0, 0, 0) }
    public static var secondaryLabel: UIColor { rgb(60, 60, 67, 0.6) }
    public static var tertiaryLabel: UIColor { rgb(60, 60, 67, 0.3) }
    public static var systemBackground: UIColor { rgb(255, 255, 255) }
    public static var secondarySystemBackground: UIColor { rgb(242, 242, 247) }
    public static var tertiarySystemBackground: UIColor { rgb(255, 255, 255) }
    public static var systemGroupedBackground: UIColor { rgb(242, 242, 247) }
    public static var separator: UIColor { rgb(60, 60, 67, 0.29) }
    public static var link: UIColor { rgb(0, 122, 255) }
    public static var tintColor: UIColor { systemBlue }
}
