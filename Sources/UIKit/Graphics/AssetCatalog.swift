import Foundation
@_spi(Lamina) import CoreGraphics

/// Reads asset catalogs as they sit in source (`Assets.xcassets` folders copied as resources:
/// SwiftPM on Linux copies them unchanged, where Xcode compiles them into `Assets.car`): image
/// sets (`Name.imageset/Contents.json` with a file per scale, and the template rendering intent)
/// and data sets (`Name.dataset`). Catalogs are found directly in a resource directory; nested
/// folders inside a catalog (groups) are searched up to 8 levels deep. `Contents.json` files
/// over 1 MiB are not read.
enum AssetCatalog {
    /// The largest `Contents.json` read.
    static let maximumContentsSize = 1 << 20

    /// The catalogs directly in `directory`.
    static func catalogs(in directory: String) -> [String] {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { $0.hasSuffix(".xcassets") }.sorted().map { (directory as NSString).appendingPathComponent($0) }
    }

    /// The folder `name.kind` (e.g. `Icon.imageset`) in `catalog` or its groups.
    static func find(_ name: String, kind: String, in catalog: String, depth: Int = 0) -> String? {
        let fm = FileManager.default
        let direct = (catalog as NSString).appendingPathComponent("\(name).\(kind)")
        var isDir: ObjCBool = false
        if fm.fileExists(atPath: direct, isDirectory: &isDir), isDir.boolValue { return direct }
        guard depth < 8, let entries = try? fm.contentsOfDirectory(atPath: catalog) else { return nil }
        for e in entries.sorted() where !e.contains(".") {
            let sub = (catalog as NSString).appendingPathComponent(e)
            if fm.fileExists(atPath: sub, isDirectory: &isDir), isDir.boolValue,
               let found = find(name, kind: kind, in: sub, depth: depth + 1) { return found }
        }
        return nil
    }

    /// A set's `Contents.json`, parsed; nil when missing, too large or not JSON.
    static func contents(of set: String) -> [String: Any]? {
        let path = (set as NSString).appendingPathComponent("Contents.json")
        guard case .success(let data) = BoundedFileReader.read(path, limit: maximumContentsSize) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// The image file of an image set for `scale` (the nearest scale at or above it, else the
    /// largest), with its scale and whether it is a template.
    static func image(in set: String, scale: CGFloat) -> (path: String, scale: CGFloat, template: Bool)? {
        guard let json = contents(of: set), let images = json["images"] as? [[String: Any]] else { return nil }
        let candidates: [(String, CGFloat)] = images.compactMap { entry in
            guard let file = entry["filename"] as? String, !file.contains("/") else { return nil }
            if let idiom = entry["idiom"] as? String, !["universal", "iphone"].contains(idiom) { return nil }
            let s = (entry["scale"] as? String).flatMap { Double($0.dropLast()) } ?? 1
            return ((set as NSString).appendingPathComponent(file), CGFloat(s))
        }
        guard !candidates.isEmpty else { return nil }
        let sorted = candidates.sorted { $0.1 < $1.1 }
        let pick = sorted.first { $0.1 >= scale } ?? sorted.last!
        let properties = json["properties"] as? [String: Any]
        let template = (properties?["template-rendering-intent"] as? String) == "template"
        return (pick.0, pick.1, template)
    }

    /// The data file of a data set and its type identifier.
    static func data(in set: String) -> (path: String, type: String)? {
        guard let json = contents(of: set), let entries = json["data"] as? [[String: Any]],
              let entry = entries.first, let file = entry["filename"] as? String, !file.contains("/") else { return nil }
        return ((set as NSString).appendingPathComponent(file), entry["universal-type-identifier"] as? String ?? "")
    }
}

/// Data from an asset catalog's data set (UIKit's `NSDataAsset`).
open class NSDataAsset: NSObject, @unchecked Sendable {
    /// The set's name.
    public let name: String
    /// The bytes.
    public let data: Data
    /// The uniform type identifier the catalog gives (empty when none).
    public let typeIdentifier: String

    /// The data set `name` in `bundle`'s catalogs (the main bundle's and `UIImage`'s resource
    /// directories when nil); nil when there is none or it cannot be read (limited to
    /// `UIImage.maximumFileSize`).
    public init?(name: String, bundle: Bundle = .main) {
        var found: (path: String, type: String)?
        let dirs = [bundle.resourcePath, bundle.bundlePath].compactMap { $0 } + UIImage.resourceDirectories
        search: for dir in dirs {
            for catalog in AssetCatalog.catalogs(in: dir) {
                if let set = AssetCatalog.find(name, kind: "dataset", in: catalog), let d = AssetCatalog.data(in: set) {
                    found = d
                    break search
                }
            }
        }
        guard let found, case .success(let bytes) = BoundedFileReader.read(found.path, limit: UIImage.maximumFileSize) else { return nil }
        self.name = name
        data = bytes
        typeIdentifier = found.type
        super.init()
    }
}
