import Foundation

/// An action shown when a row is swiped (UIKit's `UIContextualAction`): a button with a title
/// or an image on a coloured background; its handler says by calling its completion whether
/// it was performed.
@preconcurrency @MainActor
public class UIContextualAction: NSObject {
    /// Whether the action is destructive (red, and removes its row on a full swipe).
    public enum Style: Int, Sendable { case normal, destructive }
    /// Runs the action: the action, the view it was shown in, and a completion to call with
    /// whether it was performed.
    public typealias Handler = (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void

    /// Normal or destructive.
    public let style: Style
    /// The button's title.
    public var title: String?
    /// The button's image (above the title).
    public var image: UIImage?
    /// The button's colour (system red for destructive actions, system grey otherwise).
    public var backgroundColor: UIColor!
    /// Runs the action.
    public let handler: Handler

    /// An action of `style` titled `title`, run by `handler`.
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        backgroundColor = style == .destructive ? .systemRed : .systemGray
        super.init()
    }
}

/// The actions a row shows when swiped from one edge (UIKit's `UISwipeActionsConfiguration`),
/// the first nearest that edge.
@preconcurrency @MainActor
public class UISwipeActionsConfiguration: NSObject {
    /// The actions, the first nearest the edge.
    public let actions: [UIContextualAction]
    /// Whether swiping all the way across performs the first action (true).
    public var performsFirstActionWithFullSwipe = true

    /// A configuration of `actions`.
    public init(actions: [UIContextualAction]) {
        self.actions = actions
        super.init()
    }
}
