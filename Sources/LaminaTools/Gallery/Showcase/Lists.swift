import Foundation
import UIKit

extension Gallery {
    static let lists = GalleryEntry(
        "uikit-lists", section: .layers, title: "Lists, carousels and pickers",
        caption: "Three phones built as modern iOS code builds them: an inset-grouped settings list from "
            + "UICollectionLayoutListConfiguration, cell registrations and a diffable data source, with swipe actions "
            + "open on one row; a home screen of a compositional layout, carousels scrolling across in scroll views of "
            + "their own (group paging, centred) under pinned section headers; and an inline UIDatePicker over a "
            + "UIPickerView's wheels, a UIStepper and a UIPageControl.",
        size: CGSize(width: 980, height: 690), output: .still(at: 0)
    ) { stage in
        stage.window.backgroundColor = .systemGray5
        let phone = stage.phoneWindow
        // gallery:begin uikit-lists
        enum Section: Hashable, Sendable { case network, general }
        struct Row: Hashable, Sendable { let title: String, symbol: String, color: String, value: String? }
        final class SettingsList: UIViewController {
            var dataSource: UICollectionViewDiffableDataSource<Section, Row>!
            var collectionView: UICollectionView!
            override func viewDidLoad() {
                super.viewDidLoad()
                var list = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
                list.headerMode = .supplementary
                list.trailingSwipeActionsConfigurationProvider = { _ in
                    let delete = UIContextualAction(style: .destructive, title: "Delete") { _, _, done in done(true) }
                    let flag = UIContextualAction(style: .normal, title: "Flag") { _, _, done in done(true) }
                    flag.backgroundColor = .systemOrange
                    return UISwipeActionsConfiguration(actions: [delete, flag])
                }
                collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: list))
                collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                view.addSubview(collectionView)
                let colors: [String: UIColor] = ["blue": .systemBlue, "green": .systemGreen, "gray": .systemGray, "orange": .systemOrange]
                let cell = UICollectionView.CellRegistration<UICollectionViewListCell, Row> { cell, _, row in
                    var content = row.value == nil ? cell.defaultContentConfiguration() : .valueCell()
                    content.text = row.title
                    content.secondaryText = row.value
                    content.image = UIImage(systemName: row.symbol)
                    content.imageProperties.tintColor = colors[row.color]
                    cell.contentConfiguration = content
                    cell.accessories = [.disclosureIndicator()]
                }
                let header = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
                    elementKind: UICollectionView.elementKindSectionHeader) { view, _, path in
                    var content = UIListContentConfiguration.groupedHeader()
                    content.text = path.section == 0 ? "Network" : "General"
                    view.contentConfiguration = content
                }
                dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { cv, path, row in
                    cv.dequeueConfiguredReusableCell(using: cell, for: path, item: row)
                }
                dataSource.supplementaryViewProvider = { cv, _, path in
                    cv.dequeueConfiguredReusableSupplementary(using: header, for: path)
                }
                var snapshot = NSDiffableDataSourceSnapshot<Section, Row>()
                snapshot.appendSections([.network, .general])
                snapshot.appendItems([Row(title: "Wi-Fi", symbol: "wifi", color: "blue", value: "Home"),
                                      Row(title: "Bluetooth", symbol: "bolt.fill", color: "blue", value: "On"),
                                      Row(title: "Cellular", symbol: "antenna.radiowaves.left.and.right", color: "green", value: nil)], toSection: .network)
                snapshot.appendItems([Row(title: "General", symbol: "gear", color: "gray", value: nil),
                                      Row(title: "Notifications", symbol: "bell.fill", color: "orange", value: nil),
                                      Row(title: "Display", symbol: "sun.max", color: "blue", value: nil),
                                      Row(title: "Sounds", symbol: "speaker.wave.2.fill", color: "orange", value: nil)], toSection: .general)
                dataSource.apply(snapshot, animatingDifferences: false)
            }
        }

        enum Shelf: Int, Hashable, Sendable { case featured, recent }
        final class Home: UIViewController {
            var dataSource: UICollectionViewDiffableDataSource<Shelf, Int>!
            override func viewDidLoad() {
                super.viewDidLoad()
                let layout = UICollectionViewCompositionalLayout { index, _ in
                    let featured = index == 0
                    let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                    let group = NSCollectionLayoutGroup.horizontal(
                        layoutSize: NSCollectionLayoutSize(widthDimension: featured ? .fractionalWidth(0.85) : .absolute(120),
                                                           heightDimension: featured ? .absolute(200) : .absolute(150)),
                        subitems: [item])
                    let section = NSCollectionLayoutSection(group: group)
                    section.orthogonalScrollingBehavior = featured ? .groupPagingCentered : .continuous
                    section.interGroupSpacing = 12
                    section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 20, trailing: 16)
                    let header = NSCollectionLayoutBoundarySupplementaryItem(
                        layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(40)),
                        elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
                    header.pinToVisibleBounds = true
                    header.zIndex = 2
                    section.boundarySupplementaryItems = [header]
                    return section
                }
                let cv = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
                cv.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                cv.backgroundColor = .systemBackground
                view.addSubview(cv)
                let palette: [UIColor] = [.systemIndigo, .systemPink, .systemTeal, .systemOrange, .systemPurple, .systemGreen]
                let card = UICollectionView.CellRegistration<UICollectionViewCell, Int> { cell, path, n in
                    var content = UIListContentConfiguration.subtitleCell()
                    content.text = path.section == 0 ? "Featured \(n + 1)" : "Album \(n + 1)"
                    content.secondaryText = path.section == 0 ? "New this week" : nil
                    content.textProperties.color = .white
                    content.textProperties.font = .systemFont(ofSize: path.section == 0 ? 22 : 15, weight: .bold)
                    content.secondaryTextProperties.color = UIColor(white: 1, alpha: 0.8)
                    content.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 12, leading: 12, bottom: 12, trailing: 12)
                    cell.contentConfiguration = content
                    var background = UIBackgroundConfiguration.clear()
                    background.backgroundColor = palette[(n + path.section * 2) % palette.count]
                    background.cornerRadius = 14
                    cell.backgroundConfiguration = background
                }
                let header = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
                    elementKind: UICollectionView.elementKindSectionHeader) { view, _, path in
                    var content = UIListContentConfiguration.extraProminentInsetGroupedHeader()
                    content.text = path.section == 0 ? "Featured" : "Recently Added"
                    view.contentConfiguration = content
                    view.backgroundConfiguration = .listPlainHeaderFooter()
                }
                dataSource = UICollectionViewDiffableDataSource(collectionView: cv) { cv, path, n in
                    cv.dequeueConfiguredReusableCell(using: card, for: path, item: n)
                }
                dataSource.supplementaryViewProvider = { cv, _, path in cv.dequeueConfiguredReusableSupplementary(using: header, for: path) }
                var snapshot = NSDiffableDataSourceSnapshot<Shelf, Int>()
                snapshot.appendSections([.featured, .recent])
                snapshot.appendItems(Array(0..<5), toSection: .featured)
                snapshot.appendItems(Array(100..<110), toSection: .recent)
                dataSource.apply(snapshot, animatingDifferences: false)
            }
        }

        final class Pickers: UIViewController, UIPickerViewDataSource, UIPickerViewDelegate {
            let flavours = ["Vanilla", "Chocolate", "Strawberry", "Pistachio", "Mango", "Lemon"]
            override func viewDidLoad() {
                super.viewDidLoad()
                view.backgroundColor = .systemBackground
                let date = UIDatePicker(frame: CGRect(x: 0, y: 44, width: 300, height: 330))
                date.preferredDatePickerStyle = .inline
                date.datePickerMode = .date
                date.timeZone = TimeZone(identifier: "UTC")
                date.locale = Locale(identifier: "en_US")
                date.date = Date(timeIntervalSince1970: 1_552_000_000)   // March 7, 2019 (not this month: no "today")
                view.addSubview(date)
                let wheel = UIPickerView(frame: CGRect(x: 0, y: 372, width: 300, height: 180))
                wheel.dataSource = self
                wheel.delegate = self
                wheel.selectRow(2, inComponent: 0, animated: false)
                wheel.selectRow(1, inComponent: 1, animated: false)
                view.addSubview(wheel)
                let stepper = UIStepper(frame: CGRect(x: 16, y: 566, width: 0, height: 0))
                stepper.value = 1
                view.addSubview(stepper)
                let pages = UIPageControl(frame: CGRect(x: 140, y: 569, width: 144, height: 26))
                pages.numberOfPages = 5
                pages.currentPage = 1
                view.addSubview(pages)
            }
            func numberOfComponents(in pickerView: UIPickerView) -> Int { 2 }
            func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int { component == 0 ? flavours.count : 3 }
            func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
                component == 0 ? flavours[row] : ["Cup", "Cone", "Tub"][row]
            }
        }

        let settings = SettingsList()
        let first = phone(UINavigationController(rootViewController: settings))
        settings.title = "Settings"
        // A swipe toward the leading edge on "Bluetooth" opens its actions.
        if let cell = settings.collectionView.cellForItem(at: IndexPath(item: 1, section: 0)) {
            let y = cell.convert(CGPoint(x: 0, y: cell.bounds.midY), to: nil).y
            first.advance(to: 0)
            if let touch = first.touchDown(at: CGPoint(x: 260, y: y)) {
                for k in 1...8 {
                    first.advance(to: 0.04 * Double(k))
                    first.touchMove(touch, to: CGPoint(x: 260 - 20 * CGFloat(k), y: y))
                }
                first.touchUp(touch)
            }
            first.advance(to: 1)
        }
        let home = phone(Home())
        let third = phone(Pickers())
        // gallery:end
        stage.showPhones([first, home, third], at: 1.5)
    }

    static let dynamicType = GalleryEntry(
        "uikit-dynamic-type", section: .layers, title: "Dynamic Type",
        caption: "One inset-grouped list, as a list configuration and list content configurations draw it, at the "
            + "default text size (Large) and at Accessibility Medium: the fonts follow the content size category "
            + "(UIFontMetrics' tables), the rows size themselves to their wrapped text, and a label with "
            + "adjustsFontForContentSizeCategory scales its own font.",
        size: CGSize(width: 660, height: 690), output: .still(at: 0)
    ) { stage in
        stage.window.backgroundColor = .systemGray5
        // gallery:begin uikit-dynamic-type
        final class Reading: UIViewController {
            var dataSource: UICollectionViewDiffableDataSource<Int, String>!
            override func viewDidLoad() {
                super.viewDidLoad()
                let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: view.bounds.width, height: 430),
                                          collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .insetGrouped)))
                cv.autoresizingMask = [.flexibleWidth]
                view.addSubview(cv)
                let cell = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, path, text in
                    var content = path.item == 0 ? UIListContentConfiguration.subtitleCell() : cell.defaultContentConfiguration()
                    content.text = text
                    content.secondaryText = path.item == 0 ? "Text follows the reader's preferred size" : nil
                    content.image = UIImage(systemName: ["textformat", "folder.fill", "bookmark.fill", "star.fill"][path.item % 4])
                    cell.contentConfiguration = content
                    cell.accessories = [.disclosureIndicator()]
                }
                dataSource = UICollectionViewDiffableDataSource(collectionView: cv) { cv, path, text in
                    cv.dequeueConfiguredReusableCell(using: cell, for: path, item: text)
                }
                var s = NSDiffableDataSourceSnapshot<Int, String>()
                s.appendSections([0])
                s.appendItems(["Larger Text", "Library", "Bookmarks", "Favourites"])
                dataSource.apply(s, animatingDifferences: false)
                let note = UILabel(frame: CGRect(x: 20, y: 440, width: 260, height: 180))
                note.numberOfLines = 0
                note.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 17))
                note.adjustsFontForContentSizeCategory = true
                note.text = "A label with its own font, scaled by UIFontMetrics."
                view.addSubview(note)
            }
        }
        /// The list in a container whose child sees `category`.
        final class Host: UIViewController {
            init(_ category: UIContentSizeCategory) {
                super.init()
                let child = Reading()
                addChild(child)
                setOverrideTraitCollection(UITraitCollection(preferredContentSizeCategory: category), forChild: child)
                child.didMove(toParent: self)
            }
            required init?(coder: NSCoder) { nil }
            override func viewDidLoad() {
                super.viewDidLoad()
                view.backgroundColor = .systemGroupedBackground
                children[0].view.frame = view.bounds
                children[0].view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                view.addSubview(children[0].view)
            }
        }
        // gallery:end
        stage.showPhones([UIContentSizeCategory.large, .accessibilityMedium].map { stage.phoneWindow(Host($0)) }, at: 1)
    }
}
