import Foundation

// Traits flow down as in UIKit: the screen gives the window its traits, a view controller takes
// its parent's (with the override the parent set for it) or those of the view its view is in,
// and a view takes its controller's or its superview's. `traitCollectionDidChange(_:)` is
// called on views and their controllers when what they would read changes.

extension UIView: UITraitEnvironment {
    /// The view's traits: its view controller's if it is a controller's root view, else its
    /// superview's, else (a window, or a view in none) its screen's.
    public var traitCollection: UITraitCollection {
        applyingOwnStyle(owningViewController?.traitCollection ?? inheritedTraits)
    }

    /// `traits` with `overrideUserInterfaceStyle` on top.
    func applyingOwnStyle(_ traits: UITraitCollection) -> UITraitCollection {
        guard overrideUserInterfaceStyle != .unspecified, traits.userInterfaceStyle != overrideUserInterfaceStyle else { return traits }
        return UITraitCollection(traitsFrom: [traits, UITraitCollection(userInterfaceStyle: overrideUserInterfaceStyle)])
    }

    /// What the view gets from above it, ignoring its own view controller.
    var inheritedTraits: UITraitCollection {
        if let s = _superview { return s.traitCollection }
        if let w = self as? UIWindow { return w.screen.traitCollection }
        return UIScreen.main.traitCollection
    }

    /// Recomputes the traits of this view and those below it and reports the changes.
    func updateTraits() {
        updateTraits(inherited: inheritedTraits)
    }

    private func updateTraits(inherited: UITraitCollection) {
        var traits: UITraitCollection
        if let vc = owningViewController {
            traits = vc.resolveTraits(inherited: inherited)
            vc.deliverTraits(traits)
        } else {
            traits = inherited
        }
        traits = applyingOwnStyle(traits)
        if let old = deliveredTraits, old.isEqual(traits) {
            // Unchanged here: what is below can only change through a controller whose
            // overrides changed, which updates its own view.
            return
        }
        let old = deliveredTraits
        deliveredTraits = traits
        if traits.hasDifferentColorAppearance(comparedTo: old ?? UITraitCollection(userInterfaceStyle: .light)) {
            colorAppearanceChanged()
        }
        traits.performAsCurrent { traitCollectionDidChange(old) }
        for s in _subviews { s.updateTraits(inherited: traits) }
    }
}

extension UIViewController: UITraitEnvironment {
    /// The controller's traits: its parent's with the override the parent set for it
    /// (`setOverrideTraitCollection(_:forChild:)`), or, without a parent, those of the view its
    /// view is in (the window's for a root view controller), or the main screen's.
    public var traitCollection: UITraitCollection {
        let inherited: UITraitCollection
        if let p = _parent { inherited = p.traitCollection }
        else if let v = viewIfLoaded { inherited = v.inheritedTraits }
        else { inherited = UIScreen.main.traitCollection }
        return resolveTraits(inherited: inherited)
    }

    /// The traits given what comes from above.
    func resolveTraits(inherited: UITraitCollection) -> UITraitCollection {
        var traits = inherited
        if let p = _parent, let o = p.overrideTraitCollection(forChild: self) {
            traits = UITraitCollection(traitsFrom: [traits, o])
        }
        if overrideUserInterfaceStyle != .unspecified, traits.userInterfaceStyle != overrideUserInterfaceStyle {
            traits = UITraitCollection(traitsFrom: [traits, UITraitCollection(userInterfaceStyle: overrideUserInterfaceStyle)])
        }
        return traits
    }

    func deliverTraits(_ traits: UITraitCollection) {
        let old = deliveredTraits
        guard !(old?.isEqual(traits) ?? false) else { return }
        deliveredTraits = traits
        traitCollectionDidChange(old)
    }
}
