import Testing
import QuartzCore

final class DrawingDelegate: NSObject, CALayerDelegate {
    var log: [String] = []
    var clip: CGRect = .null
    var ctm: CGAffineTransform = .identity
    func layerWillDraw(_ layer: CALayer) { log.append("willDraw") }
    func draw(_ layer: CALayer, in ctx: CGContext) {
        log.append("draw")
        clip = ctx.boundingBoxOfClipPath
        ctm = ctx.ctm
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: layer.bounds.minX, y: layer.bounds.minY, width: layer.bounds.width, height: 1))
    }
}

final class ContentsDelegate: NSObject, CALayerDelegate {
    var displays = 0
    func display(_ layer: CALayer) { displays += 1; layer.contents = "set by delegate" }
    func draw(_ layer: CALayer, in ctx: CGContext) { Issue.record("draw must not run when display(_:) is implemented") }
}

func pixel(_ image: CGImage, _ x: Int, _ row: Int) -> (UInt8, UInt8, UInt8, UInt8) {
    let bytes = [UInt8](image.dataProvider!.data!)
    let i = row * image.bytesPerRow + x * 4
    return (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
}

@Suite("Display cycle (spec §3)")
struct DisplayCycleTests {
    @Test func aStandaloneLayerDrawsOnlyWhenAsked() {
        let l = CALayer(), d = DrawingDelegate()
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 4)
        l.delegate = d
        l.displayIfNeeded()
        #expect(d.log.isEmpty && l.contents == nil)
        l.setNeedsDisplay()
        #expect(l.needsDisplay())
        l.displayIfNeeded()
        #expect(d.log == ["willDraw", "draw"] && !l.needsDisplay())
        l.displayIfNeeded()
        #expect(d.log.count == 2)
    }

    @Test func aMaskMarkedBeforeItIsAttachedIsDisplayedByTheCommit() {
        let root = CALayer(), masked = CALayer(), mask = CALayer(), d = DrawingDelegate()
        root.addSublayer(masked)
        root.displaySubtreeIfNeeded()
        mask.bounds = CGRect(x: 0, y: 0, width: 10, height: 4)
        mask.delegate = d
        mask.setNeedsDisplay()          // before it has a parent: nothing above it knows yet
        masked.mask = mask
        root.displaySubtreeIfNeeded()
        #expect(d.log == ["willDraw", "draw"] && !mask.needsDisplay())
    }

    @Test func backingStoreIsBoundsTimesScaleAndYDown() throws {
        let l = CALayer(), d = DrawingDelegate()
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 4)
        l.contentsScale = 3
        l.delegate = d
        l.display()
        let image = try #require(l.contents as? CGImage)
        #expect(image.width == 30 && image.height == 12)
        // The 1-pt strip at bounds.minY is the top 3 pixel rows (iOS geometry is y-down).
        #expect(pixel(image, 0, 0) == (255, 0, 0, 255) && pixel(image, 29, 2) == (255, 0, 0, 255))
        #expect(pixel(image, 0, 3) == (0, 0, 0, 0))
        #expect(d.ctm == CGAffineTransform(a: 3, b: 0, c: 0, d: -3, tx: 0, ty: 12))
    }

    @Test func flippedGeometryFlipsTheContext() throws {
        let parent = CALayer(), l = CALayer(), d = DrawingDelegate()
        parent.isGeometryFlipped = true
        parent.addSublayer(l)
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 4)
        l.delegate = d
        #expect(!l.contentsAreFlipped())     // y-up geometry: the context is not flipped
        l.display()
        let image = try #require(l.contents as? CGImage)
        #expect(pixel(image, 0, 3) == (255, 0, 0, 255) && pixel(image, 0, 0) == (0, 0, 0, 0))
        l.isGeometryFlipped = true
        #expect(l.contentsAreFlipped())
    }

    @Test func delegateDisplayReplacesDrawing() {
        let l = CALayer(), d = ContentsDelegate()
        l.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        l.delegate = d
        l.setNeedsDisplay()
        l.displayIfNeeded()
        #expect(d.displays == 1 && l.contents as? String == "set by delegate")
    }

    @Test func overridingDrawInContext() throws {
        final class Filled: CALayer {
            override func draw(in ctx: CGContext) {
                ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
                ctx.fill(bounds)
            }
        }
        let l = Filled()
        l.frame = CGRect(x: 0, y: 0, width: 2, height: 2)
        l.display()
        let image = try #require(l.contents as? CGImage)
        #expect(pixel(image, 1, 1) == (0, 0, 255, 255))
    }

    @Test func partialInvalidationClipsAndKeepsTheRest() throws {
        let l = CALayer(), d = DrawingDelegate()
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        l.delegate = d
        l.display()
        l.setNeedsDisplay(CGRect(x: 2, y: 3, width: 4, height: 5))
        l.displayIfNeeded()
        #expect(d.clip == CGRect(x: 2, y: 3, width: 4, height: 5))
        let image = try #require(l.contents as? CGImage)
        // The first pass's strip at row 0 survives: it lies outside the invalid region.
        #expect(pixel(image, 0, 0) == (255, 0, 0, 255))
        l.setNeedsDisplay()
        l.displayIfNeeded()
        #expect(d.clip == l.bounds)
    }

    /// A drawn image shares its backing store's memory: a later redraw, whole or of a region,
    /// never changes an image handed out before it (the render tree may still show it).
    @Test func redrawsNeverChangeAnEarlierImage() throws {
        final class Painter: NSObject, CALayerDelegate {
            var gray: CGFloat = 0
            func draw(_ layer: CALayer, in ctx: CGContext) {
                ctx.setFillColor(CGColor(gray: gray, alpha: 1))
                ctx.fill(layer.bounds)
            }
        }
        let l = CALayer(), d = Painter()
        l.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        l.delegate = d
        l.display()
        let first = try #require(l.contents as? CGImage)
        d.gray = 1
        l.setNeedsDisplay(CGRect(x: 0, y: 0, width: 4, height: 4))
        l.displayIfNeeded()
        let second = try #require(l.contents as? CGImage)
        #expect(first !== second)
        #expect(pixel(first, 0, 0) == (0, 0, 0, 255) && pixel(first, 7, 7) == (0, 0, 0, 255))
        #expect(pixel(second, 0, 0) == (255, 255, 255, 255) && pixel(second, 7, 7) == (0, 0, 0, 255))
        d.gray = 0.5
        l.setNeedsDisplay(CGRect(x: 4, y: 4, width: 4, height: 4))
        l.displayIfNeeded()
        let third = try #require(l.contents as? CGImage)
        #expect(pixel(second, 7, 7) == (0, 0, 0, 255) && pixel(third, 7, 7).0 == 128 && pixel(third, 0, 0).0 == 255)
        l.display()
        let fourth = try #require(l.contents as? CGImage)
        #expect(pixel(third, 0, 0).0 == 255 && pixel(fourth, 0, 0).0 == 128)
    }

    @Test func boundsChangesRedisplayOnlyWhenAsked() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        #expect(!l.needsDisplay())
        l.needsDisplayOnBoundsChange = true
        l.bounds = CGRect(x: 0, y: 0, width: 6, height: 5)
        #expect(l.needsDisplay())
        // A text layer re-lays out its text on bounds changes.
        let t = CATextLayer()
        t.display()
        t.bounds = CGRect(x: 0, y: 0, width: 50, height: 20)
        #expect(t.needsDisplay())
        t.display()
        t.string = "Hello"
        #expect(t.needsDisplay())
    }

    @Test func opaqueBackingStoresStartBlack() throws {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 2, height: 2)
        l.isOpaque = true
        l.display()
        let image = try #require(l.contents as? CGImage)
        #expect(pixel(image, 0, 0) == (0, 0, 0, 255))
    }

    @Test func emptyAndEnormousBoundsDrawNothing() {
        let l = CALayer(), d = DrawingDelegate()
        l.delegate = d
        l.display()
        #expect(l.contents == nil && d.log.isEmpty == false)   // layerWillDraw ran, no backing store
        #expect(!d.log.contains("draw"))
        l.bounds = CGRect(x: 0, y: 0, width: 1e6, height: 1e6)
        let (_, diags) = LaminaDiagnostics.collecting { l.display() }
        #expect(l.contents == nil && diags.count == 1 && diags[0].contains("limit"))
    }

    @Test func subtreeDisplayReachesMarkedDescendants() {
        let root = CALayer(), mid = CALayer(), leaf = CALayer(), d = DrawingDelegate()
        root.addSublayer(mid); mid.addSublayer(leaf)
        leaf.bounds = CGRect(x: 0, y: 0, width: 3, height: 3)
        leaf.delegate = d
        leaf.setNeedsDisplay()
        root.displaySubtreeIfNeeded()
        #expect(d.log.contains("draw") && !leaf.needsDisplay())
        // A marked layer that joins a tree is still reached.
        let late = CALayer(), d2 = DrawingDelegate()
        late.bounds = CGRect(x: 0, y: 0, width: 3, height: 3)
        late.delegate = d2
        late.setNeedsDisplay()
        leaf.addSublayer(late)
        root.displaySubtreeIfNeeded()
        #expect(d2.log.contains("draw"))
    }
}
