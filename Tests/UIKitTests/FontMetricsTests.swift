import Foundation
import Testing
import UIKit

/// `UIFontMetrics`: fonts and values scaled as a text style scales with Dynamic Type.
@MainActor
@Suite("Font metrics")
struct FontMetricsTests {
    @Test func fontsAndValuesScaleAsTheirTextStyle() {
        let large = UITraitCollection(preferredContentSizeCategory: .large)
        let xxxl = UITraitCollection(preferredContentSizeCategory: .extraExtraExtraLarge)
        let small = UITraitCollection(preferredContentSizeCategory: .extraSmall)
        let body = UIFontMetrics.default
        let custom = UIFont.systemFont(ofSize: 20, weight: .medium)
        // At Large: unchanged; at XXXL: body grows 17 -> 23.
        #expect(body.scaledFont(for: custom, compatibleWith: large).pointSize == 20)
        let big = body.scaledFont(for: custom, compatibleWith: xxxl)
        #expect(abs(big.pointSize - 20 * 23 / 17) < 1e-9 && big.fontName == custom.fontName)
        #expect(abs(body.scaledValue(for: 10, compatibleWith: xxxl) - 10 * 23 / 17) < 1e-9)
        // The title 1 style grows less: 28 -> 34.
        let title = UIFontMetrics(forTextStyle: .title1)
        #expect(abs(title.scaledValue(for: 28, compatibleWith: xxxl) - 34) < 1e-9)
        // A maximum; scaling a scaled font starts from its base size again.
        #expect(body.scaledFont(for: custom, maximumPointSize: 24, compatibleWith: xxxl).pointSize == 24)
        let down = body.scaledFont(for: big, compatibleWith: small)
        #expect(abs(down.pointSize - 20 * 14 / 17) < 1e-9)
        // An odd value is scaled as any other (NaN stays NaN), without a diagnostic.
        let (same, diagnostics) = LaminaDiagnostics.collecting { body.scaledValue(for: .nan, compatibleWith: xxxl) }
        #expect(same.isNaN && diagnostics.isEmpty)
    }

    @Test func aLabelFollowsTheCategoryWithAScaledFont() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let host = UIViewController()
        window.rootViewController = host
        window.makeKeyAndVisible()
        let label = UILabel()
        label.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 20), compatibleWith: host.traitCollection)
        label.adjustsFontForContentSizeCategory = true
        host.view.addSubview(label)
        #expect(label.font.pointSize == 20)
        let child = UIViewController()
        host.addChild(child)
        host.view.addSubview(child.view)
        child.didMove(toParent: host)
        child.view.addSubview(label)
        let field = UITextField()
        field.font = .preferredFont(forTextStyle: .body, compatibleWith: host.traitCollection)
        field.adjustsFontForContentSizeCategory = true
        child.view.addSubview(field)
        let adjusting: [any UIContentSizeCategoryAdjusting] = [label, field, UITextView()]
        #expect(adjusting.count == 3 && field.font?.pointSize == 17)
        host.setOverrideTraitCollection(UITraitCollection(preferredContentSizeCategory: .extraExtraExtraLarge), forChild: child)
        #expect(abs(label.font.pointSize - 20 * 23 / 17) < 1e-9)
        #expect(field.font?.pointSize == 23)
    }
}
