import CoreGraphics
import Foundation
import LaminaRender
import QuartzCore

/// Shows a layer tree in a ``NativeWindow`` at the display's rate (Lamina API): the window's
/// thread handles input and moves the model (display links, animation events, commits), a
/// render thread rasterizes each frame, and only what changed is presented.
///
/// ```swift
/// let window = try NativeWindow(title: "Demo", size: root.bounds.size)
/// let host = LayerWindowHost(driver: FrameDriver(layer: root, scale: window.scale), window: window)
/// host.onEvent = { event in … }
/// host.run()                                   // until the window is closed
/// ```
///
/// Each refresh (the display's rate; a timer, since the window surface has no vsync): the media
/// time moves to the refresh's time (scaled by ``speed``, held while ``isPaused``); the driver
/// advances (commits, display links, animation delegates); if anything was committed or an
/// animation runs, the frame is prepared here and handed to the render thread; when that is
/// done, its damaged rectangle is presented. A refresh on which nothing changed draws nothing.
public final class LayerWindowHost {
    /// The window.
    public let window: NativeWindow
    /// The driver whose tree, clock and renderer are shown (replace it to show another tree).
    public var driver: FrameDriver {
        didSet { forceFrame = true; forcePresent = true; mediaTarget = driver.clock.now }
    }
    /// Called on the window's thread for each event, before the frame it precedes.
    public var onEvent: ((WindowEvent) -> Void)?
    /// Called on the window's thread each refresh after the driver advanced to the frame's media
    /// time and before the frame is prepared (the model's turn).
    public var beforeFrame: ((CFTimeInterval) -> Void)?
    /// Called after each present with the media time shown.
    public var afterPresent: ((CFTimeInterval) -> Void)?
    /// Media seconds per real second (1; 0.1 is slow motion).
    public var speed: Double = 1
    /// Whether media time is held (``step(by:)`` still moves it).
    public var isPaused = false
    /// Whether the window's title shows the pacing statistics, refreshed each second.
    public var showsStatistics = false
    /// The window's title without statistics.
    public var title: String { didSet { window.title = title } }
    /// Frame pacing so far.
    public private(set) var pacing = FramePacing()

    private let renderThread: RenderThread
    private var stopRequested = false
    private var forceFrame = true
    private var forcePresent = false
    /// Whether the window has been shown a whole frame (until then frames present whole).
    private var presentedWhole = false
    private var lastCommits = -1
    private var lastFrameTime = -Double.infinity
    private var lastRealTime: Double
    private var nextTick: Double
    private var lastTitleUpdate = 0.0
    private var pendingStep = 0.0
    /// The media time this host is heading for: real time elapsed (times ``speed``, unless
    /// paused) and steps since it started. A clock shared with other hosts moves to the latest
    /// of theirs, never by the sum.
    private var mediaTarget: Double

    /// A host showing `driver`'s tree in `window`.
    public init(driver: FrameDriver, window: NativeWindow) {
        self.driver = driver
        self.window = window
        title = window.title
        let waker = window.waker
        renderThread = RenderThread { waker.wake() }
        lastRealTime = RenderThread.now()
        nextTick = lastRealTime
        mediaTarget = driver.clock.now
    }

    deinit { renderThread.stop() }

    /// Seconds between refreshes.
    public var refreshInterval: Double { 1 / max(1, min(240, window.refreshRate)) }

    /// Runs refreshes until the window is closed, ``stop()`` is called, or `until` returns true.
    public func run(until done: () -> Bool = { false }) {
        stopRequested = false
        while window.isOpen && !stopRequested && !done() { turn() }
        // The frame in flight finishes before the caller may drop the tree.
        finish()
    }

    /// Runs for `seconds` of real time (tests, benchmarks).
    public func run(forSeconds seconds: Double) {
        let end = RenderThread.now() + max(0, seconds)
        run { RenderThread.now() >= end }
    }

    /// Ends ``run(until:)`` after the current turn.
    public func stop() { stopRequested = true }

    /// Moves media time by `seconds` at the next refresh (frame stepping while paused).
    public func step(by seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        pendingStep += seconds
    }

