/// The timing model shared by layers, animations and emitter cells (spec §6).
///
/// Defaults: `beginTime` 0, `duration` 0, `speed` 1, `timeOffset` 0, `repeatCount` 0,
/// `repeatDuration` 0, `autoreverses` false, `fillMode` `.removed`.
public protocol CAMediaTiming: AnyObject {
    /// Start time in the parent's time space.
    var beginTime: CFTimeInterval { get set }
    /// The basic duration.
    var duration: CFTimeInterval { get set }
    /// The rate of local time relative to the parent's.
    var speed: Float { get set }
    /// An offset added in active local time.
    var timeOffset: CFTimeInterval { get set }
    /// How many times to repeat (fractional allowed; 0 means once).
    var repeatCount: Float { get set }
    /// How long to repeat for (0 means not set).
    var repeatDuration: CFTimeInterval { get set }
    /// Whether to play backwards after playing forwards.
    var autoreverses: Bool { get set }
    /// What shows outside the active interval.
    var fillMode: CAMediaTimingFillMode { get set }
}
