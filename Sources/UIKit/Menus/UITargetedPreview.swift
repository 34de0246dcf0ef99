import Foundation

/// How a preview is drawn (UIKit's `UIPreviewParameters`): its background colour (which Lamina
/// draws) and the paths it is cut to and casts its shadow from (kept: Lamina cuts every preview
/// to its bounds with 13-point corners).
@preconcurrency @MainActor
open class UIPreviewParameters: NSObject {
    /// The colour behind the preview (nil: the system's).
    open var backgroundColor: UIColor?
    /// The outline the preview is cut to (nil: its bounds with rounded corners).
    open var visiblePath: UIBezierPath?
    /// The outline of its shadow (nil: the visible path).
    open var shadowPath: UIBezierPath?

    public override init() { super.init() }
    /// Parameters cutting the preview to `textLineRects` (Lamina cuts it to its bounds).
    public init(textLineRects: [NSValue]) { super.init() }
}

/// Where a preview goes (UIKit's `UIPreviewTarget`): a container and a centre in it.
@preconcurrency @MainActor
open class UIPreviewTarget: NSObject {
    public let container: UIView
    public let center: CGPoint
    public let transform: CGAffineTransform

    public init(container: UIView, center: CGPoint, transform: CGAffineTransform = .identity) {
        self.container = container
        self.center = center
        self.transform = transform
        super.init()
    }
}

/// A view lifted as a preview (UIKit's `UITargetedPreview`), with its parameters and target.
@preconcurrency @MainActor
open class UITargetedPreview: NSObject {
    public let view: UIView
    public let parameters: UIPreviewParameters
    public let target: UIPreviewTarget
    /// The preview's size: the view's.
    open var size: CGSize { view.bounds.size }

    public init(view: UIView, parameters: UIPreviewParameters, target: UIPreviewTarget) {
        self.view = view
        self.parameters = parameters
        self.target = target
        super.init()
    }

    /// A preview of `view` where it is (it must be in a window).
    public convenience init(view: UIView, parameters: UIPreviewParameters = UIPreviewParameters()) {
        let container = view.superview ?? view
        self.init(view: view, parameters: parameters, target: UIPreviewTarget(container: container, center: view.center))
    }

    /// The same preview going to `newTarget`.
    open func retargetedPreview(with newTarget: UIPreviewTarget) -> UITargetedPreview {
        UITargetedPreview(view: view, parameters: parameters, target: newTarget)
    }
}
