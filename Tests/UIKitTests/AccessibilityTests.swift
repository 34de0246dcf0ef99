import Foundation
import Testing
import UIKit

@MainActor
@Suite(.serialized) struct AccessibilityTests {
    @Test func propertiesAreKeptWithUIKitsDefaults() {
        let window = UIWindow(screen: UIScreen(size: CGSize(width: 200, height: 100), scale: 2))
        let box = UIView(frame: CGRect(x: 10, y: 20, width: 50, height: 30))
        window.addSubview(box)
        #expect(!box.isAccessibilityElement)
        #expect(box.accessibilityLabel == nil && box.accessibilityTraits == .none)
        #expect(box.accessibilityFrame == CGRect(x: 10, y: 20, width: 50, height: 30))
        box.isAccessibilityElement = true
        box.accessibilityLabel = "Box"
        box.accessibilityHint = "Opens the box"
        box.accessibilityValue = "3 items"
        box.accessibilityTraits = [.button, .selected]
        box.accessibilityIdentifier = "box"
        #expect(box.isAccessibilityElement && box.accessibilityLabel == "Box" && box.accessibilityHint == "Opens the box")
        #expect(box.accessibilityValue == "3 items" && box.accessibilityIdentifier == "box")
        #expect(box.accessibilityTraits.contains(.selected) && box.accessibilityTraits.contains(.button))

        let label = UILabel()
        label.text = "Hello"
        #expect(label.isAccessibilityElement && label.accessibilityLabel == "Hello" && label.accessibilityTraits == .staticText)
        label.accessibilityLabel = "Greeting"
        #expect(label.accessibilityLabel == "Greeting")
        label.accessibilityLabel = nil
        #expect(label.accessibilityLabel == "Hello")

        let element = UIAccessibilityElement(accessibilityContainer: box)
        element.accessibilityFrameInContainerSpace = CGRect(x: 5, y: 5, width: 10, height: 10)
        element.accessibilityLabel = "Corner"
        box.accessibilityElements = [element]
        #expect((box.accessibilityElements?.first as? UIAccessibilityElement)?.accessibilityFrame == CGRect(x: 15, y: 25, width: 10, height: 10))
        #expect(element.isAccessibilityElement)
    }

    @Test func settingsPostTheirNotificationsAndBoldTextReachesTraitsAndFonts() {
        final class Seen: @unchecked Sendable {
            let lock = NSLock()
            var names: [Notification.Name] = []
            func add(_ n: Notification.Name) { lock.lock(); names.append(n); lock.unlock() }
        }
        let seen = Seen()
        let names = [UIAccessibility.boldTextStatusDidChangeNotification, UIAccessibility.reduceMotionStatusDidChangeNotification,
                     UIAccessibility.voiceOverStatusDidChangeNotification]
        let tokens = names.map { name in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { seen.add($0.name) }
        }
        defer { tokens.forEach(NotificationCenter.default.removeObserver) }
        #expect(!UIAccessibility.isBoldTextEnabled && !UIAccessibility.isReduceMotionEnabled && !UIAccessibility.isVoiceOverRunning)
        UIAccessibility.isReduceMotionEnabled = true
        UIAccessibility.isReduceMotionEnabled = true      // no change: no notification
        UIAccessibility.isVoiceOverRunning = true
        UIAccessibility.isReduceMotionEnabled = false
        UIAccessibility.isVoiceOverRunning = false
        // Bold Text is global (other suites run meanwhile): on for as short a time as possible.
        let screen = UIScreen(size: CGSize(width: 10, height: 10), scale: 1)
        UIAccessibility.isBoldTextEnabled = true
        let boldTraits = screen.traitCollection
        UIAccessibility.isBoldTextEnabled = false
        #expect(seen.names == [UIAccessibility.reduceMotionStatusDidChangeNotification, UIAccessibility.voiceOverStatusDidChangeNotification,
                               UIAccessibility.reduceMotionStatusDidChangeNotification, UIAccessibility.voiceOverStatusDidChangeNotification,
                               UIAccessibility.boldTextStatusDidChangeNotification, UIAccessibility.boldTextStatusDidChangeNotification])
        #expect(boldTraits.legibilityWeight == .bold)
        #expect(screen.traitCollection.legibilityWeight == .regular)
        let body = UIFont.preferredFont(forTextStyle: .body, compatibleWith: boldTraits)
        #expect(body.fontName == UIFont.systemFont(ofSize: 17, weight: .semibold).fontName)
    }
}
