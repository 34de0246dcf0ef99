/// An immutable colour: components in a colour space, alpha last.
public final class CGColor: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The colour space of the components.
    public let colorSpace: CGColorSpace?
    /// The components including alpha (for RGB: red, green, blue, alpha).
    public let components: [CGFloat]?
    /// The colour as non-premultiplied sRGB components and alpha (converted from its own space;
    /// extended spaces may give values outside [0, 1]). Worked out once, when the colour is made:
    /// a fill or stroke colour is read per shape drawn.
    public let rgba: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)

    /// Creates a colour in a colour space; nil when the component count does not match the space.
    public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        let n = space.numberOfComponents + 1
        guard n > 1 else { return nil }
        self.init(space: space, components: Array(UnsafeBufferPointer(start: components, count: n)))
    }

    init(space: CGColorSpace, components: [CGFloat]) {
        self.colorSpace = space
        self.components = components
        self.rgba = CGColor.rgba(components, in: space)
    }

    /// An sRGB colour.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: CGColorSpace.shared_sRGB, components: [red, green, blue, alpha])
    }

    /// A generic gray colour.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(space: CGColorSpace.sharedGray, components: [gray, alpha])
    }

    /// A grey in extended grey, sRGB's curve (UIKit's `UIColor(white:alpha:)`).
    @_spi(Lamina) public convenience init(extendedGray gray: CGFloat, alpha: CGFloat) {
        self.init(space: CGColorSpace.sharedExtendedGray, components: [gray, alpha])
    }

    /// An sRGB colour (the `srgbRed` spelling).
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The number of components, alpha included.
    public var numberOfComponents: Int { components?.count ?? 0 }

    /// The alpha component.
    public var alpha: CGFloat { components?.last ?? 1 }

    /// The same colour with a different alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        guard var c = components, let space = colorSpace else { return nil }
        c[c.count - 1] = alpha
        return CGColor(space: space, components: c)
    }

    /// Opaque black.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Fully transparent black.
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// ``rgba`` of `components` in `space`.
    private static func rgba(_ components: [CGFloat], in space: CGColorSpace) -> (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        var c = components
        // The shared sRGB space (every `init(red:green:blue:alpha:)` colour) by identity, before
        // comparing names.
        if space !== CGColorSpace.shared_sRGB, space.name != CGColorSpace.sRGB,
           let converted = ColorConversion.convert(c, from: space, to: CGColorSpace.extendedSRGBSpace) {
            c = converted
        }
        switch c.count {
        case 2: return (c[0], c[0], c[0], c[1])
        case 4...: return (c[0], c[1], c[2], c[3])
        default: return (0, 0, 0, c.last ?? 1)
        }
    }

    public static func == (l: CGColor, r: CGColor) -> Bool {
        l === r || (l.colorSpace == r.colorSpace && l.components == r.components)
    }
    public func hash(into h: inout Hasher) { h.combine(colorSpace); h.combine(components) }
    public var description: String {
        "<CGColor \(colorSpace?.name ?? "?") \(components?.map { "\($0)" }.joined(separator: " ") ?? "")>"
    }
}

/// Creates a generic gray colour (C-style API).
public func CGColorCreateGenericGray(_ gray: CGFloat, _ alpha: CGFloat) -> CGColor { CGColor(gray: gray, alpha: alpha) }
/// Creates an sRGB colour (C-style API).
public func CGColorCreateSRGB(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat) -> CGColor {
    CGColor(red: r, green: g, blue: b, alpha: a)
}
