import Foundation
import UIKit

extension Gallery {
    static let article3Views = GalleryEntry(
        "article3-views-and-layers", section: .articles, title: "Views and layers in one tree (article 3)",
        caption: "lay1 and lay3 are sublayers of the main view's layer, lay2 is inside lay1 and pokes out (no masksToBounds); "
            + "the image view is a subview. lay4's contents is a UIImage, not a CGImage, so it shows nothing, as on iOS.",
        size: CGSize(width: 320, height: 480), output: .still(at: 0)
    ) { stage in
        let window = stage.window
        try GalleryAssets.registerImages()
        // gallery:begin article3-views-and-layers
        let mainview = UIView(frame: window.bounds)
        mainview.backgroundColor = .white
        window.addSubview(mainview)

        let lay1 = CALayer()
        lay1.frame = CGRect(x: 113, y: 111, width: 132, height: 194)
        lay1.backgroundColor = UIColor(red: 1, green: 0.4, blue: 1, alpha: 1).cgColor
        mainview.layer.addSublayer(lay1)

        let lay2 = CALayer()
        lay2.backgroundColor = UIColor(red: 0.5, green: 1, blue: 0, alpha: 1).cgColor
        lay2.frame = CGRect(x: 41, y: 56, width: 132, height: 194)
        lay1.addSublayer(lay2)

        let iv = UIImageView(image: UIImage(named: "smiley"))
        var r = iv.frame
        r.origin = CGPoint(x: 180, y: 180)
        iv.frame = r
        mainview.addSubview(iv)

        let lay3 = CALayer()
        lay3.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1).cgColor
        lay3.frame = CGRect(x: 43, y: 197, width: 160, height: 230)
        mainview.layer.addSublayer(lay3)

        let lay4 = CALayer()
        let im = UIImage(named: "smiley")!
        lay4.frame = CGRect(origin: CGPoint(x: 10, y: 10), size: im.size)
        lay4.contents = im              // a UIImage: nothing is drawn
        mainview.layer.addSublayer(lay4)
        // gallery:end
    }

    static let article3Order = GalleryEntry(
        "article3-order-anchor-convert", section: .articles, title: "zPosition, anchorPoint and coordinate conversion (article 3)",
        caption: "Left: B was added second but has zPosition 1, so it draws above C. Middle: two squares at the same position "
            + "(the dot), rotated 30°, one about its centre, one about anchorPoint (0, 0). Right: a point of the inner layer "
            + "converted to the root's coordinates and marked there.",
        size: CGSize(width: 420, height: 190), output: .still(at: 0)
    ) { stage in
        let root = stage.window.layer
        @MainActor func card(_ name: String, _ color: UIColor, _ frame: CGRect) -> CALayer {
            let l = CALayer()
            l.frame = frame
            l.backgroundColor = color.cgColor
            l.cornerRadius = 8
            l.borderColor = UIColor.white.cgColor
            l.borderWidth = 2
            stage.label(name, CGRect(x: 0, y: 6, width: frame.width, height: 18), size: 13, color: .white, to: l)
            return l
        }
        // gallery:begin article3-order-anchor-convert
        let a = card("A", .systemBlue, CGRect(x: 20, y: 30, width: 80, height: 80))
        let b = card("B", .systemGreen, CGRect(x: 45, y: 55, width: 80, height: 80))
        let c = card("C", .systemOrange, CGRect(x: 70, y: 80, width: 80, height: 80))
        root.addSublayer(a)
        root.addSublayer(b)
        root.addSublayer(c)
        b.zPosition = 1                          // drawn above C, still second in sublayers

        for (anchor, color) in [(CGPoint(x: 0.5, y: 0.5), UIColor.systemPurple), (CGPoint(x: 0, y: 0), UIColor.systemPink)] {
            let square = CALayer()
            square.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
            square.anchorPoint = anchor
            square.position = CGPoint(x: 230, y: 90)
            square.backgroundColor = color.withAlphaComponent(0.75).cgColor
            square.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 6))
            root.addSublayer(square)
        }

        let outer = CALayer()
        outer.frame = CGRect(x: 310, y: 30, width: 90, height: 130)
        outer.backgroundColor = UIColor.systemGray5.cgColor
        let inner = CALayer()
        inner.frame = CGRect(x: 20, y: 40, width: 50, height: 50)
        inner.backgroundColor = UIColor.systemTeal.cgColor
        outer.addSublayer(inner)
        root.addSublayer(outer)
        let p = inner.convert(CGPoint(x: 40, y: 40), to: root)     // (370, 110) in the root
        // gallery:end
        for (center, color) in [(CGPoint(x: 230, y: 90), UIColor.black), (p, UIColor.systemRed)] {
            let dot = CALayer()
            dot.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
            dot.position = center
            dot.cornerRadius = 4
            dot.backgroundColor = color.cgColor
            dot.zPosition = 2
            root.addSublayer(dot)
        }
        stage.label("zPosition", CGRect(x: 20, y: 168, width: 130, height: 16))
        stage.label("anchorPoint", CGRect(x: 170, y: 168, width: 120, height: 16))
        stage.label("convert(_:to:)", CGRect(x: 300, y: 168, width: 110, height: 16))
    }

    static let article3Scroll = GalleryEntry(
        "article3-scroll-layer", section: .articles, title: "CAScrollLayer (article 3)",
        caption: "A CAScrollLayer clips a large layer. scroll(to:) moves its bounds origin (animated: it is a standalone layer), "
            + "then scrollRectToVisible on a tile scrolls the least distance that shows it.",
        size: CGSize(width: 300, height: 200), output: .animation(duration: 2.4)
    ) { stage in
        let root = stage.window.layer
        // gallery:begin article3-scroll-layer
        let scroller = CAScrollLayer()
        scroller.frame = CGRect(x: 50, y: 30, width: 200, height: 140)
        scroller.borderColor = UIColor.darkGray.cgColor
        scroller.borderWidth = 2
        root.addSublayer(scroller)

        let content = CALayer()
        content.frame = CGRect(x: 0, y: 0, width: 600, height: 420)
        scroller.addSublayer(content)
        var tiles: [CALayer] = []
        for row in 0..<6 {
            for column in 0..<8 {
                let tile = CALayer()
                tile.frame = CGRect(x: column * 75 + 5, y: row * 70 + 5, width: 65, height: 60)
                tile.cornerRadius = 10
                tile.backgroundColor = UIColor(hue: CGFloat(column * 6 + row) / 48, saturation: 0.6, brightness: 0.95, alpha: 1).cgColor
                content.addSublayer(tile)
                tiles.append(tile)
            }
        }
        // gallery:end
        stage.at(0.3) {
            // gallery:begin article3-scroll-layer
            CATransaction.setAnimationDuration(0.8)
            scroller.scroll(to: CGPoint(x: 180, y: 100))
            // gallery:end
        }
        stage.at(1.3) {
            // gallery:begin article3-scroll-layer
            CATransaction.setAnimationDuration(0.8)
            tiles.last!.scrollRectToVisible(tiles.last!.bounds)     // the bottom-right tile
            // gallery:end
        }
    }
}
