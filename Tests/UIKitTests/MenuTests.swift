import CoreGraphics
import Foundation
import LaminaWindow
import Testing
import UIKit

/// Menus as UIKit builds and shows them: elements, a button's menu as its primary action, a
/// bar item's menu, context menus from a long press on a view or a table's row, and key
/// commands found along the responder chain.
@MainActor
@Suite("Menus and key commands")
struct MenuTests {
    @Test func elementsFormMenus() {
        let copy = UIAction(title: "Copy", image: UIImage(systemName: "doc.on.doc")) { _ in }
        let delete = UIAction(title: "Delete", attributes: .destructive) { _ in }
        let sort = UIMenu(title: "Sort", options: [.displayInline, .singleSelection], children: [
            UIAction(title: "Name", state: .on) { _ in }, UIAction(title: "Date") { _ in },
        ])
        let menu = UIMenu(title: "", children: [copy, sort, delete])
        #expect(menu.children.count == 3 && (menu.children[0] as? UIAction) === copy)
        #expect(sort.selectedElements.map(\.title) == ["Name"] && sort.options.contains(.singleSelection))
        let elements: [UIMenuElement] = [copy, delete]
        #expect(elements.map(\.title) == ["Copy", "Delete"])
        let replaced = menu.replacingChildren([copy])
        #expect(replaced.children.count == 1 && replaced.identifier == menu.identifier)
        let find = UIKeyCommand(title: "Find", action: "find:", input: "f", modifierFlags: .command, discoverabilityTitle: "Find")
        #expect(find.input == "f" && find.modifierFlags == .command && find.title == "Find" && find.action.name == "find:")
        let old = UIKeyCommand(input: UIKeyCommand.inputEscape, modifierFlags: [], action: "close")
        #expect(old.input == "UIKeyInputEscape" && old.title == "")
    }

    /// The row showing `title` in a shown menu, in window coordinates.
    static func row(_ title: String, in window: UIWindow) -> CGRect? {
        AlertControllerTests.frame(of: title, in: window)
    }

