import Foundation

/// Runs `body` on the main actor, where UIKit's views belong (as on iOS), and returns its
/// result.
///
/// SnapshotTesting's strategy closures are not isolated: they run on the thread that called
/// `assertSnapshot`. On the main actor (a `@MainActor` test, or any XCTest method, which XCTest
/// runs on the main thread) `body` runs at once. Elsewhere (a Swift Testing test that is not
/// `@MainActor`) the calling thread waits while the main queue runs `body`, so the views are
/// never touched from two threads at once.
func onMainActor<T: Sendable>(_ body: @MainActor () -> T) -> T {
    if isOnMainActor { return MainActor.assumeIsolated(body) }
    return DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
}

/// Whether the caller runs on the main actor: on the main thread, or in a block of the main
/// queue, the main actor's executor. (Swift Testing on Linux parks the main thread in
/// `dispatch_main()`, and a worker thread then runs the main queue's blocks: there a main-actor
/// test is not on the main thread.)
private var isOnMainActor: Bool {
    _ = markMainQueue
    return Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
}

private let mainQueueKey = DispatchSpecificKey<Bool>()
private let markMainQueue: Void = DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
