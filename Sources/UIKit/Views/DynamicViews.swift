import Foundation
@_implementationOnly import CLaminaDynamicInit

/// Views made from a class known only at run time (registered cells), through the class's own
/// initializer, as Apple's runtime makes them: see `CLaminaDynamicInit`. A subclass that declares
/// initializers of its own without overriding the one needed stops with Swift's "Use of
/// unimplemented initializer", as on Apple.
enum DynamicViews {
    /// A table cell of class `cls` for `identifier`, through `init(style: .default, reuseIdentifier:)`.
    static func cell(_ cls: UITableViewCell.Type, _ identifier: String) -> UITableViewCell {
        make(cls, identifier, lamina_table_cell_registered, "UITableViewCell.init(registeredWith:)")
    }

    /// A collection view cell or supplementary view of class `cls`, through `init(frame:)`.
    static func cell<V: UICollectionReusableView>(_ cls: V.Type, _ identifier: String) -> V {
        make(cls, identifier, lamina_reusable_view_registered, "UICollectionReusableView.init(registeredWith:)")
    }

    /// A table header or footer view of class `cls`, through `init(reuseIdentifier:)`.
    static func headerFooter(_ cls: UITableViewHeaderFooterView.Type, _ identifier: String) -> UITableViewHeaderFooterView {
        make(cls, identifier, lamina_header_footer_registered, "UITableViewHeaderFooterView.init(registeredWith:)")
    }

    private static func make<V: UIView>(_ cls: V.Type, _ identifier: String,
                                        _ entry: (UnsafeMutableRawPointer?, UnsafeRawPointer?) -> UnsafeMutableRawPointer?,
                                        _ name: String) -> V {
        let id = Unmanaged.passRetained(NSString(string: identifier)).toOpaque()
        guard let made = entry(id, unsafeBitCast(cls, to: UnsafeRawPointer.self)) else {
            fatalError("Lamina: \(name) is not linked under its expected symbol")
        }
        return Unmanaged<V>.fromOpaque(made).takeRetainedValue()
    }
}