    @Test func aButtonsMenuOpensOnTapAndRunsTheChosenAction() throws {
        let root = UIViewController()
        let window = PresentationTests.phone(root: root)
        var chosen: [String] = []
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 20, y: 100, width: 120, height: 44)
        button.setTitle("Sort", for: .normal)
        button.menu = UIMenu(title: "Sort by", options: .singleSelection, children: [
            UIAction(title: "Name", state: .on) { chosen.append($0.title) },
            UIAction(title: "Date") { chosen.append($0.title) },
        ])
        button.showsMenuAsPrimaryAction = true
        var primary = 0
        button.addAction(UIAction { _ in primary += 1 }, for: .primaryActionTriggered)
        root.view.addSubview(button)
        window.layoutIfNeeded()
        #expect(button.isContextMenuInteractionEnabled)
        window.tap(at: CGPoint(x: 80, y: 122))
        #expect(primary == 0)
        // The menu opens under the button, 250 points wide, its title as a header.
        let name = try #require(Self.row("Name", in: window))
        let date = try #require(Self.row("Date", in: window))
        #expect(Self.row("Sort by", in: window) != nil)
        #expect(name.minY > 144 && abs(date.midY - name.midY - 44 - 1.0 / 3) < 0.5)
        window.tap(at: CGPoint(x: date.midX, y: date.midY))
        #expect(chosen == ["Date"])
        let items = try #require(button.menu?.children as? [UIAction])
        #expect(items.map(\.state) == [.off, .on])
        window.advance(to: 0.5)
        #expect(Self.row("Name", in: window) == nil)
    }

    @Test func aTapOutsideOrEscapeClosesAMenu() throws {
        let root = UIViewController()
        let window = PresentationTests.phone(root: root)
        let item = UIBarButtonItem(title: "More", menu: UIMenu(children: [UIAction(title: "Archive") { _ in }]))
        let nav = UINavigationController(rootViewController: root)
        window.rootViewController = nav
        root.navigationItem.rightBarButtonItem = item
        window.layoutIfNeeded()
        let more = try #require(Self.row("More", in: window))
        window.tap(at: CGPoint(x: more.midX, y: more.midY))
        #expect(Self.row("Archive", in: window) != nil)
        window.tap(at: CGPoint(x: 100, y: 600))
        window.advance(to: 0.5)
        #expect(Self.row("Archive", in: window) == nil)
        window.tap(at: CGPoint(x: more.midX, y: more.midY))
        #expect(Self.row("Archive", in: window) != nil)
        window.handle(.keyDown(Key(name: "Escape", usage: 0x29, character: "\u{1b}", modifiers: []), isRepeat: false, time: 0.6))
        window.advance(to: 1.2)
        #expect(Self.row("Archive", in: window) == nil)
    }

    final class MenuSource: NSObject, UIContextMenuInteractionDelegate {
        var log: [String] = []
        func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                    configurationForMenuAtLocation location: CGPoint) -> UIContextMenuConfiguration? {
            log.append("configuration at \(Int(location.x)),\(Int(location.y))")
            return UIContextMenuConfiguration(identifier: "photo" as NSString, previewProvider: nil) { suggested in
                UIMenu(children: [UIAction(title: "Share") { _ in self.log.append("share") },
                                  UIAction(title: "Delete", attributes: .destructive) { _ in }])
            }
        }
        func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willDisplayMenuFor configuration: UIContextMenuConfiguration,
                                    animator: (any UIContextMenuInteractionAnimating)?) { log.append("willDisplay") }
        func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willEndFor configuration: UIContextMenuConfiguration,
                                    animator: (any UIContextMenuInteractionAnimating)?) { log.append("willEnd") }
    }

    @Test func aLongPressOpensAContextMenuWithTheViewLifted() throws {
        let root = UIViewController()
        let window = PresentationTests.phone(root: root)
        let photo = UIView(frame: CGRect(x: 40, y: 200, width: 200, height: 150))
        photo.backgroundColor = .systemTeal
        let source = MenuSource()
        let interaction = UIContextMenuInteraction(delegate: source)
        photo.addInteraction(interaction)
        #expect(photo.interactions.count == 1 && interaction.view === photo)
        root.view.addSubview(photo)
        window.layoutIfNeeded()
        window.advance(to: 0)
        let touch = try #require(window.touchDown(at: CGPoint(x: 100, y: 250)))
        window.advance(to: 0.3)
        #expect(source.log.isEmpty)
        window.advance(to: 0.6)
        #expect(source.log == ["configuration at 60,50", "willDisplay"])
        window.touchUp(touch)
        // The menu under the lifted view; the red destructive row.
        let share = try #require(Self.row("Share", in: window))
        #expect(share.minY >= 350 + 8)
        // The visible menu can be changed while it shows.
        interaction.updateVisibleMenu { menu in menu.replacingChildren(menu.children + [UIAction(title: "Rename") { _ in }]) }
        window.layoutIfNeeded()
        #expect(Self.row("Rename", in: window) != nil && Self.row("Share", in: window) == share)
        window.tap(at: CGPoint(x: share.midX, y: share.midY))
        #expect(source.log == ["configuration at 60,50", "willDisplay", "willEnd", "share"])
        photo.removeInteraction(interaction)
        #expect(photo.interactions.isEmpty && interaction.view == nil)
    }

    final class Rows: NSObject, UITableViewDataSource, UITableViewDelegate {
        var asked: [IndexPath] = []
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 5 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = "Row \(indexPath.row)"
            return cell
        }
        func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
                       point: CGPoint) -> UIContextMenuConfiguration? {
            asked.append(indexPath)
            return UIContextMenuConfiguration(previewProvider: nil) { _ in UIMenu(children: [UIAction(title: "Pin") { _ in }]) }
        }
    }

    @Test func aLongPressOnATableRowAsksTheDelegate() throws {
        let root = UIViewController()
        let window = PresentationTests.phone(root: root)
        let rows = Rows()
        let table = UITableView(frame: root.view.bounds, style: .plain)
        table.dataSource = rows
        table.delegate = rows
        root.view.addSubview(table)
        window.layoutIfNeeded()
        let row2 = try #require(AlertControllerTests.frame(of: "Row 2", in: table))
        window.advance(to: 0)
        let touch = try #require(window.touchDown(at: CGPoint(x: row2.midX, y: row2.midY)))
        window.advance(to: 0.7)
        window.touchUp(touch)
        #expect(rows.asked == [IndexPath(row: 2, section: 0)])
        #expect(Self.row("Pin", in: window) != nil)
    }

    @Test func hugeAndDeepMenusStayBounded() throws {
        let root = UIViewController()
        let window = PresentationTests.phone(root: root)
        let many = UIMenu(title: "Many", children: (0..<100_000).map { i in UIAction(title: "Item \(i)") { _ in } })
        var deep = UIMenu(title: "Level 0", children: [UIAction(title: "Leaf") { _ in }])
        for i in 1...1000 { deep = UIMenu(title: "Level \(i)", children: [deep]) }
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 20, y: 100, width: 120, height: 44)
        button.showsMenuAsPrimaryAction = true
        button.menu = many
        root.view.addSubview(button)
        window.layoutIfNeeded()
        let (_, diagnostics) = LaminaDiagnostics.collecting { window.tap(at: CGPoint(x: 80, y: 122)) }
        #expect(diagnostics.count == 1 && diagnostics.first?.contains("100000 elements") == true)
        #expect(Self.row("Item 0", in: window) != nil && Self.row("Item 99999", in: window) == nil)
        window.handle(.keyDown(Key(name: "Escape", usage: 0x29, character: "\u{1b}", modifiers: []), isRepeat: false, time: 0))
        window.advance(to: 1)
        // A menu 1,000 deep opens one level at a time.
        button.menu = deep
        window.tap(at: CGPoint(x: 80, y: 122))
        let level = try #require(Self.row("Level 999", in: window))
        window.tap(at: CGPoint(x: level.midX, y: level.midY))
        #expect(Self.row("Level 998", in: window) != nil)
    }

    final class Bookmark: UIActivity {
        var performed = 0
        override var activityType: UIActivity.ActivityType? { .init("bookmark") }
        override var activityTitle: String? { "Bookmark" }
        override var activityImage: UIImage? { UIImage(systemName: "bookmark") }
        override func canPerform(withActivityItems activityItems: [Any]) -> Bool { true }
        override func perform() { performed += 1; activityDidFinish(true) }
    }

    @Test func theShareSheetListsCopyAndTheAppsActivitiesAndSaysWhatLinuxLacks() throws {
        let root = UIViewController()
        let window = PresentationTests.phone(root: root)
        let bookmark = Bookmark()
        let share = UIActivityViewController(activityItems: ["Hello", URL(string: "https://example.com/a")!],
                                             applicationActivities: [bookmark])
        var ended: [String] = []
        share.completionWithItemsHandler = { type, completed, _, _ in ended.append("\(type?.rawValue ?? "nil") \(completed)") }
        root.present(share, animated: false)
        window.layoutIfNeeded()
        #expect(share.sheetPresentationController?.detents.count == 2)
        #expect(AlertControllerTests.frame(of: "No apps or people to share with on Linux", in: share.view) != nil)
        let copy = try #require(Self.row("Copy", in: window))
        window.tap(at: CGPoint(x: copy.midX, y: copy.midY))
        window.advance(to: 1)
        #expect(UIPasteboard.general.strings?.first == "Hello")
        #expect(ended == ["com.apple.UIKit.activity.CopyToPasteboard true"] && root.presentedViewController == nil)
        root.present(share, animated: false)
        window.layoutIfNeeded()
        let mark = try #require(Self.row("Bookmark", in: window))
        window.tap(at: CGPoint(x: mark.midX, y: mark.midY))
        window.advance(to: 2)
        #expect(bookmark.performed == 1 && ended.last == "bookmark true")
    }

    @Test func customAccessibilityActionsRunTheirHandlers() {
        let cell = UIView()
        var archived = 0
        cell.accessibilityCustomActions = [
            UIAccessibilityCustomAction(name: "Archive") { _ in archived += 1; return true },
            UIAccessibilityCustomAction(name: "Flag", target: nil, selector: "flag:"),
        ]
        #expect(cell.accessibilityCustomActions?.map(\.name) == ["Archive", "Flag"])
        #expect(cell.accessibilityCustomActions?.first?.actionHandler?(cell.accessibilityCustomActions![0]) == true && archived == 1)
        #expect(cell.accessibilityCustomActions?.last?.selector?.name == "flag:")
    }

    final class Grid: NSObject, UICollectionViewDataSource, UICollectionViewDelegate {
        var asked: [[IndexPath]] = []
        func collectionView(_ cv: UICollectionView, numberOfItemsInSection section: Int) -> Int { 12 }
        func collectionView(_ cv: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = cv.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            cell.contentView.backgroundColor = .systemOrange
            return cell
        }
        func collectionView(_ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
                            point: CGPoint) -> UIContextMenuConfiguration? {
            asked.append(indexPaths)
            return UIContextMenuConfiguration(previewProvider: nil) { _ in UIMenu(children: [UIAction(title: "Favourite") { _ in }]) }
        }
    }

    @Test func aLongPressOnACollectionItemAsksTheDelegate() throws {
        let root = UIViewController()
        let window = PresentationTests.phone(root: root)
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let grid = UICollectionView(frame: root.view.bounds, collectionViewLayout: layout)
        grid.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        let source = Grid()
        grid.dataSource = source
        grid.delegate = source
        root.view.addSubview(grid)
        window.layoutIfNeeded()
        let cell = try #require(grid.cellForItem(at: IndexPath(item: 1, section: 0)))
        let center = cell.convert(CGPoint(x: 50, y: 50), to: window)
        window.advance(to: 0)
        let touch = try #require(window.touchDown(at: center))
        window.advance(to: 0.7)
        window.touchUp(touch)
        #expect(source.asked == [[IndexPath(item: 1, section: 0)]])
        #expect(Self.row("Favourite", in: window) != nil)
    }

    final class EditSource: NSObject, UIEditMenuInteractionDelegate {
        var log: [String] = []
        func editMenuInteraction(_ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration,
                                 suggestedActions: [UIMenuElement]) -> UIMenu? {
            UIMenu(children: [UIAction(title: "Cut") { _ in self.log.append("cut") }, UIAction(title: "Copy") { _ in self.log.append("copy") }])
        }
        func editMenuInteraction(_ interaction: UIEditMenuInteraction, willPresentMenuFor configuration: UIEditMenuConfiguration,
                                 animator: any UIEditMenuInteractionAnimating) { log.append("present") }
        func editMenuInteraction(_ interaction: UIEditMenuInteraction, willDismissMenuFor configuration: UIEditMenuConfiguration,
                                 animator: any UIEditMenuInteractionAnimating) { log.append("dismiss") }
    }

    @Test func anEditMenuIsABarOfActionsAboveItsPoint() throws {
        let root = UIViewController()
        let window = PresentationTests.phone(root: root)
        let text = UIView(frame: CGRect(x: 20, y: 300, width: 300, height: 40))
        root.view.addSubview(text)
        let source = EditSource()
        let interaction = UIEditMenuInteraction(delegate: source)
        text.addInteraction(interaction)
        interaction.presentEditMenu(with: UIEditMenuConfiguration(identifier: nil, sourcePoint: CGPoint(x: 100, y: 0)))
        let cut = try #require(Self.row("Cut", in: window))
        let copy = try #require(Self.row("Copy", in: window))
        #expect(cut.maxY <= 300 - 8 && abs(cut.midY - copy.midY) < 0.5 && cut.maxX < copy.minX)
        #expect(interaction.location(in: root.view) == CGPoint(x: 120, y: 300))
        window.tap(at: CGPoint(x: copy.midX, y: copy.midY))
        #expect(source.log == ["present", "dismiss", "copy"] && Self.row("Cut", in: window) == nil)
        // Not in a window: reported, nothing shown.
        let loose = UIEditMenuInteraction(delegate: source)
        UIView().addInteraction(loose)
        let (_, diagnostics) = LaminaDiagnostics.collecting {
            loose.presentEditMenu(with: UIEditMenuConfiguration(identifier: nil, sourcePoint: .zero))
        }
        #expect(diagnostics.count == 1)
    }

    final class Editor: UIViewController {
        var validated: [String] = []
        var pressed = 0
        override var keyCommands: [UIKeyCommand]? {
            [UIKeyCommand(title: "Find", action: "find:", input: "f", modifierFlags: .command)]
        }
        override func validate(_ command: UICommand) { validated.append(command.title) }
        override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) { pressed += 1 }
    }

    @Test func keyCommandsAreFoundAlongTheResponderChain() {
        let editor = Editor()
        let window = PresentationTests.phone(root: editor)
        // Command-F: the command takes the press; its action cannot be called by name.
        let (_, diagnostics) = LaminaDiagnostics.collecting {
            window.handle(.keyDown(Key(name: "F", usage: 9, character: "f", modifiers: [.command]), isRepeat: false, time: 0))
        }
        #expect(editor.validated == ["Find"] && editor.pressed == 0)
        #expect(diagnostics.count == 1 && diagnostics.first?.contains("find:") == true)
        // F alone is an ordinary press.
        window.handle(.keyDown(Key(name: "F", usage: 9, character: "f", modifiers: []), isRepeat: false, time: 0))
        #expect(editor.pressed == 1 && editor.validated == ["Find"])
    }
}

