import Foundation
import Testing
@testable import CoreGraphics

/// A context strokes into storage it keeps from stroke to stroke (issue 17: no allocation per
/// stroke): what is left of one stroke never reaches the next, the storage is reused, and a huge
/// stroke's storage is not kept.
@Suite("Stroke buffers")
struct StrokeBufferTests {
    static func context() -> CGContext {
        CGContext(data: nil, width: 96, height: 80, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    }

    static func bytes(_ c: CGContext) -> [UInt8] {
        Array(UnsafeBufferPointer(start: c.data!.assumingMemoryBound(to: UInt8.self), count: c.bytesPerRow * c.height))
    }

    /// A star of `points` points, dashed when asked.
    static func stroke(_ c: CGContext, points: Int, radius: CGFloat, dashed: Bool, width: CGFloat) {
        c.setLineWidth(width)
        c.setLineJoin(.round)
        c.setLineDash(phase: 0, lengths: dashed ? [5, 3] : [])
        c.setStrokeColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.8)
        for i in 0..<points {
            let a = CGFloat(i) * 2 * .pi / CGFloat(points), r = i % 2 == 0 ? radius : radius * 0.4
            let p = CGPoint(x: 48 + r * cos(a), y: 40 + r * sin(a))
            if i == 0 { c.move(to: p) } else { c.addLine(to: p) }
        }
        c.closePath()
        c.strokePath()
    }

    @Test func eachStrokeIsDrawnAsOnAFreshContext() {
        let reused = StrokeBufferTests.context()
        for (k, (points, dashed)) in [(40, true), (6, false), (300, false), (10, true), (4, false)].enumerated() {
            let fresh = StrokeBufferTests.context()
            reused.clear(CGRect(x: 0, y: 0, width: 96, height: 80))
            StrokeBufferTests.stroke(reused, points: points, radius: 30, dashed: dashed, width: CGFloat(1 + k))
            StrokeBufferTests.stroke(fresh, points: points, radius: 30, dashed: dashed, width: CGFloat(1 + k))
            #expect(StrokeBufferTests.bytes(reused) == StrokeBufferTests.bytes(fresh), "stroke \(k)")
            // Left empty for the next stroke.
            #expect(reused.strokeBuffers.points.isEmpty && reused.strokeBuffers.ends.isEmpty && reused.strokeBuffers.polyline.isEmpty)
        }
    }

    @Test func theStorageIsReusedAndAHugeOneIsNotKept() {
        let c = StrokeBufferTests.context()
        StrokeBufferTests.stroke(c, points: 50, radius: 30, dashed: false, width: 2)
        let kept = c.strokeBuffers.points.capacity
        #expect(kept > 0)
        let first = c.strokeBuffers.points.withUnsafeBufferPointer { $0.baseAddress }
        StrokeBufferTests.stroke(c, points: 20, radius: 25, dashed: true, width: 3)
        #expect(c.strokeBuffers.points.withUnsafeBufferPointer { $0.baseAddress } == first)
        // A stroke of tens of thousands of round-joined segments: its outline's storage goes.
        StrokeBufferTests.stroke(c, points: 40_000, radius: 30, dashed: false, width: 2)
        #expect(c.strokeBuffers.points.capacity <= StrokeBuffers.keptPoints)
        #expect(c.strokeBuffers.ends.capacity <= StrokeBuffers.keptPoints)
    }
}
