import Foundation
import LaminaWindow
import Testing
@testable import UIKit

/// Escape closes the menu open in a window. A menu entry left behind by a window that is gone
/// (whose identity a new window may then have) must not take the new window's Escape.
@MainActor
@Suite("Menus belong to their window") struct MenuOverlayIdentityTests {
    /// Logs the presses that reach it ("controller true" for Escape, the menu press).
    typealias Controller = PressTests.Controller

    @Test func escapeIsNotTakenByAMenuNoLongerInTheWindow() {
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let c = Controller()
        w.rootViewController = c
        w.makeKeyAndVisible()
        let escape = Key(name: "Escape", usage: 0x29, character: "\u{1B}", modifiers: [])
        let overlay = MenuOverlay.show(UIMenu(children: [UIAction(title: "One") { _ in }]), in: w, anchor: .zero,
                                       preview: nil, dims: false)
        #expect(MenuOverlay.shown(in: w) === overlay)
        // The overlay leaves the window without closing (as when its window went away).
        overlay.removeFromSuperview()
        #expect(MenuOverlay.shown(in: w) == nil)
        w.handle(.keyDown(escape, isRepeat: false, time: 0))
        #expect(c.log == ["controller true"])
    }

    @Test func escapeClosesTheMenuOpenInTheWindow() {
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let c = Controller()
        w.rootViewController = c
        w.makeKeyAndVisible()
        MenuOverlay.show(UIMenu(children: [UIAction(title: "One") { _ in }]), in: w, anchor: .zero, preview: nil, dims: false)
        w.handle(.keyDown(Key(name: "Escape", usage: 0x29, character: "\u{1B}", modifiers: []), isRepeat: false, time: 0))
        #expect(c.log.isEmpty)
        #expect(MenuOverlay.shown(in: w) == nil)
    }
}
