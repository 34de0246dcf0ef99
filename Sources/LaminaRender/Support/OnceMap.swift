import Foundation
import Synchronization

/// A map whose values are made once, on first use, whichever thread asks first: the others
/// asking for the same key wait for that value instead of making it again (the bands of a
/// frame share offscreen planes and cached content this way).
///
/// Making a value may use other keys of this or other maps, never its own (values of the
/// compositor depend only on deeper nodes), so waiting cannot deadlock.
package final class OnceMap<Key: Hashable & Sendable, Value>: @unchecked Sendable {
    private enum Entry {
        case making
        case made(Value)
    }
    private var table: [Key: Entry] = [:]
    private let lock = NSLock()
    private let condition = Condition()

    private func withLock<R>(_ body: (inout [Key: Entry]) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&table)
    }

    package init() {}

    /// The value for `key`, made by `make` if no thread made it yet.
    package func value(for key: Key, _ make: () -> Value) -> Value {
        while true {
            // The generation is read before the table, so a value made in between wakes us.
            let generation = condition.generation
            let found: Entry? = withLock { table in
                if let e = table[key] { return e }
                table[key] = .making
                return nil
            }
            switch found {
            case .made(let v)?:
                return v
            case .making?:
                condition.wait(after: generation)
            case nil:
                let v = make()
                withLock { $0[key] = .made(v) }
                condition.broadcast()
                return v
            }
        }
    }

    /// Removes every value (values being made are kept).
    package func removeAll(where drop: (Key) -> Bool) {
        withLock { table in
            for k in table.keys where drop(k) { if case .made = table[k]! { table[k] = nil } }
        }
    }

    /// How many values are held.
    package var count: Int { withLock { $0.count } }
}

/// A condition variable: wait until another thread broadcasts.
final class Condition: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var cond = pthread_cond_t()
    private var count: UInt64 = 0

    init() {
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&cond, nil)
    }
    deinit {
        pthread_cond_destroy(&cond)
        pthread_mutex_destroy(&mutex)
    }

    /// How many broadcasts there have been.
    var generation: UInt64 {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return count
    }

    /// Waits until there has been a broadcast after the one numbered `g` (at once if there was).
    func wait(after g: UInt64) {
        pthread_mutex_lock(&mutex)
        while count == g { pthread_cond_wait(&cond, &mutex) }
        pthread_mutex_unlock(&mutex)
    }

    func broadcast() {
        pthread_mutex_lock(&mutex)
        count &+= 1
        pthread_cond_broadcast(&cond)
        pthread_mutex_unlock(&mutex)
    }
}
