import Foundation
import UIKit

extension Gallery {
    static let tables = GalleryEntry(
        "uikit-tables", section: .layers, title: "Table views: plain, grouped and inset grouped",
        caption: "Three UITableViews fed by one data source: a plain table with section titles and the empty rows' "
            + "separators below the last row, a grouped table and an inset-grouped one in dark mode, with the four "
            + "cell styles (default, value1, value2, subtitle), accessories (disclosure, checkmark, info) and symbol "
            + "images. At 0.4 s a row is selected.",
        size: CGSize(width: 780, height: 380), output: .animation(duration: 1.0)
    ) { stage in
        let window = stage.window
        window.backgroundColor = .systemGray4
        // gallery:begin uikit-tables
        final class Settings: NSObject, UITableViewDataSource, UITableViewDelegate {
            let sections = [("Connectivity", ["Wi-Fi", "Bluetooth", "Cellular"]), ("Display", ["Brightness", "Text Size"])]
            func numberOfSections(in tableView: UITableView) -> Int { sections.count }
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].1.count }
            func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { sections[section].0 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let styles: [UITableViewCell.CellStyle] = [.default, .value1, .subtitle, .value2, .default]
                let row = indexPath.section * 3 + indexPath.row
                let cell = UITableViewCell(style: styles[row], reuseIdentifier: nil)
                cell.textLabel?.text = row == 3 ? "level" : sections[indexPath.section].1[indexPath.row]
                cell.detailTextLabel?.text = ["", "On", "Connected", "Brightness 50%", ""][row]
                cell.imageView?.image = UIImage(systemName: ["wifi", "bolt.fill", "antenna.radiowaves.left.and.right", "sun.max", "textformat"][row])
                cell.accessoryType = [.disclosureIndicator, .disclosureIndicator, .checkmark, .none, .detailButton][row]
                return cell
            }
        }
        let settings = Settings()
        stage.keepAlive(settings)
        let styles: [UITableView.Style] = [.plain, .grouped, .insetGrouped]
        for (i, style) in styles.enumerated() {
            let table = UITableView(frame: CGRect(x: 10 + CGFloat(i) * 255, y: 10, width: 245, height: 360), style: style)
            table.overrideUserInterfaceStyle = i == 2 ? .dark : .light
            table.layer.cornerRadius = 14
            table.dataSource = settings
            table.delegate = settings
            window.addSubview(table)
            if i == 0 {
                stage.at(0.4) { table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none) }
            }
        }
        // gallery:end
    }
}
