import Foundation

/// Hears a split view controller's columns (UIKit's `UISplitViewControllerDelegate`; every
/// method optional).
@preconcurrency @MainActor
public protocol UISplitViewControllerDelegate: AnyObject {
    /// The column shown on top when the split view collapses to one (default: the proposed,
    /// the primary).
    func splitViewController(_ svc: UISplitViewController,
                             topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column) -> UISplitViewController.Column
    /// Called when the display mode is about to change.
    func splitViewController(_ svc: UISplitViewController, willChangeTo displayMode: UISplitViewController.DisplayMode)
    /// Called before a column shows.
    func splitViewController(_ svc: UISplitViewController, willShow column: UISplitViewController.Column)
    /// Called before a column hides.
    func splitViewController(_ svc: UISplitViewController, willHide column: UISplitViewController.Column)
    /// Called after the split view collapsed to one column.
    func splitViewControllerDidCollapse(_ svc: UISplitViewController)
    /// Called after it expanded to several.
    func splitViewControllerDidExpand(_ svc: UISplitViewController)
}

extension UISplitViewControllerDelegate {
    public func splitViewController(_ svc: UISplitViewController,
                                    topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column) -> UISplitViewController.Column { proposedTopColumn }
    public func splitViewController(_ svc: UISplitViewController, willChangeTo displayMode: UISplitViewController.DisplayMode) {}
    public func splitViewController(_ svc: UISplitViewController, willShow column: UISplitViewController.Column) {}
    public func splitViewController(_ svc: UISplitViewController, willHide column: UISplitViewController.Column) {}
    public func splitViewControllerDidCollapse(_ svc: UISplitViewController) {}
    public func splitViewControllerDidExpand(_ svc: UISplitViewController) {}
}
