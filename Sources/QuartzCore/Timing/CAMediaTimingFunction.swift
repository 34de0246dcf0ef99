import Foundation
import LaminaRender

/// The names of the predefined timing curves.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Constant pace: (0,0) (1,1).
    public static let linear = Self(rawValue: "linear")
    /// Slow start: (0.42,0) (1,1).
    public static let easeIn = Self(rawValue: "easeIn")
    /// Slow end: (0,0) (0.58,1).
    public static let easeOut = Self(rawValue: "easeOut")
    /// Slow start and end: (0.42,0) (0.58,1).
    public static let easeInEaseOut = Self(rawValue: "easeInEaseOut")
    /// The curve of implicit animations: (0.25,0.1) (0.25,1).
    public static let `default` = Self(rawValue: "default")
}

/// A timing curve: a cubic Bézier from (0,0) through two control points to (1,1), mapping the
/// fraction of time elapsed (x) to the fraction of change (y). Evaluation solves x(s) = time for
/// the curve parameter s, then reads y(s).
public final class CAMediaTimingFunction: NSObject, @unchecked Sendable {
    /// The curve itself, a value the renderer evaluates too.
    package let curve: TimingCurve
    var p1x: Double { curve.p1x }
    var p1y: Double { curve.p1y }
    var p2x: Double { curve.p2x }
    var p2y: Double { curve.p2y }

    /// A curve with control points (c1x, c1y) and (c2x, c2y). x values are clamped to [0, 1] so
    /// the curve stays a function of time; non-finite values make the curve linear (diagnostic).
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        var v = [c1x, c1y, c2x, c2y].map(Double.init)
        if v.contains(where: { !$0.isFinite }) {
            LaminaDiagnostics.report("CAMediaTimingFunction: non-finite control points \(v); linear used")
            v = [0, 0, 1, 1]
        }
        curve = TimingCurve(p1x: min(1, max(0, v[0])), p1y: v[1], p2x: min(1, max(0, v[2])), p2y: v[3])
        super.init()
    }

    /// One of the predefined curves.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        case .linear: self.init(controlPoints: 0, 0, 1, 1)
        default:
            LaminaDiagnostics.report("CAMediaTimingFunction(name: \(name.rawValue)): unknown name; linear used")
            self.init(controlPoints: 0, 0, 1, 1)
        }
    }

    /// Writes control point `idx` (0: (0,0), 1: c1, 2: c2, 3: (1,1)) into `values[0]`, `values[1]`.
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let p: (Double, Double)
        switch idx {
        case 0: p = (0, 0)
        case 1: p = (p1x, p1y)
        case 2: p = (p2x, p2y)
        case 3: p = (1, 1)
        default:
            LaminaDiagnostics.report("CAMediaTimingFunction.getControlPoint(at: \(idx)): index out of 0...3")
            return
        }
        ptr[0] = Float(p.0); ptr[1] = Float(p.1)
    }

    /// The fraction of change at time fraction `x` (clamped to [0, 1]).
    public func evaluate(_ x: Double) -> Double { curve.evaluate(x) }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? CAMediaTimingFunction else { return false }
        return p1x == o.p1x && p1y == o.p1y && p2x == o.p2x && p2y == o.p2y
    }

    public override var hash: Int {
        var h = Hasher()
        h.combine(p1x); h.combine(p1y); h.combine(p2x); h.combine(p2y)
        return h.finalize()
    }

    public override var description: String { "<CAMediaTimingFunction (\(p1x), \(p1y)) (\(p2x), \(p2y))>" }
}
