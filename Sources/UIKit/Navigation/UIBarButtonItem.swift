import Foundation

/// What bar items share: a title, an image, whether they are enabled, a tag (UIKit's
/// `UIBarItem`).
@preconcurrency @MainActor
open class UIBarItem: NSObject {
    /// The title shown for it.
    open var title: String?
    /// The image shown for it.
    open var image: UIImage?
    /// Whether it can be used (drawn dimmed when not).
    open var isEnabled = true
    /// A number the app chooses to tell items apart.
    open var tag = 0

    // What assistive technologies read for the item's button (UIKit declares these on NSObject).
    /// A short name (the title by default).
    open var accessibilityLabel: String?
    /// What activating the item does.
    open var accessibilityHint: String?
    /// The item's value.
    open var accessibilityValue: String?
    /// An identifier for UI tests.
    open var accessibilityIdentifier: String?
}

/// A button in a navigation bar or toolbar (UIKit's `UIBarButtonItem`): a system item, a
/// title, an image or a custom view, with a target and action or a `UIAction`.
///
/// A `UINavigationController`'s bar draws the top controller's items (Lamina has no toolbar
/// yet). `action` is kept as a name (see `Selector`); `primaryAction`'s handler is what
/// `sendAction()` runs.
open class UIBarButtonItem: UIBarItem {
    /// UIKit's system items, with UIKit's raw values.
    public enum SystemItem: Int, Sendable {
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize,
             bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo,
             pageCurl, close
    }

    /// How a titled item is drawn.
    public enum Style: Int, Sendable { case plain = 0, bordered = 1, done = 2 }

    /// How its title is drawn (`.done`: semibold).
    open var style: Style = .plain
    /// The width of a fixed space (0: the item's own).
    open var width: CGFloat = 0
    /// A view shown instead of a title or image.
    open var customView: UIView?
    /// The object its action names a method of (kept; see `Selector`).
    open weak var target: AnyObject?
    /// The name of the method to call (kept; see `Selector`).
    open var action: Selector?
    /// What a tap runs (`sendAction()`).
    open var primaryAction: UIAction?
    /// The menu a tap opens when there is no primary action (iOS 14).
    open var menu: UIMenu?
    /// Its colour (nil: the bar's tint).
    open var tintColor: UIColor?
    /// Whether it is shown selected.
    open var isSelected = false
    /// The system item the item was made as (nil for titled, image and custom items).
    public private(set) var systemItem: SystemItem?

    public override init() { super.init() }

    /// A system item (`.add`, `.done`, …); its title is UIKit's English one.
    public convenience init(barButtonSystemItem systemItem: SystemItem, target: AnyObject?, action: Selector?) {
        self.init()
        self.systemItem = systemItem
        self.target = target
        self.action = action
        title = Self.systemTitles[systemItem]
        if systemItem == .done { style = .done }
    }

    public convenience init(title: String?, style: Style, target: AnyObject?, action: Selector?) {
        self.init()
        self.title = title; self.style = style; self.target = target; self.action = action
    }

    public convenience init(image: UIImage?, style: Style, target: AnyObject?, action: Selector?) {
        self.init()
        self.image = image; self.style = style; self.target = target; self.action = action
    }

    public convenience init(customView: UIView) {
        self.init()
        self.customView = customView
    }

    /// A system item that runs `primaryAction`.
    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init(barButtonSystemItem: systemItem, target: nil, action: nil)
        self.primaryAction = primaryAction
        self.menu = menu
    }

    /// An item with a title and/or image that runs `primaryAction` (its title and image come
    /// from the action when not given).
    public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init()
        self.title = title ?? primaryAction?.title
        self.image = image ?? primaryAction?.image
        self.primaryAction = primaryAction
        self.menu = menu
    }

    /// A flexible space between items.
    public static func flexibleSpace() -> UIBarButtonItem { UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil) }

    /// A space of `width` points.
    public static func fixedSpace(_ width: CGFloat) -> UIBarButtonItem {
        let item = UIBarButtonItem(barButtonSystemItem: .fixedSpace, target: nil, action: nil)
        item.width = width
        return item
    }

    /// Runs `primaryAction` (when enabled), as a tap on the item does; true when something ran
    /// (Lamina SPI: iOS has no such method; a tap on the item in a navigation bar calls it).
    @discardableResult
    @_spi(Lamina) open func sendAction() -> Bool {
        guard isEnabled, let primaryAction else { return false }
        primaryAction.perform(sender: self)
        return true
    }

    /// The titles iOS shows for the system items that have one (English).
    static let systemTitles: [SystemItem: String] = [
        .done: "Done", .cancel: "Cancel", .edit: "Edit", .save: "Save", .undo: "Undo", .redo: "Redo", .close: "Close",
    ]
}
