import Foundation
import Testing
@testable @_spi(Lamina) import CoreGraphics
import LaminaTestSupport

/// A path `addPath(_:)` adds to an empty current path is kept as its elements and the CTM until
/// its device elements are needed (a rectangle is filled or clipped to from its corners). It must
/// behave exactly as the elements added one by one: the same bytes, the same queries, the CTM of
/// the moment it was added, and a snapshot of a mutable path.
@Suite("Pending path")
struct PendingPathTests {
    static let width = 90, height = 70

    static func context() -> CGContext { rgbaContext(width, height) }

    static func bytes(_ ctx: CGContext) -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: ctx.data!, count: width * height * 4))
    }

    /// Adds `path` to the context element by element (`move`, `addLine`...: device points made
    /// at once), the way that never leaves a path pending.
    static func addEagerly(_ ctx: CGContext, _ path: CGPath) {
        for e in path.elements {
            switch e {
            case .move(let p): ctx.move(to: p)
            case .line(let p): ctx.addLine(to: p)
            case .quad(let c, let p): ctx.addQuadCurve(to: p, control: c)
            case .cubic(let c1, let c2, let p): ctx.addCurve(to: p, control1: c1, control2: c2)
            case .close: ctx.closePath()
            }
        }
        #expect(ctx.pendingPath == nil)
    }

    /// Random rectangles (whole-pixel, fractional, degenerate, crossing the edges) and a few
    /// other shapes under random CTMs (some rotating), blend modes, clips and fill rules, filled
    /// or clipped to (then a gradient), added pending and eagerly: the same bytes.
    @Test(arguments: 0..<8)
    func pendingPathsDrawWhatEagerOnesDraw(seed: UInt64) {
        func draw(pending: Bool) -> [UInt8] {
            var rng = RowWindowTests.Random(state: seed &+ 500)
            let ctx = Self.context()
            for k in 0..<50 {
                var r = CGRect(x: rng.range(-10, 90), y: rng.range(-10, 70), width: rng.range(-20, 60), height: rng.range(-20, 50))
                if k % 4 == 0 { r = r.integral }
                if k % 13 == 0 { r.size.height = 0 }
                let path: CGPath
                switch k % 8 {
                case 0: path = CGPath(ellipseIn: r, transform: nil)
                case 1: path = CGPath(roundedRect: r.standardized, cornerWidth: 3, cornerHeight: 3, transform: nil)
                case 2, 3, 4: path = CGPath(rect: r, transform: nil)
                default:
                    // Polygons: a star (self-intersecting), open and closed subpaths, a line after
                    // a close (from the subpath's start), a second subpath.
                    let m = CGMutablePath()
                    let n = 3 + rng.int(9)
                    for i in 0..<n {
                        let q = CGPoint(x: r.midX + rng.range(-30, 30), y: r.midY + rng.range(-25, 25))
                        if i == 0 { m.move(to: q) } else { m.addLine(to: q) }
                    }
                    if k % 8 != 5 { m.closeSubpath() }
                    if k % 8 == 7 {
                        m.addLine(to: CGPoint(x: r.minX, y: r.maxY))
                        m.addLine(to: CGPoint(x: r.maxX, y: r.midY))
                        m.move(to: CGPoint(x: r.minX + 3, y: r.minY + 2))
                        m.addLine(to: CGPoint(x: r.maxX, y: r.minY + 9))
                        m.addLine(to: CGPoint(x: r.midX, y: r.maxY))
                    }
                    path = m
                }
                ctx.saveGState()
                switch k % 5 {
                case 0: ctx.translateBy(x: 0.5, y: 0.25)
                case 1: ctx.rotate(by: rng.range(-0.3, 0.3))
                case 2: ctx.scaleBy(x: 1.5, y: -0.75); ctx.translateBy(x: 0, y: -60)
                default: break
                }
                if k % 7 == 0 { ctx.clip(to: CGRect(x: 10.5, y: 7.25, width: 60, height: 50)) }
                if k % 8 == 0 { ctx.setBlendMode(.multiply) }
                if k % 9 == 0 { ctx.setShouldAntialias(false) }
                ctx.setFillColor(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: rng.range(0.2, 1))
                if pending { ctx.addPath(path) } else { Self.addEagerly(ctx, path) }
                let evenOdd = k % 10 == 0
                if k % 3 == 0 {
                    ctx.clip(using: evenOdd ? .evenOdd : .winding)
                    let g = CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(),
                                       colorComponents: [1, 0, 0, 1, 0, 0, 1, 0.5], locations: [0, 1], count: 2)!
                    ctx.drawLinearGradient(g, start: r.origin, end: CGPoint(x: r.maxX, y: r.maxY), options: [])
                } else {
                    ctx.fillPath(using: evenOdd ? .evenOdd : .winding)
                }
                #expect(ctx.isPathEmpty)
                ctx.restoreGState()
            }
            return Self.bytes(ctx)
        }
        let a = draw(pending: true), b = draw(pending: false)
        let differing = zip(a, b).filter { $0 != $1 }.count
        #expect(differing == 0, "seed \(seed): \(differing) bytes differ")
        #expect(a.contains { $0 != 0 })
    }

    /// Polygons are rasterized from the pending path (no device elements made); a curve or a
    /// rectangle is not.
    @Test func polygonsAreRasterizedFromThePendingPath() {
        let raster = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 70)
        let triangle = CGMutablePath()
        triangle.addLines(between: [CGPoint(x: 1, y: 1), CGPoint(x: 30, y: 5), CGPoint(x: 10, y: 40)])
        #expect(CGContext.isPolygon(triangle.elements))
        let rect = CGPath(rect: CGRect(x: 3, y: 4, width: 20, height: 10), transform: nil)
        #expect(CGContext.isPolygon(rect.elements))
        // A rectangle is one under an axis-aligned CTM (swept as such), not under a rotation.
        #expect(CGContext.axisAlignedRectangle(rect.elements, .identity, raster) != nil)
        #expect(CGContext.axisAlignedRectangle(rect.elements, CGAffineTransform(rotationAngle: 0.3), raster) == nil)
        let ellipse = CGPath(ellipseIn: CGRect(x: 3, y: 4, width: 20, height: 10), transform: nil)
        #expect(!CGContext.isPolygon(ellipse.elements))
        // A rotated rectangle is filled through the accumulator, from its points.
        let ctx = Self.context()
        ctx.rotate(by: 0.3)
        ctx.addPath(rect)
        ctx.fillPath()
        #expect(!ctx.lastFillWasRectangle && !ctx.accumulator.lastSweepWasRectangle && ctx.pathStorage.isEmpty)
        // An axis-aligned one the rectangle painters do not take (another blend mode) is still
        // swept as a rectangle, not from its edges.
        let other = Self.context()
        other.setBlendMode(.multiply)
        other.addPath(rect)
        other.fillPath()
        #expect(!other.lastFillWasRectangle && other.accumulator.lastSweepWasRectangle)
    }

    /// The rectangle fast paths are taken for a pending rectangle, without making its elements.
    @Test func aPendingRectangleIsFilledFromItsCorners() {
        let ctx = Self.context()
        ctx.addPath(CGPath(rect: CGRect(x: 3.25, y: 4.5, width: 20.5, height: 10.75), transform: nil))
        #expect(ctx.pendingPath != nil && ctx.pathStorage.isEmpty)
        ctx.fillPath()
        #expect(ctx.lastFillWasRectangle && ctx.pendingPath == nil && ctx.pathStorage.isEmpty)
        ctx.addPath(CGPath(rect: CGRect(x: 3.25, y: 4.5, width: 20.5, height: 10.75), transform: nil))
        ctx.clip()
        #expect(ctx.state.rectClip != nil && ctx.pendingPath == nil)
    }

    /// A mutable path changed after it was added, and a CTM changed after it was added, change
    /// nothing (the elements and CTM of the moment of adding are used).
    @Test func theAddedPathIsASnapshotUnderTheCTMOfItsMoment() {
        let r = CGRect(x: 10.5, y: 8.25, width: 30, height: 20)
        let expected = Self.context()
        expected.translateBy(x: 5, y: 3)
        expected.fill(r)
        let ctx = Self.context()
        ctx.translateBy(x: 5, y: 3)
        let p = CGMutablePath()
        p.addRect(r)
        ctx.addPath(p)
        p.addRect(CGRect(x: 50, y: 40, width: 20, height: 20))
        ctx.translateBy(x: 7, y: 7)
        ctx.fillPath()
        #expect(Self.bytes(ctx) == Self.bytes(expected))
    }

    /// Queries, further elements and a second path see the pending path as if it were added
    /// element by element.
    @Test func queriesAndFurtherElementsSeeThePendingPath() {
        let path = CGPath(roundedRect: CGRect(x: 4, y: 6, width: 30, height: 20), cornerWidth: 4, cornerHeight: 4, transform: nil)
        func build(_ pending: Bool) -> CGContext {
            let ctx = Self.context()
            ctx.scaleBy(x: 1.25, y: 0.8)
            if pending { ctx.addPath(path) } else { Self.addEagerly(ctx, path) }
            return ctx
        }
        let a = build(true), b = build(false)
        #expect(a.pendingPath != nil)
        #expect(!a.isPathEmpty && a.isPathEmpty == b.isPathEmpty)
        #expect(a.currentPointOfPath == b.currentPointOfPath)
        #expect(a.boundingBoxOfPath == b.boundingBoxOfPath)
        #expect(a.path?.elements == b.path?.elements)
        // A line continues from the pending path's current point; a second path follows it.
        for ctx in [a, b] {
            ctx.addLine(to: CGPoint(x: 60, y: 50))
            ctx.addPath(CGPath(rect: CGRect(x: 50, y: 5, width: 10, height: 10), transform: nil))
            ctx.setFillColor(red: 0.3, green: 0.6, blue: 0.1, alpha: 0.8)
            ctx.fillPath(using: .evenOdd)
        }
        #expect(Self.bytes(a) == Self.bytes(b))
        #expect(Self.bytes(a).contains { $0 != 0 })
        // Two paths added one after the other: both are filled.
        let two = Self.context(), reference = Self.context()
        two.addPath(CGPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10), transform: nil))
        two.addPath(CGPath(rect: CGRect(x: 30.5, y: 20, width: 10, height: 10), transform: nil))
        two.fillPath()
        reference.fill([CGRect(x: 5, y: 5, width: 10, height: 10), CGRect(x: 30.5, y: 20, width: 10, height: 10)])
        #expect(Self.bytes(two) == Self.bytes(reference))
        // An empty path adds nothing; beginPath drops a pending one.
        a.addPath(CGMutablePath())
        #expect(a.isPathEmpty && a.pendingPath == nil)
        a.addPath(path)
        a.beginPath()
        #expect(a.isPathEmpty && a.pendingPath == nil && a.path == nil)
    }

    /// A closed axis-aligned rectangle added under a CTM that only scales and translates is kept
    /// as its four points (no reference to the path's storage); under a rotation, or any other
    /// quadrilateral, as elements. Either way every use sees what element-by-element adding gives:
    /// queries, a further line, fills by both rules, a blend mode and a clip mask that the
    /// rectangle painters decline, clipping, stroking.
    @Test func rectanglesUnderScalingCTMsAreKeptAsTheirCorners() {
        let rect = CGPath(rect: CGRect(x: 6.5, y: 5.25, width: 30.5, height: 20), transform: nil)
        let trapezoid = CGMutablePath()
        trapezoid.addLines(between: [CGPoint(x: 5, y: 5), CGPoint(x: 40, y: 5), CGPoint(x: 30, y: 30), CGPoint(x: 10, y: 30)])
        trapezoid.closeSubpath()
        let cases: [(CGPath, (CGContext) -> Void, Bool)] = [
            (rect, { $0.scaleBy(x: 1.25, y: -0.8); $0.translateBy(x: 3, y: -60) }, true),
            (rect, { _ in }, true),
            (rect, { $0.rotate(by: 0.2) }, false),
            (rect, { $0.rotate(by: .pi / 2); $0.translateBy(x: 0, y: -60) }, false),
            (trapezoid, { _ in }, false),
        ]
        for (n, (path, setUp, corners)) in cases.enumerated() {
            for use in 0..<6 {
                func draw(_ pending: Bool) -> (CGContext, [UInt8]) {
                    let ctx = Self.context()
                    setUp(ctx)
                    if pending { ctx.addPath(path) } else { Self.addEagerly(ctx, path) }
                    if pending && use == 0 {
                        #expect((ctx.pendingQuad != nil) == corners && (ctx.pendingElements != nil) == !corners, "case \(n)")
                    }
                    ctx.setFillColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.7)
                    switch use {
                    case 0: ctx.fillPath()
                    case 1: ctx.fillPath(using: .evenOdd)
                    case 2: ctx.setBlendMode(.multiply); ctx.fillPath()
                    case 3:
                        ctx.clip()
                        ctx.fill(CGRect(x: 0, y: 0, width: 90, height: 70))
                    case 4: ctx.setLineWidth(2.5); ctx.strokePath()
                    default:
                        ctx.addLine(to: CGPoint(x: 80, y: 60))
                        ctx.fillPath(using: .evenOdd)
                    }
                    #expect(ctx.isPathEmpty && ctx.pendingQuad == nil && ctx.pendingElements == nil)
                    return (ctx, Self.bytes(ctx))
                }
                let (_, a) = draw(true), (_, b) = draw(false)
                #expect(a == b && a.contains { $0 != 0 }, "case \(n), use \(use)")
            }
            // Queries before anything is drawn.
            let a = Self.context(), b = Self.context()
            setUp(a); setUp(b)
            a.addPath(path); Self.addEagerly(b, path)
            #expect(a.currentPointOfPath == b.currentPointOfPath && a.boundingBoxOfPath == b.boundingBoxOfPath, "case \(n)")
            #expect(a.path?.elements == b.path?.elements && !a.isPathEmpty, "case \(n)")
        }
        // With a clip mask (a clip to an ellipse) the painters decline the pending rectangle.
        func masked(_ pending: Bool) -> [UInt8] {
            let ctx = Self.context()
            ctx.addEllipse(in: CGRect(x: 10, y: 10, width: 50, height: 40))
            ctx.clip()
            if pending { ctx.addPath(rect) } else { Self.addEagerly(ctx, rect) }
            ctx.fillPath()
            return Self.bytes(ctx)
        }
        #expect(masked(true) == masked(false))
    }

    /// Stroking, the stroked path and text's clip modes read the pending path's elements.
    @Test func strokesAndStrokedPathsSeeThePendingPath() {
        let path = CGPath(rect: CGRect(x: 12.5, y: 10.5, width: 40, height: 30), transform: nil)
        func draw(_ pending: Bool) -> [UInt8] {
            let ctx = Self.context()
            ctx.setLineWidth(3)
            if pending { ctx.addPath(path) } else { Self.addEagerly(ctx, path) }
            ctx.strokePath()
            if pending { ctx.addPath(path) } else { Self.addEagerly(ctx, path) }
            ctx.replacePathWithStrokedPath()
            ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 0.5)
            ctx.fillPath()
            return Self.bytes(ctx)
        }
        let a = draw(true)
        #expect(a == draw(false) && a.contains { $0 != 0 })
    }
}
