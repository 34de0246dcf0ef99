import Testing
import Foundation
@_spi(Lamina) @testable import CoreGraphics

/// Glyphs drawn from cached masks (`GlyphMaskCache`) against the same glyphs filled from their
/// outlines as one path. The masks keep glyph origins to 1/64 pixel and round each glyph's
/// coverage on its own, so a pixel may differ by a few levels (at most 4 of 255), never more.
@Suite("Glyph mask cache")
struct GlyphMaskCacheTests {
    static let font = CGFont("Helvetica" as CFString)!

    /// A line of glyphs at fractional positions (y-down user space, as text layers draw).
    static func placements(_ text: String, size: CGFloat, at origin: CGPoint, flipped: Bool = true) -> [CGContext.GlyphPlacement] {
        let k = size / CGFloat(font.unitsPerEm)
        var x = origin.x
        return text.unicodeScalars.map { s in
            let g = font.glyph(for: s)
            let p = CGContext.GlyphPlacement(font: font, glyph: g, transform: CGAffineTransform(a: k, b: 0, c: 0, d: flipped ? -k : k,
                                                                                                tx: x, ty: origin.y))
            x += size * 0.55 + 0.137
            return p
        }
    }

    static func context(_ w: Int, _ h: Int, scale: CGFloat) -> CGContext {
        let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.translateBy(x: 0, y: CGFloat(h))
        ctx.scaleBy(x: scale, y: -scale)
        return ctx
    }

    /// Fills through the masks (which must apply) and through the outlines; the largest byte
    /// difference, how many bytes differ, and the two alpha sums.
    static func compare(_ glyphs: [CGContext.GlyphPlacement], size: (Int, Int), scale: CGFloat,
                        setUp: (CGContext) -> Void = { _ in }) throws -> (maxDiff: Int, differing: Int, inkMasks: Int, inkPath: Int) {
        let a = context(size.0, size.1, scale: scale), b = context(size.0, size.1, scale: scale)
        setUp(a); setUp(b)
        #expect(a.fillGlyphsFromMasks(glyphs))
        for g in glyphs {
            guard let o = g.font.path(for: g.glyph), !o.isEmpty else { continue }
            let p = CGMutablePath()
            p.addPath(o, transform: g.transform)
            b.addPath(p)
        }
        b.fillPath()
        let n = size.0 * size.1 * 4
        let pa = try #require(a.data).assumingMemoryBound(to: UInt8.self), pb = try #require(b.data).assumingMemoryBound(to: UInt8.self)
        var maxDiff = 0, differing = 0, inkA = 0, inkB = 0
        for i in 0..<n {
            let d = abs(Int(pa[i]) - Int(pb[i]))
            maxDiff = max(maxDiff, d)
            if d != 0 { differing += 1 }
            if i % 4 == 3 { inkA += Int(pa[i]); inkB += Int(pb[i]) }
        }
        return (maxDiff, differing, inkA, inkB)
    }

    @Test(arguments: [(CGFloat(9), CGFloat(1)), (15, 2), (17, 3), (40, 1), (11.5, 2)])
    func masksDrawWhatTheOutlinesDraw(size: CGFloat, scale: CGFloat) throws {
        let glyphs = Self.placements("Hamburgefonstiv office AVATAR Wave, 0123456789", size: size, at: CGPoint(x: 3.3, y: size * 1.2))
        let w = Int((CGFloat(glyphs.count) * size * 0.6 + 10) * scale), h = Int(size * 1.8 * scale)
        let r = try Self.compare(glyphs, size: (w, h), scale: scale) { $0.setFillColor(red: 0.1, green: 0.2, blue: 0.7, alpha: 1) }
        #expect(r.inkPath > 0)
        #expect(r.maxDiff <= 4, "largest difference \(r.maxDiff)")
        #expect(abs(r.inkMasks - r.inkPath) * 200 <= r.inkPath, "ink \(r.inkMasks) against \(r.inkPath)")
    }

