import Foundation

/// What a menu holds (UIKit's `UIMenuElement`): actions, commands, submenus and deferred
/// elements share a title, a subtitle and an image.
@preconcurrency @MainActor
open class UIMenuElement: NSObject {
    /// How an element is shown.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Grey and not selectable.
        public static let disabled = Attributes(rawValue: 1 << 0)
        /// Red.
        public static let destructive = Attributes(rawValue: 1 << 1)
        /// Not shown.
        public static let hidden = Attributes(rawValue: 1 << 2)
        /// The menu stays open after it is chosen.
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }

    /// An element's check mark.
    public enum State: Int, Sendable { case off, on, mixed }

    /// The title (set through the subclasses that allow it).
    open var title: String { elementTitle }
    /// A second line under the title.
    open var subtitle: String?
    /// The image beside the title.
    open var image: UIImage? { elementImage }

    var elementTitle: String
    var elementImage: UIImage?

    init(title: String, image: UIImage?) {
        elementTitle = title
        elementImage = image
        super.init()
    }

    /// How the element is drawn in a menu: its attributes and state (none for a submenu).
    var menuAttributes: Attributes { [] }
    var menuState: State { .off }
}
