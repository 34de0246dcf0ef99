import Foundation
import UIKit
import CLaminaRaster

/// `lamina-bench snapshot`: what one snapshot test of a typical iOS screen costs. Five screens
/// at 3x on an iPhone 13 (390 x 844 pt, its safe area): a settings list, a feed of text and
/// images, a form, a detail page with a large title, an alert over a sheet. Each snapshot makes
/// the screen's controllers, puts them in a window, lays out, draws the window, and compares it
/// with the reference as a snapshot test that passes does (the reference PNG, the first
/// snapshot's, decoded, then the pixels compared; a passing test encodes no PNG): median of 15
/// after one warm-up, milliseconds. A `snapshot-cached` line gives the same with the reference
/// known to LaminaSnapshotTesting's reference cache (the new pixels hashed instead of the
/// reference decoded), and a `phases` line the median of each step. A second line per screen gives the PNG encoding a recording
/// (or a failing) snapshot adds. Run it on one core
/// (`taskset -c 0`) for the per-core figure; `swift run lamina-bench snapshot` measures a debug
/// build, as `swift test` builds one. `SNAPSHOT_OUT=DIR` writes each screen's PNG there;
/// `SNAPSHOT_ONLY=NAME` measures one screen.
@MainActor enum SnapshotBenchmark {
    static let screen = CGSize(width: 390, height: 844)
    static let insets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)

    static func run() {
        let screens: [(String, () -> UIViewController)] = [
            ("settings-list", settings), ("feed", feed), ("form", form), ("large-title-detail", detail),
            ("alert-over-sheet", alertOverSheet),
        ]
        let only = ProcessInfo.processInfo.environment["SNAPSHOT_ONLY"]
        for (name, make) in screens where only == nil || only == name {
            var reference: Data?
            var times: [Double] = [], encodings: [Double] = []
            var phases: [[Double]] = [[], [], [], [], []]
            var matched = true
            for round in 0..<16 {
                var image: CGImage?
                var split = [0.0, 0, 0, 0, 0]
                let t = CompositorBenchmark.seconds {
                    var window: UIWindow?
                    split[0] = CompositorBenchmark.seconds { window = host(make()) }
                    split[1] = CompositorBenchmark.seconds { image = draw(window!) }
                    if let reference, let image {
                        var decoded: CGImage?
                        split[2] = CompositorBenchmark.seconds { decoded = try? CGImage.decodePNG(reference) }
                        split[3] = CompositorBenchmark.seconds { matched = matched && same(image, decoded) }
                    }
                }
                // With the reference known to the snapshot cache: the new pixels hashed instead.
                if let image { split[4] = CompositorBenchmark.seconds { _ = pixelHash(image) } }
                var png = Data()
                let e = CompositorBenchmark.seconds { png = image.flatMap { UIImage(cgImage: $0).pngData() } ?? Data() }
                if round == 0 {
                    reference = png
                } else {
                    times.append(t * 1000); encodings.append(e * 1000)
                    for k in 0..<5 { phases[k].append(split[k] * 1000) }
                }
            }
            if let dir = ProcessInfo.processInfo.environment["SNAPSHOT_OUT"], let reference {
                try? reference.write(to: URL(fileURLWithPath: dir).appendingPathComponent("\(name).png"))
            }
            func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
            let cachedTimes = (0..<phases[0].count).map { phases[0][$0] + phases[1][$0] + phases[4][$0] }
            print(String(format: "snapshot %@ median %.1f ms per snapshot", name, median(times)))
            print(String(format: "snapshot-cached %@ median %.1f ms per snapshot", name, median(cachedTimes)))
            print(String(format: "  phases %@: build and lay out %.1f ms, draw %.1f ms, decode the reference %.1f ms, compare %.1f ms, hash (cached reference) %.1f ms",
                         name, median(phases[0]), median(phases[1]), median(phases[2]), median(phases[3]), median(phases[4])))
            print(String(format: "png-encode %@ median %.1f ms (%d bytes)", name, median(encodings), reference?.count ?? 0))
            if !matched { FileHandle.standardError.write(Data("check: \(name) did not match its reference\n".utf8)) }
        }
    }

    /// The screen's controllers in a window of the device's size, laid out, as a snapshot
    /// strategy hosts them.
    @inline(never) static func host(_ root: UIViewController) -> UIWindow {
        let window = UIWindow(screen: UIScreen(size: screen, scale: 3, safeAreaInsets: insets))
        window.rootViewController = root
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        return window
    }

    /// The window drawn, as a snapshot strategy does.
    @inline(never) static func draw(_ window: UIWindow) -> CGImage? {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 3
        let image = UIGraphicsImageRenderer(size: screen, format: format).image { _ in
            _ = window.drawHierarchy(in: CGRect(origin: .zero, size: screen), afterScreenUpdates: true)
        }
        window.isHidden = true
        return image.cgImage
    }

    /// The new image's pixels hashed, as the snapshot strategy checks them against a reference
    /// its cache knows (premultiplied RGBA rows, read in place).
    static func pixelHash(_ image: CGImage) -> UInt64 {
        guard let data = image.dataProvider?.data else { return 0 }
        var out: [UInt64] = [0, 0]
        data.withUnsafeBytes { (src: UnsafeRawBufferPointer) in
            guard let s = src.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            lamina_hash128(s, min(src.count, image.width * image.height * 4), &out)
        }
        return out[0] ^ out[1]
    }

    /// The new image compared byte for byte with the decoded reference, as the snapshot
    /// strategy compares them (both premultiplied RGBA rows).
    static func same(_ image: CGImage, _ reference: CGImage?) -> Bool {
        guard let b = reference, image.width == b.width, image.height == b.height,
              let da = image.dataProvider?.data, let db = b.dataProvider?.data else { return false }
        if image.bitmapInfo == b.bitmapInfo, image.bytesPerRow == b.bytesPerRow { return da == db }
        guard let sa = try? image.straightRGBA8(), let sb = try? b.straightRGBA8() else { return false }
        return sa == sb
    }

    // MARK: Screens

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
