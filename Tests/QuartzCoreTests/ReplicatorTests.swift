import Testing
@testable import QuartzCore
import LaminaTestSupport

/// A spinner (12 bars rotated 30° apart, fading) and a row of squares shifting colour.
func replicatorScene() -> CALayer {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 260, height: 120)
    root.backgroundColor = CGColor(gray: 1, alpha: 1)
    let spinner = CAReplicatorLayer()
    spinner.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
    spinner.instanceCount = 12
    spinner.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
    spinner.instanceAlphaOffset = -1.0 / 12
    let bar = CALayer()
    bar.frame = CGRect(x: 45, y: 5, width: 10, height: 28)
    bar.cornerRadius = 5
    bar.backgroundColor = CGColor(red: 0.2, green: 0.3, blue: 0.8, alpha: 1)
    spinner.addSublayer(bar)
    root.addSublayer(spinner)
    let row = CAReplicatorLayer()
    row.frame = CGRect(x: 120, y: 45, width: 130, height: 30)
    row.instanceCount = 5
    row.instanceTransform = CATransform3DMakeTranslation(26, 0, 0)
    row.instanceColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    row.instanceRedOffset = -0.2
    row.instanceGreenOffset = -0.1
    let square = CALayer()
    square.frame = CGRect(x: 0, y: 0, width: 22, height: 22)
    square.backgroundColor = CGColor(red: 1, green: 0.8, blue: 0.2, alpha: 1)
    row.addSublayer(square)
    root.addSublayer(row)
    return root
}

@Suite("CAReplicatorLayer")
struct ReplicatorTests {
    @Test func instanceDelayShiftsEachCopysAnimations() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
        let rep = CAReplicatorLayer()
        rep.frame = root.bounds
        rep.instanceCount = 3
        rep.instanceDelay = 0.5
        rep.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        dot.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        rep.addSublayer(dot)
        root.addSublayer(rep)
        let driver = FrameDriver(layer: root)
        driver.run {
            CATransaction.flush()
            let drop = CABasicAnimation(keyPath: "position.y")
            drop.fromValue = 5; drop.toValue = 25; drop.duration = 1
            drop.fillMode = .both; drop.isRemovedOnCompletion = false
            dot.add(drop, forKey: "drop")
            CATransaction.flush()
        }
        let px = try #require(driver.frame(at: 0.5)).straightRGBA8()
        func filled(_ x: Int, _ y: Int) -> Bool { px[(y * 100 + x) * 4 + 3] > 200 }
        // Copy 0 is half-way (centre y 15), copy 1 at its start (y 5), copy 2 before its start,
        // held there by the backwards fill.
        #expect(filled(5, 15) && !filled(5, 5))
        #expect(filled(35, 5) && !filled(35, 15))
        #expect(filled(65, 5) && !filled(65, 15))
        let later = try #require(driver.frame(at: 1.5)).straightRGBA8()
        func filledLater(_ x: Int, _ y: Int) -> Bool { later[(y * 100 + x) * 4 + 3] > 200 }
        #expect(filledLater(5, 25) && filledLater(35, 25) && filledLater(65, 15))
        // The damage-tracked frame equals a full render.
        let full = try #require(driver.run { CARenderer(layer: root).image(atTime: 1.5) }).straightRGBA8()
        #expect(later == full)
    }

    @Test func reference() throws {
        let failure = try compositorGolden.check("replicator") { try #require(CARenderer(layer: replicatorScene(), scale: 2).image()) }
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func copiesAreTransformedAndTinted() throws {
        let r = CAReplicatorLayer()
        r.bounds = CGRect(x: 0, y: 0, width: 40, height: 10)
        r.instanceCount = 3
        r.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        r.instanceBlueOffset = -0.5
        let s = CALayer()
        s.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        s.backgroundColor = CGColor(gray: 1, alpha: 1)
        r.addSublayer(s)
        let px = try #require(CARenderer(layer: r).image()).straightRGBA8()
        func at(_ x: Int) -> [UInt8] { Array(px[(5 * 40 + x) * 4..<(5 * 40 + x) * 4 + 4]) }
        #expect(at(5) == [255, 255, 255, 255] && at(25) == [255, 255, 0, 255])
        #expect(at(15)[0] == 255 && abs(Int(at(15)[2]) - 128) <= 1 && at(15)[3] == 255)
        #expect(at(35)[3] == 0)
    }

    @Test func tintedCopiesStayValidPremultipliedColour() throws {
        // Over an opaque background, fading tinted copies blend instead of overflowing.
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let r = CAReplicatorLayer()
        r.frame = root.bounds
        r.instanceCount = 2
        r.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        r.instanceColor = CGColor(red: 1, green: 0.5, blue: 1, alpha: 1)
        r.instanceAlphaOffset = -0.5
        let s = CALayer()
        s.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        s.backgroundColor = CGColor(gray: 0, alpha: 1)
        r.addSublayer(s)
        root.addSublayer(r)
        let px = try #require(CARenderer(layer: root).image()).straightRGBA8()
        let i = (5 * 20 + 15) * 4
        #expect(abs(Int(px[i]) - 128) <= 1 && px[i + 3] == 255)
    }
}

/// fuzz-kvc: a replicator of 10,000 delayed copies (instanceCount 3.6e13 clamped to 10,000,
/// instanceDelay 1.1) timed out: each delayed copy's frame computed the replicator's own extent,
/// which loops over every copy (Tests/FuzzFindings/kvc/delayed-replicator-timeout).
@Suite struct DelayedReplicatorTests {
    @Test func tenThousandDelayedCopiesRender() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
        let rep = CAReplicatorLayer()
        rep.frame = root.bounds
        rep.setValue(3.6e13, forKeyPath: "instanceCount")
        rep.instanceDelay = 1.1
        rep.instanceTransform = CATransform3DMakeTranslation(3, 0, 1)
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 30, width: 4, height: 4)
        dot.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        rep.addSublayer(dot)
        root.addSublayer(rep)
        let driver = FrameDriver(layer: root)
        let image = try #require(driver.frame(at: 0))
        #expect(rep.instanceCount > 10_000)          // the model keeps it; the renderer draws 10,000
        var px = [UInt8](repeating: 0, count: 4)
        let ctx = CGContext(data: &px, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.draw(image, in: CGRect(x: -1, y: -(64 - 1 - 31), width: 64, height: 64))
        #expect(px == [255, 0, 0, 255])              // the first copy is drawn
    }
}
