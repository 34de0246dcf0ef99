import Testing
import Foundation
import UIKit

/// UIVisualEffectView with UIBlurEffect and UIVibrancyEffect: the backdrop is blurred,
/// saturated and tinted, in every style, the same bytes on any number of threads and in
/// damage-tracked frames. Written as iOS code.
@MainActor
@Suite("UIVisualEffectView")
struct VisualEffectTests {
    /// A colourful, sharp background: stripes, discs and text.
    static func backdrop(_ size: CGSize) -> UIView {
        let view = UIView(frame: CGRect(origin: .zero, size: size))
        view.backgroundColor = .white
        let colours: [UIColor] = [.systemRed, .systemOrange, .systemYellow, .systemGreen, .systemTeal, .systemBlue, .systemPurple]
        var x: CGFloat = 0
        var k = 0
        while x < size.width {
            let stripe = UIView(frame: CGRect(x: x, y: 0, width: 14, height: size.height))
            stripe.backgroundColor = colours[k % colours.count]
            view.addSubview(stripe)
            x += 28
            k += 1
        }
        for j in 0..<Int(size.height / 60) {
            let disc = UIView(frame: CGRect(x: CGFloat(j % 3) * 90 + 20, y: CGFloat(j) * 60 + 10, width: 44, height: 44))
            disc.backgroundColor = j % 2 == 0 ? .black : .white
            disc.layer.cornerRadius = 22
            view.addSubview(disc)
        }
        return view
    }

