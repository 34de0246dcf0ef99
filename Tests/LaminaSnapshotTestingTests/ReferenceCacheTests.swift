import Foundation
import Testing
import SnapshotTesting
@testable import LaminaSnapshotTesting
import UIKit

/// The reference cache: a reference seen before is matched by its pixels' hash without being
/// decoded, and anything else falls back to decoding and comparing.
@MainActor
@Suite struct ReferenceCacheTests {
    @Test func aKnownReferenceMatchesWithoutDecodingAndEverythingElseDecodes() throws {
        // `swift test` runs in the package's folder, where .build holds the cache.
        let folder = try #require(ReferenceCache.folder)
        #expect(folder.path.hasSuffix(".build/lamina-snapshot-cache"))
        let dir = try LaminaSnapshotTests.scratch("cache")
        let card = LaminaSnapshotTests.card()
        // A label with a unique text, so this reference is new to the cache.
        (card.subviews[0] as? UILabel)?.text = String(UUID().uuidString.prefix(6))
        _ = verifySnapshot(of: card, as: .image, named: "c", record: .all, snapshotDirectory: dir, testName: "cache")
        let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/cache.c.png"))
        let key = ReferenceCache.key(of: data)
        #expect(ReferenceCache.lookup(key) == nil)
        // The first comparison decodes and remembers the pixels.
        #expect(verifySnapshot(of: card, as: .image, named: "c", record: .never, snapshotDirectory: dir, testName: "cache") == nil)
        let entry = try #require(ReferenceCache.lookup(key))
        #expect(entry.width == 360 && entry.height == 180)
        // Now the reference comes from the cache, undecoded, and matches the same pixels.
        let cached = try #require(cachedReference(data, scale: 3) as? CachedReference)
        var image: UIImage?
        Snapshotting<UIView, UIImage>.image.snapshot(card).run { image = $0 }
        #expect(cached.matches(try #require(image)))
        // The new image's hash is read in place, and is the hash of its PixelBuffer's bytes.
        let cg = try #require(image?.cgImage)
        let direct = try #require(ReferenceCache.pixelHash(of: cg))
        #expect(direct == ReferenceCache.pixelHash(try #require(PixelBuffer(cg))) && direct == entry.pixels)
        let bgra = try #require(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 16,
                                          space: CGColorSpaceCreateDeviceRGB(),
                                          bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
        #expect(ReferenceCache.pixelHash(of: try #require(bgra.makeImage())) == nil)
        #expect(verifySnapshot(of: card, as: .image, named: "c", record: .never, snapshotDirectory: dir, testName: "cache") == nil)
        // A change fails as before, with the figures of a decoded comparison.
        card.backgroundColor = .black
        let message = try #require(verifySnapshot(of: card, as: .image, named: "c", record: .never, snapshotDirectory: dir, testName: "cache"))
        #expect(message.contains("pixels differ"))
        #expect(!cached.matches(try #require({ var i: UIImage?; Snapshotting<UIView, UIImage>.image.snapshot(card).run { i = $0 }; return i }())))
        // A wrong entry only costs the decoding: the comparison still passes on the pixels.
        card.backgroundColor = UIColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        ReferenceCache.store(key, ReferenceCache.Entry(width: 360, height: 180, pixels: "0-0"))
        #expect(verifySnapshot(of: card, as: .image, named: "c", record: .never, snapshotDirectory: dir, testName: "cache") == nil)
        // A looser tolerance and another scale still go through the decoded comparison.
        #expect(verifySnapshot(of: card, as: .image(precision: 0.99, traits: .init(displayScale: 2)), named: "c", record: .never,
                               snapshotDirectory: dir, testName: "cache") == nil)
        // Hashes tell different bytes apart.
        #expect(ReferenceCache.key(of: Data([1, 2, 3])) != ReferenceCache.key(of: Data([1, 2, 4])))
        #expect(ReferenceCache.key(of: Data(count: 17)) != ReferenceCache.key(of: Data(count: 18)))
    }
}
