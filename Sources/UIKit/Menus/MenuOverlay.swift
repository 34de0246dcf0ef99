import Foundation

/// A menu shown over a window: for a context menu, the window blurred and dimmed behind the
/// lifted preview, the menu below it (above when there is no room); for a button's or bar
/// item's menu, the menu alone next to its source. A tap outside closes it; choosing an element
/// closes it and then runs the element.
final class MenuOverlay: UIView {
    let menuView: MenuView
    private let backdrop: UIView?
    private(set) var preview: UIView?
    var onClose: (() -> Void)?
    /// The overlay shown in each window (read through ``shown(in:)``: a window's identifier is
    /// reused once the window is gone).
    private static var shown: [ObjectIdentifier: MenuOverlay] = [:]

    /// The menu open in `window`, if any. An entry left by a window that no longer exists (its
    /// identifier now another window's) is dropped, not returned.
    static func shown(in window: UIWindow) -> MenuOverlay? {
        let id = ObjectIdentifier(window)
        guard let overlay = shown[id] else { return nil }
        guard overlay.window === window else {
            shown[id] = nil
            return nil
        }
        return overlay
    }

    private init(frame: CGRect, menu: UIMenu, dims: Bool) {
        var chosen: ((UIMenuElement, UIMenu) -> Void)?
        menuView = MenuView(menu: menu) { element, section in chosen?(element, section) }
        backdrop = dims ? UIVisualEffectView(effect: UIBlurEffect(style: .systemUltraThinMaterial)) : nil
        super.init(frame: frame)
        autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if let backdrop {
            backdrop.frame = bounds
            backdrop.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            let dim = UIView(frame: bounds)
            dim.backgroundColor = UIColor(white: 0, alpha: 0.1)
            dim.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            addSubview(backdrop)
            addSubview(dim)
        }
        addSubview(menuView)
        chosen = { [weak self] element, section in self?.chose(element, in: section) }
    }

    required init?(coder: NSCoder) { return nil }

    /// Shows `menu` in `window`: next to `anchor` (window coordinates), with `preview` lifted
    /// over a blurred window when given.
    @discardableResult
    static func show(_ menu: UIMenu, in window: UIWindow, anchor: CGRect, preview: UIView?, dims: Bool,
                     onClose: (() -> Void)? = nil) -> MenuOverlay {
        shown(in: window)?.close(animated: false)
        let overlay = MenuOverlay(frame: window.bounds, menu: menu, dims: dims)
        overlay.onClose = onClose
        if let preview {
            preview.frame = anchor
            preview.layer.cornerRadius = 13
            preview.clipsToBounds = true
            overlay.insertSubview(preview, belowSubview: overlay.menuView)
            overlay.preview = preview
        }
        overlay.place(below: anchor)
        window.run {
            UIView.performWithoutAnimation { window.addSubview(overlay) }
            overlay.alpha = 0
            UIView.animate(withDuration: 0.25) { overlay.alpha = 1 }
            CATransaction.flush()
        }
        shown[ObjectIdentifier(window)] = overlay
        return overlay
    }

    /// Puts the menu under `anchor` (above it when it does not fit below), aligned with its
    /// leading edge, 16 points from the screen's edges.
    private func place(below anchor: CGRect) {
        let size = menuView.bounds.size
        let safe = bounds.inset(by: UIEdgeInsets(top: max(safeAreaInsets.top, 16), left: 16,
                                                 bottom: max(safeAreaInsets.bottom, 16), right: 16))
        var y = anchor.maxY + 8
        if y + size.height > safe.maxY, anchor.minY - 8 - size.height >= safe.minY { y = anchor.minY - 8 - size.height }
        y = min(max(y, safe.minY), max(safe.minY, safe.maxY - size.height))
        let x = min(max(anchor.minX, safe.minX), max(safe.minX, safe.maxX - size.width))
        menuView.frame = CGRect(x: x, y: y, width: size.width, height: size.height)
    }

    private func chose(_ element: UIMenuElement, in section: UIMenu) {
        if section.options.contains(.singleSelection), let action = element as? UIAction {
            for case let other as UIAction in section.children { other.state = other === action ? .on : .off }
        }
        if element.menuAttributes.contains(.keepsMenuPresented) {
            run(element)
            return
        }
        close(animated: true)
        run(element)
    }

    private func run(_ element: UIMenuElement) {
        if let action = element as? UIAction { action.perform(sender: nil) }
        else if let command = element as? UICommand { command.send(from: nil) }
    }

    /// Closes the menu.
    func close(animated: Bool) {
        guard let window else { return }
        MenuOverlay.shown[ObjectIdentifier(window)] = nil
        if animated {
            window.run {
                UIView.animate(withDuration: 0.2, animations: { self.alpha = 0 }, completion: { _ in self.removeFromSuperview() })
            }
        } else {
            removeFromSuperview()
        }
        onClose?()
        onClose = nil
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesEnded(touches, with: event)
        close(animated: true)
    }
}
