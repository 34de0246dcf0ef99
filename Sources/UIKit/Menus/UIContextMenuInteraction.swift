import Foundation

/// What a context menu's delegate is given to animate alongside the menu (UIKit's
/// `UIContextMenuInteractionAnimating`).
@preconcurrency @MainActor
public protocol UIContextMenuInteractionAnimating: AnyObject {
    var previewViewController: UIViewController? { get }
    var preview: UITargetedPreview? { get }
    func addAnimations(_ animations: @escaping () -> Void)
    func addCompletion(_ completion: @escaping () -> Void)
}

/// A context menu's commit animator (UIKit's `UIContextMenuInteractionCommitAnimating`).
@preconcurrency @MainActor
public protocol UIContextMenuInteractionCommitAnimating: UIContextMenuInteractionAnimating {
    var preferredCommitStyle: UIContextMenuInteractionCommitStyle { get set }
}

/// How tapping a preview commits (UIKit's `UIContextMenuInteractionCommitStyle`).
public enum UIContextMenuInteractionCommitStyle: Int, Sendable { case dismiss = 0, pop }

/// How a context menu looks (UIKit's `UIContextMenuInteraction.Appearance`).
@MainActor final class ContextMenuAnimator: NSObject, UIContextMenuInteractionCommitAnimating {
    let previewViewController: UIViewController?
    let preview: UITargetedPreview?
    var preferredCommitStyle: UIContextMenuInteractionCommitStyle = .pop
    private var animations: [() -> Void] = []
    private var completions: [() -> Void] = []
    init(previewViewController: UIViewController?, preview: UITargetedPreview?) {
        self.previewViewController = previewViewController
        self.preview = preview
    }
    func addAnimations(_ animations: @escaping () -> Void) { self.animations.append(animations) }
    func addCompletion(_ completion: @escaping () -> Void) { completions.append(completion) }
    func run() {
        for a in animations { a() }
        for c in completions { c() }
        animations = []
        completions = []
    }
}

/// Gives a context menu interaction its configuration and hears of the menu (UIKit's
/// `UIContextMenuInteractionDelegate`; only the first method is required).
@preconcurrency @MainActor
public protocol UIContextMenuInteractionDelegate: AnyObject {
    /// The menu for a long press at `location` (in the interaction's view); nil: none.
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                configurationForMenuAtLocation location: CGPoint) -> UIContextMenuConfiguration?
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction, configuration: UIContextMenuConfiguration,
                                highlightPreviewForItemWithIdentifier identifier: any NSCopying) -> UITargetedPreview?
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willDisplayMenuFor configuration: UIContextMenuConfiguration,
                                animator: (any UIContextMenuInteractionAnimating)?)
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willEndFor configuration: UIContextMenuConfiguration,
                                animator: (any UIContextMenuInteractionAnimating)?)
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
                                animator: any UIContextMenuInteractionCommitAnimating)
}

extension UIContextMenuInteractionDelegate {
    public func contextMenuInteraction(_ interaction: UIContextMenuInteraction, configuration: UIContextMenuConfiguration,
                                       highlightPreviewForItemWithIdentifier identifier: any NSCopying) -> UITargetedPreview? { nil }
    public func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willDisplayMenuFor configuration: UIContextMenuConfiguration,
                                       animator: (any UIContextMenuInteractionAnimating)?) {}
    public func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willEndFor configuration: UIContextMenuConfiguration,
                                       animator: (any UIContextMenuInteractionAnimating)?) {}
    public func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
                                       animator: any UIContextMenuInteractionCommitAnimating) {}
}

/// A context menu on a view (UIKit's `UIContextMenuInteraction`): a long press (half a second)
/// asks the delegate for a configuration, lifts the preview (the provider's controller, else
/// the view) over the blurred window and shows the menu under it.
@preconcurrency @MainActor
open class UIContextMenuInteraction: NSObject, UIInteraction {
    /// How the menu looks.
    public enum Appearance: Int, Sendable { case unknown = 0, rich, compact }

