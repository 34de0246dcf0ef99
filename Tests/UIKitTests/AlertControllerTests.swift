import CoreGraphics
import Foundation
import Testing
import UIKit

/// `UIAlertController` as iOS lays it out and runs it: the alert card in the middle of the
/// screen, its actions side by side or stacked, the action sheet's groups at the bottom, taps
/// that dismiss the alert and then run the handler, and the calls UIKit refuses.
@MainActor
@Suite("Alerts and action sheets")
struct AlertControllerTests {
    /// The label showing `text` under `view`, in window coordinates.
    static func frame(of text: String, in view: UIView) -> CGRect? {
        var stack: [UIView] = [view]
        while let v = stack.popLast() {
            if let l = v as? UILabel, l.text == text, !l.isHidden { return l.convert(l.bounds, to: nil) }
            stack.append(contentsOf: v.subviews)
        }
        return nil
    }

    static func label(_ text: String, in view: UIView) -> UILabel? {
        var stack: [UIView] = [view]
        while let v = stack.popLast() {
            if let l = v as? UILabel, l.text == text { return l }
            stack.append(contentsOf: v.subviews)
        }
        return nil
    }

    @Test func anAlertIsA270PointCardInTheMiddleWithTwoActionsSideBySide() throws {
        let root = UIViewController()
        let window = PresentationTests.phone(root: root)
        let alert = UIAlertController(title: "Delete this photo?", message: "It will be removed from all your devices.",
                                      preferredStyle: .alert)
        #expect(alert.modalPresentationStyle == .custom && alert.preferredStyle == .alert)
        alert.addAction(UIAlertAction(title: "Delete", style: .destructive))
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        root.present(alert, animated: false)
        window.layoutIfNeeded()
        #expect(alert.presentingViewController === root && root.view.window === window)
        let title = try #require(Self.frame(of: "Delete this photo?", in: alert.view))
        let message = try #require(Self.frame(of: "It will be removed from all your devices.", in: alert.view))
        let cancel = try #require(Self.frame(of: "Cancel", in: alert.view))
        let delete = try #require(Self.frame(of: "Delete", in: alert.view))
        // The card: 270 points wide, centred; the title on top, the message under it.
        #expect(abs(title.midX - 187.5) < 0.5 && title.minY < message.minY)
        #expect(title.width <= 270 - 32 && message.width <= 270 - 32)
        // Two short actions share a row: cancel on the left, each half the card, 44 points.
        #expect(cancel.midY == delete.midY && cancel.midX < 187.5 && delete.midX > 187.5)
        #expect(abs((delete.midX - cancel.midX) - 135) < 0.5)
        // Cancel is bold (no preferred action); destructive is red.
        let cancelLabel = try #require(Self.label("Cancel", in: alert.view))
        let deleteLabel = try #require(Self.label("Delete", in: alert.view))
        #expect(cancelLabel.font.fontDescriptor.symbolicTraits.contains(.traitBold) || cancelLabel.font.fontName.contains("Semibold"))
        #expect(deleteLabel.textColor == .systemRed)
        // The whole card is centred on the safe area's middle.
        let middle = (44 + (812 - 34)) / 2.0
        #expect(abs((title.minY - 20 + (cancel.midY + 22)) / 2 - middle) < 1)
    }

