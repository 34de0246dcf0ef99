import Foundation

/// One side of an element of a compositional layout (UIKit's `NSCollectionLayoutDimension`):
/// a fraction of its container's width or height, an absolute length, or an estimate the
/// element's view corrects when it is measured (self-sizing).
@preconcurrency @MainActor
public final class NSCollectionLayoutDimension: NSObject, @preconcurrency NSCopying {
    enum Kind: Equatable, Sendable { case fractionalWidth, fractionalHeight, absolute, estimated, uniform }
    nonisolated let kind: Kind
    /// The fraction, the length or the estimate.
    public nonisolated let dimension: CGFloat

    init(_ kind: Kind, _ value: CGFloat) { self.kind = kind; dimension = value }

    /// A fraction of the container's width.
    public class func fractionalWidth(_ fractionalWidth: CGFloat) -> Self { Self(.fractionalWidth, fractionalWidth) }
    /// A fraction of the container's height.
    public class func fractionalHeight(_ fractionalHeight: CGFloat) -> Self { Self(.fractionalHeight, fractionalHeight) }
    /// A length in points.
    public class func absolute(_ absoluteDimension: CGFloat) -> Self { Self(.absolute, absoluteDimension) }
    /// An estimate the element's view corrects (its `preferredLayoutAttributesFitting(_:)`).
    public class func estimated(_ estimatedDimension: CGFloat) -> Self { Self(.estimated, estimatedDimension) }
    /// An estimate, the largest measured one shared by the group's items (iOS 17).
    public class func uniformAcrossSiblings(estimate estimatedDimension: CGFloat) -> Self { Self(.uniform, estimatedDimension) }

    required init(_ other: NSCollectionLayoutDimension) { kind = other.kind; dimension = other.dimension }

    /// Whether the dimension is a fraction of the container's width.
    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    /// Whether the dimension is a fraction of the container's height.
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    /// Whether the dimension is a length in points.
    public var isAbsolute: Bool { kind == .absolute }
    /// Whether the element sizes itself (estimated or uniform across siblings).
    public var isEstimated: Bool { kind == .estimated || kind == .uniform }
    /// Whether the group's items share the largest measured size.
    public var isUniformAcrossSiblings: Bool { kind == .uniform }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// The length in a container of `size`: NaN, infinite and negative results are 0, and
    /// lengths are at most 10,000,000 points (reported).
    func resolve(in size: CGSize) -> CGFloat {
        let v: CGFloat
        switch kind {
        case .fractionalWidth: v = dimension * size.width
        case .fractionalHeight: v = dimension * size.height
        case .absolute, .estimated, .uniform: v = dimension
        }
        guard v.isFinite, v >= 0 else {
            LayoutDiagnostics.once("NSCollectionLayoutDimension: \(kindName) \(dimension) gives \(v); 0 used")
            return 0
        }
        if v > NSCollectionLayoutDimension.maximumLength {
            LayoutDiagnostics.once("NSCollectionLayoutDimension: \(kindName) \(dimension) gives more than \(Int(NSCollectionLayoutDimension.maximumLength)) points; clamped")
            return NSCollectionLayoutDimension.maximumLength
        }
        return v
    }

    /// The longest side an element is given.
    static let maximumLength: CGFloat = 10_000_000

    private nonisolated var kindName: String {
        switch kind {
        case .fractionalWidth: "fractionalWidth"
        case .fractionalHeight: "fractionalHeight"
        case .absolute: "absolute"
        case .estimated: "estimated"
        case .uniform: "uniformAcrossSiblings"
        }
    }

    public override var description: String { "\(kindName)(\(dimension))" }
}

/// Reports each odd compositional-layout value once per process.
enum LayoutDiagnostics {
    private static let seen = Locked<Set<String>>([])
    static func once(_ message: String) {
        let first = seen.withLock { $0.insert(message).inserted }
        if first { LaminaDiagnostics.report(message) }
    }
}

/// The size of an element of a compositional layout (UIKit's `NSCollectionLayoutSize`).
@preconcurrency @MainActor
public final class NSCollectionLayoutSize: NSObject, @preconcurrency NSCopying {
    /// The width.
    public let widthDimension: NSCollectionLayoutDimension
    /// The height.
    public let heightDimension: NSCollectionLayoutDimension

    /// A size of `width` and `height`.
    public init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension) {
        widthDimension = width
        heightDimension = height
        super.init()
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    func resolve(in container: CGSize) -> CGSize {
        CGSize(width: widthDimension.resolve(in: container), height: heightDimension.resolve(in: container))
    }

    public override var description: String { "{\(widthDimension), \(heightDimension)}" }
}

/// Space between items of a group (UIKit's `NSCollectionLayoutSpacing`): fixed, or flexible
/// (at least the given amount, the group's spare room shared out).
@preconcurrency @MainActor
public class NSCollectionLayoutSpacing: NSObject, @preconcurrency NSCopying {
    /// The spacing (the least, when flexible), in points.
    public let spacing: CGFloat
    /// Whether the spare room is shared out.
    public let isFlexibleSpacing: Bool
    /// Whether the spacing is exactly `spacing`.
    public var isFixedSpacing: Bool { !isFlexibleSpacing }

    required init(_ spacing: CGFloat, flexible: Bool) {
        self.spacing = spacing.isFinite ? max(0, spacing) : 0
        isFlexibleSpacing = flexible
    }

    /// Exactly `fixedSpacing` points.
    public class func fixed(_ fixedSpacing: CGFloat) -> Self { Self(fixedSpacing, flexible: false) }
    /// At least `flexibleSpacing` points, the group's spare room shared between its items.
    public class func flexible(_ flexibleSpacing: CGFloat) -> Self { Self(flexibleSpacing, flexible: true) }
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// Space around an item inside its group (UIKit's `NSCollectionLayoutEdgeSpacing`).
@preconcurrency @MainActor
public final class NSCollectionLayoutEdgeSpacing: NSObject, @preconcurrency NSCopying {
    public let leading: NSCollectionLayoutSpacing?
    public let top: NSCollectionLayoutSpacing?
    public let trailing: NSCollectionLayoutSpacing?
    public let bottom: NSCollectionLayoutSpacing?

    /// Space on each side (nil: none).
    public init(leading: NSCollectionLayoutSpacing?, top: NSCollectionLayoutSpacing?, trailing: NSCollectionLayoutSpacing?,
                bottom: NSCollectionLayoutSpacing?) {
        self.leading = leading; self.top = top; self.trailing = trailing; self.bottom = bottom
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }
}
