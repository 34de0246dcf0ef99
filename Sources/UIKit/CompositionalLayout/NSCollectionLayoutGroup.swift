import Foundation

/// Items side by side, stacked, or placed by a closure (UIKit's `NSCollectionLayoutGroup`): a
/// horizontal or vertical group repeats its subitems along its axis while they fit (a count
/// instead divides the group into that many equal items); a group is itself an item of a
/// larger group or of a section, which repeats it until the section's items are placed.
@preconcurrency @MainActor
open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    enum Arrangement { case horizontal, vertical, custom }
    let arrangement: Arrangement
    /// The items (or groups) in the group.
    public let subitems: [NSCollectionLayoutItem]
    /// How many items a counted group holds (nil: as many as fit).
    let count: Int?
    let itemProvider: NSCollectionLayoutGroupCustomItemProvider?
    /// The space between the group's items.
    open var interItemSpacing: NSCollectionLayoutSpacing?

    init(_ arrangement: Arrangement, layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem], count: Int?,
         itemProvider: NSCollectionLayoutGroupCustomItemProvider? = nil) {
        self.arrangement = arrangement
        self.subitems = subitems
        self.itemProvider = itemProvider
        if let count, count < 1 {
            LayoutDiagnostics.once("NSCollectionLayoutGroup: a count of \(count) items; 1 used")
            self.count = 1
        } else if let count, count > 10_000 {
            LayoutDiagnostics.once("NSCollectionLayoutGroup: a count of \(count) items; 10000 used")
            self.count = 10_000
        } else {
            self.count = count
        }
        hasUniformSubitems = subitems.contains {
            $0.layoutSize.widthDimension.isUniformAcrossSiblings || $0.layoutSize.heightDimension.isUniformAcrossSiblings
        }
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    override var asGroup: NSCollectionLayoutGroup? { self }
    /// Whether a subitem has a dimension uniform across siblings.
    let hasUniformSubitems: Bool

    /// Items side by side, repeated while they fit.
    open class func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(.horizontal, layoutSize: layoutSize, subitems: subitems, count: nil)
    }
    /// `count` equal items side by side (iOS 16).
    open class func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(.horizontal, layoutSize: layoutSize, subitems: [subitem], count: count)
    }
    /// `count` equal items side by side (deprecated in iOS 16 for `repeatingSubitem:`).
    open class func horizontal(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        horizontal(layoutSize: layoutSize, repeatingSubitem: subitem, count: count)
    }
    /// Items stacked, repeated while they fit.
    open class func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(.vertical, layoutSize: layoutSize, subitems: subitems, count: nil)
    }
    /// `count` equal items stacked (iOS 16).
    open class func vertical(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(.vertical, layoutSize: layoutSize, subitems: [subitem], count: count)
    }
    /// `count` equal items stacked (deprecated in iOS 16 for `repeatingSubitem:`).
    open class func vertical(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        vertical(layoutSize: layoutSize, repeatingSubitem: subitem, count: count)
    }
    /// Items where `itemProvider` puts them (frames in the group), one per section item.
    open class func custom(layoutSize: NSCollectionLayoutSize,
                           itemProvider: @escaping NSCollectionLayoutGroupCustomItemProvider) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(.custom, layoutSize: layoutSize, subitems: [], count: nil, itemProvider: itemProvider)
    }

    /// A picture of the group in text (UIKit's debugging aid).
    open func visualDescription() -> String {
        let kind = arrangement == .horizontal ? "horizontal" : arrangement == .vertical ? "vertical" : "custom"
        return "<NSCollectionLayoutGroup \(kind) size=\(layoutSize) subitems=\(subitems.count)\(count.map { " count=\($0)" } ?? "")>"
    }
}

/// Where a custom group puts its items (UIKit's `NSCollectionLayoutGroupCustomItemProvider`).
public typealias NSCollectionLayoutGroupCustomItemProvider = @MainActor (any NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem]

/// One item of a custom group: its frame in the group (UIKit's `NSCollectionLayoutGroupCustomItem`).
@preconcurrency @MainActor
public final class NSCollectionLayoutGroupCustomItem: NSObject, @preconcurrency NSCopying {
    public let frame: CGRect
    public let zIndex: Int
    public init(frame: CGRect) { self.frame = frame; zIndex = 0 }
    public init(frame: CGRect, zIndex: Int) { self.frame = frame; self.zIndex = zIndex }
    public func copy(with zone: NSZone? = nil) -> Any { self }
}
