import Foundation
import LaminaRender

/// The key of the transaction's animation duration.
public let kCATransactionAnimationDuration = "animationDuration"
/// The key of the transaction's timing function.
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// The key of whether actions are disabled.
public let kCATransactionDisableActions = "disableActions"
/// The key of the completion block.
public let kCATransactionCompletionBlock = "completionBlock"

/// Groups layer-tree changes into atomic updates (spec §5).
///
/// Every change belongs to a transaction. A change made with none open opens an implicit
/// transaction on its thread, committed by ``flush()`` (Lamina's frame driver, renderer and
/// UIKit's run loop flush for you). `begin()`/`commit()` nest; only the outermost commit
/// commits: layout, then display, then animations added with `beginTime` 0 begin at the commit
/// time, and the committed state becomes what `presentation()` and renderers show.
/// Values (`animationDuration`, `disableActions`…) are per thread and nested: a read finds the
/// innermost transaction that set the key; a write goes to the innermost.
open class CATransaction: NSObject {
    /// Opens a transaction on this thread (nested in any open one).
    open class func begin() {
        TransactionState.current.scopes.append(TransactionScope(implicit: false))
    }

    /// Commits the innermost transaction; when it is the outermost, its changes take effect.
    /// Without a matching `begin()` it commits the thread's implicit transaction if there is one
    /// and otherwise does nothing, as Apple's does (it does not trap).
    open class func commit() {
        let s = TransactionState.current
        guard let scope = s.scopes.popLast() else { return }
        scope.completion?.commit()
        if s.scopes.isEmpty {
            TransactionCommitter.commit(s)
        } else if s.flushPending, s.scopes.count == 1, s.scopes[0].isImplicit {
            s.flushPending = false
            s.scopes[0].completion?.commit()
            s.scopes.removeAll()
            TransactionCommitter.commit(s)
        }
        TransactionCommitter.runCompletions(s)
    }

    /// Commits the implicit transaction, if any; when explicit transactions are open, waits
    /// until they have all committed.
    open class func flush() {
        let s = TransactionState.current
        if s.scopes.isEmpty {
            if !s.touched.isEmpty || !s.added.isEmpty { TransactionCommitter.commit(s) }
        } else if s.scopes.count == 1 && s.scopes[0].isImplicit {
            s.scopes[0].completion?.commit()
            s.scopes.removeAll()
            TransactionCommitter.commit(s)
        } else {
            s.flushPending = true
        }
        TransactionCommitter.runCompletions(s)
    }

    private static let globalLock = NSRecursiveLock()

    /// Takes the global transaction lock (recursive).
    open class func lock() { globalLock.lock() }
    /// Releases the global transaction lock.
    open class func unlock() { globalLock.unlock() }

    /// The duration given to animations added with a duration ≤ 0 (0.25 s unless set).
    open class func animationDuration() -> CFTimeInterval {
        let v = TransactionState.current.value(forKey: kCATransactionAnimationDuration)
        if let d = kvcCoerce(v, to: Double.self), d.isFinite, d > 0 { return d }
        return 0.25
    }

    open class func setAnimationDuration(_ dur: CFTimeInterval) {
        TransactionState.current.setValue(dur, forKey: kCATransactionAnimationDuration)
    }

    /// The timing function written into animations added in the transaction, or nil.
    open class func animationTimingFunction() -> CAMediaTimingFunction? {
        TransactionState.current.value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }

    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        TransactionState.current.setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Whether property changes skip `action(forKey:)` (no implicit animations).
    open class func disableActions() -> Bool {
        TransactionState.current.actionsDisabled
    }

    open class func setDisableActions(_ flag: Bool) {
        TransactionState.current.setValue(flag, forKey: kCATransactionDisableActions)
    }

    /// The block run once every animation added after it in this transaction has finished or
    /// been removed (at once when there are none by the commit).
    open class func completionBlock() -> (() -> Void)? {
        TransactionState.current.scopes.last?.completion.map { group in { group.fireNow() } }
    }

