import Foundation
import Testing
import SnapshotTesting
import LaminaSnapshotTesting
import UIKit

/// The view strategies draw as the library does on iOS: with `layer.render(in:)` (translucent
/// views not composited as groups) unless `drawHierarchyInKeyWindow` asks for the screen's look.
@MainActor
@Suite struct RenderInContextSnapshotTests {
    /// A red view at alpha 0.5 with an opaque blue subview in its middle.
    static func translucent() -> UIView {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.backgroundColor = .red
        view.alpha = 0.5
        let inner = UIView(frame: CGRect(x: 25, y: 25, width: 50, height: 50))
        inner.backgroundColor = .blue
        view.addSubview(inner)
        return view
    }

    func middle(_ strategy: Snapshotting<UIView, UIImage>) throws -> [UInt8] {
        var image: UIImage?
        strategy.snapshot(Self.translucent()).run { image = $0 }
        return straightPixels(try #require(image?.cgImage))(50, 50)
    }

    @Test func theDefaultDrawsAsRenderInContext() throws {
        // Blue at 0.5 over red at 0.5: alpha 0.75.
        let drawn = try middle(.image(traits: .init(displayScale: 1)))
        #expect(abs(Int(drawn[3]) - 191) <= 1 && abs(Int(drawn[0]) - 64) <= 1, "\(drawn)")
        let controller = UIViewController()
        controller.view = Self.translucent()
        var image: UIImage?
        Snapshotting<UIViewController, UIImage>.image(traits: .init(displayScale: 1)).snapshot(controller).run { image = $0 }
        let fromController = straightPixels(try #require(image?.cgImage))(50, 50)
        #expect(abs(Int(fromController[3]) - 191) <= 1, "\(fromController)")
    }

    @Test func drawHierarchyInKeyWindowDrawsTheScreen() throws {
        // The view composited as a group: blue at 0.5, no red under it.
        let drawn = try middle(.image(drawHierarchyInKeyWindow: true, traits: .init(displayScale: 1)))
        #expect(abs(Int(drawn[3]) - 128) <= 1 && drawn[0] == 0, "\(drawn)")
    }
}
