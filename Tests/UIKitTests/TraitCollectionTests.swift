import Foundation
import Testing
import UIKit

@MainActor
@Suite struct TraitCollectionTests {
    @Test func traitsFromTakesTheLastSpecifiedValueOfEachTrait() {
        let t = UITraitCollection(traitsFrom: [
            .init(horizontalSizeClass: .compact), .init(displayScale: 2), .init(userInterfaceStyle: .dark),
            .init(horizontalSizeClass: .regular), .init(displayScale: 0), .init(userInterfaceStyle: .unspecified),
        ])
        #expect(t.horizontalSizeClass == .regular)
        #expect(t.displayScale == 2)               // 0 is unspecified: it does not replace 2
        #expect(t.userInterfaceStyle == .dark)
        #expect(t.verticalSizeClass == .unspecified)
        let containsScale2 = t.containsTraits(in: UITraitCollection(displayScale: 2))
        #expect(containsScale2)
        let containsScale3 = t.containsTraits(in: UITraitCollection(displayScale: 3))
        #expect(containsScale3 == false)
        #expect(t == UITraitCollection(traitsFrom: [.init(userInterfaceStyle: .dark), .init(displayScale: 2),
                                                    .init(horizontalSizeClass: .regular)]))
        #expect(UITraitCollection(displayScale: .nan).displayScale == 0)
        #expect(UITraitCollection(displayScale: -2).displayScale == 0)
    }

    @Test func contentSizeCategoriesAreOrdered() {
        #expect(UIContentSizeCategory.small < .large)
        #expect(UIContentSizeCategory.extraExtraExtraLarge < .accessibilityMedium)
        #expect(UIContentSizeCategory.accessibilityLarge.isAccessibilityCategory)
        #expect(!UIContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
        #expect(UIContentSizeCategory.large.rawValue == "UICTContentSizeCategoryL")
    }

    @Test func viewsInheritTheirWindowsAndOverriddenTraitsAndHearOfChanges() {
        final class Watcher: UIView {
            var changes: [(UITraitCollection?, UITraitCollection)] = []
            override func traitCollectionDidChange(_ previous: UITraitCollection?) {
                changes.append((previous, traitCollection))
            }
        }
        let window = UIWindow(screen: UIScreen(size: CGSize(width: 200, height: 100), scale: 2))
        let root = UIViewController()
        window.rootViewController = root
        let child = UIViewController()
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        let watcher = Watcher(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        child.view.addSubview(watcher)
        #expect(watcher.traitCollection.displayScale == 2)
        #expect(watcher.traitCollection.verticalSizeClass == .compact)    // a landscape screen
        #expect(watcher.changes.count == 1 && watcher.changes[0].0 == nil)

        root.setOverrideTraitCollection(.init(userInterfaceStyle: .dark), forChild: child)
        #expect(watcher.traitCollection.userInterfaceStyle == .dark)
        #expect(watcher.traitCollection.displayScale == 2)
        #expect(watcher.changes.count == 2)
        #expect(watcher.changes[1].0?.userInterfaceStyle == .light)
        #expect(root.traitCollection.userInterfaceStyle == .light)
        #expect(child.children.isEmpty && child.parent === root && root.children.count == 1)

        // Setting the same override again reports nothing.
        root.setOverrideTraitCollection(.init(userInterfaceStyle: .dark), forChild: child)
        #expect(watcher.changes.count == 2)
        child.removeFromParent()
        #expect(watcher.traitCollection.userInterfaceStyle == .light)
        #expect(root.overrideTraitCollection(forChild: child) == nil)
    }

    @Test func performAsCurrentSetsTheCurrentCollection() {
        let dark = UITraitCollection(userInterfaceStyle: .dark)
        var seen: UIUserInterfaceStyle?
        dark.performAsCurrent { seen = UITraitCollection.current.userInterfaceStyle }
        #expect(seen == .dark)
        #expect(UITraitCollection.current.userInterfaceStyle != .dark)
    }

    @Test func viewDescriptionsHaveUIKitsFormat() {
        let v = UIView(frame: CGRect(x: 1.5, y: 2, width: 24.333333, height: 0.1))
        v.clipsToBounds = true
        v.alpha = 0.5
        v.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
        v.tag = 7
        v.isUserInteractionEnabled = false
        let d = v.description.replacingOccurrences(of: ":?\\s*0x[\\da-f]+(\\s*)", with: "$1", options: .regularExpression)
        #expect(d == "<UIView; frame = (1.5 2; 24.3333 0.1); clipsToBounds = YES; alpha = 0.5; autoresize = W+BM; tag = 7; userInteractionEnabled = NO; layer = <CALayer>>")
        let odd = UIView(frame: CGRect(x: 0, y: 0, width: 1e30, height: 1))
        #expect(odd.description.contains("frame = (0 0; 1e+30 1)"))
        // Commits the view here, with its diagnostic, rather than in whichever test next flushes
        // this thread's implicit transaction.
        _ = LaminaDiagnostics.collecting { CATransaction.flush() }
    }
}
