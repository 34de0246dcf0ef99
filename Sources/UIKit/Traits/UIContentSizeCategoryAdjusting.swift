import Foundation

/// Text that follows the content size category (UIKit's `UIContentSizeCategoryAdjusting`):
/// labels, text fields and text views whose `adjustsFontForContentSizeCategory` is set make
/// their font again when their traits change, when it is a text style's preferred font or a
/// font `UIFontMetrics` scaled.
@preconcurrency @MainActor
public protocol UIContentSizeCategoryAdjusting: AnyObject {
    var adjustsFontForContentSizeCategory: Bool { get set }
}

extension UIFont {
    /// This font made again for `traits`' content size category: a scaled font scaled again, a
    /// text style's font asked for again; nil when it does not follow the category or is the
    /// same.
    @MainActor func adjusted(to traits: UITraitCollection) -> UIFont? {
        if let scaled = scaledFrom {
            let again = UIFontMetrics(forTextStyle: UIFont.TextStyle(rawValue: scaled.textStyle))
                .scaledFont(for: self, maximumPointSize: scaled.maximumPointSize, compatibleWith: traits)
            return again.pointSize != pointSize ? again : nil
        }
        guard let style = textStyle else { return nil }
        let again = UIFont.preferredFont(forTextStyle: style, compatibleWith: traits)
        return again.pointSize != pointSize || again.fontName != fontName ? again : nil
    }
}

extension UILabel: UIContentSizeCategoryAdjusting {}
extension UITextField: UIContentSizeCategoryAdjusting {}
extension UITextView: UIContentSizeCategoryAdjusting {}
