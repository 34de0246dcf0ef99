import Foundation
import Testing
import SnapshotTesting
@testable import LaminaSnapshotTesting
import UIKit

/// Accessibility snapshots: UIKit's accessibility defaults, VoiceOver's reading order, the
/// transcript and the outlined picture.
@MainActor
@Suite struct AccessibilitySnapshotTests {
    /// A settings screen: a heading, a switch row, a slider with a hint, a segmented control, a
    /// disabled button, a card grouped as one block with custom actions, an image made an
    /// element, and a decorative image that is not one.
    static func settings() -> UIView {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
        view.backgroundColor = .systemGroupedBackground
        @discardableResult func add<V: UIView>(_ v: V, _ frame: CGRect) -> V { v.frame = frame; view.addSubview(v); return v }
        let title = add(UILabel(), CGRect(x: 16, y: 12, width: 200, height: 30))
        title.text = "Settings"
        title.font = .boldSystemFont(ofSize: 24)
        title.accessibilityTraits = .header
        // The switch sits a little higher than its label, in the same row.
        add(UILabel(), CGRect(x: 16, y: 60, width: 180, height: 21)).text = "Wi-Fi"
        let wifi = add(UISwitch(), CGRect(x: 250, y: 55, width: 51, height: 31))
        wifi.isOn = true
        wifi.accessibilityLabel = "Wi-Fi"
        let slider = add(UISlider(), CGRect(x: 16, y: 100, width: 288, height: 30))
        slider.value = 0.5
        slider.accessibilityLabel = "Volume"
        slider.accessibilityHint = "Adjusts the ringer volume."
        let segments = add(UISegmentedControl(items: ["Day", "Week", "Month"]), CGRect(x: 16, y: 145, width: 288, height: 32))
        segments.selectedSegmentIndex = 1
        let button = add(UIButton(type: .system), CGRect(x: 16, y: 190, width: 120, height: 44))
        button.setTitle("Sign Out", for: .normal)
        button.isEnabled = false
        // A card read as one block: its title and detail, then on to the next row.
        let card = add(UIView(), CGRect(x: 16, y: 250, width: 288, height: 60))
        card.shouldGroupAccessibilityChildren = true
        let cardTitle = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 20))
        cardTitle.text = "Storage"
        let detail = UILabel(frame: CGRect(x: 0, y: 30, width: 200, height: 20))
        detail.text = "12 GB of 64 GB used"
        detail.accessibilityCustomActions = [UIAccessibilityCustomAction(name: "Manage") { _ in true },
                                             UIAccessibilityCustomAction(name: "Empty Trash") { _ in true }]
        card.addSubview(cardTitle)
        card.addSubview(detail)
        // Beside the card, higher than its detail: read after the whole card.
        let free = add(UILabel(), CGRect(x: 220, y: 270, width: 80, height: 20))
        free.text = "52 GB free"
        let icon = add(UIImageView(image: UIImage(systemName: "star.fill")), CGRect(x: 16, y: 330, width: 30, height: 30))
        icon.isAccessibilityElement = true
        icon.accessibilityLabel = "Favourite"
        add(UIImageView(image: UIImage(systemName: "circle")), CGRect(x: 60, y: 330, width: 30, height: 30))
        let hidden = add(UILabel(), CGRect(x: 100, y: 330, width: 80, height: 20))
        hidden.text = "Hidden"
        hidden.isHidden = true
        return view
    }

    @Test func controlsHaveUIKitsDefaults() {
        let button = UIButton(type: .system)
        button.setTitle("Save", for: .normal)
        #expect(button.isAccessibilityElement && button.accessibilityLabel == "Save" && button.accessibilityTraits == .button)
        button.isEnabled = false
        button.isSelected = true
        #expect(button.accessibilityTraits == [.button, .notEnabled, .selected])
        let toggle = UISwitch()
        #expect(toggle.accessibilityValue == "0")
        toggle.isOn = true
        #expect(toggle.accessibilityValue == "1" && toggle.accessibilityTraits.contains(.button))
        let slider = UISlider()
        slider.value = 0.25
        #expect(slider.accessibilityValue == "25%" && slider.accessibilityTraits.contains(.adjustable))
        let progress = UIProgressView()
        progress.progress = 0.4
        #expect(progress.isAccessibilityElement && progress.accessibilityValue == "40%")
        let stepper = UIStepper()
        stepper.value = 3
        #expect(stepper.accessibilityValue == "3")
        let label = UILabel()
        label.text = "Hello"
        #expect(label.isAccessibilityElement && label.accessibilityLabel == "Hello" && label.accessibilityTraits == .staticText)
        let image = UIImageView()
        #expect(!image.isAccessibilityElement && image.accessibilityTraits == .image)
        #expect(!UIView().isAccessibilityElement)
        #expect(UISearchTextField().accessibilityTraits.contains(.searchField))
        // A segmented control is a container of its segments.
        let segments = UISegmentedControl(items: ["A", "B"])
        segments.selectedSegmentIndex = 0
        #expect(!segments.isAccessibilityElement)
        let elements = segments.accessibilityElements as? [UIAccessibilityElement] ?? []
        #expect(elements.map(\.accessibilityLabel) == ["A", "B"])
        #expect(elements.map(\.accessibilityTraits) == [[.button, .selected], .button])
        // The activation point is the frame's middle unless set.
        let element = UIAccessibilityElement(accessibilityContainer: UIView())
        element.accessibilityFrame = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(element.accessibilityActivationPoint == CGPoint(x: 25, y: 40))
        element.accessibilityActivationPoint = CGPoint(x: 12, y: 22)
        #expect(element.accessibilityActivationPoint == CGPoint(x: 12, y: 22))
        let group = UIView()
        #expect(!group.shouldGroupAccessibilityChildren)
        group.shouldGroupAccessibilityChildren = true
        #expect(group.shouldGroupAccessibilityChildren)
    }

    @Test func theTranscriptReadsInVoiceOversOrder() {
        withSnapshotTesting(record: .never) {
            assertSnapshot(of: Self.settings(), as: .accessibilityDescription, named: "settings")
        }
    }

    @Test func orderContainersModalViewsAndHiddenChildren() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let a = UILabel(frame: CGRect(x: 0, y: 0, width: 50, height: 20)); a.text = "A"
        let b = UILabel(frame: CGRect(x: 100, y: 0, width: 50, height: 20)); b.text = "B"
        let c = UILabel(frame: CGRect(x: 0, y: 100, width: 50, height: 20)); c.text = "C"
        [c, b, a].forEach(view.addSubview)
        func read(_ v: UIView) -> String {
            var out = ""
            Snapshotting<UIView, String>.accessibilityDescription.snapshot(v).run { out = $0 }
            return out
        }
        #expect(read(view) == "1. A.\n2. B.\n3. C.")
        // An explicit order wins.
        view.accessibilityElements = [c, a, b]
        #expect(read(view) == "1. C.\n2. A.\n3. B.")
        view.accessibilityElements = nil
        // Right to left: the row runs from the right.
        let rtl = Snapshotting<UIView, String>.accessibilityDescription(traits: .init(layoutDirection: .rightToLeft))
        var out = ""
        rtl.snapshot(view).run { out = $0 }
        #expect(out == "1. B.\n2. A.\n3. C.")
        // A modal view hides the rest; hidden children are skipped.
        let sheet = UIView(frame: CGRect(x: 0, y: 150, width: 200, height: 50))
        let d = UILabel(frame: CGRect(x: 0, y: 0, width: 50, height: 20)); d.text = "D"
        sheet.addSubview(d)
        view.addSubview(sheet)
        sheet.accessibilityViewIsModal = true
        #expect(read(view) == "1. D.")
        sheet.accessibilityViewIsModal = false
        sheet.accessibilityElementsHidden = true
        #expect(read(view) == "1. A.\n2. B.\n3. C.")
        #expect(read(UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))) == "(No accessibility elements.)")
    }

    @Test func thePictureOutlinesEachElementBesideALegend() throws {
        withSnapshotTesting(record: .never) {
            assertSnapshot(of: Self.settings(), as: .accessibilityImage(traits: .init(displayScale: 2)), named: "settings")
        }
        var image: UIImage?
        Snapshotting<UIView, UIImage>.accessibilityImage(traits: .init(displayScale: 1)).snapshot(Self.settings()).run { image = $0 }
        let cg = try #require(image?.cgImage)
        // The view and a 320-point legend beside it.
        #expect(cg.width == 320 + 320 && cg.height == 400)
        // The first element (the heading) is outlined in the first colour: its frame's edge is blue.
        let px = straightPixels(cg)
        let edge = px(16, 27)
        #expect(edge[2] > 200 && edge[0] < 60, "\(edge)")
        // The legend's first swatch.
        #expect(px(320 + 8 + 7, 8 + 8) == [0, 122, 255, 255])
    }

    @Test func boldTextAndDynamicTypeAreSetPerSnapshot() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        label.font = .preferredFont(forTextStyle: .body)
        label.adjustsFontForContentSizeCategory = true
        label.text = "Body"
        var regular = "", bold = ""
        Snapshotting<UIView, String>.accessibilityDescription.snapshot(label).run { regular = $0 }
        Snapshotting<UIView, String>.accessibilityDescription(traits: .init(legibilityWeight: .bold)).snapshot(label).run { bold = $0 }
        #expect(regular == bold)   // the same words whatever the weight
        var normal: UIImage?, heavy: UIImage?
        Snapshotting<UIView, UIImage>.accessibilityImage(traits: .init(displayScale: 1)).snapshot(label).run { normal = $0 }
        Snapshotting<UIView, UIImage>.accessibilityImage(traits: UITraitCollection(traitsFrom: [.init(displayScale: 1), .init(legibilityWeight: .bold)]))
            .snapshot(label).run { heavy = $0 }
        #expect(normal?.pngData() != heavy?.pngData())
    }
}
