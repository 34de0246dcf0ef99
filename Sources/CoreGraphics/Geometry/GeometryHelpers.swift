// CGPoint/CGSize/CGRect helpers that CoreGraphics offers on Apple platforms and Linux Foundation lacks.

extension CGPoint {
    /// Whether both points are equal (CoreGraphics' `CGPointEqualToPoint`).
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
    /// Whether both coordinates are finite numbers.
    public var isFinite: Bool { x.isFinite && y.isFinite }
}

extension CGSize {
    /// Whether both sizes are equal.
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
    /// Whether both dimensions are finite numbers.
    public var isFinite: Bool { width.isFinite && height.isFinite }
}

extension CGRect {
    /// Whether both rectangles are equal.
    public func equalTo(_ rect2: CGRect) -> Bool { self == rect2 }
    /// Whether origin and size are all finite numbers (the null and infinite rectangles are not).
    public var isFinite: Bool { origin.isFinite && size.isFinite }
    /// The centre point.
    public var center: CGPoint { CGPoint(x: midX, y: midY) }
}

extension CGAffineTransform {
    /// Whether every entry is a finite number.
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }
}

extension NSValue {
    /// A value holding a `CGAffineTransform` (Apple's `NSValue(cgAffineTransform:)`).
    public convenience init(cgAffineTransform t: CGAffineTransform) {
        var entries: (Double, Double, Double, Double, Double, Double) =
            (Double(t.a), Double(t.b), Double(t.c), Double(t.d), Double(t.tx), Double(t.ty))
        self.init(bytes: &entries, objCType: NSValue.affineTransformObjCType)
    }

    /// The `CGAffineTransform` held by this value; identity-shaped zeroes when it holds another type.
    public var cgAffineTransformValue: CGAffineTransform {
        if case .affineTransform(let t) = laminaContents { return t }
        return CGAffineTransform()
    }

    /// Linux Foundation's NSValue stores fixed-size arrays but not arbitrary structs, so the
    /// transform is kept as six doubles; this tag tells it apart from other values.
    static let affineTransformObjCType = "[6d]"

    /// Whether this value was made by `init(cgAffineTransform:)`.
    public var holdsCGAffineTransform: Bool {
        if case .affineTransform = laminaContents { return true }
        return false
    }
}

extension NSValue {
    /// A value holding a point (Apple's `NSValue(cgPoint:)`).
    public convenience init(cgPoint p: CGPoint) { self.init(point: p) }
    /// A value holding a size (Apple's `NSValue(cgSize:)`).
    public convenience init(cgSize s: CGSize) { self.init(size: s) }
    /// A value holding a rectangle (Apple's `NSValue(cgRect:)`).
    public convenience init(cgRect r: CGRect) { self.init(rect: r) }
    /// The point held (Apple's `cgPointValue`).
    public var cgPointValue: CGPoint { pointValue }
    /// The size held (Apple's `cgSizeValue`).
    public var cgSizeValue: CGSize { sizeValue }
    /// The rectangle held (Apple's `cgRectValue`).
    public var cgRectValue: CGRect { rectValue }
}
