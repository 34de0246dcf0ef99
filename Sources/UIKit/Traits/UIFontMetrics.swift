import Foundation
@_spi(Lamina) import CoreText

/// Scales fonts and values with Dynamic Type as a text style scales (UIKit's `UIFontMetrics`):
/// a size is multiplied by the ratio of the text style's size at the content size category to
/// its size at Large (body: 17 points at Large, 23 at Extra Extra Extra Large, so a 20-point
/// font becomes 27.06 points there). A font scaled this way follows the category in a label
/// whose `adjustsFontForContentSizeCategory` is set.
@preconcurrency @MainActor
open class UIFontMetrics: NSObject {
    /// The body style's metrics.
    open class var `default`: UIFontMetrics { UIFontMetrics(forTextStyle: .body) }

    private let style: UIFont.TextStyle

    /// The metrics of `textStyle`.
    public init(forTextStyle textStyle: UIFont.TextStyle) {
        style = textStyle
        super.init()
    }

    /// The scale at `traits`' category (that of `UITraitCollection.current` when nil).
    private func ratio(_ traits: UITraitCollection?) -> CGFloat {
        let category = (traits ?? UITraitCollection.current).preferredContentSizeCategory
        let large = style.size(for: .large)
        return large > 0 ? style.size(for: category) / large : 1
    }

    /// `font` scaled for the current traits.
    open func scaledFont(for font: UIFont) -> UIFont {
        scaledFont(for: font, maximumPointSize: 0, compatibleWith: nil)
    }

    /// `font` scaled, at most `maximumPointSize` (0: no limit).
    open func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont {
        scaledFont(for: font, maximumPointSize: maximumPointSize, compatibleWith: nil)
    }

    /// `font` scaled for `traitCollection`.
    open func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        scaledFont(for: font, maximumPointSize: 0, compatibleWith: traitCollection)
    }

    /// `font` scaled for `traitCollection`, at most `maximumPointSize` (0: no limit).
    open func scaledFont(for font: UIFont, maximumPointSize: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        // A font scaled before is scaled again from its own base size.
        let base = font.scaledFrom?.basePointSize ?? font.pointSize
        let maximum = maximumPointSize.isFinite && maximumPointSize > 0 ? maximumPointSize : 0
        var size = base * ratio(traitCollection)
        if maximum > 0 { size = min(size, maximum) }
        guard size.isFinite, size > 0 else {
            LaminaDiagnostics.report("UIFontMetrics.scaledFont: \(base)-point font cannot be scaled; returned as it is")
            return font
        }
        let scaled = font.withSize(size)
        scaled.scaledFrom = (style.rawValue, base, maximum)
        return scaled
    }

    /// `value` scaled for the current traits.
    open func scaledValue(for value: CGFloat) -> CGFloat { scaledValue(for: value, compatibleWith: nil) }

    /// `value` scaled for `traitCollection`.
    open func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> CGFloat {
        value * ratio(traitCollection)
    }
}