/// Search bars and search controllers.
@MainActor
@Suite("Search")
struct SearchTests {
    final class Results: UIViewController, UISearchResultsUpdating {
        var queries: [String] = []
        func updateSearchResults(for searchController: UISearchController) { queries.append(searchController.searchBar.text ?? "") }
    }

    final class BarWatcher: NSObject, UISearchBarDelegate {
        var log: [String] = []
        func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) { log.append("text \(searchText)") }
        func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) { log.append("begin") }
        func searchBarCancelButtonClicked(_ searchBar: UISearchBar) { log.append("cancel") }
        func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) { log.append("scope \(selectedScope)") }
    }

    @Test func aSearchControllerSitsUnderTheBarAndUpdatesItsResults() throws {
        let list = UIViewController()
        list.title = "Mail"
        let results = Results()
        let search = UISearchController(searchResultsController: results)
        search.searchResultsUpdater = results
        search.searchBar.scopeButtonTitles = ["All", "Unread"]
        let watcher = BarWatcher()
        search.searchBar.delegate = watcher
        list.navigationItem.searchController = search
        let nav = UINavigationController(rootViewController: list)
        let window = PresentationTests.phone(root: nav)
        window.layoutIfNeeded()
        // Under the 44-point bar: a 52-point search bar; the content's safe area starts below.
        #expect(search.searchBar.frame == CGRect(x: 0, y: 88, width: 375, height: 52))
        #expect(search.searchBar.searchTextField.frame == CGRect(x: 16, y: 1, width: 343, height: 36))
        #expect(abs(list.view.safeAreaInsets.top - (44 + 44 + 52)) < 1e-9)
        #expect(search.searchBar.placeholder == "Search" && !search.isActive)
        // Editing activates: Cancel and the scope bar show, the content is dimmed.
        #expect(search.searchBar.searchTextField.becomeFirstResponder())
        #expect(search.isActive && search.searchBar.showsCancelButton && search.searchBar.showsScopeBar)
        #expect(watcher.log == ["begin"] && results.queries == [""] && results.parent == nil)
        search.searchBar.searchTextField.insertText("inv")
        #expect(watcher.log == ["begin", "text i", "text in", "text inv"] || watcher.log == ["begin", "text inv"])
        #expect(results.queries.last == "inv" && results.parent === search && results.view.window === window)
        #expect(results.view.frame.minY >= search.searchBar.frame.maxY)
        search.isActive = false
        #expect(!search.isActive && !search.searchBar.showsCancelButton && results.view.window == nil && search.searchBar.text == "")
    }

    final class Refuser: NSObject, UISearchBarDelegate {
        func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { false }
    }

    @Test func aSearchBarsDelegateMayRefuseEditing() {
        let root = UIViewController()
        let window = PresentationTests.phone(root: root)
        let bar = UISearchBar()
        let refuser = Refuser()
        bar.delegate = refuser
        root.view.addSubview(bar)
        window.layoutIfNeeded()
        #expect(!bar.searchTextField.becomeFirstResponder() && !bar.searchTextField.isEditing)
        bar.delegate = nil
        #expect(bar.searchTextField.becomeFirstResponder() && bar.searchTextField.isEditing)
    }

    @Test func aSearchBarOnItsOwn() {
        let bar = UISearchBar()
        #expect(bar.sizeThatFits(CGSize(width: 320, height: 100)).height == 56)
        bar.scopeButtonTitles = ["A", "B"]
        bar.showsScopeBar = true
        #expect(bar.sizeThatFits(CGSize(width: 320, height: 100)).height == 100)
        bar.text = "query"
        #expect(bar.searchTextField.text == "query" && bar.text == "query")
        let field = bar.searchTextField
        field.insertToken(UISearchToken(icon: nil, text: "Photos"), at: 5)
        field.insertToken(UISearchToken(icon: nil, text: "Today"), at: 0)
        #expect(field.tokens.count == 2)
        field.removeToken(at: 9)
        #expect(field.tokens.count == 2)
    }
}

