import Foundation
import Testing
import LaminaTestSupport
@_spi(Lamina) import CoreGraphics

/// Odd values found by the fuzz targets (issue 16): each once trapped converting a Double to Int.
@Suite("Odd values do not trap")
struct OddValueTests {
    /// fuzz-path: a quadratic whose control point is −1.7e38 made the flattener ask for
    /// Int(1e19) pieces (Tests/FuzzFindings/path/).
    @Test func enormousCurvesAreFlattenedWithoutTrapping() {
        let ctx = rgbaContext(16, 16)
        ctx.setStrokeColor(gray: 0, alpha: 1)
        for big in [-1.7e38, 1e160, 1e300] as [CGFloat] {
            ctx.move(to: .zero)
            ctx.addQuadCurve(to: CGPoint(x: 4, y: 4), control: CGPoint(x: big, y: 0))
            ctx.addCurve(to: CGPoint(x: 8, y: 8), control1: CGPoint(x: 0, y: big), control2: CGPoint(x: big, y: big))
            ctx.strokePath()
            ctx.move(to: .zero)
            ctx.addQuadCurve(to: CGPoint(x: 4, y: 4), control: CGPoint(x: big, y: 0))
            ctx.fillPath()
        }
        #expect(ctx.width == 16)
    }

    /// fuzz-jpeg: a 436-byte JPEG that decodes to 64,495 x 1,008 pixels (65 Mpx, under the
    /// decode limit), drawn into a 40 x 30 rectangle, took over 10 s under AddressSanitizer:
    /// the conversion to sampling words and the mipmap chain indexed arrays per pixel and
    /// allocated a four-element array for every pixel of every level
    /// (Tests/FuzzFindings/jpeg/65-megapixel-draw-timeout). Both loops now run over raw buffers.
    /// A premultiplied image (a layer's backing store) is sampled from its own bytes, without a
    /// straight-alpha copy (Tests/FuzzFindings/kvc/tall-text-layer-oom: a 160 x 552,555-point
    /// text layer's frame held four copies of its bitmap, past 2 GB): drawn 1:1 with `.copy` it
    /// gives back exactly its bytes, whatever the byte order.
    @Test(arguments: [CGImageAlphaInfo.premultipliedLast, .premultipliedFirst])
    func premultipliedImagesAreSampledFromTheirOwnBytes(_ alpha: CGImageAlphaInfo) throws {
        let w = 37, h = 11
        var rng = SystemRandomNumberGenerator()
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) {
            let a = alpha == .noneSkipLast ? 255 : UInt8.random(in: 0...255, using: &rng)
            let aAt = alpha == .premultipliedFirst ? 0 : 3
            bytes[i * 4 + aAt] = a
            for c in 0..<4 where c != aAt { bytes[i * 4 + c] = UInt8.random(in: 0...a, using: &rng) }
        }
        let source = try #require(CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: alpha.rawValue))
        try #require(source.data).copyMemory(from: bytes, byteCount: bytes.count)
        let image = try #require(source.makeImage())
        let ctx = try #require(CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                         space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: alpha.rawValue))
        ctx.setBlendMode(.copy)
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: w, height: h))
        let out = [UInt8](UnsafeRawBufferPointer(start: try #require(ctx.data), count: w * h * 4))
        #expect(out == bytes)
    }

    @Test func aHugeSparseJPEGIsDecodedAndDrawnSmall() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../FuzzFindings/jpeg/65-megapixel-draw-timeout")
        let image = try CGImage.decodeJPEG(try Data(contentsOf: url))
        #expect(image.width == 64_495 && image.height == 1_008)
        let ctx = rgbaContext(48, 48)
        ctx.draw(image, in: CGRect(x: 1, y: 2, width: 40, height: 30))
        #expect(ctx.width == 48)
    }

    /// fuzz-png (CI, November 26): 8 KB of 1-bit gray PNG declare 8192 x 8192 pixels, exactly the
    /// 2^26-pixel decode limit; decoding copied the 256 MiB of RGBA once more and drawing added
    /// the sampler's words and mipmaps, past libFuzzer's 2 GB (Tests/FuzzFindings/png/). The
    /// decoders now write into the bytes the image keeps, and the limit can be lowered.
    @Test func aOneBitPNGAtTheDecodeLimitIsDecodedAndDrawnSmall() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../FuzzFindings/png/1-bit-64-megapixel-oom")
        let image = try CGImage.decodePNG(try Data(contentsOf: url))
        #expect(image.width == 8192 && image.height == 8192 && image.bytesPerRow == 8192 * 4)
        #expect(image.dataProvider?.data?.count == 8192 * 8192 * 4)
        let ctx = rgbaContext(48, 48)
        ctx.draw(image, in: CGRect(x: 1, y: 2, width: 40, height: 30))
        let p = ctx.data!.assumingMemoryBound(to: UInt8.self) + (20 * 48 + 20) * 4
        #expect(Array(UnsafeBufferPointer(start: p, count: 4)) == [0, 0, 0, 255])   // black, opaque
    }

    /// One pixel past the decode limit (16385 x 4096, 1-bit) is refused from the header, with
    /// the sizes in the message.
    @Test func aPNGOnePixelRowPastTheDecodeLimitIsRefused() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../FuzzFindings/png/1-bit-64-megapixel-oom")
        var bytes = [UInt8](try Data(contentsOf: url))
        // IHDR's width and height (big-endian at 16 and 20), then the chunk's CRC over type and data.
        bytes[16...23] = [0, 0, 0x40, 0x01, 0, 0, 0x10, 0x00]
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes[12..<29] {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        bytes[29...32] = [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        do { _ = try CGImage.decodePNG(Data(bytes)); Issue.record("expected .tooLarge") } catch {
            #expect(error == .tooLarge(width: 16385, height: 4096))
            #expect("\(error)" == "a 16385x4096 image exceeds the 67108864-pixel decoding limit")
        }
    }

    @Test func saturatingConversion() {
        #expect(Int(saturating: 1e30) == .max && Int(saturating: -1e30) == .min && Int(saturating: .nan) == 0)
        #expect(Int(saturating: .infinity) == .max && Int(saturating: 41.9) == 41 && Int(saturating: -2.5) == -2)
    }

    /// fuzz-path: stroking the outline of an outline of an outline… multiplies the path's
    /// size each time; the fuzzer's input passed 2 GB (Tests/FuzzFindings/path/). An outline now
    /// holds at most `CGPath.maximumOutlinePoints` points, with one diagnostic.
    @Test func outlinesOfOutlinesAreBounded() {
        let ctx = rgbaContext(16, 16)
        ctx.setLineWidth(3)
        ctx.setLineJoin(.round)
        ctx.setLineCap(.round)
        // A zigzag of 20,000 corners: the outline of its outline's outline passes the limit.
        let zigzag = (0..<20_000).map { CGPoint(x: CGFloat($0) / 1000, y: CGFloat($0 % 2) * 8) }
        let (_, diagnostics) = LaminaDiagnostics.collecting {
            ctx.addLines(between: zigzag)
            for _ in 0..<3 { ctx.replacePathWithStrokedPath() }
            ctx.fillPath()
        }
        #expect(diagnostics.contains { $0.contains("exceeds \(CGPath.maximumOutlinePoints) points") }, "\(diagnostics)")
        let path = CGMutablePath()
        path.addLines(between: zigzag)
        var outline: CGPath = path
        let (_, more) = LaminaDiagnostics.collecting {
            for _ in 0..<3 {
                outline = outline.copy(strokingWithWidth: 3, lineCap: .round, lineJoin: .round, miterLimit: 10)
            }
        }
        var points = 0
        outline.applyWithBlock { points += $0.pointee.type == .closeSubpath ? 0 : 1 }
        #expect(points <= CGPath.maximumOutlinePoints && points > CGPath.maximumOutlinePoints / 2)
        #expect(!more.isEmpty)
    }

    /// A dash pattern far finer than the path: a piece per dash would be 10^12 pieces.
    @Test func dashesFarFinerThanThePathAreBounded() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 1e6, y: 0))
        let (dashed, diagnostics) = LaminaDiagnostics.collecting {
            path.copy(dashingWithPhase: 0, lengths: [1e-6, 1e-6])
        }
        var points = 0
        dashed.applyWithBlock { _ in points += 1 }
        #expect(points <= CGPath.maximumOutlinePoints && diagnostics.count == 1, "\(diagnostics)")
        let ctx = rgbaContext(16, 16)
        ctx.setLineDash(phase: 0, lengths: [1e-6, 1e-6])
        ctx.move(to: .zero)
        ctx.addLine(to: CGPoint(x: 1e6, y: 0))
        let (_, strokeDiagnostics) = LaminaDiagnostics.collecting { ctx.strokePath() }
        #expect(strokeDiagnostics.count == 1, "\(strokeDiagnostics)")
    }

    @Test func fontDataBeyondTheLimitIsRefused() {
        let data = Data(count: CGFont.maximumDataSize + 1)
        #expect(throws: CGFontError.unreadable("134217729 bytes, more than the 128 MiB Lamina reads")) { try CGFont.load(data) }
    }

    /// A relative arc of 1e300 radians trapped converting its quarter-turn count to Int, and one
    /// of 1e9 radians would have been 6e8 curves: arcs wind at most `maximumArcTurns` times.
    @Test func arcsOfEnormousAnglesAreBounded() {
        let (path, diagnostics) = LaminaDiagnostics.collecting { () -> CGMutablePath in
            let p = CGMutablePath()
            for a in [1e300, -1e300, 1e9, .greatestFiniteMagnitude] as [CGFloat] {
                p.addRelativeArc(center: .zero, radius: 5, startAngle: 0, delta: a)
                p.addArc(center: .zero, radius: 5, startAngle: 0, endAngle: a, clockwise: false)
                p.addArc(center: .zero, radius: 5, startAngle: a, endAngle: 0, clockwise: true)
            }
            p.addRelativeArc(center: .zero, radius: 5, startAngle: 0, delta: .infinity)
            return p
        }
        var curves = 0
        path.applyWithBlock { if $0.pointee.type == .addCurveToPoint { curves += 1 } }
        #expect(curves <= 12 * 4 * CGMutablePath.maximumArcTurns && curves > 0)
        #expect(diagnostics.contains { $0.contains("winds more than 64 times") })
        // Within the limit an arc winds as often as asked: two turns are eight quarter curves.
        let two = CGMutablePath()
        two.addRelativeArc(center: .zero, radius: 5, startAngle: 0, delta: 4 * .pi)
        var quarters = 0
        two.applyWithBlock { if $0.pointee.type == .addCurveToPoint { quarters += 1 } }
        #expect(quarters == 8)
    }

    /// fuzz-path: a round join between segments near the float limit, whose lengths overflow
    /// to infinity, had NaN normals, and the join's arc converted a NaN step count to Int
    /// (Tests/FuzzFindings/path/round-join-nan-angle).
    @Test func roundJoinsOfOverflowingSegmentsDoNotTrap() {
        let ctx = rgbaContext(16, 16)
        ctx.setLineJoin(.round)
        ctx.setLineCap(.round)
        ctx.setLineWidth(4)
        ctx.move(to: CGPoint(x: 0, y: -1e308))
        ctx.addLine(to: CGPoint(x: 1e308, y: 1e308))
        ctx.addLine(to: CGPoint(x: 4, y: 4))
        ctx.addLine(to: CGPoint(x: -1e308, y: 8))
        ctx.strokePath()
        _ = CGPath(rect: CGRect(x: -1e308, y: -1e308, width: 1.7e308, height: 1.7e308), transform: nil)
            .copy(strokingWithWidth: 3, lineCap: .round, lineJoin: .round, miterLimit: 10)
        // The context still draws afterwards.
        ctx.setStrokeColor(gray: 0, alpha: 1)
        ctx.move(to: CGPoint(x: 0, y: 8))
        ctx.addLine(to: CGPoint(x: 16, y: 8))
        ctx.strokePath()
        let alpha = ctx.data!.assumingMemoryBound(to: UInt8.self)[8 * ctx.bytesPerRow + 8 * 4 + 3]
        #expect(alpha == 255)
    }
}
