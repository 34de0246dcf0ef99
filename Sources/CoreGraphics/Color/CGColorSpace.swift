/// The colour model of a colour space.
public enum CGColorSpaceModel: Int32, Sendable {
    case unknown = -1, monochrome = 0, rgb = 1, cmyk = 2, lab = 3, deviceN = 4, indexed = 5, pattern = 6, XYZ = 7
}

/// A colour space: how colour components are interpreted.
///
/// Spaces are identified by name, as CoreGraphics' named spaces are. Conversion between spaces
/// arrives with the rasterizer (issue 3); until then components are used as they are.
public final class CGColorSpace: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The space's name, such as `CGColorSpace.sRGB`.
    public let name: CFString?
    /// The colour model.
    public let model: CGColorSpaceModel

    /// The number of colour components, alpha excluded.
    public var numberOfComponents: Int {
        switch model {
        case .monochrome: 1
        case .cmyk: 4
        case .rgb, .lab, .XYZ: 3
        default: 0
        }
    }

    init(name: CFString, model: CGColorSpaceModel) { self.name = name; self.model = model }

    /// Creates a named colour space, or nil for a name Lamina does not know.
    public convenience init?(name: CFString) {
        guard let model = CGColorSpace.knownSpaces[name] else { return nil }
        self.init(name: name, model: model)
    }

    public static let sRGB: CFString = "kCGColorSpaceSRGB"
    public static let extendedSRGB: CFString = "kCGColorSpaceExtendedSRGB"
    public static let linearSRGB: CFString = "kCGColorSpaceLinearSRGB"
    public static let extendedLinearSRGB: CFString = "kCGColorSpaceExtendedLinearSRGB"
    public static let displayP3: CFString = "kCGColorSpaceDisplayP3"
    public static let genericGrayGamma2_2: CFString = "kCGColorSpaceGenericGrayGamma2_2"
    public static let linearGray: CFString = "kCGColorSpaceLinearGray"
    public static let extendedGray: CFString = "kCGColorSpaceExtendedGray"
    public static let genericRGBLinear: CFString = "kCGColorSpaceGenericRGBLinear"
    static let deviceRGBName: CFString = "kCGColorSpaceDeviceRGB"
    static let deviceGrayName: CFString = "kCGColorSpaceDeviceGray"

    static let knownSpaces: [String: CGColorSpaceModel] = [
        sRGB: .rgb, extendedSRGB: .rgb, linearSRGB: .rgb, extendedLinearSRGB: .rgb, displayP3: .rgb,
        genericRGBLinear: .rgb, kCGColorSpaceGenericRGB: .rgb, deviceRGBName: .rgb,
        genericGrayGamma2_2: .monochrome, linearGray: .monochrome, extendedGray: .monochrome,
        deviceGrayName: .monochrome,
    ]

    static let shared_sRGB = CGColorSpace(name: sRGB, model: .rgb)
    static let extendedSRGBSpace = CGColorSpace(name: extendedSRGB, model: .rgb)
    static let sharedDeviceRGB = CGColorSpace(name: deviceRGBName, model: .rgb)
    static let sharedGray = CGColorSpace(name: genericGrayGamma2_2, model: .monochrome)
    static let sharedDeviceGray = CGColorSpace(name: deviceGrayName, model: .monochrome)
    /// Extended grey (sRGB's transfer curve), the space of UIKit's `UIColor(white:alpha:)`.
    @_spi(Lamina) public static let sharedExtendedGray = CGColorSpace(name: extendedGray, model: .monochrome)

    public static func == (l: CGColorSpace, r: CGColorSpace) -> Bool { l.name == r.name && l.model == r.model }
    public func hash(into h: inout Hasher) { h.combine(name); h.combine(model) }
    public var description: String { "<CGColorSpace \(name ?? "unnamed")>" }
}

/// The name of the generic RGB colour space: Apple's "Generic RGB Profile" (gamma 1.8, D65).
public let kCGColorSpaceGenericRGB: CFString = "kCGColorSpaceGenericRGB"

/// The device-dependent RGB space (on Lamina, sRGB primaries).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace.sharedDeviceRGB }
/// The device-dependent gray space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace.sharedDeviceGray }
/// A named colour space, or nil.
public func CGColorSpaceCreateWithName(_ name: CFString) -> CGColorSpace? { CGColorSpace(name: name) }