/// `UISplitViewController`'s columns.
@MainActor
@Suite("Split views")
struct SplitViewTests {
    static func pad() -> UIWindow {
        let w = UIWindow(screen: UIScreen(size: CGSize(width: 1180, height: 820), scale: 2,
                                          safeAreaInsets: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0)))
        w.overrideUserInterfaceStyle = .light
        return w
    }

    final class Chooser: NSObject, UISplitViewControllerDelegate {
        var top: UISplitViewController.Column = .primary
        var log: [String] = []
        func splitViewController(_ svc: UISplitViewController,
                                 topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column) -> UISplitViewController.Column {
            log.append("collapse proposed \(proposedTopColumn.rawValue)")
            return top
        }
        func splitViewController(_ svc: UISplitViewController, willHide column: UISplitViewController.Column) { log.append("hide \(column.rawValue)") }
        func splitViewController(_ svc: UISplitViewController, willShow column: UISplitViewController.Column) { log.append("show \(column.rawValue)") }
    }

    @Test func columnsTileInARegularWidthAndCollapseInACompactOne() throws {
        let list = UIViewController(), detail = UIViewController()
        list.title = "Folders"; detail.title = "Inbox"
        let split = UISplitViewController(style: .doubleColumn)
        let chooser = Chooser()
        split.delegate = chooser
        split.setViewController(list, for: .primary)
        split.setViewController(detail, for: .secondary)
        #expect(split.viewController(for: .primary) === list && list.navigationController != nil)
        #expect(list.navigationController !== detail.navigationController)
        // A regular width (an iPad's, through a parent's trait override): 320 points of
        // primary column, the secondary the rest.
        let window = Self.pad()
        let regular = UITraitCollection(horizontalSizeClass: .regular)
        let host = UIViewController()
        host.view.frame = window.bounds
        host.addChild(split)
        host.setOverrideTraitCollection(regular, forChild: split)
        split.view.frame = host.view.bounds
        host.view.addSubview(split.view)
        split.didMove(toParent: host)
        window.rootViewController = host
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        #expect(split.traitCollection.horizontalSizeClass == .regular)
        #expect(!split.isCollapsed && split.displayMode == .oneBesideSecondary)
        let primaryFrame = try #require(list.navigationController?.view.frame)
        let secondaryFrame = try #require(detail.navigationController?.view.frame)
        #expect(primaryFrame == CGRect(x: 0, y: 0, width: 320, height: 820))
        #expect(secondaryFrame == CGRect(x: 320, y: 0, width: 860, height: 820))
        split.hide(.primary)
        window.layoutIfNeeded()
        #expect(split.displayMode == .secondaryOnly && list.navigationController?.view.window == nil)
        #expect(detail.navigationController?.view.frame == CGRect(x: 0, y: 0, width: 1180, height: 820))
        split.show(.primary)
        window.layoutIfNeeded()
        #expect(chooser.log == ["hide 0", "show 0"])
        // A compact width: one stack, the primary's; the delegate may choose the secondary.
        host.setOverrideTraitCollection(UITraitCollection(horizontalSizeClass: .compact), forChild: split)
        window.layoutIfNeeded()
        #expect(split.isCollapsed && chooser.log.last == "collapse proposed 0")
        let nav = try #require(list.navigationController)
        #expect(nav.viewControllers == [list] && nav.view.window === window && nav.view.frame == split.view.bounds)
        split.show(.secondary)
        #expect(nav.viewControllers == [list, detail])
        // Regular again: each column has its own controller back.
        host.setOverrideTraitCollection(regular, forChild: split)
        window.layoutIfNeeded()
        #expect(list.navigationController?.viewControllers == [list] && detail.navigationController?.viewControllers == [detail])
        #expect(detail.view.window === window && list.view.window === window)
    }
}

