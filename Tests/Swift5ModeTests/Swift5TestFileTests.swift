// Built in Swift 5 language mode, as most iOS test suites written before Swift 6 are. There,
// UIKit's main-actor isolation is not checked at compile time (on iOS UIKit comes from
// Objective-C with that meaning; Lamina's UIKit is `@preconcurrency @MainActor`), so test methods
// that are not isolated call UIKit as they do on iOS. XCTest runs them on the main thread.
import Foundation
import Testing
import XCTest
import SnapshotTesting
import UIKit

final class Swift5TestFileTests: XCTestCase {
    private func card() -> UIView {
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 80, height: 40))
        card.backgroundColor = .systemTeal
        card.layer.cornerRadius = 8
        let label = UILabel(frame: CGRect(x: 8, y: 8, width: 64, height: 24))
        label.text = "Swift 5"
        label.textColor = .white
        card.addSubview(label)
        return card
    }

    func testNonisolatedMethodsUseUIKitAndSnapshotIt() {
        let view = card()
        XCTAssertEqual(view.subviews.count, 1)
        XCTAssertEqual((view.subviews.first as? UILabel)?.text, "Swift 5")
        withSnapshotTesting(record: .never) {
            assertSnapshot(of: view, as: .image)
            assertSnapshot(of: view, as: .recursiveDescription)
        }
    }
}

/// Lays a view out, as Swift 5 code written before concurrency checking does, from whatever
/// thread calls it.
func layOutAView() {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    view.setNeedsLayout()
    view.layoutIfNeeded()
}

/// UIKit belongs to the main actor at run time too: a view used off it stops the process with
/// the Swift runtime's message when its layer first calls it (here, to lay out its sublayers).
@Suite struct Swift5OffTheMainActorTests {
    @Test func aViewUsedOffTheMainActorStops() async {
        await #expect(processExitsWith: .failure) {
            layOutAView()
        }
    }
}
