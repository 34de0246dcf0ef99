// iOS test files written for Swift 6 isolate their tests to the main actor. They run on Linux:
//   - Swift Testing: `@MainActor @Suite` works as written.
//   - XCTest: Linux's XCTest traps casting a main-actor test method ("Could not cast value of
//     type '(…) -> @MainActor () -> ()'"), a limit of the toolchain. Wrap the attribute so it
//     applies on Apple's platforms only (Lamina's UIKit is not bound to the main actor), as
//     `MainActorXCTestFileTests` below does; or make each test method `async`; or keep the class
//     unannotated and run a test's body in `MainActor.assumeIsolated { … }`.
import Foundation
import Testing
import XCTest
import SnapshotTesting
import LaminaSnapshotTesting
import UIKit

/// The view these tests snapshot.
private func badge() -> UIView {
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

#if !os(Linux)
@MainActor
#endif
final class MainActorXCTestFileTests: XCTestCase {
    func testAssertSnapshotInAClassMainActorOnApple() {
        withSnapshotTesting(record: .never) {
            assertSnapshot(of: badge(), as: .image, named: "badge")
        }
    }

    func testAsyncMethodsMayStayOnTheMainActor() async {
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