    /// The delegate (held weakly).
    open private(set) weak var delegate: (any UIContextMenuInteractionDelegate)?
    public private(set) weak var view: UIView?
    /// How the menu is shown (rich: with a preview).
    open private(set) var menuAppearance: Appearance = .rich
    private var press: UILongPressGestureRecognizer?
    private var location: CGPoint = .zero
    private var overlay: MenuOverlay?
    /// Gives the configuration for a location when the view has no delegate of its own
    /// (tables and collection views).
    var configurationProvider: ((CGPoint) -> UIContextMenuConfiguration?)?
    /// The view lifted for a location (a table's row), when not the interaction's view.
    var sourceViewProvider: ((CGPoint) -> UIView?)?

    public init(delegate: any UIContextMenuInteractionDelegate) {
        self.delegate = delegate
        super.init()
    }

    init(provider: @escaping (CGPoint) -> UIContextMenuConfiguration?) {
        configurationProvider = provider
        super.init()
    }

    public func willMove(to view: UIView?) {
        if let press, let old = self.view { old.removeGestureRecognizer(press) }
        press = nil
    }

    public func didMove(to view: UIView?) {
        self.view = view
        guard let view else { return }
        let p = UILongPressGestureRecognizer(target: self) { me, g in
            if g.state == .began { me.begin(at: g.location(in: me.view)) }
        }
        view.addGestureRecognizer(p)
        press = p
    }

    /// Where the menu was asked for, in `view`'s coordinates.
    open func location(in view: UIView?) -> CGPoint {
        guard let own = self.view else { return location }
        return own.convert(location, to: view)
    }

    /// Closes the menu.
    open func dismissMenu() { overlay?.close(animated: true) }

    /// Replaces the visible menu with the one `block` makes from it.
    open func updateVisibleMenu(_ block: (UIMenu) -> UIMenu) {
        guard let overlay else { return }
        overlay.menuView.show(block(overlay.menuView.menu))
    }

    /// Shows the menu for a press at `point` (the long press's start).
    func begin(at point: CGPoint) {
        guard let view, let window = view.window else { return }
        location = point
        let configuration = delegate?.contextMenuInteraction(self, configurationForMenuAtLocation: point)
            ?? configurationProvider?(point)
        guard let configuration else { return }
        let menu = configuration.actionProvider?([]) ?? UIMenu(children: [])
        // The preview: the provider's controller's view, else the view (or the delegate's
        // targeted view) where it is.
        let previewController = configuration.previewProvider?()
        let targeted = delegate?.contextMenuInteraction(self, configuration: configuration,
                                                        highlightPreviewForItemWithIdentifier: configuration.identifier)
        let source = targeted?.view ?? sourceViewProvider?(point) ?? view
        var anchor = source.convert(source.bounds, to: window)
        let lifted: UIView?
        if let previewController {
            let v: UIView = previewController.view
            let p = previewController.preferredContentSize
            let width = p.width > 0 ? p.width : window.bounds.width - 32
            let height = p.height > 0 ? p.height : min(window.bounds.height / 2, width)
            anchor = CGRect(x: (window.bounds.width - width) / 2, y: max(window.safeAreaInsets.top + 16, anchor.minY - 40), width: width, height: height)
            lifted = v
        } else {
            lifted = source.snapshotView(afterScreenUpdates: false)
            lifted?.backgroundColor = targeted?.parameters.backgroundColor ?? source.backgroundColor ?? .systemBackground
        }
        let animator = ContextMenuAnimator(previewViewController: previewController, preview: targeted)
        delegate?.contextMenuInteraction(self, willDisplayMenuFor: configuration, animator: animator)
        animator.run()
        overlay = MenuOverlay.show(menu, in: window, anchor: anchor, preview: lifted, dims: true) { [weak self] in
            guard let self else { return }
            let end = ContextMenuAnimator(previewViewController: previewController, preview: targeted)
            delegate?.contextMenuInteraction(self, willEndFor: configuration, animator: end)
            end.run()
            overlay = nil
        }
    }
}
