/// Darwin's C constants that layer and drawing code uses and glibc lacks.

/// Darwin's `HUGE` (`math.h`: `#define HUGE MAXFLOAT`), the largest finite `Float`. Code writes
/// `animation.repeatCount = HUGE` to repeat forever.
public let HUGE: Float = .greatestFiniteMagnitude

/// Darwin's `MAXFLOAT` (`math.h`), the largest finite `Float`.
public let MAXFLOAT: Float = .greatestFiniteMagnitude