/// Bar appearances and toolbars.
@MainActor
@Suite("Bar appearances and toolbars")
struct BarAppearanceTests {
    @Test func aNavigationBarTakesItsAppearance() throws {
        let root = UIViewController()
        root.title = "Profile"
        let nav = UINavigationController(rootViewController: root)
        let window = PresentationTests.phone(root: nav)
        let bar = nav.navigationBar
        let appearance = UINavigationBarAppearance()
        appearance.configureWithOpaqueBackground()
        appearance.backgroundColor = .systemIndigo
        appearance.titleTextAttributes = [.foregroundColor: UIColor.white, .font: UIFont.systemFont(ofSize: 20, weight: .bold)]
        appearance.shadowColor = .clear
        bar.standardAppearance = appearance
        bar.scrollEdgeAppearance = appearance
        // Copied when set: a change afterwards does nothing until it is set again.
        appearance.backgroundColor = .systemRed
        window.layoutIfNeeded()
        let title = try #require(AlertControllerTests.label("Profile", in: bar))
        #expect(title.textColor == .white && title.font.pointSize == 20)
        #expect(bar.scrollEdgeAppearance !== appearance && bar.scrollEdgeAppearance?.backgroundColor == .systemIndigo)
        let image = try #require(window.render())
        let ctx = try #require(CGContext(data: nil, width: image.width, height: image.height, bitsPerComponent: 8, bytesPerRow: 0,
                                         space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        let data = try #require(ctx.data).assumingMemoryBound(to: UInt8.self)
        // A pixel of the bar (at y = 60 points), indigo: (88, 86, 214) in light mode.
        let row = 60 * 3     // bitmap rows run from the top
        let px = data + row * ctx.bytesPerRow + 10 * 3 * 4
        #expect(abs(Int(px[0]) - 88) <= 2 && abs(Int(px[1]) - 86) <= 2 && abs(Int(px[2]) - 214) <= 2)
        // The item's own appearance wins; transparent: no background, no shadow.
        let clear = UINavigationBarAppearance()
        clear.configureWithTransparentBackground()
        root.navigationItem.scrollEdgeAppearance = clear
        window.layoutIfNeeded()
        #expect(root.navigationItem.scrollEdgeAppearance?.backgroundColor == .clear)
        let copy = appearance.copy()
        #expect(copy !== appearance && copy.backgroundColor == .systemRed)
    }

