import Foundation
import LaminaWindow
import Testing
import UIKit

/// Keys become presses delivered to the first responder and up the responder chain.
@MainActor
@Suite("Presses and the first responder") struct PressTests {
    final class KeyView: UIView {
        var log: [String] = []
        override var canBecomeFirstResponder: Bool { true }
        override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
            guard let p = presses.first, let k = p.key else { return }
            if k.keyCode == .keyboardEscape { return super.pressesBegan(presses, with: event) }   // not ours
            log.append("began \(k.characters) \(k.charactersIgnoringModifiers) \(k.keyCode.rawValue) \(k.modifierFlags.contains(.shift)) \(String(describing: p.type))")
        }
        override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) { log.append("ended") }
    }
    final class Controller: UIViewController {
        var log: [String] = []
        override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
            log.append("controller \(presses.first?.type == .menu)")
        }
    }

    @Test func keysReachTheFirstResponderThenItsChain() {
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let c = Controller()
        w.rootViewController = c
        w.makeKeyAndVisible()
        let v = KeyView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        c.view.addSubview(v)
        let plain = UIView()
        #expect(!plain.becomeFirstResponder())                 // cannot
        #expect(v.becomeFirstResponder() && v.isFirstResponder)
        w.handle(.keyDown(Key(name: "A", usage: 4, character: "a", modifiers: [.shift]), isRepeat: false, time: 0))
        w.handle(.keyUp(Key(name: "A", usage: 4, character: "a", modifiers: []), time: 0))
        w.handle(.keyDown(Key(name: "Left", usage: 0x50, character: "", modifiers: []), isRepeat: false, time: 0))
        #expect(v.log == ["began A a 4 true nil", "ended", "began   80 false Optional(UIKit.UIPress.PressType.leftArrow)"])
        // Escape is passed on: superview, then the controller.
        w.handle(.keyDown(Key(name: "Escape", usage: 0x29, character: "\u{1B}", modifiers: []), isRepeat: false, time: 0))
        #expect(c.log == ["controller true"])
        // Without a first responder presses go to the root view controller.
        #expect(v.resignFirstResponder() && !v.isFirstResponder)
        w.handle(.keyDown(Key(name: "B", usage: 5, character: "b", modifiers: []), isRepeat: false, time: 0))
        #expect(c.log.count == 2 && v.log.count == 3)
    }
}

/// A controller's root view lays out between the controller's will/did-layout calls.
@MainActor
@Suite("View controller layout") struct ControllerLayoutTests {
    final class RootView: UIView {
        var log: (String) -> Void = { _ in }
        override func layoutSubviews() { super.layoutSubviews(); log("view") }
    }
    final class Controller: UIViewController {
        var log: [String] = []
        override func loadView() { let v = RootView(); v.log = { [unowned self] in log.append($0) }; view = v }
        override func viewWillLayoutSubviews() { log.append("will \(view.bounds.width)") }
        override func viewDidLayoutSubviews() { log.append("did") }
    }

    @Test func willAndDidLayoutSurroundTheRootViewsLayout() {
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 120, height: 80))
        let c = Controller()
        w.rootViewController = c
        w.makeKeyAndVisible()
        _ = w.render()
        #expect(Array(c.log.prefix(3)) == ["will 120.0", "view", "did"])
    }
}

/// Settled views stay settled: setting a label what it already shows invalidates nothing, so a
/// button (which sets its title label in its layout) is not laid out again every frame.
@MainActor
@Suite("Settled views") struct SettledViewTests {
    final class CountingButton: UIButton {
        var layouts = 0
        override func layoutSubviews() { super.layoutSubviews(); layouts += 1 }
    }

    @Test func aButtonIsNotLaidOutAgainEveryFrame() {
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let b = CountingButton(type: .system)
        b.setTitle("Tap", for: .normal)
        b.frame = CGRect(x: 10, y: 10, width: 120, height: 44)
        w.addSubview(b)
        var filled = UIButton.Configuration.filled()
        filled.title = "Filled"
        let c = CountingButton(configuration: filled)
        c.frame = CGRect(x: 10, y: 50, width: 120, height: 44)
        w.addSubview(c)
        w.makeKeyAndVisible()
        _ = w.render(atTime: 0)
        _ = w.render(atTime: 0.1)
        let (bl, cl) = (b.layouts, c.layouts)
        for k in 2...5 { _ = w.render(atTime: Double(k) / 10) }
        #expect(b.layouts == bl && c.layouts == cl, "\(b.layouts - bl), \(c.layouts - cl) extra layouts")
    }

    @Test func settingWhatALabelShowsChangesNothing() {
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let l = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        l.text = "Same"
        l.textColor = .label
        w.addSubview(l)
        w.makeKeyAndVisible()
        _ = w.render()
        l.text = "Same"
        l.font = .systemFont(ofSize: UIFont.labelFontSize)
        l.textColor = .label              // a new instance of the same dynamic colour
        #expect(!l.layer.needsDisplay() && !l.layer.needsLayout())
        l.textColor = .black              // the same in light mode only: a change
        #expect(l.layer.needsDisplay())
        _ = w.render()
        l.text = "Other"
        #expect(l.layer.needsDisplay())
    }
}

/// View controllers hear their views enter and leave windows: will/did appear and disappear,
/// forwarded to children, once each, in UIKit's order.
@MainActor
@Suite("Appearance callbacks") struct AppearanceTests {
    final class Controller: UIViewController {
        let name: String
        let log: Log
        init(_ name: String, _ log: Log) { self.name = name; self.log = log; super.init(nibName: nil, bundle: nil) }
        required init?(coder: NSCoder) { fatalError("not used") }
        override func viewWillAppear(_ animated: Bool) { log.items.append("\(name) will appear") }
        override func viewDidAppear(_ animated: Bool) { log.items.append("\(name) did appear") }
        override func viewWillDisappear(_ animated: Bool) { log.items.append("\(name) will disappear") }
        override func viewDidDisappear(_ animated: Bool) { log.items.append("\(name) did disappear") }
    }
    final class Log { var items: [String] = [] }

    @Test func controllersAppearAndDisappearWithTheirViews() {
        let log = Log()
        let parent = Controller("parent", log), child = Controller("child", log)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(log.items.isEmpty)                         // not in a window yet
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        w.rootViewController = parent
        #expect(log.items == ["parent will appear", "child will appear", "child did appear", "parent did appear"])
        log.items = []
        child.view.removeFromSuperview()
        #expect(log.items == ["child will disappear", "child did disappear"])
        parent.view.addSubview(child.view)
        #expect(log.items.suffix(2) == ["child will appear", "child did appear"])
        log.items = []
        w.rootViewController = Controller("other", log)
        #expect(log.items == ["parent will disappear", "child will disappear", "child did disappear", "parent did disappear",
                              "other will appear", "other did appear"])
    }
}
