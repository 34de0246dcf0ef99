import Foundation
import Testing
import UIKit
import QuartzCore
import LaminaTestSupport

@MainActor
@Suite struct ButtonTests {
    @Test func titlesAndColoursPerStateFallBackToNormal() {
        let b = UIButton(type: .system)
        b.setTitle("Send", for: .normal)
        b.setTitle("Sending", for: .highlighted)
        b.setTitleColor(.red, for: .disabled)
        #expect(b.title(for: .normal) == "Send" && b.title(for: .highlighted) == "Sending")
        #expect(b.title(for: .selected) == "Send" && b.title(for: [.highlighted, .selected]) == "Sending")
        #expect(b.titleColor(for: .disabled) == .red)
        #expect(b.titleColor(for: .normal) == b.tintColor)        // a system button's title is tinted
        #expect(UIButton(type: .custom).titleColor(for: .normal) == .white)
        b.isHighlighted = true
        #expect(b.currentTitle == "Sending")
        b.isHighlighted = false
        #expect(b.currentTitle == "Send" && b.accessibilityLabel == "Send" && b.accessibilityTraits.contains(.button))
    }

    @Test func aSystemButtonIsItsTitleWithSixPointsAboveAndBelow() {
        let b = UIButton(type: .system)
        b.setTitle("Button", for: .normal)
        let size = b.intrinsicContentSize
        let title = b.titleLabel!.intrinsicContentSize
        #expect(size.height == (title.height + 12).rounded(.up))
        #expect(size.width == title.width.rounded(.up))
        b.contentEdgeInsets = UIEdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
        #expect(b.intrinsicContentSize.width == (title.width + 40).rounded(.up))
        let filled = UIButton(configuration: .filled())
        filled.configuration?.title = "Go"
        #expect(filled.intrinsicContentSize.height == (UIFont.systemFont(ofSize: 17).lineHeight + 14).rounded(.up))
        var large = UIButton.Configuration.filled()
        large.buttonSize = .large
        #expect(large.contentInsets == NSDirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20))
    }

    @Test func aTapSendsThePrimaryActionAndTheHandlerSeesTheState() {
        final class Log: @unchecked Sendable { var events: [String] = [] }
        let log = Log()
        let window = UIWindow(screen: UIScreen(size: CGSize(width: 200, height: 100), scale: 1))
        let b = UIButton(primaryAction: UIAction(title: "Tap me") { _ in log.events.append("tapped") })
        #expect(b.currentTitle == "Tap me")
        var config = UIButton.Configuration.tinted()
        config.title = "Tap me"
        b.configuration = config
        b.configurationUpdateHandler = { button in log.events.append(button.isHighlighted ? "highlighted" : "normal") }
        b.frame = CGRect(x: 10, y: 10, width: 120, height: 40)
        window.addSubview(b)
        window.tap(at: CGPoint(x: 50, y: 30))
        #expect(log.events == ["highlighted", "normal", "tapped"])
    }

    static func buttonsScreen(dark: Bool) -> UIWindow {
        let window = UIWindow(screen: UIScreen(size: CGSize(width: 300, height: 190), scale: 2))
        let root = UIViewController()
        window.rootViewController = root
        window.overrideUserInterfaceStyle = dark ? .dark : .light
        root.view.backgroundColor = .systemBackground
        func place(_ b: UIButton, _ x: CGFloat, _ y: CGFloat) {
            b.sizeToFit()
            b.frame.origin = CGPoint(x: x, y: y)
            root.view.addSubview(b)
        }
        let system = UIButton(type: .system)
        system.setTitle("System", for: .normal)
        place(system, 16, 12)
        let disabled = UIButton(type: .system)
        disabled.setTitle("Disabled", for: .normal)
        disabled.isEnabled = false
        place(disabled, 100, 12)
        let custom = UIButton(type: .custom)
        custom.setTitle("Custom", for: .normal)
        custom.setTitleColor(.systemPink, for: .normal)
        custom.contentEdgeInsets = UIEdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
        custom.layer.borderWidth = 1
        custom.layer.borderColor = UIColor.systemPink.cgColor
        custom.layer.cornerRadius = 6
        place(custom, 196, 12)
        let styles: [(String, UIButton.Configuration)] = [("Plain", .plain()), ("Tinted", .tinted()), ("Gray", .gray()), ("Filled", .filled())]
        var x: CGFloat = 16
        for (name, style) in styles {
            var c = style
            c.title = name
            let b = UIButton(configuration: c)
            place(b, x, 60)
            x = b.frame.maxX + 8
        }
        var capsule = UIButton.Configuration.filled()
        capsule.title = "Continue"
        capsule.cornerStyle = .capsule
        capsule.buttonSize = .large
        capsule.baseBackgroundColor = .systemGreen
        place(UIButton(configuration: capsule), 16, 110)
        var small = UIButton.Configuration.bordered()
        small.title = "Small"
        small.buttonSize = .small
        place(UIButton(configuration: small), 160, 118)
        window.layoutIfNeeded()
        return window
    }

    @Test(arguments: [false, true])
    func buttonsAreDrawnAsOnIOS(dark: Bool) throws {
        let window = Self.buttonsScreen(dark: dark)
        let failure = try uikitGolden.check(dark ? "buttons-dark" : "buttons-light") { try #require(window.render()) }
        #expect(failure == nil)
    }
}
