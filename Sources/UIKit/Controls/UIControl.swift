import Foundation

/// A view that turns touches into events (UIKit's `UIControl`): it tracks a touch from touch
/// down to touch up, highlights while the finger is on it, and sends the actions registered for
/// each event.
///
/// Actions are `UIAction`s (`addAction(_:for:)`) or closures with a target
/// (`addTarget(_:action:for:)`, Lamina's form of target–action: Swift on Linux has no
/// selectors, so `addTarget(self, action: #selector(tapped), for: .touchUpInside)` is written
/// `addTarget(self, action: { $0.tapped() }, for: .touchUpInside)`).
open class UIControl: UIView {
    /// A control's state: a combination of highlighted, disabled and selected (normal is none).
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
        public static let application = State(rawValue: 0x00FF_0000)
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// What happened to a control (UIKit's raw values).
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// How content sits across the control.
    public enum ContentHorizontalAlignment: Int, Sendable { case center, left, right, fill, leading, trailing }
    /// How content sits down the control.
    public enum ContentVerticalAlignment: Int, Sendable { case center, top, bottom, fill }

    private struct Registration {
        let events: Event
        let action: UIAction?
        let target: (() -> AnyObject?)?
        let call: (UIControl, UIEvent?) -> Void
    }
    private var registrations: [Registration] = []

    /// Whether the control responds to touches (a disabled control is drawn dimmed).
    open var isEnabled = true { didSet { if oldValue != isEnabled { stateChanged() } } }
    /// Whether the control is selected.
    open var isSelected = false { didSet { if oldValue != isSelected { stateChanged() } } }
    /// Whether a touch is down on the control.
    open var isHighlighted = false { didSet { if oldValue != isHighlighted { stateChanged() } } }
    /// Whether the control is tracking a touch.
    open private(set) var isTracking = false
    /// Whether the tracked touch is inside the control (with UIKit's 70-point allowance).
    open private(set) var isTouchInside = false
    /// Horizontal placement of the content.
    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center { didSet { setNeedsLayout() } }
    /// Vertical placement of the content.
    open var contentVerticalAlignment: ContentVerticalAlignment = .center { didSet { setNeedsLayout() } }

    /// The state from the flags.
    open var state: State {
        var s: State = []
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }

    /// Called when `state` changed; subclasses redraw.
    func stateChanged() { setNeedsDisplay(); setNeedsLayout() }

