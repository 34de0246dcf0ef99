import Testing
import Foundation
@_spi(Lamina) import UIKit

/// Which views draw into a backing store: as in UIKit, only those whose class draws.
@MainActor struct BackingStoreTests {
    final class StackThatDraws: UIStackView {
        var draws = 0
        override func draw(_ rect: CGRect) {
            draws += 1
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 5, height: 5))
        }
    }
    final class PlainSubclass: UIView {}

    /// UIKit's own classes that do not override `draw(_:)` are displayed without a backing store;
    /// their backgrounds are the layer's.
    @Test func uikitViewsThatDoNotDrawGetNoBackingStore() {
        let views: [UIView] = [UIView(), UIStackView(), UIScrollView(), UITableViewCell(style: .default, reuseIdentifier: nil),
                               UIImageView(image: nil), UIWindow(frame: .zero),
                               UISwitch(), UIControl()]
        for v in views {
            v.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
            v.backgroundColor = .systemBlue
            #expect(v.drawsNothingByClass, "\(type(of: v))")
            v.layer.setNeedsDisplay()
            v.layer.displayIfNeeded()
            #expect(v.layer.contents == nil && !v.layer.needsDisplay(), "\(type(of: v))")
        }
    }

    /// UIKit's classes that draw still do, and an app's subclass draws through its `draw(_:)`
    /// even under a UIKit class that does not draw; an app's subclass that draws nothing keeps
    /// no contents (its store is dropped after the pass).
    @Test func viewsThatDrawKeepTheirBackingStore() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 60, height: 20))
        label.text = "Label"
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 60, height: 20))
        field.text = "Field"
        for v in [label, field] as [UIView] {
            #expect(!v.drawsNothingByClass, "\(type(of: v))")
            v.layer.displayIfNeeded()
            #expect(v.layer.contents is CGImage, "\(type(of: v))")
        }
        let stack = StackThatDraws(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        #expect(!stack.drawsNothingByClass)
        stack.layer.displayIfNeeded()
        #expect(stack.draws == 1)
        let image = try #require(stack.layer.contents as? CGImage)
        #expect(image.width == 20 * Int(UIScreen.main.scale))
        let plain = PlainSubclass(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        plain.backgroundColor = .white
        #expect(!plain.drawsNothingByClass)
        plain.layer.displayIfNeeded()
        #expect(plain.layer.contents == nil)
    }
}
