import Foundation

/// One cell's place in a compositional layout (UIKit's `NSCollectionLayoutItem`): its size
/// relative to its group, the insets that shrink it inside that size, and supplementary
/// items (badges) anchored to it.
@preconcurrency @MainActor
open class NSCollectionLayoutItem: NSObject, @preconcurrency NSCopying {
    /// The item's size in its group.
    public let layoutSize: NSCollectionLayoutSize
    /// Supplementary views anchored to the item.
    public let supplementaryItems: [NSCollectionLayoutSupplementaryItem]
    /// Space taken from the item's size on each side (ignored along estimated sides, as on iOS).
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    /// Space kept around the item in its group.
    open var edgeSpacing: NSCollectionLayoutEdgeSpacing?

    public convenience init(layoutSize: NSCollectionLayoutSize) {
        self.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    public init(layoutSize: NSCollectionLayoutSize, supplementaryItems: [NSCollectionLayoutSupplementaryItem]) {
        self.layoutSize = layoutSize
        self.supplementaryItems = supplementaryItems
        super.init()
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// The item as a group, if it is one (cheaper than a cast in the layout's loops).
    var asGroup: NSCollectionLayoutGroup? { nil }
}

/// Where a supplementary item attaches to its item or group (UIKit's `NSCollectionLayoutAnchor`):
/// the edges it touches, moved by an absolute or fractional offset.
@preconcurrency @MainActor
public final class NSCollectionLayoutAnchor: NSObject, @preconcurrency NSCopying {
    public let edges: NSDirectionalRectEdge
    public let offset: CGPoint
    public let isAbsoluteOffset: Bool
    public var isFractionalOffset: Bool { !isAbsoluteOffset && offset != .zero }

    public init(edges: NSDirectionalRectEdge) { self.edges = edges; offset = .zero; isAbsoluteOffset = true }
    public init(edges: NSDirectionalRectEdge, absoluteOffset: CGPoint) { self.edges = edges; offset = absoluteOffset; isAbsoluteOffset = true }
    public init(edges: NSDirectionalRectEdge, fractionalOffset: CGPoint) { self.edges = edges; offset = fractionalOffset; isAbsoluteOffset = false }
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// The origin of an element of `size` anchored in `container` (its own anchor at the
    /// same edges unless `itemAnchor` says otherwise).
    func place(_ size: CGSize, in container: CGRect, itemAnchor: NSCollectionLayoutAnchor?) -> CGPoint {
        func x(_ e: NSDirectionalRectEdge, _ r: CGRect) -> CGFloat {
            e.contains(.leading) && !e.contains(.trailing) ? r.minX : e.contains(.trailing) && !e.contains(.leading) ? r.maxX : r.midX
        }
        func y(_ e: NSDirectionalRectEdge, _ r: CGRect) -> CGFloat {
            e.contains(.top) && !e.contains(.bottom) ? r.minY : e.contains(.bottom) && !e.contains(.top) ? r.maxY : r.midY
        }
        // The container's point, and the same point of the element (inside the container).
        let px = x(edges, container), py = y(edges, container)
        let own = itemAnchor?.edges ?? edges
        let local = CGRect(origin: .zero, size: size)
        var o = CGPoint(x: px - x(own, local), y: py - y(own, local))
        let off = isAbsoluteOffset ? offset : CGPoint(x: offset.x * size.width, y: offset.y * size.height)
        o.x += off.x
        o.y += off.y
        if let ia = itemAnchor, ia.offset != .zero {
            let io = ia.isAbsoluteOffset ? ia.offset : CGPoint(x: ia.offset.x * size.width, y: ia.offset.y * size.height)
            o.x -= io.x
            o.y -= io.y
        }
        return o
    }
}

/// A supplementary view attached to an item or group (UIKit's
/// `NSCollectionLayoutSupplementaryItem`), such as a badge.
@preconcurrency @MainActor
open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
    public let elementKind: String
    public let containerAnchor: NSCollectionLayoutAnchor
    public let itemAnchor: NSCollectionLayoutAnchor?
    /// The stacking order (1: above the cells).
    open var zIndex = 1

    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, containerAnchor: containerAnchor, itemAnchor: nil)
    }

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor,
                itemAnchor: NSCollectionLayoutAnchor?) {
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
        self.itemAnchor = itemAnchor
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }
}

/// Which side of a section (or of the whole layout) a boundary supplementary item takes
/// (UIKit's `NSRectAlignment`).
public enum NSRectAlignment: Int, Sendable {
    case none, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing
}

/// A header or footer of a section or of the whole layout (UIKit's
/// `NSCollectionLayoutBoundarySupplementaryItem`): it adds its height to the section
/// (`extendsBoundary`) and can stay on screen while its section shows (`pinToVisibleBounds`).
@preconcurrency @MainActor
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem {
    public let alignment: NSRectAlignment
    public let offset: CGPoint
    /// Whether the section grows to hold the item (true).
    open var extendsBoundary = true
    /// Whether the item stays at the visible edge while its section shows.
    open var pinToVisibleBounds = false

    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, alignment: alignment, absoluteOffset: .zero)
    }

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment, absoluteOffset: CGPoint) {
        self.alignment = alignment
        offset = absoluteOffset
        let edges: NSDirectionalRectEdge = switch alignment {
        case .none: []
        case .top: .top
        case .topLeading: [.top, .leading]
        case .leading: .leading
        case .bottomLeading: [.bottom, .leading]
        case .bottom: .bottom
        case .bottomTrailing: [.bottom, .trailing]
        case .trailing: .trailing
        case .topTrailing: [.top, .trailing]
        }
        super.init(layoutSize: layoutSize, elementKind: elementKind,
                   containerAnchor: NSCollectionLayoutAnchor(edges: edges, absoluteOffset: absoluteOffset), itemAnchor: nil)
        zIndex = 0
    }

    /// Whether the item comes before the section's content along `vertical` (a header).
    func isLeading(vertical: Bool) -> Bool {
        vertical ? [.top, .topLeading, .topTrailing].contains(alignment) : [.leading, .topLeading, .bottomLeading].contains(alignment)
    }
    func isTrailing(vertical: Bool) -> Bool {
        vertical ? [.bottom, .bottomLeading, .bottomTrailing].contains(alignment) : [.trailing, .topTrailing, .bottomTrailing].contains(alignment)
    }
}

/// A view behind a section, such as its background (UIKit's `NSCollectionLayoutDecorationItem`);
/// its class is registered with the layout's `register(_:forDecorationViewOfKind:)`.
@preconcurrency @MainActor
open class NSCollectionLayoutDecorationItem: NSCollectionLayoutItem {
    public let elementKind: String
    /// The stacking order (0; cells above it as they come later).
    open var zIndex = 0

    init(elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)),
                   supplementaryItems: [])
    }

    /// A view filling its section (less its `contentInsets`).
    public class func background(elementKind: String) -> Self {
        unsafeDowncast(NSCollectionLayoutDecorationItem(elementKind: elementKind), to: self)
    }
}
