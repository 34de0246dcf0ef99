extension Int {
    /// `value` truncated toward zero and clamped to `Int`'s range; NaN gives 0.
    ///
    /// `Int(_:)` traps on values outside the range (1e30 points, a billion particles a second
    /// times a long time), so any count or size computed from user values goes through this
    /// before it is checked against its limit.
    @_spi(Lamina) public init(saturating value: Double) {
        if value.isNaN { self = 0; return }
        if value >= 9.2e18 { self = .max; return }
        if value <= -9.2e18 { self = .min; return }
        self = Int(value)
    }
}
