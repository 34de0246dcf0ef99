import Foundation
import CoreGraphics
@_spi(Lamina) import UIKit

/// Puts a view or a view controller's view in a window of the snapshot's size, with the
/// snapshot's traits as the override traits of a child view controller (as the library does on
/// iOS), lays it out, runs `body`, and puts everything back where it was (a view controller's
/// view keeps the snapshot's size, as on iOS). On the main actor, as the views are.
@MainActor struct ViewHost {
    var size: CGSize
    let traits: UITraitCollection
    let scale: CGFloat
    /// The device's safe area (the window's `safeAreaInsets`).
    var safeArea: UIEdgeInsets = .zero
    /// Whether the picture is drawn as `drawHierarchy(in:afterScreenUpdates:)` shows the screen
    /// (translucent views composited as groups) instead of as `layer.render(in:)` draws, which
    /// the library uses on iOS unless `drawHierarchyInKeyWindow` is set.
    var drawsHierarchy = false

    /// Hosts `view` (with `viewController` owning it, when there is one).
    func host<R>(view: UIView, viewController: UIViewController?, _ body: (UIWindow) -> R) -> R {
        // The window is on a screen of the main screen's scale, as the library's window on iOS is
        // on the simulator's screen (views round to its pixels: a label on an iPhone SE
        // snapshot drawn at 2x is 33.6667 points high on a 3x simulator); the snapshot is drawn
        // at `scale`.
        let window = UIWindow(screen: UIScreen(size: size, scale: UIScreen.mainScale, safeAreaInsets: safeArea))
        window.frame = CGRect(origin: .zero, size: size)
        window.isHidden = false

        // What to restore afterwards.
        let oldSuperview = view.superview
        let oldIndex = oldSuperview?.subviews.firstIndex { $0 === view }
        let oldFrame = view.frame
        let oldParent = viewController?.parent

        let child = viewController ?? UIViewController()
        if viewController == nil {
            child.view = UIView(frame: window.bounds)
            child.view.addSubview(view)
        }
        view.frame = CGRect(origin: .zero, size: size)
        // The library's sequence on iOS (and so its appearance callbacks: two of each per
        // snapshot): the controller becomes the child of a root controller with the traits as
        // its override, the root becomes the window's, and an appearance transition runs.
        let root = UIViewController()
        root.view = UIView(frame: window.bounds)
        root.view.backgroundColor = .clear
        child.view.frame = root.view.frame
        root.view.addSubview(child.view)
        // The controller's view follows the window's size.
        if child.view.translatesAutoresizingMaskIntoConstraints { child.view.autoresizingMask = [.flexibleWidth, .flexibleHeight] }
        root.addChild(child)
        root.setOverrideTraitCollection(traits, forChild: child)
        child.didMove(toParent: root)
        window.rootViewController = root
        root.beginAppearanceTransition(true, animated: false)
        root.endAppearanceTransition()
        window.layoutIfNeeded()
        let result = body(window)

        // Put back, as the library does, then where the view was.
        root.beginAppearanceTransition(false, animated: false)
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        child.didMove(toParent: nil)
        root.endAppearanceTransition()
        window.rootViewController = nil
        if viewController == nil { view.removeFromSuperview() }
        if let oldParent, let viewController { oldParent.addChild(viewController) }
        if let oldSuperview {
            oldSuperview.insertSubview(view, at: oldIndex ?? oldSuperview.subviews.count)
        }
        // A plain view goes back to its frame; a controller's view keeps the snapshot's size, as
        // on iOS (a later ambiguity check or layout sees the device's size, not 0 × 0).
        if viewController == nil { view.frame = oldFrame }
        return result
    }

    /// This host as the library's window on iOS is for containers (a workaround it documents:
    /// "safe area renders inaccurately for UI{Navigation,TabBar}Controller"): a navigation
    /// controller's window loses the safe area's top (its height and inset), a tab bar
    /// controller's the bottom, and the top too when its selected controller is a navigation
    /// controller.
    func adjusted(for viewController: UIViewController?) -> ViewHost {
        var h = self
        if viewController is UINavigationController {
            h.size.height -= h.safeArea.top
            h.safeArea.top = 0
        } else if let tabs = viewController as? UITabBarController {
            h.size.height -= h.safeArea.bottom
            h.safeArea.bottom = 0
            if tabs.selectedViewController is UINavigationController {
                h.size.height -= h.safeArea.top
                h.safeArea.top = 0
            }
        }
        return h
    }

    /// This host with a view of zero width or height given its fitting size: as the library
    /// does on iOS, the view is hosted with the snapshot's traits and told `sizeToFit()` (a label
    /// takes its text's size in the traits' content size category).
    func fitted(view: UIView, viewController: UIViewController?) -> ViewHost {
        guard size.width == 0 || size.height == 0 else { return self }
        let fit = host(view: view, viewController: viewController) { _ -> CGSize in
            view.sizeToFit()
            return view.bounds.size
        }
        var h = self
        if fit.width.isFinite, fit.height.isFinite, fit.width >= 0, fit.height >= 0 { h.size = fit }
        return h
    }

    /// The hosted view drawn at the host's scale.
    func image(view: UIView, viewController: UIViewController?, what: String) -> SnapshotImage {
        let host = adjusted(for: viewController).fitted(view: view, viewController: viewController)
        if let problem = snapshotSizeProblem(host.size, scale: scale, what: what) { return problem }
        return host.draw(view: view, viewController: viewController, what: what)
    }

    private func draw(view: UIView, viewController: UIViewController?, what: String) -> SnapshotImage {
        host(view: view, viewController: viewController) { window in
            drawSnapshot(size: size, scale: scale, what: what) { _ in
                if drawsHierarchy {
                    window.drawHierarchy(in: CGRect(origin: .zero, size: size), afterScreenUpdates: true)
                } else {
                    window.drawHierarchyAsRenderInContext(in: CGRect(origin: .zero, size: size))
                }
            }
        }
    }
}

/// The scale a snapshot with `traits` is drawn at: the traits' display scale, else the main
/// screen's.
func snapshotScale(_ traits: UITraitCollection) -> CGFloat {
    traits.displayScale > 0 ? traits.displayScale : UIScreen.mainScale
}

/// A view drawn in a host with these settings, which draws itself again at another scale (on the
/// main actor, whichever thread asks).
@MainActor func snapshotImage(of view: UIView, viewController: UIViewController?, size: CGSize, traits: UITraitCollection,
                   scale: CGFloat, safeArea: UIEdgeInsets = .zero, drawHierarchyInKeyWindow: Bool = false,
                   what: String) -> SnapshotImage {
    let made = ViewHost(size: size, traits: traits, scale: scale, safeArea: safeArea, drawsHierarchy: drawHierarchyInKeyWindow)
        .image(view: view, viewController: viewController, what: what)
    guard made.problem == nil, let cg = made.cgImage else { return made }
    return SnapshotImage(cgImage: cg, scale: scale) { newScale in
        let again = UITraitCollection(traitsFrom: [traits, UITraitCollection(displayScale: newScale)])
        return onMainActor {
            snapshotImage(of: view, viewController: viewController, size: size, traits: again, scale: newScale,
                          safeArea: safeArea, drawHierarchyInKeyWindow: drawHierarchyInKeyWindow, what: what)
        }
    }
}
