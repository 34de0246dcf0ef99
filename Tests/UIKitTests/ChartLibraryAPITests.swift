import Testing
import Foundation
import UIKit

/// The API a real iOS chart library uses beyond the common views: CGLayer, accessibility
/// notifications and containers, rotation gestures, the screen's coordinate spaces, the empty
/// image and nib loading. Written as iOS code.
@MainActor
@Suite("API chart libraries use")
struct ChartLibraryAPITests {
    func pixel(_ image: UIImage, _ x: Int, _ y: Int) -> [UInt8] {
        let c = image.cgImage!
        let bytes = [UInt8](c.dataProvider!.data!)
        let i = y * c.bytesPerRow + x * 4
        return Array(bytes[i..<i + 4])
    }

    @Test func aCGLayerIsDrawnOnceAndStampedManyTimesAtItsContextsResolution() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 3
        var layerPixels = (0, 0)
        let image = UIGraphicsImageRenderer(size: CGSize(width: 60, height: 20), format: format).image { ctx in
            let cg = ctx.cgContext
            guard let stamp = CGLayer(cg, size: CGSize(width: 10, height: 10), auxiliaryInfo: nil),
                  let lc = stamp.context else { return }
            layerPixels = (lc.width, lc.height)
            lc.setFillColor(UIColor.red.cgColor)
            lc.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            cg.draw(stamp, at: CGPoint(x: 0, y: 0))
            cg.draw(stamp, at: CGPoint(x: 20, y: 0))
            cg.draw(stamp, in: CGRect(x: 40, y: 0, width: 20, height: 20))   // scaled up
            #expect(stamp.size == CGSize(width: 10, height: 10))
        }
        // Three pixels per point, as the context it was made for.
        #expect(layerPixels == (30, 30))
        #expect(pixel(image, 15, 15) == [255, 0, 0, 255])        // first stamp
        #expect(pixel(image, 45, 15) == [0, 0, 0, 0])            // between the stamps
        #expect(pixel(image, 75, 15) == [255, 0, 0, 255])        // second stamp
        #expect(pixel(image, 175, 55) == [255, 0, 0, 255])       // the scaled one, 20 points tall
        #expect(pixel(image, 15, 45) == [0, 0, 0, 0])            // below the first (10 points)
        // Nothing to draw into: no layer, no trap.
        let empty = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { ctx in
            #expect(CGLayer(ctx.cgContext, size: .zero, auxiliaryInfo: nil) == nil)
            #expect(CGLayer(ctx.cgContext, size: CGSize(width: CGFloat.nan, height: 4), auxiliaryInfo: nil) == nil)
            #expect(CGLayer(ctx.cgContext, size: CGSize(width: 1e30, height: 1e30), auxiliaryInfo: nil) == nil)
        }
        #expect(empty.size == CGSize(width: 4, height: 4))
    }

    @Test func accessibilityNotificationsReachObservers() {
        final class Heard: @unchecked Sendable { var items: [(UIAccessibility.Notification, String?)] = [] }
        let heard = Heard()
        let token = NotificationCenter.default.addObserver(forName: UIAccessibility.didPostNotification, object: nil, queue: nil) { note in
            guard let n = note.userInfo?[UIAccessibility.notificationUserInfoKey] as? UIAccessibility.Notification else { return }
            heard.items.append((n, note.userInfo?[UIAccessibility.argumentUserInfoKey] as? String))
        }
        defer { NotificationCenter.default.removeObserver(token) }
        UIAccessibility.post(notification: .announcement, argument: "Chart updated")
        UIAccessibility.post(notification: .layoutChanged, argument: nil)
        UIAccessibility.post(notification: .screenChanged, argument: nil)
        UIAccessibility.post(notification: .pageScrolled, argument: "Page 2 of 3")
        #expect(heard.items.map(\.0) == [.announcement, .layoutChanged, .screenChanged, .pageScrolled])
        #expect(heard.items.map(\.1) == ["Chart updated", nil, nil, "Page 2 of 3"])
        #expect(UIAccessibility.Notification.screenChanged.rawValue == 1000)
        #expect(UIAccessibility.Notification.announcement.rawValue == 1008)
    }

    /// A chart that offers one element per data point on demand, as chart libraries do.
    final class ChartView: UIView {
        let points: [UIAccessibilityElement]
        override init(frame: CGRect) {
            points = []
            super.init(frame: frame)
        }
        init(values: [Double]) {
            points = []
            super.init(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
            elements = values.enumerated().map { i, v in
                let e = UIAccessibilityElement(accessibilityContainer: self)
                e.accessibilityLabel = "Point \(i + 1): \(v)"
                e.accessibilityFrameInContainerSpace = CGRect(x: CGFloat(i) * 10, y: 0, width: 10, height: 50)
                return e
            }
        }
        required init?(coder: NSCoder) { fatalError() }
        var elements: [UIAccessibilityElement] = []

        override func accessibilityElementCount() -> Int { elements.count }
        override func accessibilityElement(at index: Int) -> Any? { elements.indices.contains(index) ? elements[index] : nil }
        override func index(ofAccessibilityElement element: Any) -> Int {
            elements.firstIndex { $0 === element as AnyObject } ?? NSNotFound
        }
    }

    @Test func containersOfferTheirElementsOnDemand() throws {
        let chart = ChartView(values: [3, 5, 8])
        #expect(chart.accessibilityElementCount() == 3)
        let second = try #require(chart.accessibilityElement(at: 1) as? UIAccessibilityElement)
        #expect(second.accessibilityLabel == "Point 2: 5.0")
        #expect(chart.index(ofAccessibilityElement: second) == 1)
        #expect(chart.accessibilityElement(at: 3) == nil)
        #expect(chart.index(ofAccessibilityElement: UIView()) == NSNotFound)
        // A plain view answers from accessibilityElements.
        let plain = UIView()
        #expect(plain.accessibilityElementCount() == 0)
        let a = UIAccessibilityElement(accessibilityContainer: plain), b = UIAccessibilityElement(accessibilityContainer: plain)
        plain.accessibilityElements = [a, b]
        #expect(plain.accessibilityElementCount() == 2)
        #expect(plain.accessibilityElement(at: 1) as AnyObject === b)
        #expect(plain.index(ofAccessibilityElement: a) == 0)
        #expect(plain.accessibilityElement(at: -1) == nil)
    }

    final class Log { var states: [UIGestureRecognizer.State] = []; var rotations: [CGFloat] = [] }

    @Test func twoFingersTurningAreARotation() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        window.makeKeyAndVisible()
        let log = Log()
        let rotate = UIRotationGestureRecognizer(target: log, action: { l, g in
            l.states.append(g.state)
            l.rotations.append((g as! UIRotationGestureRecognizer).rotation)
        })
        view.addGestureRecognizer(rotate)
        let center = CGPoint(x: 150, y: 150)
        let a = window.touchDown(at: center)!
        let b = window.touchDown(at: CGPoint(x: 250, y: 150))!
        // The second finger goes round the first: a quarter turn, then on past a half turn.
        for deg in stride(from: 10.0, through: 200.0, by: 10.0) {
            let r = deg * .pi / 180
            window.advance(to: deg / 1000)                  // 10 degrees every 10 ms
            window.touchMove(b, to: CGPoint(x: center.x + 100 * cos(r), y: center.y + 100 * sin(r)))
        }
        let velocity = rotate.velocity
        window.touchUp(b)
        window.touchUp(a)
        #expect(log.states.first == .began && log.states.last == .ended)
        #expect(log.states.dropFirst().dropLast().allSatisfy { $0 == .changed })
        // Clockwise on screen is positive; past π it goes on counting (200 degrees).
        #expect(abs(log.rotations.last! - 200 * .pi / 180) < 1e-6)
        #expect(abs(log.rotations[8] - 90 * .pi / 180) < 1e-6)
        #expect(abs(velocity - 1000 * .pi / 180) < 0.01)   // radians per second
        // A small wobble is no rotation.
        let log2 = Log()
        let rotate2 = UIRotationGestureRecognizer(target: log2, action: { l, g in l.states.append(g.state) })
        view.removeGestureRecognizer(rotate)
        view.addGestureRecognizer(rotate2)
        let c = window.touchDown(at: center)!, d = window.touchDown(at: CGPoint(x: 250, y: 150))!
        window.touchMove(d, to: CGPoint(x: 250, y: 152))           // about 1 degree
        window.touchUp(d)
        window.touchUp(c)
        #expect(log2.states.isEmpty)
    }

    @Test func theScreensCoordinateSpacesConvertViews() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let card = UIView(frame: CGRect(x: 40, y: 100, width: 200, height: 100))
        let dot = UIView(frame: CGRect(x: 10, y: 20, width: 5, height: 5))
        card.addSubview(dot)
        window.addSubview(card)
        window.makeKeyAndVisible()
        let screen = UIScreen.main.coordinateSpace
        #expect(screen.bounds == UIScreen.main.bounds)
        #expect(UIScreen.main.fixedCoordinateSpace.bounds == UIScreen.main.bounds)
        #expect(dot.convert(CGPoint(x: 1, y: 2), to: screen) == CGPoint(x: 51, y: 122))
        #expect(dot.convert(CGPoint(x: 51, y: 122), from: screen) == CGPoint(x: 1, y: 2))
        #expect(screen.convert(CGPoint(x: 51, y: 122), to: dot) == CGPoint(x: 1, y: 2))
        #expect(card.convert(dot.frame, to: UIScreen.main.fixedCoordinateSpace) == CGRect(x: 50, y: 120, width: 5, height: 5))
        // Between views, through the protocol.
        let space: any UICoordinateSpace = card
        #expect(dot.convert(CGPoint.zero, to: space) == CGPoint(x: 10, y: 20))
        // A transformed view: the rectangle's bounding box.
        card.transform = CGAffineTransform(scaleX: 2, y: 2)
        let r = dot.convert(dot.bounds, to: screen)
        #expect(abs(r.width - 10) < 1e-9 && abs(r.height - 10) < 1e-9)
    }

    @Test func theEmptyImageHasNoSizeAndDrawsNothing() {
        let empty = UIImage()
        #expect(empty.size == .zero && empty.cgImage == nil && empty.scale == 1)
        let view = UIImageView(image: empty)
        #expect(view.intrinsicContentSize == .zero)
        let drawn = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { _ in
            empty.draw(in: CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        #expect(pixel(drawn, 1, 1) == [0, 0, 0, 0])
    }

    @Test func nibsLoadNothingOnLinuxAndSaySo() {
        let (objects, diagnostics) = LaminaDiagnostics.collecting {
            Bundle.main.loadNibNamed("ChartMarker", owner: nil, options: nil)
        }
        #expect(objects == nil)
        #expect(diagnostics.contains { $0.contains("ChartMarker") })
        let nib = UINib(nibName: "ChartMarker", bundle: nil)
        #expect(nib.instantiate(withOwner: nil, options: nil).isEmpty)
    }
}
