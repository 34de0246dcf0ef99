import Foundation
import CoreGraphics
import FuzzSupport

/// PNG decoding, then drawing the image scaled into a small context.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    Fuzz.run {
        guard let image = try? CGImage.decodePNG(Fuzz.data(bytes, count)) else { return }
        let ctx = Fuzz.context()
        ctx.draw(image, in: CGRect(x: 1, y: 2, width: 40, height: 30))
    }
    return 0
}
