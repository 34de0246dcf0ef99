/// The graphics states `saveGState()` pushed, in memory the context manages: a state is copied
/// in once when saved and moved back once when restored. (An array's `removeLast()` and the
/// assignment moved the ~400-byte state through two temporaries: three more copies of its bytes
/// per restore, a tenth of a small gradient fill's instructions.)
struct GStateStack: ~Copyable {
    private var base: UnsafeMutablePointer<CGContext.GState>
    private var capacity: Int
    /// How many states are saved.
    private(set) var count = 0

    init() {
        capacity = 4
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// Saves a copy of `s`.
    mutating func push(_ s: CGContext.GState) {
        if count == capacity {
            let grown = UnsafeMutablePointer<CGContext.GState>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        (base + count).initialize(to: s)
        count += 1
    }

    /// Replaces `current` with the last saved state, which leaves the stack (the caller checks
    /// that there is one).
    mutating func pop(into current: UnsafeMutablePointer<CGContext.GState>) {
        precondition(count > 0, "GStateStack.pop on an empty stack")
        count -= 1
        current.deinitialize(count: 1)
        current.moveInitialize(from: base + count, count: 1)
    }

    /// Drops every saved state.
    mutating func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }
}
