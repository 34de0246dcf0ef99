import Foundation
@_spi(Lamina) import QuartzCore

extension UIView {
    /// Draws the view and its subviews as they appear now into the current graphics context,
    /// scaled into `rect` (in the context's coordinates): the presentation at the window's
    /// media time, animations applied. With `afterScreenUpdates`, pending layout and changes are
    /// committed first (Lamina always commits them). Returns false when there is no current
    /// context or the view has no area.
    @discardableResult
    public func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
        drawTree(in: rect, afterScreenUpdates: afterUpdates, asRenderInContext: false)
    }

    /// Draws the view as `drawHierarchy(in:afterScreenUpdates:)` does (pending layout done, at
    /// the window's media time), but the way `layer.render(in:)` composites on iOS (see
    /// `CALayer.render(in:)`), which is what snapshot strategies record on iOS.
    @_spi(Lamina) @discardableResult
    public func drawHierarchyAsRenderInContext(in rect: CGRect) -> Bool {
        drawTree(in: rect, afterScreenUpdates: true, asRenderInContext: true)
    }

    private func drawTree(in rect: CGRect, afterScreenUpdates afterUpdates: Bool, asRenderInContext: Bool) -> Bool {
        guard let ctx = UIGraphicsGetCurrentContext() else { return false }
        let b = bounds
        guard rect.isFinite, !rect.isEmpty, b.width > 0, b.height > 0 else { return false }
        if afterUpdates { layoutIfNeeded() }
        let time = window?.clock.now ?? CACurrentMediaTime()
        ctx.saveGState()
        ctx.translateBy(x: rect.minX, y: rect.minY)
        ctx.scaleBy(x: rect.width / b.width, y: rect.height / b.height)
        CARenderer(layer: layer).render(in: ctx, atTime: time, asRenderInContext: asRenderInContext)
        ctx.restoreGState()
        return true
    }

    /// A view showing a picture of this one as it appears now (its bounds, at its screen's
    /// scale), or nil when it has no area.
    public func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        let b = bounds
        guard b.width > 0, b.height > 0, b.isFinite else { return nil }
        let format = UIGraphicsImageRendererFormat()
        format.scale = window?.screen.scale ?? UIScreen.main.scale
        let image = UIGraphicsImageRenderer(size: b.size, format: format).image { _ in
            drawHierarchy(in: CGRect(origin: .zero, size: b.size), afterScreenUpdates: afterUpdates)
        }
        let snapshot = UIView(frame: CGRect(origin: .zero, size: b.size))
        snapshot.layer.contents = image.cgImage
        snapshot.layer.contentsScale = format.scale
        return snapshot
    }
}
