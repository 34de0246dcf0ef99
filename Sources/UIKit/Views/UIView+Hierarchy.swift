import Foundation
@_spi(Lamina) import QuartzCore

extension UIView {
    /// The subviews, back to front.
    public var subviews: [UIView] { _subviews }
    /// The view this one is a subview of.
    public var superview: UIView? { _superview }

    /// The window the view is in, or nil.
    public var window: UIWindow? {
        var v: UIView? = self
        while let c = v {
            if let w = c as? UIWindow { return w }
            v = c._superview
        }
        return nil
    }

    /// Adds `view` on top of the other subviews (moving it from any previous superview).
    func baseAddSubview(_ view: UIView) {
        insertSubview(view, at: _subviews.count)
    }

    /// Inserts `view` at `index` among the subviews (clamped to the end).
    func baseInsertSubview(_ view: UIView, at index: Int) {
        guard view !== self else {
            LaminaDiagnostics.report("UIView.insertSubview: a view cannot be its own subview")
            return
        }
        if view.isAncestor(of: self) {
            fatalError("UIView.addSubview: adding \(view) under \(self) would make the view its own ancestor")
        }
        let sameParent = view._superview === self
        var i = max(0, min(index, _subviews.count))
        if sameParent, let old = _subviews.firstIndex(where: { $0 === view }) {
            _subviews.remove(at: old)
            if old < i { i -= 1 }
        } else {
            view.willMove(toSuperview: self)
            let oldWindow = view.window, newWindow = window
            if oldWindow !== newWindow { view.notifyWillMove(toWindow: newWindow) }
            view.detachFromSuperview(notify: false)
        }
        // The layer goes below the layer of the subview now at i, or on top.
        if i < _subviews.count {
            layer.insertSublayer(view.layer, below: _subviews[i].layer)
        } else {
            layer.addSublayer(view.layer)
        }
        _subviews.insert(view, at: i)
        if !sameParent {
            view._superview = self
            if view.constraintUpdateDue || view.needsConstraintUpdate { view.markConstraintUpdateDue() }
            didAddSubview(view)
            view.didMoveToSuperview()
            view.notifyDidMoveToWindow()
            view.updateTraits()
            if view.tintInheritedFromAbove { view.tintChanged() }
        }
        view.setNeedsLayout()
        setNeedsLayout()
        // A subview outside Auto Layout (autoresizing, no constraints) changes nothing the
        // engine solves.
        if view.takesPartInAutoLayout { autoLayoutChanged() }
    }

