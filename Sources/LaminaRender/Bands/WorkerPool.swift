import Foundation
import Synchronization
@_spi(Lamina) import CoreGraphics

/// A small pool of threads the renderer owns. ``run(_:threads:_:)`` runs `count` independent
/// jobs on up to `threads` threads (the caller's among them) and returns when all are done.
/// Jobs are handed out in order from a shared counter, so which thread runs which job varies
/// from run to run; the results must not depend on it (bands do not: see ``BandRenderer``).
package final class WorkerPool: @unchecked Sendable {
    /// The pool every renderer shares.
    package static let shared = WorkerPool()

    /// The number of processors the system reports.
    package static let processorCount = max(1, ProcessInfo.processInfo.activeProcessorCount)

    private final class Worker: @unchecked Sendable {
        let semaphore = CountingSignal()
        private var jobs: [(job: () -> Void, group: CountingSignal)] = []
        private let lock = NSLock()
        func post(_ job: @escaping () -> Void, group: CountingSignal) {
            lock.lock(); jobs.append((job, group)); lock.unlock()
            semaphore.signal()
        }
        func loop() {
            while true {
                semaphore.wait()
                lock.lock()
                var item = jobs.isEmpty ? nil : jobs.removeFirst()
                lock.unlock()
                guard let group = item?.group else { continue }
                item?.job()
                // The job (which borrows the caller's closure) is released before the caller
                // hears it is done.
                item = nil
                group.signal()
            }
        }
    }

    private let workers = Locked<[Worker]>([])

    /// Runs `body(0)` … `body(count − 1)` on up to `threads` threads and waits for them all.
    /// Diagnostics the jobs report go where the caller's would. `offCaller`: the jobs run on the
    /// pool's threads only (their 32 MiB stacks), never on the caller's, whose stack may be small.
    package func run(_ count: Int, threads: Int, offCaller: Bool = false, _ body: (Int) -> Void) {
        guard count > 0 else { return }
        let helpers = offCaller ? max(1, min(threads, count)) : max(0, min(threads, count) - 1)
        if helpers == 0 {
            for i in 0..<count { body(i) }
            return
        }
        let pool: [Worker] = workers.withLock { list in
            while list.count < helpers {
                let w = Worker()
                let thread = Thread { w.loop() }
                thread.name = "lamina-render-\(list.count + 1)"
                thread.stackSize = 32 << 20
                thread.start()
                list.append(w)
            }
            return Array(list.prefix(helpers))
        }
        let next = Atomic<Int>(0)
        let collector = LaminaDiagnostics.currentCollector
        withoutActuallyEscaping(body) { body in
            let job: () -> Void = {
                while true {
                    let i = next.add(1, ordering: .relaxed).oldValue
                    if i >= count { break }
                    body(i)
                }
            }
            // Pthread-based waits (not Dispatch's), so ThreadSanitizer sees the bands' writes
            // happen before the caller reads them.
            let group = CountingSignal()
            for w in pool {
                w.post({ LaminaDiagnostics.withCollector(collector) { job() } }, group: group)
            }
            if !offCaller { job() }
            group.wait(pool.count)
        }
    }
}
