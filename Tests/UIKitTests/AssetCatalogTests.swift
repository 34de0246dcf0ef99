import Foundation
import Testing
import UIKit
import CoreGraphics

@Suite struct AssetCatalogTests {
    /// A resource folder with a loose image and a catalog (an image set in a group, a template,
    /// and a data set), as SwiftPM copies `Assets.xcassets` on Linux.
    static func resources() throws -> String {
        let root = NSTemporaryDirectory() + "lamina-assets-\(UUID().uuidString)"
        let fm = FileManager.default
        func png(_ w: Int, _ color: UIColor) -> Data {
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            return UIGraphicsImageRenderer(size: CGSize(width: w, height: w), format: format).pngData { ctx in
                color.setFill(); ctx.fill(CGRect(x: 0, y: 0, width: w, height: w))
            }
        }
        func write(_ path: String, _ data: Data) throws {
            let full = (root as NSString).appendingPathComponent(path)
            try fm.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: full))
        }
        try write("loose@2x.png", png(20, .red))
        try write("Assets.xcassets/Contents.json", Data(#"{"info":{"version":1,"author":"xcode"}}"#.utf8))
        try write("Assets.xcassets/Icons/Star.imageset/Contents.json", Data("""
            {"images":[{"idiom":"universal","filename":"star.png","scale":"1x"},
                       {"idiom":"universal","filename":"star@2x.png","scale":"2x"},
                       {"idiom":"universal","filename":"star@3x.png","scale":"3x"}],
             "properties":{"template-rendering-intent":"template"}}
            """.utf8))
        try write("Assets.xcassets/Icons/Star.imageset/star.png", png(10, .black))
        try write("Assets.xcassets/Icons/Star.imageset/star@2x.png", png(20, .black))
        try write("Assets.xcassets/Icons/Star.imageset/star@3x.png", png(30, .black))
        try write("Assets.xcassets/Config.dataset/Contents.json", Data("""
            {"data":[{"idiom":"universal","filename":"config.json","universal-type-identifier":"public.json"}]}
            """.utf8))
        try write("Assets.xcassets/Config.dataset/config.json", Data(#"{"mode":"dark"}"#.utf8))
        try write("Assets.xcassets/Broken.imageset/Contents.json", Data("not json".utf8))
        return root
    }

    @Test func imagesComeFromFilesAndCatalogsAtTheTraitsScale() throws {
        let root = try Self.resources()
        let bundle = try #require(Bundle(path: root))
        let loose = try #require(UIImage(named: "loose", in: bundle, compatibleWith: nil))
        #expect(loose.scale == 2 && loose.size == CGSize(width: 10, height: 10))
        let star3 = try #require(UIImage(named: "Star", in: bundle, compatibleWith: nil))       // the screen is 3x
        #expect(star3.scale == 3 && star3.size == CGSize(width: 10, height: 10) && star3.renderingMode == .alwaysTemplate)
        let star2 = try #require(UIImage(named: "Star", in: bundle, compatibleWith: .init(displayScale: 2)))
        #expect(star2.scale == 2 && star2.cgImage?.width == 20)
        #expect(UIImage(named: "Missing", in: bundle, compatibleWith: nil) == nil)
        #expect(UIImage(named: "Broken", in: bundle, compatibleWith: nil) == nil)
        let asset = try #require(NSDataAsset(name: "Config", bundle: bundle))
        #expect(String(decoding: asset.data, as: UTF8.self) == #"{"mode":"dark"}"# && asset.typeIdentifier == "public.json")
        #expect(NSDataAsset(name: "Nope", bundle: bundle) == nil)
    }
}

@Suite struct SymbolTests {
    @Test func symbolsAreNilWithADiagnosticNamingThem() {
        let (image, diagnostics) = LaminaDiagnostics.collecting {
            UIImage(systemName: "star.fill", withConfiguration: UIImage.SymbolConfiguration(pointSize: 20, weight: .bold))
        }
        #expect(image == nil)
        #expect(diagnostics.contains { $0.contains("star.fill") }, "\(diagnostics)")
        let c = UIImage.SymbolConfiguration(pointSize: 17).applying(UIImage.SymbolConfiguration(weight: .semibold))
        #expect(c.pointSize == 17 && c.weight == .semibold)
    }
}
