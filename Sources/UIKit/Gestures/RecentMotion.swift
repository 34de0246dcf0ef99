import Foundation

/// A gesture's value over its last 0.1 s of movement, for its velocity: pans, pinches and
/// rotations report how fast they were moving when they ended, not their average.
struct RecentMotion {
    /// How far back samples count, in seconds.
    static let span: CFTimeInterval = 0.1
    private var samples: [(time: CFTimeInterval, value: CGPoint)] = []

    /// Adds the value at `time`, forgetting samples older than ``span``.
    mutating func add(_ value: CGPoint, at time: CFTimeInterval) {
        samples.append((time, value))
        samples.removeAll { time - $0.time > Self.span }
    }

    /// Adds a one-dimensional value (a scale, an angle).
    mutating func add(_ value: CGFloat, at time: CFTimeInterval) { add(CGPoint(x: value, y: 0), at: time) }

    /// Starts again, with `value` at `time` when given.
    mutating func restart(_ value: CGFloat? = nil, at time: CFTimeInterval = 0) {
        samples = []
        if let value { add(value, at: time) }
    }

    /// Units per second from the oldest sample to the newest; zero with fewer than two samples
    /// at different times.
    var velocity: CGPoint {
        guard let f = samples.first, let l = samples.last, l.time > f.time else { return .zero }
        let dt = CGFloat(l.time - f.time)
        return CGPoint(x: (l.value.x - f.value.x) / dt, y: (l.value.y - f.value.y) / dt)
    }
}
