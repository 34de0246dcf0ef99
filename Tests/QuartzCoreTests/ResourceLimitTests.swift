import Foundation
import Testing
import CoreGraphics
import QuartzCore
import LaminaTestSupport

/// Hostile sizes and counts (issue 16): each renders nothing or is clamped with a diagnostic,
/// allocates a bounded amount and finishes.
@Suite("Resource limits")
struct ResourceLimitTests {
    final class Drawer: NSObject, CALayerDelegate, @unchecked Sendable {
        var draws = 0
        func draw(_ layer: CALayer, in ctx: CGContext) {
            draws += 1
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 50, height: 50))
        }
    }

    /// A white 100×100 root holding one layer set up by `configure`.
    func scene(_ configure: (CALayer) -> Void) -> CALayer {
        // Commits what an earlier test on this thread left in its implicit transaction (on iOS
        // the run loop would have): else its layers display inside this test's diagnostics
        // collector (a 1e30-point view of another suite did).
        CATransaction.flush()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let l = CALayer()
        root.addSublayer(l)
        configure(l)
        return root
    }

    func render(_ root: CALayer, at time: CFTimeInterval = 0) -> (image: CGImage?, diagnostics: [String]) {
        let (image, diagnostics) = LaminaDiagnostics.collecting { CARenderer(layer: root, scale: 1).image(atTime: time) }
        return (image, diagnostics)
    }

    /// The colour of pixel (x, y) of an image, y down.
    func pixel(_ image: CGImage, _ x: Int, _ y: Int) throws -> [UInt8] {
        let px = try image.straightRGBA8()
        let i = (y * image.width + x) * 4
        return Array(px[i..<(i + 4)])
    }

    @Test func aHundredThousandPointLayerThatDrawsKeepsNoBackingStore() throws {
        let drawer = Drawer()
        let root = scene { l in
            l.frame = CGRect(x: 0, y: 0, width: 100_000, height: 100_000)
            l.delegate = drawer
            l.backgroundColor = CGColor(gray: 0, alpha: 1)
            l.setNeedsDisplay()
        }
        let (image, diagnostics) = render(root)
        let picture = try #require(image)
        #expect(diagnostics == ["CALayer.display(): a 100000x100000 backing store exceeds the 268435456-pixel limit; nothing drawn"])
        #expect(drawer.draws == 0)
        #expect(try pixel(picture, 60, 60) == [0, 0, 0, 255])         // the background still draws
    }

    @Test func aContentsScaleOfAMillionKeepsNoBackingStore() throws {
        let drawer = Drawer()
        let root = scene { l in
            l.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
            l.contentsScale = 1e6
            l.delegate = drawer
            l.setNeedsDisplay()
        }
        let (image, diagnostics) = render(root)
        #expect(image != nil && drawer.draws == 0)
        #expect(diagnostics.count == 1 && diagnostics[0].contains("exceeds the 268435456-pixel limit"), "\(diagnostics)")
    }

    @Test(arguments: [false, true])
    func aShadowRadiusOfABillionIsClamped(withPath: Bool) throws {
        let root = scene { l in
            l.frame = CGRect(x: 20, y: 20, width: 50, height: 50)
            l.backgroundColor = CGColor(gray: 0, alpha: 1)
            l.shadowOpacity = 1
            l.shadowRadius = 1e9
            if withPath { l.shadowPath = CGPath(rect: l.bounds, transform: nil) }
        }
        let (image, diagnostics) = render(root)
        let picture = try #require(image)
        #expect(!diagnostics.isEmpty && diagnostics.allSatisfy { $0.contains("is clamped") }, "\(diagnostics)")
        #expect(Set(diagnostics).count == 1)
        // Spread over a billion points, the shadow is invisible; the layer itself draws.
        #expect(try pixel(picture, 5, 5) == [255, 255, 255, 255])
        #expect(try pixel(picture, 40, 40) == [0, 0, 0, 255])
    }

    @Test func keyframesBeyondTheLimitAreNotAnimated() throws {
        let values = [Any](repeating: 0.25, count: CAKeyframeAnimation.maximumKeyframeCount + 1)
        let (root, added) = LaminaDiagnostics.collecting { scene { l in
            l.frame = CGRect(x: 20, y: 20, width: 50, height: 50)
            l.backgroundColor = CGColor(gray: 0, alpha: 1)
            let a = CAKeyframeAnimation(keyPath: "opacity")
            a.values = values
            a.duration = 10
            l.add(a, forKey: "k")
            #expect(l.animationKeys() == nil)
        } }
        #expect(added == ["CAKeyframeAnimation(opacity): 1000001 keyframes, more than the 1000000 Lamina animates; not animated"])
        let picture = try #require(render(root, at: 3).image)
        #expect(try pixel(picture, 40, 40) == [0, 0, 0, 255])
    }

    @Test func keyframesAtTheLimitAnimate() throws {
        let n = CAKeyframeAnimation.maximumKeyframeCount
        let values: [Any] = (0..<n).map { $0 < n / 2 ? 0.0 : 1.0 }
        let layer = CALayer()
        let a = CAKeyframeAnimation(keyPath: "opacity")
        a.values = values
        a.calculationMode = .discrete
        a.duration = 10
        let (_, diagnostics) = LaminaDiagnostics.collecting { layer.add(a, forKey: "k") }
        #expect(diagnostics.isEmpty && layer.animationKeys() == ["k"])
    }

    /// Dropping a chain of 100,000 layers once overflowed the stack (each layer's deinit
    /// freed its sublayers recursively), and committing it walked to the root from every layer.
    @Test func aChainOfAHundredThousandLayersRendersAndIsFreed() throws {
        weak var bottom: CALayer?
        weak var rootRef: CALayer?
        var diagnostics: [String] = []
        do {
            var top = CALayer()
            bottom = top
            for _ in 1..<100_000 {
                let p = CALayer()
                p.addSublayer(top)
                top = p
            }
            let root = CALayer()
            rootRef = root
            root.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            root.addSublayer(top)
            diagnostics = render(root).diagnostics
        }
        #expect(diagnostics.contains { $0.contains("deeper than 512 levels") })
        #expect(bottom == nil && rootRef == nil)
    }

    @Test func anEnormousRootLayerRendersNothing() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100_000, height: 100_000)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let (image, diagnostics) = render(root)
        #expect(image == nil && diagnostics.count == 1, "\(diagnostics)")
    }

    @Test func aCAMLFileNestingAHundredThousandLevelsIsRefused() {
        let deep = "<caml>\n" + String(repeating: "<CALayer><sublayers>", count: 100_000)
            + String(repeating: "</sublayers></CALayer>", count: 100_000) + "</caml>"
        #expect(throws: CAMLError.malformedXML(line: 2, message: "elements nested more than 256 deep")) {
            try CAMLDocument(data: Data(deep.utf8), baseURL: nil)
        }
    }

    /// "Billion laughs": entities declared in the document type are never expanded.
    @Test func entitiesDeclaredInTheDocumentAreNotExpanded() {
        var subset = "<!ENTITY lol \"lol\">\n"
        for k in 1...9 {
            subset += "<!ENTITY lol\(k) \"" + String(repeating: "&lol\(k == 1 ? "" : String(k - 1));", count: 10) + "\">\n"
        }
        let xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE caml [\n\(subset)]>\n<caml><CALayer name=\"&lol9;\" bounds=\"0 0 1 1\"/></caml>"
        #expect(throws: CAMLError.malformedXML(line: 14, message: "unknown entity &lol9;")) {
            try CAMLDocument(data: Data(xml.utf8), baseURL: nil)
        }
        // The standard entities still work after a document type.
        let plain = "<!DOCTYPE caml [<!ENTITY x \"y\">]>\n<caml><CALayer name=\"a&amp;b\" bounds=\"0 0 1 1\"/></caml>"
        #expect((try? CAMLDocument(data: Data(plain.utf8), baseURL: nil))?.rootLayer.name == "a&b")
    }

    /// Files are read up to their loader's limit, whatever they claim to hold.
    @Test func filesBeyondTheLoadersLimitsAreRefused() throws {
        #expect(throws: CAMLError.tooLarge(path: "/dev/zero", limit: CAMLDocument.maximumFileSize)) {
            try CAMLDocument(contentsOf: URL(fileURLWithPath: "/dev/zero"))
        }
        #expect(CAMLError.tooLarge(path: "/x", limit: 64 << 20).description == "/x is larger than 64 MiB, the most Lamina reads")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // An archive naming an image larger than the image limit (a sparse file) loads without it.
        let big = dir.appendingPathComponent("big.png")
        #expect(FileManager.default.createFile(atPath: big.path, contents: Data([0x89, 0x50, 0x4E, 0x47])))
        let h = try FileHandle(forWritingTo: big)
        try h.truncate(atOffset: UInt64(CAMLDocument.maximumImageFileSize) + 1)
        try h.close()
        let file = dir.appendingPathComponent("main.caml")
        try Data("<caml><CALayer bounds=\"0 0 1 1\"><contents type=\"CGImage\" src=\"big.png\"/></CALayer></caml>".utf8).write(to: file)
        let doc = try CAMLDocument(contentsOf: file)
        #expect(doc.rootLayer.contents == nil)
        #expect(doc.warnings == ["image big.png is larger than 256 MiB; left out (first used on line 1)"])
    }

    /// The bitmap limit can only be lowered (a server bounding memory), never raised past 2^28;
    /// layers read it. (Lowering it here would refuse other suites' bitmaps running alongside;
    /// the fuzz targets run with it lowered.)
    @Test func theBitmapLimitIsClampedAndSharedByLayers() {
        let before = CGContext.maximumPixelCount
        CGContext.maximumPixelCount = 1 << 40
        #expect(CGContext.maximumPixelCount == 1 << 28)
        #expect(CALayer.maximumBackingStorePixels == CGContext.maximumPixelCount)
        CGContext.maximumPixelCount = before
    }

    /// The decoders' limit can be lowered, never raised past 2^26 (raising it here is harmless
    /// to suites running alongside: it is clamped to the default).
    @Test func theDecodeLimitIsClamped() {
        let before = CGImage.maximumDecodedPixelCount
        CGImage.maximumDecodedPixelCount = 1 << 40
        #expect(CGImage.maximumDecodedPixelCount == 1 << 26)
        CGImage.maximumDecodedPixelCount = before
    }
}
