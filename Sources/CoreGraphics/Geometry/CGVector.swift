/// A two-dimensional vector (CoreGraphics' `CGVector`).
public struct CGVector: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The x component.
    public var dx: CGFloat
    /// The y component.
    public var dy: CGFloat

    /// A vector whose components are both zero.
    public init() { dx = 0; dy = 0 }
    /// Creates a vector from its components.
    public init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
    /// Creates a vector from `Double` components.
    public init(dx: Double, dy: Double) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    /// Creates a vector from integer components.
    public init(dx: Int, dy: Int) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }

    /// The zero vector.
    public static var zero: CGVector { CGVector() }

    public var description: String { "(\(dx), \(dy))" }
}
