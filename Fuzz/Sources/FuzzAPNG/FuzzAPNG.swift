import Foundation
import CoreGraphics
import FuzzSupport

/// Animated PNG decoding (frames composited with their blending and disposal), then drawing
/// the last frame into a small context.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAPNG(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    Fuzz.run {
        guard let decoded = try? APNGDecoder.decode(Fuzz.data(bytes, count)), let last = decoded.frames.last else { return }
        let ctx = Fuzz.context()
        ctx.draw(last, in: CGRect(x: 1, y: 2, width: 40, height: 30))
    }
    return 0
}
