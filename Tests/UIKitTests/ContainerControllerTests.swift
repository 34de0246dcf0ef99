import Foundation
import Testing
@_spi(Lamina) import UIKit

/// `UINavigationController` and `UITabBarController`: their stacks and selections, the bars'
/// places and the safe areas they give the shown controller, as in UIKit.
@MainActor
@Suite("Navigation and tab bar controllers")
struct ContainerControllerTests {
    /// An iPhone X-like window: 375 x 812, 44 points of status bar, 34 of home indicator.
    static func phone() -> UIWindow {
        UIWindow(screen: UIScreen(size: CGSize(width: 375, height: 812), scale: 3,
                                  safeAreaInsets: UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0)))
    }

    final class Probe: UIViewController {
        var log: [String] = []
        override func viewWillAppear(_ animated: Bool) { log.append("willAppear") }
        override func viewDidDisappear(_ animated: Bool) { log.append("didDisappear") }
    }

    @Test func aStackPushesPopsAndShowsItsTop() throws {
        let root = Probe(), second = Probe()
        root.title = "Root"
        let nav = UINavigationController(rootViewController: root)
        let window = Self.phone()
        window.rootViewController = nav
        window.isHidden = false
        window.layoutIfNeeded()
        #expect(nav.viewControllers == [root] && nav.topViewController === root && root.navigationController === nav)
        #expect(root.view.superview === nav.view && root.view.frame == nav.view.bounds)
        #expect("\(type(of: nav.view!))" == "UILayoutContainerView")
        // The bar sits below the status bar; the top controller's safe area starts below it.
        #expect(nav.navigationBar.frame == CGRect(x: 0, y: 44, width: 375, height: 44))
        #expect(root.view.safeAreaInsets == UIEdgeInsets(top: 88, left: 0, bottom: 34, right: 0))
        #expect(nav.navigationBar.topItem === root.navigationItem && nav.navigationBar.topItem?.title == "Root")
        nav.pushViewController(second, animated: true)
        window.layoutIfNeeded()
        // The push slides for 0.35 s; the outgoing view leaves at its end.
        #expect(nav.viewControllers == [root, second] && root.view.superview === nav.view && second.view.superview === nav.view)
        window.advance(to: 0.4)
        #expect(nav.viewControllers == [root, second] && root.view.superview == nil && second.view.superview === nav.view)
        #expect(root.log == ["willAppear", "didDisappear"] && second.log == ["willAppear"])
        #expect(nav.navigationBar.backItem === root.navigationItem)
        #expect(nav.popViewController(animated: true) === second)
        #expect(nav.viewControllers == [root] && second.parent == nil && root.view.superview === nav.view)
        #expect(nav.popViewController(animated: true) == nil)
        window.advance(to: 0.8)
        #expect(second.view.superview == nil)
        // Hiding the bar gives the space back.
        nav.isNavigationBarHidden = true
        window.layoutIfNeeded()
        #expect(root.view.safeAreaInsets.top == 44)
    }

    /// Taps on the bar: an item runs its primary action, the back button pops.
    @Test func barTapsRunItemsAndGoBack() {
        var saved = 0
        let root = UIViewController(), second = UIViewController()
        second.navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .save, primaryAction: UIAction { _ in saved += 1 })
        let nav = UINavigationController(rootViewController: root)
        let window = Self.phone()
        window.rootViewController = nav
        window.isHidden = false
        nav.pushViewController(second, animated: false)
        window.layoutIfNeeded()
        // "Save" sits at the trailing margin; the back button at the leading one (bar at y 44).
        window.tap(at: CGPoint(x: 375 - 16 - 10, y: 66))
        #expect(saved == 1 && nav.viewControllers.count == 2)
        window.tap(at: CGPoint(x: 20, y: 66))
        #expect(nav.viewControllers == [root])
    }

    @Test func tabsShowTheSelectedControllerAboveTheBar() throws {
        let a = Probe(), b = Probe()
        a.title = "First"
        b.tabBarItem = UITabBarItem(title: "Second", image: nil, tag: 2)
        let tabs = UITabBarController()
        #expect(tabs.viewControllers == nil && tabs.selectedIndex == NSNotFound)
        tabs.setViewControllers([a, b], animated: false)
        let window = Self.phone()
        window.rootViewController = tabs
        window.isHidden = false
        window.layoutIfNeeded()
        #expect(tabs.selectedIndex == 0 && tabs.selectedViewController === a && a.tabBarController === tabs)
        #expect(tabs.tabBar.frame == CGRect(x: 0, y: 812 - 34 - 49, width: 375, height: 49 + 34))
        #expect(a.view.safeAreaInsets == UIEdgeInsets(top: 44, left: 0, bottom: 34 + 49, right: 0))
        #expect(tabs.tabBar.items?.map(\.title) == ["First", "Second"] && tabs.tabBar.selectedItem === a.tabBarItem)
        tabs.selectedIndex = 1
        #expect(a.view.superview == nil && b.view.superview === tabs.view && tabs.tabBar.selectedItem?.tag == 2)
        #expect(a.log == ["willAppear", "didDisappear"] && b.log == ["willAppear"])
        tabs.selectedIndex = 7    // out of range: ignored
        #expect(tabs.selectedIndex == 1)
        // A tap on the first tab selects it again (after the layout a run-loop turn would do).
        window.layoutIfNeeded()
        window.tap(at: CGPoint(x: 90, y: 812 - 34 - 25))
        #expect(tabs.selectedIndex == 0 && a.view.superview === tabs.view)
        tabs.selectedIndex = 1
        // A navigation controller inside a tab: its top controller's safe area has both bars.
        let inner = UIViewController()
        let nav = UINavigationController(rootViewController: inner)
        tabs.viewControllers = [nav]
        window.layoutIfNeeded()
        #expect(tabs.selectedViewController === nav && b.parent == nil)
        #expect(inner.view.safeAreaInsets == UIEdgeInsets(top: 88, left: 0, bottom: 83, right: 0))
        #expect(inner.navigationController === nav && inner.tabBarController === tabs)
    }
}

/// `UIPageViewController`: the shown page is a child filling its view; the data source turns.
@MainActor
@Suite("Page view controller")
struct PageViewControllerTests {
    final class Pages: UIPageViewControllerDataSource {
        let pages = (0..<3).map { i -> UIViewController in let vc = UIViewController(); vc.title = "\(i)"; return vc }
        func pageViewController(_ p: UIPageViewController, viewControllerBefore vc: UIViewController) -> UIViewController? {
            pages.firstIndex { $0 === vc }.flatMap { $0 > 0 ? pages[$0 - 1] : nil }
        }
        func pageViewController(_ p: UIPageViewController, viewControllerAfter vc: UIViewController) -> UIViewController? {
            pages.firstIndex { $0 === vc }.flatMap { $0 < pages.count - 1 ? pages[$0 + 1] : nil }
        }
    }

    @Test func pagesTurnThroughTheDataSource() {
        let source = Pages()
        let page = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
        page.dataSource = source
        page.setViewControllers([source.pages[0]], direction: .forward, animated: false)
        #expect(page.viewControllers?.first === source.pages[0] && page.children.count == 1)
        #expect("\(type(of: page.view!))" == "_UIPageViewControllerContentView")
        #expect(source.pages[0].view.superview === page.view)
        #expect(page.goToNextPage() && page.goToNextPage() && !page.goToNextPage())
        #expect(page.viewControllers?.first?.title == "2" && page.children.count == 1 && source.pages[0].parent == nil)
        #expect(page.goToPreviousPage() && page.viewControllers?.first?.title == "1")
    }
}
