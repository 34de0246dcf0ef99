import Foundation

/// Where an edit menu's arrow points (UIKit's `UIEditMenuArrowDirection`).
public enum UIEditMenuArrowDirection: Int, Sendable { case automatic = 0, up, down, left, right }

/// Where and what an edit menu shows (UIKit's `UIEditMenuConfiguration`).
@preconcurrency @MainActor
open class UIEditMenuConfiguration: NSObject {
    /// The configuration's identifier.
    public let identifier: any NSCopying
    /// The point the menu is shown at, in the interaction's view.
    public let sourcePoint: CGPoint
    /// Where the arrow should point (Lamina draws no arrow).
    open var preferredArrowDirection: UIEditMenuArrowDirection = .automatic

    public init(identifier: (any NSCopying)?, sourcePoint: CGPoint) {
        self.identifier = identifier ?? (UUID().uuidString as NSString)
        self.sourcePoint = sourcePoint
        super.init()
    }
}

/// Animations alongside an edit menu's showing and hiding (UIKit's
/// `UIEditMenuInteractionAnimating`).
@preconcurrency @MainActor
public protocol UIEditMenuInteractionAnimating: AnyObject {
    func addAnimations(_ animations: @escaping () -> Void)
    func addCompletion(_ completion: @escaping () -> Void)
}

/// Gives an edit menu its actions and place (UIKit's `UIEditMenuInteractionDelegate`; every
/// method optional).
@preconcurrency @MainActor
public protocol UIEditMenuInteractionDelegate: AnyObject {
    /// The menu to show (default: the suggested actions).
    func editMenuInteraction(_ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration,
                             suggestedActions: [UIMenuElement]) -> UIMenu?
    /// The rectangle the menu avoids covering (default: the source point).
    func editMenuInteraction(_ interaction: UIEditMenuInteraction, targetRectFor configuration: UIEditMenuConfiguration) -> CGRect
    func editMenuInteraction(_ interaction: UIEditMenuInteraction, willPresentMenuFor configuration: UIEditMenuConfiguration,
                             animator: any UIEditMenuInteractionAnimating)
    func editMenuInteraction(_ interaction: UIEditMenuInteraction, willDismissMenuFor configuration: UIEditMenuConfiguration,
                             animator: any UIEditMenuInteractionAnimating)
}

extension UIEditMenuInteractionDelegate {
    public func editMenuInteraction(_ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration,
                                    suggestedActions: [UIMenuElement]) -> UIMenu? { UIMenu(children: suggestedActions) }
    public func editMenuInteraction(_ interaction: UIEditMenuInteraction, targetRectFor configuration: UIEditMenuConfiguration) -> CGRect {
        CGRect(origin: configuration.sourcePoint, size: .zero)
    }
    public func editMenuInteraction(_ interaction: UIEditMenuInteraction, willPresentMenuFor configuration: UIEditMenuConfiguration,
                                    animator: any UIEditMenuInteractionAnimating) {}
    public func editMenuInteraction(_ interaction: UIEditMenuInteraction, willDismissMenuFor configuration: UIEditMenuConfiguration,
                                    animator: any UIEditMenuInteractionAnimating) {}
}

/// The edit menu of a view (UIKit's `UIEditMenuInteraction`, iOS 16): a horizontal bar of
/// actions above the target (below it when there is no room), 36 points tall with 8-point
/// corners on a dark material, white 15-point titles; a tap runs an action and closes it.
@preconcurrency @MainActor
open class UIEditMenuInteraction: NSObject, UIInteraction {
    open private(set) weak var delegate: (any UIEditMenuInteractionDelegate)?
    public private(set) weak var view: UIView?
    private var shown: (bar: EditMenuBar, configuration: UIEditMenuConfiguration)?

    public init(delegate: (any UIEditMenuInteractionDelegate)?) {
        self.delegate = delegate
        super.init()
    }

    public func willMove(to view: UIView?) { dismissMenu() }
    public func didMove(to view: UIView?) { self.view = view }

    /// Where the menu was shown, in `view`'s coordinates.
    open func location(in view: UIView?) -> CGPoint {
        guard let c = shown?.configuration, let own = self.view else { return .zero }
        return own.convert(c.sourcePoint, to: view)
    }

