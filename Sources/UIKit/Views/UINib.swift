import Foundation
@_spi(Lamina) import CoreGraphics

/// Interface Builder's compiled interface files (UIKit's `UINib`). Linux has no compiled nibs
/// and Lamina no nib loader: code that loads them compiles, and loading gives nothing, with one
/// diagnostic naming the nib. Build such views in code.
open class UINib: NSObject, @unchecked Sendable {
    /// Options for instantiating a nib.
    public struct OptionsKey: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Objects that stand in for the nib's external objects.
        public static let externalObjects = OptionsKey(rawValue: "UINibExternalObjects")
    }

    private let name: String

    /// The nib `name` in `bundle` (nothing is read).
    public init(nibName name: String, bundle bundleOrNil: Bundle?) {
        self.name = name
        super.init()
    }

    /// A nib from its data (nothing is read).
    public init(data: Data, bundle bundleOrNil: Bundle?) {
        name = "(data, \(data.count) bytes)"
        super.init()
    }

    /// The nib's top-level objects: none on Linux (with a diagnostic).
    open func instantiate(withOwner ownerOrNil: Any?, options optionsOrNil: [OptionsKey: Any]? = nil) -> [Any] {
        LaminaDiagnostics.report("UINib \(name): Lamina cannot load compiled nibs on Linux; no objects (build the view in code)")
        return []
    }
}

extension Bundle {
    /// Loads the nib `name`: nil on Linux, which has no compiled nibs, with a diagnostic naming
    /// it (UIKit returns the nib's top-level objects).
    public func loadNibNamed(_ name: String, owner: Any?, options: [UINib.OptionsKey: Any]? = nil) -> [Any]? {
        LaminaDiagnostics.report("Bundle.loadNibNamed(\"\(name)\"): Lamina cannot load compiled nibs on Linux; nil (build the view in code)")
        return nil
    }
}
