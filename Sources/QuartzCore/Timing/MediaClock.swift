import Foundation
import Synchronization
@_spi(Lamina) import CoreGraphics

/// The clock behind `CACurrentMediaTime()`: the system's monotonic clock, or a manual clock that
/// moves only when told, so that headless rendering at t = 1.5 s is exact and repeatable.
///
/// Lamina API (Apple's platforms have no replaceable clock). The clock in effect is, in order: the
/// one bound with ``run(_:)`` for the current task or thread, else ``MediaClock/shared``.
///
/// ```swift
/// let clock = MediaClock(manualAt: 0)
/// clock.run {
///     layer.add(animation, forKey: "fade")   // begins at 0
///     clock.advance(by: 0.5)
///     let opacity = layer.presentation()?.opacity
/// }
/// ```
public final class MediaClock: Sendable {
    private enum Source { case system, manual }
    private let source: Source
    private let manualTime: Locked<CFTimeInterval>

    /// The system's monotonic clock, in seconds since an arbitrary origin (boot, on Linux).
    public static let system = MediaClock(source: .system, start: 0)

    private init(source: Source, start: CFTimeInterval) {
        self.source = source
        manualTime = Locked(start)
    }

    /// A manual clock reading `time` until advanced or set.
    public convenience init(manualAt time: CFTimeInterval) {
        self.init(source: .manual, start: time)
    }

    /// Whether this clock moves only when told.
    public var isManual: Bool { source == .manual }

    /// The current time, in seconds.
    public var now: CFTimeInterval {
        switch source {
        case .system:
            var ts = timespec()
            clock_gettime(CLOCK_MONOTONIC, &ts)
            return CFTimeInterval(ts.tv_sec) + CFTimeInterval(ts.tv_nsec) * 1e-9
        case .manual:
            return manualTime.withLock { $0 }
        }
    }

    /// Moves a manual clock forward by `seconds` (a negative or non-finite step is ignored with
    /// a diagnostic). Traps on the system clock, which cannot be moved.
    public func advance(by seconds: CFTimeInterval) {
        precondition(isManual, "MediaClock.advance(by:): the system clock cannot be moved; use MediaClock(manualAt:)")
        guard seconds.isFinite, seconds >= 0 else {
            LaminaDiagnostics.report("MediaClock.advance(by: \(seconds)): ignored; a clock only moves forward by finite steps")
            return
        }
        manualTime.withLock { $0 += seconds }
    }

    /// Sets a manual clock to `time` (it may go backwards, e.g. to render an earlier frame).
    /// Traps on the system clock.
    public func set(_ time: CFTimeInterval) {
        precondition(isManual, "MediaClock.set(_:): the system clock cannot be moved; use MediaClock(manualAt:)")
        guard time.isFinite else {
            LaminaDiagnostics.report("MediaClock.set(\(time)): ignored; the time must be finite")
            return
        }
        manualTime.withLock { $0 = time }
    }

    /// Runs `body` with this clock as the current clock for this task or thread.
    public func run<R>(_ body: () throws -> R) rethrows -> R {
        try MediaClock.$bound.withValue(self, operation: body)
    }

    @TaskLocal static var bound: MediaClock?
    private static let sharedClock = Locked<MediaClock>(.system)

    /// The clock used where none is bound with ``run(_:)``: the system clock unless replaced.
    public static var shared: MediaClock {
        get { sharedClock.withLock { $0 } }
        set { sharedClock.withLock { $0 = newValue } }
    }

    /// The clock in effect here.
    public static var current: MediaClock { bound ?? shared }
}

/// The current absolute media time in seconds: the current ``MediaClock``'s reading.
public func CACurrentMediaTime() -> CFTimeInterval { MediaClock.current.now }
