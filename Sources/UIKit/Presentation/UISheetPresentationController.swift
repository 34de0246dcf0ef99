import Foundation

/// What a custom detent's resolver is given (UIKit's
/// `UISheetPresentationControllerDetentResolutionContext`).
@preconcurrency @MainActor
public protocol UISheetPresentationControllerDetentResolutionContext: AnyObject {
    /// The traits of the sheet's container.
    var containerTraitCollection: UITraitCollection { get }
    /// The height of the largest detent (a sheet's height above the bottom safe area).
    var maximumDetentValue: CGFloat { get }
}

/// Hears a sheet's detent changes (UIKit's `UISheetPresentationControllerDelegate`).
@preconcurrency @MainActor
public protocol UISheetPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate {
    /// Called when the selected detent changed by a drag.
    func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController)
}

extension UISheetPresentationControllerDelegate {
    public func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController) {}
}

/// The presentation controller of page and form sheets (UIKit's
/// `UISheetPresentationController`, iOS 15+): a card from the bottom of the screen with its
/// top corners rounded, resting at one of its detents, over the presenting view, which is
/// pushed back and dimmed when the sheet is at its largest.
///
/// On a phone in portrait a large sheet starts 10 points below the top of the safe area and
/// its presenting view shrinks to leave 16 points at each side, its top at the safe area's.
@preconcurrency @MainActor
open class UISheetPresentationController: UIPresentationController {
    /// A height a sheet rests at (UIKit's `UISheetPresentationController.Detent`).
    @preconcurrency @MainActor
    public class Detent: NSObject {
        /// A detent's name.
        public struct Identifier: RawRepresentable, Hashable, Sendable {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public init(_ rawValue: String) { self.rawValue = rawValue }
            /// The medium detent's.
            public static let medium = Identifier(rawValue: "com.apple.UIKit.medium")
            /// The large detent's.
            public static let large = Identifier(rawValue: "com.apple.UIKit.large")
        }

        /// The detent's name.
        public let identifier: Identifier
        private let resolver: (any UISheetPresentationControllerDetentResolutionContext) -> CGFloat?

        private init(identifier: Identifier, resolver: @escaping (any UISheetPresentationControllerDetentResolutionContext) -> CGFloat?) {
            self.identifier = identifier
            self.resolver = resolver
        }

        /// About half the screen's height.
        public class func medium() -> Detent {
            Detent(identifier: .medium) { context in
                // The sheet's top at the middle of the container.
                context.maximumDetentValue / 2
            }
        }

        /// The full height (the sheet's top 10 points below the safe area's).
        public class func large() -> Detent {
            Detent(identifier: .large) { $0.maximumDetentValue }
        }

        /// A detent at the height `resolver` returns (nil: inactive), above the bottom safe area.
        public class func custom(identifier: Identifier? = nil,
                                 resolver: @escaping (any UISheetPresentationControllerDetentResolutionContext) -> CGFloat?) -> Detent {
            Detent(identifier: identifier ?? Identifier(UUID().uuidString), resolver: resolver)
        }

        /// The detent's height in `context` (nil when inactive).
        public func resolvedValue(in context: any UISheetPresentationControllerDetentResolutionContext) -> CGFloat? {
            resolver(context)
        }
    }

    /// The heights the sheet may rest at (`[.large()]`).
    open var detents: [Detent] = [.large()] { didSet { containerView?.setNeedsLayout() } }
    /// The detent the sheet rests at (nil: the smallest).
    open var selectedDetentIdentifier: Detent.Identifier? { didSet { containerView?.setNeedsLayout() } }
    /// The largest detent at which the presenting view is not dimmed (nil: dimmed at all).
    open var largestUndimmedDetentIdentifier: Detent.Identifier? { didSet { containerView?.setNeedsLayout() } }
    /// Whether the sheet shows a grabber at its top.
    open var prefersGrabberVisible = false { didSet { containerView?.setNeedsLayout() } }
    /// The radius of the sheet's top corners (nil: the system's, 10 points).
    open var preferredCornerRadius: CGFloat? { didSet { containerView?.setNeedsLayout() } }
    /// Whether scrolling up at the top of the content grows the sheet to the next detent.
    open var prefersScrollingExpandsWhenScrolledToEdge = true
    /// Whether the sheet is attached to the bottom edge in a compact height.
    open var prefersEdgeAttachedInCompactHeight = false
    /// Whether such a sheet takes the presented controller's preferred width.
    open var widthFollowsPreferredContentSizeWhenEdgeAttached = false
    /// Whether the sheet takes the size of a page in a regular width (iOS 17).
    open var prefersPageSizing = true
    /// The view a popover adapted to a sheet points at.
    open var sourceView: UIView?

