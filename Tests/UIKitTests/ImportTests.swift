import Testing
import UIKit

/// `import UIKit` makes QuartzCore, CoreGraphics and Foundation's CG types visible, as on Apple
/// platforms, and Swift Testing's UIKit overlay resolves.
@MainActor
@Test func uikitImportReachesEveryLayer() {
    let layer: CALayer = CAShapeLayer()
    layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
    let t: CGAffineTransform = .identity
    let interval: CFTimeInterval = 1.5
    let name: CFString = "Menlo"
    #expect(layer.bounds.size == CGSize(width: 10, height: 10) && t.isIdentity && interval == 1.5 && name == "Menlo")
    #expect(CATransform3DIsIdentity(layer.transform))
}
