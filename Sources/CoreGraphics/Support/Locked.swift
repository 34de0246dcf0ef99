import Foundation

/// A value guarded by a POSIX mutex (Lamina SPI), used wherever threads share state.
///
/// Lamina uses this rather than the standard library's `Mutex` because ThreadSanitizer sees
/// `pthread_mutex_lock`/`unlock` (it intercepts them) but not the futex calls inside `Mutex` on
/// Linux, so every access guarded by a `Mutex` would be reported as a race (see
/// `scripts/test-threads.sh`).
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    @inline(__always)
    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

/// A counting semaphore on a POSIX mutex and condition variable (Lamina SPI): visible to
/// ThreadSanitizer, unlike Dispatch's on Linux.
package final class CountingSignal: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var count: Int

    package init(_ count: Int = 0) {
        self.count = count
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Adds `n` to the count and wakes the waiters.
    package func signal(_ n: Int = 1) {
        pthread_mutex_lock(mutex)
        count += n
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Waits until the count is at least `n`, then takes `n` from it.
    package func wait(_ n: Int = 1) {
        pthread_mutex_lock(mutex)
        while count < n { pthread_cond_wait(condition, mutex) }
        count -= n
        pthread_mutex_unlock(mutex)
    }
}
