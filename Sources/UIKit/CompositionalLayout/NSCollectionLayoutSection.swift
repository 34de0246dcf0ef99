import Foundation

/// How an orthogonal section scrolls and comes to rest (UIKit's
/// `UICollectionLayoutSectionOrthogonalScrollingBehavior`).
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    /// The section does not scroll across the layout's axis: groups follow each other along it.
    case none
    /// Scrolls freely.
    case continuous
    /// Scrolls freely, resting at a group's leading edge.
    case continuousGroupLeadingBoundary
    /// Scrolls a page (the collection view's width) at a time.
    case paging
    /// Scrolls a group at a time, resting at its leading edge.
    case groupPaging
    /// Scrolls a group at a time, resting with it centred.
    case groupPagingCentered
}

/// Which insets a section's content keeps clear of (UIKit's `UIContentInsetsReference`).
public enum UIContentInsetsReference: Int, Sendable { case automatic, none, safeArea, layoutMargins, readableContent }

/// A section of a compositional layout (UIKit's `NSCollectionLayoutSection`): its group,
/// repeated along the layout's axis (or across it, in a scroll view of its own, when
/// `orthogonalScrollingBehavior` says) until the section's items are placed, inside
/// `contentInsets`, with headers, footers and decorations.
@preconcurrency @MainActor
open class NSCollectionLayoutSection: NSObject, @preconcurrency NSCopying {
    /// Called before each layout pass with the section's visible items, which it may move,
    /// scale or fade, the section's scroll offset and the environment.
    public typealias VisibleItemsInvalidationHandler = ([any NSCollectionLayoutVisibleItem], CGPoint, any NSCollectionLayoutEnvironment) -> Void

    let group: NSCollectionLayoutGroup
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    open var interGroupSpacing: CGFloat = 0
    open var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// Whether headers and footers are inset like the content (true).
    open var supplementariesFollowContentInsets = true
    open var visibleItemsInvalidationHandler: VisibleItemsInvalidationHandler?
    open var decorationItems: [NSCollectionLayoutDecorationItem] = []
    open var contentInsetsReference: UIContentInsetsReference = .automatic
    open var supplementaryContentInsetsReference: UIContentInsetsReference = .automatic
    /// The list configuration the section was made from (`list(using:layoutEnvironment:)`).
    var list: UICollectionLayoutListConfiguration?

    public init(group: NSCollectionLayoutGroup) {
        self.group = group
        super.init()
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// A section laid out as a list: full-width rows of estimated height 44 with the
    /// appearance's insets, headers, footers, separators and backgrounds.
    public static func list(using configuration: UICollectionLayoutListConfiguration,
                            layoutEnvironment: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        configuration.makeSection(layoutEnvironment)
    }
}

/// The space a compositional layout lays a section out in (UIKit's `NSCollectionLayoutContainer`).
@preconcurrency @MainActor
public protocol NSCollectionLayoutContainer: AnyObject {
    /// The collection view's size (less its content insets).
    var contentSize: CGSize { get }
    /// The size less the section's reference insets (the safe area, by default).
    var effectiveContentSize: CGSize { get }
    var contentInsets: NSDirectionalEdgeInsets { get }
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// What a section provider knows when it makes a section (UIKit's `NSCollectionLayoutEnvironment`).
@preconcurrency @MainActor
public protocol NSCollectionLayoutEnvironment: AnyObject {
    var container: any NSCollectionLayoutContainer { get }
    var traitCollection: UITraitCollection { get }
}

final class LayoutContainer: NSCollectionLayoutContainer {
    let contentSize: CGSize
    let effectiveContentSize: CGSize
    let contentInsets: NSDirectionalEdgeInsets
    let effectiveContentInsets: NSDirectionalEdgeInsets
    init(contentSize: CGSize, contentInsets: NSDirectionalEdgeInsets, effectiveContentInsets: NSDirectionalEdgeInsets) {
        self.contentSize = contentSize
        self.contentInsets = contentInsets
        self.effectiveContentInsets = effectiveContentInsets
        effectiveContentSize = CGSize(width: max(0, contentSize.width - effectiveContentInsets.leading - effectiveContentInsets.trailing),
                                      height: max(0, contentSize.height - effectiveContentInsets.top - effectiveContentInsets.bottom))
    }
}

final class LayoutEnvironment: NSCollectionLayoutEnvironment {
    let container: any NSCollectionLayoutContainer
    let traitCollection: UITraitCollection
    init(container: any NSCollectionLayoutContainer, traitCollection: UITraitCollection) {
        self.container = container
        self.traitCollection = traitCollection
    }
}

/// An element a section's `visibleItemsInvalidationHandler` may change (UIKit's
/// `NSCollectionLayoutVisibleItem`).
@preconcurrency @MainActor
public protocol NSCollectionLayoutVisibleItem: AnyObject {
    var alpha: CGFloat { get set }
    var zIndex: Int { get set }
    var isHidden: Bool { get set }
    var center: CGPoint { get set }
    var transform: CGAffineTransform { get set }
    var transform3D: CATransform3D { get set }
    var name: String { get }
    var indexPath: IndexPath { get }
    var frame: CGRect { get }
    var bounds: CGRect { get }
    var representedElementCategory: UICollectionView.ElementCategory { get }
    var representedElementKind: String? { get }
}

extension UICollectionView {
    /// What kind of element something is (UIKit's `UICollectionView.ElementCategory`).
    public typealias ElementCategory = UICollectionViewLayoutAttributes.ElementCategory
}

/// A visible element handed to a handler: changes go to the attributes shown.
final class VisibleItem: NSCollectionLayoutVisibleItem {
    let attributes: UICollectionViewLayoutAttributes
    init(_ a: UICollectionViewLayoutAttributes) { attributes = a }
    var alpha: CGFloat { get { attributes.alpha } set { attributes.alpha = newValue } }
    var zIndex: Int { get { attributes.zIndex } set { attributes.zIndex = newValue } }
    var isHidden: Bool { get { attributes.isHidden } set { attributes.isHidden = newValue } }
    var center: CGPoint { get { attributes.center } set { attributes.center = newValue } }
    var transform: CGAffineTransform { get { attributes.transform } set { attributes.transform = newValue } }
    var transform3D: CATransform3D { get { attributes.transform3D } set { attributes.transform3D = newValue } }
    var name: String { attributes.representedElementKind ?? "cell" }
    var indexPath: IndexPath { attributes.indexPath }
    var frame: CGRect { attributes.frame }
    var bounds: CGRect { attributes.bounds }
    var representedElementCategory: UICollectionView.ElementCategory { attributes.representedElementCategory }
    var representedElementKind: String? { attributes.representedElementKind }
}
