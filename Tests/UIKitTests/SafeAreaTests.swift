import Foundation
import Testing
import UIKit

@MainActor
@Suite struct SafeAreaTests {
    /// An iPhone 13-like screen: 390 x 844 with a 47-point top and 34-point bottom safe area.
    static func phone() -> UIWindow {
        UIWindow(screen: UIScreen(size: CGSize(width: 390, height: 844), scale: 3,
                                  safeAreaInsets: UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)))
    }

    @Test func insetsComeFromTheScreenThroughTheViewsThatOverlapThem() {
        let window = Self.phone()
        #expect(window.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        let full = UIView(frame: window.bounds)
        window.addSubview(full)
        #expect(full.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        let middle = UIView(frame: CGRect(x: 10, y: 100, width: 100, height: 100))
        full.addSubview(middle)
        #expect(middle.safeAreaInsets == .zero)
        let top = UIView(frame: CGRect(x: 0, y: 20, width: 100, height: 100))
        full.addSubview(top)
        #expect(top.safeAreaInsets == UIEdgeInsets(top: 27, left: 0, bottom: 0, right: 0))
        let detached = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(detached.safeAreaInsets == .zero)
        // Never more than the view's size; odd insets are cleaned.
        let thin = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 5))
        full.addSubview(thin)
        #expect(thin.safeAreaInsets.top == 5)
        // Odd insets are cleaned: the window filling such a screen has 0, 0, 0 and 2.
        let odd = UIWindow(screen: UIScreen(size: CGSize(width: 10, height: 10), scale: 1,
                                            safeAreaInsets: UIEdgeInsets(top: .nan, left: -4, bottom: .infinity, right: 2)))
        #expect(odd.safeAreaInsets == UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 2))
    }

    @Test func aControllerAddsItsAdditionalInsetsAndAutoLayoutFollows() {
        let window = Self.phone()
        let vc = UIViewController()
        window.rootViewController = vc
        vc.additionalSafeAreaInsets = UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        #expect(vc.view.safeAreaInsets == UIEdgeInsets(top: 57, left: 0, bottom: 34, right: 0))
        let bar = UIView()
        bar.translatesAutoresizingMaskIntoConstraints = false
        vc.view.addSubview(bar)
        NSLayoutConstraint.activate([
            bar.topAnchor.constraint(equalTo: vc.view.safeAreaLayoutGuide.topAnchor),
            bar.leadingAnchor.constraint(equalTo: vc.view.safeAreaLayoutGuide.leadingAnchor),
            bar.trailingAnchor.constraint(equalTo: vc.view.safeAreaLayoutGuide.trailingAnchor),
            bar.bottomAnchor.constraint(equalTo: vc.view.safeAreaLayoutGuide.bottomAnchor),
        ])
        window.layoutIfNeeded()
        #expect(bar.frame == CGRect(x: 0, y: 57, width: 390, height: 844 - 57 - 34))
        #expect(vc.view.safeAreaLayoutGuide.layoutFrame == bar.frame)
        vc.additionalSafeAreaInsets = .zero
        window.layoutIfNeeded()
        #expect(bar.frame == CGRect(x: 0, y: 47, width: 390, height: 844 - 47 - 34))
    }

    @Test func aViewPinnedToItsOwnSafeAreaInsideAMovedViewFollowsItsNewInsets() {
        let window = Self.phone()
        let vc = UIViewController()
        window.rootViewController = vc
        let box = UIView()
        box.translatesAutoresizingMaskIntoConstraints = false
        vc.view.addSubview(box)
        let inner = UIView()
        inner.translatesAutoresizingMaskIntoConstraints = false
        box.addSubview(inner)
        let topOfBox = box.topAnchor.constraint(equalTo: vc.view.topAnchor, constant: 100)
        NSLayoutConstraint.activate([
            topOfBox, box.leadingAnchor.constraint(equalTo: vc.view.leadingAnchor),
            box.widthAnchor.constraint(equalToConstant: 100), box.heightAnchor.constraint(equalToConstant: 100),
            inner.topAnchor.constraint(equalTo: box.safeAreaLayoutGuide.topAnchor),
            inner.leadingAnchor.constraint(equalTo: box.leadingAnchor),
            inner.widthAnchor.constraint(equalToConstant: 10), inner.heightAnchor.constraint(equalToConstant: 10),
        ])
        window.layoutIfNeeded()
        #expect(inner.frame.minY == 0)
        topOfBox.constant = 7          // now 40 points of the box are under the top bar
        window.layoutIfNeeded()
        #expect(box.frame.minY == 7)
        #expect(inner.frame.minY == 40)
    }

    /// A view controller's margins guide, as in UIKit: the system minimum at the sides (16
    /// points in a compact width, 20 in a regular one), none at the top and bottom, measured
    /// from the safe area; a plain view's 8-point margins are measured from the safe area too.
    @Test func aControllersMarginsGuideKeepsTheSystemMinimumFromTheSafeArea() {
        let window = Self.phone()
        let vc = UIViewController()
        window.rootViewController = vc
        window.isHidden = false
        let label = UILabel()
        label.text = "Margins"
        label.translatesAutoresizingMaskIntoConstraints = false
        vc.view.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: vc.view.layoutMarginsGuide.leadingAnchor),
            label.topAnchor.constraint(equalTo: vc.view.layoutMarginsGuide.topAnchor),
            label.trailingAnchor.constraint(equalTo: vc.view.layoutMarginsGuide.trailingAnchor),
        ])
        window.layoutIfNeeded()
        #expect(vc.view.layoutMargins == .zero)
        #expect(vc.systemMinimumLayoutMargins == NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16))
        #expect(label.frame.minX == 16 && label.frame.minY == 47 && label.frame.width == 390 - 32, "\(label.frame)")
        // Not from the safe area: from the bounds.
        vc.view.insetsLayoutMarginsFromSafeArea = false
        window.layoutIfNeeded()
        #expect(label.frame.minY == 0 && label.frame.minX == 16)
        // Without the system minimum: the view's own margins (none).
        vc.viewRespectsSystemMinimumLayoutMargins = false
        window.layoutIfNeeded()
        #expect(label.frame.minX == 0 && label.frame.width == 390)
        // A regular width: 20 points.
        vc.viewRespectsSystemMinimumLayoutMargins = true
        let parent = UIViewController()
        window.rootViewController = parent
        parent.addChild(vc)
        parent.view.addSubview(vc.view)
        vc.view.frame = parent.view.bounds
        parent.setOverrideTraitCollection(UITraitCollection(horizontalSizeClass: .regular), forChild: vc)
        window.layoutIfNeeded()
        #expect(vc.systemMinimumLayoutMargins.leading == 20)
        #expect(label.frame.minX == 20, "\(label.frame)")
    }
}
