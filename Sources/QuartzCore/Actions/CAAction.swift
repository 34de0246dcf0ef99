/// An object that responds to a layer event: a property change or `onOrderIn`/`onOrderOut`/
/// `transition`. Animations are actions; `NSNull` is the action that does nothing and stops the
/// search in `action(forKey:)`.
public protocol CAAction {
    /// Runs the action for `event` on `anObject` (the layer).
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension NSNull: CAAction {
    /// Does nothing.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// The event sent when a layer becomes visible.
public let kCAOnOrderIn = "onOrderIn"
/// The event sent when a layer stops being visible.
public let kCAOnOrderOut = "onOrderOut"
/// The event (and animation key) of transitions.
public let kCATransition = "transition"
