/// How the lines of a paragraph are aligned (CoreText's raw values).
public enum CTTextAlignment: UInt8, Sendable {
    case left = 0
    case right = 1
    case center = 2
    /// Stretched to both edges, but for a paragraph's last line.
    case justified = 3
    /// Left for a left-to-right paragraph, right for a right-to-left one.
    case natural = 4
}

/// Where a truncated line loses its text (CoreText's raw values).
public enum CTLineTruncationType: UInt32, Sendable {
    case start = 0
    case end = 1
    case middle = 2
}

/// A range of a string or array (Core Foundation's `CFRange`): a length of 0 in CoreText's
/// functions means "to the end".
public struct CFRange: Equatable, Sendable {
    public var location: CFIndex
    public var length: CFIndex
    public init() { location = 0; length = 0 }
    public init(location: CFIndex, length: CFIndex) { self.location = location; self.length = length }
}

/// A `CFRange` (Core Foundation's `CFRangeMake`).
public func CFRangeMake(_ location: CFIndex, _ length: CFIndex) -> CFRange { CFRange(location: location, length: length) }
