import CoreGraphics
import Foundation
import Testing
import UIKit

/// Modal presentation as UIKit runs it: who presents whom, the sheet's place, full-screen
/// presentations taking the presenting view out, custom presentation controllers and
/// animators, the transition coordinator, stacks of presentations and bad calls.
@MainActor
@Suite("Modal presentation")
struct PresentationTests {
    /// An iPhone X-like window: 375 x 812, 44 points of status bar, 34 of home indicator.
    static func phone(root: UIViewController) -> UIWindow {
        let window = UIWindow(screen: UIScreen(size: CGSize(width: 375, height: 812), scale: 3,
                                               safeAreaInsets: UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0)))
        window.rootViewController = root
        window.makeKeyAndVisible()
        return window
    }

    final class Probe: UIViewController {
        var log: [String] = []
        let name: String
        init(_ name: String) { self.name = name; super.init() }
        required init?(coder: NSCoder) { nil }
        override func viewWillAppear(_ animated: Bool) { log.append("willAppear(\(animated))") }
        override func viewDidAppear(_ animated: Bool) { log.append("didAppear(\(animated))") }
        override func viewWillDisappear(_ animated: Bool) { log.append("willDisappear(\(animated))") }
        override func viewDidDisappear(_ animated: Bool) { log.append("didDisappear(\(animated))") }
    }

    @Test func aPageSheetIsACardOverThePushedBackPresenter() throws {
        let root = Probe("root"), child = Probe("child")
        let nav = UINavigationController(rootViewController: child)
        let window = Self.phone(root: nav)
        root.log = []; child.log = []
        let sheet = Probe("sheet")
        #expect(sheet.modalPresentationStyle == .automatic)
        // The sheet can be set up before it is presented.
        let spc = try #require(sheet.sheetPresentationController)
        spc.prefersGrabberVisible = true
        var completed = 0
        child.present(sheet, animated: false) { completed += 1 }
        #expect(completed == 1)
        // The root of the hierarchy presents; its children see the presentation too.
        #expect(sheet.presentingViewController === nav && nav.presentedViewController === sheet)
        #expect(child.presentedViewController === sheet && sheet.presentationController === spc)
        #expect(spc.presentingViewController === nav && spc.presentationStyle == .pageSheet)
        window.layoutIfNeeded()
        // 10 points below the safe area's top, to the bottom; the content fills the card.
        let card = try #require(spc.presentedView)
        #expect(card.frame == CGRect(x: 0, y: 54, width: 375, height: 758))
        #expect(sheet.view.superview === card && sheet.view.frame == card.bounds)
        #expect(card.layer.cornerRadius == 10 && card.clipsToBounds)
        #expect(sheet.view.safeAreaInsets == UIEdgeInsets(top: 0, left: 0, bottom: 34, right: 0))
        // The presenting view stays, shrunk to leave 16 points each side, its top at the
        // safe area's.
        #expect(nav.view.window === window)
        let shrunk = nav.view.convert(nav.view.bounds, to: window)
        #expect(abs(shrunk.minX - 16) < 1e-9 && abs(shrunk.width - 343) < 1e-9 && abs(shrunk.minY - 44) < 1e-9)
        #expect(sheet.log == ["willAppear(false)", "didAppear(false)"] && child.log.isEmpty)
        // Dismissed from the presented controller: all back as it was.
        sheet.dismiss(animated: false) { completed += 1 }
        #expect(completed == 2 && nav.presentedViewController == nil && sheet.presentingViewController == nil)
        #expect(nav.view.transform == .identity && sheet.view.window == nil)
        #expect(sheet.log == ["willAppear(false)", "didAppear(false)", "willDisappear(false)", "didDisappear(false)"])
        #expect(window.subviews.count == 1)
    }

    @Test func detentsSetTheSheetsHeight() throws {
        let root = UIViewController()
        let window = Self.phone(root: root)
        let sheet = UIViewController()
        let spc = try #require(sheet.sheetPresentationController)
        spc.detents = [.medium(), .large()]
        root.present(sheet, animated: false)
        window.layoutIfNeeded()
        // The smallest detent when none is selected: half the largest's height above the
        // bottom safe area; the presenting view is not pushed back but is dimmed.
        let maximum: CGFloat = 812 - 54 - 34
        #expect(spc.presentedView?.frame == CGRect(x: 0, y: 812 - 34 - maximum / 2, width: 375, height: maximum / 2 + 34))
        #expect(root.view.transform == .identity)
        spc.selectedDetentIdentifier = .large
        window.layoutIfNeeded()
        #expect(spc.presentedView?.frame.minY == 54 && root.view.transform != .identity)
        // A custom detent; one resolving to NaN is left out with a diagnostic.
        let (_, diagnostics) = LaminaDiagnostics.collecting {
            spc.detents = [.custom { _ in .nan }, .custom(identifier: .init("small")) { _ in 200 }]
            spc.selectedDetentIdentifier = nil
            window.layoutIfNeeded()
        }
        #expect(diagnostics.count == 1 && diagnostics.first?.contains("nan") == true)
        #expect(spc.presentedView?.frame == CGRect(x: 0, y: 812 - 34 - 200, width: 375, height: 234))
        // The largest undimmed detent leaves the presenting view undimmed and touchable.
        spc.largestUndimmedDetentIdentifier = .init("small")
        window.layoutIfNeeded()
        #expect(window.hitTest(CGPoint(x: 100, y: 100), with: nil)?.isDescendant(of: root.view) == true)
        spc.largestUndimmedDetentIdentifier = nil
        window.layoutIfNeeded()
        #expect(window.hitTest(CGPoint(x: 100, y: 100), with: nil)?.isDescendant(of: root.view) == false)
    }

    @Test func aFullScreenPresentationSlidesUpAndTakesThePresenterOut() throws {
        let root = Probe("root")
        let window = Self.phone(root: root)
        root.log = []
        let full = Probe("full")
        full.modalPresentationStyle = .fullScreen
        var done = false
        root.present(full, animated: true) { done = true }
        #expect(full.isBeingPresented && full.transitionCoordinator != nil && root.transitionCoordinator != nil)
        #expect(full.log == ["willAppear(true)"] && root.log == ["willDisappear(true)"])
        window.advance(to: 0.25)
        // Half way the view is on its way up (drawn from its presentation layer).
        let y = try #require(window.run { full.view.layer.presentation()?.position.y })
        #expect(y > 406 && y < 406 + 812)
        #expect(!done && root.view.window === window)
        window.advance(to: 0.6)
        #expect(done && !full.isBeingPresented && full.transitionCoordinator == nil)
        #expect(full.view.frame == CGRect(x: 0, y: 0, width: 375, height: 812))
        #expect(root.view.window == nil && root.log == ["willDisappear(true)", "didDisappear(true)"])
        #expect(full.log == ["willAppear(true)", "didAppear(true)"])
        // Dismissing puts the presenter's view back, under the leaving one.
        full.dismiss(animated: true)
        #expect(root.view.window === window && full.isBeingDismissed)
        window.advance(to: 1.2)
        #expect(full.view.window == nil && root.presentedViewController == nil)
        #expect(root.log == ["willDisappear(true)", "didDisappear(true)", "willAppear(true)", "didAppear(true)"])
        #expect(window.subviews == [root.view])
    }

    final class Recorder: UIPresentationController {
        var log: [String] = []
        override var frameOfPresentedViewInContainerView: CGRect {
            CGRect(x: 20, y: 400, width: (containerView?.bounds.width ?? 0) - 40, height: 300)
        }
        override func presentationTransitionWillBegin() {
            log.append("willBegin")
            presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.log.append("alongside") },
                                                                    completion: { c in self.log.append("coordinatorDone(\(c.isCancelled))") })
        }
        override func presentationTransitionDidEnd(_ completed: Bool) { log.append("didEnd(\(completed))") }
        override func dismissalTransitionWillBegin() { log.append("dismissalWillBegin") }
        override func dismissalTransitionDidEnd(_ completed: Bool) { log.append("dismissalDidEnd(\(completed))") }
    }

    final class Fade: NSObject, UIViewControllerAnimatedTransitioning {
        var log: [String] = []
        func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.3 }
        func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
            let presenting = ctx.view(forKey: .to) != nil
            log.append(presenting ? "present" : "dismiss")
            if let to = ctx.view(forKey: .to), let vc = ctx.viewController(forKey: .to) {
                ctx.containerView.addSubview(to)
                to.frame = ctx.finalFrame(for: vc)
                to.alpha = 0
            }
            UIView.animate(withDuration: 0.3, animations: {
                ctx.view(forKey: .to)?.alpha = 1
                ctx.view(forKey: .from)?.alpha = 0
            }, completion: { _ in ctx.completeTransition(!ctx.transitionWasCancelled) })
        }
        func animationEnded(_ transitionCompleted: Bool) { log.append("ended(\(transitionCompleted))") }
    }

    final class Delegate: NSObject, UIViewControllerTransitioningDelegate {
        let animator = Fade()
        var recorder: Recorder?
        func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                    source: UIViewController) -> UIPresentationController? {
            let r = Recorder(presentedViewController: presented, presenting: presenting)
            recorder = r
            return r
        }
        func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                 source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { animator }
        func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { animator }
    }

    @Test func aCustomPresentationRunsTheDelegatesControllerAndAnimator() throws {
        let root = UIViewController()
        let window = Self.phone(root: root)
        let delegate = Delegate()
        let card = UIViewController()
        card.modalPresentationStyle = .custom
        card.transitioningDelegate = delegate
        var order: [String] = []
        root.present(card, animated: true) { order.append("completion") }
        let recorder = try #require(delegate.recorder)
        #expect(card.presentationController === recorder && recorder.presentingViewController === root)
        let container = try #require(recorder.containerView)
        #expect(container.superview === window && container.frame == window.bounds)
        #expect(card.view.superview === container && card.view.frame == CGRect(x: 20, y: 400, width: 335, height: 300))
        #expect(delegate.animator.log == ["present"] && recorder.log == ["willBegin", "alongside"])
        window.advance(to: 0.35)
        #expect(recorder.log == ["willBegin", "alongside", "didEnd(true)", "coordinatorDone(false)"])
        #expect(delegate.animator.log == ["present", "ended(true)"] && order == ["completion"])
        // The presenting view stays (a custom presentation does not remove it).
        #expect(root.view.window === window)
        root.dismiss(animated: true) { order.append("dismissed") }
        window.advance(to: 0.7)
        #expect(recorder.log.suffix(2) == ["dismissalWillBegin", "dismissalDidEnd(true)"])
        #expect(order == ["completion", "dismissed"] && container.superview == nil && card.view.window == nil)
    }

    @Test func dismissingLowerInAStackDismissesEverythingAbove() {
        let a = Probe("a")
        let window = Self.phone(root: a)
        let b = Probe("b"), c = Probe("c")
        b.modalPresentationStyle = .fullScreen
        a.present(b, animated: false)
        b.present(c, animated: false)
        #expect(a.presentedViewController === b && b.presentedViewController === c && c.presentingViewController === b)
        #expect(c.view.window === window && a.view.window == nil)
        var calls = 0
        a.dismiss(animated: false) { calls += 1 }
        #expect(calls == 1 && a.presentedViewController == nil && b.presentingViewController == nil && c.presentingViewController == nil)
        #expect(b.view.window == nil && c.view.window == nil && a.view.window === window)
        #expect(window.subviews == [a.view])
        #expect(c.log.last == "didDisappear(false)" && b.log.last == "didDisappear(false)" && a.log.last == "didAppear(false)")
    }

    @Test func contextStylesCoverTheControllerThatDefinesTheContext() {
        let root = UIViewController()
        let tabs = UITabBarController()
        let first = UIViewController()
        tabs.viewControllers = [first, UIViewController()]
        root.addChild(tabs)
        root.view.addSubview(tabs.view)
        tabs.view.frame = CGRect(x: 0, y: 100, width: 375, height: 600)
        tabs.didMove(toParent: root)
        let window = Self.phone(root: root)
        tabs.definesPresentationContext = true
        let over = UIViewController()
        over.modalPresentationStyle = .overCurrentContext
        first.present(over, animated: false)
        window.layoutIfNeeded()
        #expect(over.presentingViewController === tabs && tabs.presentedViewController === over)
        #expect(over.view.convert(over.view.bounds, to: window) == CGRect(x: 0, y: 100, width: 375, height: 600))
        #expect(tabs.view.window === window)
    }

    @Test func badCallsAreReportedAndChangeNothing() {
        let root = UIViewController()
        let window = Self.phone(root: root)
        let a = UIViewController(), b = UIViewController()
        let offscreen = UIViewController()
        var (_, diagnostics) = LaminaDiagnostics.collecting { offscreen.present(a, animated: false) }
        #expect(a.presentingViewController == nil && diagnostics.first?.contains("not in the window hierarchy") == true)
        (_, diagnostics) = LaminaDiagnostics.collecting { root.present(root, animated: false) }
        #expect(root.presentedViewController == nil && diagnostics.count == 1)
        root.present(a, animated: false)
        (_, diagnostics) = LaminaDiagnostics.collecting { root.present(b, animated: false) }
        #expect(root.presentedViewController === a && diagnostics.first?.contains("already presenting") == true)
        (_, diagnostics) = LaminaDiagnostics.collecting { a.present(a, animated: false) }
        #expect(diagnostics.count == 1)
        let (_, none) = LaminaDiagnostics.collecting { b.present(a, animated: false) }
        #expect(none.first?.contains("already presented") == true)
        root.dismiss(animated: false)
        // Nothing to dismiss: nothing happens, the completion runs.
        var ran = false
        root.dismiss(animated: false) { ran = true }
        #expect(ran && window.subviews == [root.view])
    }
    final class SheetWatcher: NSObject, UISheetPresentationControllerDelegate {
        var log: [String] = []
        var allow = true
        func presentationControllerShouldDismiss(_ p: UIPresentationController) -> Bool { allow }
        func presentationControllerWillDismiss(_ p: UIPresentationController) { log.append("willDismiss") }
        func presentationControllerDidDismiss(_ p: UIPresentationController) { log.append("didDismiss") }
        func presentationControllerDidAttemptToDismiss(_ p: UIPresentationController) { log.append("attempt") }
        func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ s: UISheetPresentationController) {
            log.append("detent \(s.selectedDetentIdentifier?.rawValue ?? "nil")")
        }
    }

    /// Drags the finger from `a` to `b` in ten steps over `seconds` from `start`.
    static func drag(_ window: UIWindow, from a: CGPoint, to b: CGPoint, start: Double, seconds: Double) {
        window.advance(to: start)
        guard let touch = window.touchDown(at: a) else { return }
        for i in 1...10 {
            let f = CGFloat(i) / 10
            window.advance(to: start + seconds * Double(f))
            window.touchMove(touch, to: CGPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f))
        }
        window.touchUp(touch)
    }

    @Test func aSheetFollowsADragAndIsDismissedPastItsThreshold() throws {
        let root = UIViewController()
        let window = Self.phone(root: root)
        let sheet = UIViewController()
        let watcher = SheetWatcher()
        let spc = try #require(sheet.sheetPresentationController)
        spc.delegate = watcher
        root.present(sheet, animated: false)
        window.layoutIfNeeded()
        // A short slow drag: the sheet follows, then rests again.
        window.advance(to: 0)
        let touch = try #require(window.touchDown(at: CGPoint(x: 187, y: 300)))
        for i in 1...5 {
            window.advance(to: Double(i) * 0.05)
            window.touchMove(touch, to: CGPoint(x: 187, y: 300 + CGFloat(i) * 10))
        }
        #expect(abs((spc.presentedView?.frame.minY ?? 0) - (54 + 50)) < 12)
        window.advance(to: 0.5)
        window.touchUp(touch)
        window.advance(to: 1.5)
        #expect(root.presentedViewController === sheet && spc.presentedView?.frame.minY == 54)
        #expect(watcher.log == ["willDismiss"])
        // Modal in presentation: a long drag only tells the delegate.
        sheet.isModalInPresentation = true
        Self.drag(window, from: CGPoint(x: 187, y: 300), to: CGPoint(x: 187, y: 750), start: 2, seconds: 0.3)
        window.advance(to: 3)
        #expect(root.presentedViewController === sheet && watcher.log == ["willDismiss", "attempt"])
        #expect(spc.presentedView?.frame.minY == 54)
        // A long drag dismisses; the delegate hears of it after the dismissal.
        sheet.isModalInPresentation = false
        Self.drag(window, from: CGPoint(x: 187, y: 300), to: CGPoint(x: 187, y: 750), start: 4, seconds: 0.3)
        window.advance(to: 5)
        #expect(root.presentedViewController == nil && watcher.log == ["willDismiss", "attempt", "willDismiss", "didDismiss"])
    }

    @Test func aDragMovesASheetBetweenDetents() throws {
        let root = UIViewController()
        let window = Self.phone(root: root)
        let sheet = UIViewController()
        let watcher = SheetWatcher()
        let spc = try #require(sheet.sheetPresentationController)
        spc.detents = [.medium(), .large()]
        spc.delegate = watcher
        root.present(sheet, animated: false)
        window.layoutIfNeeded()
        let mediumTop = try #require(spc.presentedView?.frame.minY)
        Self.drag(window, from: CGPoint(x: 187, y: mediumTop + 40), to: CGPoint(x: 187, y: 120), start: 0, seconds: 0.4)
        window.advance(to: 1.5)
        #expect(spc.selectedDetentIdentifier == .large && spc.presentedView?.frame.minY == 54)
        #expect(watcher.log.last == "detent com.apple.UIKit.large")
    }

    final class SlideDown: NSObject, UIViewControllerAnimatedTransitioning {
        func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 1 }
        func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
            guard let from = ctx.view(forKey: .from) else { return }
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                from.frame.origin.y += 800
            }, completion: { _ in ctx.completeTransition(!ctx.transitionWasCancelled) })
        }
    }

    final class Interactive: NSObject, UIViewControllerTransitioningDelegate {
        let driver = UIPercentDrivenInteractiveTransition()
        func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { SlideDown() }
        func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)? { driver }
    }

    @Test func aPercentDrivenDismissalFollowsUpdatesThenFinishesOrCancels() throws {
        let root = UIViewController()
        let window = Self.phone(root: root)
        let full = UIViewController()
        full.modalPresentationStyle = .overFullScreen
        let interactive = Interactive()
        full.transitioningDelegate = interactive
        root.present(full, animated: false)
        var dismissed = 0
        // Cancelled: the view goes back and stays presented.
        full.dismiss(animated: true) { dismissed += 1 }
        window.advance(to: 0.1)
        interactive.driver.update(0.5)
        window.advance(to: 0.2)
        let half = try #require(window.run { full.view.layer.presentation()?.position.y })
        #expect(abs(half - (406 + 400)) < 1 && interactive.driver.percentComplete == 0.5)
        #expect(full.transitionCoordinator?.isInteractive == true)
        interactive.driver.cancel()
        window.advance(to: 0.45)
        let back = try #require(window.run { full.view.layer.presentation()?.position.y })
        #expect(back > 406 && back < 806)
        window.advance(to: 1)
        window.advance(to: 1.05)
        #expect(root.presentedViewController === full && dismissed == 0 && !full.isBeingDismissed)
        // Finished: it runs on from the fraction and the dismissal completes.
        full.view.frame.origin.y = 0
        full.dismiss(animated: true) { dismissed += 1 }
        window.advance(to: 1.1)
        interactive.driver.update(0.75)
        interactive.driver.finish()
        window.advance(to: 1.2)
        #expect(dismissed == 0)
        window.advance(to: 1.5)
        window.advance(to: 1.55)
        #expect(dismissed == 1 && root.presentedViewController == nil)
    }
}

