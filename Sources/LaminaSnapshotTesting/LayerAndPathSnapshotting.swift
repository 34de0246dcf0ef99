import Foundation
import CoreGraphics
import QuartzCore
import UIKit
import SnapshotTesting

extension Snapshotting where Value == CALayer, Format == UIImage {
    /// A snapshot strategy for comparing layers based on pixel equality.
    public static var image: Snapshotting { .image() }

    /// A snapshot strategy for comparing layers with a tolerance: the layer's bounds are laid
    /// out and drawn with `render(in:)` at the traits' display scale (the main screen's when
    /// unspecified, then the reference's when it has the same size in points).
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1,
                             traits: UITraitCollection = .init()) -> Snapshotting {
        let scale = snapshotScale(traits)
        return SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale)
            .pullback { layer in
                let bounds = layer.bounds
                return drawSnapshot(size: bounds.size, scale: scale, what: "The layer \(type(of: layer))") { ctx in
                    layer.setNeedsLayout()
                    layer.layoutIfNeeded()
                    ctx.cgContext.translateBy(x: -bounds.minX, y: -bounds.minY)
                    layer.render(in: ctx.cgContext)
                }
            }
    }
}

extension Snapshotting where Value == CGPath, Format == UIImage {
    /// A snapshot strategy for comparing paths based on pixel equality.
    public static var image: Snapshotting { .image() }

    /// A snapshot strategy for paths: the path's bounding box drawn at `scale` with
    /// `drawingMode` in black.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat = 1,
                             drawingMode: CGPathDrawingMode = .eoFill) -> Snapshotting {
        SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale)
            .pullback { path in pathImage(path, scale: scale) { $0.addPath(path); $0.drawPath(using: drawingMode) } }
    }
}

extension Snapshotting where Value == UIBezierPath, Format == UIImage {
    /// A snapshot strategy for comparing bezier paths based on pixel equality.
    public static var image: Snapshotting { .image() }

    /// A snapshot strategy for bezier paths: the path's bounds, filled at `scale`.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat = 1) -> Snapshotting {
        SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale)
            .pullback { path in pathImage(path.cgPath, scale: scale) { _ in path.fill() } }
    }
}

/// The path's bounding box drawn by `draw` at `scale` (the box's origin at the image's corner).
private func pathImage(_ path: CGPath, scale: CGFloat, _ draw: @escaping (CGContext) -> Void) -> SnapshotImage {
    let box = path.boundingBoxOfPath
    guard box.isFinite else { return SnapshotImage(problem: "The path's bounds are not finite (\(box)).") }
    return drawSnapshot(size: box.size, scale: scale, what: "The path") { ctx in
        ctx.cgContext.translateBy(x: -box.minX, y: -box.minY)
        draw(ctx.cgContext)
    }
}

extension Snapshotting where Value == CGPath, Format == String {
    /// The path's elements, one per line (`MoveTo (0.0, 0.0)`, `CurveTo (…) (…) (…)`, `Close`),
    /// a blank line before each subpath after the first.
    public static var elementsDescription: Snapshotting { elementsDescription(format: formatCoordinate) }

    /// The path's elements with the points formatted by `numberFormatter`.
    public static func elementsDescription(numberFormatter: NumberFormatter) -> Snapshotting {
        elementsDescription { v in numberFormatter.string(from: NSNumber(value: Double(v))) ?? "\(v)" }
    }

    private static func elementsDescription(format: @escaping (CGFloat) -> String) -> Snapshotting {
        SimplySnapshotting.lines.pullback { path in
            var text = ""
            path.applyWithBlock { element in
                let e = element.pointee
                let (name, count): (String, Int)
                switch e.type {
                case .moveToPoint: (name, count) = ("MoveTo", 1)
                case .addLineToPoint: (name, count) = ("LineTo", 1)
                case .addQuadCurveToPoint: (name, count) = ("QuadCurveTo", 2)
                case .addCurveToPoint: (name, count) = ("CurveTo", 3)
                case .closeSubpath: (name, count) = ("Close", 0)
                @unknown default: (name, count) = ("Unknown", 0)
                }
                if e.type == .moveToPoint && !text.isEmpty { text += "\n" }
                text += name
                text += " " + (0..<count).map { i in
                    let p = e.points[i]
                    return "(\(format(p.x)), \(format(p.y)))"
                }.joined(separator: " ")
                text += "\n"
            }
            return text
        }
    }
}

extension Snapshotting where Value == UIBezierPath, Format == String {
    /// The path's elements, one per line.
    public static var elementsDescription: Snapshotting {
        Snapshotting<CGPath, String>.elementsDescription.pullback { $0.cgPath }
    }

    /// The path's elements with the points formatted by `numberFormatter`.
    public static func elementsDescription(numberFormatter: NumberFormatter) -> Snapshotting {
        Snapshotting<CGPath, String>.elementsDescription(numberFormatter: numberFormatter).pullback { $0.cgPath }
    }
}

/// One to three fraction digits with a "." separator, as the library's default formatter
/// prints points on Apple's platforms (`83.284`, `90.0`). Formatted here rather than by
/// `NumberFormatter`, which on Linux (swift-corelibs-foundation) keeps only one fraction digit
/// with these settings.
func formatCoordinate(_ v: CGFloat) -> String {
    let d = Double(v)
    guard d.isFinite else { return d.isNaN ? "NaN" : (d < 0 ? "-∞" : "∞") }
    var s = String(format: "%.3f", d)
    while s.hasSuffix("0"), !s.hasSuffix(".0") { s.removeLast() }
    if s == "-0.0" { s = "0.0" }
    return s
}
