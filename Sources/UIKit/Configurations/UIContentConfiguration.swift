import Foundation

/// What a content view shows and how (UIKit's `UIContentConfiguration`): a value a cell (or
/// any view) turns into its content view, updated for each state.
public protocol UIContentConfiguration {
    /// A new view showing the configuration.
    @MainActor func makeContentView() -> any UIView & UIContentView
    /// The configuration for `state` (a highlighted or selected cell's, for example).
    func updated(for state: any UIConfigurationState) -> Self
}

/// A view that shows a content configuration (UIKit's `UIContentView`).
@preconcurrency @MainActor
public protocol UIContentView: AnyObject {
    /// The configuration shown; setting one updates the view.
    var configuration: any UIContentConfiguration { get set }
    /// Whether the view can show `configuration` (true by default; a cell makes a new view
    /// for one it cannot).
    func supports(_ configuration: any UIContentConfiguration) -> Bool
}

extension UIContentView {
    public func supports(_ configuration: any UIContentConfiguration) -> Bool { true }
}

extension UIView {
    /// Shows `configuration` in `container`: the view already shown takes it when it supports
    /// it, else a new content view replaces it (nil removes it). Table cells and header-footer
    /// views keep their configured view inside their content view this way.
    func installContentConfiguration(_ configuration: (any UIContentConfiguration)?, in container: UIView,
                                     shown: inout (UIView & UIContentView)?) {
        guard let configuration else { shown?.removeFromSuperview(); shown = nil; return }
        if let v = shown, v.supports(configuration) { v.configuration = configuration; return }
        shown?.removeFromSuperview()
        let v = configuration.makeContentView()
        container.addSubview(v)
        shown = v
        setNeedsLayout()
    }
}

/// Changes a colour for a state (UIKit's `UIConfigurationColorTransformer`).
public struct UIConfigurationColorTransformer: @unchecked Sendable {
    public let transform: (UIColor) -> UIColor
    public init(_ transform: @escaping (UIColor) -> UIColor) { self.transform = transform }
    public func callAsFunction(_ input: UIColor) -> UIColor { transform(input) }
    /// Shows every colour grey.
    public static let grayscale = UIConfigurationColorTransformer { c in
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        _ = c.getRed(&r, green: &g, blue: &b, alpha: &a)
        let y = 0.299 * r + 0.587 * g + 0.114 * b
        return UIColor(red: y, green: y, blue: y, alpha: a)
    }
    /// The system accent colour on iOS; Lamina returns the colour given (the tint colour is
    /// applied by the view drawing it).
    public static let preferredTint = UIConfigurationColorTransformer { $0 }
    /// A colour for a monochrome tint.
    public static let monochromeTint = UIConfigurationColorTransformer { $0.withAlphaComponent(0.6) }
}
