import Foundation

/// The state a configuration is updated for (UIKit's `UIConfigurationState`): the traits and
/// custom states an app defines.
public protocol UIConfigurationState {
    init(traitCollection: UITraitCollection)
    var traitCollection: UITraitCollection { get set }
    subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? { get set }
}

/// The key of a custom state an app keeps in a configuration state (UIKit's
/// `UIConfigurationStateCustomKey`), named in reverse-DNS style.
public struct UIConfigurationStateCustomKey: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// A view's state for configurations (UIKit's `UIViewConfigurationState`).
public struct UIViewConfigurationState: UIConfigurationState, Hashable, @unchecked Sendable {
    public var traitCollection: UITraitCollection
    public var isDisabled = false
    public var isHighlighted = false
    public var isSelected = false
    public var isFocused = false
    var custom: [UIConfigurationStateCustomKey: AnyHashable] = [:]

    public init(traitCollection: UITraitCollection) { self.traitCollection = traitCollection }

    public subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? {
        get { custom[key] }
        set { custom[key] = newValue }
    }
}

/// A cell's state for configurations (UIKit's `UICellConfigurationState`): the view's states
/// and whether the cell is editing, expanded, swiped or being reordered, dragged or dropped on.
public struct UICellConfigurationState: UIConfigurationState, Hashable, @unchecked Sendable {
    /// Whether a drag includes the cell.
    public enum DragState: Int, Sendable { case none, lifting, dragging }
    /// Whether a drop would land on the cell.
    public enum DropState: Int, Sendable { case none, notTargeted, targeted }

    public var traitCollection: UITraitCollection
    public var isDisabled = false
    public var isHighlighted = false
    public var isSelected = false
    public var isFocused = false
    public var isEditing = false
    public var isExpanded = false
    public var isSwiped = false
    public var isReordering = false
    public var cellDragState: DragState = .none
    public var cellDropState: DropState = .none
    var custom: [UIConfigurationStateCustomKey: AnyHashable] = [:]

    public init(traitCollection: UITraitCollection) { self.traitCollection = traitCollection }

    public subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? {
        get { custom[key] }
        set { custom[key] = newValue }
    }
}
