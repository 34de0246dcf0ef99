import Foundation
import Testing
@_spi(LaminaTesting) import UIKit

/// Compositional layouts, cell registrations, list configurations and batch updates, written
/// as iOS code.
@MainActor
@Suite("Compositional layout")
struct CompositionalLayoutTests {
    /// A data source of `counts` items per section whose cells are plain and whose headers and
    /// footers are labelled views.
    final class Source: NSObject, UICollectionViewDataSource {
        var counts: [Int]
        var made = 0
        init(_ counts: [Int]) { self.counts = counts }
        func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            made += 1
            return collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
        func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                            at indexPath: IndexPath) -> UICollectionReusableView {
            collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "supplementary", for: indexPath)
        }
    }

    static func collection(_ layout: UICollectionViewLayout, _ source: Source, size: CGSize = CGSize(width: 320, height: 480)) -> UICollectionView {
        let cv = UICollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        for kind in [UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter, "badge"] {
            cv.register(UICollectionReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: "supplementary")
        }
        cv.dataSource = source
        cv.layoutIfNeeded()
        return cv
    }

    static func frame(_ cv: UICollectionView, _ item: Int, _ section: Int = 0) -> CGRect? {
        cv.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    @Test func fractionalItemsRepeatInAGroupAndGroupsDownTheSection() {
        // Two half-width items per row, 100 points tall, each inset by 10 points.
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
        item.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
                                                       subitems: [item])
        let source = Source([5])
        let cv = Self.collection(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), source)
        #expect(Self.frame(cv, 0) == CGRect(x: 10, y: 10, width: 140, height: 80))
        #expect(Self.frame(cv, 1) == CGRect(x: 170, y: 10, width: 140, height: 80))
        #expect(Self.frame(cv, 4) == CGRect(x: 10, y: 210, width: 140, height: 80))
        #expect(cv.contentSize == CGSize(width: 320, height: 300))
        #expect(cv.visibleCells.count == 5)
    }

    @Test func aCountedGroupDividesItsWidthAndSectionsKeepInsetsSpacingHeadersAndFooters() {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(999), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
                                                       repeatingSubitem: item, count: 3)
        group.interItemSpacing = .fixed(10)
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 20, bottom: 15, trailing: 20)
        section.interGroupSpacing = 8
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(30))
        section.boundarySupplementaryItems = [
            NSCollectionLayoutBoundarySupplementaryItem(layoutSize: size, elementKind: UICollectionView.elementKindSectionHeader, alignment: .top),
            NSCollectionLayoutBoundarySupplementaryItem(layoutSize: size, elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom),
        ]
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 12
        let source = Source([4, 1])
        let cv = Self.collection(UICollectionViewCompositionalLayout(section: section, configuration: configuration), source)
        // (280 - 2 × 10) / 3 = 86.67 points each.
        let w: CGFloat = (280 - 20) / 3
        #expect(Self.frame(cv, 0) == CGRect(x: 20, y: 35, width: w, height: 50))
        #expect(Self.frame(cv, 2) == CGRect(x: 20 + 2 * (w + 10), y: 35, width: w, height: 50))
        #expect(Self.frame(cv, 3) == CGRect(x: 20, y: 93, width: w, height: 50))
        let header = cv.layoutAttributesForSupplementaryElement(ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        let footer = cv.layoutAttributesForSupplementaryElement(ofKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 0))
        #expect(header?.frame == CGRect(x: 20, y: 0, width: 280, height: 30))
        #expect(footer?.frame == CGRect(x: 20, y: 158, width: 280, height: 30))
        // The second section starts 12 points after the first's footer.
        #expect(Self.frame(cv, 0, 1) == CGRect(x: 20, y: 188 + 12 + 30 + 5, width: w, height: 50))
        #expect(cv.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionHeader).count == 2)
        #expect(cv.supplementaryView(forElementKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 1)) != nil)
    }

    @Test func nestedGroupsAndBadgesAnchoredToItems() {
        // A large item beside two stacked small ones.
        let large = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(2.0 / 3), heightDimension: .fractionalHeight(1)))
        let badge = NSCollectionLayoutSupplementaryItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(20), heightDimension: .absolute(20)),
                                                        elementKind: "badge",
                                                        containerAnchor: NSCollectionLayoutAnchor(edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.3, y: -0.3)))
        let small = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5)),
                                           supplementaryItems: [badge])
        let column = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1)),
                                                      subitems: [small])
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(120)),
                                                       subitems: [large, column])
        let source = Source([6])
        let cv = Self.collection(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), source, size: CGSize(width: 300, height: 400))
        #expect(Self.frame(cv, 0) == CGRect(x: 0, y: 0, width: 200, height: 120))
        #expect(Self.frame(cv, 1) == CGRect(x: 200, y: 0, width: 100, height: 60))
        #expect(Self.frame(cv, 2) == CGRect(x: 200, y: 60, width: 100, height: 60))
        #expect(Self.frame(cv, 3) == CGRect(x: 0, y: 120, width: 200, height: 120))
        // The badge sits in the item's top trailing corner, moved out by 0.3 of its size.
        let b = cv.layoutAttributesForSupplementaryElement(ofKind: "badge", at: IndexPath(item: 1, section: 0))
        #expect(b?.frame == CGRect(x: 300 - 20 + 6, y: -6, width: 20, height: 20))
    }

    @Test func orthogonalSectionsScrollInAScrollViewOfTheirOwnAndRestOnGroups() throws {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(150), heightDimension: .absolute(100)),
                                                       subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = .groupPaging
        section.interGroupSpacing = 10
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
        var seen: [(IndexPath, CGFloat)] = []
        section.visibleItemsInvalidationHandler = { items, offset, _ in
            for i in items { i.transform = CGAffineTransform(scaleX: 0.9, y: 0.9); if i.indexPath.section == 0 { seen.append((i.indexPath, offset.x)) } }
        }
        let source = Source([10, 3])
        let cv = Self.collection(UICollectionViewCompositionalLayout(section: section), source)
        // Groups follow each other across: 16, 176, 336…; the section is one group tall.
        #expect(Self.frame(cv, 1) == CGRect(x: 176, y: 0, width: 150, height: 100))
        #expect(Self.frame(cv, 0, 1) == CGRect(x: 16, y: 100, width: 150, height: 100))
        #expect(cv.contentSize.height == 200)
        let scroller = try #require(cv.cellForItem(at: IndexPath(item: 0, section: 0))?.superview as? UIScrollView)
        #expect(scroller !== cv && scroller.contentSize == CGSize(width: 16 + 10 * 150 + 9 * 10 + 16, height: 100))
        #expect(cv.indexPathsForVisibleItems.filter { $0.section == 0 }.map(\.item) == [0, 1])
        #expect(cv.cellForItem(at: IndexPath(item: 0, section: 0))?.transform == CGAffineTransform(scaleX: 0.9, y: 0.9))
        // Scrolling the carousel shows later items; the collection view does not move.
        scroller.contentOffset = CGPoint(x: 480, y: 0)
        cv.layoutIfNeeded()
        #expect(cv.indexPathsForVisibleItems.filter { $0.section == 0 }.map(\.item) == [2, 3, 4])
        #expect(cv.contentOffset == .zero && seen.last?.1 == 480)
        #expect(scroller.decelerationRate == .fast && !scroller.showsHorizontalScrollIndicator)
    }

    @Test func pinnedHeadersStayAtTheTopWhileTheirSectionShows() {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
                                                     subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        let header = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)),
                                                                 elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        header.pinToVisibleBounds = true
        section.boundarySupplementaryItems = [header]
        let source = Source([20, 20])
        let cv = Self.collection(UICollectionViewCompositionalLayout(section: section), source)
        cv.contentOffset = CGPoint(x: 0, y: 300)
        cv.layoutIfNeeded()
        let path = IndexPath(item: 0, section: 0)
        #expect(cv.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: path)?.frame.minY == 300)
        // Near the section's end the header is pushed up by the next one.
        cv.contentOffset = CGPoint(x: 0, y: 30 + 20 * 44 - 10)
        cv.layoutIfNeeded()
        #expect(abs((cv.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: path)?.frame.maxY ?? 0) - (30 + 20 * 44)) < 0.01)
    }

    @Test func insetGroupedListsSizeTheirRowsAndDrawIOSMetrics() throws {
        var list = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        list.headerMode = .none
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 600),
                                  collectionViewLayout: UICollectionViewCompositionalLayout.list(using: list))
        let long = String(repeating: "A long row that wraps onto more than one line. ", count: 3)
        let texts = ["Wi-Fi", "Bluetooth", long]
        var handled = 0
        let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, text in
            handled += 1
            var content = cell.defaultContentConfiguration()
            content.text = text
            cell.contentConfiguration = content
            cell.accessories = [.disclosureIndicator()]
        }
        final class ListSource: NSObject, UICollectionViewDataSource {
            let texts: [String]; let registration: UICollectionView.CellRegistration<UICollectionViewListCell, String>
            init(_ t: [String], _ r: UICollectionView.CellRegistration<UICollectionViewListCell, String>) { texts = t; registration = r }
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { texts.count }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: texts[indexPath.item])
            }
        }
        let source = ListSource(texts, registration)
        cv.dataSource = source
        cv.layoutIfNeeded()
        #expect(handled == 3)
        #expect(cv.backgroundColor == .systemGroupedBackground)
        let first = try #require(Self.frame(cv, 0)), second = try #require(Self.frame(cv, 1)), third = try #require(Self.frame(cv, 2))
        // Inset 16 points at the sides, 18 below the top; one-line rows are 44 points tall and
        // the wrapping one is taller.
        #expect(first == CGRect(x: 16, y: 18, width: 343, height: 44))
        #expect(second.minY == 62 && second.height == 44)
        #expect(third.height > 60)
        let cell = try #require(cv.cellForItem(at: IndexPath(item: 0, section: 0)) as? UICollectionViewListCell)
        #expect(cell.contentView is UIListContentView)
        #expect(cell.layer.cornerRadius == 10 && cell.layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner])
        let last = try #require(cv.cellForItem(at: IndexPath(item: 2, section: 0)))
        #expect(last.layer.maskedCorners == [.layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        // The text starts at the cell's 16-point margin.
        let label = try #require(cell.contentView.subviews.compactMap { $0 as? UILabel }.first { $0.text == "Wi-Fi" })
        #expect(cell.convert(label.frame, from: cell.contentView).minX == 16)
    }

    @Test func listContentConfigurationsCarryIOSStyles() {
        let cell = UIListContentConfiguration.cell()
        #expect(cell.textProperties.font.pointSize == 17 && cell.textProperties.color == .label)
        #expect(cell.directionalLayoutMargins == NSDirectionalEdgeInsets(top: 11, leading: 0, bottom: 11, trailing: 0))
        var value = UIListContentConfiguration.valueCell()
        #expect(value.prefersSideBySideTextAndSecondaryText && value.secondaryTextProperties.color == .secondaryLabel)
        #expect(UIListContentConfiguration.groupedHeader().textProperties.font.pointSize == 13)
        #expect(UIListContentConfiguration.subtitleCell().secondaryTextProperties.font.pointSize == 15)
        // A value row puts its secondary text at the trailing margin.
        value.text = "Version"
        value.secondaryText = "17.0"
        value.directionalLayoutMargins.leading = 16
        value.directionalLayoutMargins.trailing = 16
        let view = UIListContentView(configuration: value)
        view.frame = CGRect(x: 0, y: 0, width: 375, height: 44)
        view.layoutIfNeeded()
        let labels = view.subviews.compactMap { $0 as? UILabel }
        let secondary = labels.first { $0.text == "17.0" }
        #expect(secondary.map { abs($0.frame.maxX - 359) < 1 } == true)
        #expect(view.sizeThatFits(CGSize(width: 375, height: 0)).height >= 42)
        // A selected sidebar row's text turns white.
        var state = UICellConfigurationState(traitCollection: UITraitCollection())
        state.isSelected = true
        let selected = UIListContentConfiguration.sidebarCell().updated(for: state)
        #expect(selected.textProperties.resolvedColor() == .white)
        #expect(UIBackgroundConfiguration.listPlainCell().updated(for: state).backgroundColor == .systemGray4)
    }

    @Test func configurationUpdatesFollowTheCellsState() {
        let cell = UICollectionViewListCell(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        var states: [Bool] = []
        cell.configurationUpdateHandler = { _, state in states.append(state.isSelected) }
        cell.layoutIfNeeded()
        cell.isSelected = true
        cell.layoutIfNeeded()
        #expect(states == [false, true])
        #expect(cell.configurationState.isSelected)
    }

    @Test func diffableApplyRunsABatchUpdateAndKeepsTheCellsOfKeptItems() throws {
        enum S: Hashable, Sendable { case main }
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)),
                                                     subitems: [item])
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480),
                                  collectionViewLayout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)))
        var made = 0
        let registration = UICollectionView.CellRegistration<UICollectionViewCell, String> { _, _, _ in made += 1 }
        let ds = UICollectionViewDiffableDataSource<S, String>(collectionView: cv) { cv, path, id in
            cv.dequeueConfiguredReusableCell(using: registration, for: path, item: id)
        }
        var s = NSDiffableDataSourceSnapshot<S, String>()
        s.appendSections([.main])
        s.appendItems(["a", "b", "c", "d"])
        ds.apply(s, animatingDifferences: false)
        cv.layoutIfNeeded()
        #expect(made == 4)
        let cellC = try #require(cv.cellForItem(at: IndexPath(item: 2, section: 0)))
        s.deleteItems(["b"])
        s.insertItems(["x"], beforeItem: "a")
        s.moveItem("d", beforeItem: "a")
        ds.apply(s, animatingDifferences: false)
        #expect(Set(cv.lastBatchUpdates) == ["delete 0.1", "insert 0.0", "move 0.3->0.1"])
        cv.layoutIfNeeded()
        // Only the inserted item's cell is made; "c" keeps its cell at its new place.
        #expect(made == 5)
        #expect(cv.cellForItem(at: IndexPath(item: 3, section: 0)) === cellC)
        #expect(ds.itemIdentifier(for: IndexPath(item: 1, section: 0)) == "d")
        #expect(cv.cellForItem(at: IndexPath(item: 3, section: 0))?.frame.minY == 120)
    }

    @Test func batchUpdatesMapIndexPathsAsUIKitDoes() {
        let source = Source([5])
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)),
                                                     subitems: [item])
        let cv = Self.collection(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), source)
        let cells = (0..<5).map { cv.cellForItem(at: IndexPath(item: $0, section: 0)) }
        source.counts = [5]
        // Deletes name old index paths, inserts new ones.
        cv.performBatchUpdates {
            cv.deleteItems(at: [IndexPath(item: 0, section: 0)])
            cv.insertItems(at: [IndexPath(item: 4, section: 0)])
        }
        cv.layoutIfNeeded()
        #expect(cv.cellForItem(at: IndexPath(item: 0, section: 0)) === cells[1])
        #expect(cv.cellForItem(at: IndexPath(item: 3, section: 0)) === cells[4])
        // Counts that disagree with the changes are reported, and the view reloads.
        source.counts = [9]
        let (_, diagnostics) = LaminaDiagnostics.collecting { cv.insertItems(at: [IndexPath(item: 0, section: 0)]) }
        #expect(diagnostics.contains { $0.contains("invalid batch update") })
        cv.layoutIfNeeded()
        #expect(cv.numberOfItems(inSection: 0) == 9)
    }

    @Test func oddDimensionsAndMissingSectionsAreReportedNotFatal() {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(.nan), heightDimension: .absolute(1e30)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(-5)),
                                                       subitems: [item])
        let (_, diagnostics) = LaminaDiagnostics.collecting {
            let layout = UICollectionViewCompositionalLayout { index, _ in index == 0 ? NSCollectionLayoutSection(group: group) : nil }
            let source = Source([3, 2])
            let cv = Self.collection(layout, source)
            #expect(cv.contentSize.height.isFinite)
            #expect(cv.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)) == nil)
        }
        #expect(diagnostics.contains { $0.contains("fractionalWidth nan") })
        #expect(diagnostics.contains { $0.contains("returned no section") })
    }

    final class Backdrop: UICollectionReusableView {
        override init(frame: CGRect) { super.init(frame: frame); backgroundColor = .systemGray6 }
        required init?(coder: NSCoder) { nil }
    }

    @Test func decorationsCustomGroupsAndHorizontalLayouts() throws {
        // A custom group placing two items by a closure, in a section with a background.
        let group = NSCollectionLayoutGroup.custom(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(120))) { env in
            let w = env.container.effectiveContentSize.width
            return [NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 0, y: 0, width: w / 2, height: 120)),
                    NSCollectionLayoutGroupCustomItem(frame: CGRect(x: w / 2, y: 60, width: w / 2, height: 60))]
        }
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        let background = NSCollectionLayoutDecorationItem.background(elementKind: "backdrop")
        background.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
        section.decorationItems = [background]
        let layout = UICollectionViewCompositionalLayout(section: section)
        layout.register(Backdrop.self, forDecorationViewOfKind: "backdrop")
        let source = Source([3])
        let cv = Self.collection(layout, source)
        #expect(Self.frame(cv, 0) == CGRect(x: 10, y: 10, width: 160, height: 120))
        #expect(Self.frame(cv, 1) == CGRect(x: 170, y: 70, width: 160, height: 60))
        #expect(Self.frame(cv, 2) == CGRect(x: 10, y: 130, width: 160, height: 120))
        let deco = try #require(layout.layoutAttributesForDecorationView(ofKind: "backdrop", at: IndexPath(item: 0, section: 0)))
        #expect(deco.frame == CGRect(x: 4, y: 4, width: 312, height: 10 + 240 + 10 - 8))
        #expect(cv.subviews.contains { $0 is Backdrop })

        // Sections side by side when the layout scrolls horizontally.
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5)))
        let column = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(100), heightDimension: .fractionalHeight(1)),
                                                      subitems: [item])
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        configuration.interSectionSpacing = 20
        let sideways = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: column), configuration: configuration)
        let source2 = Source([3, 2])
        let cv2 = Self.collection(sideways, source2, size: CGSize(width: 320, height: 200))
        #expect(Self.frame(cv2, 2) == CGRect(x: 100, y: 0, width: 100, height: 100))
        #expect(Self.frame(cv2, 0, 1) == CGRect(x: 220, y: 0, width: 100, height: 100))
        #expect(cv2.contentSize == CGSize(width: 320, height: 200))
    }

    @Test func estimatedItemsTakeTheirMeasuredSizeAndGroupsFollow() throws {
        final class Tall: UICollectionViewCell {
            override func preferredLayoutAttributesFitting(_ a: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
                let b = a.copy() as! UICollectionViewLayoutAttributes
                b.size.height = 30 + CGFloat(a.indexPath.item) * 10
                return b
            }
        }
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .estimated(50))
        let item = NSCollectionLayoutItem(layoutSize: size)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(50)),
                                                       subitems: [item])
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480),
                                  collectionViewLayout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)))
        cv.register(Tall.self, forCellWithReuseIdentifier: "cell")
        let source = Source([4])
        cv.dataSource = source
        cv.layoutIfNeeded()
        // Rows as tall as their tallest item: 40, then 60.
        #expect(Self.frame(cv, 0) == CGRect(x: 0, y: 0, width: 160, height: 30))
        #expect(Self.frame(cv, 1) == CGRect(x: 160, y: 0, width: 160, height: 40))
        #expect(Self.frame(cv, 2)?.minY == 40 && Self.frame(cv, 3)?.height == 60)
        #expect(cv.contentSize.height == 100)
    }
}