/// `UINavigationController`'s animated push and pop and its delegate.
@MainActor
@Suite("Navigation transitions")
struct NavigationTransitionTests {
    final class Watcher: NSObject, UINavigationControllerDelegate {
        var log: [String] = []
        var animator: (any UIViewControllerAnimatedTransitioning)?
        func navigationController(_ nc: UINavigationController, willShow vc: UIViewController, animated: Bool) { log.append("willShow \(vc.title ?? "")") }
        func navigationController(_ nc: UINavigationController, didShow vc: UIViewController, animated: Bool) { log.append("didShow \(vc.title ?? "")") }
        func navigationController(_ nc: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                                  from fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
            log.append("animator \(operation == .push ? "push" : "pop")")
            return animator
        }
    }

    @Test func aPushSlidesInFromTheRightOverTheOutgoingView() throws {
        let first = PresentationTests.Probe("first"), second = PresentationTests.Probe("second")
        first.title = "First"; second.title = "Second"
        let nav = UINavigationController(rootViewController: first)
        let watcher = Watcher()
        nav.delegate = watcher
        let window = PresentationTests.phone(root: nav)
        first.log = []
        nav.pushViewController(second, animated: true)
        #expect(nav.topViewController === second && nav.transitionCoordinator != nil && second.transitionCoordinator != nil)
        #expect(first.log == ["willDisappear(true)"] && second.log == ["willAppear(true)"])
        #expect(watcher.log == ["animator push", "willShow Second"])
        window.advance(to: 0.175)
        // Half way (ease in and out is symmetric): the incoming view half across, the outgoing
        // one a sixth of the width to the left.
        let incoming = try #require(window.run { second.view.layer.presentation()?.position.x })
        let outgoing = try #require(window.run { first.view.layer.presentation()?.position.x })
        #expect(abs(incoming - (187.5 + 187.5)) < 1 && abs(outgoing - (187.5 - 62.5)) < 1)
        // The bar stays above both views; a picture of the old bar fades out over it.
        let subviews = nav.view.subviews
        let barIndex = try #require(subviews.firstIndex { $0 === nav.navigationBar })
        let incomingIndex = try #require(subviews.firstIndex { $0 === second.view })
        #expect(barIndex > incomingIndex && subviews.count == barIndex + 2)
        let fading = try #require(window.run { subviews.last?.layer.presentation()?.opacity })
        #expect(fading > 0.2 && fading < 0.8)
        window.advance(to: 0.4)
        #expect(first.view.superview == nil && second.view.frame == nav.view.bounds && nav.transitionCoordinator == nil)
        #expect(first.log == ["willDisappear(true)", "didDisappear(true)"] && second.log == ["willAppear(true)", "didAppear(true)"])
        #expect(watcher.log.last == "didShow Second")
        // The pop runs backwards.
        nav.popViewController(animated: true)
        #expect(first.view.superview === nav.view && second.view.superview === nav.view)
        window.advance(to: 0.4 + 0.175)
        let back = try #require(window.run { first.view.layer.presentation()?.position.x })
        #expect(abs(back - (187.5 - 62.5)) < 1)
        window.advance(to: 1)
        #expect(second.view.superview == nil && first.view.frame == nav.view.bounds && second.parent == nil)
    }

