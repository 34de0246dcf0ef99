// Core Animation's string-valued option types and bit masks, with Apple's Swift names.

/// How a layer's contents are placed in its bounds.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable, KVCStringEnum {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let center = Self(rawValue: "center")
    public static let top = Self(rawValue: "top")
    public static let bottom = Self(rawValue: "bottom")
    public static let left = Self(rawValue: "left")
    public static let right = Self(rawValue: "right")
    public static let topLeft = Self(rawValue: "topLeft")
    public static let topRight = Self(rawValue: "topRight")
    public static let bottomLeft = Self(rawValue: "bottomLeft")
    public static let bottomRight = Self(rawValue: "bottomRight")
    public static let resize = Self(rawValue: "resize")
    public static let resizeAspect = Self(rawValue: "resizeAspect")
    public static let resizeAspectFill = Self(rawValue: "resizeAspectFill")
}

/// The pixel format hint for drawn content.
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable, KVCStringEnum {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let RGBA8Uint = Self(rawValue: "RGBA8")
    public static let RGBA16Float = Self(rawValue: "RGBAh")
    public static let gray8Uint = Self(rawValue: "Gray8")
}

/// The filter used to scale contents.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable, KVCStringEnum {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nearest = Self(rawValue: "nearest")
    public static let linear = Self(rawValue: "linear")
    public static let trilinear = Self(rawValue: "trilinear")
}

/// The curve of rounded corners.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable, KVCStringEnum {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let circular = Self(rawValue: "circular")
    public static let continuous = Self(rawValue: "continuous")
}

/// Which corners `cornerRadius` rounds.
public struct CACornerMask: OptionSet, Hashable, Sendable, KVCBitMask {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

/// Which edges are antialiased.
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable, KVCBitMask {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1)
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 2)
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 4)
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 8)
}

/// How a layer resizes when its superlayer's bounds change (macOS).
public struct CAAutoresizingMask: OptionSet, Hashable, Sendable, KVCBitMask {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let layerMinXMargin = CAAutoresizingMask(rawValue: 1)
    public static let layerWidthSizable = CAAutoresizingMask(rawValue: 2)
    public static let layerMaxXMargin = CAAutoresizingMask(rawValue: 4)
    public static let layerMinYMargin = CAAutoresizingMask(rawValue: 8)
    public static let layerHeightSizable = CAAutoresizingMask(rawValue: 16)
    public static let layerMaxYMargin = CAAutoresizingMask(rawValue: 32)
}

/// `kCALayerNotSizable`: no autoresizing.
public let kCALayerNotSizable: CAAutoresizingMask = []

/// What an animation or a timed layer shows outside its active interval.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable, KVCStringEnum {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let removed = Self(rawValue: "removed")
    public static let forwards = Self(rawValue: "forwards")
    public static let backwards = Self(rawValue: "backwards")
    public static let both = Self(rawValue: "both")
}
