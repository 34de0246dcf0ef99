import Foundation

/// How a list section looks (UIKit's `UICollectionLayoutListConfiguration`): full-width rows
/// that size themselves (estimated 44 points), in one of iOS's appearances, with headers and
/// footers, separators and swipe actions.
///
/// Metrics: inset-grouped sections are inset 16 points at the sides (20 in a regular-width
/// environment) with rows rounded 10 points at the section's ends; grouped and inset-grouped
/// sections without a header are 18 points apart from the previous section's end; plain lists
/// pin their headers. Backgrounds: plain lists on the system background, grouped ones on the
/// grouped background, sidebars on the secondary system background.
public struct UICollectionLayoutListConfiguration: @unchecked Sendable {
    /// The list's look.
    public enum Appearance: Int, Sendable { case plain, grouped, insetGrouped, sidebar, sidebarPlain }
    /// Where a section's header comes from.
    public enum HeaderMode: Int, Sendable { case none, supplementary, firstItemInSection }
    /// Where a section's footer comes from.
    public enum FooterMode: Int, Sendable { case none, supplementary }

    public let appearance: Appearance
    public var showsSeparators: Bool
    public var separatorConfiguration: UIListSeparatorConfiguration
    /// Changes a row's separators (called with its index path and the default configuration).
    public var itemSeparatorHandler: ((IndexPath, UIListSeparatorConfiguration) -> UIListSeparatorConfiguration)?
    /// The list's background (nil: the appearance's).
    public var backgroundColor: UIColor?
    /// The swipe actions at a row's leading edge.
    public var leadingSwipeActionsConfigurationProvider: ((IndexPath) -> UISwipeActionsConfiguration?)?
    /// The swipe actions at a row's trailing edge.
    public var trailingSwipeActionsConfigurationProvider: ((IndexPath) -> UISwipeActionsConfiguration?)?
    public var headerMode: HeaderMode = .none
    public var footerMode: FooterMode = .none
    /// The space above each header (nil: the appearance's).
    public var headerTopPadding: CGFloat?

    public init(appearance: Appearance) {
        self.appearance = appearance
        showsSeparators = appearance != .sidebar && appearance != .sidebarPlain
        separatorConfiguration = UIListSeparatorConfiguration(listAppearance: appearance)
    }

    var defaultBackgroundColor: UIColor {
        switch appearance {
        case .plain: .systemBackground
        case .grouped, .insetGrouped: .systemGroupedBackground
        case .sidebar, .sidebarPlain: .secondarySystemBackground
        }
    }

    @MainActor func makeSection(_ env: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
        let item = NSCollectionLayoutItem(layoutSize: size)
        let group = NSCollectionLayoutGroup.vertical(layoutSize: size, subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        let regular = env.traitCollection.horizontalSizeClass == .regular
        let grouped = appearance == .grouped || appearance == .insetGrouped
        var insets = NSDirectionalEdgeInsets.zero
        if appearance == .insetGrouped { insets.leading = regular ? 20 : 16; insets.trailing = insets.leading }
        if appearance == .sidebar { insets.leading = 10; insets.trailing = 10 }
        if grouped {
            insets.top = headerMode == .supplementary ? 0 : (headerTopPadding ?? 18)
            insets.bottom = footerMode == .supplementary ? 0 : 18
        }
        section.contentInsets = insets
        if headerMode == .supplementary {
            let h = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(grouped ? 38 : 28)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            h.pinToVisibleBounds = appearance == .plain
            h.zIndex = appearance == .plain ? 2 : 0
            section.boundarySupplementaryItems.append(h)
        }
        if footerMode == .supplementary {
            section.boundarySupplementaryItems.append(NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(grouped ? 38 : 28)),
                elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom))
        }
        section.list = self
        return section
    }

    /// Where a row sits: its separator, and its corners in an inset-grouped section.
    @MainActor func placement(of k: Int, count n: Int, path: IndexPath) -> ListSeparator {
        let last = k == n - 1
        var sep = separatorConfiguration
        if let handler = itemSeparatorHandler { sep = handler(path, sep) }
        let hidden = !showsSeparators || sep.bottomSeparatorVisibility == .hidden
            || (last && appearance != .plain && sep.bottomSeparatorVisibility != .visible)
        let automatic = UIListSeparatorConfiguration.automaticInsets
        return ListSeparator(hidden: hidden, color: sep.color,
                             leadingInset: sep.bottomSeparatorInsets.leading == automatic.leading ? nil : sep.bottomSeparatorInsets.leading,
                             trailingInset: sep.bottomSeparatorInsets.trailing == automatic.trailing ? nil : sep.bottomSeparatorInsets.trailing,
                             appearance: appearance, first: k == 0, last: last,
                             leadingSwipe: leadingSwipeActionsConfigurationProvider, trailingSwipe: trailingSwipeActionsConfigurationProvider)
    }
}

/// How a list's separators look (UIKit's `UIListSeparatorConfiguration`).
public struct UIListSeparatorConfiguration: Hashable, @unchecked Sendable {
    /// Whether a separator shows.
    public enum Visibility: Int, Sendable { case automatic, visible, hidden }
    /// Insets meaning "the list's own" (the separator starts at the row's text).
    public static let automaticInsets = NSDirectionalEdgeInsets(top: -.greatestFiniteMagnitude, leading: -.greatestFiniteMagnitude,
                                                                bottom: -.greatestFiniteMagnitude, trailing: -.greatestFiniteMagnitude)
    public var topSeparatorVisibility: Visibility = .automatic
    public var bottomSeparatorVisibility: Visibility = .automatic
    public var topSeparatorInsets: NSDirectionalEdgeInsets = automaticInsets
    public var bottomSeparatorInsets: NSDirectionalEdgeInsets = automaticInsets
    public var color: UIColor = .separator
    public var multipleSelectionColor: UIColor = .separator
    public var visualEffect: UIVisualEffect?

    public init(listAppearance: UICollectionLayoutListConfiguration.Appearance) {}

    public static func == (a: Self, b: Self) -> Bool {
        a.topSeparatorVisibility == b.topSeparatorVisibility && a.bottomSeparatorVisibility == b.bottomSeparatorVisibility
            && a.topSeparatorInsets == b.topSeparatorInsets && a.bottomSeparatorInsets == b.bottomSeparatorInsets
            && a.color == b.color && a.multipleSelectionColor == b.multipleSelectionColor
    }

    public func hash(into h: inout Hasher) { h.combine(color); h.combine(bottomSeparatorVisibility) }
}
