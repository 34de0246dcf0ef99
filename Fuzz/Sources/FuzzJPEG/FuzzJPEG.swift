import Foundation
import CoreGraphics
import FuzzSupport

/// JPEG decoding, then drawing the image scaled into a small context. Images of more than
/// 16 Mpx are decoded but not drawn: a few hundred bytes can describe 65 Mpx (the decode
/// limit), and converting that for drawing takes seconds under AddressSanitizer, which is
/// bounded work, not a finding (Tests/FuzzFindings/jpeg/65-megapixel-draw-timeout).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    Fuzz.run {
        guard let image = try? CGImage.decodeJPEG(Fuzz.data(bytes, count)) else { return }
        guard image.width * image.height <= 16 << 20 else { return }
        let ctx = Fuzz.context()
        ctx.draw(image, in: CGRect(x: 1, y: 2, width: 40, height: 30))
    }
    return 0
}