    /// Sets the completion block of the innermost transaction; a block set before it runs now
    /// (it was replaced) [U].
    open class func setCompletionBlock(_ block: (() -> Void)?) {
        let s = TransactionState.current
        s.ensureOpen()
        let scope = s.scopes[s.scopes.count - 1]
        if let old = scope.completion { old.fireNow() }
        scope.completion = block.map { CompletionGroup($0) }
    }

    /// A transaction value: the keys above or any other key.
    open class func value(forKey key: String) -> Any? {
        switch key {
        case kCATransactionAnimationDuration: return animationDuration()
        case kCATransactionDisableActions: return disableActions()
        case kCATransactionCompletionBlock: return completionBlock()
        default: return TransactionState.current.value(forKey: key)
        }
    }

    /// Sets a transaction value in the innermost transaction.
    open class func setValue(_ anObject: Any?, forKey key: String) {
        switch key {
        case kCATransactionCompletionBlock: setCompletionBlock(anObject as? () -> Void)
        default: TransactionState.current.setValue(anObject, forKey: key)
        }
    }
}

/// The commit itself.
enum TransactionCommitter {
    static func commit(_ s: TransactionState) {
        guard !s.committing else { return }
        s.committing = true
        defer { s.committing = false }
        let scopesAtStart = s.scopes.count
        let now = CACurrentMediaTime()
        // Layout, then display, of every tree with changes; layout may change more layers.
        var seen = Set<ObjectIdentifier>()
        var processed = 0
        var rounds = 0
        while processed < s.touched.count && rounds < 16 {
            var roots: [CALayer] = []
            // Each layer's root, remembered for every layer on the way up, so a deep chain of
            // touched layers is walked once, not once per layer.
            var rootOf: [ObjectIdentifier: CALayer] = [:]
            var path: [ObjectIdentifier] = []
            while processed < s.touched.count {
                var r = s.touched[processed]
                processed += 1
                path.removeAll(keepingCapacity: true)
                while true {
                    if let known = rootOf[ObjectIdentifier(r)] { r = known; break }
                    path.append(ObjectIdentifier(r))
                    guard let p = r._superlayer else { break }
                    r = p
                }
                for id in path { rootOf[id] = r }
                if seen.insert(ObjectIdentifier(r)).inserted { roots.append(r) }
            }
            for r in roots {
                r.layoutIfNeeded()
                r.layoutSubtreeIfNeeded()
            }
            // Tiles that layout or scrolling brought into view are drawn with the rest.
            CATiledLayer.revealTiles(under: roots)
            for r in roots { r.displaySubtreeIfNeeded() }
            rounds += 1
        }
        // Animations added with beginTime 0 begin now, in their layer's time.
        for (layer, a) in s.added where a.beginPending {
            a.timing.beginTime = layer.convertTime(now, from: nil) + a.commitDelay
            a.beginPending = false
        }
        // Hand the renderer what changed: the changed layers' values, structure and animations.
        var slots = SharedSlots()
        let update = CommitEncoder.encode(s.touched, in: &slots)
        if !update.isEmpty { RenderStore.shared.commit(update) }
        for l in s.touched {
            l.committedStore = nil
            l.committedSublayers = nil
            l.committedMask = nil
            l.committedAnimations = nil
            l.flags.remove(.touched)
            l.markCommitted()
        }
        s.touched = []
        s.added = []
        // A layer made or changed by layout or display during this commit (a view measuring text
        // with a label it makes and drops) opened an implicit transaction; its changes are in
        // this commit, so that transaction ends with it. Left open, it would swallow the thread's
        // next changes: explicit transactions nested in it would commit nothing.
        if s.scopes.count > scopesAtStart, s.scopes[scopesAtStart...].allSatisfy(\.isImplicit) {
            for scope in s.scopes[scopesAtStart...] { scope.completion?.commit() }
            s.scopes.removeSubrange(scopesAtStart...)
        }
    }

    static func runCompletions(_ s: TransactionState) {
        guard !s.completions.isEmpty, !s.committing else { return }
        let blocks = s.completions
        s.completions = []
        for b in blocks { b() }
    }
}
