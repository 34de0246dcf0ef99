import Foundation

/// UIKit's additions to `IndexPath` for tables and collections: a section and a row (or item).
extension IndexPath {
    /// The path of `row` in `section`.
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    /// The path of `item` in `section`.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    /// The section (the first index).
    public var section: Int {
        get { count > 0 ? self[0] : 0 }
        set { if count > 0 { self[0] = newValue } else { self = IndexPath(indexes: [newValue]) } }
    }
    /// The row in the section (the second index).
    public var row: Int {
        get { count > 1 ? self[1] : 0 }
        set { if count > 1 { self[1] = newValue } else { self = IndexPath(indexes: [section, newValue]) } }
    }
    /// The item in the section (the same as `row`).
    public var item: Int {
        get { row }
        set { row = newValue }
    }
}
