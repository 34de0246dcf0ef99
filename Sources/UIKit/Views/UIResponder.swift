import Foundation

/// An object that receives events (UIKit's `UIResponder`): touches go to the view hit, then up
/// the chain of `next` responders (superview, view controller, window) until one handles them.
open class UIResponder: NSObject {
    public override init() { super.init() }

    /// The next responder in the chain, or nil.
    open var next: UIResponder? { nil }

    /// Touches began; the default passes them to `next`.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    /// Touches moved; the default passes them to `next`.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    /// Touches ended; the default passes them to `next`.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    /// Touches were cancelled; the default passes them to `next`.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }

    /// Called after the object was loaded from an interface file (Lamina has none; call it
    /// yourself if your code relies on it).
    open func awakeFromNib() {}

    /// Called by Interface Builder before it draws a designable view in the canvas. Lamina has no
    /// canvas: nothing calls it (it exists so `override func prepareForInterfaceBuilder()`
    /// compiles; `@IBDesignable` and `@IBInspectable` compile and do nothing on Linux).
    open func prepareForInterfaceBuilder() {}

    /// Whether the responder can become first responder (false).
    open var canBecomeFirstResponder: Bool { false }
    /// Whether the responder is the first responder.
    open var isFirstResponder: Bool { false }
    /// Asks to become first responder; false unless `canBecomeFirstResponder`.
    @discardableResult open func becomeFirstResponder() -> Bool { canBecomeFirstResponder }
    /// Gives up first responder status.
    @discardableResult open func resignFirstResponder() -> Bool { true }
}

/// One finger on the screen (UIKit's `UITouch`).
open class UITouch: NSObject {
    /// A touch's phase.
    public enum Phase: Int, Sendable { case began, moved, stationary, ended, cancelled }

    /// The phase.
    open internal(set) var phase: Phase = .began
    /// When the touch last changed, in media time.
    open internal(set) var timestamp: TimeInterval = 0
    /// The view the touch began in.
    open internal(set) weak var view: UIView?
    /// The window the touch is in.
    open internal(set) weak var window: UIWindow?
    /// How many taps (1 for a single tap).
    open internal(set) var tapCount = 1
    var locationInWindow: CGPoint = .zero
    var previousLocationInWindow: CGPoint = .zero

    public override init() { super.init() }

    /// The touch's location in `view`'s coordinates (the window's when nil).
    open func location(in view: UIView?) -> CGPoint {
        guard let view else { return locationInWindow }
        return view.convert(locationInWindow, from: nil)
    }

    /// The previous location in `view`'s coordinates.
    open func previousLocation(in view: UIView?) -> CGPoint {
        guard let view else { return previousLocationInWindow }
        return view.convert(previousLocationInWindow, from: nil)
    }
}

/// A touch event (UIKit's `UIEvent`).
open class UIEvent: NSObject {
    /// The kind of event.
    public enum EventType: Int, Sendable { case touches, motion, remoteControl, presses }

    /// Touch events only.
    open var type: EventType { .touches }
    /// When the event happened, in media time.
    open internal(set) var timestamp: TimeInterval = 0
    var touches: Set<UITouch> = []

    public override init() { super.init() }

    /// Every touch of the event.
    open var allTouches: Set<UITouch>? { touches }
    /// The touches in `view`.
    open func touches(for view: UIView) -> Set<UITouch>? { touches.filter { $0.view === view } }
    /// The touches in `window`.
    open func touches(for window: UIWindow) -> Set<UITouch>? { touches.filter { $0.window === window } }
}