    /// Controls draw with the tint colour: lay out again when it changes.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        setNeedsLayout()
    }

    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// A control with `primaryAction` sent for `.primaryActionTriggered`.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    // MARK: Actions

    /// Sends `action` for `controlEvents` (an action with the same identifier replaces the one
    /// there).
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        registrations.removeAll { $0.action?.identifier == action.identifier && $0.events == controlEvents }
        registrations.append(Registration(events: controlEvents, action: action, target: nil) { control, _ in
            action.perform(sender: control)
        })
    }

    /// Stops sending `action` for `controlEvents`.
    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        registrations.removeAll { $0.action === action && !$0.events.isDisjoint(with: controlEvents) }
    }

    /// Stops sending the action with `actionIdentifier` for `controlEvents`.
    open func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        registrations.removeAll { $0.action?.identifier == actionIdentifier && !$0.events.isDisjoint(with: controlEvents) }
    }

    /// Calls `action` on `target` (held weakly, as UIKit does) for `controlEvents`: Lamina's
    /// target–action, `addTarget(self, action: { $0.tapped() }, for: .touchUpInside)`.
    open func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> Void, for controlEvents: Event) {
        let weakTarget: () -> AnyObject? = { [weak target] in target }
        registrations.append(Registration(events: controlEvents, action: nil, target: weakTarget) { _, _ in
            if let t = weakTarget() as? Target { action(t) }
        })
    }

    /// The same with the control as an argument: `{ target, sender in … }`.
    open func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target, UIControl) -> Void, for controlEvents: Event) {
        let weakTarget: () -> AnyObject? = { [weak target] in target }
        registrations.append(Registration(events: controlEvents, action: nil, target: weakTarget) { control, _ in
            if let t = weakTarget() as? Target { action(t, control) }
        })
    }

    /// Removes the target's actions for `controlEvents` (every target's when nil).
    open func removeTarget(_ target: AnyObject?, for controlEvents: Event) {
        registrations.removeAll { r in
            guard r.action == nil, !r.events.isDisjoint(with: controlEvents) else { return false }
            guard let target else { return true }
            return r.target?() === target
        }
    }

    /// The live targets.
    open var allTargets: [AnyObject] { registrations.compactMap { $0.target?() } }
    /// The events some action is registered for.
    open var allControlEvents: Event { registrations.reduce([]) { $0.union($1.events) } }

    /// Sends the actions registered for any of `controlEvents`, in the order they were added.
    open func sendActions(for controlEvents: Event) {
        sendActions(for: controlEvents, with: nil)
    }

    /// Whether any action or target is registered for one of `controlEvents`.
    func hasActions(for controlEvents: Event) -> Bool {
        registrations.contains { !$0.events.isDisjoint(with: controlEvents) }
    }

    func sendActions(for controlEvents: Event, with event: UIEvent?) {
        let now = registrations.filter { !$0.events.isDisjoint(with: controlEvents) }
        for r in now { r.call(self, event) }
    }

    /// Performs `action` with this control as its sender.
    open func sendAction(_ action: UIAction) { action.perform(sender: self) }

    // MARK: Tracking

    /// A touch went down; return whether to keep tracking it (true).
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The tracked touch moved; return whether to keep tracking it (true).
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The tracked touch lifted.
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    /// Tracking was cancelled.
    open func cancelTracking(with event: UIEvent?) {}

    /// Whether `point` (in this control) counts as inside for tracking: the bounds grown by 70
    /// points, as UIKit allows a finger to stray.
    func isInsideForTracking(_ point: CGPoint) -> Bool {
        bounds.insetBy(dx: -70, dy: -70).contains(point)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first else { return }
        isTouchInside = true
        isHighlighted = true
        isTracking = beginTracking(touch, with: event)
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown, with: event)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first else { return }
        let inside = isInsideForTracking(touch.location(in: self))
        let wasInside = isTouchInside
        isTouchInside = inside
        isHighlighted = inside
        if isTracking { isTracking = continueTracking(touch, with: event) }
        var events: Event = inside ? .touchDragInside : .touchDragOutside
        if inside != wasInside { events.insert(inside ? .touchDragEnter : .touchDragExit) }
        sendActions(for: events, with: event)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first else { return }
        let inside = isInsideForTracking(touch.location(in: self))
        isTouchInside = inside
        endTracking(touch, with: event)
        isTracking = false
        isHighlighted = false
        if inside, showsMenuAsPrimaryAction, let menu = primaryMenu, let window {
            // The menu is the primary action: it opens under the control.
            MenuOverlay.show(menu, in: window, anchor: convert(bounds, to: window), preview: nil, dims: false)
            return
        }
        if inside {
            touchUpInside(with: event)
            sendActions(for: .touchUpInside, with: event)
            if sendsPrimaryActionOnTap { sendActions(for: .primaryActionTriggered, with: event) }
        } else {
            sendActions(for: .touchUpOutside, with: event)
        }
    }

    /// Whether a tap opens the control's menu instead of sending its actions (iOS 14).
    open var showsMenuAsPrimaryAction = false
    /// Whether a long press opens the control's menu (iOS 14).
    open var isContextMenuInteractionEnabled = false
    /// The menu the control opens (a button's `menu`).
    var primaryMenu: UIMenu? { nil }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled else { return }
        cancelTracking(with: event)
        isTracking = false
        isHighlighted = false
        sendActions(for: .touchCancel, with: event)
    }

    /// A tap finished inside: switches toggle here, before the actions are sent.
    func touchUpInside(with event: UIEvent?) {}

    /// Whether a tap inside sends `.primaryActionTriggered` (a text field sends it on Return).
    var sendsPrimaryActionOnTap: Bool { true }

    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityTraits: UIAccessibilityTraits {
        var t: UIAccessibilityTraits = []
        if !isEnabled { t.insert(.notEnabled) }
        if isSelected { t.insert(.selected) }
        return t
    }
}

/// The closure a `UIAction` runs.
public typealias UIActionHandler = (UIAction) -> Void

/// An action with a title and a handler (UIKit's `UIAction`), sent by controls and chosen in
/// menus.
@preconcurrency @MainActor
open class UIAction: UIMenuElement {
    /// An action's identifier.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    open override var title: String {
        get { elementTitle }
        set { elementTitle = newValue }
    }
    open override var image: UIImage? {
        get { elementImage }
        set { elementImage = newValue }
    }
    open var discoverabilityTitle: String?
    open var attributes: Attributes
    open var state: State
    public let identifier: Identifier
    /// The control (or other object) that sent the action, while its handler runs.
    open private(set) var sender: Any?
    private let handler: UIActionHandler

    public init(title: String = "", subtitle: String? = nil, image: UIImage? = nil, identifier: Identifier? = nil,
                discoverabilityTitle: String? = nil, attributes: Attributes = [], state: State = .off,
                handler: @escaping UIActionHandler) {
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init(title: title, image: image)
        self.subtitle = subtitle
    }

    override var menuAttributes: Attributes { attributes }
    override var menuState: State { state }

    /// Runs the handler with `sender` set.
    func perform(sender: Any?) {
        guard !attributes.contains(.disabled) else { return }
        self.sender = sender
        handler(self)
        self.sender = nil
    }
}
