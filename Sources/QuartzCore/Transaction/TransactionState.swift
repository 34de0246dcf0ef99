import Foundation

/// A transaction's completion block and the animations it waits for.
final class CompletionGroup {
    private var block: (() -> Void)?
    private var pending = 0
    private var committed = false

    init(_ block: @escaping () -> Void) { self.block = block }

    func retain() { pending += 1 }

    /// One awaited animation finished or was removed.
    func release() {
        pending -= 1
        fireIfDone()
    }

    /// The transaction committed: the block runs once nothing is pending.
    func commit() {
        committed = true
        fireIfDone()
    }

    /// Runs the block now (it was replaced before the commit).
    func fireNow() {
        let b = block
        block = nil
        b?()
    }

    private func fireIfDone() {
        guard committed, pending <= 0, let b = block else { return }
        block = nil
        TransactionState.current.completions.append(b)
    }
}

/// One nesting level of transactions on a thread.
final class TransactionScope {
    var values: [String: Any] = [:]
    /// `values["disableActions"]` read as a Bool (nil when unset), kept beside it so that every
    /// property change can ask without a dictionary lookup.
    var disableActions: Bool?
    var completion: CompletionGroup?
    let isImplicit: Bool
    init(implicit: Bool) { isImplicit = implicit }
}

/// The transactions of one thread: nested scopes (the bottom one may be implicit), the layers
/// changed since the last commit, the animations added since, and queued events.
final class TransactionState {
    var scopes: [TransactionScope] = []
    /// How deep the layer-tree walks running on this thread are nested (see ``TreeDepth``).
    var treeDepth = 0
    /// Layers changed in the open transaction (each once: flagged `.touched`).
    var touched: [CALayer] = []
    /// Animations added in the open transaction.
    var added: [(layer: CALayer, animation: AttachedAnimation)] = []
    /// `animationDidStop(_:finished: false)` for removed animations, delivered with the next
    /// animation events.
    var removedStops: [AttachedAnimation] = []
    /// Completion blocks ready to run.
    var completions: [() -> Void] = []
    var flushPending = false
    /// Non-zero while presentation copies are being made on this thread.
    var buildingPresentation = 0
    var committing = false

    /// The current thread's state.
    static var current: TransactionState { perThread.value }

    private static let perThread = PerThread { TransactionState() }

    /// Opens an implicit transaction when none is open (a change outside any transaction).
    @inline(__always)
    func ensureOpen() {
        if scopes.isEmpty { scopes.append(TransactionScope(implicit: true)) }
    }

    /// The innermost value set for `key`, if any.
    func value(forKey key: String) -> Any? {
        for s in scopes.reversed() { if let v = s.values[key] { return v } }
        return nil
    }

    func setValue(_ value: Any?, forKey key: String) {
        ensureOpen()
        let scope = scopes[scopes.count - 1]
        scope.values[key] = value
        if key == kCATransactionDisableActions { scope.disableActions = value.map { kvcCoerce($0, to: Bool.self) ?? false } }
    }

    /// Whether the innermost transaction that set `disableActions` disabled actions.
    var actionsDisabled: Bool {
        for s in scopes.reversed() { if let d = s.disableActions { return d } }
        return false
    }
}
