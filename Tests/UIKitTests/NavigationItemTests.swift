import Foundation
import Testing
@_spi(Lamina) import UIKit

/// A view controller's `navigationItem` and its bar button items.
@MainActor
@Suite("Navigation items")
struct NavigationItemTests {
    @Test func theTitleAndItemsAreKept() {
        let vc = UIViewController()
        #expect(vc.navigationItem.title == nil && vc.navigationItem.leftBarButtonItem == nil)
        vc.title = "Settings"
        #expect(vc.navigationItem.title == "Settings")
        #expect(vc.navigationItem === vc.navigationItem)
        // Point-Free's testTraits sets a system item with no target or action.
        vc.navigationItem.leftBarButtonItem = .init(barButtonSystemItem: .add, target: nil, action: nil)
        #expect(vc.navigationItem.leftBarButtonItems?.count == 1)
        #expect(vc.navigationItem.leftBarButtonItem?.systemItem == .add && vc.navigationItem.leftBarButtonItem?.title == nil)
        let done = UIBarButtonItem(barButtonSystemItem: .done, target: vc, action: "doneTapped:")
        vc.navigationItem.rightBarButtonItems = [done, .flexibleSpace(), .fixedSpace(12)]
        #expect(vc.navigationItem.rightBarButtonItem === done)
        #expect(done.title == "Done" && done.style == .done && done.action == Selector("doneTapped:") && done.target === vc)
        #expect(vc.navigationItem.rightBarButtonItems?[2].width == 12)
        vc.navigationItem.leftBarButtonItem = nil
        #expect(vc.navigationItem.leftBarButtonItems == nil)
        #expect(UIBarButtonItem.SystemItem.add.rawValue == 4 && UIBarButtonItem.SystemItem.close.rawValue == 24)
    }

    @Test func aPrimaryActionRunsWhenTheItemIsEnabled() {
        var runs = 0
        let item = UIBarButtonItem(systemItem: .save, primaryAction: UIAction { _ in runs += 1 })
        #expect(item.title == "Save")
        #expect(item.sendAction() && runs == 1)
        item.isEnabled = false
        #expect(!item.sendAction() && runs == 1)
        // A selector is only a name: nothing to run.
        #expect(!UIBarButtonItem(title: "Edit", style: .plain, target: nil, action: "edit").sendAction())
        let titled = UIBarButtonItem(primaryAction: UIAction(title: "Share") { _ in })
        #expect(titled.title == "Share")
    }
}

/// Manual appearance transitions (`beginAppearanceTransition` / `endAppearanceTransition`).
@MainActor
@Suite("Appearance transitions")
struct AppearanceTransitionTests {
    final class Probe: UIViewController {
        let name: String
        var log: (String) -> Void
        init(_ name: String, _ log: @escaping (String) -> Void) { self.name = name; self.log = log; super.init() }
        required init?(coder: NSCoder) { nil }
        override func viewWillAppear(_ animated: Bool) { log("\(name) willAppear") }
        override func viewDidAppear(_ animated: Bool) { log("\(name) didAppear") }
        override func viewWillDisappear(_ animated: Bool) { log("\(name) willDisappear") }
        override func viewDidDisappear(_ animated: Bool) { log("\(name) didDisappear") }
    }

    @Test func aTransitionReachesTheChildrenAndItsEndTheSameOnes() {
        var log: [String] = []
        let parent = Probe("parent") { log.append($0) }, child = Probe("child") { log.append($0) }
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        parent.beginAppearanceTransition(true, animated: false)
        parent.endAppearanceTransition()
        #expect(log == ["parent willAppear", "child willAppear", "child didAppear", "parent didAppear"])
        // The end reaches a child that left in between; a second end does nothing.
        log = []
        parent.beginAppearanceTransition(false, animated: false)
        child.willMove(toParent: nil)
        child.removeFromParent()
        parent.endAppearanceTransition()
        parent.endAppearanceTransition()
        #expect(log == ["parent willDisappear", "child willDisappear", "child didDisappear", "parent didDisappear"])
    }

    @Test func leavingTheWindowDuringADisappearanceSaysWillDisappearAgain() {
        var log: [String] = []
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let vc = Probe("vc") { log.append($0) }
        window.rootViewController = vc
        #expect(log == ["vc willAppear", "vc didAppear"])
        log = []
        vc.beginAppearanceTransition(false, animated: false)
        window.rootViewController = nil
        vc.endAppearanceTransition()
        #expect(log == ["vc willDisappear", "vc willDisappear", "vc didDisappear", "vc didDisappear"])
    }
}
