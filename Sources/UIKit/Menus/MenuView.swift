import Foundation

/// A menu drawn as iOS 17 draws context and button menus: 250 points wide on a material with
/// 13-point corners; rows of 44 points with a 17-point title, the image at the trailing side,
/// a check mark at the leading side in sections that have one, destructive titles in red,
/// disabled ones grey, submenus with a chevron; inline submenus in sections of their own, set
/// apart by an 8-point band; the menu's title as a grey header.
final class MenuView: UIView {
    static let width: CGFloat = 250
    private let background = UIVisualEffectView(effect: UIBlurEffect(style: .systemThickMaterial))
    /// The menu shown (a submenu once one was opened).
    private(set) var menu: UIMenu
    /// Called when an element is chosen.
    let choose: (UIMenuElement, UIMenu) -> Void
    /// The rows, for tests and hit testing.
    private(set) var rows: [MenuRow] = []

    init(menu: UIMenu, choose: @escaping (UIMenuElement, UIMenu) -> Void) {
        self.menu = menu
        self.choose = choose
        super.init(frame: .zero)
        background.clipsToBounds = true
        background.layer.cornerRadius = 13
        addSubview(background)
        layer.shadowOpacity = 0.12
        layer.shadowRadius = 20
        layer.shadowOffset = .zero
        build()
    }

    required init?(coder: NSCoder) { return nil }

    /// Shows `submenu` in place of the menu.
    func show(_ submenu: UIMenu) {
        // It grows or shrinks from its top left corner, where it was placed.
        let origin = frame.origin
        menu = submenu
        build()
        frame.origin = origin
    }

    /// Sections: runs of plain elements, and each inline submenu's children; hidden elements
    /// and empty sections left out; deferred elements resolved (a "Loading…" row while they
    /// have not answered).
    private func sections() -> [(menu: UIMenu, elements: [UIMenuElement])] {
        var out: [(UIMenu, [UIMenuElement])] = []
        var run: [UIMenuElement] = []
        func expand(_ e: UIMenuElement) -> [UIMenuElement] {
            guard let d = e as? UIDeferredMenuElement else { return [e] }
            let els = d.resolve { [weak self] in self?.build() }
            return els.isEmpty ? [UIAction(title: "Loading…", attributes: .disabled) { _ in }] : els
        }
        for child in menu.children.flatMap(expand) {
            if child.menuAttributes.contains(.hidden) { continue }
            if let sub = child as? UIMenu, sub.options.contains(.displayInline) {
                if !run.isEmpty { out.append((menu, run)); run = [] }
                let kids = sub.children.flatMap(expand).filter { !$0.menuAttributes.contains(.hidden) }
                if !kids.isEmpty { out.append((sub, kids)) }
            } else {
                run.append(child)
            }
        }
        if !run.isEmpty { out.append((menu, run)) }
        return out
    }

    private func build() {
        for v in background.contentView.subviews { v.removeFromSuperview() }
        rows = []
        let pixel = 1 / max(1, UIScreen.mainScale)
        var y: CGFloat = 0
        if !menu.title.isEmpty {
            let header = UILabel(frame: CGRect(x: 16, y: 0, width: Self.width - 32, height: 36))
            header.text = menu.title
            header.font = .systemFont(ofSize: 13)
            header.textColor = .secondaryLabel
            header.textAlignment = .center
            background.contentView.addSubview(header)
            y = 36
        }
        // Lamina's menus do not scroll: rows stop at the screen's height.
        let limit = max(200, UIScreen.main.bounds.height - 80)
        var shown = 0, total = 0
        defer {
            if shown < total {
                LaminaDiagnostics.report("UIMenu \"\(menu.title)\": \(total) elements; Lamina shows the first \(shown), as many as fit on the screen (its menus do not scroll)")
            }
        }
        for (index, section) in sections().enumerated() {
            total += section.elements.count
            if y >= limit { continue }
            if index > 0 || y > 0 {
                let band = UIView(frame: CGRect(x: 0, y: y, width: Self.width, height: index > 0 ? 8 : pixel))
                band.backgroundColor = index > 0 ? UIColor(white: 0, alpha: 0.08) : .separator
                background.contentView.addSubview(band)
                y += band.frame.height
            }
            let checks = section.elements.contains { $0.menuState != .off }
            for (i, element) in section.elements.enumerated() {
                if y >= limit { break }
                shown += 1
                if i > 0 {
                    let line = UIView(frame: CGRect(x: 0, y: y, width: Self.width, height: pixel))
                    line.backgroundColor = .separator
                    background.contentView.addSubview(line)
                    y += pixel
                }
                let row = MenuRow(element: element, section: section.menu, leadingChecks: checks)
                let h: CGFloat = element.subtitle == nil ? 44 : 58
                row.frame = CGRect(x: 0, y: y, width: Self.width, height: h)
                row.addAction(UIAction { [unowned self, unowned row] _ in
                    guard !row.element.menuAttributes.contains(.disabled) else { return }
                    if let sub = row.element as? UIMenu { show(sub) } else { choose(row.element, row.section) }
                }, for: .touchUpInside)
                background.contentView.addSubview(row)
                rows.append(row)
                y += h
            }
        }
        bounds.size = CGSize(width: Self.width, height: y)
        background.frame = bounds
        layer.shadowPath = CGPath(roundedRect: bounds, cornerWidth: 13, cornerHeight: 13, transform: nil)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        background.frame = bounds
    }
}