    /// Shows the menu `configuration` asks for.
    open func presentEditMenu(with configuration: UIEditMenuConfiguration) {
        guard let view, let window = view.window else {
            LaminaDiagnostics.report("UIEditMenuInteraction.presentEditMenu: the interaction's view is not in a window; nothing shown")
            return
        }
        dismissMenu()
        let menu = delegate?.editMenuInteraction(self, menuFor: configuration, suggestedActions: []) ?? UIMenu(children: [])
        let target = delegate?.editMenuInteraction(self, targetRectFor: configuration)
            ?? CGRect(origin: configuration.sourcePoint, size: .zero)
        let bar = EditMenuBar(menu: menu) { [weak self] element in
            self?.dismissMenu()
            if let a = element as? UIAction { a.perform(sender: nil) } else if let c = element as? UICommand { c.send(from: nil) }
        }
        let anchor = view.convert(target, to: window)
        let size = bar.bounds.size
        var y = anchor.minY - 8 - size.height
        if y < window.safeAreaInsets.top + 4 { y = anchor.maxY + 8 }
        let x = min(max(anchor.midX - size.width / 2, 8), max(8, window.bounds.width - 8 - size.width))
        bar.frame = CGRect(x: x, y: y, width: size.width, height: size.height)
        let animator = ContextMenuAnimator(previewViewController: nil, preview: nil)
        delegate?.editMenuInteraction(self, willPresentMenuFor: configuration, animator: animator)
        animator.run()
        UIView.performWithoutAnimation { window.addSubview(bar) }
        shown = (bar, configuration)
    }

    /// Closes the menu.
    open func dismissMenu() {
        guard let (bar, configuration) = shown else { return }
        shown = nil
        let animator = ContextMenuAnimator(previewViewController: nil, preview: nil)
        delegate?.editMenuInteraction(self, willDismissMenuFor: configuration, animator: animator)
        animator.run()
        bar.removeFromSuperview()
    }

    /// Asks the delegate for the menu again.
    open func reloadVisibleMenu() {
        guard let c = shown?.configuration else { return }
        presentEditMenu(with: c)
    }

    /// Moves the menu to the delegate's target again.
    open func updateVisibleMenuPosition(animated: Bool) { reloadVisibleMenu() }
}

extension ContextMenuAnimator: UIEditMenuInteractionAnimating {}

/// An edit menu's bar of actions.
final class EditMenuBar: UIView {
    init(menu: UIMenu, choose: @escaping (UIMenuElement) -> Void) {
        super.init(frame: .zero)
        backgroundColor = UIColor(white: 0.12, alpha: 0.92)
        layer.cornerRadius = 8
        clipsToBounds = true
        var x: CGFloat = 0
        let elements = menu.children.flatMap { ($0 as? UIMenu)?.options.contains(.displayInline) == true ? ($0 as! UIMenu).children : [$0] }
            .filter { !$0.menuAttributes.contains(.hidden) }
        for (i, element) in elements.enumerated() {
            if i > 0 {
                let line = UIView(frame: CGRect(x: x, y: 0, width: 1 / max(1, UIScreen.mainScale), height: 36))
                line.backgroundColor = UIColor(white: 1, alpha: 0.25)
                addSubview(line)
            }
            let button = UIControl()
            let label = UILabel()
            label.text = element.title
            label.font = .systemFont(ofSize: 15)
            label.textColor = element.menuAttributes.contains(.disabled) ? UIColor(white: 1, alpha: 0.4) : .white
            let w = ceil(label.intrinsicContentSize.width) + 24
            label.frame = CGRect(x: 12, y: 0, width: w - 24, height: 36)
            button.frame = CGRect(x: x, y: 0, width: w, height: 36)
            button.addSubview(label)
            button.isAccessibilityElement = true
            button.accessibilityLabel = element.title
            button.accessibilityTraits = .button
            if !element.menuAttributes.contains(.disabled) {
                button.addAction(UIAction { _ in choose(element) }, for: .touchUpInside)
            }
            addSubview(button)
            x += w
        }
        bounds.size = CGSize(width: x, height: elements.isEmpty ? 0 : 36)
    }

    required init?(coder: NSCoder) { return nil }
}
