/// How deep Lamina follows a layer tree. Every walk over a tree (commit, layout, display,
/// presentation, hit testing, extents, drawing) is recursive; a tree deeper than ``limit``
/// levels would exhaust the thread's stack, so deeper layers are left out of the walk and a
/// diagnostic says so once (spec: odd but legal input never traps).
enum TreeDepth {
    /// Levels followed (far beyond any real interface; within a debug build's stack).
    static let limit = 512

    /// Runs `body` one level deeper on this thread, or returns `fallback` (with a diagnostic
    /// naming `what` is skipped) when that is beyond the limit.
    @inline(__always)
    static func descend<T>(_ what: StaticString, fallback: T, _ body: () throws -> T) rethrows -> T {
        let s = TransactionState.current
        guard s.treeDepth < limit else {
            LaminaDiagnostics.report("a layer tree deeper than \(limit) levels: the deeper layers are not \(what)")
            return fallback
        }
        s.treeDepth += 1
        defer { s.treeDepth -= 1 }
        return try body()
    }

    /// How deep the walks on this thread are now (where a self-counting walk starts).
    static var current: Int { TransactionState.current.treeDepth }

    /// For walks that count their own depth: whether `depth` is within the limit (with the
    /// diagnostic when it is not).
    @inline(__always)
    static func allows(_ depth: Int, _ what: StaticString = "drawn") -> Bool {
        if depth < limit { return true }
        LaminaDiagnostics.report("a layer tree deeper than \(limit) levels: the deeper layers are not \(what)")
        return false
    }
}
