import Foundation
import Testing
import CoreGraphics
import QuartzCore
import UIKit

/// Draws a 2x2-point blue square in the middle of its bounds and nothing else.
@MainActor
private final class CentreSquareView: UIView {
    override func draw(_ rect: CGRect) {
        let ctx = UIGraphicsGetCurrentContext()!
        ctx.setFillColor(UIColor.blue.cgColor)
        ctx.fill(CGRect(x: bounds.midX - 1, y: bounds.midY - 1, width: 2, height: 2))
    }
}

/// A layer that draws itself, as a progress view's custom layer does.
private final class SelfDrawingLayer: CALayer {
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: bounds.midX - 1, y: bounds.midY - 1, width: 2, height: 2))
    }
}

@MainActor
private final class SelfDrawingLayerView: UIView {
    override class var layerClass: AnyClass { SelfDrawingLayer.self }
}

@MainActor
private func rgba(_ image: CGImage, _ x: Int, _ row: Int) -> [Int] {
    let bytes = [UInt8](image.dataProvider!.data!)
    let i = row * image.bytesPerRow + x * 4
    return (0..<4).map { Int(bytes[i + $0]) }
}

/// The corner and centre pixels of what `view` drew.
@MainActor
private func drawn(_ view: UIView) throws -> (corner: [Int], centre: [Int]) {
    view.contentScaleFactor = 1
    view.layer.displayIfNeeded()
    let image = try #require(view.layer.contents as? CGImage)
    return (rgba(image, 0, 0), rgba(image, image.width / 2, image.height / 2))
}

@MainActor
@Suite("Opaque views and their backing stores (issue 20, item 7)")
struct OpaqueDrawingTests {
    @Test func aClearBackgroundStaysClear() throws {
        let v = CentreSquareView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        v.backgroundColor = .clear
        #expect(v.isOpaque)
        let (corner, centre) = try drawn(v)
        #expect(corner == [0, 0, 0, 0])
        #expect(centre == [0, 0, 255, 255])
    }

    @Test func anOpaqueViewWithoutBackgroundShowsBlack() throws {
        let v = CentreSquareView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let (corner, centre) = try drawn(v)
        #expect(corner == [0, 0, 0, 255])
        #expect(centre == [0, 0, 255, 255])
    }

    @Test func anOpaqueBackgroundFillsTheBackingStore() throws {
        let v = CentreSquareView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        v.backgroundColor = .red
        #expect(try drawn(v).corner == [255, 0, 0, 255])
    }

    @Test func aHalfTransparentBackgroundOnAnOpaqueViewShowsOverBlack() throws {
        let v = CentreSquareView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        v.backgroundColor = UIColor(white: 1, alpha: 0.5)
        let corner = try drawn(v).corner
        #expect(corner[3] == 255)
        #expect((126...129).contains(corner[0]) && corner[0] == corner[1] && corner[1] == corner[2])
    }

    @Test func aViewThatIsNotOpaqueStaysClear() throws {
        let v = CentreSquareView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        v.isOpaque = false
        #expect(try drawn(v).corner == [0, 0, 0, 0])
        let w = CentreSquareView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        w.isOpaque = false
        w.backgroundColor = UIColor(white: 1, alpha: 0.5)
        #expect(try drawn(w).corner == [0, 0, 0, 0])   // the layer draws the background, not the backing store
    }

    @Test func aLayerThatDrawsItselfFollowsItsOwnOpacity() throws {
        let v = SelfDrawingLayerView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        v.backgroundColor = .clear
        #expect(v.isOpaque && !v.layer.isOpaque)
        let (corner, centre) = try drawn(v)
        #expect(corner == [0, 0, 0, 0])
        #expect(centre == [0, 255, 0, 255])
        let o = SelfDrawingLayerView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        o.layer.isOpaque = true
        #expect(try drawn(o).corner == [0, 0, 0, 255])
    }

    @Test func aClearViewShowsWhatIsBehindItOnScreen() throws {
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        back.backgroundColor = .red
        let front = CentreSquareView(frame: back.bounds)
        front.backgroundColor = .clear
        back.addSubview(front)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(bounds: back.bounds, format: format).image { ctx in
            back.layer.render(in: ctx.cgContext)
        }
        let cg = try #require(image.cgImage)
        #expect(rgba(cg, 0, 0) == [255, 0, 0, 255])
        #expect(rgba(cg, 5, 5) == [0, 0, 255, 255])
    }
}
