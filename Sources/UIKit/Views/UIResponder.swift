import Foundation

/// An object that receives events (UIKit's `UIResponder`): touches go to the view hit, then up
/// the chain of `next` responders (superview, view controller, window) until one handles them.
@preconcurrency @MainActor
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

    /// The key commands this responder offers (nil: none). A key press in a window looks for a
    /// matching command along the responder chain from the first responder.
    open var keyCommands: [UIKeyCommand]? { nil }

    /// Called before a command of this responder is shown or run: update its state, title or
    /// attributes here.
    open func validate(_ command: UICommand) {}

    /// Whether the responder performs `action` (the default: false, as Lamina cannot look
    /// methods up by name; override to say yes).
    open func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool { false }

    /// Called after the object was loaded from an interface file (Lamina has none; call it
    /// yourself if your code relies on it).
    open func awakeFromNib() {}

    /// Called by Interface Builder before it draws a designable view in the canvas. Lamina has no
    /// canvas: nothing calls it (it exists so `override func prepareForInterfaceBuilder()`
    /// compiles; `@IBDesignable` and `@IBInspectable` compile and do nothing on Linux).
    open func prepareForInterfaceBuilder() {}

    /// Presses (keys) began; the default passes them to `next`.
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesBegan(presses, with: event) }
    /// Presses changed; the default passes them to `next`.
    open func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesChanged(presses, with: event) }
    /// Presses ended; the default passes them to `next`.
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesEnded(presses, with: event) }
    /// Presses were cancelled; the default passes them to `next`.
    open func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesCancelled(presses, with: event) }

    /// Whether the responder can become first responder (false).
    open var canBecomeFirstResponder: Bool { false }
    /// Whether the responder can give up first responder status (true).
    open var canResignFirstResponder: Bool { true }
    /// Whether the responder is its window's first responder (the one presses go to first).
    open var isFirstResponder: Bool { responderWindow?.firstResponder === self }
    /// Becomes its window's first responder when `canBecomeFirstResponder` and the current one
    /// resigns; a view must be in a window.
    @discardableResult open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let w = responderWindow else { return false }
        if w.firstResponder === self { return true }
        if let current = w.firstResponder, !current.resignFirstResponder() { return false }
        w.firstResponder = self
        return true
    }
    /// Gives up first responder status (when `canResignFirstResponder`).
    @discardableResult open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if let w = responderWindow, w.firstResponder === self { w.firstResponder = nil }
        return true
    }

    /// The window this responder is in (a view's, a controller's view's), else the key window.
    var responderWindow: UIWindow? {
        if let v = self as? UIView { return v as? UIWindow ?? v.window }
        if let c = self as? UIViewController { return c.viewIfLoaded?.window }
        return UIApplication.shared.keyWindow
    }

    // MARK: Accessibility (UIKit declares these on NSObject; see Accessibility/UIAccessibility.swift)

    /// What was set; allocated on first use so views that never set one pay a pointer.
    var accessibility: AccessibilityValues?
    private var accessibilityValues: AccessibilityValues {
        if let a = accessibility { return a }
        let a = AccessibilityValues()
        accessibility = a
        return a
    }

    /// Whether assistive technologies see this object as an element (false for plain views and
    /// controllers; labels, image views with an image and controls answer true by default).
    open var isAccessibilityElement: Bool {
        get { accessibility?.isElement ?? defaultIsAccessibilityElement }
        set { accessibilityValues.isElement = newValue }
    }
    /// A short name (labels default to their text).
    open var accessibilityLabel: String? {
        get { accessibility?.label ?? defaultAccessibilityLabel }
        set { accessibilityValues.label = newValue }
    }
    /// The current value (a slider's percentage, a switch's "1" or "0").
    open var accessibilityValue: String? {
        get { accessibility?.value ?? defaultAccessibilityValue }
        set { accessibilityValues.value = newValue }
    }
    /// What happens when the element is activated.
    open var accessibilityHint: String? {
        get { accessibility?.hint }
        set { accessibilityValues.hint = newValue }
    }
    /// What kind of element this is (button, header, selected…).
    open var accessibilityTraits: UIAccessibilityTraits {
        get { accessibility?.traits ?? defaultAccessibilityTraits }
        set { accessibilityValues.traits = newValue }
    }
    /// An identifier for UI tests (not read to the user).
    open var accessibilityIdentifier: String? {
        get { accessibility?.identifier }
        set { accessibilityValues.identifier = newValue }
    }
    /// The element's frame in screen coordinates (a view's frame in its window, by default).
    open var accessibilityFrame: CGRect {
        get { accessibility?.frame ?? defaultAccessibilityFrame }
        set { accessibilityValues.frame = newValue }
    }
    /// Actions assistive technologies offer on the element besides activating it.
    open var accessibilityCustomActions: [UIAccessibilityCustomAction]? {
        get { accessibility?.customActions }
        set { accessibilityValues.customActions = newValue }
    }
    /// The elements inside this container, in order; nil when it is not a container.
    open var accessibilityElements: [Any]? {
        get { accessibility?.elements }
        set { accessibilityValues.elements = newValue }
    }
    /// How many elements this container holds (UIKit's `UIAccessibilityContainer`; override it
    /// with the two methods below to provide elements on demand). By default the count of
    /// ``accessibilityElements``.
    open func accessibilityElementCount() -> Int { accessibilityElements?.count ?? 0 }
    /// The element at `index`, or nil outside the elements. By default from
    /// ``accessibilityElements``.
    open func accessibilityElement(at index: Int) -> Any? {
        guard let elements = accessibilityElements, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
    /// Where `element` is among the elements (compared by identity), or `NSNotFound`.
    open func index(ofAccessibilityElement element: Any) -> Int {
        let target = element as AnyObject
        return accessibilityElements?.firstIndex { ($0 as AnyObject) === target } ?? NSNotFound
    }
    /// Whether the element's children are hidden from assistive technologies.
    open var accessibilityElementsHidden: Bool {
        get { accessibility?.elementsHidden ?? false }
        set { accessibilityValues.elementsHidden = newValue }
    }
    /// Whether VoiceOver ignores the elements beside this one (a modal view).
    open var accessibilityViewIsModal: Bool {
        get { accessibility?.viewIsModal ?? false }
        set { accessibilityValues.viewIsModal = newValue }
    }

    /// Whether assistive technologies read this view's elements together, before moving on
    /// (rather than mixed with the elements beside it in reading order).
    open var shouldGroupAccessibilityChildren: Bool {
        get { accessibility?.groupsChildren ?? false }
        set { accessibilityValues.groupsChildren = newValue }
    }
    /// Where a double tap activates the element, in screen coordinates (the middle of
    /// `accessibilityFrame`, by default).
    open var accessibilityActivationPoint: CGPoint {
        get {
            if let p = accessibility?.activationPoint { return p }
            let f = accessibilityFrame
            return CGPoint(x: f.midX, y: f.midY)
        }
        set { accessibilityValues.activationPoint = newValue }
    }
    /// The element's outline in screen coordinates, when it is not its frame's rectangle.
    open var accessibilityPath: UIBezierPath? {
        get { accessibility?.path }
        set { accessibilityValues.path = newValue }
    }
    /// The language to speak the element's label, value and hint in (a BCP 47 tag).
    open var accessibilityLanguage: String? {
        get { accessibility?.language }
        set { accessibilityValues.language = newValue }
    }

    // The defaults subclasses give (UILabel, UIImageView, UIControl…).
    var defaultIsAccessibilityElement: Bool { false }
    var defaultAccessibilityLabel: String? { nil }
    var defaultAccessibilityValue: String? { nil }
    var defaultAccessibilityTraits: UIAccessibilityTraits { .none }
    var defaultAccessibilityFrame: CGRect { .zero }
}

/// The accessibility values set on a responder.
final class AccessibilityValues {
    var isElement: Bool?
    var label: String?
    var value: String?
    var hint: String?
    var traits: UIAccessibilityTraits?
    var identifier: String?
    var frame: CGRect?
    var elements: [Any]?
    var elementsHidden: Bool?
    var viewIsModal: Bool?
    var customActions: [UIAccessibilityCustomAction]?
    var groupsChildren: Bool?
    var activationPoint: CGPoint?
    var path: UIBezierPath?
    var language: String?
}

/// One finger on the screen (UIKit's `UITouch`).
@preconcurrency @MainActor
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
    /// The recognizers receiving the touch (those of its view and the view's ancestors).
    open internal(set) var gestureRecognizers: [UIGestureRecognizer]?
    /// Whether a recognizer cancelled the touch in its view.
    var viewTouchesCancelled = false

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
@preconcurrency @MainActor
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