    @Test func aNavigationControllersToolbarShowsTheTopItems() throws {
        let root = UIViewController()
        var tapped = 0
        root.toolbarItems = [.flexibleSpace(), UIBarButtonItem(title: "Compose", primaryAction: UIAction { _ in tapped += 1 }), .flexibleSpace()]
        let nav = UINavigationController(rootViewController: root)
        let window = PresentationTests.phone(root: nav)
        #expect(nav.isToolbarHidden && nav.toolbar.superview == nil)
        nav.setToolbarHidden(false, animated: false)
        window.layoutIfNeeded()
        #expect(nav.toolbar.frame == CGRect(x: 0, y: 812 - 34 - 44, width: 375, height: 44))
        #expect(abs(root.view.safeAreaInsets.bottom - (34 + 44)) < 1e-9)
        let compose = try #require(AlertControllerTests.frame(of: "Compose", in: nav.toolbar))
        #expect(abs(compose.midX - 187.5) < 1 && abs(compose.midY - (812 - 34 - 22)) < 1)
        window.tap(at: CGPoint(x: compose.midX, y: compose.midY))
        #expect(tapped == 1)
        root.setToolbarItems(nil, animated: false)
        window.layoutIfNeeded()
        #expect(nav.toolbar.items == nil)
    }
}