    /// Applies `changes` to the sheet's properties with the sheet's animation.
    open func animateChanges(_ changes: () -> Void) {
        changes()
        guard let c = containerView else { return }
        let animate = {
            UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0, options: [],
                           animations: { c.setNeedsLayout(); c.layoutIfNeeded() })
        }
        if let w = c.window { w.run(animate) } else { animate() }
    }

    /// Resolves the detents again (after a custom resolver's inputs changed).
    open func invalidateDetents() { containerView?.setNeedsLayout() }

    open override var frameOfPresentedViewInContainerView: CGRect {
        guard let c = containerView else { return .zero }
        return SheetGeometry(container: c, traits: traitCollection).frame(value: currentDetentValue(in: c),
                                                                        preferredSize: presentedViewController.preferredContentSize,
                                                                        style: madeForStyle ?? .pageSheet)
    }

    open override var shouldPresentInFullscreen: Bool { false }
    open override var shouldRemovePresentersView: Bool { false }

    /// The sheet's card: the presented controller's view inside a view with rounded top corners.
    open override var presentedView: UIView? {
        guard let v = presentedViewController.view else { return nil }
        if v.superview !== card { card.addSubview(v) }
        return card
    }

    // MARK: Lamina's

    private lazy var card: SheetCardView = SheetCardView(sheet: self)
    let dimming = UIView()
    let grabber = UIView()
    /// The presenting view's look before it was pushed back.
    var pushedBack: (view: UIView, transform: CGAffineTransform, radius: CGFloat, clips: Bool)?
    /// A black view behind the pushed-back presenting view (the window's own background).
    let backdrop = UIView()

    /// Detents already reported as unusable (each is reported once).
    private var reportedDetents = Set<ObjectIdentifier>()

    /// The detents' heights in the container, in the order given (inactive ones left out).
    func resolvedDetents(in container: UIView) -> [(id: Detent.Identifier, value: CGFloat)] {
        let geometry = SheetGeometry(container: container, traits: traitCollection)
        let context = DetentContext(traits: traitCollection, maximum: geometry.maximumValue)
        var out: [(Detent.Identifier, CGFloat)] = []
        for d in detents {
            guard let v = d.resolvedValue(in: context) else { continue }
            guard v.isFinite, v >= 0 else {
                guard reportedDetents.insert(ObjectIdentifier(d)).inserted else { continue }
                LaminaDiagnostics.report("UISheetPresentationController: detent \(d.identifier.rawValue) resolved to \(v); a detent's height must be finite and not negative (left out)")
                continue
            }
            out.append((d.identifier, min(v, geometry.maximumValue)))
        }
        return out
    }

    /// The height of the selected detent (the smallest when none is selected; the largest
    /// possible when no detent resolves).
    func currentDetentValue(in container: UIView) -> CGFloat {
        let resolved = resolvedDetents(in: container)
        if let id = selectedDetentIdentifier, let d = resolved.first(where: { $0.id == id }) { return d.value }
        return resolved.map(\.value).min() ?? SheetGeometry(container: container, traits: traitCollection).maximumValue
    }

    /// Whether the presenting view is dimmed at the selected detent.
    func dimsPresentingView(in container: UIView) -> Bool {
        guard let undimmed = largestUndimmedDetentIdentifier else { return true }
        let resolved = resolvedDetents(in: container)
        guard let limit = resolved.first(where: { $0.id == undimmed })?.value else { return true }
        return currentDetentValue(in: container) > limit
    }

    /// Whether the sheet is at the full height in a compact width, where the presenting view
    /// is pushed back.
    func pushesBackPresentingView(in container: UIView) -> Bool {
        let g = SheetGeometry(container: container, traits: traitCollection)
        return g.isCardLayout && currentDetentValue(in: container) >= g.maximumValue
    }

    override func systemAnimator(presenting: Bool) -> any UIViewControllerAnimatedTransitioning {
        SystemTransitionAnimator(kind: .sheet, presenting: presenting)
    }

    override func addSystemChrome(animated: Bool) {
        guard let c = containerView else { return }
        installDimming(dimming)
        grabber.backgroundColor = .tertiaryLabel
        grabber.layer.cornerRadius = 2.5
        installDrag(on: card)
        placeChrome(in: c, presented: false)
    }

    override func removeSystemChrome(animated: Bool) {
        guard let c = containerView else { return }
        placeChrome(in: c, presented: false)
    }

    /// Sets the dimming, the grabber and the presenting view's push-back for the presented
    /// (or dismissed) state; animatable.
    func placeChrome(in container: UIView, presented: Bool) {
        dimming.alpha = presented && dimsPresentingView(in: container) ? 1 : 0
        let radius = preferredCornerRadius.map { $0.isFinite ? max(0, $0) : 10 } ?? 10
        card.layer.cornerRadius = radius
        if prefersGrabberVisible {
            if grabber.superview !== card { card.addSubview(grabber) }
            grabber.frame = CGRect(x: (card.bounds.width - 36) / 2, y: 5, width: 36, height: 5)
        } else {
            grabber.removeFromSuperview()
        }
        pushBack(presented && pushesBackPresentingView(in: container), in: container)
    }

    /// Shrinks the presenting view (when it fills the window) behind the sheet, or restores it.
    private func pushBack(_ on: Bool, in container: UIView) {
        guard let window = container.window else { return }
        let presenterView = presentingViewController.viewIfLoaded
        if on, let v = presenterView, v !== presentedViewController.viewIfLoaded {
            if pushedBack == nil {
                pushedBack = (v, v.transform, v.layer.cornerRadius, v.clipsToBounds)
                if v.superview === window, backdrop.superview == nil {
                    backdrop.backgroundColor = .black
                    backdrop.frame = window.bounds
                    backdrop.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                    UIView.performWithoutAnimation { window.insertSubview(backdrop, at: 0) }
                }
            }
            let g = SheetGeometry(container: container, traits: traitCollection)
            let w = max(v.bounds.width, 1), h = v.bounds.height
            let s = max(0, (w - 2 * 16) / w)
            // Keep the centre, then move the scaled top to the safe area's top.
            let top = v.center.y - s * h / 2
            v.transform = CGAffineTransform(translationX: 0, y: g.safeTop - top).scaledBy(x: s, y: s)
            v.layer.cornerRadius = 10
            v.clipsToBounds = true
        } else if let p = pushedBack {
            p.view.transform = p.transform
            p.view.layer.cornerRadius = p.radius
            p.view.clipsToBounds = p.clips
        }
    }

    /// Called when the dismissal ended: the backdrop goes.
    func finishDismissal() {
        backdrop.removeFromSuperview()
        pushedBack = nil
    }
}

