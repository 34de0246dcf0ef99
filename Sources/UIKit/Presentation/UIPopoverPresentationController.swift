import Foundation

/// The sides a popover's arrow may point from (UIKit's `UIPopoverArrowDirection`).
public struct UIPopoverArrowDirection: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let up = UIPopoverArrowDirection(rawValue: 1 << 0)
    public static let down = UIPopoverArrowDirection(rawValue: 1 << 1)
    public static let left = UIPopoverArrowDirection(rawValue: 1 << 2)
    public static let right = UIPopoverArrowDirection(rawValue: 1 << 3)
    public static let any: UIPopoverArrowDirection = [.up, .down, .left, .right]
    public static let unknown = UIPopoverArrowDirection(rawValue: UInt.max)
}

/// Hears of a popover (UIKit's `UIPopoverPresentationControllerDelegate`; every method
/// optional).
@preconcurrency @MainActor
public protocol UIPopoverPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate {
    func prepareForPopoverPresentation(_ popoverPresentationController: UIPopoverPresentationController)
    func popoverPresentationControllerShouldDismissPopover(_ popoverPresentationController: UIPopoverPresentationController) -> Bool
    func popoverPresentationControllerDidDismissPopover(_ popoverPresentationController: UIPopoverPresentationController)
}

extension UIPopoverPresentationControllerDelegate {
    public func prepareForPopoverPresentation(_ popoverPresentationController: UIPopoverPresentationController) {}
    public func popoverPresentationControllerShouldDismissPopover(_ popoverPresentationController: UIPopoverPresentationController) -> Bool { true }
    public func popoverPresentationControllerDidDismissPopover(_ popoverPresentationController: UIPopoverPresentationController) {}
}

/// The presentation controller of `.popover` (UIKit's `UIPopoverPresentationController`): in a
/// compact width it adapts to a sheet, as on an iPhone; in a regular width the content is placed
/// next to its source at `preferredContentSize` (320 x 480 when none) with rounded corners
/// (Lamina draws no arrow).
@preconcurrency @MainActor
open class UIPopoverPresentationController: UIPresentationController {
    /// The view the popover points at.
    open var sourceView: UIView?
    /// The rectangle in `sourceView` the popover points at (its bounds when null).
    open var sourceRect: CGRect = .null
    /// The bar button item the popover points at.
    open var barButtonItem: UIBarButtonItem?
    /// Where the arrow may be (`.any`).
    open var permittedArrowDirections: UIPopoverArrowDirection = .any
    /// Where the arrow is (`.unknown` before the presentation).
    open private(set) var arrowDirection: UIPopoverArrowDirection = .unknown
    /// Views that still take touches while the popover is shown.
    open var passthroughViews: [UIView]?
    /// The popover's background colour (nil: the system's).
    open var backgroundColor: UIColor?
    /// The margins the popover keeps from the screen's edges.
    open var popoverLayoutMargins: UIEdgeInsets = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    /// Whether the popover may cover its source.
    open var canOverlapSourceViewRect = false

    /// In a compact width, a sheet.
    open override var adaptivePresentationStyle: UIModalPresentationStyle { .formSheet }
    open override var shouldPresentInFullscreen: Bool { false }
    open override var shouldRemovePresentersView: Bool { false }

    /// The sheet it adapted to, when it did.
    var adaptiveSheet: UISheetPresentationController?

    open override var frameOfPresentedViewInContainerView: CGRect {
        guard let c = containerView else { return .zero }
        let p = presentedViewController.preferredContentSize
        let size = CGSize(width: p.width > 0 ? p.width : 320, height: p.height > 0 ? p.height : 480)
        var anchor = CGRect(x: c.bounds.midX, y: c.bounds.midY, width: 0, height: 0)
        if let v = sourceView {
            anchor = v.convert(sourceRect.isNull ? v.bounds : sourceRect, to: c)
        }
        let m = popoverLayoutMargins
        let room = c.bounds.inset(by: m)
        var frame = CGRect(x: anchor.midX - size.width / 2, y: anchor.maxY + 13, width: size.width, height: size.height)
        if frame.maxY > room.maxY, anchor.minY - 13 - size.height >= room.minY {
            frame.origin.y = anchor.minY - 13 - size.height
        }
        frame.origin.x = min(max(frame.minX, room.minX), max(room.minX, room.maxX - frame.width))
        frame.origin.y = min(max(frame.minY, room.minY), max(room.minY, room.maxY - frame.height))
        return frame
    }

    override func addSystemChrome(animated: Bool) {
        (delegate as? UIPopoverPresentationControllerDelegate)?.prepareForPopoverPresentation(self)
        arrowDirection = permittedArrowDirections.contains(.up) ? .up : .down
        guard let v = presentedViewController.viewIfLoaded else { return }
        v.layer.cornerRadius = 13
        v.clipsToBounds = true
        if let backgroundColor { v.backgroundColor = backgroundColor }
    }

    override func systemAnimator(presenting: Bool) -> any UIViewControllerAnimatedTransitioning {
        SystemTransitionAnimator(kind: .crossDissolve, presenting: presenting)
    }
}
