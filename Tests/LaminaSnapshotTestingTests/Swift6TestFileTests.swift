// iOS test files written for Swift 6 isolate their tests to the main actor, where UIKit's types
// are (`@MainActor`, on Linux as on iOS). They run on Linux:
//   - Swift Testing: `@MainActor @Suite` works as written.
//   - XCTest: a main-actor class whose test methods are `async` works as written
//     (`MainActorXCTestFileTests`). A main-actor test method that is not `async` traps on Linux
//     ("Could not cast value of type '(…) -> @MainActor () -> ()'"), a limit of the toolchain's
//     XCTest, so such methods become `async`.
//   - XCTest, other routes that compile: a nonisolated `async` method that hops with
//     `await MainActor.run { … }`, or a nonisolated method whose body runs in
//     `MainActor.assumeIsolated { … }` (XCTest runs tests on the main thread).
import Foundation
import Testing
import XCTest
import SnapshotTesting
import LaminaSnapshotTesting
import UIKit

/// The view these tests snapshot.
@MainActor private func badge() -> UIView {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 30))
    view.backgroundColor = .systemIndigo
    view.layer.cornerRadius = 15
    let dot = UIView(frame: CGRect(x: 8, y: 8, width: 14, height: 14))
    dot.backgroundColor = .white
    dot.layer.cornerRadius = 7
    view.addSubview(dot)
    return view
}

@MainActor @Suite struct MainActorSuiteTests {
    @Test func assertSnapshotInAMainActorSuite() {
        withSnapshotTesting(record: .never) {
            assertSnapshot(of: badge(), as: .image, named: "badge")
        }
    }
}

/// A test that is not on the main actor (Swift Testing runs it on its own threads) may still
/// snapshot a view made on the main actor: the strategy draws it there while the test waits.
@Suite struct OffTheMainActorTests {
    @Test func aViewIsSnapshottedOnTheMainActor() async {
        let view = await MainActor.run { badge() }
        withSnapshotTesting(record: .never) {
            assertSnapshot(of: view, as: .image, named: "badge")
            assertSnapshot(of: view, as: .recursiveDescription, named: "badge")
        }
    }
}

@MainActor
final class MainActorXCTestFileTests: XCTestCase {
    func testAsyncMethodOfAMainActorClass() async {
        withSnapshotTesting(record: .never) {
            assertSnapshot(of: badge(), as: .image, named: "badge")
        }
    }
}

final class HoppingXCTestFileTests: XCTestCase {
    func testAsyncMethodsMayHopToTheMainActor() async {
        await MainActor.run {
            withSnapshotTesting(record: .never) {
                assertSnapshot(of: badge(), as: .image, named: "badge")
            }
        }
    }
}

final class AssumeIsolatedXCTestFileTests: XCTestCase {
    func testBodyAssumedOnTheMainActor() {
        MainActor.assumeIsolated {
            withSnapshotTesting(record: .never) {
                assertSnapshot(of: badge(), as: .image, named: "badge")
            }
        }
    }
}
