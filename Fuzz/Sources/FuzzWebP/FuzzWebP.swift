import Foundation
@_spi(Lamina) import CoreGraphics
import FuzzSupport

/// WebP decoding, then drawing the image scaled into a small context.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    Fuzz.run {
        guard let image = try? CGImage.decodeWebP(Fuzz.data(bytes, count)) else { return }
        let ctx = Fuzz.context()
        ctx.draw(image, in: CGRect(x: 1, y: 2, width: 40, height: 30))
    }
    return 0
}
