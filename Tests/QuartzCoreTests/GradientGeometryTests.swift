import Foundation
import Testing
import QuartzCore
import LaminaTestSupport

/// CAGradientLayer draws in the unit square mapped onto the bounds (issue 13, item 1).
@Suite("Gradient geometry in the unit square")
struct GradientGeometryTests {
    func render(width: CGFloat = 200, _ configure: (CAGradientLayer) -> Void) throws -> (px: [UInt8], w: Int, h: Int) {
        let g = CAGradientLayer()
        g.bounds = CGRect(x: 0, y: 0, width: width, height: 50)
        g.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)]
        configure(g)
        let image = try #require(CARenderer(layer: g, scale: 1).image())
        return (try image.straightRGBA8(), image.width, image.height)
    }

    func grey(_ r: (px: [UInt8], w: Int, h: Int), _ x: Int, _ y: Int) -> Int { Int(r.px[(y * r.w + x) * 4]) }

    @Test func aDiagonalGradientsBandsRunAlongTheOtherDiagonal() throws {
        let r = try render { $0.startPoint = .zero; $0.endPoint = CGPoint(x: 1, y: 1) }
        // The corners (1,0) and (0,1) lie on the middle band, with the centre; in points they
        // would not. (The middle grey is not 128: gradient layers interpolate in Generic RGB.)
        let middle = grey(r, 100, 25)
        let topRight = grey(r, 199, 0), bottomLeft = grey(r, 0, 49)
        #expect(abs(topRight - middle) <= 3 && abs(bottomLeft - middle) <= 3, "\(topRight) \(bottomLeft) \(middle)")
        // Along the other diagonal the colour is constant.
        for i in 0...10 {
            let x = 199 - i * 199 / 10, y = i * 49 / 10
            #expect(abs(grey(r, x, y) - middle) <= 3, "(\(x), \(y)): \(grey(r, x, y)) vs \(middle)")
        }
        #expect(grey(r, 0, 0) < 5 && grey(r, 199, 49) > 250)
    }

    @Test func aRadialGradientEndingAtACornerIsTheEllipseFillingTheBounds() throws {
        let r = try render { $0.type = .radial; $0.startPoint = CGPoint(x: 0.5, y: 0.5); $0.endPoint = CGPoint(x: 1, y: 1) }
        // The ellipse touches the middle of each edge: the same grey at the top and right edges.
        let top = grey(r, 100, 0), right = grey(r, 199, 25)
        #expect(abs(top - right) <= 8 && top > 240, "\(top) \(right)")
        #expect(grey(r, 100, 25) < 10)
    }

    @Test func aConicGradientsAnglesStretchWithTheSquare() throws {
        let configure: (CAGradientLayer) -> Void = {
            $0.type = .conic; $0.startPoint = CGPoint(x: 0.5, y: 0.5); $0.endPoint = CGPoint(x: 1, y: 0.5)
        }
        let wide = try render(configure), square = try render(width: 50, configure)
        // The unit square's diagonal (to corner (1,1)) is an eighth of the turn on any layer:
        // the wide layer's corner shows the square's corner colour, although in points it lies
        // at 14° (1/25 of a turn).
        let corner = grey(wide, 199, 49), squareCorner = grey(square, 49, 49)
        #expect(abs(corner - squareCorner) <= 4, "\(corner) vs \(squareCorner)")
        #expect(abs(grey(wide, 100, 49) - grey(square, 25, 49)) <= 4)   // a quarter turn
    }
}
