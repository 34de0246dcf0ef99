// The example of the snapshot testing article (LaminaSnapshotTesting.docc), verbatim but for this
// comment, so that it stays true; the README shows its `card` test. References:
// __Snapshots__/CardTests.
import Testing
import SnapshotTesting
import UIKit

@MainActor
@Suite struct CardTests {
    @Test func card() {
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 60))
        card.backgroundColor = .systemBlue
        card.layer.cornerRadius = 12
        assertSnapshot(of: card, as: .image)                                      // 360 x 180 px at 3x
        assertSnapshot(of: card, as: .image(traits: .init(displayScale: 2)), named: "2x")
        assertSnapshot(of: card, as: .recursiveDescription)
        assertSnapshot(of: card.layer, as: .image(perceptualPrecision: 0.98))
    }

    @Test func screen() {
        let vc = UIViewController()
        vc.view.backgroundColor = .white
        let label = UILabel(frame: CGRect(x: 20, y: 80, width: 300, height: 30))
        label.text = "Hello from Linux"
        vc.view.addSubview(label)
        withSnapshotTesting(record: .missing) {
            assertSnapshot(of: vc, as: .image(on: .iPhone13))                     // 1170 x 2532 px
        }
    }
}
