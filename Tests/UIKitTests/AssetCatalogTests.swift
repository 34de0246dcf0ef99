import Foundation
import Testing
@testable import UIKit
import CoreGraphics

@MainActor
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

@MainActor
@Suite struct SymbolTests {
    @Test func knownSymbolsAreTemplateImagesAndUnknownOnesNil() throws {
        let star = try #require(UIImage(systemName: "star.fill"))
        #expect(star.isSymbolImage && star.renderingMode == .alwaysTemplate)
        #expect(abs(star.size.width - 17 * 1.2) < 0.5 && star.size.width == star.size.height)
        #expect(star.scale == UIScreen.main.scale)
        // Ink: the icon covers the middle of the image.
        let px = try #require(star.cgImage).straightRGBA8()
        let w = try #require(star.cgImage).width
        #expect(px[((w / 2) * w + w / 2) * 4 + 3] == 255)
        #expect(px[3] == 0)
        // Point size, scale and weight.
        let big = try #require(UIImage(systemName: "star.fill", withConfiguration: UIImage.SymbolConfiguration(pointSize: 40, weight: .bold, scale: .large)))
        #expect(abs(big.size.width - 40 * 1.2 * 1.25) < 0.5)
        #expect(big.symbolConfiguration?.weight == .bold)
        let restyled = star.withConfiguration(UIImage.SymbolConfiguration(pointSize: 30))
        #expect(restyled.isSymbolImage && abs(restyled.size.width - 36) < 0.5)
        // Unknown names: nil, as on iOS, with a diagnostic naming them.
        let (missing, diagnostics) = LaminaDiagnostics.collecting { UIImage(systemName: "no.such.symbol") }
        #expect(missing == nil && diagnostics.contains { $0.contains("no.such.symbol") })
        // Every name in the table draws (the font has each icon).
        let unavailable = SystemSymbols.names.keys.filter { SystemSymbols.glyph(for: $0) == nil }.sorted()
        #expect(unavailable.isEmpty, "\(unavailable)")
        let c = UIImage.SymbolConfiguration(pointSize: 17).applying(UIImage.SymbolConfiguration(weight: .semibold))
        #expect(c.pointSize == 17 && c.weight == .semibold)
    }

    /// Symbols in image views, tinted, at three weights and sizes, for the eye.
    @Test func symbolsReference() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 110))
        root.backgroundColor = .white
        let names = ["house.fill", "gearshape", "heart.fill", "magnifyingglass", "trash", "plus.circle", "bell",
                     "person.circle", "star", "chevron.right", "checkmark.circle.fill", "xmark"]
        for (i, name) in names.enumerated() {
            let config = UIImage.SymbolConfiguration(pointSize: i < 6 ? 22 : 17, weight: i % 3 == 0 ? .bold : .regular)
            let view = UIImageView(image: UIImage(systemName: name, withConfiguration: config))
            view.frame.origin = CGPoint(x: 10 + CGFloat(i % 6) * 48, y: i < 6 ? 10 : 60)
            view.tintColor = [UIColor.systemBlue, .systemPink, .systemGreen][i % 3]
            root.addSubview(view)
        }
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let failure = try uikitGolden.check("symbols") {
            UIGraphicsImageRenderer(size: root.bounds.size, format: format).image { ctx in root.layer.render(in: ctx.cgContext) }.cgImage!
        }
        #expect(failure == nil, "\(failure ?? "")")
    }
}
