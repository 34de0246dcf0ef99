import Foundation
import Testing
import SnapshotTesting
import LaminaSnapshotTesting
import UIKit
import QuartzCore

/// LaminaSnapshotTesting under Swift Testing: references recorded by Lamina (in
/// __Snapshots__/LaminaSnapshotTests, looked at when they were recorded), failures and their
/// images, bad references and odd sizes.
@MainActor
@Suite struct LaminaSnapshotTests {
    /// A card: rounded blue rectangle with a label and a shadowed square.
    static func card() -> UIView {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 60))
        view.backgroundColor = UIColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        view.layer.cornerRadius = 12
        let label = UILabel(frame: CGRect(x: 10, y: 10, width: 70, height: 20))
        label.text = "Lamina"
        label.textColor = .white
        view.addSubview(label)
        let square = UIView(frame: CGRect(x: 85, y: 20, width: 24, height: 24))
        square.backgroundColor = .yellow
        view.addSubview(square)
        return view
    }

    /// A folder of its own under the temporary directory.
    static func scratch(_ name: String) throws -> String {
        let dir = NSTemporaryDirectory() + "lamina-snapshot-\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func viewMatchesItsRecordedReference() {
        withSnapshotTesting(record: .never) {
            assertSnapshot(of: Self.card(), as: .image)
            assertSnapshot(of: Self.card(), as: .image(traits: .init(displayScale: 2)), named: "2x")
        }
    }

    @Test func layerPathAndDescriptionsMatchTheirReferences() {
        withSnapshotTesting(record: .never) {
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
            shape.path = CGPath(ellipseIn: CGRect(x: 2, y: 2, width: 36, height: 26), transform: nil)
            shape.fillColor = UIColor.green.cgColor
            shape.strokeColor = UIColor.black.cgColor
            shape.lineWidth = 2
            assertSnapshot(of: shape as CALayer, as: .image)
            assertSnapshot(of: Self.card(), as: .recursiveDescription)
        }
    }

    @Test func theScaleFollowsTheReference() {
        // The "2x" reference is 240 x 120 pixels; a strategy at the default scale (3) is drawn
        // again at 2 to be compared with it.
        withSnapshotTesting(record: .never) {
            assertSnapshot(of: Self.card(), as: .image(traits: .init(displayScale: 3)), named: "2x",
                           testName: "viewMatchesItsRecordedReference")
        }
    }

    @Test func aMissingReferenceIsRecordedAndTheTestFails() throws {
        let dir = try Self.scratch("missing")
        let message = verifySnapshot(of: Self.card(), as: .image, named: "new", record: .missing, snapshotDirectory: dir)
        #expect(message?.contains("No reference was found on disk") == true)
        let file = dir + "/aMissingReferenceIsRecordedAndTheTestFails.new.png"
        let data = try #require(FileManager.default.contents(atPath: file))
        let image = try #require(UIImage(data: data))
        #expect(image.cgImage?.width == 360 && image.cgImage?.height == 180)
        // Then it matches.
        #expect(verifySnapshot(of: Self.card(), as: .image, named: "new", record: .missing, snapshotDirectory: dir) == nil)
    }

    @Test func aMismatchWritesTheThreeImagesAndSaysByHowMuch() throws {
        let dir = try Self.scratch("mismatch")
        #expect(verifySnapshot(of: Self.card(), as: .image, named: "card", record: .missing, snapshotDirectory: dir) != nil)
        let changed = Self.card()
        changed.subviews[1].backgroundColor = .red
        let message = try #require(verifySnapshot(of: changed, as: .image, named: "card", record: .never, snapshotDirectory: dir))
        #expect(message.contains("does not match reference"))
        #expect(message.contains("pixels differ"))
        let line = try #require(message.split(separator: "\n").first { $0.hasPrefix("Reference, failure and difference images: ") })
        let folder = String(line.dropFirst("Reference, failure and difference images: ".count))
        for name in ["reference.png", "failure.png", "difference.png"] {
            let data = try #require(FileManager.default.contents(atPath: folder + "/" + name), "\(name) written")
            let image = try #require(UIImage(data: data))
            #expect(image.cgImage?.width == 360, "\(name)")
        }
        // The difference image is black where the pictures agree and white where they differ most.
        let diff = try #require(UIImage(contentsOfFile: folder + "/difference.png")?.cgImage)
        let px = straightPixels(diff)
        #expect(px(10, 10) == [0, 0, 0, 255])
        #expect(px(290, 95) == [255, 255, 255, 255])
        // A looser precision lets the small change through.
        #expect(verifySnapshot(of: changed, as: .image(precision: 0.9), named: "card", record: .never, snapshotDirectory: dir) == nil)
    }

    @Test func precisionAndPerceptualPrecisionMeanWhatTheLibrarySays() throws {
        func solid(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ w: Int = 10) -> UIImage {
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            return UIGraphicsImageRenderer(size: CGSize(width: w, height: 10), format: format).image { ctx in
                UIColor(red: r, green: g, blue: b, alpha: 1).setFill()
                ctx.fill(CGRect(x: 0, y: 0, width: w, height: 10))
            }
        }
        let grey = solid(0.5, 0.5, 0.5)
        let nearGrey = solid(0.51, 0.5, 0.5)     // ΔE*94 ≈ 0.9
        let red = solid(1, 0, 0)
        #expect(Diffing<UIImage>.image.diffV2(grey, grey) == nil)
        #expect(Diffing<UIImage>.image.diffV2(grey, nearGrey) != nil)
        #expect(Diffing<UIImage>.image(perceptualPrecision: 0.98).diffV2(grey, nearGrey) == nil)
        #expect(Diffing<UIImage>.image(perceptualPrecision: 0.995).diffV2(grey, nearGrey) != nil)
        let message = try #require(Diffing<UIImage>.image(perceptualPrecision: 0.98).diffV2(grey, red)?.0)
        #expect(message.contains("The percentage of pixels that match 0.0 is less than required 1.0"))
        // Byte precision: one of the four bytes of every pixel differs → 0.75 of the bytes match.
        #expect(Diffing<UIImage>.image(precision: 0.74).diffV2(grey, nearGrey) == nil)
        let bytes = try #require(Diffing<UIImage>.image(precision: 0.76).diffV2(grey, nearGrey)?.0)
        #expect(bytes.hasPrefix("Actual image precision 0.75 is less than required 0.76"))
        // Odd precisions neither trap nor pass everything.
        #expect(Diffing<UIImage>.image(precision: .nan, perceptualPrecision: .nan).diffV2(grey, red) != nil)
        #expect(Diffing<UIImage>.image(precision: -3, perceptualPrecision: 7).diffV2(grey, red) == nil)
    }

    @Test func badReferencesFailWithAClearMessage() throws {
        let dir = try Self.scratch("bad")
        let file = dir + "/badReferencesFailWithAClearMessage.card.png"
        // Not a PNG.
        try Data("hello, this is text".utf8).write(to: URL(fileURLWithPath: file))
        var message = verifySnapshot(of: Self.card(), as: .image, named: "card", record: .never, snapshotDirectory: dir)
        #expect(message?.contains("Reference image could not be loaded: it is not a PNG file (it starts with 68 65 6c 6c") == true)
        // Empty.
        try Data().write(to: URL(fileURLWithPath: file))
        message = verifySnapshot(of: Self.card(), as: .image, named: "card", record: .never, snapshotDirectory: dir)
        #expect(message?.contains("the file is empty") == true)
        // A PNG cut short.
        let png = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).pngData { ctx in ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5)) }
        try png.prefix(60).write(to: URL(fileURLWithPath: file))
        message = verifySnapshot(of: Self.card(), as: .image, named: "card", record: .never, snapshotDirectory: dir)
        #expect(message?.contains("Reference image could not be loaded") == true)
        // A PNG whose header says 100,000 x 100,000 pixels: refused before any pixel memory.
        var header = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
        header.append(contentsOf: [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 8, 6, 0, 0, 0])
        header.append(contentsOf: [168, 82, 11, 200])   // the chunk's CRC
        // A one-byte image data chunk and the end.
        header.append(contentsOf: [0, 0, 0, 9, 73, 68, 65, 84, 120, 156, 99, 0, 0, 0, 1, 0, 1, 94, 255, 125, 249,
                                   0, 0, 0, 0, 73, 69, 78, 68, 174, 66, 96, 130])
        try header.write(to: URL(fileURLWithPath: file))
        message = verifySnapshot(of: Self.card(), as: .image, named: "card", record: .never, snapshotDirectory: dir)
        #expect(message?.contains("a 100000x100000 image exceeds the") == true, "\(message ?? "nil")")
        // Another size.
        let small = UIView(frame: CGRect(x: 0, y: 0, width: 17, height: 9))
        small.backgroundColor = .blue
        let recorded = verifySnapshot(of: small, as: .image, named: "card", record: .all, snapshotDirectory: dir)
        #expect(recorded?.contains("Record mode is on") == true)
        message = verifySnapshot(of: Self.card(), as: .image, named: "card", record: .never, snapshotDirectory: dir)
        #expect(message?.contains("Newly-taken snapshot@(120.0, 60.0) does not match reference@(17.0, 9.0)") == true)
    }

    @Test(arguments: [CGSize(width: 0, height: 40), CGSize(width: 100_000, height: 100_000),
                      CGSize(width: CGFloat.nan, height: 10), CGSize(width: -5, height: 10), CGSize(width: 1e30, height: 1e30)])
    func oddSizesFailWithAMessage(size: CGSize) throws {
        let dir = try Self.scratch("odd")
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.backgroundColor = .red
        let strategy = Snapshotting<UIView, UIImage>.image(size: size)
        // Recorded: the placeholder that says why; compared: the same problem again matches it.
        let first = try #require(verifySnapshot(of: view, as: strategy, named: "odd", record: .missing, snapshotDirectory: dir, testName: "odd"))
        #expect(first.contains("No reference was found"))
        #expect(verifySnapshot(of: view, as: strategy, named: "odd", record: .never, snapshotDirectory: dir, testName: "odd") == nil)
        // Against a real picture it fails, saying why.
        let message = try #require(verifySnapshot(of: view, as: strategy, named: "real", record: .never,
                                                  snapshotDirectory: try recordRealPicture(dir), testName: "odd"))
        #expect(message.contains("Newly-taken snapshot is empty"))
        #expect(message.contains("nothing can be drawn") || message.contains("more than the"))
    }

    private func recordRealPicture(_ dir: String) throws -> String {
        let other = try Self.scratch("real")
        _ = verifySnapshot(of: Self.card(), as: .image, named: "real", record: .all, snapshotDirectory: other,
                           testName: "odd")
        return other
    }

    @Test func deviceConfigsHaveTheirSizesScalesAndTraits() {
        #expect(ViewImageConfig.iPhone13.size == CGSize(width: 390, height: 844))
        #expect(ViewImageConfig.iPhone13.traits.displayScale == 3)
        #expect(ViewImageConfig.iPhone13.safeArea == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        #expect(ViewImageConfig.iPhoneSe.size == CGSize(width: 320, height: 568))
        #expect(ViewImageConfig.iPhoneSe.traits.displayScale == 2)
        #expect(ViewImageConfig.iPhoneSe(.landscape).traits.verticalSizeClass == .compact)
        #expect(ViewImageConfig.iPadPro11.size == CGSize(width: 1194, height: 834))
        #expect(ViewImageConfig.iPadPro11(.portrait(splitView: .oneThird)).size == CGSize(width: 320, height: 1194))
        #expect(ViewImageConfig.iPadPro11(.portrait(splitView: .oneThird)).traits.horizontalSizeClass == .compact)
        #expect(ViewImageConfig.iPadPro11.traits.userInterfaceIdiom == .pad)
    }

    @Test func aViewControllerOnADeviceGetsTheDeviceTraitsAndSize() throws {
        final class Probe: UIViewController {
            var seen: [UITraitCollection] = []
            override func traitCollectionDidChange(_ previous: UITraitCollection?) {
                super.traitCollectionDidChange(previous)
                seen.append(traitCollection)
            }
        }
        let vc = Probe()
        vc.view.backgroundColor = .white
        let dir = try Self.scratch("device")
        _ = verifySnapshot(of: vc as UIViewController, as: .image(on: .iPhoneSe, traits: .init(userInterfaceStyle: .dark)),
                           named: "se", record: .all, snapshotDirectory: dir)
        // While it was drawn (afterwards it is back on the main screen's traits).
        let seen = try #require(vc.seen.first { $0.userInterfaceStyle == .dark })
        #expect(seen.displayScale == 2)
        #expect(seen.horizontalSizeClass == .compact && seen.verticalSizeClass == .regular)
        #expect(seen.userInterfaceStyle == .dark)
        let file = dir + "/aViewControllerOnADeviceGetsTheDeviceTraitsAndSize.se.png"
        let image = try #require(UIImage(contentsOfFile: file)?.cgImage)
        #expect(image.width == 640 && image.height == 1136)
        // The view is back where it was: no parent, not in a window; as on iOS it keeps the
        // device's size (320 × 568 points).
        #expect(vc.parent == nil && vc.view.window == nil)
        #expect(vc.view.bounds.size == CGSize(width: 320, height: 568))
    }

    /// A snapshot's appearance callbacks are the library's on iOS: two of each per snapshot
    /// (the view entering the window, then the root controller's appearance transition; the
    /// transition's disappearance, then the view leaving the window), in order.
    @Test func aSnapshotCallsTheAppearanceMethodsAsOnIOS() throws {
        final class Probe: UIViewController {
            var calls: [String] = []
            override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); calls.append("willAppear") }
            override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); calls.append("didAppear") }
            override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); calls.append("willDisappear") }
            override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); calls.append("didDisappear") }
        }
        let vc = Probe()
        vc.view.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
        let dir = try Self.scratch("appearance")
        _ = verifySnapshot(of: vc as UIViewController, as: .image, named: "a", record: .all, snapshotDirectory: dir)
        #expect(vc.calls == ["willAppear", "didAppear", "willAppear", "didAppear",
                             "willDisappear", "willDisappear", "didDisappear", "didDisappear"])
        #expect(vc.parent == nil && vc.view.window == nil)
    }

    @Test func theDevicesSafeAreaReachesTheViews() throws {
        let vc = UIViewController()
        vc.view.backgroundColor = .white
        let content = UIView()
        content.backgroundColor = .blue
        content.translatesAutoresizingMaskIntoConstraints = false
        vc.view.addSubview(content)
        NSLayoutConstraint.activate([
            content.topAnchor.constraint(equalTo: vc.view.safeAreaLayoutGuide.topAnchor),
            content.bottomAnchor.constraint(equalTo: vc.view.safeAreaLayoutGuide.bottomAnchor),
            content.leadingAnchor.constraint(equalTo: vc.view.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: vc.view.trailingAnchor),
        ])
        let dir = try Self.scratch("safe")
        _ = verifySnapshot(of: vc, as: .image(on: .iPhone13), named: "13", record: .all, snapshotDirectory: dir, testName: "safe")
        let image = try #require(UIImage(contentsOfFile: dir + "/safe.13.png")?.cgImage)
        #expect(image.width == 1170 && image.height == 2532)
        let px = straightPixels(image)
        #expect(px(10, 47 * 3 - 1) == [255, 255, 255, 255])      // under the top bar
        #expect(px(10, 47 * 3) == [0, 0, 255, 255])              // the safe area
        #expect(px(10, (844 - 34) * 3 - 1) == [0, 0, 255, 255])
        #expect(px(10, (844 - 34) * 3) == [255, 255, 255, 255])  // over the home indicator
    }
}

/// A pixel reader: straight RGBA of the pixel at (x, y), y down.
@MainActor
func straightPixels(_ image: CGImage) -> (Int, Int) -> [UInt8] {
    let w = image.width, h = image.height
    var bytes = [UInt8](repeating: 0, count: w * h * 4)
    bytes.withUnsafeMutableBytes { raw in
        let ctx = CGContext(data: raw.baseAddress, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: w, height: h))
    }
    return { x, y in Array(bytes[(y * w + x) * 4..<(y * w + x) * 4 + 4]) }
}