/// One element's row in a menu: the title (and subtitle) after the check mark's column when
/// the section has one, the image or a submenu's chevron at the trailing side, laid out in the
/// row's bounds (a menu's 250 points, or a share sheet's list).
final class MenuRow: PressableRow {
    let element: UIMenuElement
    let section: UIMenu
    let titleLabel = UILabel()
    private let subtitleLabel: UILabel?
    private let mark: UIImageView?
    private let icon: UIImageView?
    private let leading: CGFloat

    init(element: UIMenuElement, section: UIMenu, leadingChecks: Bool) {
        self.element = element
        self.section = section
        leading = leadingChecks ? 44 : 16
        let attributes = element.menuAttributes
        let destructive = attributes.contains(.destructive) || (element as? UIMenu)?.options.contains(.destructive) == true
        let color: UIColor = attributes.contains(.disabled) ? .tertiaryLabel : destructive ? .systemRed : .label
        subtitleLabel = element.subtitle.map { text in
            let sub = UILabel()
            sub.text = text
            sub.font = .systemFont(ofSize: 15)
            sub.textColor = .secondaryLabel
            return sub
        }
        func imageView(_ image: UIImage?) -> UIImageView? {
            guard let image else { return nil }
            let v = UIImageView(image: image)
            v.tintColor = color
            v.contentMode = .center
            return v
        }
        mark = element.menuState == .off ? nil : imageView(UIImage(systemName: element.menuState == .on ? "checkmark" : "minus"))
        icon = imageView(element is UIMenu ? UIImage(systemName: "chevron.right") : element.image)
        super.init(frame: .zero)
        titleLabel.text = element.title
        titleLabel.font = .systemFont(ofSize: 17)
        titleLabel.textColor = color
        for v in [titleLabel, subtitleLabel, mark, icon].compactMap({ $0 }) { addSubview(v) }
        isAccessibilityElement = true
        accessibilityLabel = element.title
        accessibilityTraits = attributes.contains(.disabled) ? [.button, .notEnabled] : .button
    }

    required init?(coder: NSCoder) { return nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        let w = bounds.width, h = bounds.height
        // One line centred; with a subtitle, the title 8 points from the top.
        let titleTop = subtitleLabel == nil ? (h - 22) / 2 : 8
        titleLabel.frame = CGRect(x: leading, y: titleTop, width: max(0, w - leading - 52), height: 22)
        subtitleLabel?.frame = CGRect(x: leading, y: titleTop + 23, width: max(0, w - leading - 52), height: 18)
        mark?.frame = CGRect(x: 12, y: 0, width: 24, height: h)
        icon?.frame = CGRect(x: w - 16 - 24, y: 0, width: 24, height: h)
    }
}

/// A row of a menu, an alert or a share sheet: grey while touched.
class PressableRow: UIControl {
    override var isHighlighted: Bool {
        didSet { backgroundColor = isHighlighted ? UIColor(white: 0.5, alpha: 0.2) : nil }
    }
}
