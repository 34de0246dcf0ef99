import QuartzCore

/// Runs `body` in a transaction with actions disabled: changes show at once, without implicit
/// animations, as a test of something else than animation wants.
func withoutActions(_ body: () throws -> Void) rethrows {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    defer { CATransaction.commit() }
    try body()
}
