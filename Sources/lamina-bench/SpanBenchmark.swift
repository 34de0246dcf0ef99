import CoreGraphics
import Foundation

/// `lamina-bench spans`: solid span throughput (issue 17) through the public API. A 1000x1000
/// premultiplied RGBA context filled with `fill(_:)` over its whole bitmap: an opaque colour
/// (every pixel stored), a 50% alpha colour (every pixel blended) and, for the coverage path, a
/// rectangle at a fractional position (partial coverage on its border). Best of 5 trials of at
/// least 0.2 s, in gigapixels per second, on the calling thread. Then the per-call cost of
/// `fill(_:)` for small rectangles (8x8, on whole pixels and off them), in nanoseconds per call.
enum SpanBenchmark {
    static func run() {
        let n = 1000
        let ctx = CGContext(data: nil, width: n, height: n, bitsPerComponent: 8, bytesPerRow: n * 4,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        func rate(_ name: String, pixels: Double, _ body: () -> Void) {
            let best = bestSeconds(body)
            print(name.padding(toLength: 44, withPad: " ", startingAt: 0)
                  + String(format: "%6.2f Gpx/s  (%.0f µs per fill)", pixels / best / 1e9, best * 1e6))
        }
        let whole = CGRect(x: 0, y: 0, width: n, height: n)
        ctx.setFillColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        rate("1000x1000 opaque fill", pixels: Double(n * n)) { ctx.fill(whole) }
        ctx.setFillColor(red: 0.8, green: 0.3, blue: 0.1, alpha: 0.5)
        rate("1000x1000 50% alpha fill", pixels: Double(n * n)) { ctx.fill(whole) }
        rate("999x999 50% alpha fill at (0.5, 0.5)", pixels: 999 * 999) {
            ctx.fill(CGRect(x: 0.5, y: 0.5, width: 999, height: 999))
        }
        // 1,000 small rectangles per trial, spread over the bitmap.
        func perCall(_ name: String, offset: CGFloat) {
            let rects = (0..<1000).map { CGRect(x: CGFloat($0 % 100) * 9 + offset, y: CGFloat($0 / 100) * 9 + offset, width: 8, height: 8) }
            let best = bestSeconds { for r in rects { ctx.fill(r) } }
            print(name.padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: "%6.1f ns per fill", best * 1e9 / 1000))
        }
        perCall("8x8 fill(_:) on whole pixels, 50% alpha", offset: 0)
        perCall("8x8 fill(_:) at (x.25, y.25), 50% alpha", offset: 0.25)
    }
}
