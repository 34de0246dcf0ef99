import Foundation
@_spi(Lamina) import CoreGraphics

extension NSValue {
    /// A value holding a `CATransform3D` (Apple's `NSValue(caTransform3D:)`).
    public convenience init(caTransform3D t: CATransform3D) {
        var e = [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                 t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map(Double.init)
        self.init(bytes: &e, objCType: NSValue.transform3DObjCType)
    }

    /// The `CATransform3D` held by this value; all zeroes when it holds another type.
    public var caTransform3DValue: CATransform3D {
        holdsCATransform3D ? storedTransform3D() : CATransform3D()
    }

    /// The sixteen doubles of a value known to hold a transform.
    func storedTransform3D() -> CATransform3D {
        var e = [Double](repeating: 0, count: 16)
        e.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return CATransform3D(rows: (0..<4).map { r in (0..<4).map { CGFloat(e[r * 4 + $0]) } })
    }

    /// Whether this value was made by `init(caTransform3D:)`.
    public var holdsCATransform3D: Bool { laminaContents == .encoded(NSValue.transform3DObjCType) }

    /// Linux Foundation's NSValue stores fixed-size arrays but not arbitrary structs, so the
    /// transform is kept as sixteen doubles; this tag tells it apart from other values.
    static let transform3DObjCType = "[16d]"
}
