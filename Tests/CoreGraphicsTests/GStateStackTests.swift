import Testing
@testable @_spi(Lamina) import CoreGraphics
import LaminaTestSupport

/// `saveGState`/`restoreGState` keep the saved states in a stack the context manages (states
/// copied in once, moved back once): deep nesting grows it, each restore brings back exactly
/// the state saved, and every saved clip mask is released when its state is dropped, by a
/// restore or with the context.
@Suite("Graphics state stack")
struct GStateStackTests {
    static func context() -> CGContext { rgbaContext(64, 64) }

    /// One level: the CTM moved, a clip to an ellipse (a mask), a dash, a fill colour.
    static func change(_ ctx: CGContext, _ i: Int) {
        ctx.translateBy(x: 0.25, y: 0)
        ctx.addEllipse(in: CGRect(x: CGFloat(i) * 0.5, y: 1, width: 60 - CGFloat(i), height: 50))
        ctx.clip()
        ctx.setLineDash(phase: CGFloat(i), lengths: Array(repeating: 2, count: i % 5 + 1))
        ctx.setFillColor(gray: CGFloat(i) / 40, alpha: 1)
    }

    struct Seen: Equatable {
        let ctm: CGAffineTransform, clip: CGRect, dash: [CGFloat], phase: CGFloat, gray: CGFloat
        init(_ ctx: CGContext) {
            ctm = ctx.ctm; clip = ctx.boundingBoxOfClipPath
            dash = ctx.state.strokeStyle.dashLengths; phase = ctx.state.strokeStyle.dashPhase; gray = ctx.state.fill.r
        }
    }

    @Test func deepNestingRestoresEachLevelAndReleasesItsMasks() {
        let ctx = Self.context()
        var seen: [Seen] = []
        var weakMasks: [() -> ClipMask?] = []
        for i in 0..<40 {
            seen.append(Seen(ctx))
            ctx.saveGState()
            Self.change(ctx, i)
            let mask = ctx.state.clipMask
            #expect(mask != nil, "level \(i) has no clip mask")
            weakMasks.append { [weak mask] in mask }
        }
        for i in (0..<40).reversed() {
            ctx.restoreGState()
            #expect(Seen(ctx) == seen[i], "level \(i) came back different")
            // The mask made at this level (not the outer ones) is gone with its state.
            #expect(weakMasks[i]() == nil, "the clip mask of level \(i) was not released")
            if i > 0 { #expect(weakMasks[i - 1]() != nil, "the clip mask of level \(i - 1) was released early") }
        }
        #expect(ctx.ctm == .identity)
    }

    @Test func savedStatesGoWithTheContext() {
        var weakMasks: [() -> ClipMask?] = []
        do {
            let ctx = Self.context()
            for i in 0..<9 {
                ctx.saveGState()
                Self.change(ctx, i)
                let mask = ctx.state.clipMask
                weakMasks.append { [weak mask] in mask }
            }
            #expect(weakMasks.allSatisfy { $0() != nil })
        }
        #expect(weakMasks.allSatisfy { $0() == nil }, "saved states outlived their context")
    }
}
