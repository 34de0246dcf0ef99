import Foundation

/// A menu (UIKit's `UIMenu`): a titled list of elements, which may be submenus; a menu with
/// `.displayInline` shows its children in its parent, set apart by a thick separator.
@preconcurrency @MainActor
open class UIMenu: UIMenuElement {
    /// A menu's identifier.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let application = Identifier("com.apple.menu.application")
        public static let file = Identifier("com.apple.menu.file")
        public static let edit = Identifier("com.apple.menu.edit")
        public static let view = Identifier("com.apple.menu.view")
        public static let window = Identifier("com.apple.menu.window")
        public static let help = Identifier("com.apple.menu.help")
        public static let root = Identifier("com.apple.menu.root")
    }

    /// How a menu shows its children.
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Its children appear in the parent menu, in a section of their own.
        public static let displayInline = Options(rawValue: 1 << 0)
        /// Its title is drawn in red.
        public static let destructive = Options(rawValue: 1 << 1)
        /// At most one child is on: choosing one turns the others off.
        public static let singleSelection = Options(rawValue: 1 << 5)
        /// Its children are shown side by side as a palette.
        public static let displayAsPalette = Options(rawValue: 1 << 7)
    }

    /// The size of a menu's elements (iOS 16; Lamina draws every menu at the large size).
    public enum ElementSize: Int, Sendable { case small = 0, medium = 1, large = 2, automatic = -1 }

    /// The identifier.
    public let identifier: Identifier
    /// The options.
    public let options: Options
    /// The children, in order.
    public let children: [UIMenuElement]
    /// The size of its elements when shown inline.
    open var preferredElementSize: ElementSize = .large

    /// The children that are on (iOS 17).
    open var selectedElements: [UIMenuElement] { children.filter { $0.menuState == .on } }

    /// A menu of `children`.
    public init(title: String = "", subtitle: String? = nil, image: UIImage? = nil, identifier: Identifier? = nil,
                options: Options = [], preferredElementSize: ElementSize = .large, children: [UIMenuElement] = []) {
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.options = options
        self.children = children
        self.preferredElementSize = preferredElementSize
        super.init(title: title, image: image)
        self.subtitle = subtitle
    }

    /// This menu with other children.
    open func replacingChildren(_ newChildren: [UIMenuElement]) -> UIMenu {
        UIMenu(title: title, subtitle: subtitle, image: image, identifier: identifier, options: options,
               preferredElementSize: preferredElementSize, children: newChildren)
    }
}
