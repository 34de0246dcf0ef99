import Foundation

/// What an `NSValue` holds, read without `objCType`: on Linux, Foundation's `objCType` returns
/// a newly allocated C string that is never freed (about 32 bytes per call; its source says
/// "leaky"), and key-value coding asks it of every boxed value it unboxes, so a long-running
/// process would grow without bound. The boxed value is found by reflection instead; if a
/// future Foundation stores it differently, `objCType` is asked once per value as before.
@_spi(Lamina) public enum NSValueContents: Equatable {
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    /// A transform made by `NSValue(cgAffineTransform:)`.
    case affineTransform(CGAffineTransform)
    /// Another special value (a range, edge insets…) or a number.
    case otherSpecial
    /// Bytes tagged with a type encoding (`NSValue(bytes:objCType:)`).
    case encoded(String)
}

extension NSValue {
    /// What the value holds (see ``NSValueContents``).
    @_spi(Lamina) public var laminaContents: NSValueContents {
        if self is NSNumber { return .otherSpecial }
        for child in Mirror(reflecting: self).children {
            switch child.label {
            case "_value":
                if let p = child.value as? CGPoint { return .point(p) }
                if let s = child.value as? CGSize { return .size(s) }
                if let r = child.value as? CGRect { return .rect(r) }
                return .otherSpecial
            case "_typeInfo":
                for field in Mirror(reflecting: child.value).children where field.label == "name" {
                    if let name = field.value as? String { return contents(encodedAs: name) }
                }
            default: continue
            }
        }
        return contents(encodedAs: String(cString: objCType))
    }

    /// Bytes tagged `encoding`, read as what they hold where CoreGraphics knows the tag.
    private func contents(encodedAs encoding: String) -> NSValueContents {
        guard encoding == NSValue.affineTransformObjCType else { return .encoded(encoding) }
        var e: (Double, Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0, 0)
        getValue(&e)
        return .affineTransform(CGAffineTransform(a: CGFloat(e.0), b: CGFloat(e.1), c: CGFloat(e.2), d: CGFloat(e.3),
                                                  tx: CGFloat(e.4), ty: CGFloat(e.5)))
    }
}