    /// The standard deviation of the red channel over a rectangle of pixels.
    static func spread(_ image: CGImage, _ rect: CGRect) throws -> Double {
        let p = try image.straightRGBA8()
        var values: [Double] = []
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) { values.append(Double(p[(y * image.width + x) * 4])) }
        }
        let mean = values.reduce(0, +) / Double(values.count)
        return (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)).squareRoot()
    }

    @Test func theBackdropIsBlurredAndTinted() throws {
        let window = UIWindow(screen: UIScreen(size: CGSize(width: 300, height: 200), scale: 1))
        window.addSubview(Self.backdrop(window.bounds.size))
        let blur = UIVisualEffectView(effect: UIBlurEffect(style: .light))
        blur.frame = CGRect(x: 150, y: 20, width: 130, height: 160)
        window.addSubview(blur)
        let image = try #require(window.render(atTime: 0))
        let inside = try Self.spread(image, CGRect(x: 170, y: 40, width: 90, height: 120))
        let outside = try Self.spread(image, CGRect(x: 20, y: 40, width: 90, height: 120))
        #expect(outside > 60 && inside < outside / 6, "inside \(inside), outside \(outside)")
        // Over a plain grey the blur changes nothing and the tint alone shows: the same as a
        // view of the tint colour (30% white for .light, 0.11 white at 73% for .dark).
        let grey = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        grey.backgroundColor = UIColor(white: 0.5, alpha: 1)
        window.addSubview(grey)
        let light = UIVisualEffectView(effect: UIBlurEffect(style: .light))
        light.frame = CGRect(x: 10, y: 20, width: 50, height: 160)
        let dark = UIVisualEffectView(effect: UIBlurEffect(style: .dark))
        dark.frame = CGRect(x: 70, y: 20, width: 50, height: 160)
        let lightTint = UIView(frame: CGRect(x: 130, y: 20, width: 50, height: 160))
        lightTint.backgroundColor = UIColor(white: 1, alpha: 0.3)
        let darkTint = UIView(frame: CGRect(x: 190, y: 20, width: 50, height: 160))
        darkTint.backgroundColor = UIColor(white: 0.11, alpha: 0.73)
        for v in [light, dark, lightTint, darkTint] { window.addSubview(v) }
        let tinted = try #require(window.render(atTime: 0))
        let q = try tinted.straightRGBA8()
        func value(_ x: Int, _ y: Int) -> Int { Int(q[(y * 300 + x) * 4]) }
        #expect(abs(value(35, 100) - value(155, 100)) <= 1 && value(35, 100) > 150)
        #expect(abs(value(95, 100) - value(215, 100)) <= 1 && value(95, 100) < 70)
        for v in [lightTint, darkTint] { v.removeFromSuperview() }
        light.removeFromSuperview(); dark.removeFromSuperview(); grey.removeFromSuperview()
        // Without an effect the view shows what is behind it unchanged.
        blur.effect = nil
        let plain = try #require(window.render(atTime: 0))
        #expect(try Self.spread(plain, CGRect(x: 170, y: 40, width: 90, height: 120)) > 60)
    }

    @Test func theSameBytesOnAnyThreadsAndInDamagedFrames() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 240, height: 400))
        root.addSubview(Self.backdrop(root.bounds.size))
        let blur = UIVisualEffectView(effect: UIBlurEffect(style: .systemMaterialDark))
        blur.frame = CGRect(x: 0, y: 0, width: 240, height: 90)
        root.addSubview(blur)
        let card = UIVisualEffectView(effect: UIBlurEffect(style: .prominent))
        card.frame = CGRect(x: 30, y: 150, width: 180, height: 200)
        card.layer.cornerRadius = 20
        card.clipsToBounds = true
        root.addSubview(card)
        root.layoutIfNeeded()
        let one = CARenderer(layer: root.layer, scale: 3)
        one.threads = 1
        let many = CARenderer(layer: root.layer, scale: 3)
        many.threads = 4
        let a = try #require(one.image(atTime: 0)).straightRGBA8()
        let b = try #require(many.image(atTime: 0)).straightRGBA8()
        #expect(a == b)
        // Something under the bar moves: the next frame redraws the bar too and equals a full one.
        _ = many.nextFrame(atTime: 0)
        root.subviews[0].subviews[1].frame.origin.y += 9
        CATransaction.flush()
        let next = try #require(many.nextFrame(atTime: 0)).straightRGBA8()
        let full = try #require(one.image(atTime: 0)).straightRGBA8()
        #expect(next == full)
        #expect(many.lastDamage.minY <= 0)              // the bar, at the top, was redrawn
    }

    @Test func oddGeometryDrawsNothingAndDoesNotTrap() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        for (position, scale, radius) in [(CGPoint(x: 1e30, y: -1e30), 1.0, 20.0), (CGPoint(x: 50, y: 50), 1e20, 20.0),
                                          (CGPoint(x: 50, y: 50), 1.0, 1e30), (CGPoint(x: 50, y: 50), 1.0, -5.0)] {
            let backdrop = CALayer()
            backdrop.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
            backdrop.position = position
            backdrop.transform = CATransform3DMakeScale(scale, scale, 1)
            backdrop.backgroundFilters = [LaminaBackdropFilter(blurRadius: radius, saturation: .nan)]
            root.addSublayer(backdrop)
        }
        let (image, diagnostics) = LaminaDiagnostics.collecting { CARenderer(layer: root, scale: 2).image(atTime: 0) }
        #expect(image != nil)
        #expect(diagnostics.contains { $0.contains("LaminaBackdropFilter") })
    }

    @Test func stylesAndVibrancyAreAccepted() {
        let styles: [UIBlurEffect.Style] = [.extraLight, .light, .dark, .regular, .prominent,
                                            .systemUltraThinMaterial, .systemChromeMaterialDark]
        for s in styles { #expect(UIBlurEffect(style: s).style == s) }
        let vibrancy = UIVibrancyEffect(blurEffect: UIBlurEffect(style: .dark), style: .secondaryLabel)
        #expect(vibrancy.style == .secondaryLabel && vibrancy.blurEffect.style == .dark)
        let view = UIVisualEffectView(effect: vibrancy)
        #expect(view.effect === vibrancy && view.contentView.superview === view)
        // Subviews belong in the content view.
        let (_, diagnostics) = LaminaDiagnostics.collecting { view.addSubview(UILabel()) }
        #expect(view.contentView.subviews.count == 1 && diagnostics.count == 1)
    }

    /// Every blur style over the same colourful background, and vibrant text on a blur
    /// (compared with a reference that was looked at: Tests/UIKitTests/References/blur-effects.png).
    @Test func everyStyleIsDrawn() throws {
        let window = UIWindow(screen: UIScreen(size: CGSize(width: 340, height: 330), scale: 2))
        window.addSubview(Self.backdrop(window.bounds.size))
        let styles: [(UIBlurEffect.Style, String)] = [
            (.extraLight, "extraLight"), (.light, "light"), (.dark, "dark"), (.regular, "regular"), (.prominent, "prominent"),
            (.systemUltraThinMaterialLight, "ultraThin"), (.systemThinMaterialLight, "thin"), (.systemMaterialLight, "material"),
            (.systemThickMaterialLight, "thick"), (.systemChromeMaterialLight, "chrome"),
            (.systemUltraThinMaterialDark, "ultraThin"), (.systemThinMaterialDark, "thin"), (.systemMaterialDark, "material"),
            (.systemThickMaterialDark, "thick"), (.systemChromeMaterialDark, "chrome"),
        ]
        for (k, (style, name)) in styles.enumerated() {
            let v = UIVisualEffectView(effect: UIBlurEffect(style: style))
            v.frame = CGRect(x: 10 + CGFloat(k % 5) * 65, y: 10 + CGFloat(k / 5) * 80, width: 60, height: 70)
            v.layer.cornerRadius = 10
            v.clipsToBounds = true
            let label = UILabel(frame: v.bounds.insetBy(dx: 2, dy: 0))
            label.text = name
            label.font = .systemFont(ofSize: 10)
            label.textAlignment = .center
            label.textColor = UIBlurEffect(style: style).isDarkForTests ? .white : .black
            v.contentView.addSubview(label)
            window.addSubview(v)
        }
        let blur = UIBlurEffect(style: .systemMaterialDark)
        let bar = UIVisualEffectView(effect: blur)
        bar.frame = CGRect(x: 10, y: 255, width: 320, height: 64)
        bar.layer.cornerRadius = 14
        bar.clipsToBounds = true
        let vibrant = UIVisualEffectView(effect: UIVibrancyEffect(blurEffect: blur, style: .label))
        vibrant.frame = bar.bounds
        let title = UILabel(frame: CGRect(x: 16, y: 8, width: 290, height: 28))
        title.text = "Vibrant label"
        title.font = .boldSystemFont(ofSize: 22)
        title.textColor = .white
        vibrant.contentView.addSubview(title)
        let secondary = UIVisualEffectView(effect: UIVibrancyEffect(blurEffect: blur, style: .secondaryLabel))
        secondary.frame = bar.bounds
        let subtitle = UILabel(frame: CGRect(x: 16, y: 36, width: 290, height: 20))
        subtitle.text = "and a secondary one, over systemMaterialDark"
        subtitle.font = .systemFont(ofSize: 13)
        subtitle.textColor = .white
        secondary.contentView.addSubview(subtitle)
        bar.contentView.addSubview(vibrant)
        bar.contentView.addSubview(secondary)
        window.addSubview(bar)
        let failure = try uikitGolden.check("blur-effects") { try #require(window.render(atTime: 0)) }
        #expect(failure == nil)
    }
}

extension UIBlurEffect {
    /// Whether the style is one of the dark ones (for the test's label colours).
    var isDarkForTests: Bool {
        switch style {
        case .dark, .systemUltraThinMaterialDark, .systemThinMaterialDark, .systemMaterialDark, .systemThickMaterialDark,
             .systemChromeMaterialDark: true
        default: false
        }
    }
}
