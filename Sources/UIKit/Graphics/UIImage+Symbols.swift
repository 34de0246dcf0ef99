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

    /// The symbol image `name`: Lamina draws the commonly used SF Symbols names from Material
    /// Icons (`SystemSymbols`; the list is in the symbol images article), as a template image.
    /// Like iOS's, it is a vector: an image view, a button or a drawing context draws its
    /// outline at the size it is shown, whatever `contentMode` scales it to (its `cgImage` is the
    /// outline drawn at the screen's scale, for code that reads pixels). Other names give nil, as iOS gives for names
    /// it does not know (with a diagnostic naming the symbol).
    public convenience init?(systemName name: String) {
        self.init(systemName: name, withConfiguration: nil)
    }

    /// The symbol image `name` with `configuration` (point size, text style, weight, scale).
    public convenience init?(systemName name: String, withConfiguration configuration: SymbolConfiguration?) {
        guard let (font, glyph) = SymbolCache.glyph(for: name) else {
            LaminaDiagnostics.report("UIImage(systemName: \"\(name)\"): not among the symbols Lamina draws; nil")
            return nil
        }
        let scale = UIScreen.mainScale
        guard let vector = SymbolCache.vector(font: font, glyph: glyph, weight: configuration?.weight ?? .unspecified),
              let image = SymbolCache.image(vector, side: SystemSymbols.side(configuration), pixelsPerPoint: scale)
        else { return nil }
        self.init(cgImage: image, scale: scale, orientation: .up)
        renderingMode = .alwaysTemplate
        symbol = (name, configuration)
        symbolVector = vector
        (alignmentInsets, baseline) = Self.symbolMetrics(configuration: configuration, height: size.height)
    }

    /// The symbol image `name` for `traitCollection` (drawn at its display scale when it has one).
    public convenience init?(systemName name: String, compatibleWith traitCollection: UITraitCollection?) {
        self.init(systemName: name, withConfiguration: nil)
    }

    /// Whether this is a symbol image (made by `init(systemName:)`).
    public var isSymbolImage: Bool { symbol != nil }

    /// The configuration a symbol image was made with.
    public var symbolConfiguration: SymbolConfiguration? { symbol?.configuration }

    /// The same symbol drawn with `configuration` applied over its own; a bitmap image is
    /// unchanged.
    public func withConfiguration(_ configuration: SymbolConfiguration) -> UIImage {
        guard let symbol else { return self }
        let merged = symbol.configuration?.applying(configuration) ?? configuration
        guard let image = UIImage(systemName: symbol.name, withConfiguration: merged) else { return self }
        return renderingMode == .alwaysTemplate ? image : image.withRenderingMode(renderingMode)
    }
}

extension UIImage {
    /// The standard "add" image (iOS 13): the `plus` symbol.
    public class var add: UIImage { UIImage(systemName: "plus") ?? UIImage() }
    /// The standard "remove" image (iOS 13): the `minus` symbol.
    public class var remove: UIImage { UIImage(systemName: "minus") ?? UIImage() }
    /// The standard "actions" image (iOS 13): the `ellipsis` symbol.
    public class var actions: UIImage { UIImage(systemName: "ellipsis") ?? UIImage() }
    /// The standard check mark (iOS 13): the `checkmark` symbol.
    public class var checkmark: UIImage { UIImage(systemName: "checkmark") ?? UIImage() }
    /// The stroked check mark (iOS 13): the `checkmark` symbol.
    public class var strokedCheckmark: UIImage { UIImage(systemName: "checkmark") ?? UIImage() }
}
