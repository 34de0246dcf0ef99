import Foundation

/// Gives the view controller a context menu previews (UIKit's `UIContextMenuContentPreviewProvider`).
public typealias UIContextMenuContentPreviewProvider = () -> UIViewController?
/// Gives a context menu's actions, from the suggested ones (UIKit's `UIContextMenuActionProvider`).
public typealias UIContextMenuActionProvider = ([UIMenuElement]) -> UIMenu?

/// What a context menu shows (UIKit's `UIContextMenuConfiguration`): a preview and a menu.
@preconcurrency @MainActor
open class UIContextMenuConfiguration: NSObject {
    /// The configuration's identifier.
    public let identifier: any NSCopying
    let previewProvider: UIContextMenuContentPreviewProvider?
    let actionProvider: UIContextMenuActionProvider?
    /// The order of the menu's elements relative to the preview (automatic).
    open var preferredMenuElementOrder: ElementOrder = .automatic
    /// Identifiers of the items a configuration for several items covers.
    open var secondaryItemIdentifiers: Set<AnyHashable> = []
    /// The number shown on a preview of several items (0: none).
    open var badgeCount = 0

    /// How the menu's elements are ordered.
    public enum ElementOrder: Int, Sendable { case automatic = 0, priority, fixed }

    public init(identifier: (any NSCopying)? = nil, previewProvider: UIContextMenuContentPreviewProvider?,
                actionProvider: UIContextMenuActionProvider? = nil) {
        self.identifier = identifier ?? (UUID().uuidString as NSString)
        self.previewProvider = previewProvider
        self.actionProvider = actionProvider
        super.init()
    }
}
