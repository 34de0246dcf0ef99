import UIKit

/// The five screens `lamina-bench snapshot` measures, written as an iOS app writes them: a
/// settings list, a feed of text and images, a form, a detail page with a large title, an alert
/// over a sheet. `scripts/bench-snapshot-suite.sh` copies this file into a generated test
/// package, so it uses UIKit alone.
@MainActor enum SnapshotScreens {
    /// Each screen's name and a maker of its root view controller.
    static let all: [(String, @MainActor () -> UIViewController)] = [
        ("settings-list", settings), ("feed", feed), ("form", form), ("large-title-detail", detail),
        ("alert-over-sheet", alertOverSheet),
    ]

    final class SettingsController: UITableViewController {
        let sections = [["Wi-Fi", "Bluetooth", "Mobile Data", "Personal Hotspot"],
                        ["Notifications", "Sounds & Haptics", "Focus", "Screen Time"],
                        ["General", "Control Centre", "Display & Brightness", "Home Screen", "Accessibility", "Wallpaper"]]
        let symbols = ["wifi", "antenna.radiowaves.left.and.right", "bell.fill", "speaker.wave.2.fill", "moon.fill",
                       "clock", "gear", "slider.horizontal.3", "sun.max.fill", "square.grid.2x2", "figure.walk", "photo"]
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Settings"
            navigationController?.navigationBar.prefersLargeTitles = true
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        }
        override func numberOfSections(in tableView: UITableView) -> Int { sections.count }
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
            var c = cell.defaultContentConfiguration()
            c.text = sections[indexPath.section][indexPath.row]
            c.secondaryText = indexPath.row == 0 ? "On" : nil
            c.image = UIImage(systemName: symbols[(indexPath.section * 4 + indexPath.row) % symbols.count])
            cell.contentConfiguration = c
            cell.accessoryType = .disclosureIndicator
            return cell
        }
    }

    static func settings() -> UIViewController {
        UINavigationController(rootViewController: SettingsController(style: .insetGrouped))
    }

    /// A gradient picture, made once (a feed's photos).
    static let photo: UIImage = {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        return UIGraphicsImageRenderer(size: CGSize(width: 350, height: 180), format: format).image { ctx in
            let colors = [UIColor.systemTeal.cgColor, UIColor.systemIndigo.cgColor] as CFArray
            let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors, locations: [0, 1])!
            ctx.cgContext.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 350, y: 180), options: [])
        }
    }()

    /// A vertical stack in a scroll view filling `view`: the content guide sizes the content, the
    /// frame guide the width.
    static func scrollingStack(in view: UIView, top: CGFloat, side: CGFloat, spacing: CGFloat) -> UIStackView {
        let scroll = UIScrollView()
        scroll.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(scroll)
        let stack = UIStackView()
        stack.axis = .vertical
        stack.spacing = spacing
        stack.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(stack)
        NSLayoutConstraint.activate([
            scroll.topAnchor.constraint(equalTo: view.topAnchor), scroll.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            scroll.leadingAnchor.constraint(equalTo: view.leadingAnchor), scroll.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            stack.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor, constant: top),
            stack.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor),
            stack.leadingAnchor.constraint(equalTo: scroll.frameLayoutGuide.leadingAnchor, constant: side),
            stack.trailingAnchor.constraint(equalTo: scroll.frameLayoutGuide.trailingAnchor, constant: -side),
        ])
        return stack
    }

    static func feed() -> UIViewController {
        let vc = UIViewController()
        vc.view.backgroundColor = .systemBackground
        let stack = scrollingStack(in: vc.view, top: 16, side: 20, spacing: 16)
        for i in 0..<6 {
            let image = UIImageView(image: photo)
            image.contentMode = .scaleAspectFill
            image.clipsToBounds = true
            image.layer.cornerRadius = 12
            image.heightAnchor.constraint(equalToConstant: 180).isActive = true
            let title = UILabel()
            title.font = .preferredFont(forTextStyle: .headline)
            title.text = "Story \(i + 1): a day by the sea"
            let body = UILabel()
            body.font = .preferredFont(forTextStyle: .body)
            body.numberOfLines = 3
            body.text = "The morning light came in low over the water, and the boats went out one by one "
                + "while the town was still asleep. By noon the harbour was full again."
            for v in [image, title, body] { stack.addArrangedSubview(v) }
        }
        return vc
    }

    static func form() -> UIViewController {
        let vc = UIViewController()
        vc.view.backgroundColor = .systemGroupedBackground
        let stack = UIStackView()
        stack.axis = .vertical
        stack.spacing = 12
        stack.translatesAutoresizingMaskIntoConstraints = false
        vc.view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: vc.view.safeAreaLayoutGuide.topAnchor, constant: 20),
            stack.leadingAnchor.constraint(equalTo: vc.view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: vc.view.layoutMarginsGuide.trailingAnchor),
        ])
        for (placeholder, text) in [("Name", "Ada Lovelace"), ("Email", ""), ("Phone", "+44 20 7946 0000"), ("City", "")] {
            let field = UITextField()
            field.borderStyle = .roundedRect
            field.placeholder = placeholder
            field.text = text
            stack.addArrangedSubview(field)
        }
        for (label, on) in [("Newsletter", true), ("Reminders", false)] {
            let row = UIStackView()
            row.axis = .horizontal
            let l = UILabel()
            l.text = label
            let s = UISwitch()
            s.isOn = on
            row.addArrangedSubview(l)
            row.addArrangedSubview(s)
            stack.addArrangedSubview(row)
        }
        let segments = UISegmentedControl(items: ["Daily", "Weekly", "Monthly"])
        segments.selectedSegmentIndex = 1
        stack.addArrangedSubview(segments)
        let slider = UISlider()
        slider.value = 0.4
        stack.addArrangedSubview(slider)
        var config = UIButton.Configuration.filled()
        config.title = "Save"
        stack.addArrangedSubview(UIButton(configuration: config))
        return vc
    }

    static func detail() -> UIViewController {
        let vc = UIViewController()
        vc.title = "Lighthouses"
        vc.view.backgroundColor = .systemBackground
        let stack = scrollingStack(in: vc.view, top: 8, side: 16, spacing: 12)
        let header = UIImageView(image: photo)
        header.contentMode = .scaleAspectFill
        header.clipsToBounds = true
        header.heightAnchor.constraint(equalToConstant: 200).isActive = true
        stack.addArrangedSubview(header)
        for i in 0..<5 {
            let p = UILabel()
            p.numberOfLines = 0
            p.font = .preferredFont(forTextStyle: i == 0 ? .title3 : .body)
            p.text = i == 0 ? "Keepers of the coast"
                : "For two centuries the lights along this coast were tended by families who lived at the foot of "
                + "each tower, trimming wicks and winding the clockwork that turned the lens through the night."
            stack.addArrangedSubview(p)
        }
        let nav = UINavigationController(rootViewController: vc)
        nav.navigationBar.prefersLargeTitles = true
        return nav
    }

    static func alertOverSheet() -> UIViewController {
        let root = UIViewController()
        root.view.backgroundColor = .systemBackground
        let sheet = UINavigationController(rootViewController: SettingsController(style: .insetGrouped))
        sheet.modalPresentationStyle = .pageSheet
        let alert = UIAlertController(title: "Delete this item?", message: "It will be removed from all your devices.",
                                      preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Delete", style: .destructive))
        return PresentingRoot(root: root, sheet: sheet, alert: alert)
    }

    /// A root that presents a sheet and an alert over it when it appears, without animation.
    final class PresentingRoot: UIViewController {
        let content: UIViewController, sheet: UIViewController, alert: UIViewController
        init(root: UIViewController, sheet: UIViewController, alert: UIViewController) {
            content = root; self.sheet = sheet; self.alert = alert
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { nil }
        override func viewDidLoad() {
            super.viewDidLoad()
            addChild(content)
            view.addSubview(content.view)
            content.view.frame = view.bounds
            content.didMove(toParent: self)
        }
        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            present(sheet, animated: false)
            sheet.present(alert, animated: false)
        }
    }
}