/// Large titles that collapse as the content scrolls.
@MainActor
@Suite("Large titles")
struct LargeTitleTests {
    final class List: UITableViewController {
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 40 }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = "Row \(indexPath.row)"
            return cell
        }
    }

    @Test func aLargeTitleShowsAtTheTopAndCollapsesAsTheListScrolls() throws {
        let list = List(style: .plain)
        list.title = "Mailboxes"
        let nav = UINavigationController(rootViewController: list)
        nav.navigationBar.prefersLargeTitles = true
        let window = PresentationTests.phone(root: nav)
        window.layoutIfNeeded()
        // 44 + 52 points; the 34-point title under the row, the inline one not shown.
        #expect(nav.navigationBar.frame == CGRect(x: 0, y: 44, width: 375, height: 96))
        let large = try #require(AlertControllerTests.label("Mailboxes", in: nav.navigationBar))
        #expect(large.font.pointSize == 34 && large.frame.minX == 16 && large.frame.minY >= 44)
        #expect(abs(list.tableView.adjustedContentInset.top - (44 + 96)) < 1e-9)
        // Scrolled by 30 points: 22 left; by 100: collapsed, the standard title back.
        list.tableView.contentOffset.y = -list.tableView.adjustedContentInset.top + 30
        window.layoutIfNeeded()
        #expect(abs(nav.navigationBar.frame.height - 66) < 1e-9)
        list.tableView.contentOffset.y = -list.tableView.adjustedContentInset.top + 100
        window.layoutIfNeeded()
        #expect(nav.navigationBar.frame.height == 44)
        let inline = try #require(AlertControllerTests.label("Mailboxes", in: nav.navigationBar))
        #expect(inline.font.pointSize == 17)
        // A pushed controller that never shows a large title.
        let detail = UIViewController()
        detail.title = "Inbox"
        detail.navigationItem.largeTitleDisplayMode = .never
        nav.pushViewController(detail, animated: false)
        window.layoutIfNeeded()
        #expect(nav.navigationBar.frame.height == 44 && abs(detail.view.safeAreaInsets.top - 88) < 1e-9)
    }
}
