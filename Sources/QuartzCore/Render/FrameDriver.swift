import Foundation
@_spi(Lamina) import CoreGraphics
import LaminaRender

/// Drives a layer tree through time headlessly: each frame sets a manual clock, delivers
/// animation events, commits, and renders the presentation at that time (Lamina API).
///
/// ```swift
/// let driver = FrameDriver(layer: root, scale: 2)
/// driver.run { root.add(spin, forKey: "spin") }     // set up at media time 0
/// let frames = driver.frames(duration: 1, framesPerSecond: 60)
/// ```
///
/// At every frame, in order: the clock moves to the frame's time; pending changes are committed
/// (animations added since begin now); `animationDidStart` is sent for animations whose active
/// time has begun, `animationDidStop(_:finished:)` for those that ended (removing those removed
/// on completion) or were removed, then transaction completion blocks whose animations are all
/// done; changes the delegates made are committed; the tree is rendered.
public final class FrameDriver {
    /// The root of the tree.
    public let layer: CALayer
    /// The clock the driver moves; bound as the current clock while the driver works.
    public let clock: MediaClock
    /// The renderer (its scale and bounds can be changed).
    public let renderer: CARenderer

    /// A driver for `layer` at `scale`, its clock starting at `startTime`.
    public init(layer: CALayer, scale: CGFloat = 1, startTime: CFTimeInterval = 0) {
        self.layer = layer
        clock = MediaClock(manualAt: startTime)
        renderer = CARenderer(layer: layer, scale: scale)
    }

    /// A driver for `layer` at `scale` moving `clock`, a manual clock shared with other drivers
    /// or code (an application's windows share one; a system clock is replaced by a manual one
    /// at its current time, with a diagnostic).
    public init(layer: CALayer, scale: CGFloat = 1, clock: MediaClock) {
        self.layer = layer
        if clock.isManual {
            self.clock = clock
        } else {
            LaminaDiagnostics.report("FrameDriver(clock:): the system clock cannot be moved; a manual clock at its current time is used")
            self.clock = MediaClock(manualAt: clock.now)
        }
        renderer = CARenderer(layer: layer, scale: scale)
    }

    /// The current media time.
    public var time: CFTimeInterval { clock.now }

    /// Runs `body` with the driver's clock as the current clock (set up animations here so they
    /// begin at the driver's time).
    public func run<R>(_ body: () throws -> R) rethrows -> R {
        try clock.run(body)
    }

    /// Moves to `time` and delivers events and commits without rendering.
    public func advance(to time: CFTimeInterval) {
        clock.run {
            clock.set(time)
            CATransaction.flush()
            // A frame: display links on this clock are called before animations are evaluated.
            DisplayLinks.shared.frame(clock: clock, at: time)
            CATransaction.flush()
            AnimationEvents.process(layer, at: time)
            CATransaction.flush()
        }
    }

    /// The frame at media time `time` (after `advance(to:)`); frames drawn in increasing time
    /// order redraw only what changed.
    public func frame(at time: CFTimeInterval) -> CGImage? {
        advance(to: time)
        return clock.run { renderer.nextFrame(atTime: time) }
    }

    /// The frames at media times `times` (in increasing order), drawn on `jobs` threads (the
    /// processors by default): the model moves through the times in order on this thread
    /// (events, commits, and the redrawing of layers whose `needsDisplay(forKey:)` properties
    /// animate) and each frame's tree is handed to the workers, which draw consecutive runs of
    /// frames, each run redrawing only what changed from one frame to the next. The pictures are
    /// the same bytes as ``frame(at:)``'s for any number of jobs; nil where a frame could not be
    /// drawn (with a diagnostic). `progress` is told how many frames are done, from any thread.
    public func frames(at times: [CFTimeInterval], jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                       progress: (@Sendable (Int) -> Void)? = nil) -> [CGImage?] {
        let jobs = max(1, min(jobs, times.count))
        if jobs == 1 {
            var out: [CGImage?] = []
            out.reserveCapacity(times.count)
            for t in times {
                out.append(frame(at: t))
                progress?(out.count)
            }
            return out
        }
        // The model's side, in order, on this thread.
        var prepared: [(frame: Frame, geometry: FrameGeometry)?] = []
        prepared.reserveCapacity(times.count)
        for t in times {
            advance(to: t)
            let item = clock.run { () -> (Frame, FrameGeometry)? in
                guard let g = FrameGeometry(area: renderer.bounds ?? layer.bounds, scale: renderer.scale, who: "FrameDriver"),
                      let f = CARenderer.prepareFrame(of: layer, at: t) else { return nil }
                return (f, g)
            }
            prepared.append(item)
        }
        // The drawing, in runs of consecutive frames on the workers.
        let results = Locked([CGImage?](repeating: nil, count: times.count))
        let done = Locked(0)
        let work = UncheckedBox(prepared)
        WorkerPool.shared.run(jobs, threads: jobs) { j in
            let range = (times.count * j / jobs)..<(times.count * (j + 1) / jobs)
            let drawer = FrameRenderer()
            drawer.threads = 1
            for k in range {
                guard let (frame, g) = work.value[k] else { continue }
                let image = drawer.nextFrame(frame, geometry: g)
                results.withLock { $0[k] = image }
                let n = done.withLock { $0 += 1; return $0 }
                progress?(n)
            }
        }
        return results.withLock { $0 }
    }

    /// Frames from the current time for `duration` seconds at `framesPerSecond` (the first at
    /// the current time, the last at or before the end).
    public func frames(duration: CFTimeInterval, framesPerSecond fps: Double = 60) -> [CGImage] {
        guard duration.isFinite, duration >= 0, fps.isFinite, fps > 0 else {
            LaminaDiagnostics.report("FrameDriver.frames(duration: \(duration), framesPerSecond: \(fps)): needs a finite duration ≥ 0 and a rate > 0")
            return []
        }
        let start = time
        let count = Int(saturating: (duration * fps).rounded(.down) + 1)
        guard count <= 100_000 else {
            LaminaDiagnostics.report("FrameDriver.frames: \(count) frames is more than 100000; none made")
            return []
        }
        return (0..<count).compactMap { frame(at: start + Double($0) / fps) }
    }
}

/// A value handed to worker threads that only read it (frames are immutable).
private final class UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
