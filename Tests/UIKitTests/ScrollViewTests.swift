import Foundation
import Testing
import UIKit
import QuartzCore

@MainActor
@Suite struct ScrollViewTests {
    final class Delegate: UIScrollViewDelegate {
        var scrolls = 0, began = 0, ended: [Bool] = [], zoomed = 0
        var zoomView: UIView?
        func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolls += 1 }
        func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { began += 1 }
        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) { ended.append(decelerate) }
        func viewForZooming(in scrollView: UIScrollView) -> UIView? { zoomView }
        func scrollViewDidZoom(_ scrollView: UIScrollView) { zoomed += 1 }
    }

    /// A 200 x 300 scroll view over 200 x 1,000 points of content, in a window.
    static func list() -> (UIWindow, UIScrollView, Delegate) {
        let window = UIWindow(screen: UIScreen(size: CGSize(width: 200, height: 300), scale: 1))
        let scroll = UIScrollView(frame: window.bounds)
        scroll.contentSize = CGSize(width: 200, height: 1000)
        let content = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 1000))
        scroll.addSubview(content)
        window.addSubview(scroll)
        let d = Delegate()
        scroll.delegate = d
        return (window, scroll, d)
    }

    @Test func theOffsetIsTheBoundsOriginAndMovesTheContent() {
        let (window, scroll, d) = Self.list()
        defer { withExtendedLifetime(window) {} }
        let row = UIView(frame: CGRect(x: 0, y: 500, width: 200, height: 44))
        scroll.addSubview(row)
        scroll.contentOffset = CGPoint(x: 0, y: 400)
        #expect(scroll.bounds.origin == CGPoint(x: 0, y: 400) && d.scrolls == 1)
        #expect(row.convert(row.bounds, to: nil).minY == 100)
        scroll.setContentOffset(CGPoint(x: 0, y: CGFloat.nan), animated: false)
        #expect(scroll.contentOffset.y == 400)            // ignored, with a diagnostic
        scroll.scrollRectToVisible(CGRect(x: 0, y: 900, width: 10, height: 50), animated: false)
        #expect(scroll.contentOffset.y == 650)            // its bottom at the bottom edge
        scroll.scrollRectToVisible(CGRect(x: 0, y: 10, width: 10, height: 50), animated: false)
        #expect(scroll.contentOffset.y == 10)
    }

    @Test func dragsScrollWithinTheRangeAndBounceBack() {
        let (window, scroll, d) = Self.list()
        let t = window.touchDown(at: CGPoint(x: 100, y: 250))!
        window.touchMove(t, to: CGPoint(x: 100, y: 150))
        #expect(scroll.contentOffset.y == 100 && d.began == 1 && scroll.isDragging)
        window.touchUp(t)
        #expect(d.ended == [false] && !scroll.isDragging)
        // Pulled down past the top: half the distance, then back to 0 when released.
        let pull = window.touchDown(at: CGPoint(x: 100, y: 50))!
        window.touchMove(pull, to: CGPoint(x: 100, y: 250))
        #expect(scroll.contentOffset.y == -50)
        window.touchUp(pull)
        #expect(d.ended.last == true)
        #expect(scroll.contentOffset.y == 0)               // the model is at rest; the bounce animates
        scroll.bounces = false
        let again = window.touchDown(at: CGPoint(x: 100, y: 50))!
        window.touchMove(again, to: CGPoint(x: 100, y: 250))
        #expect(scroll.contentOffset.y == 0)
        window.touchUp(again)
        // Disabled: no scrolling.
        scroll.isScrollEnabled = false
        let none = window.touchDown(at: CGPoint(x: 100, y: 250))!
        window.touchMove(none, to: CGPoint(x: 100, y: 100))
        window.touchUp(none)
        #expect(scroll.contentOffset.y == 0)
    }

    @Test func pagingSnapsToPages() {
        let (window, scroll, _) = Self.list()
        scroll.isPagingEnabled = true
        let t = window.touchDown(at: CGPoint(x: 100, y: 280))!
        window.touchMove(t, to: CGPoint(x: 100, y: 100))      // 180 of a 300-point page
        window.touchUp(t)
        #expect(scroll.contentOffset.y == 300)
    }

    @Test func theSafeAreaAndContentInsetExtendTheRange() {
        let window = UIWindow(screen: UIScreen(size: CGSize(width: 200, height: 300), scale: 1,
                                               safeAreaInsets: UIEdgeInsets(top: 40, left: 0, bottom: 20, right: 0)))
        let scroll = UIScrollView(frame: window.bounds)
        scroll.contentSize = CGSize(width: 200, height: 1000)
        window.addSubview(scroll)
        scroll.contentInset = UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        #expect(scroll.adjustedContentInset == UIEdgeInsets(top: 50, left: 0, bottom: 20, right: 0))
        scroll.contentInsetAdjustmentBehavior = .never
        #expect(scroll.adjustedContentInset == UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0))
    }

    @Test func zoomingScalesTheDelegatesView() {
        let (window, scroll, d) = Self.list()
        defer { withExtendedLifetime(window) {} }
        let image = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 80))
        scroll.addSubview(image)
        d.zoomView = image
        scroll.minimumZoomScale = 0.5
        scroll.maximumZoomScale = 4
        scroll.zoomScale = 10
        #expect(scroll.zoomScale == 4 && scroll.contentSize == CGSize(width: 400, height: 320) && d.zoomed == 1)
        #expect(image.frame == CGRect(x: 0, y: 0, width: 400, height: 320))
        scroll.setZoomScale(-1, animated: false)
        #expect(scroll.zoomScale == 4)
        scroll.zoom(to: CGRect(x: 50, y: 40, width: 50, height: 40), animated: false)
        #expect(scroll.zoomScale == 4)                     // 200/50 = 4 (the maximum)
        #expect(scroll.contentOffset == CGPoint(x: 200, y: 20))   // clamped: 320 - 300
    }

    @Test func indicatorsShowWhenFlashed() throws {
        let (window, scroll, _) = Self.list()
        window.backgroundColor = .white
        _ = window.render()                                 // on screen once (committed)
        scroll.contentOffset = CGPoint(x: 0, y: 350)
        window.run { scroll.flashScrollIndicators() }      // the animations on the window's clock
        let image = try #require(window.render())
        // The vertical indicator: 3 points wide, 3 from the right edge, a third of the way down.
        var px = [UInt8](repeating: 0, count: 4)
        let ctx = CGContext(data: &px, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.draw(image, in: CGRect(x: -195, y: -(300 - 1 - 150), width: 200, height: 300))
        #expect(px[0] < 200 && px[0] > 100)                 // grey over white
    }
}
