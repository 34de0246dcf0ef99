/// The `CAMediaTiming` parameters of a layer or an animation, read once, and the mapping from
/// the parent's time to local time (spec §6).
///
/// 1. Active local time `t = (t_parent − beginTime) · speed + timeOffset`.
/// 2. Cycle `c = duration · (autoreverses ? 2 : 1)`.
/// 3. Active duration: `repeatDuration` if > 0, else `repeatCount · c` if > 0, else `c`;
///    a `repeatCount` of `.infinity` or `.greatestFiniteMagnitude` repeats forever.
/// 4. The active window is tested on `(t_parent − beginTime) · speed`; `timeOffset` only shifts
///    the phase within it (an offset animation starts mid-cycle and wraps around).
/// 5. Inside: `u = t mod c`, reflected into the second half when autoreversing.
/// 6. Before the window `.backwards`/`.both` show the state at the window's start; after it
///    `.forwards`/`.both` show the final state; otherwise there is no effect.
///
/// [U] Apple documents only step 1. Lamina's readings: the backwards fill shows the phase at the
/// window's start (`timeOffset`, 0 without an offset); the final state of a whole number of
/// cycles is the end of the last cycle (the start again when autoreversing).
package struct TimingModel: Equatable, Sendable {
    package var beginTime: Double = 0
    package var duration: Double = 0
    package var speed: Double = 1
    package var timeOffset: Double = 0
    package var repeatCount: Double = 0
    package var repeatDuration: Double = 0
    package var autoreverses = false
    package var fillsBackwards = false
    package var fillsForwards = false

    package init() {}

    /// The length of one cycle (forwards and, when autoreversing, back).
    package var cycle: Double { duration * (autoreverses ? 2 : 1) }

    /// The active duration (infinite for endless repeats).
    package var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 {
            if repeatCount >= Double(Float.greatestFiniteMagnitude) { return .infinity }
            return repeatCount * cycle
        }
        return cycle
    }

    /// Where a moment falls.
    package enum Phase: Equatable, Sendable { case before, active, after }

    /// Local time within the basic duration, with the cycle number (for cumulative animations).
    package struct Local: Equatable, Sendable {
        package var phase: Phase
        /// Time in [0, duration].
        package var time: Double
        /// The number of whole cycles before this one.
        package var iteration: Double
    }

    /// The time a parent time maps to, or nil when the object has no effect then. With
    /// `inclusiveEnd` (an animation inside a group), the moment its active duration ends still
    /// shows its last value, as Apple's groups do.
    package func local(_ parentTime: Double, inclusiveEnd: Bool = false) -> Local? {
        if speed < 0 { return reversedLocal(parentTime) }
        let a = (parentTime - beginTime) * speed
        let active = activeDuration
        if inclusiveEnd && a == active && active > 0 && active.isFinite && !fillsForwards {
            let (u, k) = position(active + timeOffset, atEnd: true)
            return Local(phase: .active, time: u, iteration: k)
        }
        if a < 0 || (a == 0 && speed == 0 && active == 0) {
            guard fillsBackwards else { return nil }
            let (u, k) = position(timeOffset, atEnd: false)
            return Local(phase: .before, time: u, iteration: k)
        }
        if a >= active {
            guard fillsForwards else { return nil }
            let (u, k) = position(active + timeOffset, atEnd: true)
            return Local(phase: .after, time: u, iteration: k)
        }
        let (u, k) = position(a + timeOffset, atEnd: false)
        return Local(phase: .active, time: u, iteration: k)
    }

    /// A negative speed plays the active duration backwards from its end, starting at
    /// `beginTime` (Apple: an animation with `speed = -1` runs in reverse; shimmer effects rely
    /// on it): local time is `active − elapsed·|speed| + timeOffset`. The fill modes keep their
    /// meaning in local time: before the beginning the local time lies past the end (shown with
    /// `.forwards`/`.both`), after the reversed run it lies before the start (shown with
    /// `.backwards`/`.both`). [U] An endless repeat (infinite active duration) has no end to
    /// start from: it runs backwards from `timeOffset`, wrapping into earlier cycles.
    private func reversedLocal(_ parentTime: Double) -> Local? {
        let elapsed = (parentTime - beginTime) * -speed
        let active = activeDuration
        if elapsed < 0 {
            guard fillsForwards else { return nil }
            let (u, k) = position(active.isFinite ? active + timeOffset : timeOffset, atEnd: true)
            return Local(phase: .before, time: u, iteration: k)
        }
        if elapsed >= active {
            guard fillsBackwards else { return nil }
            let (u, k) = position(timeOffset, atEnd: false)
            return Local(phase: .after, time: u, iteration: k)
        }
        if active.isFinite {
            let (u, k) = position(active - elapsed + timeOffset, atEnd: true)
            return Local(phase: .active, time: u, iteration: k)
        }
        // Endless: backwards from the offset, wrapping (the remainder taken positive).
        let c = cycle
        guard c > 0 else { return Local(phase: .active, time: 0, iteration: 0) }
        var t = (timeOffset - elapsed).truncatingRemainder(dividingBy: c)
        if t <= 0 { t += c }
        let (u, _) = position(t, atEnd: true)
        return Local(phase: .active, time: u, iteration: 0)
    }

    /// The phase within a cycle for active time `t`; `atEnd` makes a whole number of cycles
    /// read as the end of the last one rather than the start of the next.
    private func position(_ t: Double, atEnd: Bool) -> (Double, Double) {
        let c = cycle
        guard c > 0, t.isFinite else { return (0, 0) }
        var k = (t / c).rounded(.down)
        var r = t - k * c
        if r < 0 { r = 0 }
        if atEnd && r == 0 && t > 0 { k -= 1; r = c }
        if autoreverses && r > duration { r = 2 * duration - r }
        return (min(max(0, r), duration), k)
    }

    /// A layer's local time for its parent's: layers have no duration by default, so their
    /// time runs on without wrapping; with a duration they wrap like animations (never hidden).
    package func layerTime(_ parentTime: Double) -> Double {
        let t = (parentTime - beginTime) * speed + timeOffset
        guard duration > 0 else { return t }
        return local(parentTime)?.time ?? t
    }

    /// The parent time for a local (layer) time: the inverse of `layerTime` without wrapping.
    package func parentTime(_ localTime: Double) -> Double {
        guard speed != 0 else { return beginTime }
        return (localTime - timeOffset) / speed + beginTime
    }
}
