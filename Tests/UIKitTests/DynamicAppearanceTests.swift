import Foundation
import Testing
import UIKit

/// Dynamic colours and Dynamic Type resolved against the traits of the views that use them.
@MainActor
@Suite struct DynamicAppearanceTests {
    static let dark = UITraitCollection(userInterfaceStyle: .dark)
    static let light = UITraitCollection(userInterfaceStyle: .light)

    /// A window whose content controller gets `traits` as override traits.
    static func host(_ traits: UITraitCollection, size: CGSize = CGSize(width: 100, height: 60))
        -> (UIWindow, root: UIViewController, content: UIViewController) {
        let window = UIWindow(screen: UIScreen(size: size, scale: 1))
        let root = UIViewController()
        window.rootViewController = root
        let content = UIViewController()
        root.addChild(content)
        root.view.addSubview(content.view)
        content.view.frame = root.view.bounds
        content.didMove(toParent: root)
        root.setOverrideTraitCollection(traits, forChild: content)
        return (window, root, content)
    }

    @Test func semanticColoursHaveLightAndDarkValues() {
        #expect(UIColor.label.resolvedColor(with: Self.dark) == .white)
        #expect(UIColor.label.resolvedColor(with: Self.light) == .black)
        #expect(UIColor.systemBackground.resolvedColor(with: Self.dark) == .black)
        let blue = UIColor.systemBlue.resolvedColor(with: Self.dark).cgColor.rgba
        #expect(abs(blue.red - 10 / 255) < 1e-6 && abs(blue.blue - 1) < 1e-6)
        var seen: UIColor?
        Self.dark.performAsCurrent { seen = UIColor(cgColor: UIColor.secondaryLabel.cgColor) }
        #expect(seen == UIColor(red: 235 / 255, green: 235 / 255, blue: 245 / 255, alpha: 0.6))
        let custom = UIColor { $0.userInterfaceStyle == .dark ? .orange : .purple }
        #expect(custom.resolvedColor(with: Self.dark) == .orange)
        #expect(custom.withAlphaComponent(0.5).resolvedColor(with: Self.dark) == UIColor.orange.withAlphaComponent(0.5))
        let red = UIColor.red
        #expect(red.resolvedColor(with: Self.dark) === red)      // a fixed colour is itself
    }

    @Test func aViewsBackgroundFollowsItsTraits() {
        let (_, root, content) = Self.host(Self.dark)
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        content.view.addSubview(v)
        v.backgroundColor = .systemBackground
        #expect(v.layer.backgroundColor.map { UIColor(cgColor: $0) } == .black)
        #expect(v.backgroundColor === v.backgroundColor)        // the colour as set
        root.setOverrideTraitCollection(Self.light, forChild: content)
        #expect(v.layer.backgroundColor.map { UIColor(cgColor: $0) } == .white)
        // A view set up detached takes its hierarchy's appearance when it joins it.
        root.setOverrideTraitCollection(Self.dark, forChild: content)
        let late = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        late.backgroundColor = .label
        #expect(late.layer.backgroundColor.map { UIColor(cgColor: $0) } == .black)
        content.view.addSubview(late)
        #expect(late.layer.backgroundColor.map { UIColor(cgColor: $0) } == .white)
    }

    @Test func aLabelDrawsItsDynamicTextColourForItsTraits() throws {
        let (window, _, content) = Self.host(Self.dark)
        content.view.backgroundColor = .systemBackground
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        label.text = "██"
        label.font = .systemFont(ofSize: 40)
        content.view.addSubview(label)
        window.layoutIfNeeded()
        let image = try #require(window.render())
        var brightest = 0
        let w = image.width, h = image.height
        var px = [UInt8](repeating: 0, count: w * h * 4)
        px.withUnsafeMutableBytes { raw in
            let ctx = CGContext(data: raw.baseAddress, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            ctx.draw(image, in: CGRect(x: 0, y: 0, width: w, height: h))
        }
        for i in stride(from: 0, to: px.count, by: 4) { brightest = max(brightest, Int(px[i])) }
        #expect(brightest > 200)           // white text on the black (dark) background
        #expect(px[0] == 0 && px[3] == 255)
    }

    @Test func preferredFontsFollowTheContentSizeCategoryAndBoldText() {
        #expect(UIFont.preferredFont(forTextStyle: .title1, compatibleWith: nil).pointSize == 28)
        #expect(UIFont.preferredFont(forTextStyle: .title1, compatibleWith: .init(preferredContentSizeCategory: .extraSmall)).pointSize == 25)
        #expect(UIFont.preferredFont(forTextStyle: .body, compatibleWith: .init(preferredContentSizeCategory: .accessibilityExtraExtraExtraLarge)).pointSize == 53)
        #expect(UIFont.preferredFont(forTextStyle: .caption2, compatibleWith: .init(preferredContentSizeCategory: .small)).pointSize == 11)
        let bold = UIFont.preferredFont(forTextStyle: .body, compatibleWith: .init(legibilityWeight: .bold))
        #expect(bold.fontName == UIFont.systemFont(ofSize: 17, weight: .semibold).fontName)
        var current: CGFloat = 0
        UITraitCollection(preferredContentSizeCategory: .extraExtraLarge).performAsCurrent {
            current = UIFont.preferredFont(forTextStyle: .headline).pointSize
        }
        #expect(current == 21)
    }

    @Test func aLabelAdjustsItsFontToItsContentSizeCategory() {
        let (_, root, content) = Self.host(.init(preferredContentSizeCategory: .accessibilityMedium))
        let label = UILabel()
        label.font = .preferredFont(forTextStyle: .title1)
        label.adjustsFontForContentSizeCategory = true
        content.view.addSubview(label)
        #expect(label.font.pointSize == 38)
        root.setOverrideTraitCollection(.init(preferredContentSizeCategory: .small), forChild: content)
        #expect(label.font.pointSize == 26)
        let fixed = UILabel()
        fixed.font = .preferredFont(forTextStyle: .title1)
        content.view.addSubview(fixed)
        #expect(fixed.font.pointSize == 28)      // does not adjust unless asked
    }
}
