import Foundation
@_spi(Lamina) import CoreGraphics
@_spi(Lamina) import QuartzCore

/// A colour (UIKit's `UIColor`): components in extended sRGB or grey, with the named colours and
/// the system and semantic colours iOS defines, which are dynamic: they have light and dark
/// values, resolved against a trait collection (`resolvedColor(with:)`; `cgColor` resolves
/// against `UITraitCollection.current`, and a view resolves the colours it is given against its
/// own traits, again when they change).
open class UIColor: NSObject, @unchecked Sendable, CATextLayerColorProviding {
    private let fixedColor: CGColor
    /// For a dynamic colour, what it is under given traits.
    private let provider: (@Sendable (UITraitCollection) -> UIColor)?

    /// The colour as a `CGColor` (a dynamic colour resolved against `UITraitCollection.current`).
    public var cgColor: CGColor {
        guard let provider else { return fixedColor }
        return provider(UITraitCollection.current).cgColor
    }

    /// A colour from a `CGColor`.
    public init(cgColor: CGColor) {
        fixedColor = cgColor
        provider = nil
        super.init()
    }

    /// A colour whose value depends on the traits it is resolved with (light and dark
    /// appearance, contrast, elevation…).
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        provider = dynamicProvider
        fixedColor = dynamicProvider(UITraitCollection(userInterfaceStyle: .light)).cgColor
        super.init()
    }

    /// Whether the colour depends on traits.
    var isDynamic: Bool { provider != nil }

    /// The colour under `traitCollection` (itself when it is not dynamic).
    open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        guard let provider else { return self }
        return provider(traitCollection).resolvedColor(with: traitCollection)
    }

    /// A dynamic colour with a light and a dark value.
    static func dynamic(light: UIColor, dark: UIColor) -> UIColor {
        UIColor { $0.userInterfaceStyle == .dark ? dark : light }
    }

    private static func rgb(_ light: (Int, Int, Int, CGFloat), _ dark: (Int, Int, Int, CGFloat)) -> UIColor {
        dynamic(light: rgb(light.0, light.1, light.2, light.3), dark: rgb(dark.0, dark.1, dark.2, dark.3))
    }

    /// sRGB components in [0, 1] (values outside are kept, as extended sRGB).
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// A grey in extended grey (sRGB's curve, as on iOS: white 2/3 draws as 170 of 255).
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(extendedGray: white, alpha: alpha))
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

    /// The same colour with another alpha (still dynamic when this one is).
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        if let provider { return UIColor { provider($0).withAlphaComponent(alpha) } }
        return UIColor(cgColor: cgColor.copy(alpha: alpha) ?? cgColor)
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
        if cgColor.colorSpace?.model == .monochrome, let g = cgColor.components, g.count == 2 {
            return String(format: "UIExtendedGrayColorSpace %g %g", Double(g[0]), Double(g[1]))
        }
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

    // System colours: iOS's light and dark values (Apple's Human Interface Guidelines).
    public static var systemRed: UIColor { rgb((255, 59, 48, 1), (255, 69, 58, 1)) }
    public static var systemGreen: UIColor { rgb((52, 199, 89, 1), (48, 209, 88, 1)) }
    public static var systemBlue: UIColor { rgb((0, 122, 255, 1), (10, 132, 255, 1)) }
    public static var systemOrange: UIColor { rgb((255, 149, 0, 1), (255, 159, 10, 1)) }
    public static var systemYellow: UIColor { rgb((255, 204, 0, 1), (255, 214, 10, 1)) }
    public static var systemPink: UIColor { rgb((255, 45, 85, 1), (255, 55, 95, 1)) }
    public static var systemPurple: UIColor { rgb((175, 82, 222, 1), (191, 90, 242, 1)) }
    public static var systemTeal: UIColor { rgb((48, 176, 199, 1), (64, 200, 224, 1)) }
    public static var systemIndigo: UIColor { rgb((88, 86, 214, 1), (94, 92, 230, 1)) }
    public static var systemMint: UIColor { rgb((0, 199, 190, 1), (102, 212, 207, 1)) }
    public static var systemCyan: UIColor { rgb((50, 173, 230, 1), (100, 210, 255, 1)) }
    public static var systemBrown: UIColor { rgb((162, 132, 94, 1), (172, 142, 104, 1)) }
    public static var systemGray: UIColor { rgb((142, 142, 147, 1), (142, 142, 147, 1)) }
    public static var systemGray2: UIColor { rgb((174, 174, 178, 1), (99, 99, 102, 1)) }
    public static var systemGray3: UIColor { rgb((199, 199, 204, 1), (72, 72, 74, 1)) }
    public static var systemGray4: UIColor { rgb((209, 209, 214, 1), (58, 58, 60, 1)) }
    public static var systemGray5: UIColor { rgb((229, 229, 234, 1), (44, 44, 46, 1)) }
    public static var systemGray6: UIColor { rgb((242, 242, 247, 1), (28, 28, 30, 1)) }
    // Semantic colours.
    public static var label: UIColor { rgb((0, 0, 0, 1), (255, 255, 255, 1)) }
    public static var secondaryLabel: UIColor { rgb((60, 60, 67, 0.6), (235, 235, 245, 0.6)) }
    public static var tertiaryLabel: UIColor { rgb((60, 60, 67, 0.3), (235, 235, 245, 0.3)) }
    public static var quaternaryLabel: UIColor { rgb((60, 60, 67, 0.18), (235, 235, 245, 0.16)) }
    public static var placeholderText: UIColor { rgb((60, 60, 67, 0.3), (235, 235, 245, 0.3)) }
    public static var systemBackground: UIColor { rgb((255, 255, 255, 1), (0, 0, 0, 1)) }
    public static var secondarySystemBackground: UIColor { rgb((242, 242, 247, 1), (28, 28, 30, 1)) }
    public static var tertiarySystemBackground: UIColor { rgb((255, 255, 255, 1), (44, 44, 46, 1)) }
    public static var systemGroupedBackground: UIColor { rgb((242, 242, 247, 1), (0, 0, 0, 1)) }
    public static var secondarySystemGroupedBackground: UIColor { rgb((255, 255, 255, 1), (28, 28, 30, 1)) }
    public static var tertiarySystemGroupedBackground: UIColor { rgb((242, 242, 247, 1), (44, 44, 46, 1)) }
    public static var systemFill: UIColor { rgb((120, 120, 128, 0.2), (120, 120, 128, 0.36)) }
    public static var secondarySystemFill: UIColor { rgb((120, 120, 128, 0.16), (120, 120, 128, 0.32)) }
    public static var tertiarySystemFill: UIColor { rgb((118, 118, 128, 0.12), (118, 118, 128, 0.24)) }
    public static var quaternarySystemFill: UIColor { rgb((116, 116, 128, 0.08), (118, 118, 128, 0.18)) }
    public static var separator: UIColor { rgb((60, 60, 67, 0.29), (84, 84, 88, 0.6)) }
    public static var opaqueSeparator: UIColor { rgb((198, 198, 200, 1), (56, 56, 58, 1)) }
    public static var link: UIColor { rgb((0, 122, 255, 1), (9, 132, 255, 1)) }
    public static var darkText: UIColor { UIColor(white: 0, alpha: 1) }
    public static var lightText: UIColor { UIColor(white: 1, alpha: 0.6) }
    public static var tintColor: UIColor { systemBlue }
}

extension UIColor {
    /// Whether the two colours resolve alike in light and dark appearance (a dynamic colour and a
    /// fixed one that matches it only in light mode are not the same).
    func looksTheSame(as other: UIColor) -> Bool {
        if self === other { return true }
        let light = UITraitCollection(userInterfaceStyle: .light), dark = UITraitCollection(userInterfaceStyle: .dark)
        return resolvedColor(with: light).isEqual(other.resolvedColor(with: light))
            && resolvedColor(with: dark).isEqual(other.resolvedColor(with: dark))
    }
}