/// The context custom detents resolve in.
@MainActor private final class DetentContext: UISheetPresentationControllerDetentResolutionContext {
    let containerTraitCollection: UITraitCollection
    let maximumDetentValue: CGFloat
    init(traits: UITraitCollection, maximum: CGFloat) {
        containerTraitCollection = traits
        maximumDetentValue = maximum
    }
}

/// Where a sheet goes in its container (iOS 17's metrics on a phone; a centred page or form in
/// a regular width).
@MainActor struct SheetGeometry {
    let bounds: CGRect
    let safe: UIEdgeInsets
    let traits: UITraitCollection

    init(container: UIView, traits: UITraitCollection) {
        bounds = container.bounds
        safe = container.window?.safeAreaInsets ?? container.safeAreaInsets
        self.traits = traits
    }

    /// A phone-like layout: the sheet spans the width and rises from the bottom.
    var isCardLayout: Bool { traits.horizontalSizeClass != .regular }
    var safeTop: CGFloat { safe.top }
    /// The sheet's top at its largest.
    var largeTop: CGFloat { isCardLayout ? safe.top + 10 : safe.top + 20 }
    /// The largest detent's value: from the large top to the bottom safe area.
    var maximumValue: CGFloat { max(0, bounds.height - largeTop - (isCardLayout ? safe.bottom : 20)) }

    func frame(value: CGFloat, preferredSize: CGSize, style: UIModalPresentationStyle) -> CGRect {
        if isCardLayout {
            let height = value + safe.bottom
            return CGRect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
        }
        // A regular width: a page (704 points wide at most) or a form (540 x 620, or the
        // preferred content size), centred.
        if style == .formSheet {
            let w = preferredSize.width > 0 ? min(preferredSize.width, bounds.width) : min(540, bounds.width)
            let h = preferredSize.height > 0 ? min(preferredSize.height, bounds.height) : min(620, bounds.height)
            return CGRect(x: ((bounds.width - w) / 2).rounded(), y: ((bounds.height - h) / 2).rounded(), width: w, height: h)
        }
        let w = min(704, bounds.width)
        let height = value
        return CGRect(x: ((bounds.width - w) / 2).rounded(), y: bounds.height - 20 - height, width: w, height: height)
    }
}

/// The card a sheet's content sits in: its top corners rounded, the content filling it.
final class SheetCardView: UIView {
    unowned let sheet: UISheetPresentationController

    init(sheet: UISheetPresentationController) {
        self.sheet = sheet
        super.init(frame: .zero)
        clipsToBounds = true
        layer.cornerRadius = 10
        layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    }

    required init?(coder: NSCoder) { return nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        for v in subviews where v !== sheet.grabber { v.frame = bounds }
        if sheet.grabber.superview === self {
            sheet.grabber.frame = CGRect(x: (bounds.width - 36) / 2, y: 5, width: 36, height: 5)
            bringSubviewToFront(sheet.grabber)
        }
    }
}
