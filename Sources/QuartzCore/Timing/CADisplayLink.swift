import Foundation

/// A range of frame rates (Core Animation's `CAFrameRateRange`).
public struct CAFrameRateRange: Hashable, Sendable {
    public var minimum: Float
    public var maximum: Float
    public var preferred: Float?
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }
    /// The display's own rate.
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)
}

/// A timer called once per displayed frame (Core Animation's `CADisplayLink`).
///
/// Lamina's display is headless: a frame is displayed each time a `FrameDriver` (or a
/// `UIWindow`) advances its clock (`advance(to:)`, `frame(at:)`, `frames(duration:…)`). A link
/// added to a run loop joins the clock that is current then (`MediaClock.current`: inside
/// `driver.run { }` or `window.run { }`, that one) and is called on the frames of that clock
/// at its preferred rate, at most once per frame: `timestamp` is the frame's time and
/// `targetTimestamp` the next frame's (the display runs at ``maximumFramesPerSecond``, 60).
///
/// Swift on Linux has no selectors, so the link calls a closure: `CADisplayLink { link in … }`,
/// or `CADisplayLink(target: self) { me, link in me.step(link) }`. As on iOS the link keeps its
/// target alive until `invalidate()`.
open class CADisplayLink: @unchecked Sendable {
    /// The rate frames are displayed at.
    public static let maximumFramesPerSecond = 60

    private let handler: (CADisplayLink) -> Void
    private let lock = NSLock()
    private var _paused = false
    private var _preferredRange = CAFrameRateRange.default
    private var _timestamp: CFTimeInterval = 0
    private var _target: CFTimeInterval = 0
    private var lastFire: CFTimeInterval?

    /// A link that calls `handler` each frame.
    public init(handler: @escaping (CADisplayLink) -> Void) {
        self.handler = handler
    }

    /// A link that calls `action` with `target` each frame (the target is held until
    /// `invalidate()`, as on iOS).
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target, CADisplayLink) -> Void) {
        self.init { link in action(target, link) }
    }

    /// The time of the frame being handled.
    open var timestamp: CFTimeInterval { lock.withLock { _timestamp } }
    /// The time of the next frame.
    open var targetTimestamp: CFTimeInterval { lock.withLock { _target } }
    /// The time between frames at the display's rate.
    open var duration: CFTimeInterval { 1 / Double(Self.maximumFramesPerSecond) }

    /// Whether the link skips frames.
    open var isPaused: Bool {
        get { lock.withLock { _paused } }
        set { lock.withLock { _paused = newValue } }
    }

    /// The preferred rate (0: the display's). A rate that is not a positive number uses the
    /// display's.
    open var preferredFramesPerSecond: Int {
        get { Int(lock.withLock { _preferredRange.preferred ?? 0 }) }
        set { preferredFrameRateRange = CAFrameRateRange(minimum: 0, maximum: Float(max(0, newValue)), preferred: Float(max(0, newValue))) }
    }

    /// The range of rates the link would like.
    open var preferredFrameRateRange: CAFrameRateRange {
        get { lock.withLock { _preferredRange } }
        set { lock.withLock { _preferredRange = newValue } }
    }

    /// The rate the link is called at: the preferred one (else the maximum of the range) within
    /// the display's, the display's when none is a positive number.
    var rate: Double {
        let r = preferredFrameRateRange
        let wanted = Double(r.preferred ?? 0) > 0 ? Double(r.preferred!) : Double(r.maximum)
        guard wanted.isFinite, wanted > 0 else { return Double(Self.maximumFramesPerSecond) }
        return min(wanted, Double(Self.maximumFramesPerSecond))
    }

    /// Starts calling the link on the frames of the current clock (`runloop` and `mode` are
    /// accepted for source compatibility).
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        DisplayLinks.shared.add(self, clock: MediaClock.current)
    }

    /// Stops calling the link (`runloop` and `mode` as in `add`).
    open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) { invalidate() }

    /// Stops calling the link for good and releases its target.
    open func invalidate() {
        DisplayLinks.shared.remove(self)
    }

    /// Called for the frame at `time`: fires when the link's period has passed since it last
    /// fired (within a quarter frame, so 30 Hz fires on every other 60 Hz frame).
    func frame(at time: CFTimeInterval) {
        let period = 1 / rate
        let fire: Bool = lock.withLock {
            guard !_paused else { return false }
            if let last = lastFire, time - last < period - 0.25 / Double(Self.maximumFramesPerSecond) { return false }
            if let last = lastFire, time <= last { return false }
            lastFire = time
            _timestamp = time
            _target = time + period
            return true
        }
        if fire { handler(self) }
    }
}

/// The links added to each clock.
final class DisplayLinks: @unchecked Sendable {
    static let shared = DisplayLinks()
    private let lock = NSLock()
    private var links: [(clock: ObjectIdentifier, link: CADisplayLink)] = []

    func add(_ link: CADisplayLink, clock: MediaClock) {
        lock.withLock {
            links.removeAll { $0.link === link }
            links.append((ObjectIdentifier(clock), link))
        }
    }

    func remove(_ link: CADisplayLink) {
        lock.withLock { links.removeAll { $0.link === link } }
    }

    /// Calls the links of `clock` for the frame at `time`, in the order they were added.
    func frame(clock: MediaClock, at time: CFTimeInterval) {
        let id = ObjectIdentifier(clock)
        let now = lock.withLock { links.filter { $0.clock == id }.map(\.link) }
        for link in now { link.frame(at: time) }
    }
}
