import Testing
import QuartzCore
import LaminaTestSupport
let compositorGolden = Golden(directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References"))

/// Lamina's own compositor references (looked at before committing).
@Suite("Compositor reference images")
struct CompositorGoldenTests {
@Test func cardsGradientContents3DShapeMask() throws {
    let failure = try compositorGolden.check("compositor-mixed") { try #require(CARenderer(layer: mixedScene(), scale: 2).image()) }
    #expect(failure == nil, "\(failure ?? "")")
}
}

/// Cards with shadow and border, a gradient with two rounded corners, nearest-filtered contents
/// with aspect gravity, a perspective-rotated layer with a sublayer, and a shape layer trimmed to
/// 70 % under a mask with group opacity.
func mixedScene() -> CALayer {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 320, height: 220)
    root.backgroundColor = CGColor(gray: 0.95, alpha: 1)
    let card = CALayer()
    card.frame = CGRect(x: 20, y: 20, width: 130, height: 90)
    card.backgroundColor = CGColor(gray: 1, alpha: 1)
    card.cornerRadius = 14
    card.shadowOpacity = 0.4; card.shadowRadius = 6; card.shadowOffset = CGSize(width: 0, height: 4)
    card.borderWidth = 2; card.borderColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
    root.addSublayer(card)
    let g = CAGradientLayer()
    g.frame = CGRect(x: 170, y: 20, width: 130, height: 90)
    g.colors = [CGColor(red: 0.9, green: 0.3, blue: 0.5, alpha: 1), CGColor(red: 0.3, green: 0.5, blue: 1, alpha: 1)]
    g.startPoint = CGPoint(x: 0, y: 0); g.endPoint = CGPoint(x: 1, y: 1)
    g.cornerRadius = 20; g.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
    root.addSublayer(g)
    let img = rgbaContext(4, 4)
    for y in 0..<4 { for x in 0..<4 { img.setFillColor(red: CGFloat(x) / 3, green: CGFloat(y) / 3, blue: 0.5, alpha: 1); img.fill(CGRect(x: x, y: y, width: 1, height: 1)) } }
    let pic = CALayer()
    pic.frame = CGRect(x: 20, y: 125, width: 80, height: 80)
    pic.contents = img.makeImage()
    pic.contentsGravity = .resizeAspect
    pic.magnificationFilter = .nearest
    pic.backgroundColor = CGColor(gray: 0.8, alpha: 1)
    root.addSublayer(pic)
    let flip = CALayer()
    flip.frame = CGRect(x: 115, y: 125, width: 80, height: 80)
    flip.backgroundColor = CGColor(red: 1, green: 0.6, blue: 0.1, alpha: 1)
    var t = CATransform3DIdentity; t.m34 = -1 / 200
    flip.transform = CATransform3DRotate(t, .pi / 4, 0, 1, 0)
    let inner = CALayer(); inner.frame = CGRect(x: 20, y: 20, width: 40, height: 40); inner.backgroundColor = CGColor(gray: 1, alpha: 1)
    flip.addSublayer(inner)
    root.addSublayer(flip)
    let shape = CAShapeLayer()
    shape.frame = CGRect(x: 215, y: 125, width: 80, height: 80)
    let p = CGMutablePath(); p.addEllipse(in: CGRect(x: 8, y: 8, width: 64, height: 64))
    shape.path = p; shape.fillColor = nil; shape.strokeColor = CGColor(red: 0.1, green: 0.6, blue: 0.3, alpha: 1)
    shape.lineWidth = 8; shape.lineCap = .round; shape.strokeEnd = 0.7
    let m = CALayer(); m.frame = CGRect(x: 0, y: 0, width: 80, height: 55); m.backgroundColor = CGColor(gray: 0, alpha: 1)
    let holder = CALayer(); holder.frame = shape.frame; shape.frame = holder.bounds
    holder.addSublayer(shape); holder.mask = m; holder.opacity = 0.7
    root.addSublayer(holder)
    return root
}
