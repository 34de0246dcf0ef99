// A small UIKit application running in a window on Linux: a table that scrolls with the pointer
// (drag or wheel) or a touch screen, a switch, a button that adds a row, a progress bar driven by
// a display link, and a spring animation a tap on a row starts.
//
//     swift run lamina-example              # needs a display (a desktop session, or xvfb-run)
//     swift run lamina-example --seconds 5  # closes itself after 5 s
//
// The code is ordinary iOS UIKit; only the last line differs (see UIApplicationMain's
// documentation: Linux cannot make the delegate from its class name).
import Foundation
import UIKit

final class ListViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    private let tableView = UITableView(frame: .zero, style: .plain)
    private let header = UILabel()
    private let spinner = UIActivityIndicatorView(style: .medium)
    private let toggle = UISwitch()
    private let addButton = UIButton(type: .system)
    private let progress = UIProgressView(progressViewStyle: .default)
    private var items = (1...24).map { "Row \($0)" }
    /// Rows tapped an odd number of times (kept in the model: cells are reused).
    private var marked: Set<Int> = []
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
        addButton.addAction(UIAction { [unowned self] _ in addRow() }, for: .touchUpInside)
        view.addSubview(addButton)

        // A display link drives the progress bar, once per frame of the screen.
        view.addSubview(progress)
        let link = CADisplayLink(target: self) { me, link in me.tick(link) }
        link.add(to: .main, forMode: .common)
        self.link = link

        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        tableView.dataSource = self
        tableView.delegate = self
        tableView.layer.cornerRadius = 12
        view.addSubview(tableView)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let b = view.bounds.inset(by: UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16))
        header.frame = CGRect(x: b.minX, y: b.minY, width: b.width - 120, height: 32)
        toggle.frame.origin = CGPoint(x: b.maxX - toggle.bounds.width, y: b.minY)
        spinner.center = CGPoint(x: toggle.frame.minX - 24, y: toggle.frame.midY)
        addButton.frame = CGRect(x: b.minX, y: b.minY + 40, width: 100, height: 32)
        progress.frame = CGRect(x: b.minX + 120, y: b.minY + 54, width: b.width - 120, height: 4)
        tableView.frame = CGRect(x: b.minX, y: b.minY + 80, width: b.width, height: b.height - 80)
    }

    // MARK: The list

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "\(items[indexPath.row]) — tap me"
        cell.textLabel?.textColor = marked.contains(indexPath.row) ? .systemOrange : .label
        cell.textLabel?.transform = marked.contains(indexPath.row) ? CGAffineTransform(scaleX: 1.15, y: 1.15) : .identity
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        guard let cell = tableView.cellForRow(at: indexPath), let label = cell.textLabel else { return }
        let on = !marked.contains(indexPath.row)
        if on { marked.insert(indexPath.row) } else { marked.remove(indexPath.row) }
        // A spring on the tapped row's text, then the selection fades.
        UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: []) {
            label.transform = on ? CGAffineTransform(scaleX: 1.15, y: 1.15) : .identity
            label.textColor = on ? .systemOrange : .label
        }
        tableView.deselectRow(at: indexPath, animated: true)
    }

    private func addRow() {
        items.append("Row \(items.count + 1)")
        tableView.reloadData()
        tableView.scrollToRow(at: IndexPath(row: items.count - 1, section: 0), at: .bottom, animated: true)
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
}

/// A second, small window (`--second-window`): a counter that a button increments.
final class CounterViewController: UIViewController {
    private let label = UILabel()
    private var count = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .secondarySystemBackground
        label.text = "Taps: 0"
        label.textAlignment = .center
        view.addSubview(label)
        var tap = UIButton.Configuration.filled()
        tap.title = "Tap"
        let button = UIButton(configuration: tap)
        button.addAction(UIAction { [unowned self] _ in
            count += 1
            label.text = "Taps: \(count)"
        }, for: .touchUpInside)
        button.frame = CGRect(x: 60, y: 90, width: 120, height: 44)
        view.addSubview(button)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        label.frame = CGRect(x: 0, y: 30, width: view.bounds.width, height: 30)
    }
}

final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var counterWindow: UIWindow?

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
        // `--second-window`: another window beside the first (each UIWindow made key and
        // visible gets a window of its own on the desktop).
        if args.contains("--second-window") {
            let counter = UIWindow(frame: CGRect(x: 0, y: 0, width: 240, height: 160))
            counter.rootViewController = CounterViewController()
            counter.makeKeyAndVisible()
            counterWindow = counter
            print("windows on screen: \(application.windows.filter(\.isOnScreen).count)")
        }
        return true
    }
}

exit(UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, AppDelegate()))
