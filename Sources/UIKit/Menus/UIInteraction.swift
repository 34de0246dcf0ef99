import Foundation

/// Behaviour added to a view (UIKit's `UIInteraction`): context menus, edit menus.
@preconcurrency @MainActor
public protocol UIInteraction: AnyObject {
    /// The view the interaction is on.
    var view: UIView? { get }
    /// Called before the interaction moves to `view` (nil: removed).
    func willMove(to view: UIView?)
    /// Called after it moved.
    func didMove(to view: UIView?)
}

extension UIView {
    /// The interactions on the view, in the order added.
    public var interactions: [any UIInteraction] {
        get { _interactions }
        set {
            for i in _interactions { removeInteraction(i) }
            for i in newValue { addInteraction(i) }
        }
    }

    /// Adds `interaction` (taking it from any view it was on).
    public func addInteraction(_ interaction: any UIInteraction) {
        if let old = interaction.view, old !== self { old.removeInteraction(interaction) }
        guard !_interactions.contains(where: { $0 === interaction }) else { return }
        interaction.willMove(to: self)
        _interactions.append(interaction)
        interaction.didMove(to: self)
    }

    /// Removes `interaction`.
    public func removeInteraction(_ interaction: any UIInteraction) {
        guard _interactions.contains(where: { $0 === interaction }) else { return }
        interaction.willMove(to: nil)
        _interactions.removeAll { $0 === interaction }
        interaction.didMove(to: nil)
    }
}
