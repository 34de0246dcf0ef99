/// Which axes a scroll layer may scroll.
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable, KVCStringEnum {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = Self(rawValue: "none")
    public static let vertically = Self(rawValue: "vertically")
    public static let horizontally = Self(rawValue: "horizontally")
    public static let both = Self(rawValue: "both")
}

/// A layer whose bounds origin scrolls its sublayers; it clips to its bounds by default
/// (`masksToBounds` is true).
open class CAScrollLayer: CALayer {
    override class var kvcAccessors: KVCAccessors { ownKVCAccessors }

    enum SP {
        static let scrollMode = CAProperty<CAScrollLayerScrollMode>(LayerSlot.allCases.count, "scrollMode", .both)
    }
    static let descriptors = CALayer.layerDescriptors + [SP.scrollMode]
    override class var builtInPropertyDescriptors: [CAPropertyDescriptor] { CAScrollLayer.descriptors }
    override class var builtInSlotCount: Int { LayerSlot.allCases.count + 1 }

    open override class func defaultValue(forKey key: String) -> Any? {
        if key == "masksToBounds" { return true }
        return super.defaultValue(forKey: key)
    }

    /// Which axes can scroll (both by default).
    open var scrollMode: CAScrollLayerScrollMode { get { self[SP.scrollMode] } set { self[SP.scrollMode] = newValue } }

    /// Makes `p` the bounds origin, on the axes `scrollMode` allows.
    open func scroll(to p: CGPoint) {
        var b = bounds
        let mode = scrollMode
        if mode == .both || mode == .horizontally { b.origin.x = p.x }
        if mode == .both || mode == .vertically { b.origin.y = p.y }
        bounds = b
    }

    /// Scrolls the least distance that makes `r` visible (aligning its minimum edge when it is
    /// larger than the bounds), on the axes `scrollMode` allows.
    open func scroll(to r: CGRect) {
        let b = bounds, v = r.standardized
        func axis(_ lo: CGFloat, _ len: CGFloat, _ rLo: CGFloat, _ rHi: CGFloat) -> CGFloat {
            if rLo < lo || rHi - rLo > len { return rLo }
            if rHi > lo + len { return rHi - len }
            return lo
        }
        scroll(to: CGPoint(x: axis(b.minX, b.width, v.minX, v.maxX), y: axis(b.minY, b.height, v.minY, v.maxY)))
    }
}

extension CALayer {
    /// The nearest ancestor scroll layer.
    var enclosingScrollLayer: CAScrollLayer? {
        var l = _superlayer
        while let c = l { if let s = c as? CAScrollLayer { return s }; l = c._superlayer }
        return nil
    }

    /// Scrolls the nearest ancestor `CAScrollLayer` so that `p` (in this layer's coordinates)
    /// lies at its bounds origin.
    public func scroll(_ p: CGPoint) {
        guard let s = enclosingScrollLayer else { return }
        s.scroll(to: s.convert(p, from: self))
    }

    /// Scrolls the nearest ancestor `CAScrollLayer` so that `r` (in this layer's coordinates)
    /// becomes visible.
    public func scrollRectToVisible(_ r: CGRect) {
        guard let s = enclosingScrollLayer else { return }
        s.scroll(to: s.convert(r, from: self))
    }

    /// The part of the layer not clipped by its nearest ancestor scroll layer, in the layer's
    /// own coordinates (its bounds when it has none).
    public var visibleRect: CGRect {
        guard let s = enclosingScrollLayer else { return bounds }
        let r = convert(s.bounds, from: s).intersection(bounds)
        return r.isNull ? .zero : r
    }
}

extension CAScrollLayer {
    /// KVC goes through these accessors for user subclasses (see OverridableAccessors.swift).
    static let ownKVCAccessors = CALayer.baseKVCAccessors.adding([
        .init("scrollMode", \CAScrollLayer.scrollMode),
    ])
}
