import Foundation
import CoreGraphics
import UIKit
internal import CLaminaRaster

/// Remembers, for each reference PNG a run has decoded, a 128-bit hash of its pixels, so that a
/// later comparison with the same file passes without decoding it when the new image's pixels
/// hash the same (decoding a 3x phone screenshot costs about 40 ms, hashing its pixels a few).
/// Any other outcome decodes the reference and compares as usual, so failures, tolerances and
/// messages are unchanged.
///
/// The cache is a folder of small files named by the hash of a reference file's bytes (and the
/// cache's version, bumped when decoding changes), each holding the decoded size and the pixels'
/// hash: `$LAMINA_SNAPSHOT_CACHE` when set (empty or
/// `off` turns the cache off), else `.build/lamina-snapshot-cache` in the current directory when
/// `.build` exists there (`swift test` runs in the package's folder), else no cache.
enum ReferenceCache {
    static let folder: URL? = {
        let env = ProcessInfo.processInfo.environment["LAMINA_SNAPSHOT_CACHE"]
        if let env {
            guard !env.isEmpty, env != "off" else { return nil }
            return URL(fileURLWithPath: env, isDirectory: true)
        }
        let build = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true).appendingPathComponent(".build")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: build.path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        return build.appendingPathComponent("lamina-snapshot-cache", isDirectory: true)
    }()

    struct Entry: Equatable {
        var width: Int, height: Int
        var pixels: String
    }

    static func hash(_ bytes: UnsafeRawBufferPointer) -> String {
        var out: [UInt64] = [0, 0]
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return "0" }
        lamina_hash128(base, bytes.count, &out)
        return String(out[0], radix: 16) + "-" + String(out[1], radix: 16)
    }

    /// Bumped whenever decoding or the comparison's pixel form changes, so that entries made by
    /// another version are never trusted.
    static let version = "1"

    static func key(of data: Data) -> String { "v\(version)-" + data.withUnsafeBytes { hash($0) } }

    static func pixelHash(_ buffer: PixelBuffer) -> String { buffer.bytes.withUnsafeBytes { hash($0) } }

    /// The hash ``pixelHash(_:)`` gives the image's ``PixelBuffer``, read straight from the
    /// image's bytes when they are already that buffer's (premultiplied RGBA rows, tightly
    /// packed: what Lamina renders), without copying 12 MB for a 3x screen; nil otherwise.
    static func pixelHash(of image: CGImage) -> String? {
        let (w, h) = (image.width, image.height)
        guard PixelBuffer.accepts(width: w, height: h), let (data, stride, order) = PixelBuffer.premultipliedWords(of: image),
              order == (0, 1, 2, 3), stride == w * 4 else { return nil }
        return data.withUnsafeBytes { hash(UnsafeRawBufferPointer(rebasing: $0[0..<(w * h * 4)])) }
    }

    static func lookup(_ key: String) -> Entry? {
        guard let folder, let text = try? String(contentsOf: folder.appendingPathComponent(key), encoding: .utf8) else { return nil }
        let parts = text.split(separator: " ").map(String.init)
        guard parts.count == 3, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else { return nil }
        return Entry(width: w, height: h, pixels: parts[2].trimmingCharacters(in: .whitespacesAndNewlines))
    }

    static func store(_ key: String, _ entry: Entry) {
        guard let folder else { return }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? Data("\(entry.width) \(entry.height) \(entry.pixels)\n".utf8).write(to: folder.appendingPathComponent(key), options: .atomic)
    }
}

/// A reference whose pixels' hash the cache knows: not decoded until a comparison needs it.
final class CachedReference: UIImage, @unchecked Sendable {
    let data: Data
    let entry: ReferenceCache.Entry
    let referenceScale: CGFloat
    init(data: Data, entry: ReferenceCache.Entry, scale: CGFloat) {
        self.data = data
        self.entry = entry
        referenceScale = scale
        super.init(cgImage: SnapshotImage.placeholderPixel, scale: scale, orientation: .up)
    }
    override var size: CGSize { CGSize(width: CGFloat(entry.width) / referenceScale, height: CGFloat(entry.height) / referenceScale) }

    /// Whether `new` has exactly the reference's pixels.
    func matches(_ new: UIImage) -> Bool {
        guard (new as? SnapshotImage)?.problem == nil, let cg = new.cgImage,
              cg.width == entry.width, cg.height == entry.height else { return false }
        if let direct = ReferenceCache.pixelHash(of: cg) { return direct == entry.pixels }
        guard let pixels = PixelBuffer(cg) else { return false }
        return ReferenceCache.pixelHash(pixels) == entry.pixels
    }

    /// The reference decoded.
    func decoded() -> UIImage { readReference(data, scale: referenceScale) }
}

/// The reference for `data`: from the cache when it knows the file (not decoded), else decoded,
/// its pixels' hash then remembered.
func cachedReference(_ data: Data, scale: CGFloat) -> UIImage {
    guard ReferenceCache.folder != nil, data.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return readReference(data, scale: scale) }
    let key = ReferenceCache.key(of: data)
    if let entry = ReferenceCache.lookup(key) { return CachedReference(data: data, entry: entry, scale: scale) }
    let image = readReference(data, scale: scale)
    if !(image is UnreadableReference), let cg = image.cgImage, let pixels = PixelBuffer(cg) {
        ReferenceCache.store(key, ReferenceCache.Entry(width: cg.width, height: cg.height, pixels: ReferenceCache.pixelHash(pixels)))
    }
    return image
}
