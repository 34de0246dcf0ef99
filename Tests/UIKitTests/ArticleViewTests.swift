import Testing
import Foundation
@testable import UIKit
import LaminaTestSupport

let uikitGolden = Golden(directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References"))

/// The example images (`Examples/images`, shared with the gallery) for `UIImage(named:)`.
func useTestResources() {
    let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/images").path
    if !UIImage.resourceDirectories.contains(dir) { UIImage.resourceDirectories.insert(dir, at: 0) }
}

// MARK: Article 1: a gradient view whose layer is a CAGradientLayer

final class GradientLayerView: UIView {
    override class var layerClass: AnyClass { CAGradientLayer.self }
    private var gradientLayer: CAGradientLayer { layer as! CAGradientLayer }

    var colors: [Any]? { get { gradientLayer.colors } set { gradientLayer.colors = newValue } }
    var locations: [NSNumber]? { get { gradientLayer.locations } set { gradientLayer.locations = newValue } }
    var startPoint: CGPoint { get { gradientLayer.startPoint } set { gradientLayer.startPoint = newValue } }
    var endPoint: CGPoint { get { gradientLayer.endPoint } set { gradientLayer.endPoint = newValue } }
    var type: CAGradientLayerType { get { gradientLayer.type } set { gradientLayer.type = newValue } }
}

// MARK: Article 2: LayerLabel, a UILabel backed by a CATextLayer

final class LayerLabel: UILabel {
    override class var layerClass: AnyClass { CATextLayer.self }
    var textLayer: CATextLayer { layer as! CATextLayer }

    func setUp() {
        // Defaults from UILabel's settings.
        text = text
        textColor = textColor
        font = font
        textLayer.alignmentMode = .justified
        textLayer.isWrapped = true
        layer.display()
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    override func awakeFromNib() { setUp() }

    override var text: String? {
        didSet { textLayer.string = text }
    }

    override var textColor: UIColor! {
        didSet { textLayer.foregroundColor = textColor.cgColor }
    }

    override var font: UIFont! {
        didSet {
            let fontName = font.fontName as CFString
            let fontRef = CGFont(fontName)
            textLayer.font = fontRef
            textLayer.fontSize = font.pointSize
        }
    }
}

// MARK: Article 4: the progress ring started by a touch

final class JJCircleLayer: CALayer, CAAnimationDelegate {
    @Managed var progress: CGFloat = 0

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" ? true : super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        ctx.setLineWidth(5)
        ctx.setStrokeColor(UIColor.blue.cgColor)
        ctx.addArc(center: CGPoint(x: bounds.width * 0.5, y: bounds.height * 0.5), radius: bounds.width * 0.5 - 6,
                   startAngle: 0, endAngle: 2 * .pi * progress, clockwise: false)
        ctx.strokePath()
    }

    func animateCircle() {
        let anim = CAKeyframeAnimation(keyPath: "progress")
        anim.values = valuesList(animationDuration: 3)
        anim.duration = 3
        anim.fillMode = .forwards
        anim.isRemovedOnCompletion = false
        anim.delegate = self
        add(anim, forKey: "circle")
    }

    func valuesList(animationDuration duration: CGFloat) -> [Any] {
        let numberOfFrames = Int(duration * 60)
        var values: [Any] = []
        let fromValue: CGFloat = 0, toValue: CGFloat = 1
        for frame in 1...numberOfFrames {
            let piece = CGFloat(frame) / CGFloat(numberOfFrames)
            values.append(fromValue + (toValue - fromValue) * piece)
        }
        return values
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        removeAnimation(forKey: "circle")
        progress = 1.0
        setNeedsDisplay()
    }
}

final class CircleViewController: UIViewController {
    var circle: JJCircleLayer!

    override func viewDidLoad() {
        super.viewDidLoad()
        circle = JJCircleLayer()
        circle.frame = CGRect(x: 100, y: 200, width: 200, height: 200)
        circle.backgroundColor = UIColor.lightGray.cgColor
        view.layer.addSublayer(circle)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        circle.animateCircle()
    }
}

// MARK: Article 5: an extra sublayer with the view's animation rules

final class CustomViewWithLayer: UIView {
    var yellowLayer: CALayer!
    var actionsForwarder: LayerActionsForwarder?

    init(frame: CGRect, forwarding: Bool) {
        super.init(frame: frame)
        if forwarding { actionsForwarder = LayerActionsForwarder(view: self) }
        yellowLayer = CALayer()
        yellowLayer.borderColor = UIColor.blue.cgColor
        yellowLayer.borderWidth = 1
        yellowLayer.cornerRadius = 20
        yellowLayer.delegate = actionsForwarder
        yellowLayer.backgroundColor = UIColor.yellow.cgColor
        layer.addSublayer(yellowLayer)
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func layoutSubviews() {
        super.layoutSubviews()
        yellowLayer.frame = bounds
    }
}

@Suite("The articles' views")
struct ArticleViewTests {
    func pixel(_ image: CGImage, _ x: Int, _ y: Int) throws -> [Int] {
        let px = try image.straightRGBA8()
        let i = (y * image.width + x) * 4
        return px[i..<i + 4].map(Int.init)
    }

    @Test func article1GradientViewFollowsItsFrame() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.screen = UIScreen(size: CGSize(width: 200, height: 200), scale: 1)
        let g = GradientLayerView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        g.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
        g.startPoint = CGPoint(x: 0, y: 0.5)
        g.endPoint = CGPoint(x: 1, y: 0.5)
        window.addSubview(g)
        window.makeKeyAndVisible()
        #expect((g.layer as! CAGradientLayer).colors?.count == 2 && g.startPoint == CGPoint(x: 0, y: 0.5))
        let small = try #require(window.render(atTime: 0))
        #expect(try pixel(small, 1, 50)[0] > 240 && pixel(small, 98, 50)[2] > 240 && pixel(small, 150, 50)[3] == 0)
        // Resizing the view resizes the gradient with it (no implicit animation on a view's layer).
        window.run { g.frame = CGRect(x: 0, y: 0, width: 200, height: 100) }
        let wide = try #require(window.render(atTime: 0.1))
        #expect(try pixel(wide, 198, 50)[2] > 240 && pixel(wide, 100, 50)[0] > 100 && pixel(wide, 100, 50)[2] > 100)
    }

    @Test func article2LayerLabel() throws {
        let label = LayerLabel(frame: CGRect(x: 0, y: 0, width: 220, height: 200))
        #expect(label.layer is CATextLayer)
        // The view set contentsScale: the text is drawn at the screen's scale, not blurred.
        #expect(label.layer.contentsScale == UIScreen.main.scale)
        label.text = "Hello, CATextLayer! This text wraps and is justified. 你好，这是中文文本，也会自动换行。"
        label.textColor = .darkGray
        label.font = UIFont.systemFont(ofSize: 18)
        #expect(label.textLayer.string as? String == label.text)
        #expect(label.textLayer.fontSize == 18 && label.textLayer.alignmentMode == .justified && label.textLayer.isWrapped)
        #expect((label.textLayer.font as? CGFont) != nil)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let failure = try uikitGolden.check("article2-layerlabel") {
            UIGraphicsImageRenderer(size: label.bounds.size, format: format).image { ctx in
                UIColor.white.setFill()
                ctx.fill(label.bounds)
                label.layer.render(in: ctx.cgContext)
            }.cgImage!
        }
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func article3ViewsAndLayers() throws {
        useTestResources()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.screen = UIScreen(size: CGSize(width: 320, height: 480), scale: 2)
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

        // contents must be a CGImage: a UIImage shows nothing (no error).
        let lay4 = CALayer()
        let im = try #require(UIImage(named: "smiley"))
        #expect(im.scale == 2 && im.size == CGSize(width: 60, height: 60))
        lay4.frame = CGRect(origin: CGPoint(x: 10, y: 10), size: im.size)
        lay4.contents = im
        mainview.layer.addSublayer(lay4)
        window.makeKeyAndVisible()

        #expect(iv.frame == CGRect(x: 180, y: 180, width: 60, height: 60))
        let failure = try uikitGolden.check("article3-views-and-layers") { try #require(window.render(atTime: 0)) }
        #expect(failure == nil, "\(failure ?? "")")
        let frame = try #require(window.render(atTime: 0))
        #expect(try pixel(frame, 40, 40) == [255, 255, 255, 255])     // where lay4 is: nothing drawn
    }

    @Test func article4TouchStartsTheRing() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 500))
        window.screen = UIScreen(size: CGSize(width: 400, height: 500), scale: 1)
        let vc = CircleViewController()
        window.rootViewController = vc
        window.makeKeyAndVisible()
        vc.view.backgroundColor = .white
        _ = window.render(atTime: 0)
        #expect(vc.circle.animationKeys() == nil)
        window.advance(to: 1)
        window.tap(at: CGPoint(x: 20, y: 20))                   // the view passes the touch to its controller
        #expect(vc.circle.animationKeys() == ["circle"])
        func blue(_ image: CGImage) throws -> Int {
            let px = try image.straightRGBA8()
            return stride(from: 0, to: px.count, by: 4).filter { px[$0 + 2] > 150 && px[$0] < 100 }.count
        }
        let half = try blue(#require(window.render(atTime: 2.5)))
        let full = try blue(#require(window.render(atTime: 4.1)))
        #expect(vc.circle.animationKeys() == nil && vc.circle.progress == 1)
        #expect(Double(half) / Double(full) > 0.45 && Double(half) / Double(full) < 0.55, "\(half) / \(full)")
    }

    @Test func article5Forwarder() {
        for forwarding in [false, true] {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            let v = CustomViewWithLayer(frame: CGRect(x: 0, y: 0, width: 100, height: 100), forwarding: forwarding)
            window.addSubview(v)
            window.makeKeyAndVisible()
            window.render(atTime: 0)
            // The view grows: layoutSubviews sets the yellow layer's frame.
            window.run { v.frame = CGRect(x: 0, y: 0, width: 200, height: 150) }
            _ = window.render(atTime: 0.05)
            // Without the forwarder the hosted layer animates (0.25 s); with it, it follows the
            // view: no animation outside blocks, like the backing layer.
            #expect((v.yellowLayer.animation(forKey: "bounds") != nil) == !forwarding, "forwarding: \(forwarding)")
            #expect(v.layer.animationKeys() == nil)
            #expect(v.yellowLayer.frame == CGRect(x: 0, y: 0, width: 200, height: 150))
            // Inside a block, the forwarded layer animates with the block's duration.
            if forwarding {
                window.run { UIView.animate(withDuration: 1.5) { v.yellowLayer.opacity = 0.5 } }
                #expect(v.yellowLayer.animation(forKey: "opacity")?.duration == 1.5)
            }
        }
    }
}
