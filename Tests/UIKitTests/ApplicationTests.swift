import Foundation
import Testing
import CoreGraphics
import QuartzCore
import UIKit

/// A designable view as iOS code writes one: the attributes compile on Linux and do nothing.
@MainActor
@IBDesignable
private final class RoundedView: UIView {
    @IBInspectable var cornerRadius: CGFloat = 0 {
        didSet { layer.cornerRadius = cornerRadius }
    }
    @IBInspectable var borderColor: UIColor? {
        didSet { layer.borderColor = borderColor?.cgColor }
    }
    var prepared = false
    override func prepareForInterfaceBuilder() {
        super.prepareForInterfaceBuilder()
        prepared = true
    }
}

@MainActor
private final class KeyTrackingWindow: UIWindow {
    var resigned = 0, became = 0
    override func becomeKey() { super.becomeKey(); became += 1 }
    override func resignKey() { super.resignKey(); resigned += 1 }
}

@MainActor
private final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
}

@MainActor
@Suite("UIApplication, scenes and Interface Builder attributes (issue 20, item 5)")
struct ApplicationTests {
    @Test func windowsAreListedByLevelAndOneIsKey() throws {
        let a = KeyTrackingWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let b = KeyTrackingWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        b.windowLevel = .alert
        let c = UIWindow(frame: .zero)
        let listed = UIApplication.shared.windows
        let ia = try #require(listed.firstIndex { $0 === a })
        let ib = try #require(listed.firstIndex { $0 === b })
        let ic = try #require(listed.firstIndex { $0 === c })
        #expect(ia < ic && ic < ib)   // same level in creation order, alerts in front

        // Other tests running in parallel make their own windows key, so a window may lose its
        // key status at any moment: the checks count the calls rather than read the flag.
        a.makeKeyAndVisible()
        #expect(a.became == 1)
        #expect(UIApplication.shared.applicationState == .active)
        b.makeKey()
        #expect(!a.isKeyWindow && a.resigned == 1)
        b.makeKey()
        #expect(b.became == 1 || b.resigned == 1)   // still key: the second call does nothing
    }

    @Test func windowsThatAreGoneDropOut() {
        weak var gone: UIWindow?
        do {
            let w = UIWindow(frame: .zero)
            gone = w
            #expect(UIApplication.shared.windows.contains { $0 === w })
        }
        #expect(gone == nil)
        #expect(!UIApplication.shared.windows.contains { $0 === gone })
    }

    @Test func scenesHoldTheirWindows() throws {
        let w = UIWindow(frame: .zero)
        let scene = try #require(UIApplication.shared.connectedScenes.first as? UIWindowScene)
        #expect(UIApplication.shared.connectedScenes.count == 1)
        #expect(w.windowScene === scene)
        #expect(scene.windows.contains { $0 === w })
        #expect(scene.screen === UIScreen.main)
        let own = UIWindow(windowScene: scene)
        #expect(own.bounds == UIScreen.main.bounds && own.windowScene === scene)
        // The iOS 13+ idiom for the key window compiles and runs.
        _ = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
            .flatMap(\.windows).first { $0.isKeyWindow }
    }

    @Test func theResponderChainGoesThroughTheSceneToTheApplication() {
        let w = UIWindow(frame: .zero)
        let v = UIView()
        w.addSubview(v)
        #expect(v.next === w)
        #expect(w.next is UIWindowScene)
        #expect(w.next?.next === UIApplication.shared)
        let delegate = AppDelegate()
        UIApplication.shared.delegate = delegate
        defer { UIApplication.shared.delegate = nil }
        #expect(UIApplication.shared.next === delegate)
    }

    @Test func openingAURLReportsFailure() throws {
        let url = try #require(URL(string: "https://example.com/"))
        var result: Bool?
        let (_, diagnostics) = LaminaDiagnostics.collecting {
            UIApplication.shared.open(url) { result = $0 }
        }
        #expect(result == false)
        #expect(diagnostics.count == 1 && diagnostics[0].contains("https://example.com/"))
        #expect(!UIApplication.shared.canOpenURL(url))
    }

    @Test func settingsAreKept() {
        let app = UIApplication.shared
        app.isIdleTimerDisabled = true
        #expect(app.isIdleTimerDisabled)
        app.isIdleTimerDisabled = false
        let t1 = app.beginBackgroundTask { }
        let t2 = app.beginBackgroundTask(withName: "upload") { }
        #expect(t1 != t2 && t1 != .invalid)
        app.endBackgroundTask(t1)
        #expect(app.userInterfaceLayoutDirection == .leftToRight)
    }

    @Test func interfaceBuilderAttributesCompileAndAreInert() {
        let v = RoundedView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        v.cornerRadius = 4
        v.borderColor = .red
        #expect(v.layer.cornerRadius == 4 && v.layer.borderColor == UIColor.red.cgColor)
        #expect(!v.prepared)   // nothing calls it outside Interface Builder
        v.prepareForInterfaceBuilder()
        #expect(v.prepared)
        v.restorationIdentifier = "rounded"
        #expect(v.restorationIdentifier == "rounded")
        let vc = UIViewController()
        vc.restorationIdentifier = "main"
        #expect(vc.restorationIdentifier == "main")
    }
}
