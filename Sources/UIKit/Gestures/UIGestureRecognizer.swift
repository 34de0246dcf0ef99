import Foundation
import QuartzCore

/// Recognizes a gesture from the touches of the view it is attached to and its subviews
/// (UIKit's `UIGestureRecognizer`).
///
/// The window hands each touch to the recognizers of the view it began in and of that view's
/// ancestors, before the view itself. When a recognizer recognizes (a discrete gesture ends, a
/// continuous one begins), its actions run, recognizers that may not recognize with it fail,
/// and, when ``cancelsTouchesInView``, the views' touches are cancelled.
///
/// Target–action is Lamina's form, as for `UIControl`: Swift on Linux has no selectors, so
/// `UITapGestureRecognizer(target: self, action: #selector(tapped))` is written
/// `UITapGestureRecognizer(target: self, action: { $0.tapped() })` (or with the recognizer:
/// `{ me, g in me.tapped(g) }`).
///
/// Subclasses write their state machine as on iOS (`UIGestureRecognizerSubclass`): override the
/// `touches…` methods and ``reset()``, and set ``state``.
@preconcurrency @MainActor
open class UIGestureRecognizer: NSObject {
    /// Where a recognizer is in recognizing its gesture.
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture was recognized (the same as `.ended`).
        public static let recognized = State.ended
    }

    /// The current state; subclasses set it (as with `UIGestureRecognizerSubclass` on iOS).
    open var state: State = .possible {
        // Every update of a continuous gesture is news, even when it stays `.changed`.
        didSet { if state == .changed { changeUnsent = true } }
    }
    /// Whether a `.changed` update has not been sent to the targets yet.
    var changeUnsent = false
    /// The view the recognizer is attached to.
    open internal(set) weak var view: UIView?
    /// Whether the recognizer receives touches (turning it off while recognizing cancels it).
    open var isEnabled = true {
        didSet {
            if !isEnabled, state == .began || state == .changed { state = .cancelled; window?.settleGestures() }
        }
    }
    /// Whether the view's touches are cancelled when the gesture is recognized (true).
    open var cancelsTouchesInView = true
    /// Whether touches reach the view only once the gesture fails (false; Lamina delivers them
    /// at once either way and documents the difference).
    open var delaysTouchesBegan = false
    /// Whether the view's touch endings wait for the gesture (true on iOS; Lamina delivers them
    /// at once).
    open var delaysTouchesEnded = true
    /// The delegate, asked whether to begin, receive touches and recognize with others.
    open weak var delegate: (any UIGestureRecognizerDelegate)?
    /// A name for debugging.
    open var name: String?

    private var actions: [(UIGestureRecognizer) -> Void] = []
    private(set) var trackedTouches: [UITouch] = []
    /// Every touch seen since the last reset (those already lifted too).
    private(set) var touchesSeen: [UITouch] = []
    var notifiedState: State = .possible
    /// Recognition waiting for ``require(toFail:)`` recognizers to fail.
    var heldRecognition: State?
    private var failureRequirements: [Weak] = []
    private struct Weak { weak var recognizer: UIGestureRecognizer? }
    /// A media time at which ``deadlinePassed()`` is called while tracking (timers of taps and
    /// long presses).
    var deadline: CFTimeInterval?
    weak var window: UIWindow?

    public override init() { super.init() }

    /// A recognizer calling `action` with `target` when its state changes as the gesture goes.
    public init<Target: AnyObject>(target: Target, action: @escaping (Target) -> Void) {
        super.init()
        addTarget(target, action: action)
    }

    /// A recognizer calling `action` with `target` and itself.
    public init<Target: AnyObject>(target: Target, action: @escaping (Target, UIGestureRecognizer) -> Void) {
        super.init()
        addTarget(target, action: action)
    }

    /// Adds an action (the target is held weakly, as on iOS).
    open func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> Void) {
        actions.append { [weak target] _ in if let target { action(target) } }
    }

    /// Adds an action that receives the recognizer.
    open func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target, UIGestureRecognizer) -> Void) {
        actions.append { [weak target] g in if let target { action(target, g) } }
    }

    /// Removes every action.
    open func removeAllTargets() { actions = [] }

    /// Recognizes only after `other` fails (a single tap waiting for a double tap to fail).
    open func require(toFail other: UIGestureRecognizer) {
        failureRequirements.append(Weak(recognizer: other))
    }

    var requiredToFail: [UIGestureRecognizer] { failureRequirements.compactMap(\.recognizer) }

    /// How many touches the recognizer is tracking.
    open var numberOfTouches: Int { trackedTouches.count }

    /// The centroid of the tracked touches in `view`'s coordinates (the window's when nil).
    open func location(in view: UIView?) -> CGPoint {
        guard !trackedTouches.isEmpty else { return lastLocation.map { convert($0, to: view) } ?? .zero }
        return convert(centroid(trackedTouches.map(\.locationInWindow)), to: view)
    }

    /// The location of tracked touch `index` in `view`'s coordinates.
    open func location(ofTouch index: Int, in view: UIView?) -> CGPoint {
        guard trackedTouches.indices.contains(index) else { return .zero }
        return trackedTouches[index].location(in: view)
    }

    private var lastLocation: CGPoint?
    func convert(_ p: CGPoint, to view: UIView?) -> CGPoint { view.map { $0.convert(p, from: nil) } ?? p }
    func centroid(_ ps: [CGPoint]) -> CGPoint {
        guard !ps.isEmpty else { return .zero }
        let n = CGFloat(ps.count)
        return CGPoint(x: ps.reduce(0) { $0 + $1.x } / n, y: ps.reduce(0) { $0 + $1.y } / n)
    }

    // MARK: Subclass hooks (UIGestureRecognizerSubclass)

    /// Touches began in the view or its subviews.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Tracked touches moved.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Tracked touches ended.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Tracked touches were cancelled.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .began || state == .changed { state = .cancelled } else if state == .possible { state = .failed }
    }
    /// Returns the recognizer to `.possible` after its gesture finished or failed; override to
    /// clear your own state (call super).
    open func reset() {}
    /// Called at ``deadline`` (Lamina's timer hook for subclasses' time limits).
    func deadlinePassed() {}

    // MARK: Window side

    func begin(_ touch: UITouch, _ event: UIEvent) {
        trackedTouches.append(touch)
        touchesSeen.append(touch)
        lastLocation = touch.locationInWindow
        touchesBegan([touch], with: event)
    }

    func receive(_ touch: UITouch, _ event: UIEvent) {
        lastLocation = touch.locationInWindow
        switch touch.phase {
        case .began: break
        case .moved, .stationary: touchesMoved([touch], with: event)
        case .ended:
            touchesEnded([touch], with: event)
            trackedTouches.removeAll { $0 === touch }
        case .cancelled:
            touchesCancelled([touch], with: event)
            trackedTouches.removeAll { $0 === touch }
        }
    }

    func sendActions() { for a in actions { a(self) } }

    /// Back to `.possible` once its gesture is over.
    func resetIfFinished() {
        guard heldRecognition == nil else { return }
        switch state {
        case .ended, .cancelled, .failed:
            guard trackedTouches.isEmpty || state == .failed else { return }
            state = .possible
            notifiedState = .possible
            changeUnsent = false
            deadline = nil
            trackedTouches = []
            touchesSeen = []
            reset()
        default: break
        }
    }

    /// Whether this and `other` may recognize at the same time (either delegate says so).
    func recognizesSimultaneously(with other: UIGestureRecognizer) -> Bool {
        (delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) ?? false)
            || (other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) ?? false)
    }
}

/// Decides what a gesture recognizer may do (UIKit's `UIGestureRecognizerDelegate`); every
/// method is optional.
@preconcurrency @MainActor
public protocol UIGestureRecognizerDelegate: AnyObject {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
}
