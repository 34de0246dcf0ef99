/// The name of a method, as UIKit's target–action APIs take it (`Selector` is Objective-C's;
/// Swift on Linux has no Objective-C runtime and no `#selector`).
///
/// Lamina keeps the name so that iOS code passing a selector, or `nil`, compiles and can read
/// it back; nothing is called by name. For an action that runs, use the closure forms:
/// `UIBarButtonItem(systemItem:primaryAction:)`, `UIControl.addAction(_:for:)`.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method's name ("doneTapped:").
    public let name: String
    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { name = value }
    public var description: String { name }
}
