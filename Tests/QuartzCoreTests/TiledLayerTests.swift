import Testing
import Foundation
@testable import QuartzCore

/// A tiled layer that records the tiles it was asked to draw and fills each with a colour
/// made from its position.
final class RecordingTiledLayer: CATiledLayer {
    var drawn: [CGRect] = []
    override func draw(in ctx: CGContext) {
        let r = ctx.boundingBoxOfClipPath
        drawn.append(r)
        ctx.setFillColor(CGColor(red: r.minX / 1000, green: r.minY / 1000, blue: 1, alpha: 1))
        ctx.fill(r)
    }
}

@Suite("CATiledLayer")
struct TiledLayerTests {
    /// Makes the changes and commits them (display included).
    func commit(_ body: () -> Void) {
        withoutActions(body)
        CATransaction.flush()
    }

    func scene() -> (CALayer, RecordingTiledLayer) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 300, height: 300)
        let tiled = RecordingTiledLayer()
        tiled.anchorPoint = .zero
        tiled.bounds = CGRect(x: 0, y: 0, width: 600, height: 600)
        tiled.position = .zero
        root.addSublayer(tiled)
        return (root, tiled)
    }

    @Test func defaults() {
        let t = CATiledLayer()
        #expect(t.tileSize == CGSize(width: 256, height: 256) && t.levelsOfDetail == 1 && t.levelsOfDetailBias == 0)
        #expect(CATiledLayer.fadeDuration() == 0.25)
        t.setValue(CGSize(width: 64, height: 32), forKey: "tileSize")
        #expect(t.tileSize == CGSize(width: 64, height: 32))
        #expect(CATiledLayer.defaultValue(forKey: "levelsOfDetail") as? Int == 1)
    }

    @Test func onlyVisibleTilesAreDrawnEachWithItsClip() {
        let (root, tiled) = scene()
        commit { tiled.setNeedsDisplay() }
        // The root's 300 x 300 shows tiles (0, 0), (1, 0), (0, 1), (1, 1) of the 3 x 3.
        #expect(Set(tiled.drawn.map { "\(Int($0.minX)),\(Int($0.minY)),\(Int($0.width))" })
                == ["0,0,256", "256,0,256", "0,256,256", "256,256,256"])
        tiled.drawn.removeAll()
        // Scrolling the layer left by 250 shows the third column: only its tiles are drawn.
        commit { tiled.position = CGPoint(x: -250, y: 0) }
        #expect(Set(tiled.drawn.map { "\(Int($0.minX)),\(Int($0.minY)),\(Int($0.width))" }) == ["512,0,88", "512,256,88"])
        tiled.drawn.removeAll()
        commit { tiled.position = CGPoint(x: -200, y: 0) }
        #expect(tiled.drawn.isEmpty)   // nothing new came into view
        _ = root
    }

    @Test func theDrawnTilesShowInTheRender() throws {
        let (root, tiled) = scene()
        commit { tiled.setNeedsDisplay() }
        let image = try #require(CARenderer(layer: root, scale: 1).image())
        let px = try image.straightRGBA8()
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(px[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 4]) }
        #expect(pixel(10, 10) == [0, 0, 255, 255])
        #expect(pixel(290, 10)[0] == UInt8((256.0 / 1000 * 255).rounded()) && pixel(290, 10)[2] == 255)
        #expect(pixel(10, 290)[1] == UInt8((256.0 / 1000 * 255).rounded()))
    }

    @Test func magnifiedLayersDrawAtAFinerLevelOfDetail() {
        let (root, tiled) = scene()
        tiled.levelsOfDetail = 3
        tiled.levelsOfDetailBias = 2
        commit { tiled.setNeedsDisplay() }
        #expect(tiled.displayScale == 1 && tiled.drawn.allSatisfy { $0.width <= 256 })
        tiled.drawn.removeAll()
        commit { tiled.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2)) }
        // Shown at twice the size: drawn at 2x, 128-point tiles (256 pixels), of which the
        // visible 150 x 150 points need four.
        #expect(tiled.displayScale == 2)
        #expect(!tiled.drawn.isEmpty && tiled.drawn.allSatisfy { $0.width <= 128 && $0.minX < 150 && $0.minY < 150 })
        // Beyond the bias the level stops: at 8x it is still 4x (bias 2).
        commit { tiled.setAffineTransform(CGAffineTransform(scaleX: 8, y: 8)) }
        #expect(tiled.displayScale == 4)
        // Reduced: levels below 1 are the other levels (3 − 1 − 2 = none here).
        commit { tiled.setAffineTransform(CGAffineTransform(scaleX: 0.25, y: 0.25)) }
        #expect(tiled.displayScale == 1)
        _ = root
    }

    @Test func oddTileSizesFallBack() {
        let (root, tiled) = scene()
        tiled.tileSize = CGSize(width: CGFloat.nan, height: -5)
        commit { tiled.setNeedsDisplay() }
        #expect(tiled.drawn.count == 4)   // 256-pixel tiles
        _ = root
    }
}
