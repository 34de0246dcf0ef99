/// The methods a layer's delegate may implement. Every method is optional in effect: the
/// protocol extension provides defaults, and a layer can tell a delegate that implements a
/// method from one that relies on the default (the default marks the layer as it runs), so
/// `display()` calls `draw(in:)` only when the delegate has no `display(_:)` of its own.
///
/// A class that conforms here gets the defaults as its protocol witnesses: a subclass that adds
/// one of these methods later must have it declared (even as a plain forwarding method) by the
/// conforming class, as Swift dispatches protocol requirements through the conforming class.
/// `UIView` declares all of them.
public protocol CALayerDelegate: AnyObject {
    /// Sets the layer's `contents` directly; when implemented, no drawing happens.
    func display(_ layer: CALayer)
    /// Draws the layer's content into `ctx`.
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Called before the layer creates its backing store for drawing.
    func layerWillDraw(_ layer: CALayer)
    /// Lays out the layer's sublayers; when implemented, the layout manager is not consulted.
    func layoutSublayers(of layer: CALayer)
    /// The action for `event`; nil continues the search, `NSNull()` stops it.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
}

extension CALayerDelegate {
    public func display(_ layer: CALayer) { layer.noteDefaultDelegateMethod() }
    public func draw(_ layer: CALayer, in ctx: CGContext) { layer.noteDefaultDelegateMethod() }
    public func layerWillDraw(_ layer: CALayer) { layer.noteDefaultDelegateMethod() }
    public func layoutSublayers(of layer: CALayer) { layer.noteDefaultDelegateMethod() }
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        layer.noteDefaultDelegateMethod()
        return nil
    }
}

/// A layout manager (macOS's `CALayoutManager`): sizes and lays out a layer's sublayers.
/// Every method is optional in effect, as for ``CALayerDelegate``.
public protocol CALayoutManager: AnyObject {
    /// The preferred size of `layer`, in its superlayer's space.
    func preferredSize(of layer: CALayer) -> CGSize
    /// Called when `layer` is marked as needing layout.
    func invalidateLayout(of layer: CALayer)
    /// Lays out the sublayers of `layer`.
    func layoutSublayers(of layer: CALayer)
}

extension CALayoutManager {
    public func preferredSize(of layer: CALayer) -> CGSize {
        layer.noteDefaultDelegateMethod()
        return .zero
    }
    public func invalidateLayout(of layer: CALayer) { layer.noteDefaultDelegateMethod() }
    public func layoutSublayers(of layer: CALayer) { layer.noteDefaultDelegateMethod() }
}
