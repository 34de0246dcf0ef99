import Foundation

/// A small view at a list cell's leading or trailing edge (UIKit's `UICellAccessory`): a
/// disclosure chevron, a checkmark, a delete or insert button, a reorder handle, an outline
/// disclosure triangle, a label or a custom view, shown always or only while editing.
public struct UICellAccessory: @unchecked Sendable {
    /// When the accessory shows.
    public enum DisplayedState: Int, Sendable { case always, whenEditing, whenNotEditing }
    /// A width: the accessory's own, the standard one, or a custom one.
    public enum LayoutDimension: Sendable, Equatable { case actual, standard, custom(CGFloat) }
    /// Which edge a custom accessory takes.
    public enum Placement: @unchecked Sendable {
        case leading(displayed: DisplayedState = .always, at: (([UICellAccessory]) -> Int)? = nil)
        case trailing(displayed: DisplayedState = .always, at: (([UICellAccessory]) -> Int)? = nil)
    }
    /// The outline disclosure's look: a cell's or a header's.
    public enum OutlineDisclosureStyle: Int, Sendable { case automatic, header, cell }

    public struct DisclosureIndicatorOptions: Sendable {
        public var isHidden: Bool?; public var reservedLayoutWidth: LayoutDimension?; public var tintColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            self.isHidden = isHidden; self.reservedLayoutWidth = reservedLayoutWidth; self.tintColor = tintColor
        }
    }
    public struct CheckmarkOptions: Sendable {
        public var isHidden: Bool?; public var reservedLayoutWidth: LayoutDimension?; public var tintColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            self.isHidden = isHidden; self.reservedLayoutWidth = reservedLayoutWidth; self.tintColor = tintColor
        }
    }
    public struct DeleteOptions: Sendable {
        public var isHidden: Bool?; public var reservedLayoutWidth: LayoutDimension?; public var tintColor: UIColor?; public var backgroundColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, backgroundColor: UIColor? = nil) {
            self.isHidden = isHidden; self.reservedLayoutWidth = reservedLayoutWidth; self.tintColor = tintColor; self.backgroundColor = backgroundColor
        }
    }
    public struct InsertOptions: Sendable {
        public var isHidden: Bool?; public var reservedLayoutWidth: LayoutDimension?; public var tintColor: UIColor?; public var backgroundColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, backgroundColor: UIColor? = nil) {
            self.isHidden = isHidden; self.reservedLayoutWidth = reservedLayoutWidth; self.tintColor = tintColor; self.backgroundColor = backgroundColor
        }
    }
    public struct ReorderOptions: Sendable {
        public var isHidden: Bool?; public var reservedLayoutWidth: LayoutDimension?; public var tintColor: UIColor?; public var showsVerticalSeparator = true
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, showsVerticalSeparator: Bool = true) {
            self.isHidden = isHidden; self.reservedLayoutWidth = reservedLayoutWidth; self.tintColor = tintColor; self.showsVerticalSeparator = showsVerticalSeparator
        }
    }
    public struct MultiselectOptions: Sendable {
        public var isHidden: Bool?; public var reservedLayoutWidth: LayoutDimension?; public var tintColor: UIColor?; public var backgroundColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, backgroundColor: UIColor? = nil) {
            self.isHidden = isHidden; self.reservedLayoutWidth = reservedLayoutWidth; self.tintColor = tintColor; self.backgroundColor = backgroundColor
        }
    }
    public struct OutlineDisclosureOptions: Sendable {
        public var style: OutlineDisclosureStyle; public var isHidden: Bool?; public var reservedLayoutWidth: LayoutDimension?; public var tintColor: UIColor?
        public init(style: OutlineDisclosureStyle = .automatic, isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            self.style = style; self.isHidden = isHidden; self.reservedLayoutWidth = reservedLayoutWidth; self.tintColor = tintColor
        }
    }
    public struct LabelOptions: @unchecked Sendable {
        public var isHidden: Bool?; public var reservedLayoutWidth: LayoutDimension?; public var tintColor: UIColor?; public var font: UIFont?
        public var adjustsFontForContentSizeCategory = true
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, font: UIFont? = nil,
                    adjustsFontForContentSizeCategory: Bool = true) {
            self.isHidden = isHidden; self.reservedLayoutWidth = reservedLayoutWidth; self.tintColor = tintColor; self.font = font
            self.adjustsFontForContentSizeCategory = adjustsFontForContentSizeCategory
        }
    }
    /// A custom accessory: the view, its edge, and whether it keeps its own width.
    public struct CustomViewConfiguration: @unchecked Sendable {
        public var customView: UIView
        public var placement: Placement
        public var isHidden: Bool?
        public var reservedLayoutWidth: LayoutDimension
        public var tintColor: UIColor?
        public var maintainsFixedSize: Bool
        public init(customView: UIView, placement: Placement, isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension = .standard,
                    tintColor: UIColor? = nil, maintainsFixedSize: Bool = false) {
            self.customView = customView; self.placement = placement; self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth; self.tintColor = tintColor; self.maintainsFixedSize = maintainsFixedSize
        }
    }

    enum Kind {
        case disclosureIndicator, checkmark, delete, insert, reorder, multiselect, outlineDisclosure, label(String), detail
        case custom(UIView)
    }
    let kind: Kind
    let displayed: DisplayedState
    let leading: Bool
    let isHidden: Bool
    let tint: UIColor?
    let reserved: LayoutDimension?
    let action: (() -> Void)?

    public static func disclosureIndicator(displayed: DisplayedState = .whenNotEditing, options: DisclosureIndicatorOptions = .init()) -> Self {
        Self(kind: .disclosureIndicator, displayed: displayed, leading: false, isHidden: options.isHidden ?? false,
             tint: options.tintColor ?? .tertiaryLabel, reserved: options.reservedLayoutWidth, action: nil)
    }
    public static func checkmark(displayed: DisplayedState = .whenNotEditing, options: CheckmarkOptions = .init()) -> Self {
        Self(kind: .checkmark, displayed: displayed, leading: false, isHidden: options.isHidden ?? false, tint: options.tintColor,
             reserved: options.reservedLayoutWidth, action: nil)
    }
    public static func delete(displayed: DisplayedState = .whenEditing, options: DeleteOptions = .init(), actionHandler: (() -> Void)? = nil) -> Self {
        Self(kind: .delete, displayed: displayed, leading: true, isHidden: options.isHidden ?? false, tint: options.tintColor ?? .systemRed,
             reserved: options.reservedLayoutWidth, action: actionHandler)
    }
    public static func insert(displayed: DisplayedState = .whenEditing, options: InsertOptions = .init(), actionHandler: (() -> Void)? = nil) -> Self {
        Self(kind: .insert, displayed: displayed, leading: true, isHidden: options.isHidden ?? false, tint: options.tintColor ?? .systemGreen,
             reserved: options.reservedLayoutWidth, action: actionHandler)
    }
    public static func reorder(displayed: DisplayedState = .whenEditing, options: ReorderOptions = .init()) -> Self {
        Self(kind: .reorder, displayed: displayed, leading: false, isHidden: options.isHidden ?? false, tint: options.tintColor ?? .tertiaryLabel,
             reserved: options.reservedLayoutWidth, action: nil)
    }
    public static func multiselect(displayed: DisplayedState = .whenEditing, options: MultiselectOptions = .init()) -> Self {
        Self(kind: .multiselect, displayed: displayed, leading: true, isHidden: options.isHidden ?? false, tint: options.tintColor,
             reserved: options.reservedLayoutWidth, action: nil)
    }
    public static func outlineDisclosure(displayed: DisplayedState = .always, options: OutlineDisclosureOptions = .init(),
                                         actionHandler: (() -> Void)? = nil) -> Self {
        Self(kind: .outlineDisclosure, displayed: displayed, leading: false, isHidden: options.isHidden ?? false, tint: options.tintColor,
             reserved: options.reservedLayoutWidth, action: actionHandler)
    }
    public static func label(text: String, displayed: DisplayedState = .always, options: LabelOptions = .init()) -> Self {
        Self(kind: .label(text), displayed: displayed, leading: false, isHidden: options.isHidden ?? false,
             tint: options.tintColor ?? .secondaryLabel, reserved: options.reservedLayoutWidth, action: nil)
    }
    public static func detail(displayed: DisplayedState = .always, actionHandler: (() -> Void)? = nil) -> Self {
        Self(kind: .detail, displayed: displayed, leading: false, isHidden: false, tint: nil, reserved: nil, action: actionHandler)
    }
    public static func customView(configuration: CustomViewConfiguration) -> Self {
        let leading: Bool, displayed: DisplayedState
        switch configuration.placement {
        case .leading(let d, _): leading = true; displayed = d
        case .trailing(let d, _): leading = false; displayed = d
        }
        return Self(kind: .custom(configuration.customView), displayed: displayed, leading: leading, isHidden: configuration.isHidden ?? false,
                    tint: configuration.tintColor, reserved: configuration.reservedLayoutWidth, action: nil)
    }

    /// Whether the accessory shows in a cell that is (or is not) editing.
    func shows(editing: Bool) -> Bool {
        guard !isHidden else { return false }
        switch displayed {
        case .always: return true
        case .whenEditing: return editing
        case .whenNotEditing: return !editing
        }
    }

    /// The view drawing the accessory.
    @MainActor func makeView() -> UIView {
        func symbol(_ name: String) -> UIView {
            let v = UIImageView(image: UIImage(systemName: name)?.withRenderingMode(.alwaysTemplate))
            v.tintColor = tint
            v.contentMode = .center
            return v
        }
        switch kind {
        case .disclosureIndicator: return symbol("chevron.right")
        case .checkmark: return symbol("checkmark")
        case .delete: return symbol("minus.circle.fill")
        case .insert: return symbol("plus.circle.fill")
        case .reorder: return symbol("line.3.horizontal")
        case .multiselect: return symbol("circle")
        case .outlineDisclosure: return symbol("chevron.down")
        case .detail: return symbol("info.circle")
        case .label(let text):
            let l = UILabel()
            l.text = text
            l.font = .preferredFont(forTextStyle: .body)
            l.textColor = tint ?? .secondaryLabel
            return l
        case .custom(let v): return v
        }
    }

    /// The width kept for the accessory (the standard one: its size, at least 20 points for symbols).
    @MainActor func width(of view: UIView) -> CGFloat {
        let own = view.sizeThatFits(CGSize(width: 200, height: 44)).width
        switch reserved {
        case .custom(let w)?: return max(own, w.isFinite ? max(0, w) : 0)
        case .actual?: return own
        case .standard?, nil:
            if case .label = kind { return own }
            if case .custom = kind { return own }
            return max(own, 20)
        }
    }
}