    @Test func aSwipeFromTheLeftEdgePopsWithTheFinger() throws {
        let first = PresentationTests.Probe("first"), second = PresentationTests.Probe("second")
        let nav = UINavigationController(rootViewController: first)
        let window = PresentationTests.phone(root: nav)
        nav.pushViewController(second, animated: false)
        window.layoutIfNeeded()
        #expect(nav.interactivePopGestureRecognizer is UIScreenEdgePanGestureRecognizer)
        // Not from the edge: nothing.
        PresentationTests.drag(window, from: CGPoint(x: 100, y: 400), to: CGPoint(x: 300, y: 400), start: 0, seconds: 0.3)
        #expect(nav.topViewController === second)
        // From the edge, let go at a quarter, slowly: back where it was.
        window.advance(to: 1)
        let touch = try #require(window.touchDown(at: CGPoint(x: 5, y: 400)))
        for i in 1...8 {
            window.advance(to: 1 + Double(i) * 0.1)
            window.touchMove(touch, to: CGPoint(x: 5 + CGFloat(i) * 11, y: 400))
        }
        #expect(nav.topViewController === first && first.view.superview === nav.view)
        let midway = try #require(window.run { second.view.layer.presentation()?.position.x })
        #expect(abs(midway - (187.5 + 88)) < 4)
        window.advance(to: 2.0)
        window.touchUp(touch)
        window.advance(to: 3)
        window.advance(to: 3.1)
        #expect(nav.viewControllers == [first, second] && second.view.superview === nav.view && first.view.superview == nil)
        #expect(second.view.frame == nav.view.bounds && second.parent === nav)
        // From the edge, past half: popped.
        PresentationTests.drag(window, from: CGPoint(x: 5, y: 400), to: CGPoint(x: 260, y: 400), start: 4, seconds: 0.5)
        window.advance(to: 5)
        window.advance(to: 5.1)
        #expect(nav.viewControllers == [first] && second.view.superview == nil && first.view.frame == nav.view.bounds)
    }

    @Test func aDelegatesAnimatorRunsThePush() throws {
        let first = UIViewController(), second = UIViewController()
        let nav = UINavigationController(rootViewController: first)
        let watcher = Watcher()
        let fade = PresentationTests.Fade()
        watcher.animator = fade
        nav.delegate = watcher
        let window = PresentationTests.phone(root: nav)
        nav.pushViewController(second, animated: true)
        #expect(fade.log == ["present"] && second.view.superview === nav.view && second.view.alpha == 1)
        window.advance(to: 0.35)
        #expect(fade.log == ["present", "ended(true)"] && first.view.superview == nil)
        // Not animated: no animator, at once.
        nav.popViewController(animated: false)
        #expect(first.view.superview === nav.view && second.view.superview == nil && fade.log.count == 2)
    }
}
