@_spi(Lamina) import QuartzCore

/// Which views get a backing store. UIKit gives one only to a view whose class implements
/// `draw(_:)`: a plain `UIView`, a stack view or a table cell shows its background colour, border
/// and sublayers without drawing, and its layer's `contents` stay nil. Lamina cannot ask Swift
/// whether a user's class overrides `draw(_:)`, so a user's view draws into a backing store that is
/// dropped when `draw(_:)` drew nothing; UIKit's own classes are known, and those that do not draw
/// skip the backing store from the start (on a 3x screen a full-screen view's store is 11.8 MB
/// to clear and fill).
extension UIView {
    /// Per class: whether its views never draw.
    private static var drawlessClasses: [ObjectIdentifier: Bool] = [:]

    /// Whether this view never draws: its class is one of UIKit's own (not a subclass an app
    /// made) that does not override `draw(_:)`, and its layer is a plain `CALayer`, which draws
    /// nothing of its own.
    @_spi(Lamina) public var drawsNothingByClass: Bool {
        guard type(of: layer) == CALayer.self else { return false }
        let cls = type(of: self)
        let id = ObjectIdentifier(cls)
        if let known = UIView.drawlessClasses[id] { return known }
        let answer = !cls.drawsThroughDrawRect && String(reflecting: cls).hasPrefix("UIKit.")
        UIView.drawlessClasses[id] = answer
        return answer
    }
}
