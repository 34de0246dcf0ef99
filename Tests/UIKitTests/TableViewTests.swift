import Foundation
import Testing
import UIKit

/// UITableView: rows from the data source, reuse while scrolling, selection, sections and the
/// standard cell styles.
@MainActor
@Suite("Table views") struct TableViewTests {
    final class Cell: UITableViewCell {
        var setUpByOwnInit = false
        override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
            setUpByOwnInit = true
        }
        required init?(coder: NSCoder) { fatalError("not used") }
    }

    final class Source: NSObject, UITableViewDataSource, UITableViewDelegate {
        var rows = [30, 5]
        var asked: [IndexPath] = []
        var selectedRows: [IndexPath] = []
        func numberOfSections(in tableView: UITableView) -> Int { rows.count }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows[section] }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            asked.append(indexPath)
            let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
            cell.textLabel?.text = "\(indexPath.section).\(indexPath.row)"
            cell.detailTextLabel?.text = "detail"
            return cell
        }
        func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "Section \(section)" }
        func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { indexPath.section == 1 ? 60 : 44 }
        func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { selectedRows.append(indexPath) }
    }

    func table() -> (UIWindow, UITableView, Source) {
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
        let t = UITableView(frame: w.bounds, style: .plain)
        let s = Source()
        t.register(Cell.self, forCellReuseIdentifier: "cell")
        t.dataSource = s
        t.delegate = s
        w.addSubview(t)
        w.makeKeyAndVisible()
        w.layoutIfNeeded()
        return (w, t, s)
    }

    @Test func rowsAreAskedForOnScreenOnlyAndReused() {
        let (w, t, s) = table()
        #expect(t.numberOfSections == 2 && t.numberOfRows(inSection: 0) == 30 && t.numberOfRows(inSection: 1) == 5)
        // 28 of header + 44-point rows in 400 points: rows 0...8 of section 0.
        #expect(s.asked.count == 9 && t.visibleCells.count == 9)
        let height: CGFloat = 28 + 30 * 44 + 28 + 5 * 60
        #expect(t.contentSize.height == height)
        let cell = t.cellForRow(at: IndexPath(row: 2, section: 0)) as? Cell
        #expect(cell?.setUpByOwnInit == true && cell?.textLabel?.text == "0.2" && cell?.style == .subtitle)
        let rowY: CGFloat = 28 + 88
        #expect(t.rectForRow(at: IndexPath(row: 2, section: 0)) == CGRect(x: 0, y: rowY, width: 320, height: 44))
        #expect(t.indexPathForRow(at: CGPoint(x: 10, y: rowY + 10)) == IndexPath(row: 2, section: 0))
        // Scrolling to the end makes a handful more cells, not one per row.
        var cells = Set(t.visibleCells.map(ObjectIdentifier.init))
        for y in stride(from: 0, through: Int(t.contentSize.height - 400), by: 40) {
            t.contentOffset = CGPoint(x: 0, y: CGFloat(y))
            w.layoutIfNeeded()
            cells.formUnion(t.visibleCells.map(ObjectIdentifier.init))
        }
        #expect(s.asked.count > 30)
        #expect(cells.count <= 13, "\(cells.count) cells made for 35 rows")
        #expect(t.visibleCells.allSatisfy { $0.superview === t })
        #expect(t.indexPathsForVisibleRows?.last == IndexPath(row: 4, section: 1))
    }

    @Test func tapsSelectRowsAndTellTheDelegate() {
        let (w, t, s) = table()
        w.tap(at: CGPoint(x: 100, y: 28 + 44 + 20))
        #expect(s.selectedRows == [IndexPath(row: 1, section: 0)])
        #expect(t.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        #expect(t.cellForRow(at: IndexPath(row: 1, section: 0))?.isSelected == true)
        w.tap(at: CGPoint(x: 100, y: 28 + 88 + 20))
        #expect(t.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        #expect(t.cellForRow(at: IndexPath(row: 1, section: 0))?.isSelected == false)
        // A drag is a scroll, not a selection.
        let f = w.touchDown(at: CGPoint(x: 100, y: 300))!
        w.touchMove(f, to: CGPoint(x: 100, y: 200))
        w.touchUp(f)
        #expect(s.selectedRows.count == 2 && t.contentOffset.y == 100)
        t.deselectRow(at: IndexPath(row: 2, section: 0), animated: false)
        #expect(t.indexPathForSelectedRow == nil)
    }

    @Test func scrollToRowAndReload() {
        let (w, t, s) = table()
        t.scrollToRow(at: IndexPath(row: 10, section: 0), at: .top, animated: false)
        w.layoutIfNeeded()
        #expect(abs(t.contentOffset.y - 468) < 1e-6, "\(t.contentOffset.y)")
        #expect(t.indexPathsForVisibleRows?.first == IndexPath(row: 10, section: 0))
        // Near the end the offset stops at the last possible one.
        t.scrollToRow(at: IndexPath(row: 0, section: 1), at: .top, animated: false)
        let end: CGFloat = 28 + 30 * 44 + 28 + 5 * 60 - 400
        #expect(t.contentOffset.y == end)
        s.rows = [3]
        t.reloadData()
        w.layoutIfNeeded()
        let height: CGFloat = 28 + 3 * 44
        #expect(t.numberOfSections == 1 && t.contentSize.height == height)
    }

    @Test func standardStylesLayOutLikeIOS() {
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
        func cell(_ style: UITableViewCell.CellStyle) -> UITableViewCell {
            let c = UITableViewCell(style: style, reuseIdentifier: nil)
            c.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
            c.textLabel?.text = "Title"
            c.detailTextLabel?.text = "Detail"
            w.addSubview(c)
            c.layoutIfNeeded()
            return c
        }
        let plain = cell(.default)
        #expect(plain.detailTextLabel == nil && plain.textLabel?.frame.minX == 16)
        let value1 = cell(.value1)
        #expect(value1.detailTextLabel!.frame.maxX == 304 && value1.detailTextLabel!.textAlignment == .right)
        let subtitle = cell(.subtitle)
        #expect(subtitle.detailTextLabel!.frame.minY >= subtitle.textLabel!.frame.maxY)
        let accessory = cell(.default)
        accessory.accessoryType = .disclosureIndicator
        accessory.layoutIfNeeded()
        #expect(accessory.contentView.frame.width < 320 - 16)
    }

    @Test func aTableViewControllerIsItsTablesSourceAndDelegate() {
        final class Controller: UITableViewController {
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let c = tableView.dequeueReusableCell(withIdentifier: "c") ?? UITableViewCell(style: .default, reuseIdentifier: "c")
                c.textLabel?.text = "\(indexPath.row)"
                return c
            }
        }
        let c = Controller()
        #expect(c.tableView.dataSource === c && c.tableView.delegate === c && c.tableView.style == .plain)
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 300))
        w.rootViewController = c
        w.makeKeyAndVisible()
        w.layoutIfNeeded()
        #expect(c.tableView.visibleCells.map { $0.textLabel?.text } == ["0", "1", "2"])
        #expect(UITableViewController(style: .grouped).tableView.style == .grouped)
    }

    /// A window moved to a screen of another scale (3x to a 1x display): image views keep their
    /// images' scale (an image drawn at 3x stays its size in points), drawing views redraw at the
    /// new scale, and hairlines are laid out again one new pixel thick.
    @Test func aScreenScaleChangeKeepsImagesAndRedoesHairlines() {
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        w.screen = UIScreen(size: CGSize(width: 300, height: 100), scale: 3)
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.frame = CGRect(x: 0, y: 0, width: 300, height: 44)
        cell.textLabel?.text = "Row"
        cell.accessoryType = .disclosureIndicator
        w.addSubview(cell)
        w.makeKeyAndVisible()
        _ = w.render()
        let chevron = cell.subviews.compactMap { $0 as? UIImageView }.first!
        let imageScale = chevron.image!.scale
        #expect(chevron.layer.contentsScale == imageScale)
        let hairlines = { cell.subviews.filter { $0.frame.height < 1.01 && $0.frame.minY > 40 } }
        #expect(hairlines().first?.frame.height == 1.0 / 3)
        w.screen = UIScreen(size: CGSize(width: 300, height: 100), scale: 1)
        _ = w.render()
        #expect(chevron.layer.contentsScale == imageScale)     // not the screen's 1
        #expect(cell.textLabel!.layer.contentsScale == 1)
        #expect(hairlines().first?.frame.height == 1)
    }

    /// Odd heights and counts are clamped with a diagnostic, never trap or hang.
    @Test func oddHeightsAndCountsAreClamped() {
        final class Odd: NSObject, UITableViewDataSource, UITableViewDelegate {
            func numberOfSections(in tableView: UITableView) -> Int { 2 }
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { section == 0 ? -3 : Int.max }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                UITableViewCell(style: .default, reuseIdentifier: nil)
            }
            func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
                [CGFloat.nan, -5, 1e30, .infinity][indexPath.row % 4]
            }
        }
        let odd = Odd()
        let t = UITableView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), style: .plain)
        t.dataSource = odd
        t.delegate = odd
        let (_, reports) = LaminaDiagnostics.collecting {
            t.layoutIfNeeded()
        }
        #expect(t.numberOfRows(inSection: 0) == 0 && t.numberOfRows(inSection: 1) == 1_000_000)
        #expect(t.rectForRow(at: IndexPath(row: 0, section: 1)).height == 0)       // NaN
        #expect(t.rectForRow(at: IndexPath(row: 2, section: 1)).height == 100_000)  // 1e30
        #expect(reports.contains { $0.contains("-3 rows") } && reports.contains { $0.contains("rows in section 1") })
        #expect(reports.filter { $0.contains("heights not in") }.count == 1, "\(reports.count) reports")
        #expect(t.contentSize.height.isFinite)
    }
}
