import Testing
import Foundation
@testable import QuartzCore

/// The README's example, verbatim apart from the checks (and the animated PNG written to a
/// temporary directory).
final class ReadmeProgressLayer: CALayer {
    @Managed var progress: CGFloat = 0

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        ctx.setStrokeColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        ctx.setLineWidth(6)
        ctx.addArc(center: CGPoint(x: bounds.midX, y: bounds.midY), radius: 40,
                   startAngle: 0, endAngle: 2 * .pi * progress, clockwise: false)
        ctx.strokePath()
    }
}

@Test func readmeExample() throws {
    let card = CALayer()
    card.frame = CGRect(x: 20, y: 20, width: 200, height: 120)
    card.cornerRadius = 12
    card.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 1, alpha: 1)

    let ring = ReadmeProgressLayer()
    ring.frame = card.bounds
    card.addSublayer(ring)
    ring.setValue(CGFloat.pi / 8, forKeyPath: "transform.rotation.y")

    let driver = FrameDriver(layer: card, scale: 2)
    driver.run {
        ring.progress = 1
        let fill = CABasicAnimation(keyPath: "progress")
        fill.fromValue = 0
        fill.toValue = 1
        fill.duration = 1
        ring.add(fill, forKey: "fill")
    }
    let frames = driver.frames(duration: 1, framesPerSecond: 30)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-readme-ring-\(getpid()).png")
    try APNGEncoder.encode(frames, frameDuration: 1.0 / 30).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }

    #expect(frames.count == 31 && frames.allSatisfy { $0.width == 400 && $0.height == 240 })
    // An animated PNG: its default image is the first frame, then an acTL chunk of 31 frames.
    let apng = try Data(contentsOf: url)
    #expect(try CGImage.decodePNG(apng).width == 400)
    #expect(apng.range(of: Data("acTL".utf8)) != nil)
    // White arc pixels grow with the progress: none at the start, about half at 0.5 s.
    func white(_ image: CGImage) throws -> Int {
        let px = try image.straightRGBA8()
        return stride(from: 0, to: px.count, by: 4).filter { px[$0] > 240 && px[$0 + 1] > 240 && px[$0 + 2] > 240 }.count
    }
    let (w0, w15, w30) = (try white(frames[0]), try white(frames[15]), try white(frames[30]))
    #expect(w0 < w15 && w15 < w30)
    #expect(Double(w15) / Double(w30) > 0.4 && Double(w15) / Double(w30) < 0.6, "\(w15) / \(w30)")
    #expect(ring.progress == 1)                                   // the model: set once, not animated
}
