import Foundation
@_spi(Lamina) import CoreGraphics
@_spi(Lamina) import QuartzCore

/// The root of a view hierarchy on a screen. Lamina's window is headless: it has its own
/// manual clock and draws frames on request (Lamina API: `run`, `advance(to:)`,
/// `render(atTime:)`, `frames(duration:framesPerSecond:)`, and simulated touches).
///
/// Each frame, in order: the clock moves; pending changes commit (layout, display; animations
/// added since begin); animation delegates and completion blocks run; their changes commit;
/// the window's layer tree is drawn at the screen's scale.
open class UIWindow: UIView {
    /// The screen the window is on (its scale sets the views' content scale).
    open var screen: UIScreen = UIScreen.main {
        didSet {
            driver?.renderer.scale = screen.scale
            guard oldValue !== screen else { return }
            refreshContentsScale()
            updateTraits()
        }
    }
    var screenScale: CGFloat { screen.scale }

    /// The window's clock (manual: it moves only in `advance(to:)` and the frame methods).
    public var clock: MediaClock { driver.clock }
    private(set) var driver: FrameDriver!
    private var activeTouches: [UITouch] = []
    var activeTouchList: [UITouch] { activeTouches }
    /// The responder presses go to first.
    weak var firstResponder: UIResponder?
    /// Recognizers with touches or timers pending.
    var trackingRecognizers: [UIGestureRecognizer] = []
    /// The window on the display, when it is on one.
    var presence: ScreenPresence?
    /// The touches window events are making (``handle(_:)``): fingers by id, the pointer's
    /// primary button under ``pointerID``.
    var inputTouches: [Int: UITouch] = [:]
    static let pointerID = Int.min

    /// A window's driver: on the application's clock while the main loop runs (so its windows,
    /// display links, timers' animations and `CACurrentMediaTime()` agree), else on a clock of
    /// its own at 0 (headless, repeatable).
    static func makeDriver(for layer: CALayer, scale: CGFloat) -> FrameDriver {
        if UIApplication.isRunningMainLoop {
            return FrameDriver(layer: layer, scale: scale, clock: UIApplication.shared.mainClock)
        }
        return FrameDriver(layer: layer, scale: scale)
    }

    /// The view controller whose view fills the window.
    open var rootViewController: UIViewController? {
        didSet {
            oldValue?.viewIfLoaded?.removeFromSuperview()
            guard let vc = rootViewController else { return }
            let v: UIView = vc.view
            v.frame = bounds
            v.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            // The appearance callbacks come from the view entering the window.
            addSubview(v)
        }
    }

    /// Whether the window is the key window (at most one is: making one key resigns the others).
    open private(set) var isKeyWindow = false

    /// The window's position in the z-order of windows.
    public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        /// Application windows (0).
        public static let normal = Level(rawValue: 0)
        /// The status bar's level (1000).
        public static let statusBar = Level(rawValue: 1000)
        /// Alerts' level (2000).
        public static let alert = Level(rawValue: 2000)
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    /// Where the window sits among windows (`UIApplication.shared.windows` is sorted by it).
    open var windowLevel: Level = .normal

    /// The scene the window belongs to: the one it was made with, else Lamina's scene on the
    /// main screen.
    open weak var windowScene: UIWindowScene?

