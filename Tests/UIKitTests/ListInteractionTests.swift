import Foundation
import Testing
@_spi(LaminaTesting) import UIKit

/// Swipe actions, table batch updates, outlines, pull to refresh and the small controls lists
/// use, written as iOS code and driven with simulated touches.
@MainActor
@Suite("List interactions and small controls")
struct ListInteractionTests {
    final class Rows: NSObject, UITableViewDataSource, UITableViewDelegate {
        var rows: [String]
        var ran: [String] = []
        var fullSwipe = true
        init(_ rows: [String]) { self.rows = rows }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row") ?? UITableViewCell(style: .default, reuseIdentifier: "row")
            var content = cell.defaultContentConfiguration()
            content.text = rows[indexPath.row]
            cell.contentConfiguration = content
            return cell
        }
        func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
            let delete = UIContextualAction(style: .destructive, title: "Delete") { [unowned self] _, _, done in
                ran.append("delete \(indexPath.row)"); done(true)
            }
            let flag = UIContextualAction(style: .normal, title: "Flag") { [unowned self] _, _, done in
                ran.append("flag \(indexPath.row)"); done(true)
            }
            flag.backgroundColor = .systemOrange
            let c = UISwipeActionsConfiguration(actions: [delete, flag])
            c.performsFirstActionWithFullSwipe = fullSwipe
            return c
        }
    }

    static func tableScreen(_ rows: Rows) -> (UIWindow, UITableView) {
        let vc = UIViewController()
        let table = UITableView(frame: .zero, style: .plain)
        table.dataSource = rows
        table.delegate = rows
        vc.view = table
        let w = PresentationTests.phone(root: vc)
        w.layoutIfNeeded()
        return (w, table)
    }

    @Test func aSwipeRevealsTrailingActionsAndATapRunsOne() throws {
        let rows = Rows(["Mail", "Notes", "Music"])
        let (w, table) = Self.tableScreen(rows)
        let cell = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        let y = table.convert(cell.frame, to: nil).midY
        PresentationTests.drag(w, from: CGPoint(x: 300, y: y), to: CGPoint(x: 160, y: y), start: 1, seconds: 0.4)
        w.advance(to: 2)
        // Two buttons of at least 74 points: the row rests that far to the left.
        #expect(cell.transform.tx <= -148 && cell.transform.tx > -300)
        #expect(rows.ran.isEmpty)
        // A tap on the outer button (Delete, the first) runs it and closes the row.
        w.tap(at: CGPoint(x: 375 - 20, y: y))
        w.advance(to: 3)
        #expect(rows.ran == ["delete 1"])
        #expect(cell.transform == .identity)
        // A tap while closed selects as before.
        w.tap(at: CGPoint(x: 100, y: y))
        #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
    }

    @Test func aFullSwipeRunsTheFirstActionAndAVerticalDragScrolls() throws {
        let rows = Rows((0..<40).map { "Row \($0)" })
        let (w, table) = Self.tableScreen(rows)
        let cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        let y = table.convert(cell.frame, to: nil).midY
        PresentationTests.drag(w, from: CGPoint(x: 360, y: y), to: CGPoint(x: 20, y: y), start: 1, seconds: 0.3)
        w.advance(to: 2)
        #expect(rows.ran == ["delete 0"])
        // A vertical drag scrolls and reveals nothing.
        PresentationTests.drag(w, from: CGPoint(x: 200, y: 500), to: CGPoint(x: 200, y: 300), start: 3, seconds: 0.5)
        w.advance(to: 6)
        #expect(table.contentOffset.y > 0)
        #expect(table.visibleCells.allSatisfy { $0.transform == .identity })
    }

    @Test func listLayoutsTakeSwipeActionsFromTheirConfiguration() throws {
        var ran: [IndexPath] = []
        var list = UICollectionLayoutListConfiguration(appearance: .plain)
        list.leadingSwipeActionsConfigurationProvider = { path in
            UISwipeActionsConfiguration(actions: [UIContextualAction(style: .normal, title: "Pin") { _, _, done in ran.append(path); done(true) }])
        }
        let cv = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: list))
        let registration = UICollectionView.CellRegistration<UICollectionViewListCell, Int> { cell, _, n in
            var c = cell.defaultContentConfiguration()
            c.text = "Item \(n)"
            cell.contentConfiguration = c
        }
        enum S: Hashable, Sendable { case main }
        let ds = UICollectionViewDiffableDataSource<S, Int>(collectionView: cv) { cv, path, n in
            cv.dequeueConfiguredReusableCell(using: registration, for: path, item: n)
        }
        var s = NSDiffableDataSourceSnapshot<S, Int>()
        s.appendSections([.main])
        s.appendItems(Array(0..<10))
        ds.apply(s, animatingDifferences: false)
        let vc = UIViewController()
        vc.view = cv
        let w = PresentationTests.phone(root: vc)
        w.layoutIfNeeded()
        let cell = try #require(cv.cellForItem(at: IndexPath(item: 2, section: 0)))
        let y = cv.convert(cell.frame, to: nil).midY
        // Toward the trailing edge: the leading action shows at the left.
        PresentationTests.drag(w, from: CGPoint(x: 40, y: y), to: CGPoint(x: 160, y: y), start: 1, seconds: 0.4)
        w.advance(to: 2)
        #expect(cell.transform.tx >= 74)
        w.tap(at: CGPoint(x: 20, y: y))
        #expect(ran == [IndexPath(item: 2, section: 0)])
    }

    @Test func tableBatchUpdatesKeepCellsAndDiffableTablesApplyDifferences() throws {
        let rows = Rows(["a", "b", "c", "d"])
        let (w, table) = Self.tableScreen(rows)
        _ = w
        let c = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        rows.rows = ["x", "a", "c", "d"]
        table.performBatchUpdates {
            table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .automatic)
            table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        }
        w.advance(to: 1)
        #expect(table.lastBatchUpdates == ["delete 0.1", "insert 0.0"])
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0)) === c)
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.frame.minY == 88)
        // begin/endUpdates group changes the same way.
        rows.rows = ["x", "a", "c"]
        table.beginUpdates()
        table.deleteRows(at: [IndexPath(row: 3, section: 0)], with: .fade)
        table.endUpdates()
        #expect(table.numberOfRows(inSection: 0) == 3 && table.cellForRow(at: IndexPath(row: 2, section: 0)) === c)

        enum S: Hashable, Sendable { case main }
        let t2 = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 400), style: .insetGrouped)
        t2.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        let ds = UITableViewDiffableDataSource<S, String>(tableView: t2) { t, path, id in
            let cell = t.dequeueReusableCell(withIdentifier: "cell", for: path)
            var content = cell.defaultContentConfiguration()
            content.text = id
            cell.contentConfiguration = content
            return cell
        }
        var s = NSDiffableDataSourceSnapshot<S, String>()
        s.appendSections([.main])
        s.appendItems(["one", "two", "three"])
        ds.apply(s, animatingDifferences: false)
        t2.layoutIfNeeded()
        let three = try #require(t2.cellForRow(at: IndexPath(row: 2, section: 0)))
        s.moveItem("three", beforeItem: "one")
        ds.apply(s)
        t2.layoutIfNeeded()
        #expect(t2.lastBatchUpdates == ["move 0.2->0.0"])
        #expect(t2.cellForRow(at: IndexPath(row: 0, section: 0)) === three)
        #expect(three.contentView.subviews.contains { $0 is UIListContentView })
    }

    @Test func sectionSnapshotsKeepOutlinesAndDisclosuresExpandThem() throws {
        var outline = NSDiffableDataSourceSectionSnapshot<String>()
        outline.append(["Fruit", "Vegetables"])
        outline.append(["Apple", "Pear"], to: "Fruit")
        outline.append(["Carrot"], to: "Vegetables")
        #expect(outline.visibleItems == ["Fruit", "Vegetables"])
        outline.expand(["Fruit"])
        #expect(outline.visibleItems == ["Fruit", "Apple", "Pear", "Vegetables"])
        #expect(outline.level(of: "Pear") == 1 && outline.parent(of: "Pear") == "Fruit")
        #expect(outline.items == ["Fruit", "Apple", "Pear", "Vegetables", "Carrot"])
        #expect(outline.snapshot(of: "Fruit").items == ["Apple", "Pear"])
        #expect(outline.visualDescription() == "- Fruit\n  * Apple\n  * Pear\n+ Vegetables\n  * Carrot")
        var copy = outline
        copy.delete(["Fruit"])
        #expect(copy.items == ["Vegetables", "Carrot"] && !copy.contains("Apple"))

        enum S: Hashable, Sendable { case food }
        let cv = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .sidebar)))
        let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, item in
            var c = cell.defaultContentConfiguration()
            c.text = item
            cell.contentConfiguration = c
            cell.accessories = [.outlineDisclosure()]
        }
        let ds = UICollectionViewDiffableDataSource<S, String>(collectionView: cv) { cv, path, item in
            cv.dequeueConfiguredReusableCell(using: registration, for: path, item: item)
        }
        ds.apply(outline, to: .food, animatingDifferences: false)
        let vc = UIViewController()
        vc.view = cv
        let w = PresentationTests.phone(root: vc)
        w.layoutIfNeeded()
        #expect(ds.snapshot().itemIdentifiers == ["Fruit", "Apple", "Pear", "Vegetables"])
        let apple = try #require(cv.cellForItem(at: IndexPath(item: 1, section: 0)) as? UICollectionViewListCell)
        #expect(apple.indentationLevel == 1)
        // A tap on Vegetables' disclosure shows Carrot.
        let veg = try #require(cv.cellForItem(at: IndexPath(item: 3, section: 0)))
        let f = veg.convert(veg.bounds, to: nil)
        w.tap(at: CGPoint(x: f.maxX - 30, y: f.midY))
        w.advance(to: 1)
        #expect(ds.snapshot().itemIdentifiers == ["Fruit", "Apple", "Pear", "Vegetables", "Carrot"])
        #expect(ds.snapshot(for: .food).isExpanded("Vegetables"))
    }

    @Test func pullingDownRefreshesUntilTheAppEndsIt() {
        let vc = UIViewController()
        let scroll = UIScrollView()
        scroll.contentSize = CGSize(width: 375, height: 2000)
        let refresh = UIRefreshControl()
        final class Target { var count = 0 }
        let target = Target()
        refresh.addAction(UIAction { _ in target.count += 1 }, for: .valueChanged)
        scroll.refreshControl = refresh
        vc.view = scroll
        let w = PresentationTests.phone(root: vc)
        w.layoutIfNeeded()
        let top = scroll.adjustedContentInset.top
        PresentationTests.drag(w, from: CGPoint(x: 200, y: 200), to: CGPoint(x: 200, y: 600), start: 1, seconds: 0.6)
        w.advance(to: 4)
        #expect(refresh.isRefreshing && target.count == 1)
        // The content rests 60 points lower while refreshing.
        #expect(scroll.adjustedContentInset.top == top + 60)
        #expect(abs(scroll.contentOffset.y + top + 60) < 0.5)
        refresh.endRefreshing()
        w.advance(to: 5)
        #expect(!refresh.isRefreshing && scroll.adjustedContentInset.top == top)
        // A short pull does nothing.
        PresentationTests.drag(w, from: CGPoint(x: 200, y: 200), to: CGPoint(x: 200, y: 300), start: 6, seconds: 0.4)
        w.advance(to: 8)
        #expect(!refresh.isRefreshing && target.count == 1)
    }

    @Test func steppersAndPageControlsStepAndPage() {
        let vc = UIViewController()
        let stepper = UIStepper(frame: CGRect(x: 20, y: 100, width: 0, height: 0))
        stepper.maximumValue = 2
        let pages = UIPageControl(frame: CGRect(x: 20, y: 200, width: 200, height: 26))
        pages.numberOfPages = 3
        final class Log { var events: [String] = [] }
        let log = Log()
        stepper.addAction(UIAction { _ in log.events.append("stepper \(stepper.value)") }, for: .valueChanged)
        pages.addAction(UIAction { _ in log.events.append("page \(pages.currentPage)") }, for: .valueChanged)
        vc.view.addSubview(stepper)
        vc.view.addSubview(pages)
        let w = PresentationTests.phone(root: vc)
        w.layoutIfNeeded()
        #expect(stepper.bounds.size == CGSize(width: 94, height: 32))
        for _ in 0..<3 { w.tap(at: CGPoint(x: 20 + 80, y: 116)) }
        w.tap(at: CGPoint(x: 20 + 10, y: 116))
        w.tap(at: CGPoint(x: 20 + 190, y: 213))
        w.tap(at: CGPoint(x: 20 + 190, y: 213))
        w.tap(at: CGPoint(x: 20 + 190, y: 213))
        w.tap(at: CGPoint(x: 20 + 10, y: 213))
        #expect(log.events == ["stepper 1.0", "stepper 2.0", "stepper 1.0", "page 1", "page 2", "page 1"])
        stepper.wraps = true
        stepper.value = 2
        w.tap(at: CGPoint(x: 20 + 80, y: 116))
        #expect(stepper.value == 0)
        #expect(pages.size(forNumberOfPages: 3) == CGSize(width: 58, height: 26))
        let (_, diagnostics) = LaminaDiagnostics.collecting { stepper.stepValue = 0; stepper.value = .nan }
        #expect(stepper.stepValue == 1 && stepper.value == 0 && diagnostics.count == 2)
    }

    final class Wheels: NSObject, UIPickerViewDataSource, UIPickerViewDelegate {
        var selected: [(Int, Int)] = []
        func numberOfComponents(in pickerView: UIPickerView) -> Int { 2 }
        func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int { component == 0 ? 10 : 3 }
        func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? { "\(component):\(row)" }
        func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) { selected.append((component, row)) }
    }

    @Test func pickerWheelsSpinToRowsAndTellTheDelegate() throws {
        let wheels = Wheels()
        let picker = UIPickerView(frame: CGRect(x: 0, y: 300, width: 375, height: 216))
        picker.dataSource = wheels
        picker.delegate = wheels
        let vc = UIViewController()
        vc.view.addSubview(picker)
        let w = PresentationTests.phone(root: vc)
        w.layoutIfNeeded()
        #expect(picker.numberOfComponents == 2 && picker.numberOfRows(inComponent: 0) == 10)
        #expect(picker.selectedRow(inComponent: 0) == 0)
        picker.selectRow(4, inComponent: 0, animated: false)
        w.layoutIfNeeded()
        #expect(picker.selectedRow(inComponent: 0) == 4 && wheels.selected.isEmpty)
        let label = try #require(picker.view(forRow: 4, forComponent: 0) as? UILabel)
        #expect(label.text == "0:4" && abs(label.convert(label.bounds, to: picker).midY - 108) < 0.5)
        // The row below shows smaller (on the cylinder) and fainter.
        let below = try #require(picker.view(forRow: 5, forComponent: 0))
        #expect(below.alpha < 1 && below.transform.d < 1)
        // Dragging up two rows and letting go settles on row 6.
        let x = picker.convert(CGPoint(x: picker.view(forRow: 4, forComponent: 0)!.frame.midX, y: 0), to: nil).x
        PresentationTests.drag(w, from: CGPoint(x: x, y: 450), to: CGPoint(x: x, y: 386), start: 1, seconds: 0.8)
        w.advance(to: 4)
        #expect(picker.selectedRow(inComponent: 0) == 6)
        #expect(wheels.selected.last.map { $0 == (0, 6) } == true)
    }

    @Test func datePickersShowFoundationsDatesInEveryStyle() throws {
        let picker = UIDatePicker()
        picker.locale = Locale(identifier: "en_US")
        picker.timeZone = TimeZone(identifier: "UTC")
        picker.date = Date(timeIntervalSince1970: 1_795_000_000)   // 2026-11-18 11:06:40 UTC
        #expect(picker.datePickerStyle == .compact)
        let texts = picker.subviews.compactMap { ($0 as? UILabel)?.text }
        #expect(texts == ["Nov 18, 2026", "11:06\u{202F}AM"])
        #expect(picker.intrinsicContentSize.height == 34)
        picker.minimumDate = Date(timeIntervalSince1970: 1_796_000_000)
        #expect(picker.date == Date(timeIntervalSince1970: 1_796_000_000))
        picker.minimumDate = nil
        // Wheels: month, day and year for a date.
        picker.datePickerMode = .date
        picker.preferredDatePickerStyle = .wheels
        picker.date = Date(timeIntervalSince1970: 1_795_000_000)
        let wheels = try #require(picker.subviews.first { $0 is UIPickerView } as? UIPickerView)
        #expect(wheels.numberOfComponents == 3)
        #expect(wheels.selectedRow(inComponent: 0) == 10 && wheels.selectedRow(inComponent: 1) == 17 && wheels.selectedRow(inComponent: 2) == 126)
        // Choosing a day on the wheel changes the date and sends an event.
        final class Count { var n = 0 }
        let count = Count()
        picker.addAction(UIAction { _ in count.n += 1 }, for: .valueChanged)
        wheels.selectRow(24, inComponent: 1, animated: false)
        wheels.delegate?.pickerView(wheels, didSelectRow: 24, inComponent: 1)
        #expect(Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: picker.date).day == 25 && count.n == 1)
        // Inline: a month's grid; a tap on a day chooses it.
        picker.preferredDatePickerStyle = .inline
        picker.frame = CGRect(x: 0, y: 100, width: 320, height: 330)
        let vc = UIViewController()
        vc.view.addSubview(picker)
        let w = PresentationTests.phone(root: vc)
        w.layoutIfNeeded()
        let days = picker.subviews.flatMap(\.subviews).compactMap { $0 as? UILabel }
        #expect(days.contains { $0.text == "November 2026" })
        let third = try #require(days.first { $0.text == "3" })
        w.tap(at: third.convert(CGPoint(x: third.bounds.midX, y: third.bounds.midY), to: nil))
        #expect(Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: picker.date).day == 3 && count.n == 2)
    }

    @Test func shortcutItemsAreKept() {
        let item = UIApplicationShortcutItem(type: "com.example.compose", localizedTitle: "New Message", localizedSubtitle: nil,
                                             icon: UIApplicationShortcutIcon(systemImageName: "square.and.pencil"))
        let mutable = item.mutableCopy() as! UIMutableApplicationShortcutItem
        mutable.localizedTitle = "Compose"
        UIApplication.shared.shortcutItems = [item, mutable]
        #expect(UIApplication.shared.shortcutItems?.map(\.localizedTitle) == ["New Message", "Compose"])
        #expect(item.icon?.name == "square.and.pencil" && (item.copy() as? UIApplicationShortcutItem) == item)
        UIApplication.shared.shortcutItems = nil
    }

    final class Titled: NSObject, UITableViewDataSource, UITableViewDelegate {
        func numberOfSections(in tableView: UITableView) -> Int { 2 }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { UITableViewCell(style: .default, reuseIdentifier: nil) }
        func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { section == 0 ? "Explains the section" : nil }
        func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { 40 }
        func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
            let v = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
            var c = v?.defaultContentConfiguration()
            c?.text = "Section \(section)"
            v?.contentConfiguration = c
            return v
        }
    }

    @Test func headerFooterViewsAreRegisteredReusedAndConfigured() throws {
        let source = Titled()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 375, height: 600), style: .insetGrouped)
        table.register(UITableViewHeaderFooterView.self, forHeaderFooterViewReuseIdentifier: "header")
        table.dataSource = source
        table.delegate = source
        table.layoutIfNeeded()
        let header = try #require(table.headerView(forSection: 1))
        #expect(header.reuseIdentifier == "header" && header.frame.height == 40)
        let config = try #require(header.contentConfiguration as? UIListContentConfiguration)
        #expect(config.text == "Section 1" && config.textProperties.font.pointSize == 13)
        let label = try #require(header.contentView.subviews.first { $0 is UIListContentView }?.subviews.compactMap { $0 as? UILabel }.first { $0.text != nil })
        #expect(label.text == "SECTION 1")
        // The footer title shows under the first section.
        #expect(table.subviews.contains { $0.subviews.contains { ($0 as? UILabel)?.text == "Explains the section" } })
        // Reloading hands the headers back for reuse.
        let before = ObjectIdentifier(header)
        table.reloadData()
        table.layoutIfNeeded()
        let again = [table.headerView(forSection: 0), table.headerView(forSection: 1)].compactMap { $0.map(ObjectIdentifier.init) }
        #expect(again.contains(before))
    }

    final class Notes: NSObject, UITableViewDataSource {
        let texts: [String]
        init(_ texts: [String]) { self.texts = texts }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { texts.count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "note", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = texts[indexPath.row]
            cell.contentConfiguration = content
            return cell
        }
    }

    @Test func automaticRowHeightsFollowTheCellsContent() throws {
        let long = String(repeating: "A note long enough to wrap onto several lines of a phone's row. ", count: 3)
        let notes = Notes(["Short", long, "Short again"])
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 375, height: 600), style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "note")
        table.rowHeight = UITableView.automaticDimension
        table.dataSource = notes
        table.layoutIfNeeded()
        let first = table.rectForRow(at: IndexPath(row: 0, section: 0))
        let second = table.rectForRow(at: IndexPath(row: 1, section: 0))
        let third = table.rectForRow(at: IndexPath(row: 2, section: 0))
        #expect(first.height == 44)
        #expect(second.minY == 44 && second.height > 80)
        #expect(third.minY == second.maxY && third.height == 44)
        #expect(table.contentSize.height == third.maxY)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.frame.height == second.height)
        // A cell sized by its constraints.
        final class Pinned: NSObject, UITableViewDataSource {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                let box = UIView()
                box.translatesAutoresizingMaskIntoConstraints = false
                cell.contentView.addSubview(box)
                NSLayoutConstraint.activate([
                    box.topAnchor.constraint(equalTo: cell.contentView.topAnchor, constant: 10),
                    box.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor, constant: -10),
                    box.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor),
                    box.heightAnchor.constraint(equalToConstant: 100),
                ])
                return cell
            }
        }
        let pinned = Pinned()
        let t2 = UITableView(frame: CGRect(x: 0, y: 0, width: 375, height: 600), style: .plain)
        t2.rowHeight = UITableView.automaticDimension
        t2.dataSource = pinned
        t2.layoutIfNeeded()
        #expect(t2.rectForRow(at: IndexPath(row: 0, section: 0)).height == 120)
    }

    @Test func listRowsReorderByTheirHandleAndTheDataSourceHears() throws {
        enum S: Hashable, Sendable { case main }
        var list = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        list.headerMode = .none
        let cv = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: list))
        let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, item in
            var c = cell.defaultContentConfiguration()
            c.text = item
            cell.contentConfiguration = c
            cell.accessories = [.reorder(displayed: .always)]
        }
        let ds = UICollectionViewDiffableDataSource<S, String>(collectionView: cv) { cv, path, item in
            cv.dequeueConfiguredReusableCell(using: registration, for: path, item: item)
        }
        var transactions: [NSDiffableDataSourceTransaction<S, String>] = []
        ds.reorderingHandlers.canReorderItem = { $0 != "Pinned" }
        ds.reorderingHandlers.didReorder = { transactions.append($0) }
        var s = NSDiffableDataSourceSnapshot<S, String>()
        s.appendSections([.main])
        s.appendItems(["Pinned", "One", "Two", "Three"])
        ds.apply(s, animatingDifferences: false)
        let vc = UIViewController()
        vc.view = cv
        let w = PresentationTests.phone(root: vc)
        w.layoutIfNeeded()
        // The data source refuses to move "Pinned".
        #expect(!cv.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        // Programmatic: "One" dropped on "Three".
        let one = try #require(cv.cellForItem(at: IndexPath(item: 1, section: 0)))
        #expect(cv.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
        let three = try #require(cv.layoutAttributesForItem(at: IndexPath(item: 3, section: 0)))
        cv.updateInteractiveMovementTargetPosition(CGPoint(x: three.center.x, y: three.center.y))
        cv.endInteractiveMovement()
        #expect(ds.snapshot().itemIdentifiers == ["Pinned", "Two", "Three", "One"])
        #expect(transactions.count == 1 && transactions[0].finalSnapshot.itemIdentifiers == ["Pinned", "Two", "Three", "One"])
        #expect(transactions[0].difference.count == 2)
        w.advance(to: 1)
        #expect(cv.cellForItem(at: IndexPath(item: 3, section: 0)) === one)
        // By the handle: "Two" dragged up onto "Pinned"'s row lands first.
        let two = try #require(cv.cellForItem(at: IndexPath(item: 1, section: 0)))
        let handle = two.convert(CGPoint(x: two.bounds.maxX - 30, y: two.bounds.midY), to: nil)
        let pinned = try #require(cv.cellForItem(at: IndexPath(item: 0, section: 0)))
        let target = pinned.convert(CGPoint(x: pinned.bounds.midX, y: pinned.bounds.midY), to: nil)
        PresentationTests.drag(w, from: handle, to: CGPoint(x: handle.x, y: target.y), start: 2, seconds: 0.5)
        w.advance(to: 4)
        #expect(ds.snapshot().itemIdentifiers == ["Two", "Pinned", "Three", "One"])
        #expect(cv.contentOffset.y == -cv.adjustedContentInset.top)
    }
}
