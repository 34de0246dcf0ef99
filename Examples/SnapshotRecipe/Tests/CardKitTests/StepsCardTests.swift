import Testing
import SnapshotTesting
import UIKit
import CardKit

@MainActor
@Suite struct StepsCardTests {
    private func card() -> StepsCard {
        StepsCard(steps: 8_421, goal: 10_000, week: [3_200, 7_900, 5_100, 9_800, 6_400, 8_800, 8_421])
    }

    @Test func light() {
        assertSnapshot(of: card(), as: .image)
        assertSnapshot(of: card(), as: .recursiveDescription)
    }

    @Test func dark() {
        assertSnapshot(of: card(), as: .image(traits: UITraitCollection(userInterfaceStyle: .dark)))
    }
}