    /// Inserts `view` just above `siblingSubview`.
    func baseInsertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        let i = _subviews.firstIndex { $0 === siblingSubview }.map { $0 + 1 } ?? _subviews.count
        insertSubview(view, at: i)
    }

    /// Inserts `view` just below `siblingSubview`.
    func baseInsertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        let i = _subviews.firstIndex { $0 === siblingSubview } ?? 0
        insertSubview(view, at: i)
    }

    /// Moves `view` in front of its siblings (its layer in front of every sublayer).
    func baseBringSubviewToFront(_ view: UIView) {
        guard let i = _subviews.firstIndex(where: { $0 === view }) else { return }
        _subviews.remove(at: i)
        _subviews.append(view)
        layer.addSublayer(view.layer)
    }

    /// Moves `view` behind its siblings (its layer behind every sublayer).
    func baseSendSubviewToBack(_ view: UIView) {
        guard let i = _subviews.firstIndex(where: { $0 === view }) else { return }
        _subviews.remove(at: i)
        _subviews.insert(view, at: 0)
        layer.insertSublayer(view.layer, at: 0)
    }

    /// Swaps the subviews at two indices.
    func baseExchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard _subviews.indices.contains(index1), _subviews.indices.contains(index2), index1 != index2 else { return }
        let a = _subviews[index1], b = _subviews[index2]
        _subviews.swapAt(index1, index2)
        let la = a.layer, lb = b.layer
        guard let subs = layer.sublayers, let ia = subs.firstIndex(where: { $0 === la }),
              let ib = subs.firstIndex(where: { $0 === lb }) else { return }
        var reordered = subs
        reordered.swapAt(ia, ib)
        layer.sublayers = reordered
    }

    /// Removes the view from its superview.
    func baseRemoveFromSuperview() {
        guard let parent = _superview else { return }
        let oldWindow = window
        willMove(toSuperview: nil)
        if oldWindow != nil { notifyWillMove(toWindow: nil) }
        parent.willRemoveSubview(self)
        if takesPartInAutoLayout { parent.autoLayoutChanged() }
        var ancestors: [UIView] = []
        var a: UIView? = parent
        while let c = a { ancestors.append(c); a = c._superview }
        detachFromSuperview(notify: true)
        parent.setNeedsLayout()
        // Constraints between this subtree and the rest no longer hold.
        deactivateConstraints(into: self, installedOn: ancestors)
    }

    private func detachFromSuperview(notify: Bool) {
        guard let parent = _superview else { return }
        parent._subviews.removeAll { $0 === self }
        layer.removeFromSuperlayer()
        _superview = nil
        if notify {
            didMoveToSuperview()
            notifyDidMoveToWindow()
        }
    }

    /// Whether this view is `view` or one of its descendants.
    public func isDescendant(of view: UIView) -> Bool {
        var v: UIView? = self
        while let c = v {
            if c === view { return true }
            v = c._superview
        }
        return false
    }

    func isAncestor(of view: UIView) -> Bool { view.isDescendant(of: self) }

    /// The view with `tag`: this view or the first found among its descendants, depth first.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for s in _subviews { if let found = s.viewWithTag(tag) { return found } }
        return nil
    }

    private func notifyWillMove(toWindow window: UIWindow?) {
        // A controller's view entering or leaving a window: its appearance callbacks, the
        // parent's before its children's, as UIKit forwards them.
        if let vc = owningViewController, !vc.isAppearanceHeld {
            if window != nil, vc.appearanceState == .disappeared || vc.appearanceState == .disappearing {
                vc.appearanceState = .appearing
                vc.viewWillAppear(false)
            } else if window == nil, vc.appearanceState != .disappeared {
                // Also while a disappearance transition is under way (UIKit then says
                // will-disappear again: Point-Free's snapshots count two per snapshot).
                vc.appearanceState = .disappearing
                vc.viewWillDisappear(false)
            }
        }
        willMove(toWindow: window)
        for s in _subviews { s.notifyWillMove(toWindow: window) }
    }

    /// Gives this view's layer and those below it the window's screen scale.
    func refreshContentsScale() {
        guard let w = window else { return }
        var stack: [UIView] = [self]
        while let v = stack.popLast() {
            v.adoptScreenScale(w.screenScale)
            stack.append(contentsOf: v._subviews)
        }
    }

    /// Takes the scale of the screen the view is shown on: a view that draws redraws at it (an
    /// image view keeps its image's scale instead, see `UIImageView`), and its layout (hairlines)
    /// is redone.
    private func notifyDidMoveToWindow() {
        notifyDidMoveToWindowBody()
        // The controller's did-appear (or did-disappear) follows its subtree's, as in UIKit.
        guard let vc = owningViewController, !vc.isAppearanceHeld else { return }
        if window != nil, vc.appearanceState == .appearing {
            vc.appearanceState = .appeared
            vc.viewDidAppear(false)
        } else if window == nil, vc.appearanceState == .disappearing {
            vc.appearanceState = .disappeared
            vc.viewDidDisappear(false)
        }
    }

    private func notifyDidMoveToWindowBody() {
        // The screen's scale applies to views shown in a window.
        if let w = window { adoptScreenScale(w.screenScale) }
        didMoveToWindow()
        for s in _subviews { s.notifyDidMoveToWindow() }
    }
}


extension UIView {
    /// Takes `scale`, the scale of the screen the view is now shown on.
    func adoptScreenScale(_ scale: CGFloat) {
        guard screenScaleAdopted != scale else { return }
        let first = screenScaleAdopted == nil
        screenScaleAdopted = scale
        screenScaleChanged(to: scale)
        // Sizes in pixels (hairlines) change with the screen.
        if !first { setNeedsLayout() }
    }
}
