import Testing
import QuartzCore

/// The README's example, verbatim apart from the checks.
final class ReadmeProgressLayer: CALayer {
    @Managed var progress: CGFloat = 0

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }
}

@Test func readmeExample() {
    let card = CALayer()
    card.frame = CGRect(x: 20, y: 20, width: 200, height: 120)
    card.cornerRadius = 12
    card.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 1, alpha: 1)

    let ring = ReadmeProgressLayer()
    ring.frame = card.bounds.insetBy(dx: 40, dy: 0)
    card.addSublayer(ring)
    ring.setValue(0.5, forKey: "progress")
    ring.setValue(CGFloat.pi / 4, forKeyPath: "transform.rotation.y")
    #expect(ring.progress == 0.5 && ring.needsDisplay())
    // The ring's origin, turned 45° about its vertical centre line, lands 60·(1 − cos 45°) to the right.
    let origin = card.convert(CGPoint.zero, from: ring)
    #expect(near(origin.x, 40 + 60 * (1 - cos(CGFloat.pi / 4)), 1e-9) && near(origin.y, 0, 1e-9))
}
