import Foundation
@_spi(Lamina) import CoreGraphics

extension UIImage {
    /// How a symbol image is drawn: size, weight and scale (UIKit's `UIImage.SymbolConfiguration`).
    public final class SymbolConfiguration: NSObject, @unchecked Sendable {
        /// A symbol's size relative to its point size.
        public enum Scale: Int, Sendable { case `default` = -1, unspecified = 0, small = 1, medium = 2, large = 3 }
        /// A symbol's stroke weight.
        public enum Weight: Int, Sendable {
            case unspecified = 0, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
        }

        public let pointSize: CGFloat
        public let weight: Weight
        public let scale: Scale
        public let textStyle: UIFont.TextStyle?

        init(pointSize: CGFloat = 0, weight: Weight = .unspecified, scale: Scale = .unspecified, textStyle: UIFont.TextStyle? = nil) {
            self.pointSize = pointSize.isFinite ? max(0, pointSize) : 0
            self.weight = weight
            self.scale = scale
            self.textStyle = textStyle
            super.init()
        }

        public convenience init(pointSize: CGFloat) { self.init(pointSize: pointSize, weight: .unspecified, scale: .unspecified, textStyle: nil) }
        public convenience init(pointSize: CGFloat, weight: Weight) { self.init(pointSize: pointSize, weight: weight, scale: .unspecified, textStyle: nil) }
        public convenience init(pointSize: CGFloat, weight: Weight, scale: Scale) { self.init(pointSize: pointSize, weight: weight, scale: scale, textStyle: nil) }
        public convenience init(weight: Weight) { self.init(pointSize: 0, weight: weight) }
        public convenience init(scale: Scale) { self.init(pointSize: 0, scale: scale) }
        public convenience init(textStyle: UIFont.TextStyle) { self.init(pointSize: 0, textStyle: textStyle) }
        public convenience init(textStyle: UIFont.TextStyle, scale: Scale) { self.init(pointSize: 0, scale: scale, textStyle: textStyle) }

        /// This configuration with `other`'s specified values on top.
        public func applying(_ other: SymbolConfiguration?) -> SymbolConfiguration {
            guard let o = other else { return self }
            return SymbolConfiguration(pointSize: o.pointSize > 0 ? o.pointSize : pointSize,
                                       weight: o.weight != .unspecified ? o.weight : weight,
                                       scale: o.scale != .unspecified ? o.scale : scale,
                                       textStyle: o.textStyle ?? textStyle)
        }
    }

    /// The SF Symbol `name`: nil in Lamina, which ships no symbol artwork yet (Apple's cannot be
    /// redistributed); a diagnostic names the symbol, so code that shows symbols compiles, runs
    /// and says what is missing. iOS also answers nil for names it does not know.
    public convenience init?(systemName name: String) {
        self.init(systemName: name, withConfiguration: nil)
    }

    /// The SF Symbol `name` with `configuration` (nil in Lamina; see `init(systemName:)`).
    public convenience init?(systemName name: String, withConfiguration configuration: SymbolConfiguration?) {
        LaminaDiagnostics.report("UIImage(systemName: \"\(name)\"): Lamina has no symbol images yet; nil")
        return nil
    }

    /// The SF Symbol `name` for `traitCollection` (nil in Lamina; see `init(systemName:)`).
    public convenience init?(systemName name: String, compatibleWith traitCollection: UITraitCollection?) {
        self.init(systemName: name, withConfiguration: nil)
    }

    /// Whether this is a symbol image (never, in Lamina).
    public var isSymbolImage: Bool { false }

    /// The same image with `configuration` (a bitmap image is unchanged by it).
    public func withConfiguration(_ configuration: SymbolConfiguration) -> UIImage { self }
}
