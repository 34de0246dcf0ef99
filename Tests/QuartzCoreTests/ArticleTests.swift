import Testing
import QuartzCore

@Suite("The articles' examples")
struct ArticleTests {
    /// Article 3: lay1 and lay3 in the main view's layer, lay2 inside lay1 (the image view joins
    /// once UIKit exists).
    @Test func article3LayerTree() {
        let main = CALayer()
        main.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        let lay1 = CALayer()
        lay1.frame = CGRect(x: 113, y: 111, width: 132, height: 194)
        lay1.backgroundColor = CGColor(red: 1, green: 0.4, blue: 1, alpha: 1)
        main.addSublayer(lay1)
        let lay2 = CALayer()
        lay2.backgroundColor = CGColor(red: 0.5, green: 1, blue: 0, alpha: 1)
        lay2.frame = CGRect(x: 41, y: 56, width: 132, height: 194)
        lay1.addSublayer(lay2)
        let lay3 = CALayer()
        lay3.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        lay3.frame = CGRect(x: 43, y: 197, width: 160, height: 230)
        main.addSublayer(lay3)

        #expect(main.sublayers?.count == 2 && lay2.superlayer === lay1)
        #expect(lay1.position == CGPoint(x: 179, y: 208) && lay1.bounds.size == CGSize(width: 132, height: 194))
        #expect(lay2.convert(CGPoint.zero, to: main) == CGPoint(x: 154, y: 167))
        #expect(main.convert(lay2.bounds, from: lay2) == CGRect(x: 154, y: 167, width: 132, height: 194))
        // lay3 was added after lay1, so it is in front where they overlap.
        #expect(main.hitTest(CGPoint(x: 150, y: 250)) === lay3)
        #expect(main.hitTest(CGPoint(x: 240, y: 200)) === lay2)   // lay2 pokes out of lay1: no masksToBounds
        #expect(main.hitTest(CGPoint(x: 280, y: 300)) === lay2)
        #expect(main.hitTest(CGPoint(x: 120, y: 120)) === lay1)
        lay1.masksToBounds = true
        #expect(main.hitTest(CGPoint(x: 280, y: 300)) === main)
        // zPosition reorders drawing, not the array.
        lay1.zPosition = 1
        #expect(main.sublayersInDrawingOrder.last === lay1 && main.sublayers?.last === lay3)
        // Article 3's KVC: the mask through setValue, a rotation through a key path, names.
        let mask = CALayer()
        lay1.setValue(mask, forKey: "mask")
        #expect(lay1.mask === mask)
        lay1.setValue(CGFloat.pi / 4, forKeyPath: "transform.rotation.y")
        #expect(near(lay1.transform, CATransform3DMakeRotation(.pi / 4, 0, 1, 0), 1e-12))
        lay1.setValue("layer1", forKey: "name")
        lay2.setValue("layer2", forKey: "name")
        #expect(lay1.sublayers?.first { $0.value(forKey: "name") as? String == "layer2" } === lay2)
    }

    @Test func article3ScrollLayer() {
        let scroller = CAScrollLayer()
        scroller.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let content = CALayer()
        content.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        scroller.addSublayer(content)
        let item = CALayer()
        item.frame = CGRect(x: 250, y: 300, width: 20, height: 20)
        content.addSublayer(item)
        #expect(scroller.masksToBounds)
        scroller.scroll(to: CGPoint(x: 30, y: 40))
        #expect(scroller.bounds.origin == CGPoint(x: 30, y: 40))
        #expect(content.visibleRect == CGRect(x: 30, y: 40, width: 100, height: 100))
        scroller.scroll(to: CGRect(x: 150, y: 0, width: 10, height: 10))   // minimum scroll
        #expect(scroller.bounds.origin == CGPoint(x: 60, y: 0))
        item.scrollRectToVisible(item.bounds)
        #expect(scroller.bounds.origin == CGPoint(x: 170, y: 220))
        #expect(item.visibleRect == item.bounds)
        item.scroll(CGPoint(x: 5, y: 5))
        #expect(scroller.bounds.origin == CGPoint(x: 255, y: 305))
        scroller.scrollMode = .vertically
        scroller.scroll(to: CGPoint.zero)
        #expect(scroller.bounds.origin == CGPoint(x: 255, y: 0))
        scroller.scrollMode = .none
        scroller.scroll(to: CGPoint(x: 1, y: 1))
        #expect(scroller.bounds.origin == CGPoint(x: 255, y: 0))
    }

    /// Article 4: isDoubleSided, and a half turn about y through KVC.
    @Test func article4DoubleSided() {
        let front = CALayer(), back = CALayer()
        back.isDoubleSided = false
        for l in [front, back] { l.setValue(CGFloat.pi, forKeyPath: "transform.rotation.y") }
        #expect(front.isDoubleSided && !back.isDoubleSided)
        #expect(near(back.transform, CATransform3DMakeRotation(.pi, 0, 1, 0), 1e-12))
        #expect(back.value(forKey: "doubleSided") as? Bool == false)
    }
}

@Suite("Archiving with NSCoder")
struct ArchivingTests {
    @Test func keyedArchiveRoundTrip() throws {
        let l = CALayer()
        l.frame = CGRect(x: 1, y: 2, width: 30, height: 40)
        l.cornerRadius = 6
        l.opacity = 0.5
        l.name = "card"
        l.isHidden = true
        l.contentsGravity = .center
        l.maskedCorners = [.layerMinXMinYCorner]
        l.setValue(NSNumber(value: 7), forKey: "custom")
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        let (_, diags) = LaminaDiagnostics.collecting {
            l.backgroundColor = CGColor(gray: 1, alpha: 1)
            l.encode(with: archiver)
        }
        #expect(diags.count == 1 && diags[0].contains("backgroundColor"))
        archiver.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        unarchiver.requiresSecureCoding = false
        let copy = try #require(CALayer(coder: unarchiver))
        #expect(copy.frame == l.frame && copy.cornerRadius == 6 && copy.opacity == 0.5 && copy.name == "card")
        #expect(copy.isHidden && copy.contentsGravity == .center && copy.maskedCorners == [.layerMinXMinYCorner])
        #expect(copy.backgroundColor == nil)
    }
}