    /// A window with `frame` on the main screen, its clock at media time 0.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        driver = UIWindow.makeDriver(for: layer, scale: UIScreen.main.scale)
        isOpaque = false
        windowScene = .main
        UIApplication.shared.register(self)
    }

    /// A window in `windowScene`, filling its screen.
    public init(windowScene: UIWindowScene) {
        super.init(frame: windowScene.screen.bounds)
        driver = UIWindow.makeDriver(for: layer, scale: windowScene.screen.scale)
        isOpaque = false
        self.windowScene = windowScene
        UIApplication.shared.register(self)
    }

    /// A window filling `screen`.
    public convenience init(screen: UIScreen) {
        self.init(frame: screen.bounds)
        self.screen = screen
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        driver = UIWindow.makeDriver(for: layer, scale: UIScreen.main.scale)
        isOpaque = false
        windowScene = .main
        UIApplication.shared.register(self)
    }

    /// Makes the window key and visible: lays it out and displays it. The first time any
    /// window does, the application becomes active.
    ///
    /// While the main loop runs (`UIApplicationMain` or a `@main` application delegate) and a
    /// display is present, the window opens on it, sized to the window's bounds at the display's
    /// scale; otherwise it stays headless, drawn on request.
    open func makeKeyAndVisible() {
        isHidden = false
        makeKey()
        // On a display, the window takes the display's scale before its first layout.
        openOnScreenIfPossible()
        clock.run { CATransaction.flush() }
    }

    /// Makes the window key (the previous key window resigns).
    open func makeKey() {
        guard !isKeyWindow else { return }
        isKeyWindow = true
        becomeKey()
        UIApplication.shared.windowBecameKey(self)
    }

    /// Called when the window became key; override to react (call super).
    open func becomeKey() {}

    /// Called when the window stopped being key; override to react (call super).
    open func resignKey() {}

    func loseKeyStatus() {
        isKeyWindow = false
        resignKey()
    }

    /// The window's next responder: its scene (then the application and its delegate).
    open override var next: UIResponder? { windowScene ?? UIApplication.shared }

    // MARK: Time and frames

    /// The window's current media time.
    public var time: CFTimeInterval { clock.now }

    /// Runs `body` with the window's clock as the current clock (so `CACurrentMediaTime()` and
    /// animations begun in it use the window's time).
    public func run<R>(_ body: () throws -> R) rethrows -> R { try clock.run(body) }

    /// Moves the window's clock to `time`: commits pending changes, delivers animation events
    /// and completion blocks, and commits what they changed. Nothing is drawn.
    public func advance(to time: CFTimeInterval) {
        driver.advance(to: time)
        fireGestureDeadlines(at: time)
    }

    /// The window drawn at media time `time` (the current time when nil), after `advance(to:)`.
    /// Frames asked for in increasing time redraw only what changed.
    public func render(atTime time: CFTimeInterval? = nil) -> CGImage? {
        driver.renderer.scale = screen.scale
        let t = time ?? clock.now
        fireGestureDeadlines(at: t)
        return driver.frame(at: t)
    }

    /// Frames from the current time for `duration` seconds at `framesPerSecond`.
    public func frames(duration: CFTimeInterval, framesPerSecond fps: Double = 60) -> [CGImage] {
        guard duration.isFinite, duration >= 0, fps.isFinite, fps > 0 else {
            LaminaDiagnostics.report("UIWindow.frames(duration: \(duration), framesPerSecond: \(fps)): needs a finite duration ≥ 0 and a rate > 0")
            return []
        }
        let start = clock.now
        let count = Int(saturating: (duration * fps).rounded(.down) + 1)
        guard count <= 100_000 else {
            LaminaDiagnostics.report("UIWindow.frames: more than 100000 frames asked for (\(duration) s at \(fps) per second); none made")
            return []
        }
        return (0..<count).compactMap { render(atTime: start + Double($0) / fps) }
    }

    // MARK: Touches

    /// Simulates a finger going down at `point` (window coordinates): the touch is delivered to
    /// the view `hitTest(_:with:)` finds, through `touchesBegan(_:with:)`, at the window's current
    /// time; changes the handler makes commit right after, as at the end of a run-loop turn.
    @discardableResult
    public func touchDown(at point: CGPoint, tapCount: Int = 1) -> UITouch? {
        let touch = UITouch()
        touch.tapCount = max(1, tapCount)
        touch.window = self
        touch.locationInWindow = point
        touch.previousLocationInWindow = point
        touch.timestamp = clock.now
        touch.phase = .began
        let event = UIEvent()
        event.timestamp = clock.now
        guard let target = hitTest(point, with: event) else { return nil }
        touch.view = target
        touch.gestureRecognizers = target.recognizersForTouch().filter { g in
            g.delegate?.gestureRecognizer(g, shouldReceive: touch) ?? true
        }
        event.touches = [touch]
        activeTouches.append(touch)
        dispatchTouch(touch, event, to: target)
        return touch
    }

    /// Moves a touch to `point`, delivered through `touchesMoved(_:with:)` to its view.
    public func touchMove(_ touch: UITouch, to point: CGPoint) {
        send(touch, .moved, at: point)
    }

    /// Lifts a touch (at `point`, or where it is), delivered through `touchesEnded(_:with:)`.
    public func touchUp(_ touch: UITouch, at point: CGPoint? = nil) {
        send(touch, .ended, at: point)
    }

    /// Cancels a touch (the system took it: the window closed), delivered through
    /// `touchesCancelled(_:with:)`.
    public func touchCancel(_ touch: UITouch) {
        guard activeTouches.contains(where: { $0 === touch }) else { return }
        send(touch, .cancelled, at: nil)
    }

    /// Moves an active touch to `phase` (at `point`, when given) and delivers it to its view.
    private func send(_ touch: UITouch, _ phase: UITouch.Phase, at point: CGPoint?) {
        guard let view = touch.view else { return }
        if let point {
            touch.previousLocationInWindow = touch.locationInWindow
            touch.locationInWindow = point
        }
        touch.phase = phase
        touch.timestamp = clock.now
        let event = UIEvent()
        event.timestamp = clock.now
        event.touches = [touch]
        if phase == .ended || phase == .cancelled { activeTouches.removeAll { $0 === touch } }
        dispatchTouch(touch, event, to: view)
    }

    /// Delivers a key press to the first responder (else the window's root view controller,
    /// else the window), which passes it up the responder chain unless it handles it.
    public func press(_ key: UIKey, phase: UIPress.Phase) {
        let p = UIPress()
        p.phase = phase
        p.timestamp = clock.now
        p.window = self
        p.key = key
        p.type = switch key.keyCode {
        case .keyboardUpArrow: .upArrow
        case .keyboardDownArrow: .downArrow
        case .keyboardLeftArrow: .leftArrow
        case .keyboardRightArrow: .rightArrow
        case .keyboardReturnOrEnter: .select
        case .keyboardEscape: .menu
        case .keyboardPageUp: .pageUp
        case .keyboardPageDown: .pageDown
        default: nil
        }
        let target: UIResponder = firstResponder ?? rootViewController ?? self
        p.responder = target
        // A key command along the responder chain takes the press, as in UIKit; Escape closes
        // an open menu.
        if phase == .began {
            if key.keyCode == .keyboardEscape, let overlay = MenuOverlay.shown(in: self) {
                overlay.close(animated: true)
                return
            }
            var r: UIResponder? = target
            while let responder = r {
                if let command = responder.keyCommands?.first(where: { $0.matches(key) }) {
                    responder.validate(command)
                    if !command.attributes.contains(.disabled) {
                        clock.run { command.send(from: responder) }
                        return
                    }
                }
                r = responder.next
            }
        }
        let e = UIPressesEvent()
        e.timestamp = clock.now
        e.allPresses = [p]
        clock.run {
            switch phase {
            case .began: target.pressesBegan([p], with: e)
            case .changed, .stationary: target.pressesChanged([p], with: e)
            case .ended: target.pressesEnded([p], with: e)
            case .cancelled: target.pressesCancelled([p], with: e)
            }
            CATransaction.flush()
        }
    }

    /// A tap at `point`: down and up.
    public func tap(at point: CGPoint) {
        if let t = touchDown(at: point) { touchUp(t) }
    }
}