    @Test func threeActionsStackWithCancelLastAndThePreferredOneBold() throws {
        let root = UIViewController()
        let window = PresentationTests.phone(root: root)
        let alert = UIAlertController(title: "Save changes?", message: nil, preferredStyle: .alert)
        let cancel = UIAlertAction(title: "Cancel", style: .cancel)
        let save = UIAlertAction(title: "Save", style: .default)
        alert.addAction(cancel)
        alert.addAction(save)
        alert.addAction(UIAlertAction(title: "Discard", style: .destructive))
        alert.preferredAction = save
        root.present(alert, animated: false)
        window.layoutIfNeeded()
        let frames = try ["Save", "Discard", "Cancel"].map { try #require(Self.frame(of: $0, in: alert.view)) }
        #expect(frames[0].midY < frames[1].midY && frames[1].midY < frames[2].midY)
        #expect(abs(frames[1].midY - frames[0].midY - 44) < 0.5 && abs(frames[2].midY - frames[1].midY - 44) < 0.5)
        #expect(Self.label("Save", in: alert.view)?.font.fontName != Self.label("Cancel", in: alert.view)?.font.fontName)
        // A disabled action is grey and does nothing.
        save.isEnabled = false
        window.layoutIfNeeded()
        #expect(Self.label("Save", in: alert.view)?.textColor == .tertiaryLabel)
    }

    @Test func aTapDismissesTheAlertThenRunsTheHandler() throws {
        let root = UIViewController()
        let window = PresentationTests.phone(root: root)
        var log: [String] = []
        let alert = UIAlertController(title: "Sign out?", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { action in
            log.append("handler \(action.title ?? "") presented=\(root.presentedViewController != nil)")
        })
        alert.addAction(UIAlertAction(title: "Sign Out", style: .destructive))
        root.present(alert, animated: true) { log.append("shown") }
        window.advance(to: 0.5)
        #expect(log == ["shown"])
        let cancel = try #require(Self.frame(of: "Cancel", in: alert.view))
        window.tap(at: CGPoint(x: cancel.midX, y: cancel.midY))
        #expect(alert.isBeingDismissed && log == ["shown"])
        window.advance(to: 1.5)
        #expect(log == ["shown", "handler Cancel presented=false"] && alert.view.window == nil)
    }

    @Test func anActionSheetRisesFromTheBottomWithCancelApart() throws {
        let root = UIViewController()
        let window = PresentationTests.phone(root: root)
        let sheet = UIAlertController(title: "Share", message: "Choose where to send it", preferredStyle: .actionSheet)
        var cancelled = 0
        sheet.addAction(UIAlertAction(title: "Messages", style: .default))
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in cancelled += 1 })
        sheet.addAction(UIAlertAction(title: "Mail", style: .default))
        root.present(sheet, animated: false)
        window.layoutIfNeeded()
        let messages = try #require(Self.frame(of: "Messages", in: sheet.view))
        let mail = try #require(Self.frame(of: "Mail", in: sheet.view))
        let cancel = try #require(Self.frame(of: "Cancel", in: sheet.view))
        // Rows of 57 points; the cancel group 8 points below, resting on the safe area.
        #expect(abs(mail.midY - messages.midY - 57) < 0.5)
        #expect(abs(cancel.midY - (812 - 34 - 57.0 / 2)) < 0.5)
        #expect(abs(cancel.midY - mail.midY - (57 + 8)) < 0.5)
        #expect(Self.label("Cancel", in: sheet.view)?.font.pointSize == 20)
        let title = try #require(Self.label("Share", in: sheet.view))
        #expect(title.font.pointSize == 13 && title.textColor == .secondaryLabel)
        // A tap outside cancels.
        window.tap(at: CGPoint(x: 187, y: 100))
        #expect(cancelled == 0 && sheet.isBeingDismissed)
        window.advance(to: 1)
        #expect(cancelled == 1 && root.presentedViewController == nil)
    }

    @Test func textFieldsAndRefusedCalls() throws {
        let alert = UIAlertController(title: "Log in", message: nil, preferredStyle: .alert)
        #expect(alert.textFields == nil)
        alert.addTextField { $0.placeholder = "Name" }
        alert.addTextField { $0.isSecureTextEntry = true }
        #expect(alert.textFields?.count == 2 && alert.textFields?.first?.placeholder == "Name")
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        var (_, diagnostics) = LaminaDiagnostics.collecting { alert.addAction(UIAlertAction(title: "Other cancel", style: .cancel)) }
        #expect(alert.actions.count == 1 && diagnostics.count == 1)
        (_, diagnostics) = LaminaDiagnostics.collecting { alert.preferredAction = UIAlertAction(title: "Stranger", style: .default) }
        #expect(alert.preferredAction == nil && diagnostics.count == 1)
        let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        (_, diagnostics) = LaminaDiagnostics.collecting { sheet.addTextField() }
        #expect(sheet.textFields == nil && diagnostics.count == 1)
        // An alert without actions, title or message lays out without trouble.
        let root = UIViewController()
        let window = PresentationTests.phone(root: root)
        let empty = UIAlertController(title: nil, message: nil, preferredStyle: .alert)
        root.present(empty, animated: false)
        window.layoutIfNeeded()
        #expect(root.presentedViewController === empty && window.render() != nil)
    }

    @Test func theDeviceIsASimulatedIPhone() {
        let device = UIDevice.current
        #expect(device.systemName == "iOS" && device.model == "iPhone" && device.userInterfaceIdiom == .phone)
        #expect(device.orientation == .portrait && device.orientation.isPortrait)
        let heard = Counter()
        let token = NotificationCenter.default.addObserver(forName: UIDevice.orientationDidChangeNotification, object: nil, queue: nil) { _ in heard.add() }
        defer { NotificationCenter.default.removeObserver(token) }
        device.orientation = .landscapeLeft
        #expect(heard.value == 0)
        device.beginGeneratingDeviceOrientationNotifications()
        device.orientation = .landscapeRight
        device.endGeneratingDeviceOrientationNotifications()
        #expect(heard.value == 1 && device.orientation.isLandscape)
        let saved = device.systemVersion
        device.systemVersion = "16.4"
        #expect(UIDevice.current.systemVersion == "16.4")
        device.systemVersion = saved
        device.orientation = .portrait
    }
}

/// A count notifications may bump from any thread.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add() { lock.lock(); n += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
}
