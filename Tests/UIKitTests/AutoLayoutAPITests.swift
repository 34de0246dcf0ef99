import Foundation
import Testing
import UIKit

/// Auto Layout API a layout library's suite names, with UIKit's semantics.
@MainActor
@Suite("Auto Layout API")
struct AutoLayoutAPITests {
    /// A view that counts the constraint updates asked of it (overriding UIKit's open methods).
    final class Counting: UIView {
        var asked = 0, ran = 0
        override func setNeedsUpdateConstraints() { asked += 1; super.setNeedsUpdateConstraints() }
        override func updateConstraintsIfNeeded() { ran += 1; super.updateConstraintsIfNeeded() }
    }

    @Test func anchorsAreTheSameObjectEachTimeAndConstraintsNameTheirs() {
        let v = UIView(), w = UIView()
        #expect(v.topAnchor === v.topAnchor && v.widthAnchor === v.widthAnchor)
        #expect(v.topAnchor == v.topAnchor && v.leadingAnchor !== w.leadingAnchor)
        let c = v.topAnchor.constraint(equalTo: w.bottomAnchor, constant: 8)
        #expect(c.firstAnchor.description.isEmpty == false)
        #expect(c.secondAnchor != nil && v.widthAnchor.constraint(equalToConstant: 10).secondAnchor == nil)
        let empty = NSLayoutConstraint()
        #expect(empty.firstItem == nil && empty.firstAttribute == .notAnAttribute && empty.constant == 0 && empty.multiplier == 1)
        empty.shouldBeArchived = true
        #expect(empty.shouldBeArchived)
        #expect(UIEdgeInsets() == .zero && NSDirectionalEdgeInsets() == .zero)
        #expect(UIImage.checkmark.size.width > 0 && UIImage.add.size.width > 0)
    }

    @Test func constraintUpdatesGoThroughOverridableMethods() {
        let v = Counting()
        v.setNeedsUpdateConstraints()
        v.updateConstraintsIfNeeded()
        #expect(v.asked == 1 && v.ran == 1 && !v.needsUpdateConstraints())
    }

    @Test func ambiguityIsFoundAndExercised() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let loose = UIView(), pinned = UIView()
        for v in [loose, pinned] { v.translatesAutoresizingMaskIntoConstraints = false; root.addSubview(v) }
        NSLayoutConstraint.activate([
            // Sized but not placed horizontally.
            loose.widthAnchor.constraint(equalToConstant: 50), loose.heightAnchor.constraint(equalToConstant: 50),
            loose.topAnchor.constraint(equalTo: root.topAnchor),
            pinned.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            pinned.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            pinned.widthAnchor.constraint(equalToConstant: 20), pinned.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        #expect(loose.hasAmbiguousLayout)
        #expect(!pinned.hasAmbiguousLayout)
        let before = loose.frame
        loose.exerciseAmbiguityInLayout()
        #expect(loose.frame != before && loose.frame.size == before.size)
    }

    /// A controller whose view an app made itself, with a box pinned to its margins.
    final class Pinned: UIViewController {
        let box = UIView()
        override func loadView() { view = UIView() }
        override func viewDidLoad() {
            super.viewDidLoad()
            box.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(box)
            let m = view.layoutMarginsGuide
            NSLayoutConstraint.activate([
                box.leadingAnchor.constraint(equalTo: m.leadingAnchor), box.trailingAnchor.constraint(equalTo: m.trailingAnchor),
                box.topAnchor.constraint(equalTo: m.topAnchor), box.bottomAnchor.constraint(equalTo: m.bottomAnchor),
            ])
        }
    }

    @Test func aControllersViewHasIOSMarginsInBothOrientations() {
        // iPhone 13 mini in portrait: (16, 50, 343, 728) on iOS.
        let portrait = Pinned()
        let w1 = UIWindow(screen: UIScreen(size: CGSize(width: 375, height: 812), scale: 3,
                                           safeAreaInsets: UIEdgeInsets(top: 50, left: 0, bottom: 34, right: 0)))
        w1.rootViewController = portrait
        w1.makeKeyAndVisible()
        w1.layoutIfNeeded()
        #expect(portrait.box.frame == CGRect(x: 16, y: 50, width: 343, height: 728))
        // iPhone 13 in landscape: (63, 0, 718, 369) on iOS.
        let landscape = Pinned()
        let w2 = UIWindow(screen: UIScreen(size: CGSize(width: 844, height: 390), scale: 3,
                                           safeAreaInsets: UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47)))
        w2.rootViewController = landscape
        w2.makeKeyAndVisible()
        w2.layoutIfNeeded()
        #expect(landscape.box.frame == CGRect(x: 63, y: 0, width: 718, height: 369))
    }
}
