import Foundation

/// One attribute of a view or layout guide, to make constraints from (UIKit's `NSLayoutAnchor`).
@preconcurrency @MainActor
open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    weak var item: AnyObject?
    let attribute: NSLayoutConstraint.Attribute

    init(item: AnyObject, attribute: NSLayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
        super.init()
    }

    func make(_ relation: NSLayoutConstraint.Relation, _ other: NSLayoutAnchor<AnchorType>?, multiplier: CGFloat = 1,
              constant: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(item: item as Any, attribute: attribute, relatedBy: relation, toItem: other?.item,
                           attribute: other?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
    }

    /// `self == anchor`.
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { make(.equal, anchor) }
    /// `self >= anchor`.
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor)
    }
    /// `self <= anchor`.
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { make(.lessThanOrEqual, anchor) }
    /// `self == anchor + c`.
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, constant: c)
    }
    /// `self >= anchor + c`.
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: c)
    }
    /// `self <= anchor + c`.
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: c)
    }
}

/// The spacing `constraint(equalToSystemSpacingAfter:)` uses (8 points, UIKit's standard).
let systemSpacing: CGFloat = 8

/// A horizontal anchor (leading, trailing, left, right, centerX).
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {
    /// `self == anchor + system spacing × multiplier`.
    open func constraint(equalToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, constant: systemSpacing * multiplier)
    }
    open func constraint(greaterThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: systemSpacing * multiplier)
    }
    open func constraint(lessThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: systemSpacing * multiplier)
    }
}

/// A vertical anchor (top, bottom, centerY, baselines).
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {
    /// `self == anchor + system spacing × multiplier`.
    open func constraint(equalToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, constant: systemSpacing * multiplier)
    }
    open func constraint(greaterThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: systemSpacing * multiplier)
    }
    open func constraint(lessThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: systemSpacing * multiplier)
    }
}

/// A width or height anchor.
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    /// `self == c`.
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { make(.equal, nil, constant: c) }
    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { make(.greaterThanOrEqual, nil, constant: c) }
    open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { make(.lessThanOrEqual, nil, constant: c) }
    /// `self == m × anchor`.
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, multiplier: m)
    }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: m)
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: m)
    }
    /// `self == m × anchor + c`.
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, multiplier: m, constant: c)
    }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: m, constant: c)
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: m, constant: c)
    }
}

/// A rectangle constraints can position, without a view (UIKit's `UILayoutGuide`).
@preconcurrency @MainActor
open class UILayoutGuide: NSObject {
    /// The view the guide belongs to.
    open internal(set) weak var owningView: UIView?
    /// A name shown in logs.
    open var identifier = "UILayoutGuide"
    /// Margins and safe-area guides follow their view's bounds (insets); custom guides are free.
    enum Kind { case custom, margins, safeArea, readable, scrollContent, scrollFrame }
    var kind: Kind = .custom
    /// The guide's frame in its view's coordinates after the last layout.
    open internal(set) var layoutFrame: CGRect = .zero

    public override init() { super.init() }

    open lazy var leadingAnchor = NSLayoutXAxisAnchor(item: self, attribute: .leading)
    open lazy var trailingAnchor = NSLayoutXAxisAnchor(item: self, attribute: .trailing)
    open lazy var leftAnchor = NSLayoutXAxisAnchor(item: self, attribute: .left)
    open lazy var rightAnchor = NSLayoutXAxisAnchor(item: self, attribute: .right)
    open lazy var topAnchor = NSLayoutYAxisAnchor(item: self, attribute: .top)
    open lazy var bottomAnchor = NSLayoutYAxisAnchor(item: self, attribute: .bottom)
    open lazy var widthAnchor = NSLayoutDimension(item: self, attribute: .width)
    open lazy var heightAnchor = NSLayoutDimension(item: self, attribute: .height)
    open lazy var centerXAnchor = NSLayoutXAxisAnchor(item: self, attribute: .centerX)
    open lazy var centerYAnchor = NSLayoutYAxisAnchor(item: self, attribute: .centerY)
}
