import Foundation
import Testing
import SnapshotTesting
import LaminaSnapshotTesting
import UIKit

/// One assertion across devices, interface styles, content sizes and layout directions, each
/// reference named after its variant.
@MainActor
@Suite struct SnapshotVariantTests {
    /// A row: a title label at the leading margin and a badge at the trailing edge, laid out
    /// with Auto Layout, in system colours.
    final class RowController: UIViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .systemBackground
            let title = UILabel()
            title.text = "Wi-Fi"
            title.font = .preferredFont(forTextStyle: .body)
            title.adjustsFontForContentSizeCategory = true
            title.textColor = .label
            let badge = UIView()
            badge.backgroundColor = .systemBlue
            badge.layer.cornerRadius = 6
            for v in [title, badge] { v.translatesAutoresizingMaskIntoConstraints = false; view.addSubview(v) }
            NSLayoutConstraint.activate([
                title.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
                title.topAnchor.constraint(equalTo: view.topAnchor, constant: 10),
                badge.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
                badge.centerYAnchor.constraint(equalTo: title.centerYAnchor),
                badge.widthAnchor.constraint(equalToConstant: 30), badge.heightAnchor.constraint(equalToConstant: 12),
            ])
        }
    }

    static func row() -> RowController {
        let vc = RowController()
        vc.view.frame = CGRect(x: 0, y: 0, width: 160, height: 60)
        return vc
    }

    @Test func everyCombinationIsNamedAfterItsVariant() {
        let strategies = [String: Snapshotting<UIViewController, UIImage>].variants(
            devices: ["iPhoneSE": .iPhoneSe, "iPad": .iPadPro11(.portrait)], styles: SnapshotVariants.styles,
            contentSizes: [.extraSmall, .accessibilityExtraExtraExtraLarge], directions: SnapshotVariants.directions)
        #expect(strategies.count == 16)
        #expect(strategies["iPhoneSE-dark-AX5-rtl"] != nil && strategies["iPad-light-XS-ltr"] != nil)
        #expect(Set(strategies.keys.map { $0.split(separator: "-").count }) == [4])
        // Dimensions left out are neither varied nor named.
        #expect(Set([String: Snapshotting<UIView, UIImage>].variants(styles: [.dark]).keys) == ["dark"])
        #expect(Set([String: Snapshotting<UIView, UIImage>].variants().keys) == ["default"])
        #expect(SnapshotVariants.contentSizes.map(SnapshotVariants.name(of:)) == ["XS", "S", "M", "L", "XL", "XXL", "XXXL", "AX1", "AX2", "AX3", "AX4", "AX5"])
    }

    @Test func eachVariantDrawsWithItsTraits() throws {
        let strategies = [String: Snapshotting<UIViewController, UIImage>].variants(
            styles: SnapshotVariants.styles, contentSizes: [.large, .accessibilityExtraExtraExtraLarge],
            directions: SnapshotVariants.directions, size: CGSize(width: 160, height: 90),
            traits: .init(displayScale: 1))
        func image(_ name: String) throws -> CGImage {
            var out: UIImage?
            try #require(strategies[name]).snapshot(Self.row()).run { out = $0 }
            return try #require(out?.cgImage)
        }
        let light = straightPixels(try image("light-L-ltr")), dark = straightPixels(try image("dark-L-ltr"))
        #expect(light(80, 80) == [255, 255, 255, 255] && dark(80, 80) == [0, 0, 0, 255])
        // The badge sits at the trailing margin: the right in left-to-right, the left in right-to-left.
        let ltr = try image("light-L-ltr"), rtl = try image("light-L-rtl")
        func blueColumns(_ img: CGImage) -> [Int] {
            let px = straightPixels(img)
            return (0..<img.width).filter { x in (0..<img.height).contains { y in px(x, y) == [0, 122, 255, 255] } }
        }
        let right = blueColumns(ltr), left = blueColumns(rtl)
        #expect(right.first! > 100 && left.last! < 60, "\(right.first ?? -1) \(left.last ?? -1)")
        #expect(right.first! + left.last! == 159, "mirrored")
        // AX5 text is far taller than Large.
        func inkRows(_ img: CGImage) -> Int {
            let px = straightPixels(img)
            return (0..<img.height).filter { y in (0..<img.width).contains { x in px(x, y)[0] < 100 && px(x, y)[2] < 100 } }.count
        }
        #expect(inkRows(try image("light-AX5-ltr")) > 2 * inkRows(try image("light-L-ltr")))
    }

    @Test func referencesAreRecordedPerVariant() throws {
        let dir = try LaminaSnapshotTests.scratch("variants")
        let strategies = [String: Snapshotting<UIViewController, UIImage>].variants(styles: [.light, .dark], directions: SnapshotVariants.directions,
                                                                                  traits: .init(displayScale: 1))
        for (name, strategy) in strategies {
            _ = verifySnapshot(of: Self.row(), as: strategy, named: name, record: .all, snapshotDirectory: dir, testName: "row")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(files == ["row.dark-ltr.png", "row.dark-rtl.png", "row.light-ltr.png", "row.light-rtl.png"])
    }

    @Test func theCommittedVariantsMatch() {
        // Recorded by Lamina and looked at (__Snapshots__/SnapshotVariantTests).
        withSnapshotTesting(record: .never) {
            assertSnapshots(of: Self.row() as UIViewController, as: .variants(
                styles: SnapshotVariants.styles, contentSizes: [.extraSmall, .accessibilityExtraExtraExtraLarge],
                directions: SnapshotVariants.directions, size: CGSize(width: 160, height: 90), traits: .init(displayScale: 2)))
        }
    }
}
