import Foundation
import Testing
@_spi(Lamina) import CoreGraphics
import UIKit

/// WebP images decoded as iOS decodes them since iOS 14: `UIImage(data:)` and
/// `UIImage(contentsOfFile:)` read WebP files (an animation's first frame); broken data fails
/// with its reason. Fixtures: `Fixtures/WebP` (see its README).
@MainActor
@Suite("WebP images")
struct WebPTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/WebP")
    static func data(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }

    @Test func aLosslessWebPHasTheSamePixelsAsItsPNG() throws {
        let png = try #require(UIImage(data: try Self.data("gradient.png"))?.cgImage)
        let webp = try #require(UIImage(data: try Self.data("gradient-lossless.webp"))?.cgImage)
        #expect(webp.width == 16 && webp.height == 12)
        #expect(try webp.straightRGBA8() == png.straightRGBA8())
        let file = try #require(UIImage(contentsOfFile: Self.folder.appendingPathComponent("gradient-lossless.webp").path))
        #expect(file.size == CGSize(width: 16, height: 12))
    }

    @Test func aLossyWebPIsCloseToItsPNG() throws {
        let png = try UIImage(data: try Self.data("gradient.png"))!.cgImage!.straightRGBA8()
        let webp = try #require(UIImage(data: try Self.data("gradient-lossy.webp"))?.cgImage).straightRGBA8()
        #expect(png.count == webp.count)
        let worst = zip(png, webp).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(worst < 40, "largest difference \(worst)")
    }

    @Test func anAnimatedWebPGivesItsFirstFrame() throws {
        let png = try UIImage(data: try Self.data("gradient.png"))!.cgImage!.straightRGBA8()
        let first = try #require(UIImage(data: try Self.data("animated.webp"))?.cgImage)
        #expect(first.width == 16 && first.height == 12)
        #expect(try first.straightRGBA8() == png)
    }

    @Test func brokenWebPFailsWithItsReason() throws {
        let whole = try Self.data("gradient-lossy.webp")
        for broken in [whole.prefix(20), whole.prefix(whole.count / 2), Data([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50])] {
            let (img, msgs) = LaminaDiagnostics.collecting { UIImage(data: Data(broken)) }
            #expect(img == nil && msgs.contains { $0.contains("WebP") }, "\(msgs)")
        }
        #expect(throws: CGImageCodecError.self) { try CGImage.decodeWebP(Data(whole.prefix(30))) }
    }

    @Test func anEnormousWebPIsRefusedBeforeDecoding() throws {
        // A lossless header claiming 16384 x 16384 pixels (2^28, beyond the 2^26 limit).
        var header = Data([0x52, 0x49, 0x46, 0x46, 0x1A, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4C, 0x0D, 0, 0, 0, 0x2F])
        let w = UInt32(16383), h = UInt32(16383)
        let bits = w | (h << 14)
        header.append(contentsOf: [UInt8(bits & 0xFF), UInt8((bits >> 8) & 0xFF), UInt8((bits >> 16) & 0xFF), UInt8((bits >> 24) & 0xFF)])
        header.append(contentsOf: [UInt8](repeating: 0, count: 8))
        #expect(throws: CGImageCodecError.tooLarge(width: 16384, height: 16384)) { try CGImage.decodeWebP(header) }
    }
}
