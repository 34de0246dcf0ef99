import Foundation
@_spi(Lamina) import QuartzCore

extension UIView {
    func defaultLayoutSubviews() {
        // Auto Layout: the hierarchy's engine solves and places the constrained views.
        rootView?.autoLayoutEngine?.layoutIfNeeded()
    }

    /// After the bounds size changed: resize subviews by their autoresizing masks.
    func boundsSizeChanged(from old: CGSize) {
        let new = layer.bounds.size
        guard old != new else { return }
        if autoresizesSubviews {
            for s in _subviews {
                s.autoresize(oldSuperSize: old, newSuperSize: new)
            }
        }
        setNeedsLayout()
    }

    /// Resizes by `autoresizingMask` for a superview resized from `old` to `new`: the change
    /// in each axis is shared between the flexible parts (margins and size) in proportion to
    /// their current lengths, as UIKit does.
    func autoresize(oldSuperSize old: CGSize, newSuperSize new: CGSize) {
        let mask = autoresizingMask
        guard !mask.isEmpty else { return }
        var f = frame
        func axis(_ lead: CGFloat, _ size: CGFloat, _ superOld: CGFloat, _ superNew: CGFloat,
                  _ flexLead: Bool, _ flexSize: Bool, _ flexTrail: Bool) -> (CGFloat, CGFloat) {
            let delta = superNew - superOld
            guard delta != 0, flexLead || flexSize || flexTrail else { return (lead, size) }
            let trail = superOld - lead - size
            var parts: [CGFloat] = []
            if flexLead { parts.append(max(0, lead)) }
            if flexSize { parts.append(max(0, size)) }
            if flexTrail { parts.append(max(0, trail)) }
            let total = parts.reduce(0, +)
            let count = CGFloat(parts.count)
            func share(_ v: CGFloat) -> CGFloat { total > 0 ? delta * max(0, v) / total : delta / count }
            let newLead = lead + (flexLead ? share(lead) : 0)
            let newSize = size + (flexSize ? share(size) : 0)
            return (newLead, max(0, newSize))
        }
        (f.origin.x, f.size.width) = axis(f.origin.x, f.size.width, old.width, new.width, mask.contains(.flexibleLeftMargin),
                                          mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin))
        (f.origin.y, f.size.height) = axis(f.origin.y, f.size.height, old.height, new.height, mask.contains(.flexibleTopMargin),
                                           mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin))
        frame = f
    }

    // MARK: Converting coordinates

    /// `point` in this view's coordinates converted to `view`'s (the window's when nil).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        guard let target = view ?? window ?? rootView else { return point }
        return layer.convert(point, to: target.layer)
    }

    /// `point` in `view`'s coordinates (the window's when nil) converted to this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        guard let source = view ?? window ?? rootView else { return point }
        return layer.convert(point, from: source.layer)
    }

    /// `rect` in this view's coordinates converted to `view`'s (the window's when nil).
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        guard let target = view ?? window ?? rootView else { return rect }
        return layer.convert(rect, to: target.layer)
    }

    /// `rect` in `view`'s coordinates (the window's when nil) converted to this view's.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        guard let source = view ?? window ?? rootView else { return rect }
        return layer.convert(rect, from: source.layer)
    }

    /// The top of this view's hierarchy.
    var rootView: UIView? {
        var v: UIView = self
        while let p = v._superview { v = p }
        return v
    }
}
