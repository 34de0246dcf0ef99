import Testing
import LaminaTestSupport
@_spi(Lamina) import CoreGraphics

@Suite("Projective image drawing")
struct ProjectiveImageTests {
    @Test func affineMappingMatchesDrawInRect() {
        let image = testImage()
        let a = rgbaContext(8, 4), b = rgbaContext(8, 4)
        a.draw(image, in: CGRect(x: 0, y: 0, width: 8, height: 4))
        // u right, v down from the top: x = 2u, y = 4 − 2v.
        b.drawImage(image, imageToUser: CGProjectiveTransform([2, 0, 0, 0, -2, 0, 0, 4, 1]), filter: .linear)
        for row in 0..<4 { for x in 0..<8 { #expect(a.pixel(x: x, row: row) == b.pixel(x: x, row: row)) } }
    }

    @Test func perspectiveMakesATrapezoid() {
        // A white 40x40 image; w grows with v, so rows further down shrink toward the origin.
        let src = rgbaContext(40, 40)
        src.setFillColor(gray: 1, alpha: 1)
        src.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        let ctx = rgbaContext(60, 60)
        ctx.drawImage(src.makeImage()!, imageToUser: CGProjectiveTransform([1, 0, 0, 0, 1, 0.02, 10, 10, 1]), filter: .linear)
        // Top edge (v = 0, w = 1): 40 wide at y = 10; bottom edge (v = 40, w = 1.8): 40/1.8 wide.
        let topRowWidth = (0..<60).filter { ctx.pixel(x: $0, row: 60 - 11).a > 128 }.count
        let lowRowWidth = (0..<60).filter { ctx.pixel(x: $0, row: 60 - 30).a > 128 }.count
        #expect(topRowWidth >= 38 && lowRowWidth < topRowWidth - 10)
    }

    @Test func partsBehindTheEyeAreNotDrawn() {
        let src = rgbaContext(10, 10)
        src.setFillColor(gray: 0, alpha: 1)
        src.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        let ctx = rgbaContext(40, 40)
        // w = 1 − 0.2·u: negative for u > 5.
        ctx.drawImage(src.makeImage()!, imageToUser: CGProjectiveTransform([1, 0, -0.2, 0, 1, 0, 5, 5, 1]), filter: .nearest)
        #expect(alphaSum(ctx) > 0)
    }

    @Test func trilinearAveragesMinifiedDetail() {
        // A one-pixel checkerboard shrunk 16 times reads as mid gray with trilinear filtering.
        let board = rgbaContext(64, 64)
        board.setFillColor(gray: 1, alpha: 1)
        for y in 0..<64 { for x in 0..<64 where (x + y) % 2 == 0 { board.fill(CGRect(x: x, y: y, width: 1, height: 1)) } }
        board.setFillColor(gray: 0, alpha: 1)
        for y in 0..<64 { for x in 0..<64 where (x + y) % 2 == 1 { board.fill(CGRect(x: x, y: y, width: 1, height: 1)) } }
        let image = board.makeImage()!
        let small = rgbaContext(4, 4)
        small.drawImage(image, imageToUser: CGProjectiveTransform([1.0 / 16, 0, 0, 0, -1.0 / 16, 0, 0, 4, 1]), filter: .trilinear)
        for row in 0..<4 { for x in 0..<4 { #expect(abs(Int(small.pixel(x: x, row: row).r) - 128) <= 8) } }
    }
}
