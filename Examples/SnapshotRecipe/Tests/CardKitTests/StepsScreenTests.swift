// As written for iOS, where importing XCTest brings UIKit in and `ViewImageConfig` is
// SnapshotTesting's: on Linux the package's `-import-module LaminaSnapshotTesting` does both.
import XCTest
import SnapshotTesting
import CardKit

@MainActor
final class StepsScreenTests: XCTestCase {
    private func screen() -> UIViewController {
        let controller = UIViewController()
        controller.view.backgroundColor = .systemBackground
        let card: UIView = StepsCard(steps: 12_034, goal: 10_000, week: [4, 8, 6, 9, 7, 11, 12])
        card.frame = CGRect(x: 16, y: 80, width: 288, height: 120)
        controller.view.addSubview(card)
        return controller
    }

    // `async`: XCTest on Linux runs a main-actor test method only when it is asynchronous.
    func testOnPhones() async {
        let phones: [(name: String, config: ViewImageConfig)] = [("iPhoneSe", .iPhoneSe), ("iPhone13", .iPhone13)]
        for phone in phones {
            assertSnapshot(of: screen(), as: .image(on: phone.config), named: phone.name)
        }
    }
}