    @Test func rotatedTranslucentShadowedAndClippedText() throws {
        let glyphs = Self.placements("Rotated glyphs, 45°", size: 20, at: CGPoint(x: 30, y: 30))
        let r = try Self.compare(glyphs, size: (420, 420), scale: 2) { ctx in
            ctx.clip(to: CGRect(x: 20, y: 10, width: 150, height: 100))
            ctx.translateBy(x: 40, y: 20)
            ctx.rotate(by: .pi / 5)
            ctx.setAlpha(0.6)
            ctx.setShadow(offset: CGSize(width: 2, height: -3), blur: 3, color: CGColor(gray: 0, alpha: 0.8))
            ctx.setFillColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.8)
        }
        #expect(r.inkPath > 0)
        #expect(r.maxDiff <= 4, "largest difference \(r.maxDiff)")
        #expect(abs(r.inkMasks - r.inkPath) * 200 <= r.inkPath)
    }

    /// Overlapping glyphs are summed as one path's winding sums them: touching glyphs join
    /// without a seam, and a glyph drawn twice over itself is no darker than the path fill.
    @Test func overlappingGlyphsJoinAsOnePath() throws {
        let k = 30 / CGFloat(Self.font.unitsPerEm)
        let g = Self.font.glyph(for: "l")
        let twice = [CGFloat(10.25), 10.25, 11.5].map {
            CGContext.GlyphPlacement(font: Self.font, glyph: g, transform: CGAffineTransform(a: k, b: 0, c: 0, d: -k, tx: $0, ty: 35))
        }
        let r = try Self.compare(twice, size: (60, 50), scale: 1) { $0.setFillColor(gray: 0, alpha: 0.5) }
        #expect(r.maxDiff <= 4, "largest difference \(r.maxDiff)")
    }

    @Test func whereMasksDoNotApplyNothingIsDrawn() throws {
        let ctx = Self.context(64, 64, scale: 1)
        let glyphs = Self.placements("A", size: 20, at: CGPoint(x: 5, y: 30))
        ctx.setBlendMode(.multiply)
        #expect(!ctx.fillGlyphsFromMasks(glyphs))
        ctx.setBlendMode(.normal)
        ctx.setShouldAntialias(false)
        #expect(!ctx.fillGlyphsFromMasks(glyphs))
        ctx.setShouldAntialias(true)
        ctx.saveGState()
        ctx.addEllipse(in: CGRect(x: 0, y: 0, width: 40, height: 40))
        ctx.clip()
        #expect(!ctx.fillGlyphsFromMasks(glyphs))
        ctx.restoreGState()
        let alpha = CGContext(data: nil, width: 8, height: 8, bitsPerComponent: 8, bytesPerRow: 8, space: CGColorSpaceCreateDeviceGray(),
                              bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue)!
        #expect(!alpha.fillGlyphsFromMasks(glyphs))
        let ink = (0..<64 * 64).reduce(0) { $0 + Int(ctx.data!.load(fromByteOffset: $1 * 4 + 3, as: UInt8.self)) }
        #expect(ink == 0)
        #expect(ctx.fillGlyphsFromMasks([]))
    }

    /// Bad input: a glyph thousands of pixels tall, a transform of 1e30, NaN: the run is left
    /// to the outline fill (with one diagnostic for the oversized glyph), never a trap.
    @Test func oversizedAndOddTransformsFallBack() {
        let ctx = Self.context(64, 64, scale: 1)
        let huge = Self.placements("W", size: 10_000, at: CGPoint(x: 0, y: 60))
        let (drawn, diagnostics) = LaminaDiagnostics.collecting { ctx.fillGlyphsFromMasks(huge) }
        #expect(!drawn)
        #expect(diagnostics.contains { $0.contains("larger than \(GlyphMaskCache.maximumGlyphSide) pixels") })
        for t in [CGAffineTransform(a: 1e30, b: 0, c: 0, d: 1e30, tx: 0, ty: 0),
                  CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0),
                  CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 1e30, ty: 0),
                  CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: -.infinity, ty: 5)] {
            let g = CGContext.GlyphPlacement(font: Self.font, glyph: Self.font.glyph(for: "A"), transform: t)
            _ = LaminaDiagnostics.collecting { #expect(!ctx.fillGlyphsFromMasks([g])) }
        }
    }

    /// A face at many sizes: the cache evicts to stay within its limit.
    @Test func theCacheStaysWithinItsLimit() {
        let ctx = Self.context(300, 300, scale: 1)
        let glyphs = Array("ABCDEFGHKMNOPQRSW@#%&")
        for step in 0..<120 {
            let size = 120 + CGFloat(step)
            #expect(ctx.fillGlyphsFromMasks(Self.placements(String(glyphs), size: size, at: CGPoint(x: 0, y: 200))))
            #expect(GlyphMaskCache.statistics.bytes <= GlyphMaskCache.byteLimit)
        }
        #expect(GlyphMaskCache.statistics.evictions > 0)
    }

    /// Two faces opened from one file share their masks; drawn again, a run is all hits.
    @Test func facesFromOneFileShareMasks() throws {
        let a = try #require(CGFont("Helvetica" as CFString)), b = try #require(CGFont("Helvetica" as CFString))
        #expect(a !== b && a.cacheID == b.cacheID)
        // A face made from bytes is its own.
        let path = try #require(FontLibrary.locate("Helvetica", size: nil).flatMap { if case let .file(p, _) = $0.0 { p } else { nil } })
        let fromData = try CGFont.load(Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(fromData.cacheID != a.cacheID)
    }

    /// Text drawn from many threads at once comes out as drawn from one.
    @Test func concurrentDrawingIsDeterministic() async throws {
        func draw(_ i: Int) -> [UInt8] {
            let ctx = Self.context(200, 40, scale: 2)
            ctx.setFillColor(gray: 0.1, alpha: 1)
            _ = ctx.fillGlyphsFromMasks(Self.placements("Thread \(i % 4) draws these glyphs", size: 9 + CGFloat(i % 4), at: CGPoint(x: 1.7, y: 14)))
            return Array(UnsafeBufferPointer(start: ctx.data!.assumingMemoryBound(to: UInt8.self), count: 200 * 40 * 4))
        }
        let serial = (0..<4).map(draw)
        let parallel = await withTaskGroup(of: (Int, [UInt8]).self) { group in
            for i in 0..<32 { group.addTask { (i, draw(i)) } }
            var out: [(Int, [UInt8])] = []
            for await r in group { out.append(r) }
            return out
        }
        for (i, bytes) in parallel { #expect(bytes == serial[i % 4]) }
    }
}

/// The caches keep no font: a font made from bytes, drawn (outlines, masks, the layout with
/// fallback and emoji), is freed with its glyphs once the caller lets it go. The input is
/// `Tests/FuzzFindings/font/cached-emoji-strike-leak-report` (see the README there).
@Suite("Glyph caches and font lifetime")
struct GlyphCacheFontLifetimeTests {
    @Test func aFontDrawnThroughTheCachesIsFreed() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FuzzFindings/font/cached-emoji-strike-leak-report")
        weak var weakFont: CGFont?
        do {
            let font = try CGFont.load(Data(contentsOf: url))
            weakFont = font
            let glyphs = (0..<min(font.numberOfGlyphs, 48)).map { CGGlyph($0) } + font.glyphs(for: "Ag ﬁ\u{301}é😀")
            let ctx = GlyphMaskCacheTests.context(64, 64, scale: 1)
            ctx.setFont(font)
            ctx.setFontSize(13)
            ctx.showGlyphs(glyphs, at: glyphs.indices.map { CGPoint(x: CGFloat($0 % 6) * 8, y: CGFloat($0 / 6) * 6) })
            #expect(ctx.fillGlyphsFromMasks(glyphs.map {
                CGContext.GlyphPlacement(font: font, glyph: $0, transform: CGAffineTransform(scaleX: 0.01, y: 0.01))
            }))
        }
        #expect(weakFont == nil)
    }
}
