import Foundation
import UIKit

extension Gallery {
    static let presentation = GalleryEntry(
        "uikit-presentation", section: .layers, title: "Alerts, sheets and menus",
        caption: "Three phones, each its own window drawn as iOS 17 draws it: an alert (UIAlertController, a "
            + "destructive and a cancel action side by side) over a page sheet with a grabber over a settings list, "
            + "whose screen is pushed back behind the sheet; an action sheet with its cancel group apart; and a "
            + "context menu opened by a long press on a table row, the row lifted over the blurred screen, with "
            + "images, an inline section with a check mark and a destructive item.",
        size: CGSize(width: 980, height: 690), output: .still(at: 0)
    ) { stage in
        stage.window.backgroundColor = .systemGray5
        // gallery:begin uikit-presentation
        final class Settings: UITableViewController {
            let rows = ["Wi-Fi", "Bluetooth", "Notifications", "Sounds", "Focus", "Screen Time", "General", "Display"]
            override func viewDidLoad() {
                super.viewDidLoad()
                title = "Settings"
                tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
            }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
                cell.textLabel?.text = rows[indexPath.row]
                cell.accessoryType = .disclosureIndicator
                return cell
            }
            override func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
                                    point: CGPoint) -> UIContextMenuConfiguration? {
                UIContextMenuConfiguration(previewProvider: nil) { _ in
                    UIMenu(children: [
                        UIAction(title: "Copy", image: UIImage(systemName: "doc.on.doc")) { _ in },
                        UIAction(title: "Share", image: UIImage(systemName: "square.and.arrow.up")) { _ in },
                        UIMenu(options: .displayInline, children: [
                            UIAction(title: "Pinned", state: .on) { _ in },
                            UIAction(title: "Favourite") { _ in },
                        ]),
                        UIAction(title: "Delete", image: UIImage(systemName: "trash"), attributes: .destructive) { _ in },
                    ])
                }
            }
        }
        /// A phone's window showing a navigation controller over the settings list.
        @MainActor func phone() -> (UIWindow, UINavigationController, Settings) {
            let list = Settings(style: .insetGrouped)
            let nav = UINavigationController(rootViewController: list)
            let w = stage.phoneWindow(nav)
            return (w, nav, list)
        }

        // An alert over a page sheet.
        let (first, nav1, _) = phone()
        let sheet = UIViewController()
        sheet.view.backgroundColor = .systemBackground
        let heading = UILabel(frame: CGRect(x: 20, y: 28, width: 260, height: 34))
        heading.text = "Edit Profile"
        heading.font = .systemFont(ofSize: 28, weight: .bold)
        sheet.view.addSubview(heading)
        sheet.sheetPresentationController?.prefersGrabberVisible = true
        nav1.present(sheet, animated: false)
        let alert = UIAlertController(title: "Discard changes?", message: "Your edits to this profile will be lost.",
                                      preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Keep Editing", style: .cancel))
        alert.addAction(UIAlertAction(title: "Discard", style: .destructive))
        sheet.present(alert, animated: false)

        // An action sheet.
        let (second, nav2, _) = phone()
        let share = UIAlertController(title: "Share Settings", message: "Choose how to send them", preferredStyle: .actionSheet)
        share.addAction(UIAlertAction(title: "Messages", style: .default))
        share.addAction(UIAlertAction(title: "Mail", style: .default))
        share.addAction(UIAlertAction(title: "Reset", style: .destructive))
        share.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        nav2.present(share, animated: false)

        // A long press on a row: its context menu.
        let (third, _, list3) = phone()
        let row = list3.tableView.rectForRow(at: IndexPath(row: 2, section: 0))
        let point = list3.tableView.convert(CGPoint(x: row.midX, y: row.midY), to: third)
        third.advance(to: 0)
        if let touch = third.touchDown(at: point) {
            third.advance(to: 0.6)
            third.touchUp(touch)
        }
        third.advance(to: 1)
        // gallery:end
        stage.showPhones([first, second, third], at: 1)
    }

    static let navigationPush = GalleryEntry(
        "uikit-navigation-push", section: .motion, title: "A navigation push",
        caption: "UINavigationController.pushViewController(_:animated: true): the incoming list slides in from the "
            + "right over the outgoing one, which moves a third of the width left under a dimming view, the incoming "
            + "view casting a shadow on it; the bar's titles cross-fade (0.35 s, ease in and out). Then it pops back.",
        size: CGSize(width: 320, height: 600), output: .animation(duration: 1.3)
    ) { stage in
        let window = stage.window
        // gallery:begin uikit-navigation-push
        final class Numbers: UITableViewController {
            let name: String
            init(_ name: String) { self.name = name; super.init(style: .plain) }
            required init?(coder: NSCoder) { nil }
            override func viewDidLoad() {
                super.viewDidLoad()
                title = name
                tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
            }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 20 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
                cell.textLabel?.text = "\(name) \(indexPath.row + 1)"
                return cell
            }
        }
        let nav = UINavigationController(rootViewController: Numbers("Inbox"))
        window.rootViewController = nav
        window.makeKeyAndVisible()
        stage.at(0.45) { nav.pushViewController(Numbers("Message"), animated: true) }
        stage.at(0.9) { nav.popViewController(animated: true) }
        // gallery:end
        stage.keepAlive(nav)
    }
}
