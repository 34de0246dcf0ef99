// A small UIKit application running in a window on Linux: a list that scrolls with the pointer
// (drag or wheel) or a touch screen, a switch, a button, and an animation a tap starts.
//
//     swift run lamina-example              # needs a display (a desktop session, or xvfb-run)
//     swift run lamina-example --seconds 5  # closes itself after 5 s
//
// The code is ordinary iOS UIKit; only the last line differs (see UIApplicationMain's
// documentation: Linux cannot make the delegate from its class name).
import Foundation
import UIKit

final class ListViewController: UIViewController {
    private let scrollView = UIScrollView()
    private let header = UILabel()
    private let spinner = UIActivityIndicatorView(style: .medium)
    private let toggle = UISwitch()
    private let addButton = UIButton(type: .system)
    private let progress = UIProgressView(progressViewStyle: .default)
    private var rows: [UIView] = []
    private var link: CADisplayLink?
    /// How many frames the display link has seen.
    private(set) var ticks = 0
    /// Quit after this many seconds (`--seconds N`), timed by the display link.
    var quitAfter: Double?
    private var firstTimestamp: CFTimeInterval?

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        header.text = "Lamina on Linux"
        header.font = .preferredFont(forTextStyle: .title2)
        view.addSubview(header)

        toggle.isOn = true
        toggle.addAction(UIAction { [unowned self] _ in
            if toggle.isOn { spinner.startAnimating() } else { spinner.stopAnimating() }
        }, for: .valueChanged)
        view.addSubview(toggle)
        spinner.startAnimating()
        view.addSubview(spinner)

        addButton.setTitle("Add row", for: .normal)
        addButton.addAction(UIAction { [unowned self] _ in addRow(animated: true) }, for: .touchUpInside)
        view.addSubview(addButton)

        // A display link drives the progress bar, once per frame of the screen.
        view.addSubview(progress)
        let link = CADisplayLink(target: self) { me, link in me.tick(link) }
        link.add(to: .main, forMode: .common)
        self.link = link

        scrollView.backgroundColor = .secondarySystemGroupedBackground
        scrollView.layer.cornerRadius = 12
        view.addSubview(scrollView)
        for _ in 0..<24 { addRow(animated: false) }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let b = view.bounds.inset(by: UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16))
        header.frame = CGRect(x: b.minX, y: b.minY, width: b.width - 120, height: 32)
        toggle.frame.origin = CGPoint(x: b.maxX - toggle.bounds.width, y: b.minY)
        spinner.center = CGPoint(x: toggle.frame.minX - 24, y: toggle.frame.midY)
        addButton.frame = CGRect(x: b.minX, y: b.minY + 40, width: 100, height: 32)
        progress.frame = CGRect(x: b.minX + 120, y: b.minY + 54, width: b.width - 120, height: 4)
        scrollView.frame = CGRect(x: b.minX, y: b.minY + 80, width: b.width, height: b.height - 80)
        layoutRows()
    }

    private func layoutRows() {
        let w = scrollView.bounds.width
        for (i, row) in rows.enumerated() {
            row.frame = CGRect(x: 0, y: CGFloat(i) * 52, width: w, height: 52)
            row.viewWithTag(1)?.center = CGPoint(x: w - 24, y: 26)
        }
        scrollView.contentSize = CGSize(width: w, height: CGFloat(rows.count) * 52)
    }

    private func addRow(animated: Bool) {
        let row = UIView()
        let label = UILabel(frame: CGRect(x: 16, y: 14, width: 240, height: 24))
        label.text = "Row \(rows.count + 1) — tap me"
        row.addSubview(label)
        let dot = UIView(frame: CGRect(x: 0, y: 0, width: 12, height: 12))
        dot.layer.cornerRadius = 6
        dot.backgroundColor = .systemBlue
        dot.tag = 1
        row.addSubview(dot)
        row.addGestureRecognizer(UITapGestureRecognizer(target: self, action: { me, g in me.tapped(g.view!) }))
        scrollView.addSubview(row)
        rows.append(row)
        layoutRows()
        if animated {
            row.alpha = 0
            UIView.animate(withDuration: 0.3) { row.alpha = 1 }
            scrollView.scrollRectToVisible(row.frame, animated: true)
        }
    }

    private func tick(_ link: CADisplayLink) {
        ticks += 1
        progress.progress = Float(link.timestamp.truncatingRemainder(dividingBy: 3) / 3)
        let start = firstTimestamp ?? link.timestamp
        firstTimestamp = start
        if let quitAfter, link.timestamp - start >= quitAfter {
            print("display link: \(ticks) frames in \(quitAfter) s")
            link.invalidate()
            UIApplication.shared.terminate()
        }
    }

    private func tapped(_ row: UIView) {
        guard let dot = row.viewWithTag(1) else { return }
        UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: []) {
            dot.transform = dot.transform.isIdentity ? CGAffineTransform(scaleX: 2.2, y: 2.2) : .identity
            dot.backgroundColor = dot.transform.isIdentity ? .systemBlue : .systemOrange
        }
    }
}

final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 640))
        let list = ListViewController()
        window.rootViewController = list
        window.makeKeyAndVisible()
        self.window = window
        // `--seconds N` closes the application after N seconds (demos, tests).
        let args = CommandLine.arguments
        if let i = args.firstIndex(of: "--seconds"), i + 1 < args.count, let s = Double(args[i + 1]) {
            list.quitAfter = s
        }
        return true
    }
}

exit(UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, AppDelegate()))
