import Foundation
import UIKit

/// The images and archives the gallery shows, kept in the checkout's `Examples` folder (the
/// same files the tests and the README use).
enum GalleryAssets {
    /// `Examples/` of the checkout this binary was built from.
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples")

    /// Makes `UIImage(named:)` find the example images.
    static func registerImages() throws {
        let dir = examples.appendingPathComponent("images").path
        guard FileManager.default.fileExists(atPath: dir) else { throw GalleryError.missingAsset(dir) }
        if !UIImage.resourceDirectories.contains(dir) { UIImage.resourceDirectories.insert(dir, at: 0) }
    }

    /// An example image by name (`UIImage(named:)`), or an error naming what is missing.
    static func image(_ name: String) throws -> UIImage {
        try registerImages()
        guard let image = UIImage(named: name) else { throw GalleryError.missingAsset("Examples/images/\(name)") }
        return image
    }

    /// An example archive.
    static func archive(_ name: String) throws -> URL {
        let url = examples.appendingPathComponent("archives").appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else { throw GalleryError.missingAsset(url.path) }
        return url
    }
}
