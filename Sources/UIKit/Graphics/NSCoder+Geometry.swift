import Foundation

/// UIKit's string forms of geometry (`"{1, 2}"`, `"{{0, 0}, {10, 20}}"`), as
/// `NSStringFromCGPoint` and `NSCoder.cgPoint(for:)` write and read them.
extension NSCoder {
    /// The point written in `string` (`"{x, y}"`); zero when it cannot be read, as on iOS.
    public static func cgPoint(for string: String) -> CGPoint {
        let n = numbers(in: string)
        return n.count >= 2 ? CGPoint(x: n[0], y: n[1]) : .zero
    }

    /// The size written in `string` (`"{w, h}"`); zero when it cannot be read.
    public static func cgSize(for string: String) -> CGSize {
        let n = numbers(in: string)
        return n.count >= 2 ? CGSize(width: n[0], height: n[1]) : .zero
    }

    /// The rectangle written in `string` (`"{{x, y}, {w, h}}"`); zero when it cannot be read.
    public static func cgRect(for string: String) -> CGRect {
        let n = numbers(in: string)
        return n.count >= 4 ? CGRect(x: n[0], y: n[1], width: n[2], height: n[3]) : .zero
    }

    /// The string form of a point, `"{x, y}"`.
    public static func string(for point: CGPoint) -> String { "{\(format(point.x)), \(format(point.y))}" }
    /// The string form of a size, `"{w, h}"`.
    public static func string(for size: CGSize) -> String { "{\(format(size.width)), \(format(size.height))}" }
    /// The string form of a rectangle, `"{{x, y}, {w, h}}"`.
    public static func string(for rect: CGRect) -> String { "{\(string(for: rect.origin)), \(string(for: rect.size))}" }

    private static func format(_ v: CGFloat) -> String {
        if v.isFinite, v == v.rounded(), abs(v) < 1e15 { return String(format: "%.0f", Double(v)) }
        return "\(Double(v))"
    }

    /// The numbers in `s`, in order (braces, commas and spaces separate them).
    private static func numbers(in s: String) -> [CGFloat] {
        s.split(whereSeparator: { "{}, \t\n".contains($0) }).compactMap { Double($0) }.map { CGFloat($0) }
    }
}
