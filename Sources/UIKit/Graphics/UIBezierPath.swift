import Foundation
@_spi(Lamina) import QuartzCore

/// Corners of a rectangle (UIKit's `UIRectCorner`).
public struct UIRectCorner: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// A path with its stroke attributes (UIKit's `UIBezierPath`), drawn into the current graphics
/// context. Angles and "clockwise" are as seen in UIKit's y-down coordinates; rounded rectangles
/// have continuous corners, as iOS draws them.
open class UIBezierPath: NSObject, NSCopying, @unchecked Sendable {
    private var path: CGMutablePath

    /// The line width (1).
    open var lineWidth: CGFloat = 1
    /// The line cap (butt).
    open var lineCapStyle: CGLineCap = .butt
    /// The line join (miter).
    open var lineJoinStyle: CGLineJoin = .miter
    /// The miter limit (10).
    open var miterLimit: CGFloat = 10
    /// The flatness (0.6); Lamina flattens to its own tolerance.
    open var flatness: CGFloat = 0.6
    /// Whether filling uses the even-odd rule.
    open var usesEvenOddFillRule = false
    private var dash: (pattern: [CGFloat], phase: CGFloat)?

    public override init() { path = CGMutablePath(); super.init() }

    public init(cgPath: CGPath) {
        path = cgPath.mutableCopy() ?? CGMutablePath()
        super.init()
    }

    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// A rectangle with all corners rounded (continuous corners).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// A rectangle with some corners rounded by `cornerRadii.width` (the height is ignored, as
    /// on iOS).
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        var mask: CACornerMask = []
        if corners.contains(.topLeft) { mask.insert(.layerMinXMinYCorner) }
        if corners.contains(.topRight) { mask.insert(.layerMaxXMinYCorner) }
        if corners.contains(.bottomLeft) { mask.insert(.layerMinXMaxYCorner) }
        if corners.contains(.bottomRight) { mask.insert(.layerMaxXMaxYCorner) }
        path.addPath(LaminaShapes.roundedRect(rect, radius: cornerRadii.width, corners: mask, continuous: true))
    }

    /// An arc (clockwise as seen in y-down coordinates).
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// The path.
    open var cgPath: CGPath {
        get { path.copy() ?? CGMutablePath() }
        set { path = newValue.mutableCopy() ?? CGMutablePath() }
    }

    open var isEmpty: Bool { path.isEmpty }
    open var bounds: CGRect { path.boundingBoxOfPath }
    open var currentPoint: CGPoint { path.currentPoint }

    open func move(to point: CGPoint) { path.move(to: point) }
    open func addLine(to point: CGPoint) { path.addLine(to: point) }
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) { path.addQuadCurve(to: endPoint, control: controlPoint) }
    /// An arc; `clockwise` as seen in UIKit's y-down coordinates (CoreGraphics' flag inverted).
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }
    open func close() { path.closeSubpath() }
    open func removeAllPoints() { path = CGMutablePath() }
    open func append(_ bezierPath: UIBezierPath) { path.addPath(bezierPath.path) }
    open func apply(_ transform: CGAffineTransform) {
        path = path.copy(using: [transform])?.mutableCopy() ?? path
    }
    open func contains(_ point: CGPoint) -> Bool { path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding) }

    /// The same path traced backwards.
    open func reversing() -> UIBezierPath {
        let out = UIBezierPath()
        out.lineWidth = lineWidth; out.lineCapStyle = lineCapStyle; out.lineJoinStyle = lineJoinStyle
        out.miterLimit = miterLimit; out.usesEvenOddFillRule = usesEvenOddFillRule
        // Split into subpaths, each reversed element by element.
        var subpaths: [(start: CGPoint, elements: [PathElement], closed: Bool)] = []
        var start = CGPoint.zero
        for e in path.elements {
            switch e {
            case .move(let p): subpaths.append((p, [], false)); start = p
            case .close: if !subpaths.isEmpty { subpaths[subpaths.count - 1].closed = true }
            default:
                if subpaths.isEmpty { subpaths.append((start, [], false)) }
                subpaths[subpaths.count - 1].elements.append(e)
            }
        }
        for sp in subpaths.reversed() {
            var points = [sp.start]
            for e in sp.elements { if let p = e.points.last { points.append(p) } }
            out.path.move(to: points.last!)
            for (i, e) in sp.elements.enumerated().reversed() {
                let to = points[i]
                switch e {
                case .line: out.path.addLine(to: to)
                case .quad(let c, _): out.path.addQuadCurve(to: to, control: c)
                case .cubic(let c1, let c2, _): out.path.addCurve(to: to, control1: c2, control2: c1)
                default: break
                }
            }
            if sp.closed { out.path.closeSubpath() }
        }
        return out
    }

    /// Sets the dash pattern (`count` entries of `pattern`).
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        guard let pattern, count > 0 else { dash = nil; return }
        dash = (Array(UnsafeBufferPointer(start: pattern, count: count)), phase)
    }

    private func applyStyle(_ ctx: CGContext) {
        ctx.setLineWidth(lineWidth)
        ctx.setLineCap(lineCapStyle)
        ctx.setLineJoin(lineJoinStyle)
        ctx.setMiterLimit(miterLimit)
        if let dash { ctx.setLineDash(phase: dash.phase, lengths: dash.pattern) } else { ctx.setLineDash(phase: 0, lengths: []) }
    }

    /// Fills the path with the current fill colour in the current context.
    open func fill() { fill(with: .normal, alpha: 1) }

    open func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.setBlendMode(blendMode); ctx.setAlpha(alpha)
        ctx.addPath(path)
        ctx.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        ctx.restoreGState()
    }

    /// Strokes the path with the current stroke colour and this path's line attributes.
    open func stroke() { stroke(with: .normal, alpha: 1) }

    open func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.setBlendMode(blendMode); ctx.setAlpha(alpha)
        applyStyle(ctx)
        ctx.addPath(path)
        ctx.strokePath()
        ctx.restoreGState()
    }

    /// Intersects the current context's clip with the path.
    open func addClip() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.addPath(path)
        ctx.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        let c = UIBezierPath(cgPath: path)
        c.lineWidth = lineWidth; c.lineCapStyle = lineCapStyle; c.lineJoinStyle = lineJoinStyle
        c.miterLimit = miterLimit; c.flatness = flatness; c.usesEvenOddFillRule = usesEvenOddFillRule; c.dash = dash
        return c
    }
}
