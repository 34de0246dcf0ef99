import Foundation
import CoreGraphics
import FuzzSupport

/// Random paths (lines, curves, arcs, ellipses, rounded rects) under random transforms, filled,
/// stroked with random widths, joins, caps and dashes, and clipped; odd values (NaN, infinities,
/// 1e30) come from raw float bit patterns.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPath(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    Fuzz.run {
        var r = ByteReader(Fuzz.data(bytes, count))
        let ctx = Fuzz.context(40, 40)
        var ops = 0
        // Each stroke-to-outline can multiply the path's size (tenfold with round joins, over a
        // thousandfold for the outline of an arc's outline: 1,635 elements to 2.2 million) until
        // Lamina's cap on an outline (2 million points; about 3.5 s under AddressSanitizer to
        // make, fill and stroke). Reaching the cap is tested by
        // ResourceLimitTests; here it would only measure how long bounded work takes under
        // AddressSanitizer (seconds per input), so a path is outlined at most twice and only
        // while it has fewer than 20,000 elements.
        var outlines = 0
        // Likewise a dash pattern far finer than the path (1e30-long lines in 0.25-point dashes)
        // reaches the cap of half a million dashes on every stroke: such a pattern is dropped
        // before stroking (the cap itself is tested by OddValueTests and ResourceLimitTests).
        var finestDash: CGFloat = .infinity
        func boundDashes() {
            guard finestDash.isFinite, let box = ctx.path?.boundingBox, !box.isNull else { return }
            let extent = box.width + box.height
            if !(extent.isFinite && extent / finestDash < 20_000) {
                ctx.setLineDash(phase: 0, lengths: [])
                finestDash = .infinity
            }
        }
        while !r.isAtEnd && ops < 200 {
            ops += 1
            switch r.byte() % 20 {
            case 0: ctx.move(to: CGPoint(x: r.coordinate(), y: r.coordinate()))
            case 1, 2: ctx.addLine(to: CGPoint(x: r.coordinate(), y: r.coordinate()))
            case 3: ctx.addQuadCurve(to: CGPoint(x: r.coordinate(), y: r.coordinate()),
                                     control: CGPoint(x: r.coordinate(), y: r.coordinate()))
            case 4: ctx.addCurve(to: CGPoint(x: r.coordinate(), y: r.coordinate()),
                                 control1: CGPoint(x: r.coordinate(), y: r.coordinate()),
                                 control2: CGPoint(x: r.coordinate(), y: r.coordinate()))
            case 5: ctx.addArc(center: CGPoint(x: r.coordinate(), y: r.coordinate()), radius: r.coordinate(),
                               startAngle: r.coordinate() / 8, endAngle: r.coordinate() / 8, clockwise: r.byte() & 1 == 0)
            case 6: ctx.addArc(tangent1End: CGPoint(x: r.coordinate(), y: r.coordinate()),
                               tangent2End: CGPoint(x: r.coordinate(), y: r.coordinate()), radius: r.coordinate())
            case 7: ctx.addEllipse(in: CGRect(x: r.coordinate(), y: r.coordinate(), width: r.coordinate(), height: r.coordinate()))
            case 8:
                let rect = CGRect(x: r.coordinate(), y: r.coordinate(), width: r.coordinate(), height: r.coordinate())
                ctx.addPath(CGPath(roundedRect: rect.standardized, cornerWidth: abs(r.coordinate()) / 4,
                                   cornerHeight: abs(r.coordinate()) / 4, transform: nil))
            case 9: ctx.closePath()
            case 10: ctx.fillPath(using: r.byte() & 1 == 0 ? .winding : .evenOdd)
            case 11: boundDashes(); ctx.strokePath()
            case 12: ctx.setLineWidth(r.byte() == 0xFF ? r.float() : CGFloat(r.byte()) / 8)
            case 13:
                let joins: [CGLineJoin] = [.miter, .round, .bevel], caps: [CGLineCap] = [.butt, .round, .square]
                ctx.setLineJoin(joins[Int(r.byte()) % 3]); ctx.setLineCap(caps[Int(r.byte()) % 3])
                ctx.setMiterLimit(r.coordinate())
            case 14:
                let n = Int(r.byte() % 6)
                let lengths = (0..<n).map { _ in r.coordinate() / 4 }
                ctx.setLineDash(phase: r.coordinate(), lengths: lengths)
                finestDash = lengths.filter { $0 > 0 }.min() ?? .infinity
            case 15: ctx.concatenate(CGAffineTransform(a: r.coordinate() / 32, b: r.coordinate() / 64, c: r.coordinate() / 64,
                                                       d: r.coordinate() / 32, tx: r.coordinate(), ty: r.coordinate()))
            case 16: ctx.clip(to: CGRect(x: r.coordinate(), y: r.coordinate(), width: r.coordinate(), height: r.coordinate()))
            case 17: r.byte() & 1 == 0 ? ctx.saveGState() : ctx.restoreGState()
            case 18: ctx.setFillColor(red: CGFloat(r.byte()) / 255, green: CGFloat(r.byte()) / 255, blue: 0.5,
                                      alpha: CGFloat(r.byte()) / 255)
            default:
                // An outline of an outline grows about tenfold again: the second only from a
                // path of at most 2,000 elements (a 20,000-element path outlined twice reached
                // the 2-million-point cap and took 14 s to fill and stroke under ASan).
                if ctx.isPathEmpty || outlines >= 2 || Fuzz.elementCount(ctx.path) > (outlines == 0 ? 20_000 : 2_000) { break }
                outlines += 1
                boundDashes()
                ctx.replacePathWithStrokedPath()
            }
        }
        boundDashes()
        ctx.drawPath(using: .fillStroke)
    }
    return 0
}
