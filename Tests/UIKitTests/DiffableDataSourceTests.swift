import Foundation
import Testing
import UIKit

/// Diffable data sources and their snapshots.
@MainActor
@Suite("Diffable data sources")
struct DiffableDataSourceTests {
    enum Section: Hashable, Sendable { case favourites, all }

    @Test func snapshotsHoldSectionsAndItemsInOrder() {
        var s = NSDiffableDataSourceSnapshot<Section, String>()
        s.appendSections([.favourites, .all])
        s.appendItems(["Ada", "Grace"], toSection: .favourites)
        s.appendItems(["Alan", "Edsger", "Barbara"])
        #expect(s.numberOfSections == 2 && s.numberOfItems == 5)
        #expect(s.itemIdentifiers == ["Ada", "Grace", "Alan", "Edsger", "Barbara"])
        #expect(s.sectionIdentifier(containingItem: "Alan") == .all && s.indexOfItem("Edsger") == 3)
        s.insertItems(["Donald"], beforeItem: "Edsger")
        s.moveItem("Ada", afterItem: "Barbara")
        s.deleteItems(["Grace"])
        #expect(s.itemIdentifiers(inSection: .favourites).isEmpty)
        #expect(s.itemIdentifiers(inSection: .all) == ["Alan", "Donald", "Edsger", "Barbara", "Ada"])
        s.moveSection(.favourites, afterSection: .all)
        #expect(s.sectionIdentifiers == [.all, .favourites] && s.sectionIdentifier(containingItem: "Ada") == .all)
        s.reloadItems(["Ada", "Nobody"])
        s.reconfigureItems(["Alan"])
        #expect(s.reloadedItemIdentifiers == ["Ada"] && s.reconfiguredItemIdentifiers == ["Alan"])
        s.deleteSections([.all])
        #expect(s.numberOfItems == 0 && s.sectionIdentifiers == [.favourites])
        // Items without a section and unknown identifiers are reported and left out.
        let (_, diagnostics) = LaminaDiagnostics.collecting {
            var t = NSDiffableDataSourceSnapshot<Section, Int>()
            t.appendItems([1])
            t.appendSections([.all])
            t.appendItems([1, 2])
            t.insertItems([3], beforeItem: 99)
            t.moveItem(1, afterItem: 42)
            #expect(t.itemIdentifiers == [1, 2] && t.numberOfSections == 1)
            t.deleteAllItems()
            #expect(t.numberOfSections == 0 && t.numberOfItems == 0)
        }
        #expect(diagnostics.count == 3)
    }

    /// Repeated identifiers stop the program with UIKit's message, as UIKit does.
    @Test func repeatedIdentifiersTrap() async {
        await #expect(processExitsWith: .failure) {
            var t = NSDiffableDataSourceSnapshot<Int, String>()
            t.appendSections([0])
            t.appendItems(["a", "b", "a"])
        }
        await #expect(processExitsWith: .failure) {
            var t = NSDiffableDataSourceSnapshot<Int, String>()
            t.appendSections([0, 1, 0])
        }
    }

    @Test func aTableShowsTheAppliedSnapshot() throws {
        let root = UIViewController()
        let window = PresentationTests.phone(root: root)
        let table = UITableView(frame: root.view.bounds, style: .insetGrouped)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        root.view.addSubview(table)
        var provided: [String] = []
        let source = UITableViewDiffableDataSource<Section, String>(tableView: table) { table, indexPath, name in
            provided.append(name)
            let cell = table.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
            cell.textLabel?.text = name
            return cell
        }
        var s = NSDiffableDataSourceSnapshot<Section, String>()
        s.appendSections([.favourites, .all])
        s.appendItems(["Ada"], toSection: .favourites)
        s.appendItems(["Alan", "Grace"], toSection: .all)
        var done = false
        source.apply(s, animatingDifferences: false) { done = true }
        window.layoutIfNeeded()
        #expect(done && table.numberOfSections == 2 && table.numberOfRows(inSection: 1) == 2)
        #expect(source.itemIdentifier(for: IndexPath(row: 1, section: 1)) == "Grace")
        #expect(source.indexPath(for: "Alan") == IndexPath(row: 0, section: 1) && source.sectionIdentifier(for: 1) == .all)
        #expect(AlertControllerTests.frame(of: "Grace", in: table) != nil)
        var next = source.snapshot()
        next.deleteItems(["Alan"])
        next.appendItems(["Barbara"], toSection: .favourites)
        source.apply(next)
        window.layoutIfNeeded()
        // The deleted row fades out (0.3 s) and then leaves.
        #expect(table.numberOfRows(inSection: 0) == 2 && AlertControllerTests.frame(of: "Alan", in: table) != nil)
        window.advance(to: window.time + 1)
        #expect(AlertControllerTests.frame(of: "Alan", in: table) == nil)
        #expect(AlertControllerTests.frame(of: "Barbara", in: table) != nil && provided.contains("Barbara"))
    }
}
