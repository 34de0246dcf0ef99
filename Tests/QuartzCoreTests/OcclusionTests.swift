import Testing
@testable import QuartzCore
import LaminaRender
import LaminaTestSupport

@Suite("Occlusion culling")
struct OcclusionTests {
    /// Screens of content under opaque layers that cover them wholly, by one side, or not at
    /// all; some of what lies under casts shadows, clips, or sits at fractional positions.
    func scene() -> (root: CALayer, cover: CALayer, side: CALayer, under: [CALayer]) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 160)
        root.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        var under: [CALayer] = []
        for k in 0..<12 {
            let l = k % 3 == 0 ? CAGradientLayer() : CALayer()
            l.frame = CGRect(x: CGFloat(k % 4) * 48.5 + 2, y: CGFloat(k / 4) * 50.25 + 3, width: 40, height: 40)
            l.backgroundColor = CGColor(red: CGFloat(k) / 12, green: 0.4, blue: 0.7, alpha: k % 2 == 0 ? 1 : 0.6)
            if let g = l as? CAGradientLayer { g.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 0.5)] }
            if k % 4 == 1 { l.shadowOpacity = 0.8; l.shadowRadius = 4; l.cornerRadius = 6 }
            if k % 5 == 2 { l.masksToBounds = true; l.cornerRadius = 10 }
            let dot = CAShapeLayer()
            dot.path = CGPath(ellipseIn: CGRect(x: 5, y: 5, width: 30, height: 30), transform: nil)
            dot.fillColor = CGColor(red: 1, green: 0.8, blue: 0, alpha: 0.9)
            l.addSublayer(dot)
            root.addSublayer(l)
            under.append(l)
        }
        // A screen sliding over the others (fractional position, a shadow of its path), and an
        // opaque panel covering the bottom rows.
        let cover = CALayer()
        cover.frame = CGRect(x: 120.4, y: 0, width: 200, height: 160)
        cover.backgroundColor = CGColor(gray: 1, alpha: 1)
        cover.shadowOpacity = 0.3
        cover.shadowRadius = 5
        cover.shadowPath = CGPath(rect: cover.bounds, transform: nil)
        let label = CALayer()
        label.frame = CGRect(x: 10, y: 10, width: 50, height: 20)
        label.backgroundColor = CGColor(red: 0.2, green: 0.2, blue: 0.9, alpha: 1)
        cover.addSublayer(label)
        let side = CALayer()
        side.frame = CGRect(x: 0, y: 100, width: 200, height: 60)
        side.backgroundColor = CGColor(red: 0.1, green: 0.5, blue: 0.2, alpha: 1)
        root.addSublayer(side)
        root.addSublayer(cover)
        return (root, cover, side, under)
    }

    @Test func framesAreTheSameBytesWithAndWithoutCulling() throws {
        let (root, cover, side, under) = scene()
        let culled = CARenderer(layer: root, scale: 3)
        let drawn = CARenderer(layer: root, scale: 3)
        drawn.occlusionCulling = false
        let steps: [() -> Void] = [
            {}, { cover.position.x -= 37.3 }, { cover.position.x -= 60 }, { side.opacity = 0.5 }, { side.opacity = 1 },
            { under[4].position.y += 11.5 }, { cover.backgroundColor = CGColor(gray: 1, alpha: 0.99) },
            { cover.backgroundColor = CGColor(gray: 1, alpha: 1); cover.cornerRadius = 8 }, { cover.isHidden = true },
        ]
        for (k, step) in steps.enumerated() {
            withoutActions(step)
            let a = try #require(culled.image(atTime: 0)).straightRGBA8()
            let b = try #require(drawn.image(atTime: 0)).straightRGBA8()
            let same = a == b
            #expect(same, "step \(k)")
            // Damage-tracked frames too.
            let c = try #require(culled.nextFrame(atTime: 0)).straightRGBA8()
            let live = c == b
            #expect(live, "step \(k), damage-tracked")
        }
    }

    @Test func coveredLayersAreFoundAndSideCoveredOnesCut() {
        let (root, cover, side, under) = scene()
        let renderer = CARenderer(layer: root, scale: 1)
        _ = renderer.image(atTime: 0)
        let tree = RenderStore.shared.snapshot()
        let frame = FrameEvaluator.frame(tree, root: root.renderSlot, time: 0)
        // Root coordinates to raster pixels at scale 1 (rows down): the identity.
        let occlusion = Occlusion.of(frame, toDevice: .identity)
        // The panel at the bottom hides the last row of squares (y 103.5...143.5) entirely.
        let bottom = under[9]
        #expect(occlusion.visiblePart(bottom.renderSlot, device: bottom.frame)! == (0, 0, 0, 0))
        // The screen over the right side cuts a square straddling its left edge (x 99.5...139.5)
        // at its edge (x 121: the first column it covers fully).
        let straddling = under[2]
        let seen = occlusion.visiblePart(straddling.renderSlot, device: straddling.frame)
        #expect(seen?.x0 == 99 && seen?.x1 == 121)
        // Nothing is drawn over the screen itself or the panel after them: never cut.
        #expect(occlusion.visiblePart(cover.renderSlot, device: cover.frame) == nil)
        #expect(occlusion.visiblePart(side.renderSlot, device: CGRect(x: 0, y: 100, width: 120, height: 60)) == nil)
    }

    /// A reused bitmap is cleared before a frame is drawn into it, except in bands one opaque
    /// layer covers whole: those pixels are overwritten. A frame drawn over the previous one's
    /// memory is the bytes of one drawn into fresh memory, band by band covered or not.
    @Test func bandsUnderAnOpaqueLayerAreNotClearedYetMatchFreshMemory() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 120)
        // Frame 1: colour everywhere.
        root.backgroundColor = CGColor(red: 0.9, green: 0.1, blue: 0.3, alpha: 1)
        let panel = CALayer()
        // Rows 150...360 at scale 3: bands 192..<256 and 256..<320 lie wholly inside.
        panel.frame = CGRect(x: 0, y: 50, width: 100, height: 70)
        panel.backgroundColor = CGColor(red: 0.1, green: 0.6, blue: 0.2, alpha: 1)
        let dot = CAShapeLayer()
        dot.path = CGPath(ellipseIn: CGRect(x: 10, y: 5, width: 60, height: 60), transform: nil)
        dot.fillColor = CGColor(red: 1, green: 0.8, blue: 0, alpha: 0.5)
        panel.addSublayer(dot)
        root.addSublayer(panel)
        let reused = CARenderer(layer: root, scale: 3)
        let first = try #require(reused.image(atTime: 0)).straightRGBA8()
        // Frame 2: a transparent root; only the panel (and what lies on it) is opaque.
        withoutActions { root.backgroundColor = nil }
        let second = try #require(reused.image(atTime: 0)).straightRGBA8()
        let fresh = try #require(CARenderer(layer: root, scale: 3).image(atTime: 0)).straightRGBA8()
        // (Compared outside #expect, which would print every byte of a failure.)
        let matchesFresh = second == fresh, differsFromFirst = first != fresh
        #expect(matchesFresh)
        #expect(differsFromFirst)
        // Above the panel, nothing: transparent pixels, not frame 1's.
        #expect(second[(10 * 300 + 10) * 4 + 3] == 0)
        #expect(first[(10 * 300 + 10) * 4 + 3] == 255)
    }
}