    /// Asks for a frame at the next refresh even if nothing changed (after a resize, say).
    public func setNeedsFrame() { forceFrame = true }

    /// Asks for the next frame to be drawn and presented whole (the window's pixels were lost
    /// or covered; exposure events do this by themselves).
    public func setNeedsPresent() { forceFrame = true; forcePresent = true }

    /// Whether the loop was asked to end (the window's close button, ``stop()``).
    public var isStopRequested: Bool { stopRequested }

    /// When the next refresh is due, in seconds of `MediaClock.system`.
    public var nextRefreshTime: Double { nextTick }

    /// Lets the render thread finish the frame it is drawing and presents it (before the tree
    /// is dropped or the window closed).
    public func finish() {
        while renderThread.isBusy { usleep(1000) }
        if let r = renderThread.takeResult(), window.isOpen { present(r) }
    }

    /// One turn of the loop: wait for input or the next refresh (at most `limit` seconds: 0 when
    /// one thread runs several windows' loops), handle input, present a finished frame, and
    /// start the next one when a refresh is due.
    public func turn(waitingAtMost limit: Double = .infinity) {
        let now = RenderThread.now()
        let events = window.waitEvents(timeout: max(0, min(limit, nextTick - now)))
        for e in events {
            switch e {
            case .closeRequested: stopRequested = true
            // The window lost its pixels: the next frame is drawn and presented whole. (No frame
            // is kept for this: holding the last image would make the renderer copy its bitmap
            // before every frame.)
            case .exposed, .resized: forcePresent = true; forceFrame = true
            default: break
            }
            driver.clock.run { onEvent?(e) }
        }
        guard window.isOpen, !stopRequested else { return }
        if let r = renderThread.takeResult() { present(r) }
        let t = RenderThread.now()
        if t >= nextTick {
            refresh(at: t)
            let period = refreshInterval
            nextTick += period
            if nextTick < t { nextTick = t + period }   // fell behind: do not run to catch up
        }
        if showsStatistics, t - lastTitleUpdate >= 1 {
            lastTitleUpdate = t
            window.title = "\(title) · \(pacing)"
        }
    }

    private func refresh(at real: Double) {
        let elapsed = real - lastRealTime
        lastRealTime = real
        var dt = isPaused ? 0 : elapsed * max(0, speed)
        dt += pendingStep
        pendingStep = 0
        if dt.isFinite { mediaTarget += dt }
        // Time keeps counting while the previous frame is still being drawn; the frame after it
        // catches up.
        if renderThread.isBusy { return }
        let clock = driver.clock
        let t = max(mediaTarget, clock.now)
        mediaTarget = t
        driver.advance(to: t)
        clock.run { beforeFrame?(t) }
        let commits = RenderStore.shared.commitCount
        let animating = clock.run { driver.renderer.nextFrameTime() } <= t
        let moved = t != lastFrameTime
        guard forceFrame || commits != lastCommits || (animating && moved) else {
            pacing.recordIdle()
            return
        }
        guard let prepared = clock.run({ driver.renderer.prepareFrame(atTime: t) }) else { return }
        lastCommits = RenderStore.shared.commitCount
        lastFrameTime = t
        forceFrame = false
        _ = renderThread.submit(prepared, renderer: driver.renderer, tickStart: real, deadline: real + refreshInterval,
                                prepareSeconds: RenderThread.now() - real)
    }

    private func present(_ r: RenderThread.Result) {
        guard let image = r.image else { return }
        let damage: CGRect? = (forcePresent || !presentedWhole) ? nil : r.damage
        let presentStart = RenderThread.now()
        if damage.map({ !$0.isNull && !$0.isEmpty }) ?? true { window.present(image, damage: damage) }
        let presentSeconds = RenderThread.now() - presentStart
        forcePresent = false
        presentedWhole = true
        let done = RenderThread.now()
        pacing.record(frameTime: done - r.tickStart, renderTime: r.renderSeconds, prepareTime: r.prepareSeconds,
                      presentTime: presentSeconds, late: done > r.deadline)
        afterPresent?(driver.clock.now)
    }
}
